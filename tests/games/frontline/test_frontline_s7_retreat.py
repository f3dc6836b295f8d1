"""rulebook §7: Retreat to the Tactical Zone, Physical Combat Immunity, redeployment."""

from __future__ import annotations

from frontline_scenario import (
    FILLER,
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

from cardarena.games.frontline.state import FALLEN, FRONT, TAC


def test_retreat_on_your_own_turn_for_one_expend() -> None:
    # rule frontline.7.1
    # rule frontline.7.3
    # rule frontline.7.5
    st = scenario(hands=([FILLER], []), front=(["Pike Levy", "Ash Scout"], []))
    pick(st, "Retreat Pike Levy")
    pick(st, "Militia Recruit from your hand")
    pass_ladder(st)
    pike = uid(st, "Pike Levy")
    assert st.zone[pike] == TAC and st.front[0] == -1 and st.tac[0] == pike
    assert [st.defs[i].name for i in st.fallen[0]] == [FILLER]


def test_retreat_needs_a_card_to_expend() -> None:
    # rule frontline.7.3
    st = scenario(front=(["Pike Levy"], []))
    assert not has(st, "Retreat")  # the unit cannot pay for itself


def test_on_the_opponents_turn_retreat_only_answers_an_attack_or_effect() -> None:
    # rule frontline.7.2
    st = scenario(front=(["Pike Levy"], ["Shieldbearer"]), hands=([], [FILLER]))
    seats = set()
    to_battle(st)
    attack(st, "Pike Levy", "Shieldbearer")
    while st.turn == 3:
        seats.add((st.decision.seat, st.decision.kind))
        if st.decision.seat == 1:
            assert st.decision.kind == "ladder" and has(st, "Retreat Shieldbearer")
        st.apply("pass" if "pass" in st.decision.ids else ("end" if "end" in st.decision.ids else "battle"))
    assert (1, "ladder") in seats and (1, "main") not in seats


def test_retreat_answering_an_attack_makes_it_whiff() -> None:
    # rule frontline.7.7
    # rule frontline.7.8
    # rule frontline.8.11
    st = scenario(front=(["Siege Titan"], ["Militia Recruit"]), hands=([], [FILLER]))
    to_battle(st)
    attack(st, "Siege Titan", "Militia Recruit")
    pick(st, "Retreat Militia Recruit")
    pay(st)
    pass_ladder(st)
    mr = uid(st, "Militia Recruit")
    assert st.zone[mr] == TAC and st.hp[mr] == 1
    assert st.lp[1] == 20  # no Pierce either
    assert events(st, "whiff")[-1]["kind"] == "attack"
    assert st.view(0)["players"][1]["tactical"][0]["immune"] is True


def test_immunity_ends_with_the_turn_and_redeploy_waits_for_a_later_turn() -> None:
    # rule frontline.7.9
    # rule frontline.7.15
    # rule frontline.7.16
    # rule frontline.7.17
    st = scenario(hands=([FILLER], []), front=(["Pike Levy"], []))
    pick(st, "Retreat Pike Levy")
    pay(st)
    pass_ladder(st)
    assert not has(st, "Redeploy")  # not in the turn it retreated
    assert st.view(1)["players"][0]["tactical"][0]["immune"] is True
    next_turn(st)
    assert st.view(1)["players"][0]["tactical"][0]["immune"] is False
    next_turn(st)
    fallen = len(st.fallen[0])
    pick(st, "Redeploy Pike Levy")
    assert st.zone[uid(st, "Pike Levy")] == FRONT and len(st.fallen[0]) == fallen  # free


def test_retreat_turns_cover_off() -> None:
    # rule frontline.7.10
    # rule frontline.gap.17
    st = scenario(front=(["Pike Levy"], ["Militia Recruit"]), tac=([], ["Shieldbearer"]))
    to_battle(st)
    assert has(st, "attacks Militia Recruit")  # the retreated Shieldbearer forces nothing


def test_retreated_units_stay_targetable_by_actions_reactions_and_hero_effects() -> None:
    # rule frontline.7.11
    # rule frontline.7.12
    # rule frontline.7.13
    st = scenario(hands=(["Volley", FILLER, FILLER, FILLER], []), front=(["Marksman"], []), tac=([], ["Shieldbearer"]))
    sb = uid(st, "Shieldbearer")
    pick(st, "Cast Volley")  # an Action
    pay(st, "Militia")
    pass_ladder(st)
    assert st.hp[sb] == 2
    pick(st, "Marksman: Snipe")  # a Hero's effect
    pay(st, "Militia")
    pass_ladder(st)
    assert st.hp[sb] == 1
    st = scenario(hands=(["Volley", FILLER], ["Ambush Fire", FILLER]), front=(["Militia Recruit"], ["Sandbag Porter"]),
                  tac=(["Shieldbearer"], []))
    pick(st, "Cast Volley")
    pay(st)
    pick(st, "Cast Ambush Fire")  # a Reaction, aimed at the retreated unit
    pick(st, "Shieldbearer")
    pay(st)
    pass_ladder(st)
    assert st.hp[uid(st, "Shieldbearer")] == 2


def test_units_in_the_tactical_zone_cannot_attack() -> None:
    # rule frontline.7.14
    st = scenario(front=(["Ash Scout"], ["Militia Recruit"]), tac=(["Pike Levy"], []))
    to_battle(st)
    assert has(st, "Ash Scout (") and not has(st, "Pike Levy (")


def test_redeploy_only_in_main_phases() -> None:
    # rule frontline.7.18
    st = scenario(front=(["Ash Scout"], ["Militia Recruit"]), tac=(["Pike Levy"], []), hands=([], ["Ambush Fire", FILLER]))
    assert has(st, "Redeploy Pike Levy")
    to_battle(st)
    assert not has(st, "Redeploy")
    attack(st, "Ash Scout", "Militia Recruit")
    assert not has(st, "Redeploy")  # nor in a Ladder
    pass_ladder(st)
    assert st.phase == "main2" and has(st, "Redeploy Pike Levy")  # Main Phase 2
    st.apply("end")
    assert st.zone[uid(st, "Pike Levy")] == TAC and st.zone[uid(st, "Ash Scout")] in (FRONT, FALLEN)


def test_damage_stays_through_retreat_and_redeployment() -> None:
    # rule frontline.6.20
    st = scenario(hands=([FILLER], []), front=(["Shieldbearer", "Pike Levy"], []))
    sb = uid(st, "Shieldbearer")
    st.hp[sb] = 1  # damaged on an earlier turn
    pick(st, "Retreat Shieldbearer")
    pay(st)
    pass_ladder(st)
    assert st.zone[sb] == TAC and st.hp[sb] == 1
    next_turn(st)
    next_turn(st)
    pick(st, "Redeploy Shieldbearer")
    assert st.zone[sb] == FRONT and st.hp[sb] == 1
    assert st.front[0] == sb and st.view(0)["players"][0]["front"][0]["hp_now"] == 1


def test_on_the_opponents_turn_retreat_answers_only_their_attack_or_effect() -> None:
    # rule frontline.7.2
    # rule frontline.gap.19
    # ruling "Retreat answers" (docs/rulings/frontline.md)
    st = scenario(hands=([FILLER], [FILLER]), front=(["Pike Levy", "Ash Scout"], ["Shieldbearer"]))
    pick(st, "Retreat Pike Levy")
    pay(st)
    assert st.decision.seat == 1 and kind(st) == "ladder" and not has(st, "Retreat")  # a Retreat is no attack/effect
    pass_ladder(st)
    st = scenario(hands=([], [FILLER]), front=([], ["Shieldbearer"]), command=("Marshal Vey", None))
    pick(st, "steps forward")
    assert st.decision.seat == 1 and not has(st, "Retreat")  # nor is an Emergency move
    st = scenario(hands=(["Volley", FILLER, FILLER], ["Last Rites", FILLER]), front=(["Pike Levy"], ["Shieldbearer"]))
    pick(st, "Cast Volley")
    pay(st)
    assert st.decision.seat == 1 and has(st, "Retreat Shieldbearer")  # an Action is an effect
    pick(st, "Cast Last Rites")
    assert st.decision.seat == 0 and has(st, "Retreat Pike Levy")  # on your own turn, any link
    st.apply("pass")
    assert st.decision.seat == 1 and not has(st, "Retreat")  # its own Reaction on top answers nothing of theirs


def test_an_effect_follows_its_target_into_the_tactical_zone() -> None:
    # rule frontline.7.11
    # rule frontline.8.8
    # ruling "Effects follow a retreated unit" (docs/rulings/frontline.md)
    st = scenario(hands=(["Volley", FILLER], [FILLER]), front=(["Pike Levy"], ["Shieldbearer"]))
    pick(st, "Cast Volley")
    pay(st)
    pick(st, "Retreat Shieldbearer")  # in answer to the Action aimed at it
    pay(st)
    pass_ladder(st)
    sb = uid(st, "Shieldbearer")
    assert st.zone[sb] == TAC and st.hp[sb] == 2  # the Retreat resolved first, Volley still hit
    assert not events(st, "whiff")


def test_a_retreated_unit_is_not_shown_with_cover() -> None:
    """A retreated Shieldbearer was listed with the keyword Cover in every view, though Retreat
    deactivates it (it only came back on redeploy): the board told players a forcing Cover unit
    stood where none did."""
    # rule frontline.7.10
    # rule frontline.gap.17
    st = scenario(hands=([FILLER], []), front=(["Shieldbearer", "Pike Levy"], []))
    assert "cover" in st.view(1)["players"][0]["front"][0]["keywords"]
    pick(st, "Retreat Shieldbearer")
    pay(st)
    pass_ladder(st)
    assert "cover" not in st.view(1)["players"][0]["tactical"][0]["keywords"]
    next_turn(st)
    next_turn(st)
    pick(st, "Redeploy Shieldbearer")
    assert "cover" in st.view(1)["players"][0]["front"][0]["keywords"]  # printed: back on the Front Line


def test_a_unit_already_retreating_on_the_ladder_is_not_offered_again() -> None:
    # rule frontline.gap.19
    st = scenario(hands=([FILLER, FILLER], []), front=(["Pike Levy", "Ash Scout"], []))
    pick(st, "Retreat Pike Levy")
    pay(st)
    st.apply("pass")  # P2
    assert st.decision.seat == 0 and kind(st) == "ladder"
    assert not has(st, "Retreat Pike Levy") and has(st, "Retreat Ash Scout")


def test_of_two_retreats_for_one_open_slot_the_later_one_takes_it_and_the_other_whiffs() -> None:
    # rule frontline.7.4
    # rule frontline.8.5
    # rule frontline.8.8
    st = scenario(hands=([FILLER, FILLER], []), front=(["Pike Levy", "Ash Scout"], []),
                  tac=(["War Drum", "Signal Beacon"], []))
    pick(st, "Retreat Pike Levy")
    pay(st)
    st.apply("pass")  # P2
    pick(st, "Retreat Ash Scout")
    pay(st)
    pass_ladder(st)
    assert st.zone[uid(st, "Ash Scout")] == TAC and st.zone[uid(st, "Pike Levy")] == FRONT
    assert events(st, "whiff")[-1]["reason"] == "no open Tactical Zone slot"
    assert len(st.tac_cards(0)) == 3 and len(st.fallen[0]) == 2  # the cost is not refunded


def test_a_redeployed_unit_cannot_attack_that_turn() -> None:
    # rule frontline.7.15
    # rule frontline.gap.12
    st = scenario(front=(["Ash Scout"], ["Militia Recruit"]), tac=(["Pike Levy"], []))
    pick(st, "Redeploy Pike Levy")
    to_battle(st)
    assert has(st, "Ash Scout (") and not has(st, "Pike Levy (")


def test_on_the_opponents_turn_retreat_answers_their_ability() -> None:
    # rule frontline.7.2
    # ruling "Retreat answers" (docs/rulings/frontline.md)
    st = scenario(hands=([FILLER], [FILLER]), front=(["Marksman"], ["Shieldbearer"]))
    pick(st, "Marksman: Snipe")
    pay(st)
    assert st.decision.seat == 1 and has(st, "Retreat Shieldbearer")  # an ability is an effect
