"""Rule scenarios for rulebook §13: Alien abilities (rules aliens.13.1–13.3) and the kinds' rulings
(aliens.gap.32, aliens.gap.33)."""

from __future__ import annotations

import pytest
from aliens_scenario import POOL, card, events, find, has, pick, scenario, slot

from cardarena.core.cards import convert_cards
from cardarena.core.errors import CardDataError, IllegalChoice
from cardarena.games.aliens.schema import Card

# Venn: repeatable (Foresight, pay 1: draw 1). Zarkon: active (Overload, pay 1: Jam an enemy).
# Rimeforged Golem: once per battle (Glacial Bastion, pay 1: 3-damage shield on each ally).
P0 = ["Oracle Venn", "Zarkon Arcwing", "Rimeforged Golem"]
P1 = ["Tempestra", "Gravok Stonehide", "Synapse Drone"]
E = 9  # energy to spare, where a test is not about energy


def until_turn(st, turn: int) -> None:
    """Pass (or decline) until turn `turn` asks for its primary action."""
    while not (st.turn == turn and st.decision is not None and st.decision.kind == "action"):
        d = st.decision
        assert d is not None, st.result
        st.apply("pass" if "pass" in d.ids else d.ids[-1])


def alien_table(kind: str) -> dict:
    ability = {"kind": kind, "name": "Test", "text": "t", "cost": 1,
               "effects": [{"verb": "draw", "amount": 1, "to": "you"}]}
    return {"kind": "alien", "id": "t-alien", "name": "Test Alien", "species": "Testers", "affinity": "Ion",
            "hp": 10, "ability": ability}


# -- the four kinds --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["active", "once", "repeatable"])
def test_an_ability_of_one_of_the_four_kinds_is_accepted(kind):
    # rule aliens.13.1
    [card] = convert_cards([("test.toml", alien_table(kind))], Card)
    assert card.ability.kind == kind


def test_a_passive_ability_is_accepted():
    # rule aliens.13.1
    table = alien_table("passive")
    table["ability"] = {"kind": "passive", "name": "Test", "text": "t", "modifiers": {"armor": 1}}
    [card] = convert_cards([("test.toml", table)], Card)
    assert card.ability.kind == "passive"


@pytest.mark.parametrize("kind", ["triggered", "ultimate", ""])
def test_an_ability_of_any_other_kind_is_refused(kind):
    # rule aliens.13.1
    with pytest.raises(CardDataError, match="kind"):
        convert_cards([("test.toml", alien_table(kind))], Card)


def test_every_alien_of_the_pool_has_one_of_the_four_kinds():
    # rule aliens.13.1
    kinds = {a.ability.kind for a in POOL.aliens}
    assert kinds == {"passive", "active", "once", "repeatable"}


# -- Passive ---------------------------------------------------------------------------------------


def test_passive_ability_is_never_an_option_and_applies_by_itself():
    # rule aliens.13.1
    # rule aliens.gap.32
    # Vexa's Blazing Heart (+1 to her Attacks) is always on: no choice, and Ember Lash deals 2 + 1.
    st = scenario(aliens=(["Vexa, Ember Queen", "Zarkon Arcwing", "Rimeforged Golem"], P1),
                  hands=(["Ember Lash"], []), charge=(E, 0))
    assert not has(st, "Blazing Heart")
    pick(st, "Play Ember Lash")
    pick(st, "Gravok Stonehide")
    [d] = events(st, "damage")
    base, plus = card("Ember Lash").damage, card("Vexa, Ember Queen").ability.modifiers.attack
    assert (d["base"], d["modifier"], d["final"]) == (base, plus, base + plus)


