"""Automaton strength: head-to-head win rates per game, seats alternating, decks rotating.

    .venv/bin/python bench/bench_agents.py greedy random --games 200
    .venv/bin/python bench/bench_agents.py ismcts:iters=1000 greedy --games 200 --jobs 2
    .venv/bin/python bench/bench_agents.py --done-when --games 200    # the three figures of issue 10
    .venv/bin/python bench/bench_agents.py ismcts:iters=400 ismcts:iters=50 --game aliens --out a.jsonl
    .venv/bin/python bench/bench_agents.py see-all:ismcts:iters=400 ismcts:iters=50 --game circuits   # a ceiling
    .venv/bin/python bench/bench_agents.py ismcts:iters=400 ismcts:iters=50 --game circuits --decks mirror
    .venv/bin/python bench/bench_agents.py ismcts:iters=1000 greedy --game circuits --format limited  # Sealed decks

Decks: by default games 2k and 2k+1 give the two seats a pair of different starters, A taking each
of them once, the pairs rotating over all starters; `--decks mirror` gives both seats the same
starter (game 2k's), so no matchup between starters weighs on the figure.

A draw counts half; the bracket is the Wilson 95% interval of the win rate (draws as half a win).
Figures are printed, never asserted (timing and strength belong in reports). A progress bar on
stderr counts the games; `--out FILE` appends one JSON line per game as it ends (game index, A's score, decisions),
so that two settings run on the same `--first`/`--games` can be compared game by game (paired):
`bench/runs.py A.jsonl B.jsonl` prints both figures and the paired count.
A spec prefixed `see-all:`, `see-hands:` or `see-lists:` is a search told the hidden cards (or lists), an upper bound for
experiments that no arena automaton may be (bench/ceiling.py).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ceiling import make_bench_agent
from rich.console import Console
from rich.progress import track

import cardarena
from cardarena.core.match import play_game
from cardarena.sim.stats import wilson

#: the progress bar goes to stderr, so the figures on stdout stay clean when piped to a file
BAR = Console(stderr=True)


def one_game(args: tuple[str, str, str, int, bool, str | None]) -> tuple[float, int, float, float]:
    """(score of A, decisions, seconds A spent, seconds B spent) of game i, A in seat i % 2."""
    game_id, spec_a, spec_b, i, mirror, fmt = args
    game = cardarena.load_game(game_id)
    # starters of the format only (a circuits Squad starter never meets a Duel one)
    fmt = fmt or getattr(game, "default_format", None)
    starters = sorted(n for n, d in game.starter_decks().items() if getattr(d, "format", None) in (None, fmt))
    seat_a = i % 2
    k = i // 2
    decks: list[Any]
    if starters:
        decks = [starters[k % len(starters)], starters[(k + 1 + k // len(starters)) % len(starters)]]
    else:  # a format without starters (circuits Limited): two stand-in decks, the same for games 2k and 2k+1
        decks = game.fill_decks([None, None], fmt, 1_000_000 + 3 * k)
    if mirror:
        decks[1] = decks[0]
    a = make_bench_agent(spec_a, seed=1000 + i)
    b = make_bench_agent(spec_b, seed=2000 + i)
    agents = [a, b] if seat_a == 0 else [b, a]
    st = game.new_game(decks=decks, seed=i, fmt=fmt)
    rep = play_game(st, agents)
    r = st.result
    if r is None:
        raise RuntimeError(f"{game_id} game {i}: {rep.engine_error}")
    if rep.fault_seat is not None:
        raise RuntimeError(f"{game_id} game {i}: seat {rep.fault_seat} failed: {rep.reason}")
    score = 0.5 if not r.winners else (1.0 if seat_a in r.winners else 0.0)
    return score, rep.decisions, rep.seconds[seat_a], rep.seconds[1 - seat_a]


def head_to_head(game_id: str, spec_a: str, spec_b: str, games: int, jobs: int, first: int = 0,
                 out: str | None = None, mirror: bool = False, fmt: str | None = None) -> None:
    t = time.perf_counter()
    work = [(game_id, spec_a, spec_b, i, mirror, fmt) for i in range(first, first + games)]
    pairing = f"{spec_a} vs {spec_b}" + (" (mirror)" if mirror else "") + (f" [{fmt}]" if fmt else "")
    label = f"{game_id} {pairing}"
    rows: list[tuple[float, int, float, float]] = []
    # each game's line is written as soon as it is in (in game order), so a long run stopped half-way
    # keeps what it played and `wc -l` shows how far it is when the bar is not on a terminal
    with contextlib.ExitStack() as stack:
        f = stack.enter_context(open(out, "a", encoding="utf-8")) if out else None
        if jobs > 1:
            results: Iterable[tuple[float, int, float, float]] = stack.enter_context(ProcessPoolExecutor(jobs)).map(
                one_game, work)
        else:
            results = map(one_game, work)
        for (_, a, b, i, _, _), r in zip(work, track(results, total=games, description=label, transient=True, console=BAR),
                                   strict=True):
            rows.append(r)
            if f is not None:
                f.write(json.dumps({"game": game_id, "a": a, "b": b, "index": i, "score": r[0], "decisions": r[1],
                                    **({"decks": "mirror"} if mirror else {}), **({"format": fmt} if fmt else {})}) + "\n")
                f.flush()
    score = sum(r[0] for r in rows)
    secs_a = sum(r[2] for r in rows)
    lo, hi = wilson(round(score), games)
    print(f"{game_id:10} {pairing}: {score:g}/{games} = {score / games:.0%} [{lo:.0%}, {hi:.0%}]  "
          f"({sum(r[1] for r in rows) / games:.0f} decisions/game, A thinks {secs_a / games:.2f} s/game, "
          f"{time.perf_counter() - t:.0f} s)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", nargs="?", default="greedy")
    ap.add_argument("b", nargs="?", default="random")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--first", type=int, default=0,
                    help="index of the first game (seeds and decks follow it): a fresh sample after --games N")
    ap.add_argument("--game", action="append", help="only these games (default: all)")
    ap.add_argument("--out", help="append one JSON line per game to this file (for paired comparisons)")
    ap.add_argument("--decks", choices=["pairs", "mirror"], default="pairs",
                    help="pairs: two different starters, each played by A once (default); mirror: the same starter on both seats")
    ap.add_argument("--format", dest="fmt", help="a format other than the game's default (e.g. circuits squad or "
                    "limited); a format without starters plays stand-in decks (circuits Limited: Sealed pools)")
    ap.add_argument("--done-when", action="store_true",
                    help="greedy vs random, ismcts:iters=1000 vs greedy, ismcts:iters=400 vs ismcts:iters=50")
    a = ap.parse_args()
    pairs = ([("greedy", "random"), ("ismcts:iters=1000", "greedy"), ("ismcts:iters=400", "ismcts:iters=50")]
             if a.done_when else [(a.a, a.b)])
    for spec_a, spec_b in pairs:
        for game_id in a.game or cardarena.game_ids():
            head_to_head(game_id, spec_a, spec_b, a.games, a.jobs, a.first, a.out, a.decks == "mirror", a.fmt)


if __name__ == "__main__":
    main()
