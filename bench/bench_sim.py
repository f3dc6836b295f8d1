"""The balance lab's scaling figures (issue 11): random-vs-random games/s on 1 and 2 process workers,
and on a local Ray with the same CPUs, plus a check that every backend gave identical rows.

    .venv/bin/python bench/bench_sim.py --games 2000                # processes 1 and 2 workers, Ray 2
    .venv/bin/python bench/bench_sim.py --games 2000 --repeat 2     # best of 2, configurations interleaved
    .venv/bin/python bench/bench_sim.py --games 2000 --no-ray

Figures are printed, never asserted. On a machine shared with other work, run it under `nice`, use
--repeat (the best run of each configuration is the least disturbed one) and read the CPU seconds per
game next to the wall-clock games/s: contention, not the runner, then sets the speed-up.
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


def _cpu(who: int) -> float:
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


def measure(plan: Plan, backend: str, workers: int, root: Path) -> tuple[float, list[dict[str, object]]]:
    """One run: prints and returns its games/s and its rows (without timings)."""
    out = root / f"{backend}-{workers}-{plan.seed}"
    shutil.rmtree(out, ignore_errors=True)
    kids0, own0 = _cpu(resource.RUSAGE_CHILDREN), _cpu(resource.RUSAGE_SELF)
    t0 = time.perf_counter()
    stats = run(plan, out, backend=backend, workers=workers)
    wall = time.perf_counter() - t0
    kids, own = _cpu(resource.RUSAGE_CHILDREN) - kids0, _cpu(resource.RUSAGE_SELF) - own0
    rows = [comparable(r) for r in read_rows(out)]
    assert stats.done == len(rows)
    print(f"  {backend:9s} {workers} worker(s): {len(rows)} games in {wall:5.1f} s = {len(rows) / wall:6.1f} games/s"
          + (f"; worker CPU {kids / len(rows) * 1000:.1f} ms/game" if backend == "processes" else "")
          + f"; parent CPU {own:.1f} s", flush=True)
    return len(rows) / wall, rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default="circuits")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--no-ray", action="store_true")
    a = ap.parse_args()
    plan = Plan(game=a.game, players=["random", "random"], games=a.games, seed=0)
    configs = [("processes", 1), ("processes", 2)] + ([] if a.no_ray else [("ray", 2)])
    best: dict[tuple[str, int], float] = {}
    rows: dict[tuple[str, int], list[dict[str, object]]] = {}
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        if not a.no_ray:
            import ray

            t0 = time.perf_counter()
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
            print(f"ray.init (local, 2 CPUs) took {time.perf_counter() - t0:.1f} s (not counted below)")
            print("Ray warm-up (its workers start, import cardarena and load the game):")
            measure(Plan(game=a.game, players=["random", "random"], games=200, seed=10**6), "ray", 2, root)
        try:
            for i in range(a.repeat):
                print(f"run {i + 1}:")
                for cfg in configs:
                    speed, rows[cfg] = measure(plan, cfg[0], cfg[1], root)
                    best[cfg] = max(best.get(cfg, 0.0), speed)
        finally:
            if not a.no_ray:
                ray.shutdown()
    one, two = best[("processes", 1)], best[("processes", 2)]
    same = all(r == rows[("processes", 1)] for r in rows.values())
    print(f"best of {a.repeat}: processes 1 worker {one:.1f} games/s, 2 workers {two:.1f} games/s: "
          f"speed-up {two / one:.2f}x")
    if not a.no_ray:
        print(f"best of {a.repeat}: ray 2 workers {best[('ray', 2)]:.1f} games/s = {best[('ray', 2)] / two:.2f} of processes")
    print(f"rows identical on every backend and worker count: {same}")


if __name__ == "__main__":
    main()
