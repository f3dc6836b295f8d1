"""The `mastery` card pool: sizes, mechanics, and load-time schema errors that name file, card and field."""

from __future__ import annotations

import msgspec
import pytest
from mastery_scenario import POOL

from cardarena.core.cards import convert_cards, load_card_tables
from cardarena.core.errors import CardDataError
from cardarena.games.mastery.pool import CardPool
from cardarena.games.mastery.schema import Card
from cardarena.games.mastery.text import card_text


def test_pool_sizes() -> None:
    assert len(POOL.heroes) >= 12
    for cls in ("Support", "Attacker", "Tank"):
        assert sum(h.cls == cls for h in POOL.heroes) >= 4
    assert len(POOL.level1) >= 45 and len(POOL.tactics) >= 12


def test_symbols_and_access_kinds() -> None:
    # rule mastery.gap.21
    kinds = {(t.symbol, t.access.kind) for t in POOL.level1 if t.access is not None}
    assert {s for s, _ in kinds} == {"Support", "Attack", "Guard"}
    assert {k for _, k in kinds} == {"native", "class", "teachable"}
    for t in POOL.level1:
        verbs = {e.verb for e in t.effects}
        if t.symbol == "Attack":
            assert verbs & {"damage", "poison"}, t.name
        if t.symbol == "Guard":
            assert verbs & {"shield", "def_up", "reduce", "redirect", "intercept", "ward", "damage"}, t.name
        if t.symbol == "Support":
            # Support is healing, cures, draw, AP and READY; a DEF grant alone is a Guard tool
            assert verbs & {"heal", "cure", "draw", "ap", "ready"}, t.name
    # preventing Poisoned (`ward`) is a Guard protection, a cure is Support: a ward alone makes a Guard
    # card, a ward with a cure a Support card; a Guard card never cures
    warded = [t for t in (*POOL.level1, *POOL.level2) if any(e.verb == "ward" for e in t.effects)]
    assert {t.symbol for t in warded} == {"Support", "Guard"}
    for t in (*POOL.level1, *POOL.level2):
        verbs = {e.verb for e in t.effects}
        if "ward" in verbs:
            assert t.symbol == ("Support" if "cure" in verbs else "Guard"), t.name
        if "cure" in verbs:
            assert t.symbol == "Support", t.name


def test_every_mechanic_is_used() -> None:
    verbs = {e.verb for c in (*POOL.level1, *POOL.tactics) for e in c.effects}
    assert {"shield", "poison", "redirect", "intercept", "def_up", "heal", "reduce", "cure", "ward"} <= verbs
    targets = {c.target for c in (*POOL.level1, *POOL.tactics)}
    assert {"enemy", "ally", "another_ally", "all_enemies", "all_allies", "self"} <= targets


def test_every_hero_has_three_paths() -> None:
    # rule mastery.gap.27
    for h in POOL.heroes:
        paths = [POOL.by_id[p] for p in h.paths]
        assert sorted(p.symbol for p in paths) == ["Attack", "Guard", "Support"]  # type: ignore[attr-defined]
        for p in paths:
            assert len(p.techniques) == 2  # type: ignore[attr-defined]
    assert all(h.basic.effects for h in POOL.heroes)


def test_text_is_generated_from_effects() -> None:
    t = POOL.by_name["Feint"]
    assert card_text(t.target, t.effects) == "Deal 2 damage to an enemy Hero (this may deal 0). The performer gains +1 DEF this Round."


def bad(table: dict) -> str:  # type: ignore[type-arg]
    with pytest.raises(CardDataError) as e:
        CardPool(convert_cards([("mastery/cards/x.toml", table)], Card))
    return str(e.value)


def test_schema_errors_name_file_card_and_field() -> None:
    base = {"kind": "technique", "id": "x", "name": "X", "level": 1, "symbol": "Attack", "cost": 1,
            "target": "enemy", "effects": [{"verb": "damage", "amount": 2}],
            "access": {"kind": "class", "cls": "Attacker"}}
    msg = bad({**base, "cost": "two"})
    assert "mastery/cards/x.toml" in msg and "'X'" in msg and "cost" in msg
    assert "must target an enemy" in bad({**base, "target": "ally"})
    assert "needs `access`" in bad({k: v for k, v in base.items() if k != "access"})
    assert "amount ≥ 1" in bad({**base, "effects": [{"verb": "damage"}]})
    tactic = {"kind": "tactic", "id": "t", "name": "T", "cost": 1, "target": "another_ally",
              "effects": [{"verb": "heal", "amount": 1}]}
    assert "needs a performer" in bad(tactic)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({**base, "bogus": 1}, Card)


