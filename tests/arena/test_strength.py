"""The issue's acceptance contest, kept out of the default run (`pytest -m slow tests/arena`): a round
robin of random, greedy, ISMCTS(200), ISMCTS(1000) and the two example external bots (examples/bots/)
ranks them in tiers of known strength, and its report prints. bench/bench_contest.py runs the same
contest with more games per pairing for figures.

The tiers, strongest first, and why ties inside a tier are accepted:
- ISMCTS(1000) and ISMCTS(200): on aliens the larger budget wins about half of their games (4-game
  and contest samples), so the order between them is not a fact two games per pairing can show;
- greedy (one ply and its chains): about 65% against the Python bot (20 games: 35% for the bot);
- the Python rule-of-thumb bot (act rather than pass, aim at the opponent): 85% against random
  (20 games);
- random and the JavaScript random bot: both pick uniformly, either may finish above the other.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardarena.cli import app

ROOT = Path(__file__).resolve().parents[2]
#: strongest first; the bots' paths are read from the repository root
TIERS = [
    ["ismcts:iters=1000:mind_storm", "ismcts:iters=200:mind_storm"],
    ["greedy:mind_storm"],
    ['cmd:"python3 examples/bots/heuristic_bot.py":mind_storm'],
    ["random:mind_storm", 'cmd:"node examples/bots/random_bot.js":mind_storm'],
]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="the JavaScript example bot needs node")
def test_a_round_robin_ranks_automatons_by_strength(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    args = ["contest", "--db", sqlite_url]
    entries = [e for tier in TIERS for e in tier]
    r = runner.invoke(app, [*args, "new", "strength", "--game", "aliens", "--games-per-pairing", "2",
                            *(x for e in entries for x in ("--entry", e))])
    assert r.exit_code == 0, r.output
    assert "6 entries, 30 games to play" in r.output
    r = runner.invoke(app, [*args, "run", "strength", "-q", "--workers", "1"])
    assert r.exit_code == 0, r.output
    data = json.loads(runner.invoke(app, [*args, "report", "strength", "--json"]).output)
    assert data["games"]["finished"] == 30 and not data["faults"] and not data["errors"]
    board = data["leaderboard"]
    ranked = [row["label"] for row in board]
    at = 0
    for tier in TIERS:  # each tier fills the next places, in any order inside it
        assert sorted(ranked[at:at + len(tier)]) == sorted(tier), (ranked, tier)
        at += len(tier)
    r = runner.invoke(app, [*args, "report", "strength"])
    assert r.exit_code == 0 and "leaderboard" in r.output and "win matrix" in r.output
    for row in board:
        assert f"#{row['entry']}" in r.output
    print(r.output)
