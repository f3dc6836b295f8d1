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


def _load(table: dict) -> object:  # type: ignore[type-arg]
    from cardarena.core.cards import convert_cards
    from cardarena.games.frontline.schema import Card

    return convert_cards([("frontline/cards/new.toml", table)], Card)[0]


HEAL_SELF = [{"verb": "heal", "amount": 1, "to": "self"}]


@pytest.mark.parametrize(("card", "where"), [
    ({"kind": "action", "cost": 1, "effects": HEAL_SELF}, "action"),
    ({"kind": "reaction", "cost": 1, "effects": HEAL_SELF}, "reaction"),
    ({"kind": "action", "cost": 1, "effects": [{"verb": "draw", "amount": 1, "to": "you"}], "scavenge": HEAL_SELF},
     "scavenge"),
    ({"kind": "hero", "cost": 1, "atk": 1, "hp": 1, "last_stand": HEAL_SELF}, "last_stand"),
    ({"kind": "general", "cost": 2, "atk": 1, "hp": 2, "end_phase": HEAL_SELF}, "end_phase"),
    ({"kind": "general", "cost": 2, "atk": 1, "hp": 2, "ability": {"name": "Rest", "effects": HEAL_SELF}}, "ability"),
])
def test_an_effect_to_self_where_the_card_is_no_unit_is_refused(card: dict, where: str) -> None:  # type: ignore[type-arg]
    # rule frontline.1.7
    # rule frontline.gap.9
    # `to = self` on a card that is not in play as a unit when the effect resolves healed, damaged or boosted nothing
    with pytest.raises(CardDataError) as e:
        _load({"id": "T1", "name": "Test Card", **card})
    assert str(e.value).startswith(f"frontline/cards/new.toml: card 'Test Card': {where}: `heal` goes `to = self`")


def test_an_effect_to_self_on_a_unit_in_play_loads() -> None:
    hero = _load({"kind": "hero", "id": "T1", "name": "Medic", "cost": 1, "atk": 1, "hp": 1, "muster": HEAL_SELF,
                  "ability": {"name": "Rest", "cost": 1, "effects": HEAL_SELF}})
    tower = _load({"kind": "tactical", "id": "T2", "name": "Tower", "cost": 1, "hp": 2, "end_phase": HEAL_SELF})
    assert hero.muster and tower.end_phase  # type: ignore[attr-defined]
