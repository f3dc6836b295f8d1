"""`contest report`'s fault lines as a bot author reads them: one line per kind of fault however many
games and decisions it hit, and long enough to end with the fix the reason names (docs/protocol.md,
"Faults")."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardarena.cli import app

FAULTY = Path(__file__).resolve().parents[2] / "examples" / "bots" / "faulty" / "faulty_bot.py"


def cli(db: str, *args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, ["contest", "--db", db, *args])


def test_one_fault_line_per_kind_with_its_fix(sqlite_url: str) -> None:
    r = cli(sqlite_url, "new", "slips", "--game", "mastery", "--games-per-pairing", "2",
            "--time-control", "0.2+0.2+0.5", "--entry", f'cmd:"python3 {FAULTY} hang":dawn_vanguard',
            "--entry", f'cmd:"python3 {FAULTY} illegal":dawn_vanguard', "--entry", "random:dawn_vanguard")
    assert r.exit_code == 0, r.output
    assert cli(sqlite_url, "run", "slips", "--workers", "1").exit_code == 0
    said = " ".join(cli(sqlite_url, "report", "slips").output.split())
    lines = said.split("faults (", 1)[1]
    # each bot fails at its first decision, which is decision 1 or 2 as its seat moves first or not: one
    # line each, not one per decision number
    assert lines.count("TIMEOUT x") == 1 and "TIMEOUT x3" in lines, lines
    assert lines.count("INVALID x") == 1 and "INVALID x3" in lines, lines  # their game: the first to decide faults
    # the hint that ends the reason is not cut off
    assert "flush stdout after each reply, answer within time.limit" in lines, lines
