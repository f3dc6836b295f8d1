"""The card pool and starters: size, every card type, keyword, trigger and verb in use, legal starters."""

from __future__ import annotations

import pytest
from frontline_scenario import GAME

from cardarena.core.errors import CardDataError
from cardarena.games.frontline.schema import KEYWORDS, TRIGGERS


def test_pool_size_and_types() -> None:
    pool = GAME.pool
    assert len(pool.cards) >= 80
    assert len(pool.generals) >= 6
    assert {h.cost for h in pool.heroes} == {0, 1, 2, 3}
    assert pool.equipment and pool.tactical and pool.actions and pool.reactions


def test_every_keyword_trigger_and_verb_is_used() -> None:
    pool = GAME.pool
    used: set[str] = set()
    verbs: set[str] = set()
    for c in pool.cards:
        used |= set(getattr(c, "keywords", ()))
        aura = getattr(c, "aura", None)
        if aura is not None and aura.keyword:
            used.add(aura.keyword)
        for t in TRIGGERS:
            if getattr(c, t, ()):
                used.add(t)
        for field in ("effects", *TRIGGERS):
            verbs |= {e.verb for e in getattr(c, field, ())}
        ab = getattr(c, "ability", None)
        if ab is not None:
            verbs |= {e.verb for e in ab.effects}
    assert set(KEYWORDS) | set(TRIGGERS) <= used
    assert verbs == {"damage", "strike", "heal", "draw", "gain", "boost", "reclaim", "negate"}


def test_cards_reward_the_expend_loop() -> None:
    pool = GAME.pool
    scavenge = [c.name for c in pool.cards if c.scavenge]
    reclaim = [c.name for c in pool.cards for e in getattr(c, "effects", ()) if e.verb == "reclaim"]
    assert len(scavenge) >= 10 and reclaim


def test_starters_are_legal_and_differ() -> None:
    starters = GAME.starter_decks()
    assert len(starters) >= 4
    for name, d in starters.items():
        assert GAME.check_deck(d) == [], name
    decks = [set(d.cards) for d in starters.values()]
    for i in range(len(decks)):
        for j in range(i + 1, len(decks)):
            assert len(decks[i] & decks[j]) <= 5  # mostly different cards: different plans


def test_unknown_field_is_a_clear_load_error() -> None:
    from cardarena.core.cards import convert_cards
    from cardarena.games.frontline.schema import Card

    with pytest.raises(CardDataError, match=r"x\.toml: card 'Bad'.*pwer"):
        convert_cards([("x.toml", {"kind": "hero", "id": "B", "name": "Bad", "cost": 0, "atk": 1, "hp": 1,
                                   "pwer": 2})], Card)
