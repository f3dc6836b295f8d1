"""Deck files: one TOML format; every problem reported at once, naming the file; never a traceback."""

from pathlib import Path

import pytest

import cardarena
from cardarena.core.decks import Deck, load_deck, parse_deck
from cardarena.core.errors import DeckError


def test_round_trip_through_toml() -> None:
    d = Deck(game="aliens", name='Odd "name"', format="standard", leaders={"aliens": ["A", "B", "C"]},
             cards={"X": 3, "Y's card": 1})
    again = parse_deck(d.to_toml(), "mem")
    assert again.to_dict() == d.to_dict()


def test_structural_problems_are_all_listed() -> None:
    with pytest.raises(DeckError) as e:
        parse_deck('name = 3\naliens = "x"\nbogus = 1\n[cards]\n"A" = 0\n"B" = "two"\n', "bad.toml")
    msg = str(e.value)
    assert msg.startswith("bad.toml")
    assert len(e.value.problems) == 6, e.value.problems  # game, name, aliens, bogus, A, B


def test_malformed_toml_and_missing_file_are_clear_errors(tmp_path: Path) -> None:
    p = tmp_path / "broken.toml"
    p.write_text("game = \n")
    with pytest.raises(DeckError, match="not valid TOML"):
        load_deck(p)
    with pytest.raises(DeckError, match="file not found"):
        load_deck(tmp_path / "nope.toml")


def test_a_byte_order_mark_is_read_past(tmp_path: Path) -> None:
    # Windows editors save one; tomllib refuses it ("Invalid statement at line 1, column 1")
    game = cardarena.load_game("aliens")
    starter = next(iter(game.starter_decks().values()))
    p = tmp_path / "bom.toml"
    p.write_bytes(b"\xef\xbb\xbf" + starter.to_toml().encode())
    deck = load_deck(p)
    assert deck.to_dict() == starter.to_dict() and game.check_deck(deck) == []


def test_unknown_card_names_suggest_the_closest_real_names() -> None:
    game = cardarena.load_game("aliens")
    starter = next(iter(game.starter_decks().values()))
    name = next(iter(starter.cards))
    d = Deck(game="aliens", name="typo", format="standard", leaders=dict(starter.leaders),
             cards={**starter.cards, name[:-1] + "x": 1})
    problems = game.check_deck(d)
    assert any("unknown card" in p and name in p for p in problems), problems


def test_every_starter_is_legal_as_printed() -> None:
    game = cardarena.load_game("aliens")
    assert len(game.starter_decks()) >= 4
    for key, d in game.starter_decks().items():
        assert game.check_deck(d) == [], key
