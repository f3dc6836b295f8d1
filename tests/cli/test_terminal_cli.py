"""The command line as a newcomer meets it: readable cards, rules, results in words, engine errors that
are never forfeits, rule ranges, deck templates, replay stepping, JSON listings."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import cardarena
from cardarena import __version__
from cardarena.agents.human import TerminalHuman
from cardarena.cli import app
from cardarena.core.decks import parse_deck
from cardarena.core.engine import Decision, Option
from cardarena.core.registry import game_ids
from cardarena.terminal.cardtext import CardIndex, card_lines

runner = CliRunner()
GAMES = game_ids()


def run(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_reads_as_text_not_as_reprs(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    for name in game.card_names():
        text = "\n".join(card_lines(game.card_info(name)))
        assert name in text
        for junk in ("None", "()", "[]", "{", "True", "False", "_"):
            assert junk not in text.replace(name, ""), (name, junk, text)


def test_lookups_are_case_insensitive_take_unique_prefixes_and_find_abilities() -> None:
    index = CardIndex(cardarena.load_game("aliens"))
    entry, _ = index.find("blight cloud")
    assert entry is not None and entry.part == "Ability" and entry.card == "Rotwing Hollowcap"
    entry, _ = index.find("ROTWING")
    assert entry is not None and entry.name == "Rotwing Hollowcap"
    entry, options = index.find("s")
    assert entry is None and len(options) > 1
    assert index.find("definitely not a card") == (None, [])
    # what the board shows wins a tie: "Sp" is unique among the shown names
    entry, _ = index.find("sp", shown={"Spore Lash", "Rivet Gun"})
    assert entry is not None and entry.name == "Spore Lash"
    hero = CardIndex(cardarena.load_game("circuits"))
    entry, _ = hero.find("masterwork")
    assert entry is not None and entry.part == "Ultimate" and entry.card == "Forgeblade"


def test_inspecting_an_ability_in_play_shows_it(tmp_path: Path) -> None:
    r = run("play", "aliens", "--deck", "creeping_rot", "--opponent", "random", "--seed", "3",
            input="i Blight Cloud\ni blight\nq\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("Ability — Blight Cloud (once per battle, cost 1)") == 2
    assert "KeyError" not in r.output and "forfeit" not in r.output


def test_a_one_option_decision_is_answered_with_a_short_line() -> None:
    out = Console(record=True, width=100)
    human = TerminalHuman(cardarena.load_game("aliens"), out, input_fn=lambda _p: "1")
    window = Decision(0, "respond", "Your opponent used Ember Lash: answer with a Counter?", [Option("pass", "Let it resolve")])
    assert human.choose({}, window) == "pass"
    target = Decision(0, "target", "Target of Ember Lash", [Option("t:3", "Kryssa the Still (14/14 HP, Cryo)")])
    assert human.choose({}, target) == "t:3"
    text = out.export_text()
    assert "no response possible — passing" in text and "only one choice: Kryssa the Still" in text


def test_match_says_who_won_and_why_in_words_and_json_has_the_code() -> None:
    r = run("match", "aliens", "--p1", "random", "--p2", "random", "--seed", "4")
    assert r.exit_code == 0
    last = [ln for ln in r.output.splitlines() if ln.startswith("Result:")][-1]
    assert "wins:" in last and "_" not in last, last
    r = run("match", "circuits", "--p1", "random", "--p2", "random", "--seed", "4", "--json")
    data = json.loads(r.output)
    assert data["result"]["reason"] in ("hero_defeated", "deck_out", "both_heroes_defeated")
    assert data["result"]["reason"] not in data["words"]


@pytest.mark.parametrize("p1", ["random", "ismcts:iters=4"])
def test_an_engine_exception_is_an_engine_error_not_a_forfeit(p1: str, monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    state_cls = type(cardarena.load_game("aliens").new_game(seed=1))

    def broken(_st: Any, _step: Any) -> None:
        raise ZeroDivisionError("simulated engine bug")

    monkeypatch.setitem(state_cls.HANDLERS, "turn_end", broken)
    saved = tmp_path / "bug.json"
    r = run("match", "aliens", "--p1", p1, "--p2", "random", "--seed", "2", "--replay", str(saved))
    assert r.exit_code == 3, r.output
    text = " ".join(r.output.split())
    assert "engine error: ZeroDivisionError: simulated engine bug" in text
    assert "seed 2" in text and "forfeit" not in text and "Traceback" not in text
    saved_game = json.loads(saved.read_text())
    assert saved_game["format"] == "cardarena-replay/1" and saved_game["seed"] == 2
    if p1 == "random":  # the failure is on the game's own path: replaying the file reproduces it
        assert saved_game["choices"]
        r = run("replay", str(saved))
        assert r.exit_code == 3 and "engine error" in r.output
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # `play` saves the failure to a temporary file
    r = run("play", "aliens", "--opponent", "random", "--seed", "2", input="1\n" * 50)
    assert r.exit_code == 3 and "engine error" in r.output and "forfeit" not in r.output
    assert len(list(tmp_path.glob("cardarena-engine-error-aliens-*.json"))) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_rule_variants_are_range_checked(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    for name, (lo, hi) in game.rule_ranges.items():
        assert lo <= game.rule_defaults[name] <= hi
        r = run("match", game_id, "--rule", f"{name}={lo - 1}")
        assert r.exit_code == 2 and f"between {lo} and {hi}" in r.output, r.output
    with pytest.raises(ValueError, match="between"):
        name = next(iter(game.rule_ranges))
        game.check_rules({name: game.rule_ranges[name][1] + 1})


def test_aliens_hand_size_minus_three_is_refused_with_the_range() -> None:
    r = run("match", "aliens", "--rule", "hand_size=-3")
    assert r.exit_code == 2 and "between 1 and 20" in r.output and "forfeit" not in r.output
    r = run("play", "circuits", "--rule", "field_size=-1", input="q\n")
    assert r.exit_code == 2 and "between 1 and 10" in r.output


def test_play_takes_rules_and_saves_a_replay(tmp_path: Path) -> None:
    p = tmp_path / "mine.json"
    r = run("play", "aliens", "--opponent", "random", "--rule", "hand_size=4", "--seed", "2", "--replay", str(p),
            input="q\n")
    assert r.exit_code == 0 and "conceded" in r.output and "P1: you" in r.output and "P2: random" in r.output
    data = json.loads(p.read_text())
    assert data["rules"]["hand_size"] == 4 and data["result"]["reason"] == "conceded"


@pytest.mark.parametrize("game_id", GAMES)
def test_decks_prints_a_starter_as_a_legal_deck_file_and_validate_takes_its_name(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    for key in game.starter_decks():
        r = run("decks", game_id, key)
        assert r.exit_code == 0
        deck = parse_deck(r.stdout, "stdout")
        assert deck.game == game_id and game.check_deck(deck) == []
        r = run("validate", key)
        assert r.exit_code == 0 and "legal" in r.output
    data = json.loads(run("decks", game_id, "--json").output)
    assert {d["starter"] for d in data} == set(game.starter_decks())


def test_cards_columns_fit_the_game_and_variants_are_told_apart() -> None:
    r = run("cards", "circuits")
    assert r.exit_code == 0
    assert "species" not in r.output and "affinity" not in r.output
    assert "Forgeblade (Stormforged)" in r.output
    r = run("cards", "aliens")
    assert "species" in r.output and "circuits" not in r.output


def test_version_json_listings_and_rules() -> None:
    r = run("--version")
    assert r.exit_code == 0 and __version__ in r.output
    games = json.loads(run("games", "--json").output)
    assert all("rule_ranges" in g for g in games)
    for game_id in GAMES:
        guide = json.loads(run("rules", game_id, "--json").output)
        assert guide["game"] == game_id and guide["sections"]
        r = run("rules", game_id)
        assert r.exit_code == 0 and "Worked example" in r.output
    assert run("rules", "chess").exit_code == 2


def test_replay_step_walks_forward_and_back_without_leaking_hands(tmp_path: Path) -> None:
    p = tmp_path / "g.json"
    assert run("match", "aliens", "--p1", "random", "--p2", "random", "--seed", "3", "--replay", str(p),
               "-q").exit_code == 0
    r = run("replay", str(p), "--step", input="\n\n\nb\n\nq\n")
    assert r.exit_code == 0, r.output
    assert "choice 1/" in r.output and "back to choice" in r.output and "Hand:" not in r.output
    # another seat's decision is said in the guide's words, not as its kind id ("makes a choice (prebank)")
    prebank = cardarena.guide.load_guide("aliens").decisions["prebank"]
    assert f"decides. {prebank}" in " ".join(r.output.split()) and "makes a choice" not in r.output
    r = run("replay", str(p), "--step", "--as", "1", input="\n\nq\n")
    assert r.exit_code == 0 and "Hand:" in r.output
    assert run("replay", str(p), "--step", "--as", "3", input="q\n").exit_code == 2
    r = run("replay", str(p), "--step", input="x\nq\n")  # a typo shows the keys and does not move on
    assert "keys: Enter" in r.output and "choice 2/" not in r.output, r.output


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_step_shows_a_spectator_the_board_to_the_end_in_every_game(game_id: str, tmp_path: Path) -> None:
    # without --as the board is the spectator's (what every seat's view shows); it used to ask the
    # game for the view of seat -1, which three games do not have
    p = tmp_path / "g.json"
    assert run("match", game_id, "--p1", "random", "--p2", "random", "--seed", "3", "--replay", str(p),
               "-q").exit_code == 0
    r = run("replay", str(p), "--step", input="\n" * 2000)
    assert r.exit_code == 0, r.output
    assert "end of the replay" in r.output
    assert "Hand:" not in r.output and "You (" not in r.output


def test_play_deals_from_a_secret_seed_told_only_when_the_game_ends() -> None:
    # A seed the person knew would, with both decks, deal them the automaton's hand; a chosen one is
    # theirs to know (a deal played again).
    seeds = []
    for _ in range(2):
        r = run("play", "aliens", "--opponent", "random", input="q\n")
        assert r.exit_code == 0, r.output
        header, _, rest = r.output.partition("Type a number")  # the header may wrap
        assert "a secret seed" in header and not re.search(r"seed\s+\d", header)
        m = re.search(r"the seed was (\d+): `--seed \1` deals this game again", rest)
        assert m, rest
        seeds.append(int(m.group(1)))
    assert seeds[0] != seeds[1]
    r = run("play", "aliens", "--opponent", "random", "--seed", str(seeds[0]), input="q\n")
    assert re.search(rf"seed\s+{seeds[0]}", r.output.partition("Type a number")[0]) and "the seed was" not in r.output


def test_a_mastery_concession_counts_the_rounds_played(tmp_path: Path) -> None:
    """Mastery counts Rounds, not turns: a concession in Round 2 said "after 0 Rounds"."""
    p = tmp_path / "m.json"
    r = run("play", "mastery", "--opponent", "random", "--seed", "3", "--replay", str(p), input="1\n" * 16 + "q\ny\n")
    assert r.exit_code == 0 and "P1 conceded (after 2 Rounds)" in r.output, r.output[-400:]
    assert json.loads(p.read_text())["result"]["turns"] == 2
    shown = run("replay", str(p))
    assert "(after 2 Rounds)" in shown.output, shown.output[-400:]


def test_a_limited_deck_meets_a_sealed_deck_when_the_opponent_has_none(tmp_path: Path) -> None:
    """Limited has no starters: the seat given no deck plays the automatic deck of a Sealed pool made
    from the game seed (before, the Duel starter it fell back to was refused)."""
    mine = tmp_path / "s5.toml"
    assert run("sealed", "circuits", "--seed", "5", "--out", str(mine)).exit_code == 0
    r = run("play", "circuits", "--deck", str(mine), "--opponent", "random", "--seed", "4", input="q\ny\n")
    assert r.exit_code == 0 and "(Sealed pool deck)" in r.output and "conceded" in r.output, r.output[-600:]
    r = run("match", "circuits", "--format", "limited", "--seed", "3", "--p1", "random", "--p2", "random")
    assert r.exit_code == 0 and r.output.count("Sealed pool deck") == 2, r.output[:600]
