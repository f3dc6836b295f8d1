"""ISMCTS iterations/s on fixed positions, and a fingerprint of the moves chosen there.

    .venv/bin/python bench/bench_search.py                          # every game, the default search
    .venv/bin/python bench/bench_search.py --game aliens --reps 5 --spec ismcts:iters=400

For a change meant to make the engine or the search faster without changing what it does: run this
before and after (e.g. the old commit from a `git worktree`, with `PYTHONPATH=../old/src`). The same
`choices` fingerprint means the same move at every position (searches are deterministic under a
seed), so only the speed changed. The speed is the best of `--reps` runs in CPU time: on a shared
machine the best run is the least disturbed one, and runs of the same code still differ by about 10%,
so alternate the two versions a few times before believing a gain under that. Figures are printed,
never asserted.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

import cardarena
from cardarena.agents import make_agent
from cardarena.core.engine import State


def positions(game_id: str, count: int = 12, seed: int = 7) -> list[State]:
    """Mid-game positions of random play (15 to 70 decisions in), each at a choice of two or more options."""
    game = cardarena.load_game(game_id)
    rng = random.Random(seed)
    out = []
    for i in range(count):
        st = game.new_game(seed=100 + i)
        for _ in range(rng.randrange(15, 70)):
            if st.decision is None:
                break
            st.apply(rng.choice(st.decision.options).id)
        while st.decision is not None and len(st.decision.options) == 1:
            st.apply(st.decision.options[0].id)
        if st.decision is not None:
            out.append(st)
    return out


def measure(game_id: str, spec: str, reps: int) -> tuple[float, int, str]:
    """(best iterations/s, iterations per run, fingerprint of the chosen options)."""
    pos = positions(game_id)
    best = 0.0
    iters = 0
    fingerprint = ""
    for _ in range(reps):
        agent = make_agent(spec, seed=3)
        chosen = []
        iters = 0
        t = time.process_time()
        for st in pos:
            d = st.decision
            assert d is not None
            chosen.append(agent.choose(st.view(d.seat), d, st))
            iters += agent.last_iterations  # type: ignore[attr-defined]
        best = max(best, iters / (time.process_time() - t))
        fingerprint = hashlib.sha1(repr(chosen).encode()).hexdigest()[:10]
    return best, iters, fingerprint


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", help="only these games (default: all)")
    ap.add_argument("--spec", default="ismcts:iters=200", help="the search (default: %(default)s)")
    ap.add_argument("--reps", type=int, default=3, help="runs per game; the best is printed (default: %(default)s)")
    a = ap.parse_args()
    for game_id in a.game or cardarena.game_ids():
        rate, iters, fingerprint = measure(game_id, a.spec, a.reps)
        print(f"{game_id:10} {rate:8.0f} iterations/s  ({iters} iterations, best of {a.reps})  choices {fingerprint}")


if __name__ == "__main__":
    main()
