"""Ray gives the same rows as local processes for the same seeds (a local Ray on 2 CPUs, started and
stopped here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardarena.sim.rows import comparable, read_rows
from cardarena.sim.runner import Plan, run

ray = pytest.importorskip("ray", reason="the ray extra is not installed (pip install 'cardarena[ray]')")


def test_ray_rows_equal_process_rows(tmp_path: Path) -> None:
    plan = Plan(game="circuits", players=["random", "random"], games=4, seed=11,
                decks=["forgeblade", "lumen_warden"], variants=[{"overtime_start": 11}])
    run(plan, tmp_path / "processes", backend="processes", workers=2)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        stats = run(plan, tmp_path / "ray", backend="ray", workers=2)
    finally:
        ray.shutdown()
    assert stats.done == 8 and not stats.stopped
    a = [comparable(r) for r in read_rows(tmp_path / "processes")]
    b = [comparable(r) for r in read_rows(tmp_path / "ray")]
    assert len(a) == 8 and a == b
