"""The balance lab's scaling figures (issue 11): random-vs-random games/s on 1 and 2 process workers,
and on a local Ray with the same CPUs, plus a check that every backend gave identical rows.

    .venv/bin/python bench/bench_sim.py --games 2000                # processes 1 and 2 workers, Ray 2
    .venv/bin/python bench/bench_sim.py --games 2000 --no-ray

Figures are printed, never asserted. On a machine shared with other work, run it under `nice` and
read the CPU seconds per game next to the wall-clock games/s: contention lowers the speed-up.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import tempfile
import time
from pathlib import Path

from cardarena.sim.rows import comparable, read_rows
from cardarena.sim.runner import Plan, run


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _own_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def measure(plan: Plan, backend: str, workers: int, root: Path) -> tuple[float, float, list[dict[str, object]]]:
    out = root / f"{backend}-{workers}"
    shutil.rmtree(out, ignore_errors=True)
    cpu0, own0 = _children_cpu(), _own_cpu()
    t0 = time.perf_counter()
    stats = run(plan, out, backend=backend, workers=workers)
    wall = time.perf_counter() - t0
    cpu = _children_cpu() - cpu0
    own = _own_cpu() - own0
    rows = [comparable(r) for r in read_rows(out)]
    assert stats.done == len(rows)
    print(f"{backend:9s} {workers} worker(s): {len(rows)} games in {wall:6.1f} s = {len(rows) / wall:6.1f} games/s"
          + (f"; worker CPU {cpu / len(rows) * 1000:.1f} ms/game" if backend == "processes" else "")
          + f"; parent CPU {own:.1f} s")
    return wall, len(rows) / wall, rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default="circuits")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--no-ray", action="store_true")
    a = ap.parse_args()
    plan = Plan(game=a.game, players=["random", "random"], games=a.games, seed=0)
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        _, one, rows1 = measure(plan, "processes", 1, root)
        _, two, rows2 = measure(plan, "processes", 2, root)
        print(f"speed-up of 2 workers over 1: {two / one:.2f}x; rows identical: {rows1 == rows2}")
        if not a.no_ray:
            import ray

            t0 = time.perf_counter()
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
            print(f"ray.init (local, 2 CPUs) took {time.perf_counter() - t0:.1f} s (not counted below)")
            try:
                _, ray2, rows3 = measure(plan, "ray", 2, root)
            finally:
                ray.shutdown()
            print(f"ray / processes on 2 workers: {ray2 / two:.2f}; rows identical: {rows3 == rows2}")


if __name__ == "__main__":
    main()
