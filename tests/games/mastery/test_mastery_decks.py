"""Deck legality for `mastery` (ruling gap.3): every reason is listed, at validate and at match entry."""

from __future__ import annotations

import random

import pytest
from mastery_scenario import GAME

from cardarena.core.decks import Deck
from cardarena.core.errors import DeckError


def test_starters_are_legal_and_different() -> None:
    # rule mastery.gap.3
    starters = GAME.starter_decks()
    assert len(starters) >= 4
    for name, d in starters.items():
        assert GAME.check_deck(d) == [], name
        assert d.size == 30
    parties = {tuple(d.leaders["heroes"]) for d in starters.values()}
    assert len(parties) == len(starters)


def test_every_reason_is_listed() -> None:
    # rule mastery.gap.3
    d = Deck(game="mastery", name="bad", format="standard",
             leaders={"heroes": ["Mira Dawnsong", "Oren Ashveil", "Gorm Ironhide"]},
             cards={"Slash": 3, "Tower Shield": 1, "Soul Lance": 1, "Nope": 1, "Quick Bandage": 2})
    problems = GAME.check_deck(d)
    text = "\n".join(problems)
    assert "one Support, one Attacker and one Tank" in text
    assert "3 copies of 'Slash'" in text
    assert "no Hero of the party can perform 'Tower Shield'" in text
    assert "Level 2 Technique" in text
    assert "unknown card 'Nope'" in text
    assert "needs exactly 30" in text
    with pytest.raises(DeckError) as e:
        GAME.new_game(decks=[d, "dawn_vanguard"])
    assert len(e.value.problems) == len(problems)


def test_random_decks_are_legal() -> None:
    rng = random.Random(1)
    for _ in range(50):
        assert GAME.check_deck(GAME.random_deck(rng)) == []