def test_ready_and_intercept_never_land_on_the_performer() -> None:
    # rule mastery.5.8
    # rule mastery.7.21
    # the performer is USED once its action resolves and cannot take damage meant for itself: a card
    # readying or intercepting for its performer would be a choice that does nothing
    guard = {"kind": "technique", "id": "x", "name": "X", "level": 1, "symbol": "Guard", "cost": 1,
             "target": "another_ally", "effects": [{"verb": "intercept"}], "access": {"kind": "class", "cls": "Tank"}}
    assert "target = another_ally" in bad({**guard, "target": "ally"})
    assert "on the performer does nothing" in bad({**guard, "target": "self"})
    assert "on the performer does nothing" in bad({**guard, "effects": [{"verb": "intercept", "to": "performer"}]})
    support = {**guard, "symbol": "Support", "effects": [{"verb": "ready"}]}
    assert "on the performer does nothing" in bad({**support, "target": "self"})
    assert "on the performer does nothing" in bad({**support, "effects": [{"verb": "ready", "to": "performer"}]})
    basic = {"name": "B", "cost": 1, "target": "self", "effects": [{"verb": "ready"}]}
    hero = {**next(t for _, t in load_card_tables("cardarena.games.mastery") if t["id"] == "rook"), "basic": basic}
    assert "on the performer does nothing" in bad(hero)
    CardPool(convert_cards([("mastery/cards/x.toml", guard), ("mastery/cards/y.toml", {**support, "id": "y", "name": "Y"})],
                           Card))  # another ally: both fine


def with_extra(*tables: dict) -> CardPool:  # type: ignore[type-arg]
    """The package's pool with these cards added in a file of their own, as a designer adds them."""
    return CardPool(convert_cards([*load_card_tables("cardarena.games.mastery"),
                                   *(("mastery/cards/new.toml", t) for t in tables)], Card))


def refused(*tables: dict) -> str:  # type: ignore[type-arg]
    with pytest.raises(CardDataError) as e:
        with_extra(*tables)
    return str(e.value)


NOVA = {"kind": "technique", "id": "test_nova", "name": "Test Nova", "level": 2, "symbol": "Attack", "cost": 2,
        "target": "all_enemies", "effects": [{"verb": "damage", "amount": 2}]}
PATH = {"kind": "path", "id": "test_path", "name": "Test Path", "symbol": "Attack",
        "passive": {"name": "Hex", "kind": "damage_bonus", "amount": 1}, "techniques": ["withering_hex", "test_nova"]}


def test_a_reference_to_a_missing_card_names_the_file_card_field_and_the_id_meant() -> None:
    hero = {**next(t for _, t in load_card_tables("cardarena.games.mastery") if t["id"] == "mira"),
            "id": "test_hero", "name": "Test Hero", "paths": ["lightbringer", "hexcaler", "aegis_keeper"]}
    assert refused(hero) == ("mastery/cards/new.toml: card 'Test Hero': paths: 'hexcaller' is not the id of a Path"
                             .replace("'hexcaller'", "'hexcaler'") + " (did you mean 'hexcaller'?)")
    msg = refused({**PATH, "techniques": ["withering_hex", "soul_lanse"]})
    assert msg.startswith("mastery/cards/new.toml: card 'Test Path': techniques: 'soul_lanse' is not the id of a "
                          "Level 2 Attack Technique (did you mean 'soul_lance'?)")
    native = {"kind": "technique", "id": "t", "name": "T", "level": 1, "symbol": "Attack", "cost": 1,
              "target": "enemy", "effects": [{"verb": "damage", "amount": 1}], "access": {"kind": "native", "hero": "mirra"}}
    assert "card 'T': access.hero: 'mirra' is not the id of a Hero (did you mean 'mira'?)" in refused(native)


def test_a_level2_technique_on_no_path_is_refused() -> None:
    # rule mastery.gap.16
    # rule mastery.gap.27
    # only the Hero on its Path performs a Level 2 Technique: on no Path, no game would ever hold it
    msg = refused(NOVA)
    assert msg.startswith("mastery/cards/new.toml: card 'Test Nova': no Path lists this Level 2 Technique")
    hero = next(t for _, t in load_card_tables("cardarena.games.mastery") if t["id"] == "kael")
    pool = with_extra(NOVA, PATH, {**hero, "id": "test_hero", "name": "Test Hero",
                                   "paths": [p if p != "bladestorm" else "test_path" for p in hero["paths"]]})
    assert pool.by_id["test_path"].techniques == ("withering_hex", "test_nova")  # type: ignore[union-attr]


def test_a_path_no_hero_lists_is_refused() -> None:
    # rule mastery.gap.27
    msg = refused(NOVA, PATH)
    assert msg.startswith("mastery/cards/new.toml: card 'Test Path': no Hero lists this Path in its `paths`")
