"""Engine benchmarks: random games/s, decisions/s, clone() µs, greedy decisions/s, ISMCTS iterations/s, ISMCTS strength.

    .venv/bin/python bench/bench_engine.py                 # speed figures for every game
    .venv/bin/python bench/bench_engine.py --strength 100  # + ISMCTS(200 iterations) vs random, 100 games

Figures are printed, never asserted: timing thresholds belong in reports, not tests. Greedy and
ISMCTS rates are per second of CPU time of this process (fair on a shared machine).
Run on one core (the processes of --strength use all cores, each game on one).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import cardarena
from cardarena.agents import make_agent
from cardarena.core.engine import State
from cardarena.core.match import play


def starters_of(game: object, fmt: str | None) -> list[str]:
    """Starter names that can meet in one game: those of `fmt`, or (None) of the game's own format
    (a circuits Squad starter never meets a Duel one)."""
    decks = game.starter_decks()  # type: ignore[attr-defined]
    want = fmt or game.default_format  # type: ignore[attr-defined]
    same = sorted(n for n, d in decks.items() if (d.format or want) == want or (fmt is None and d.format != "squad"))
    return same or sorted(decks)


def random_play(game_id: str, games: int, record: bool, fmt: str | None = None) -> tuple[float, float]:
    game = cardarena.load_game(game_id)
    starters = starters_of(game, fmt)
    rng = random.Random(1)
    decisions = 0
    t = time.perf_counter()
    for i in range(games):
        st = game.new_game(decks=[starters[i % len(starters)], starters[(i + 1) % len(starters)]], seed=i, fmt=fmt)
        st.record = record
        while st.decision is not None:
            opts = st.decision.options
            st.apply(opts[rng.randrange(len(opts))].id)
            decisions += 1
    dt = time.perf_counter() - t
    return games / dt, decisions / dt


def clone_us(game_id: str, samples: int = 20_000, fmt: str | None = None) -> float:
    """Median cost of clone() over states taken from the middle of random games."""
    game = cardarena.load_game(game_id)
    rng = random.Random(2)
    states = []
    for i in range(20):
        st = game.new_game(seed=100 + i, fmt=fmt)
        for _ in range(40):
            if st.decision is None:
                break
            st.apply(rng.choice(st.decision.options).id)
        states.append(st)
    per = []
    for st in states:
        n = samples // len(states)
        t = time.perf_counter()
        for _ in range(n):
            st.clone()
        per.append((time.perf_counter() - t) / n * 1e6)
    return statistics.median(per)


def greedy_decisions(game_id: str, games: int = 10) -> float:
    """Decisions per second greedy answers, over the positions of whole games against random.

    The games are played first and greedy's positions kept; then a fresh greedy answers them all
    under one CPU clock. Reading a CPU clock around each answer is not free: on a virtual machine
    with every core busy, one read took up to a millisecond (against microseconds on the same machine
    at rest), a quarter of a greedy answer."""
    game = cardarena.load_game(game_id)
    kept: list[tuple[int, State]] = []
    for i in range(games):
        agent = make_agent("greedy", seed=i)
        other = make_agent("random", seed=i)
        st = game.new_game(seed=i)
        while st.decision is not None:
            d = st.decision
            if d.seat == i % 2:
                kept.append((i, st.clone()))
                choice = agent.choose(st.view(d.seat), d, st)
            else:
                choice = other.choose(st.view(d.seat), d, st)
            st.apply(choice, seq=d.seq)
    agents = [make_agent("greedy", seed=i) for i in range(games)]
    t = time.process_time()
    for i, pos in kept:
        assert pos.decision is not None
        agents[i].choose(pos.view(pos.decision.seat), pos.decision, pos)
    return len(kept) / (time.process_time() - t)


#: the search of the first ISMCTS figures (before MAST rollouts and widening became game defaults):
#: random rollouts of 5 decisions, every option of a node tried once; what an iteration costs the engine
PLAIN = "ismcts:iters=200,mast=0,depth=5,pw=0"


def ismcts_iterations(game_id: str, decisions: int = 30, fmt: str | None = None, spec: str = "ismcts:iters=200") -> float:
    """ISMCTS iterations per CPU second over `decisions` mid-game searches (default settings unless `spec`)."""
    game = cardarena.load_game(game_id)
    agent = make_agent(spec, seed=3)
    rng = random.Random(4)
    st = game.new_game(seed=5, fmt=fmt)
    iters = 0
    t = time.process_time()
    done = 0
    while st.decision is not None and done < decisions:
        d = st.decision
        if len(d.options) > 1:
            choice = agent.choose(st.view(d.seat), d, st)
            iters += agent.last_iterations  # type: ignore[attr-defined]
            done += 1
        else:
            choice = d.options[0].id
        st.apply(choice if rng.random() < 0.5 else rng.choice(d.options).id)
    return iters / (time.process_time() - t)


def _one_strength_game(args: tuple[str, int, int, str | None]) -> int:
    game_id, i, iters, fmt = args
    game = cardarena.load_game(game_id)
    starters = starters_of(game, fmt)
    seat = i % 2  # seats alternate
    agents = [make_agent("random", seed=i), make_agent("random", seed=i)]
    agents[seat] = make_agent(f"ismcts:iters={iters}", seed=i)
    st = game.new_game(decks=[starters[i % len(starters)], starters[(i // 2 + 1) % len(starters)]], seed=i, fmt=fmt)
    play(st, agents)
    assert st.result is not None
    return 1 if st.result.winner == seat else 0


def strength(game_id: str, games: int, iters: int, fmt: str | None = None) -> float:
    with ProcessPoolExecutor() as ex:
        wins = sum(ex.map(_one_strength_game, [(game_id, i, iters, fmt) for i in range(games)]))
    return wins / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=300, help="random games for the speed figures")
    ap.add_argument("--strength", type=int, default=0, help="ISMCTS vs random games (0: skip)")
    ap.add_argument("--iters", type=int, default=200, help="ISMCTS iterations per decision for --strength")
    ap.add_argument("--game", action="append", help="only these games (default: all)")
    ap.add_argument("--format", dest="fmt", help="one format of the game(s), e.g. --game circuits --format squad")
    a = ap.parse_args()
    fmt = a.fmt
    for game_id in a.game or cardarena.game_ids():
        print(f"== {game_id}" + (f" ({fmt})" if fmt else ""))
        gps, dps = random_play(game_id, a.games, record=False, fmt=fmt)
        print(f"random play, log off : {gps:8.1f} games/s  {dps:9.0f} decisions/s")
        gps, dps = random_play(game_id, a.games, record=True, fmt=fmt)
        print(f"random play, log on  : {gps:8.1f} games/s  {dps:9.0f} decisions/s")
        print(f"clone()              : {clone_us(game_id, fmt=fmt):8.2f} µs (median)")
        print(f"greedy               : {greedy_decisions(game_id):8.0f} decisions/s")
        print(f"ISMCTS               : {ismcts_iterations(game_id, fmt=fmt):8.0f} iterations/s (mid-game, default settings)")
        print(f"ISMCTS, plain        : {ismcts_iterations(game_id, fmt=fmt, spec=PLAIN):8.0f} iterations/s "
              "(5 random rollout decisions, no widening: the engine's share)")
        if a.strength:
            t = time.perf_counter()
            rate = strength(game_id, a.strength, a.iters, fmt)
            print(f"ISMCTS({a.iters}) vs random: wins {rate:.0%} of {a.strength} games, seats alternating "
                  f"({time.perf_counter() - t:.0f} s)")


if __name__ == "__main__":
    main()
