"""What an organizer types and reads: the counts and names `contest new` announces match what is stored
and played."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cardarena.cli import app

runner = CliRunner()


def cli(db: str, *args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["contest", "--db", db, *args])


def test_swiss_rounds_beyond_what_the_entries_allow_are_announced_as_played(sqlite_url: str) -> None:
    # four entries meet each other in three rounds: --rounds 10 plays 3 rounds, 12 games, and says so
    r = cli(sqlite_url, "new", "sw", "--game", "aliens", "--format", "swiss", "--rounds", "10",
            "--entry", "random", "--entry", "greedy", "--entry", "random", "--entry", "greedy")
    assert r.exit_code == 0, r.output
    assert "4 entries, 3 rounds (not 10: at most entries - 1), 12 games to play" in r.output, r.output
    assert cli(sqlite_url, "run", "sw", "-q", "--workers", "1").exit_code == 0
    data = json.loads(cli(sqlite_url, "status", "sw", "--json").output)
    assert data["games"]["finished"] == data["games"]["expected"] == 12 and data["rounds"] == 3


def test_a_name_typed_with_spaces_around_it_finds_the_contest_it_made(sqlite_url: str) -> None:
    r = cli(sqlite_url, "new", " cup ", "--game", "aliens", "--entry", "random", "--entry", "greedy")
    assert r.exit_code == 0, r.output  # was: created, yet "error: no contest named ' cup '", exit 2
    assert "contest 'cup'" in r.output and "contest run cup`" in r.output
    assert [c["name"] for c in json.loads(cli(sqlite_url, "status", "--json").output)] == ["cup"]
    assert cli(sqlite_url, "run", " cup ", "-q", "--workers", "1").exit_code == 0
    assert json.loads(cli(sqlite_url, "status", "cup ", "--json").output)["status"] == "finished"
