"""The acceptance contest of issue 10: a round robin of random, greedy, ISMCTS(200), ISMCTS(1000) and
the two example external bots (examples/bots/: the Python rule-of-thumb bot and the JavaScript random
bot, which needs `node`), run with the `cardarena contest` commands, then its report.

    .venv/bin/python bench/bench_contest.py --games-per-pairing 10 --game aliens --workers 2
    .venv/bin/python bench/bench_contest.py -k 4 --seed 1 --game circuits --db sqlite:////tmp/cup.db

Each command is printed before it runs, so the recipe can be typed by hand too. The contest is
stored in a fresh SQLite file in a temporary folder unless --db is given (then the contest is named
after the game and K, and a second run resumes it). Figures are printed, never asserted; the slow test
tests/arena/test_strength.py asserts the order on K = 4, seed 1. Cost: ISMCTS(1000) plays 5 * K games
and dominates the time; K = 4 on aliens took 250 s with one worker on a loaded two-core machine.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: the six entrants, strongest expected first; the bots' paths are relative to the repository root
ENTRIES = [
    "ismcts:iters=1000",
    "ismcts:iters=200",
    "greedy",
    'cmd:"python3 examples/bots/heuristic_bot.py"',
    "random",
    'cmd:"node examples/bots/random_bot.js"',
]


def cardarena(*args: str) -> None:
    exe = Path(sys.executable).with_name("cardarena")
    cmd = [str(exe) if exe.exists() else "cardarena", *args]
    print("$ " + shlex.join(["cardarena", *args]), flush=True)
    subprocess.run(cmd, cwd=ROOT, check=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-k", "--games-per-pairing", type=int, default=10, help="games per pairing (even)")
    ap.add_argument("--game", default="aliens")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--db", help="database URL (default: a new SQLite file in a temporary folder)")
    ap.add_argument("--seed", type=int, help="contest seed (default: derived from the contest's name)")
    ap.add_argument("--time-control", help="PER_DECISION+BANK[+STARTUP] for every game (default: none)")
    ap.add_argument("--plot", help="also draw the report as a PNG at this path")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="cardarena-contest-") as tmp:
        db = a.db or f"sqlite:///{Path(tmp) / 'contest.db'}"
        name = f"acceptance-{a.game}-k{a.games_per_pairing}"
        entries = [x for e in ENTRIES for x in ("--entry", e)]
        clocks = ["--time-control", a.time_control] if a.time_control else []
        clocks += ["--seed", str(a.seed)] if a.seed is not None else []
        started = time.monotonic()
        try:
            cardarena("contest", "--db", db, "new", name, "--game", a.game,
                      "--games-per-pairing", str(a.games_per_pairing), *clocks, *entries)
        except subprocess.CalledProcessError:
            if not a.db:
                raise
            print(f"(contest {name} exists in {db}: resuming it)", flush=True)
        cardarena("contest", "--db", db, "run", name, "--workers", str(a.workers), "-q")
        cardarena("contest", "--db", db, "report", name, *(["--plot", str(Path(a.plot).resolve())] if a.plot else []))
        print(f"{time.monotonic() - started:.0f} s with {a.workers} worker(s)")


if __name__ == "__main__":
    main()
