"""The command line on `frontline`: cards, validate, match with a replay that verifies, play."""

import json
from pathlib import Path

from typer.testing import CliRunner

import cardarena
from cardarena.cli import app

runner = CliRunner()


def test_frontline_is_listed() -> None:
    data = json.loads(runner.invoke(app, ["games", "--json"]).output)
    assert any(g["id"] == "frontline" for g in data)


def test_cards_inspects_a_card_with_its_text() -> None:
    one = json.loads(runner.invoke(app, ["cards", "frontline", "Scrap Runner", "--json"]).output)
    assert one["kind"] == "hero" and one["text"] == "Scavenge — draw 1 card."


def test_validate_lists_every_reason(tmp_path: Path) -> None:
    game = cardarena.load_game("frontline")
    starter = game.starter_decks()["iron_wall"]
    cards = dict(starter.cards)
    cards["Shieldbearer"] = 4
    cards["Lady Cinder"] = 1
    bad = tmp_path / "bad.toml"
    bad.write_text(starter.__class__(game="frontline", name="bad", format="standard", cards=cards).to_toml())
    r = runner.invoke(app, ["validate", str(bad)])
    assert r.exit_code == 1
    assert "4 copies" in r.output and "4 Generals" in r.output, r.output


def test_match_replays_to_the_identical_log(tmp_path: Path) -> None:
    rp = tmp_path / "f.json"
    r = runner.invoke(app, ["match", "frontline", "--p1", "random:ember_blitz", "--p2", "random:grave_cycle",
                            "--seed", "5", "--replay", str(rp)])
    assert r.exit_code == 0, r.output
    assert "Turn 1" in r.output and "Ladder link" in r.output
    r = runner.invoke(app, ["replay", str(rp), "--verify"])
    assert r.exit_code == 0 and "OK" in r.output


def test_play_a_whole_game_by_numbers() -> None:
    r = runner.invoke(app, ["play", "frontline", "--opponent", "random", "--seed", "4"], input="1\n" * 1500)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Reaction Ladder" in r.output and "paid)" in r.output
    assert "You win" in r.output or "You lose" in r.output or "draw" in r.output.lower()
