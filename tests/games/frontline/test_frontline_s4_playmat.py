"""rulebook §4: Front Line, Equipment Row, Command Zone, Tactical Zone, Generals, Actions, Reactions."""

from __future__ import annotations

import msgspec
import pytest
from frontline_scenario import (
    FILLER,
    GAME,
    attack,
    events,
    has,
    kind,
    next_turn,
    pass_ladder,
    pay,
    pick,
    scenario,
    to_battle,
    uid,
)

from cardarena.games.frontline.schema import Card
from cardarena.games.frontline.state import COMMAND, FALLEN, FRONT, GEAR, TAC

FIVE = ["Militia Recruit"] * 5


def test_front_line_holds_five() -> None:
    # rule frontline.4.1
    # rule frontline.7.19
    st = scenario(front=(FIVE, []), tac=(["Shieldbearer"], []), hands=(["Ash Scout"], []), turn=5)
    assert not has(st, "Deploy Ash Scout") and not has(st, "Redeploy")
    st = scenario(front=(FIVE[:4], []), tac=(["Shieldbearer"], []), hands=(["Ash Scout"], []), turn=5)
    assert has(st, "Deploy Ash Scout") and has(st, "Redeploy Shieldbearer")


def test_heroes_go_to_the_front_line_and_only_units_stand_there() -> None:
    # rule frontline.4.2
    # rule frontline.4.11
    st = scenario(hands=(["Ash Scout", "Bone Pit"], []))
    pick(st, "Deploy Ash Scout")
    pick(st, "Set up Bone Pit")
    assert st.zone[uid(st, "Ash Scout")] == FRONT and st.zone[uid(st, "Bone Pit")] == TAC
    assert GAME.check_invariants(st) == []


def test_equipment_attaches_to_the_unit_in_front_of_its_slot() -> None:
    # rule frontline.4.3
    # rule frontline.4.4
    # rule frontline.5.6
    st = scenario(hands=(["Longsword", FILLER], []), front=(["Shieldbearer", "Pike Levy"], []))
    assert has(st, "Equip Longsword to Shieldbearer") and has(st, "Equip Longsword to Pike Levy")
    assert {o.id for o in st.decision.options if o.id.startswith("equip:")} == {"equip:E04:0", "equip:E04:1"}
    pick(st, "Equip Longsword to Pike Levy")
    pay(st)
    pike, sword = uid(st, "Pike Levy"), uid(st, "Longsword")
    assert st.gear[pike] == (sword,) and st.zone[sword] == GEAR
    assert st.view(0)["players"][0]["front"][1]["atk_now"] == 3
    st = scenario(hands=(["Longsword", FILLER], []))
    assert not has(st, "Equip")  # no unit in front of any Equipment Row slot


def test_five_items_at_most_and_no_duplicate_titles_per_unit() -> None:
    # rule frontline.4.5
    # rule frontline.4.6
    # rule frontline.4.7
    items = ["Tower Shield", "Iron Helm", "Longsword", "Barbed Spear", "Warhorse"]
    st = scenario(hands=(["Field Dressing", "Longsword", FILLER, FILLER], []),
                  front=(["Shieldbearer", "Pike Levy"], []), gear={"Shieldbearer": items})
    assert not has(st, "Equip Field Dressing to Shieldbearer")  # a 6th attachment is refused
    assert has(st, "Equip Field Dressing to Pike Levy")
    assert not has(st, "Equip Longsword to Shieldbearer")  # it already carries a Longsword...
    st = scenario(hands=(["Longsword", FILLER], []), front=(["Shieldbearer", "Pike Levy"], []),
                  gear={"Shieldbearer": ["Longsword"]})
    assert not has(st, "Equip Longsword to Shieldbearer")
    assert has(st, "Equip Longsword to Pike Levy")  # ...but another unit may carry one too


def test_equipment_tucks_under_a_retreating_unit() -> None:
    # rule frontline.4.8
    # rule frontline.7.6
    st = scenario(hands=([FILLER], []), front=(["Pike Levy"], []), gear={"Pike Levy": ["Longsword", "Iron Helm"]})
    pick(st, "Retreat Pike Levy")
    pay(st)
    pass_ladder(st)
    pike = uid(st, "Pike Levy")
    assert st.zone[pike] == TAC and st.tac[0] == pike and st.tac[1] == -1
    assert [st.defs[e].name for e in st.gear[pike]] == ["Longsword", "Iron Helm"]
    assert all(st.zone[e] == GEAR for e in st.gear[pike])
    assert [g["name"] for g in st.view(1)["players"][0]["tactical"][0]["gear"]] == ["Longsword", "Iron Helm"]


