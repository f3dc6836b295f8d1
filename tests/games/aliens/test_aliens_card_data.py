"""Card data a designer gets wrong is refused when the pool loads, naming the file, the card and the field,
instead of loading a card that does nothing in a game (docs/cards.md)."""

from __future__ import annotations

from typing import Any

import pytest

from cardarena.core.cards import convert_cards, load_card_tables
from cardarena.core.errors import CardDataError
from cardarena.games.aliens.pool import CardPool
from cardarena.games.aliens.schema import Card


def with_extra(*tables: dict[str, Any]) -> CardPool:
    """The package's pool with these cards added in a file of their own, as a designer adds them."""
    return CardPool(convert_cards([*load_card_tables("cardarena.games.aliens"),
                                   *(("aliens/cards/new.toml", t) for t in tables)], Card))


def refused(*tables: dict[str, Any]) -> str:
    with pytest.raises(CardDataError) as e:
        with_extra(*tables)
    return str(e.value)


LASH = {"kind": "tactic", "id": "t-lash", "name": "Test Lash", "species": "Pyrrhid", "subtype": "attack",
        "cost": 1, "affinity": "Plasma", "damage": 2, "text": ""}
ALIEN = {"kind": "alien", "id": "t-alien", "name": "Test Alien", "species": "Pyrrhid", "affinity": "Plasma",
         "hp": 12, "text": ""}
ACTIVE = {"kind": "active", "name": "Zap", "text": "", "cost": 1, "target": "enemy",
          "effects": [{"verb": "damage", "amount": 1, "to": "target"}]}
PASSIVE = {"kind": "passive", "name": "Glow", "text": "", "each_turn": [{"verb": "heal", "amount": 1, "to": "performer"}]}
SECTOR = {"kind": "spawn", "id": "t-sector", "name": "Test Sector", "subtype": "sector", "cost": 1, "text": "",
          "each_turn": [{"verb": "damage", "amount": 1, "to": "all_aliens"}]}
BASIC = {"kind": "spawn", "id": "t-basic", "name": "Test Basic", "subtype": "basic", "cost": 1, "text": "",
         "target": "ally", "effects": [{"verb": "heal", "amount": 2, "to": "target"}]}


def test_the_test_cards_load() -> None:
    pool = with_extra(LASH, {**ALIEN, "ability": ACTIVE}, {**ALIEN, "id": "t-2", "name": "Test 2", "ability": PASSIVE},
                      SECTOR, BASIC)
    assert {"Test Lash", "Test Alien", "Test 2", "Test Sector", "Test Basic"} <= set(pool.by_name)


def test_a_tactic_of_a_species_no_alien_has_is_refused() -> None:
    # rule aliens.gap.1
    # a misspelled species loaded, listed and dealt, and no squad could ever use the card
    msg = refused({**LASH, "species": "Pyrrhd"})
    assert msg.startswith("aliens/cards/new.toml: card 'Test Lash': species: no Alien is a 'Pyrrhd'")
    assert "did you mean 'Pyrrhid'?" in msg
    # a new species is fine once one of its Aliens is in the pool
    pool = with_extra({**LASH, "species": "Zephyrine"}, {**ALIEN, "species": "Zephyrine", "ability": ACTIVE})
    assert pool.by_name["Test Lash"].species == "Zephyrine"


@pytest.mark.parametrize(("ability", "words"), [
    ({**ACTIVE, "target": "none"}, "the ability has no target"),  # the effect landed on nobody
    ({**ACTIVE, "effects": [{"verb": "damage", "amount": 1}], "target": "none"}, "(the default)"),
    ({**ACTIVE, "effects": [{"verb": "damage", "amount": 1, "to": "all_enemies"}]}, "no effect goes `to = target`"),
    ({**ACTIVE, "cost": -2}, "ability.cost must be ≥ 0"),  # a use that gave energy (rule aliens.7.17)
    ({**ACTIVE, "effects": [{"verb": "destroy"}], "target": "enemy"}, "`destroy` needs target = enemy_card"),
])
def test_an_ability_whose_target_and_effects_disagree_is_refused(ability: dict[str, Any], words: str) -> None:
    msg = refused({**ALIEN, "ability": ability})
    assert msg.startswith("aliens/cards/new.toml: card 'Test Alien': ") and words in msg and "at `ability`" in msg


