"""Rule scenarios for rulebook §9: Level 2 development."""

from __future__ import annotations

from collections import Counter

from mastery_scenario import act_with, card, events, find, has, pass_opportunity, pick, scenario, slot

from cardarena.games.mastery.actions import performers
from cardarena.games.mastery.effects import passive_amount


def levels(st) -> list[str]:  # type: ignore[no-untyped-def]
    return [o.data["path"] for o in st.decision.options if o.data.get("action") == "level"]


def test_two_differently_named_masteries_of_a_symbol_earn_its_path() -> None:
    # rule mastery.9.1
    # rule mastery.9.2
    # rule mastery.9.5
    st = scenario(kit={"Kael Emberstride": ["Power Strike", "Slash"]})
    assert levels(st) == ["bladestorm"]  # the Attack Path only, not Battle Medic or Duelist


def test_one_mastery_or_mixed_symbols_earn_nothing() -> None:
    # rule mastery.9.3
    # rule mastery.9.4
    assert levels(scenario(kit={"Kael Emberstride": ["Power Strike"]})) == []
    assert levels(scenario(kit={"Kael Emberstride": ["Power Strike", "Second Wind"]})) == []


def test_path_passive_is_on_at_once_and_stays() -> None:
    # rule mastery.9.6
    # rule mastery.9.7
    st = scenario(hands=(["Slash"], []), kit={"Kael Emberstride": ["Power Strike", "Feint"]})
    pick(st, "Bladestorm")
    kael = slot(st, "Kael Emberstride")
    bonus = card("Kael Emberstride").passive.amount + card("Bladestorm").passive.amount
    assert passive_amount(st, kael, "damage_bonus") == bonus
    act_with(st, "Slash", target="Brann")
    assert events(st, "damage")[0]["bonus"] == bonus
    pass_opportunity(st)
    pass_opportunity(st)
    pass_opportunity(st)
    assert st.round == 3 and passive_amount(st, kael, "damage_bonus") == bonus


def test_four_cards_enter_the_deck() -> None:
    # rule mastery.9.8
    # rule mastery.gap.26
    st = scenario(kit={"Kael Emberstride": ["Power Strike", "Slash"]})
    deck = len(st.deck[0])
    kael = slot(st, "Kael Emberstride")
    reserve = len(st.reserve[kael])
    pick(st, "Bladestorm")
    assert len(st.deck[0]) == deck + 4 and len(st.reserve[kael]) == reserve - 4
    added = Counter(st.defs[i].name for i in st.deck[0] if st.defs[i].level == 2)
    assert added == {"Whirling Blades": 2, "Executioner's Cut": 2}
    assert st.deck[1] == list(st.deck[1]) and all(st.defs[i].level == 1 for i in st.deck[1])


def test_choice_is_free_and_may_wait() -> None:
    # rule mastery.9.9
    # rule mastery.gap.25
    st = scenario(hands=(["Throwing Knife"], ["Slash"]), kit={"Kael Emberstride": ["Power Strike", "Slash"]})
    pass_opportunity(st)  # delay
    act_with(st, "Slash", target="Gorm")  # P2 acts, so the Round goes on
    assert st.round == 2 and levels(st) == ["bladestorm"]  # P1's opportunity: offered again
    pick(st, "Bladestorm")
    kael = slot(st, "Kael Emberstride")
    assert st.ap[0] == 12 and not st.used[kael]  # no AP, no Hero action
    assert st.decision.seat == 0 and has(st, "Throwing Knife")  # the opportunity goes on, Tactic included
    assert levels(st) == []  # one Path at a time


def test_only_the_path_hero_performs_level2() -> None:
    # rule mastery.gap.16
    st = scenario(hands=(["Whirling Blades"], []))
    assert not has(st, "Whirling Blades")
    st = scenario(hands=(["Whirling Blades"], []), path={"Kael Emberstride": "Bladestorm"})
    assert performers(st, 0, card("Whirling Blades")) == [slot(st, "Kael Emberstride")]
    st.apply(find(st, "Whirling Blades"))
    assert events(st, "damage")