def test_command_zone_holds_the_one_general() -> None:
    # rule frontline.4.9
    # rule frontline.4.14
    st = scenario(hands=(["Marshal Vey", "Matron Sable", FILLER, FILLER], []))
    pick(st, "Play Marshal Vey")
    pay(st, "Militia")
    vey = uid(st, "Marshal Vey")
    assert st.command[0] == vey and st.zone[vey] == COMMAND
    assert not has(st, "Play Matron Sable")  # only as a swap
    assert has(st, "Swap in Matron Sable")


def test_swap_expends_the_active_general() -> None:
    # rule frontline.4.15
    # rule frontline.4.14
    st = scenario(hands=(["Warlord Kresh", FILLER], []), command=("Marshal Vey", None))
    pick(st, "Swap in Warlord Kresh")
    vey = uid(st, "Marshal Vey")
    assert st.zone[vey] == FALLEN  # the old General paid 1 of the 2
    pay(st)
    assert st.command[0] == uid(st, "Warlord Kresh") and len(st.fallen[0]) == 2


def test_tactical_zone_holds_three_cards_of_either_kind() -> None:
    # rule frontline.4.10
    # rule frontline.7.4
    st = scenario(hands=(["Bone Pit", FILLER], []), front=(["Pike Levy"], []),
                  tac=(["War Drum", "Signal Beacon", "Shieldbearer"], []))
    assert not has(st, "Set up Bone Pit")  # Cost 0: nothing Expended can make room
    helms = {u: ["Iron Helm"] for u in ("Shieldbearer", "Ash Scout", "Militia Recruit")}
    st = scenario(hands=([FILLER, FILLER], []), front=(["Pike Levy"], []), tac=(list(helms), []), gear=helms)
    assert not has(st, "Retreat")  # all 3 full, and no Tactical Zone card fits the cost of 1
    st = scenario(hands=(["Bone Pit", FILLER], []), front=(["Pike Levy"], []), tac=(["War Drum", "Shieldbearer"], []))
    assert has(st, "Set up Bone Pit") and has(st, "Retreat Pike Levy")


def test_tactical_equipment_stats_and_it_never_moves_to_the_front_line() -> None:
    # rule frontline.4.12
    # rule frontline.4.13
    for t in GAME.pool.tactical:
        assert t.atk == 0 and 1 <= t.hp <= 3
    with pytest.raises(msgspec.ValidationError, match="0 ATK"):
        msgspec.convert({"kind": "tactical", "id": "X", "name": "X", "cost": 1, "atk": 1, "hp": 1,
                         "aura": {"atk": 1}}, Card)
    st = scenario(tac=(["War Drum"], []), turn=7)
    assert not has(st, "Redeploy")


def test_emergency_defender_only_with_no_hero_on_the_front_line() -> None:
    # rule frontline.4.16
    # rule frontline.4.17
    # rule frontline.4.19
    st = scenario(front=(["Militia Recruit"], []), command=("Marshal Vey", None))
    assert not has(st, "Emergency Defender")
    st = scenario(command=("Marshal Vey", None))
    pick(st, "Emergency Defender")
    pass_ladder(st)
    vey = uid(st, "Marshal Vey")
    assert st.front[0] == vey and st.command[0] == -1 and st.zone[vey] == FRONT
    assert len(st.units(0)) == 1 and st.open_front(0) == 1  # it takes one of the 5 slots


def test_emergency_defender_on_the_opponents_turn_in_answer_to_a_breach() -> None:
    # rule frontline.4.18
    st = scenario(front=(["Pike Levy"], []), command=(None, "Captain Ironjaw"))
    to_battle(st)
    attack(st, "Pike Levy", "LP")
    assert kind(st) == "ladder" and st.decision.seat == 1
    pick(st, "Emergency Defender")
    pass_ladder(st)
    assert st.front[5] == uid(st, "Captain Ironjaw")
    assert st.lp[1] == 20  # the Breach whiffed: the Front Line was no longer empty


def test_front_line_general_retreats_but_never_returns_to_the_command_zone() -> None:
    # rule frontline.4.20
    # rule frontline.4.21
    st = scenario(hands=([FILLER], []), front=(["Marshal Vey"], []))
    assert not any("Command Zone" in o.label and "Marshal" in o.label for o in st.decision.options)
    pick(st, "Retreat Marshal Vey")
    pay(st)
    pass_ladder(st)
    vey = uid(st, "Marshal Vey")
    assert st.zone[vey] == TAC and st.command[0] == -1
    next_turn(st)
    next_turn(st)
    pick(st, "Redeploy Marshal Vey")
    assert st.zone[vey] == FRONT and st.command[0] == -1