def test_squad_passive_applies_to_every_live_ally():
    # rule aliens.gap.32
    # Ferrax Prime's Reinforced Chassis: each of its owner's Aliens takes 1 less damage from cards.
    st = scenario(aliens=(["Cindermaw", "Rustbloom Engine", "Boreas Galewing"],
                          ["Ferrax Prime", "Gravok Stonehide", "Synapse Drone"]),
                  hands=(["Ember Lash"], []), charge=(E, 0))
    pick(st, "Play Ember Lash")
    pick(st, "Synapse Drone")
    [d] = events(st, "damage")
    armor = card("Ferrax Prime").ability.modifiers.armor
    assert (d["armor"], d["final"]) == (armor, card("Ember Lash").damage - armor)


def test_a_ko_aliens_passive_no_longer_applies():
    # rule aliens.gap.33
    st = scenario(aliens=(["Cindermaw", "Rustbloom Engine", "Boreas Galewing"],
                          ["Ferrax Prime", "Gravok Stonehide", "Synapse Drone"]),
                  hands=(["Ember Lash"], []), charge=(E, 0), hp={"Ferrax Prime": 0})
    pick(st, "Play Ember Lash")
    pick(st, "Synapse Drone")
    [d] = events(st, "damage")
    assert (d["armor"], d["final"]) == (0, card("Ember Lash").damage)


def test_a_ko_aliens_each_turn_passive_stops():
    # rule aliens.gap.33
    # The Grey Bloom heals each ally at the start of its owner's Energy Phase, but not once KO'd.
    live = scenario(aliens=(["The Grey Bloom", "Zarkon Arcwing", "Rimeforged Golem"], P1),
                    hands=(["Nanite Infusion"], []), hp={"Zarkon Arcwing": 5})
    pick(live, "Pass")
    assert live.hp[slot(live, "Zarkon Arcwing")] == 5 + card("The Grey Bloom").ability.each_turn[0].amount
    st = scenario(aliens=(["The Grey Bloom", "Zarkon Arcwing", "Rimeforged Golem"], P1),
                  hands=(["Nanite Infusion"], []), hp={"Zarkon Arcwing": 5, "The Grey Bloom": 0})
    pick(st, "Pass")
    assert st.hp[slot(st, "Zarkon Arcwing")] == 5


def test_a_passive_is_always_on_and_never_changes_the_ramp():
    # rule aliens.gap.32
    # rule aliens.8.2
    st = scenario(aliens=(["Heliox Dynamo", "Zarkon Arcwing", "Rimeforged Golem"], P1), start="turn_start")
    assert st.turn == 3 and st.charge[0] == 2  # the Reactor Ramp is +2, whatever the squad (rule 7.17)
    from cardarena.games.aliens.effects import tactic_cost

    for t in ("Ember Lash",):
        c = card(t)
        assert tactic_cost(st, c, slot(st, "Zarkon Arcwing")) == max(c.cost - 1, 0)  # the Passive: 1 less


# -- Active ----------------------------------------------------------------------------------------


def test_active_ability_is_the_turns_primary_action():
    # rule aliens.gap.33
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash", "Nanite Infusion"], []), charge=(E, 0))
    pick(st, "Zarkon Arcwing: Overload")
    pick(st, "Gravok Stonehide")
    assert st.status[slot(st, "Gravok Stonehide")] == "jammed"
    assert st.turn == 4 and st.decision.seat == 1  # no second action for P0
    assert st.charge[0] == E - card("Zarkon Arcwing").ability.cost


def test_active_ability_can_be_used_again_on_a_later_turn():
    # rule aliens.gap.32
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(E, 0))
    pick(st, "Zarkon Arcwing: Overload")
    pick(st, "Gravok Stonehide")
    until_turn(st, 5)
    assert has(st, "Zarkon Arcwing: Overload")
    pick(st, "Zarkon Arcwing: Overload")
    pick(st, "Synapse Drone")
    assert st.status[slot(st, "Synapse Drone")] == "jammed"
    assert len([e for e in events(st, "ability") if e["ability"] == "Overload"]) == 2


