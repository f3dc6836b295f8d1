"""The messages a bot receives are those of docs/protocol.md, in every game, read from its transcript."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardarena
from cardarena.agents import make_agent
from cardarena.agents.external import ExternalAgent
from cardarena.core.match import OK, TimeControl, play_game

ROOT = Path(__file__).resolve().parents[2]
#: a bot without the helper: the first option, its messages copied to stderr
PLAIN = """import json, os, sys
with open(os.path.join(os.environ["CARDARENA_BOT_HOME"], "pick.txt")) as f:
    pick = f.read().strip()
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decision":
        options = msg["decision"]["options"]
        print(json.dumps({"seq": msg["seq"], "option": options[0 if pick == "first" else -1]["id"]}), flush=True)
"""


@pytest.fixture
def bot_dir() -> Iterator[Path]:
    """A folder the bot's own user id may read (pytest's tmp_path is its owner's only)."""
    with tempfile.TemporaryDirectory(prefix="cardarena-test-bot-") as d:
        os.chmod(d, 0o755)
        yield Path(d)


def _bot(tmp_path: Path) -> ExternalAgent:
    """A manifest bot whose command reads a file of its folder through $CARDARENA_BOT_HOME."""
    (tmp_path / "bot").mkdir()
    (tmp_path / "bot" / "plain.py").write_text(PLAIN)
    (tmp_path / "bot" / "pick.txt").write_text("first\n")
    (tmp_path / "bot.toml").write_text('name = "Plain"\ncommand = "python3 plain.py"\nworkdir = "bot"\n')
    bot = make_agent(f"bot:{tmp_path / 'bot.toml'}")
    assert isinstance(bot, ExternalAgent)
    return bot


@pytest.mark.parametrize("game_id", ["aliens", "circuits", "frontline", "mastery"])
def test_the_messages_are_the_documented_ones(bot_dir: Path, tmp_path: Path, game_id: str) -> None:
    bot = _bot(bot_dir)
    bot.transcript = tmp_path / "p2.jsonl"
    state = cardarena.load_game(game_id).new_game(seed=4)
    report = play_game(state, [make_agent("random", seed=1), bot], time_control=TimeControl(2.0, 10.0, 5.0))
    assert report.status == OK, report.reason
    records = [json.loads(line) for line in bot.transcript.read_text().splitlines()]
    sent = [r["sent"] for r in records if "sent" in r]
    start, decisions, end = sent[0], sent[1:-1], sent[-1]
    assert set(start) == {"type", "protocol", "game", "format", "seat", "seats", "rules", "deck", "time"}
    assert (start["type"], start["protocol"], start["game"], start["seat"], start["seats"]) == ("start", 1, game_id, 1, 2)
    assert start["deck"] == state.config["decks"][1] and start["time"] == {"per_decision": 2.0, "bank": 10.0,
                                                                            "startup": 5.0}
    assert decisions and all(d["type"] == "decision" for d in decisions)
    for d in decisions:
        assert set(d) == {"type", "seq", "view", "decision", "time"} and set(d["time"]) == {"limit", "bank"}
        assert d["seq"] == d["decision"]["seq"] and d["decision"]["seat"] == 1 == d["view"]["seat"]
        assert set(d["decision"]) == {"seq", "seat", "kind", "prompt", "options"}
        mine, other = sorted(d["view"]["players"], key=lambda p: p["seat"] != 1)
        # the other seat's hand: its count, or (frontline) as many face-down backs
        assert "hand" in mine and all(card == {"hidden": True} for card in other.get("hand", []))
        ids = [o["id"] for o in d["decision"]["options"]]
        assert len(ids) == len(set(ids)) and all(set(o) == {"id", "label", "data"} for o in d["decision"]["options"])
    received = [json.loads(r["received"]) for r in records if "received" in r]
    assert received == [{"seq": d["seq"], "option": d["decision"]["options"][0]["id"]} for d in decisions]
    result = state.result
    assert result is not None
    assert end == {"type": "end", "seat": 1, "status": "OK", "result": result.to_dict()}
