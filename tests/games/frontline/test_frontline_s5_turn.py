"""rulebook §5: the five phases of a turn and what each allows."""

from __future__ import annotations

from frontline_scenario import FILLER, GAME, events, has, kind, next_turn, pay, pick, scenario, uid

from cardarena.games.frontline.state import FRONT, GEAR


def test_turns_alternate_and_run_five_phases_in_order() -> None:
    # rule frontline.5.1
    # rule frontline.5.2
    st = GAME.new_game(seed=8)
    p1 = st.first
    next_turn(st)
    next_turn(st)
    turns = [(e["turn"], e["player"]) for e in events(st, "turn")]
    assert turns == [(1, p1), (2, 1 - p1), (3, p1)]
    t2 = [e["phase"] for e in st.log[st.log.index(events(st, "turn")[1]):st.log.index(events(st, "turn")[2])]
          if e["type"] == "phase"]
    assert t2 == ["draw", "main1", "battle", "main2", "end"]


def test_main_phase_1_deploys_equips_casts_and_redeploys_at_any_point() -> None:
    # rule frontline.5.5
    # rule frontline.5.6
    # rule frontline.5.8
    # rule frontline.5.9
    st = scenario(hands=(["Ash Scout", "Longsword", "Sift the Dead", FILLER], []), tac=(["Pike Levy"], []))
    assert has(st, "Redeploy Pike Levy")  # before any play
    pick(st, "Deploy Ash Scout")
    assert has(st, "Redeploy Pike Levy")  # between plays
    pick(st, "Cast Sift the Dead")
    while kind(st) == "ladder":
        st.apply("pass")
    pick(st, "Equip Longsword to Ash Scout")
    pay(st, "Militia")
    assert st.zone[uid(st, "Longsword")] == GEAR
    pick(st, "Redeploy Pike Levy")  # after them
    assert st.zone[uid(st, "Pike Levy")] == FRONT and st.phase == "main1"


def test_battle_phase_declares_attacks_one_at_a_time() -> None:
    # rule frontline.5.10
    # rule frontline.6.3
    st = scenario(front=(["Pike Levy", "Skirmisher"], ["Shieldbearer"]))
    pick(st, "Go to the Battle Phase")
    assert kind(st) == "battle"
    pick(st, "Pike Levy (", "attacks Shieldbearer")
    assert kind(st) == "ladder"  # the attack resolves before another is declared
    st.apply("pass")
    st.apply("pass")
    assert kind(st) == "battle" and st.hp[uid(st, "Shieldbearer")] == 1
    assert not has(st, "Pike Levy (")  # it has attacked
    assert has(st, "Skirmisher (")


def test_main_phase_2_equips_and_optionally_redeploys() -> None:
    # rule frontline.5.11
    # rule frontline.5.12
    # rule frontline.7.20
    st = scenario(hands=(["Longsword", FILLER], []), front=(["Ash Scout"], []), tac=(["Pike Levy"], []))
    pick(st, "Go to the Battle Phase")
    pick(st, "End the Battle Phase")
    assert st.phase == "main2"
    assert has(st, "Redeploy Pike Levy") and has(st, "Equip Longsword to Ash Scout")
    pick(st, "Equip Longsword to Ash Scout")
    pay(st)
    pick(st, "End the turn")  # Pike Levy stays in the Tactical Zone: redeploying is optional
    assert st.tac[0] == uid(st, "Pike Levy")


def test_end_phase_triggers_then_hand_cap() -> None:
    # rule frontline.5.13
    # rule frontline.gap.15
    # rule frontline.2.12
    st = scenario(hands=([FILLER] * 7, []), tac=(["Watchtower"], []), start="end")
    # Watchtower draws first (8 cards), then the hand cap asks for one discard
    assert kind(st) == "discard" and len(st.hand[0]) == 8
    assert [e["keyword"] for e in events(st, "trigger")] == ["end_phase"]
    pick(st, "Discard")
    assert len(st.hand[0]) == 7