def test_active_ability_pays_its_cost_and_is_not_offered_without_the_energy():
    # rule aliens.gap.32
    price = card("Cindermaw").ability.cost
    st = scenario(aliens=(["Cindermaw", "Zarkon Arcwing", "Rimeforged Golem"], P1),
                  hands=(["Nanite Infusion"], []), charge=(price - 1, 0))
    assert not has(st, "Eruption")
    st = scenario(aliens=(["Cindermaw", "Zarkon Arcwing", "Rimeforged Golem"], P1),
                  hands=(["Nanite Infusion"], []), charge=(price, 0))
    pick(st, "Cindermaw: Eruption")
    pick(st, "Gravok Stonehide")
    assert st.charge[0] == 0


# -- Once per battle -------------------------------------------------------------------------------


def test_once_per_battle_ability_works_the_first_time():
    # rule aliens.13.2
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(E, 0))
    pick(st, "Rimeforged Golem: Glacial Bastion")
    assert st.shield[0:3] == [card("Rimeforged Golem").ability.effects[0].amount] * 3
    assert st.view(0)["players"][0]["aliens"][2]["ability"]["used"] is True
    assert st.turn == 4  # it was the primary action (ruling aliens.gap.33)


def test_once_per_battle_ability_is_refused_a_second_time():
    # rule aliens.13.2
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(E, 0))
    option = find(st, "Rimeforged Golem: Glacial Bastion")
    st.apply(option)
    until_turn(st, 5)
    assert st.energy(0) >= card("Rimeforged Golem").ability.cost  # it could be paid for
    assert not has(st, "Glacial Bastion")
    with pytest.raises(IllegalChoice):
        st.apply(option)
    # still refused many turns later
    for turn in (7, 9, 11):
        until_turn(st, turn)
        assert not has(st, "Glacial Bastion")
    assert len([e for e in events(st, "ability") if e["ability"] == "Glacial Bastion"]) == 1


# -- Repeatable ------------------------------------------------------------------------------------


def test_repeatable_ability_does_not_use_the_primary_action():
    # rule aliens.13.3
    # rule aliens.gap.32
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(E, 0))
    assert has(st, "Oracle Venn: Foresight", "(free action)")
    pick(st, "Oracle Venn: Foresight")
    assert len(st.hand[0]) == 2  # drew 1
    assert st.turn == 3 and st.decision.kind == "action" and st.decision.seat == 0
    assert has(st, "Zarkon Arcwing: Overload")  # the primary action is still to take
    pick(st, "Zarkon Arcwing: Overload")
    pick(st, "Gravok Stonehide")
    assert st.status[slot(st, "Gravok Stonehide")] == "jammed"


def test_repeatable_ability_is_once_per_turn():
    # rule aliens.gap.32
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(E, 0))
    pick(st, "Oracle Venn: Foresight")
    assert not has(st, "Foresight")


def test_repeatable_ability_is_not_limited_to_one_use_per_game():
    # rule aliens.13.3
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(E, 0))
    for turn in (5, 7, 9):
        pick(st, "Oracle Venn: Foresight")
        pick(st, "Pass")
        until_turn(st, turn)
    assert has(st, "Oracle Venn: Foresight")
    uses = [e for e in events(st, "ability") if e["ability"] == "Foresight"]
    assert [e["player"] for e in uses] == [0, 0, 0]


def test_repeatable_ability_pays_its_cost_each_time():
    # rule aliens.gap.32
    c = card("Oracle Venn").ability.cost
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(2 * c, 0))
    pick(st, "Oracle Venn: Foresight")
    assert st.energy(0) == c
    pick(st, "Pass")
    until_turn(st, 5)  # +2 ramp
    pick(st, "Oracle Venn: Foresight")
    assert st.energy(0) == c + 2 - c
    assert [e["cost"] for e in events(st, "ability")] == [c, c]


def test_repeatable_ability_is_not_offered_after_the_primary_action():
    # rule aliens.gap.32
    # Precognition grants a follow-up of any kind; the repeatable is still not offered then.
    st = scenario(aliens=(P0, P1), hands=(["Precognition"], []), charge=(E, 0))
    pick(st, "Play Precognition")
    assert st.decision.kind == "followup"
    assert not has(st, "Foresight")
