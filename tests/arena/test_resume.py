"""A contest killed with SIGKILL at any moment resumes with `contest run` and ends with exactly the
games an uninterrupted run stores: none lost, none played twice."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from arena_support import games_of
from sqlalchemy import func, select

from cardarena.arena.contest import create_contest, run_contest
from cardarena.arena.models import Match, Replay
from cardarena.arena.store import Store
from cardarena.core.match import TimeControl
from process_tools import group_gone, kill_group, running

ENTRIES = ["random:mind_storm", "random:creeping_rot", "random:frozen_bastion", "random:event_horizon"]
GAMES = 6 * 8  # 6 pairings, 8 games each


def finished(store: Store) -> int:
    with store.session() as s:
        return s.scalar(select(func.count()).select_from(Match).where(Match.status == "finished")) or 0


def run_and_kill(url: str, workers: int, after: int, timeout: float = 120.0) -> int:
    """Start `cardarena contest run` in its own process group, SIGKILL the whole group once at least
    `after` games are stored, and return how many were stored when it died."""
    watcher = Store(url, migrate=False)
    cmd = [sys.executable, "-m", "cardarena.cli", "contest", "--db", url, "run", "c", "--workers", str(workers), "-q"]
    proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + timeout
    try:
        while finished(watcher) < after:
            assert proc.poll() is None, f"the run ended before it could be killed: {proc.stderr.read()!r}"  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "the run made no progress"
            time.sleep(0.002)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    n = finished(watcher)
    watcher.dispose()
    return n


def test_a_killed_contest_resumes_without_losing_or_duplicating_a_game(db_url: str, tmp_path: Path) -> None:
    reference = Store(f"sqlite:///{tmp_path / 'reference.db'}")
    create_contest(reference, "c", "aliens", ENTRIES, games_per_pairing=8, seed=3)
    run_contest(reference, "c", workers=1)
    expected = games_of(reference)
    assert len(expected) == GAMES

    store = Store(db_url)
    create_contest(store, "c", "aliens", ENTRIES, games_per_pairing=8, seed=3)
    first = run_and_kill(db_url, workers=1, after=3)
    second = run_and_kill(db_url, workers=2, after=first + 12)  # the pool of spawned workers dies with it
    assert 3 <= first < second < GAMES
    summary = run_contest(store, "c", workers=1)
    assert summary.finished and summary.played == GAMES - second

    assert games_of(store) == expected
    with store.session() as s:
        assert s.scalar(select(func.count()).select_from(Match)) == GAMES
        assert s.scalar(select(func.count()).select_from(Replay)) == GAMES
    store.dispose()
    reference.dispose()


def test_two_runs_at_once_store_each_game_once(db_url: str, tmp_path: Path) -> None:
    entries = [*ENTRIES, "random:wildfire_assault"]
    reference = Store(f"sqlite:///{tmp_path / 'reference.db'}")
    create_contest(reference, "c", "aliens", entries, pairing="swiss", games_per_pairing=4, seed=5)
    run_contest(reference, "c", workers=1)
    store = Store(db_url)
    create_contest(store, "c", "aliens", entries, pairing="swiss", games_per_pairing=4, seed=5)
    cmd = [sys.executable, "-m", "cardarena.cli", "contest", "--db", db_url, "run", "c", "--workers", "1", "-q"]
    procs = [subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(2)]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err.decode()
    assert games_of(store) == games_of(reference)
    assert len([g for g in games_of(store) if g["status"] == "finished"]) == 3 * 2 * 4
    store.dispose()
    reference.dispose()


def test_workers_die_with_a_run_killed_on_its_own(tmp_path: Path) -> None:
    # `kill -9 PID` of the run alone (not its process group): its spawned workers must not live on,
    # one blocked on a result pipe nobody reads and the others on its lock (core/workers.py)
    url = f"sqlite:///{tmp_path / 'c.db'}"
    store = Store(url)
    create_contest(store, "c", "aliens", ENTRIES, games_per_pairing=8, seed=3)
    cmd = [sys.executable, "-m", "cardarena.cli", "contest", "--db", url, "run", "c", "--workers", "2", "-q"]
    proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while finished(store) < 2:
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert group_gone(proc.pid), "the run's workers outlived it"  # they are in its process group
    finally:
        kill_group(proc.pid)
    store.dispose()


def test_a_bot_dies_with_a_run_killed_on_its_own(tmp_path: Path) -> None:
    # the bot's launcher runs in a session of its own (agents/external.py): without its own parent-death
    # signal, a hanging bot and its launcher outlived a run killed with -9, asleep for ever
    bot = Path(__file__).resolve().parents[2] / "examples" / "bots" / "faulty" / "faulty_bot.py"
    marker = f"hang-marker-{tmp_path.name}"
    url = f"sqlite:///{tmp_path / 'c.db'}"
    store = Store(url)
    create_contest(store, "c", "aliens", ["random:mind_storm", f'cmd:"python3 {bot} hang {marker}":creeping_rot'],
                   games_per_pairing=2, seed=3, time_control=TimeControl(100.0, 100.0, 5.0))
    cmd = [sys.executable, "-m", "cardarena.cli", "contest", "--db", url, "run", "c", "--workers", "1", "-q"]
    proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(running(marker)) < 2:  # the launcher and the bot
            assert proc.poll() is None and time.monotonic() < deadline, "the bot never started"
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 20
        while running(marker):
            assert time.monotonic() < deadline, "the bot outlived the run that started it"
            time.sleep(0.05)
    finally:
        kill_group(proc.pid)
        for pid in running(marker):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    store.dispose()
