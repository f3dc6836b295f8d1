"""The issue's acceptance contest, kept out of the default run (`pytest -m slow tests/arena`): a round
robin of random, greedy, ISMCTS(200), ISMCTS(1000) and the two example external bots (examples/bots/)
ranks them in tiers of known strength, and its report prints. bench/bench_contest.py runs the same
contest with more games per pairing for figures.

The entries play the game's first starter (creeping_rot) with contest seed 1, four games per pairing
(60 games, about 4 minutes on a loaded machine). Expected, strongest first: ISMCTS(1000), ISMCTS(200),
greedy (one ply and its chains), the Python rule-of-thumb bot (act rather than pass, aim at the
opponent: 85% against random and 35% against greedy over 20 games each, starters rotating), then
the two uniform random players, in either order. With this seed (bench/bench_contest.py -k 4
--seed 1) the scores were 95%, 70%, 55%, 45%, then 20% and 15% over 20 games each. Every game is
reproducible but those of the JavaScript bot (Math.random), four per entry: without them the five
others score 15, 10, 8, 6 and 1 of 16, so those four games cannot reorder the tiers above random
unless greedy loses two more of them than the Python bot does.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardarena.cli import app

ROOT = Path(__file__).resolve().parents[2]
K = 4
#: strongest first; the bots' paths are read from the repository root
TIERS = [
    ["ismcts:iters=1000"],
    ["ismcts:iters=200"],
    ["greedy"],
    ['cmd:"python3 examples/bots/heuristic_bot.py"'],
    ["random", 'cmd:"node examples/bots/random_bot.js"'],
]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="the JavaScript example bot needs node")
def test_a_round_robin_ranks_automatons_by_strength(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    args = ["contest", "--db", sqlite_url]
    entries = [e for tier in TIERS for e in tier]
    r = runner.invoke(app, [*args, "new", "strength", "--game", "aliens", "--games-per-pairing", str(K), "--seed", "1",
                            *(x for e in entries for x in ("--entry", e))])
    assert r.exit_code == 0, r.output
    assert f"6 entries, {15 * K} games to play" in r.output
    r = runner.invoke(app, [*args, "run", "strength", "-q", "--workers", "1"])
    assert r.exit_code == 0, r.output
    data = json.loads(runner.invoke(app, [*args, "report", "strength", "--json"]).output)
    assert data["games"]["finished"] == 15 * K and not data["faults"] and not data["errors"]
    board = data["leaderboard"]
    r = runner.invoke(app, [*args, "report", "strength"])
    print(r.output)
    assert r.exit_code == 0 and "leaderboard" in r.output and "win matrix" in r.output
    for row in board:
        assert f"#{row['entry']}" in r.output
    ranked = [row["label"] for row in board]
    at = 0
    for tier in TIERS:  # each tier fills the next places, in any order inside it
        assert sorted(ranked[at:at + len(tier)]) == sorted(tier), (ranked, tier)
        at += len(tier)