def test_actions_only_in_your_own_main_phase() -> None:
    # rule frontline.4.22
    st = scenario(front=(["Pike Levy"], ["Shieldbearer"]), hands=(["Volley", FILLER], ["Volley", FILLER]))
    assert has(st, "Cast Volley")
    to_battle(st)
    assert not has(st, "Cast Volley")  # not in the Battle Phase
    attack(st, "Pike Levy", "Shieldbearer")
    assert st.decision.seat == 1 and not has(st, "Volley")  # not on the opponent's turn


def test_reactions_are_cast_from_hand_on_either_turn() -> None:
    # rule frontline.4.23
    # rule frontline.4.24
    st = scenario(front=(["Pike Levy"], ["Shieldbearer"]), hands=(["Ambush Fire", FILLER], ["Ambush Fire", FILLER]))
    assert not has(st, "Cast Ambush Fire")  # no Ladder open: nothing to answer
    to_battle(st)
    attack(st, "Pike Levy", "Shieldbearer")
    pick(st, "Cast Ambush Fire")  # P2 on P1's turn
    pay(st)
    assert st.decision.seat == 0
    pick(st, "Cast Ambush Fire")  # P1 on its own turn
    pay(st)
    pass_ladder(st)
    assert all(st.zone[i] == FALLEN for i in (uid(st, "Ambush Fire"), uid(st, "Ambush Fire", 1)))


def test_a_full_zone_makes_room_when_the_cost_expends_one_of_its_cards() -> None:
    # rule frontline.4.1
    # rule frontline.7.4
    # ruling "Room paid by the cost" (docs/rulings/frontline.md)
    st = scenario(front=(FIVE, []), hands=(["Pike Levy", FILLER], []))
    pick(st, "Deploy Pike Levy")
    assert kind(st) == "expend" and all("from your Front Line" in o.label for o in st.decision.options)
    st.apply("expend:front:0")  # the hand's Militia Recruit is not offered first
    pike = uid(st, "Pike Levy")
    assert st.front[0] == pike and len(st.units(0)) == 5 and len(st.hand[0]) == 1 and len(st.fallen[0]) == 1
    st = scenario(front=(["Pike Levy"], []), tac=(["War Drum", "Signal Beacon", "Shieldbearer"], []),
                  hands=([FILLER, "Supply Cache"], []))
    assert has(st, "Set up Supply Cache")
    pick(st, "Retreat Pike Levy")
    assert all("from your Tactical Zone" in o.label for o in st.decision.options)
    pick(st, "War Drum")
    pass_ladder(st)
    assert st.zone[uid(st, "Pike Levy")] == TAC and st.zone[uid(st, "War Drum")] == FALLEN
    assert len(st.tac_cards(0)) == 3 and len(st.hand[0]) == 2  # the hand paid nothing


def test_a_swap_brings_in_a_general_of_another_title() -> None:
    # rule frontline.4.15
    # rule frontline.gap.10
    st = scenario(hands=(["Marshal Vey", "Matron Sable", FILLER], []), command=("Marshal Vey", None))
    assert not has(st, "Swap in Marshal Vey")  # a copy of the active title is no swap
    assert has(st, "Swap in Matron Sable")
    st = scenario(hands=(["Marshal Vey", FILLER], []), front=([], ["Pike Levy"]), command=("Marshal Vey", None))
    pick(st, "steps forward")
    pass_ladder(st)
    assert st.zone[uid(st, "Marshal Vey")] == FRONT and not has(st, "Swap in Marshal Vey")  # nor from the Front Line


def test_a_swap_never_expends_more_than_its_cost() -> None:
    # rule frontline.3.2
    # rule frontline.gap.10
    # an equipped Front Line General is Expended with its equipment: 3 cards can't pay a Cost of 1
    helm = {"Marshal Vey": ["Iron Helm", "Longsword"]}
    st = scenario(front=(["Marshal Vey"], []), gear=helm, hands=(["Matron Sable", "Lady Cinder", FILLER, FILLER], []))
    assert not has(st, "Swap in Matron Sable")
    assert ("Matron Sable", "a swap Expends Marshal Vey with its equipment, 3 cards, more than the Cost of 1") \
        in GAME.unplayable(st, 0)
    pick(st, "Swap in Lady Cinder")  # its Cost of 3 fits the 3 exactly
    assert st.command[0] == uid(st, "Lady Cinder") and len(st.fallen[0]) == 3 and len(st.hand[0]) == 3


