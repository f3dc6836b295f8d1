"""The arena survives every bot: play many games against faulty bots and watch the arena's memory,
its open files, leftover processes and zombies (docs/protocol.md, "Faults").

    .venv/bin/python bench/bench_faults.py --games 200

Figures are printed; the script exits 1 if anything of a bot survived or the arena's memory grew
by more than --max-growth MiB between the first and the last quarter.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import cardarena
from cardarena.agents import make_agent
from cardarena.core.match import TimeControl, play_game

ROOT = Path(__file__).resolve().parents[1]
FAULTY = ROOT / "examples" / "bots" / "faulty" / "faulty_bot.py"
MODES = ["crash_start", "crash_mid", "exit_silent", "illegal", "malformed", "stale_seq", "huge_line",
         "stderr_flood", "fork_bomb", "memory_hog", "write_outside", "network", "slow"]


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1 << 20)


def zombies() -> int:
    n = 0
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if fields[0] == "Z" and int(fields[1]) == os.getpid():
                    n += 1
            except OSError:
                continue
    return n


def bot_processes() -> int:
    n = 0
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                if os.stat(f"/proc/{d}").st_uid >= 1_500_000_000:
                    n += 1
            except OSError:
                continue
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--max-growth", type=float, default=10.0)
    a = ap.parse_args()
    game = cardarena.load_game("aliens")
    tc = TimeControl(0.2, 0.4, 1.5)
    statuses: dict[str, int] = {}
    marks = []
    t = time.perf_counter()
    for i in range(a.games):
        mode = MODES[i % len(MODES)]
        arg = {"write_outside": "/tmp/cardarena-escape.txt", "network": "127.0.0.1:9"}.get(mode, "")
        spec = f'cmd:"python3 {FAULTY} {mode} {arg}"'
        state = game.new_game(seed=i)
        seat = state.decision.seat  # type: ignore[union-attr]
        agents = [make_agent("random", seed=i), make_agent("random", seed=i + 1)]
        agents[seat] = make_agent(spec)
        report = play_game(state, agents, time_control=tc)
        statuses[report.status] = statuses.get(report.status, 0) + 1
        if i in (a.games // 4, a.games - 1):
            marks.append(rss_mib())
    dt = time.perf_counter() - t
    left, zz, fds = bot_processes(), zombies(), len(os.listdir("/proc/self/fd"))
    growth = marks[-1] - marks[0]
    print(f"{a.games} faulty games in {dt:.0f} s: statuses {statuses}")
    print(f"arena RSS {marks[0]:.1f} MiB after a quarter, {marks[-1]:.1f} MiB at the end (growth {growth:+.1f} MiB); "
          f"open fds {fds}; bot processes left {left}; zombies {zz}; "
          f"escape file exists: {Path('/tmp/cardarena-escape.txt').exists()}")
    sys.exit(1 if left or zz or growth > a.max_growth or Path("/tmp/cardarena-escape.txt").exists() else 0)


if __name__ == "__main__":
    main()
