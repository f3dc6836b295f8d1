"""The example bots of examples/bots/ play whole games through the protocol (docs/protocol.md)."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cardarena
from cardarena.agents import make_agent, split_player_spec
from cardarena.agents.external import ExternalAgent
from cardarena.bot import run
from cardarena.core.match import OK, TimeControl, play_game

ROOT = Path(__file__).resolve().parents[2]
BOTS = ROOT / "examples" / "bots"


@pytest.mark.parametrize(
    "command",
    [
        "python3 examples/bots/random_bot.py",
        "python3 examples/bots/heuristic_bot.py",
        pytest.param("node examples/bots/random_bot.js",
                     marks=pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")),
    ],
)
@pytest.mark.parametrize("game_id", ["aliens", "circuits", "frontline", "mastery"])
def test_example_bot_plays_a_whole_game(command: str, game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    for seat in (0, 1):
        bot = make_agent(f'cmd:"{command}"', seed=seat)
        assert isinstance(bot, ExternalAgent)
        agents = [make_agent("random", seed=5), make_agent("random", seed=6)]
        agents[seat] = bot
        state = cardarena.load_game(game_id).new_game(seed=11 + seat)
        report = play_game(state, agents, time_control=TimeControl(2.0, 10.0, 5.0))
        assert report.status == OK, report.reason
        assert report.result is not None and report.result.reason != "forfeit"
        assert bot.proc is None


def test_a_manifest_names_a_bot(tmp_path: Path) -> None:
    (tmp_path / "bot.toml").write_text(
        f'name = "Rand"\nauthor = "tests"\ncommand = "python3 random_bot.py"\nworkdir = "{BOTS}"\n'
        "[limits]\nper_decision = 3.0\n")
    bot = make_agent(str(tmp_path / "bot.toml"))
    assert isinstance(bot, ExternalAgent)
    assert bot.bot.name == "Rand" and bot.bot.author == "tests" and bot.bot.limits.per_decision == 3.0
    assert bot.bot.argv() == ["python3", str(BOTS / "random_bot.py")]
    state = cardarena.load_game("aliens").new_game(seed=2)
    assert play_game(state, [bot, make_agent("random")]).status == OK


@pytest.mark.parametrize(
    ("spec", "agent", "deck"),
    [
        ("ismcts:iters=5:wildfire_assault", "ismcts:iters=5", "wildfire_assault"),
        ('cmd:"python3 a:b.py --x=1":my_deck', 'cmd:"python3 a:b.py --x=1"', "my_deck"),
        ("cmd:'node bot.js'", "cmd:'node bot.js'", None),
        ("bot:some.toml:deck", "bot:some.toml", "deck"),
    ],
)
def test_player_specs_keep_a_quoted_command_whole(spec: str, agent: str, deck: str | None) -> None:
    assert split_player_spec(spec) == (agent, deck)


def test_bad_manifest_says_why(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text('name = "x"\n')
    with pytest.raises(ValueError, match="no `command` \\(its keys: name;"):
        make_agent(f"bot:{tmp_path / 'bad.toml'}")


def test_bot_helper_answers_each_decision_with_its_seq() -> None:
    msgs = [
        {"type": "start", "seat": 1, "game": "aliens"},
        {"type": "decision", "seq": 4, "view": {}, "decision": {"seq": 4, "options": [{"id": "a"}, {"id": "b"}]}},
        {"type": "end", "result": None},
        {"type": "decision", "seq": 5, "view": {}, "decision": {"seq": 5, "options": [{"id": "a"}]}},
    ]
    out = io.StringIO()
    seen: list[int] = []
    run(lambda v, d, g: d["options"][-1]["id"] if g["seat"] == 1 else "x",
        end=lambda m: seen.append(1), stdin=io.StringIO("\n".join(json.dumps(m) for m in msgs)), stdout=out)
    assert [json.loads(x) for x in out.getvalue().splitlines()] == [{"seq": 4, "option": "b"}]
    assert seen == [1]


def _heuristic_reply(decision: dict[str, object]) -> str:
    """What examples/bots/heuristic_bot.py answers to one decision of seat 0, through the protocol."""
    msgs = [{"type": "start", "seat": 0, "game": "frontline"},
            {"type": "decision", "seq": 1, "view": {}, "decision": decision}, {"type": "end"}]
    proc = subprocess.run([sys.executable, str(BOTS / "heuristic_bot.py")], cwd=ROOT, timeout=30,
                          input="".join(json.dumps(m) + "\n" for m in msgs), capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert proc.returncode == 0, proc.stderr
    return str(json.loads(proc.stdout)["option"])


def test_heuristic_bot_passes_rather_than_retreat_and_pays_from_its_hand() -> None:
    # without these two rules it pulled its own units back whenever it could and lost to random in frontline
    ladder = {"seq": 1, "seat": 0, "kind": "ladder", "options": [
        {"id": "retreat:0", "data": {"unit": {"seat": 0, "zone": "front", "index": 0}}}, {"id": "pass", "data": {}}]}
    assert _heuristic_reply(ladder) == "pass"
    pay = {"seq": 1, "seat": 0, "kind": "expend", "options": [
        {"id": "expend:front:0", "data": {"zone": "front"}}, {"id": "expend:hand:H103", "data": {"zone": "hand"}}]}
    assert _heuristic_reply(pay) == "expend:hand:H103"
    attack = {"seq": 1, "seat": 0, "kind": "battle", "options": [
        {"id": "end", "data": {}}, {"id": "attack:0:0:lp:1", "data": {"target": {"seat": 1, "zone": "lp"}}}]}
    assert _heuristic_reply(attack) == "attack:0:0:lp:1"
