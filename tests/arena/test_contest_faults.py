"""Contests with misbehaving external bots, from the command line: the contest's time control clocks
every game (a slow bot loses as TIMEOUT, its reason stored), and a contest of more than fifty games
with a crashing bot finishes with every game written once, the bot's as losses with their reasons."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import select
from typer.testing import CliRunner

from cardarena.arena.models import Match
from cardarena.arena.store import Store
from cardarena.cli import app

ROOT = Path(__file__).resolve().parents[2]
FAULTY = ROOT / "examples" / "bots" / "faulty" / "faulty_bot.py"
FAULTS = {"ERROR", "TIMEOUT", "INVALID"}
runner = CliRunner()


def cli(db: str, *args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["contest", "--db", db, *args])


def faulty(mode: str, deck: str = "mind_storm") -> str:
    return f'cmd:"python3 {FAULTY} {mode}":{deck}'


def seats_of(db: str) -> list[tuple[str, list[tuple[str, str | None, float | None, str | None]]]]:
    """(match status, [(agent, seat status, score, fault)]) of every slot, in schedule order."""
    store = Store(db)
    with store.session() as s:
        q = select(Match).order_by(Match.round, Match.pairing, Match.game_no)
        games = [(m.status, [(x.agent, x.status, x.score, x.fault) for x in m.seats]) for m in s.scalars(q)]
    store.dispose()
    return games


def test_the_contest_time_control_clocks_every_game(sqlite_url: str) -> None:
    r = cli(sqlite_url, "new", "clocked", "--game", "aliens", "--time-control", "two+thirty",
            "--entry", "random:mind_storm", "--entry", "random:creeping_rot")
    assert r.exit_code == 2 and "PER_DECISION+BANK" in r.output

    # the slow bot takes 0.4 s a decision: over 0.1 s per decision plus a 0.5 s bank by its third
    r = cli(sqlite_url, "new", "clocked", "--game", "aliens", "--time-control", "0.1+0.5+5",
            "--entry", faulty("slow"), "--entry", "random:creeping_rot")
    assert r.exit_code == 0, r.output
    assert "time control 0.1+0.5" in " ".join(r.output.split())
    status = json.loads(cli(sqlite_url, "status", "clocked", "--json").output)
    assert status["time_control"] == {"per_decision": 0.1, "bank": 0.5, "startup": 5.0}
    shown = " ".join(cli(sqlite_url, "status", "clocked").output.split())  # as read, whatever the wrapping
    assert "time control 0.1+0.5 (0.1 s per decision, 0.5 s bank, 5 s more for the first)" in shown

    r = cli(sqlite_url, "run", "clocked", "--workers", "1", "-q")
    assert r.exit_code == 0, r.output
    games = seats_of(sqlite_url)
    assert len(games) == 2 and all(st == "finished" for st, _ in games)
    for _, seats in games:
        (slow,) = [x for x in seats if x[0].startswith("cmd:")]
        (other,) = [x for x in seats if x[0] == "random"]
        assert slow[1] == "TIMEOUT" and slow[2] == 0.0 and "no answer within its time" in (slow[3] or "")
        assert other[1] == "OK" and other[2] == 1.0

    r = cli(sqlite_url, "report", "clocked")
    shown = " ".join(r.output.split())
    assert r.exit_code == 0 and "time control 0.1+0.5" in shown and "TIMEOUT x2" in shown
    report = json.loads(cli(sqlite_url, "report", "clocked", "--json").output)
    assert report["contest"]["time_control"]["per_decision"] == 0.1
    assert [f["status"] for f in report["faults"]] == ["TIMEOUT", "TIMEOUT"]

    # without a time control nothing is clocked and the report says so
    r = cli(sqlite_url, "new", "free", "--game", "aliens", "--entry", "random:mind_storm", "--entry", "random")
    assert "no time control" in " ".join(r.output.split())
    assert json.loads(cli(sqlite_url, "status", "free", "--json").output)["time_control"] is None


def test_a_contest_with_a_crashing_bot_records_every_other_game(sqlite_url: str) -> None:
    # three entries, 18 games per pairing: 54 games, 36 of them with the bot that crashes mid-game
    r = cli(sqlite_url, "new", "rough", "--game", "aliens", "--games-per-pairing", "18", "--time-control", "2+10+10",
            "--entry", "random:mind_storm", "--entry", "random:creeping_rot", "--entry", faulty("crash_mid"))
    assert r.exit_code == 0, r.output
    assert "54 games to play" in r.output
    r = cli(sqlite_url, "run", "rough", "--workers", "1", "-q")
    assert r.exit_code == 0, r.output
    assert "54 game(s) played now, 54/54 stored, finished" in r.output

    games = seats_of(sqlite_url)
    assert len(games) == 54 and all(st == "finished" for st, _ in games)  # every slot written, none twice
    bot_games = 0
    for _, seats in games:
        assert len(seats) == 2
        for agent, status, score, fault in seats:
            if agent.startswith("cmd:"):
                bot_games += 1
                assert status in FAULTS and score == 0.0 and fault, (status, fault)
            else:
                assert status == "OK" and fault is None
    assert bot_games == 36

    report = json.loads(cli(sqlite_url, "report", "rough", "--json").output)
    assert report["games"]["finished"] == 54 and report["errors"] == []
    board = {row["label"]: row for row in report["leaderboard"]}
    (bot,) = [row for label, row in board.items() if label.startswith("cmd:")]
    assert bot["games"] == 36 and bot["losses"] == 36 and sum(bot["faults"].values()) == 36
    assert all(row["games"] == 36 and not row["faults"] for label, row in board.items() if label != bot["label"])
    assert len(report["faults"]) == 36
    assert "crash in the middle of the game" in report["faults"][0]["fault"]
    status = json.loads(cli(sqlite_url, "status", "rough", "--json").output)
    assert status["games"] == {"finished": 54, "errors": 0, "scheduled": 0, "byes": 0, "withdrawn": 0,
                                "expected": 54}


def test_a_fault_summary_names_the_error_and_one_bot_folder() -> None:
    from cardarena.arena.cli import fault_summary

    crash = ("agent 'x': the bot exited with code 1 without answering; stderr: Traceback (most recent call last):\n"
             '  File "/tmp/cardarena-bot-123-abc_9/work/b.py", line 3\nZeroDivisionError: division by zero')
    assert fault_summary(crash) == ("agent 'x': the bot exited with code 1 without answering; stderr ends: "
                                    "ZeroDivisionError: division by zero")
    a = fault_summary("agent 'y': can't open file '/tmp/cardarena-bot-1-aa/work/b.py'")
    b = fault_summary("agent 'y': can't open file '/tmp/cardarena-bot-2-bb/work/b.py'")
    assert a == b == "agent 'y': can't open file '<bot folder>/work/b.py'"
    assert fault_summary(None) == ""