def test_an_each_turn_effect_to_a_target_is_refused() -> None:
    # nothing is chosen at the Energy Phase: `to = target` (the default) hit nobody
    each = [{"verb": "heal", "amount": 1}]
    assert "each_turn: `heal` goes `to = target`" in refused({**ALIEN, "ability": {**PASSIVE, "each_turn": each}})
    assert "each_turn: `heal` goes `to = target`" in refused({**SECTOR, "each_turn": each})


@pytest.mark.parametrize("effect", [{"verb": "followup", "action": "assault", "to": "you"}, {"verb": "destroy"}])
def test_an_each_turn_follow_up_or_destroy_is_refused(effect: dict[str, Any]) -> None:
    # rule aliens.7.12
    # at the Energy Phase no action is left to follow up (the Activation Phase is over) and no card is
    # chosen to destroy: either would load and then do nothing
    verb = effect["verb"]
    assert f"each_turn: `{verb}`" in refused({**SECTOR, "each_turn": [effect]})
    assert f"each_turn: `{verb}`" in refused({**ALIEN, "ability": {**PASSIVE, "each_turn": [effect]}})


@pytest.mark.parametrize("card", [
    {**BASIC, "target": "none", "effects": [{"verb": "shield", "amount": 2, "to": "performer"}]},
    {**SECTOR, "each_turn": [{"verb": "heal", "amount": 1, "to": "performer"}]},
    {**SECTOR, "subtype": "continuous", "each_turn": [{"verb": "heal", "amount": 1, "to": "performer"}]},
])
def test_a_spawn_effect_to_the_performer_is_refused(card: dict[str, Any]) -> None:
    # rule aliens.3.8
    # no Alien uses a Spawn: the effect landed on nobody; an Equip's each_turn lands on its Alien
    assert "a Spawn has no performer" in refused(card)
    equip = {**SECTOR, "subtype": "equip", "each_turn": [{"verb": "heal", "amount": 1, "to": "performer"}]}
    assert with_extra(equip).by_name["Test Sector"].subtype == "equip"


def test_a_starter_naming_a_renamed_card_stops_a_match_before_it_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    # a starter names its cards by name: renaming Ember Lash left wildfire_assault naming a missing card,
    # and a match of two other decks stopped in the middle as an "engine error" (exit 3), the automaton
    # believing the opponent might have brought that starter
    from typer.testing import CliRunner

    from cardarena.cli import app
    from cardarena.core import belief
    from cardarena.games.aliens import ruleset

    tables = [(f, {**t, "name": "Ember Whip"} if t.get("name") == "Ember Lash" else t)
              for f, t in load_card_tables("cardarena.games.aliens")]
    renamed = CardPool(convert_cards(tables, Card))
    monkeypatch.setattr(ruleset, "card_pool", lambda files=None: renamed)
    monkeypatch.setattr(belief, "_CANDIDATES", {})
    ruleset._starters.cache_clear()
    try:
        r = CliRunner().invoke(app, ["match", "aliens", "--p1", "ismcts:iters=5:mind_storm", "--p2", "random:creeping_rot",
                                     "--seed", "1", "--quiet"])
    finally:
        ruleset._starters.cache_clear()
    assert r.exit_code == 2, r.output
    out = " ".join(r.output.split())
    assert "aliens/starters/wildfire_assault.toml: the starter does not fit the card pool" in out
    assert "unknown card 'Ember Lash'; did you mean 'Ember Whip'" in out
