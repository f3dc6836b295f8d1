"""How often searches of different budgets choose the same move, on positions of greedy self-play.

    .venv/bin/python bench/bench_agreement.py --game circuits                      # 50, 400 and 3200 iterations
    .venv/bin/python bench/bench_agreement.py --game frontline --budgets 200,1000 --positions 60
    .venv/bin/python bench/bench_agreement.py --game circuits --spec ismcts:c=0.35  # another setting

Each budget searches every position twice, with two seeds, and the largest budget once more with a
third seed as the reference. Two searches of the same budget that often disagree are still
noise-dominated at that budget; a small budget that agrees with the reference about as often as a
larger one does gains nothing from the larger one's iterations. This says where a search's choices
stop changing, not whether the changes win games (bench/bench_agents.py measures that).

Positions: for game k (seeds from `--seed`), greedy plays both seats up to a random number of real
decisions (10 to 120; decisions with one option are not counted) and the position with a choice
there is kept; games that end first give none. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import cardarena
from cardarena.agents import make_agent, parse_spec
from cardarena.core.engine import State
from cardarena.core.errors import CardArenaError


def positions(game_id: str, games: int, seed: int) -> list[State]:
    """Positions at a choice of two or more options, from greedy self-play (one per game at most)."""
    game = cardarena.load_game(game_id)
    rng = random.Random(seed)
    out = []
    for g in range(games):
        st = game.new_game(seed=seed + g)
        seats = [make_agent("greedy", seed=seed + g), make_agent("greedy", seed=seed + g + 1000)]
        stop = rng.randrange(10, 121)
        real = 0
        while st.decision is not None:
            d = st.decision
            if len(d.options) > 1:
                real += 1
                if real == stop:
                    out.append(st.clone())
                    break
            st.apply(seats[d.seat].choose(st.view(d.seat), d, st))
    return out


def spec_for(base: str, iters: int) -> str:
    """`base` (an ismcts spec, maybe with settings) with `iters` iterations in place of its own."""
    name, params = parse_spec(base)
    params.pop("iters", None)
    params.pop("iterations", None)
    return f"{name}:" + ",".join([f"iters={iters}", *(f"{k}={v}" for k, v in params.items())])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="circuits")
    ap.add_argument("--budgets", default="50,400,3200", help="iteration counts, comma-separated")
    ap.add_argument("--spec", default="ismcts", help="the search and its settings, without iters")
    ap.add_argument("--positions", type=int, default=40, help="self-play games to take a position from")
    ap.add_argument("--seed", type=int, default=500)
    args = ap.parse_args()
    try:
        budgets = sorted({int(b) for b in args.budgets.split(",")})
    except ValueError:
        sys.exit(f"--budgets: expected whole numbers separated by commas, got {args.budgets!r}")
    if not budgets or budgets[0] < 1:
        sys.exit("--budgets: give at least one iteration count of 1 or more")
    try:  # an unknown game or agent, or a bad setting, fails here with its own message
        cardarena.load_game(args.game)
        make_agent(spec_for(args.spec, budgets[0]))
    except (CardArenaError, ValueError, LookupError) as e:
        sys.exit(f"bench_agreement: {e}")
    pos = positions(args.game, args.positions, args.seed)
    print(f"{args.game}: {len(pos)} positions of greedy self-play", flush=True)
    if not pos:
        return
    chosen: dict[tuple[int, int], list[str]] = {}
    t0 = time.perf_counter()
    for b in budgets:
        spec = spec_for(args.spec, b)
        for run in (1, 2) if b != budgets[-1] else (1, 2, 3):
            picks = []
            for st in pos:
                d = st.decision
                assert d is not None
                agent = make_agent(spec, seed=run)  # a fresh search per position: none depends on the order
                picks.append(agent.choose(st.view(d.seat), d, st))
            chosen[(b, run)] = picks
        print(f"  {b} iterations done ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)

    def agree(x: tuple[int, int], y: tuple[int, int]) -> str:
        same = sum(a == b for a, b in zip(chosen[x], chosen[y], strict=True))
        return f"{same}/{len(pos)} = {100 * same / len(pos):.0f}%"

    ref = (budgets[-1], 3)
    print("budget   two seeds agree   each seed with the reference "
          f"({budgets[-1]} iterations, a third seed)")
    for b in budgets:
        print(f"{b:>6}   {agree((b, 1), (b, 2)):>15}   {agree((b, 1), ref)}, {agree((b, 2), ref)}")


if __name__ == "__main__":
    main()
