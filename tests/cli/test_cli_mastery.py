"""The command line on `mastery`: cards, validate, match with a replay that verifies, play."""

import json
from pathlib import Path

from typer.testing import CliRunner

import cardarena
from cardarena.cli import app

runner = CliRunner()


def test_mastery_is_listed() -> None:
    data = json.loads(runner.invoke(app, ["games", "--json"]).output)
    assert any(g["id"] == "mastery" and g["formats"] == {"standard": g["formats"]["standard"]} for g in data)


def test_cards_shows_generated_text() -> None:
    one = json.loads(runner.invoke(app, ["cards", "mastery", "Venom Flask", "--json"]).output)
    assert one["text"] == "Attack · Level 1 · native to Oren Ashveil. Deal 1 damage to an enemy Hero. Poison that Hero."
    hero = json.loads(runner.invoke(app, ["cards", "mastery", "Gorm Ironhide", "--json"]).output)
    assert hero["cls"] == "Tank" and hero["passive"]["text"] == "While this Hero survives, its allies have +1 DEF."
    path = runner.invoke(app, ["cards", "mastery", "bladestorm"]).output
    assert "Edge of Ruin" in path and "Whirling Blades" in path


def test_validate_lists_every_reason(tmp_path: Path) -> None:
    game = cardarena.load_game("mastery")
    starter = game.starter_decks()["venom_circle"]
    cards = dict(starter.cards)
    cards["Slash"] = 3
    bad = tmp_path / "bad.toml"
    bad.write_text(starter.__class__(game="mastery", name="bad", format="standard",
                                     leaders={"heroes": ["Oren Ashveil", "Vessa Nightthorn"]}, cards=cards).to_toml())
    r = runner.invoke(app, ["validate", str(bad)])
    assert r.exit_code == 1
    assert "3 copies of 'Slash'" in r.output and "one Support, one Attacker and one Tank" in r.output, r.output
    assert "needs exactly 30" in r.output
    good = tmp_path / "good.toml"
    good.write_text(starter.to_toml())
    assert runner.invoke(app, ["validate", str(good)]).exit_code == 0


def test_match_replays_to_the_identical_log(tmp_path: Path) -> None:
    rp = tmp_path / "m.json"
    r = runner.invoke(app, ["match", "mastery", "--p1", "random:dawn_vanguard", "--p2", "random:venom_circle",
                            "--seed", "5", "--replay", str(rp)])
    assert r.exit_code == 0, r.output
    assert "Round 1" in r.output and "Result:" in r.output
    r = runner.invoke(app, ["replay", str(rp), "--verify"])
    assert r.exit_code == 0 and "OK" in r.output


def test_play_reads_card_then_performer_then_target() -> None:
    r = runner.invoke(app, ["play", "mastery", "--opponent", "random", "--seed", "4"], input="1\n" * 1500)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Action Opportunity" in r.output and "Target of" in r.output
    assert "You win" in r.output or "You lose" in r.output