def test_swap_to_a_cost_zero_general_still_expends_the_old_one() -> None:
    # rule frontline.4.15
    # rule frontline.gap.10
    # the pool has no Cost-0 General: a test design shows the "at least 1" of the swap
    herald = msgspec.convert({"kind": "general", "id": "XG0", "name": "Herald of Nothing", "cost": 0, "atk": 0,
                              "hp": 1, "aura": {"atk": 1}}, Card)
    st = scenario(hands=([herald], []))
    assert has(st, "Play Herald of Nothing to the Command Zone (Expend 0)")
    pick(st, "Play Herald of Nothing")
    assert st.command[0] == uid(st, "Herald of Nothing") and st.fallen[0] == []  # free into an empty zone
    st = scenario(hands=([herald, FILLER], []), command=("Warlord Kresh", None))
    assert has(st, "Swap in Herald of Nothing", "Expend 1 in all")
    pick(st, "Swap in Herald of Nothing")
    assert st.command[0] == uid(st, "Herald of Nothing") and len(st.hand[0]) == 1  # the old General paid the 1
    assert [st.defs[i].name for i in st.fallen[0]] == ["Warlord Kresh"]


def test_emergency_defender_is_declared_once_per_ladder_and_takes_its_printed_hp() -> None:
    # rule frontline.4.17
    # rule frontline.gap.11
    # rule frontline.gap.19
    st = scenario(hands=(["Captain Ironjaw", FILLER, FILLER], []), front=([], ["Pike Levy"]))
    pick(st, "Play Captain Ironjaw")
    pay(st)
    assert st.hp[uid(st, "Captain Ironjaw")] == 3
    pick(st, "steps forward")
    st.apply("pass")  # P2
    assert st.decision.seat == 0 and kind(st) == "ladder"
    assert not has(st, "steps forward")  # already on the Ladder: a second one would only whiff
    st.apply("pass")
    ironjaw = uid(st, "Captain Ironjaw")
    assert st.front[0] == ironjaw and st.hp[ironjaw] == 3 and len(events(st, "emergency")) == 1


def test_a_full_zone_with_one_card_that_fits_is_not_asked_which() -> None:
    # rule frontline.4.1
    # ruling "Room paid by the cost" (docs/rulings/frontline.md)
    helms = {u: ["Iron Helm"] for u in ("Shieldbearer", "Pike Levy", "Ash Scout", "Skirmisher")}
    st = scenario(front=([*helms, "Militia Recruit"], []), gear=helms, hands=(["Relay Runner", FILLER], []))
    recruit = st.front[4]
    pick(st, "Deploy Relay Runner")  # Cost 1: only the Militia Recruit (weight 1) fits; public, so not asked
    assert kind(st) == "main" and st.zone[recruit] == FALLEN and st.front[4] == uid(st, "Relay Runner")
    assert len(st.hand[0]) == 2  # the kept filler, and Relay Runner's Muster draw


def test_only_cards_in_hand_are_played() -> None:
    # rule frontline.4.23
    # rule frontline.5.5
    st = scenario(hands=([FILLER] * 4, []), fallen=(["Ash Scout", "Volley", "Ambush Fire"], []),
                  decks=(["Pike Levy"] * 3, [FILLER] * 3), front=([], ["Shieldbearer"]))
    assert not has(st, "Ash Scout") and not has(st, "Volley") and not has(st, "Pike Levy")
    pick(st, "Deploy Militia Recruit")
    pick(st, "Retreat Militia Recruit")
    pay(st)
    assert st.decision.seat == 1
    st.apply("pass")
    assert st.decision.seat == 0 and len(st.hand[0]) == 2 and not has(st, "Ambush Fire")  # fuel enough, not in hand


def test_tactical_equipment_costs_its_printed_cost() -> None:
    # rule frontline.3.2
    # rule frontline.4.10
    st = scenario(hands=(["War Drum"], []))
    assert not has(st, "Set up War Drum")  # Cost 1 and nothing else to Expend
    st = scenario(hands=(["War Drum", FILLER], []))
    pick(st, "Set up War Drum")
    pay(st)
    assert st.tac[0] == uid(st, "War Drum") and len(st.fallen[0]) == 1
