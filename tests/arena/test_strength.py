"""The issue's acceptance contest, kept out of the default run (`pytest -m slow tests/arena`): a round
robin between automatons of known strength ranks them in that order, and its report prints."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardarena.cli import app

#: weakest first
ENTRIES = ["random:mind_storm", "ismcts:iters=200:mind_storm", "ismcts:iters=1000:mind_storm"]


@pytest.mark.slow
def test_a_round_robin_ranks_automatons_by_strength(sqlite_url: str) -> None:
    runner = CliRunner()
    args = ["contest", "--db", sqlite_url]
    r = runner.invoke(app, [*args, "new", "strength", "--game", "aliens", "--games-per-pairing", "4",
                            *(x for e in ENTRIES for x in ("--entry", e))])
    assert r.exit_code == 0, r.output
    assert runner.invoke(app, [*args, "run", "strength", "-q"]).exit_code == 0
    board = json.loads(runner.invoke(app, [*args, "report", "strength", "--json"]).output)["leaderboard"]
    assert [row["label"] for row in board] == ENTRIES[::-1]
    r = runner.invoke(app, [*args, "report", "strength"])
    assert r.exit_code == 0 and "leaderboard" in r.output
    print(r.output)
