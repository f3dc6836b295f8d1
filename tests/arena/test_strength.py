"""The issue's acceptance contest, kept out of the default run (`pytest -m slow tests/arena`): a round
robin of random, greedy, ISMCTS(200), ISMCTS(1000) and the two example external bots (examples/bots/)
ranks them in tiers of known strength, and its report prints. bench/bench_contest.py runs the same
contest with more games per pairing for the full order (figures in the issue's closing notes).

The entries play the game's first starter (creeping_rot) with contest seed 1, four games per pairing
(60 games, about 4 minutes on a loaded machine). Four games a pairing resolve three tiers, not six
places: ISMCTS(1000) first; then ISMCTS(200), greedy (one ply and its chains) and the Python
rule-of-thumb bot (act rather than pass, aim at the opponent: 85% against random and 35% against
greedy over 20 games each, starters rotating), in any order; then the two uniform random players.
Inside the middle tier the gaps are a few games in 20, which K = 4 cannot order reliably: on the
round-2 aliens starters ISMCTS(200) and greedy tied 13-7 each (greedy ranked above); on the round-3
starters (docs/balance/aliens.md §6) the scores were 85%, 85%, 55%, 55%, 20% (JavaScript) and 0%,
the six in the expected order by rating. bench_contest.py with K = 10 measures the full order.
Every game is reproducible but those of the JavaScript bot (Math.random).
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
    ["ismcts:iters=200", "greedy", 'cmd:"python3 examples/bots/heuristic_bot.py"'],
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
