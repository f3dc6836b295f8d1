"""The command line on `circuits`: cards, validate, match with a replay that verifies, play."""

import json
from pathlib import Path

from typer.testing import CliRunner

import cardarena
from cardarena.cli import app

runner = CliRunner()


def test_circuits_is_listed_with_its_formats() -> None:
    data = json.loads(runner.invoke(app, ["games", "--json"]).output)
    assert any(g["id"] == "circuits" and set(g["formats"]) == {"standard", "open", "squad", "limited"} for g in data)


def test_cards_inspects_a_hero_and_a_variant() -> None:
    one = json.loads(runner.invoke(app, ["cards", "circuits", "Forgeblade (Stormforged)", "--json"]).output)
    assert one["name"] == "Forgeblade" and one["variant"] == "Stormforged" and one["ultimate"]["name"] == "Full Battery"


def test_validate_lists_every_reason_for_standard_and_open(tmp_path: Path) -> None:
    game = cardarena.load_game("circuits")
    starter = game.starter_decks()["forgeblade"]
    cards = dict(starter.cards)
    first = next(iter(cards))
    cards[first] = 5
    bad = tmp_path / "bad.toml"
    bad.write_text(starter.__class__(game="circuits", name="bad", format="standard",
                                     leaders={"heroes": ["Forgeblade"], "armory": starter.leaders["armory"][:5]},
                                     cards=cards).to_toml())
    r = runner.invoke(app, ["validate", str(bad)])
    assert r.exit_code == 1
    assert "5 copies" in r.output or "four copies" in r.output or "at most 4" in r.output, r.output
    assert "17.2" in r.output and "17.4" in r.output
    good = tmp_path / "good.toml"
    good.write_text(starter.to_toml())
    assert runner.invoke(app, ["validate", str(good)]).exit_code == 0
    assert runner.invoke(app, ["validate", str(good), "--format", "open"]).exit_code == 0


def test_match_replays_to_the_identical_log(tmp_path: Path) -> None:
    rp = tmp_path / "c.json"
    r = runner.invoke(app, ["match", "circuits", "--p1", "random:forgeblade", "--p2", "random:lumen_warden",
                            "--seed", "5", "--replay", str(rp)])
    assert r.exit_code == 0, r.output
    assert "Turn 1" in r.output and "Result:" in r.output
    r = runner.invoke(app, ["replay", str(rp), "--verify"])
    assert r.exit_code == 0 and "OK" in r.output


def test_play_a_whole_duel_by_numbers() -> None:
    r = runner.invoke(app, ["play", "circuits", "--opponent", "random", "--seed", "4"], input="1\n" * 800)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Action Step" in r.output and ("You win" in r.output or "You lose" in r.output)
