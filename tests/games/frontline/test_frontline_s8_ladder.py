"""rulebook §8: the Reaction Ladder — build, resolve last-in first-out, whiff gracefully."""

from __future__ import annotations

from frontline_scenario import FILLER, attack, events, has, kind, pass_ladder, pay, pick, scenario, to_battle, uid

from cardarena.games.frontline.state import FALLEN, FRONT


def test_an_action_opens_the_ladder_and_the_other_player_answers() -> None:
    # rule frontline.8.1
    # rule frontline.8.2
    st = scenario(hands=(["Volley", FILLER], ["Ambush Fire", FILLER]), front=(["Pike Levy"], ["Shieldbearer"]))
    pick(st, "Cast Volley")
    pay(st)
    assert len(st.links) == 1 and st.links[0][0] == "card"
    assert kind(st) == "ladder" and st.decision.seat == 1 and has(st, "Cast Ambush Fire")


def test_four_links_resolve_top_down_and_a_destroyed_source_whiffs() -> None:
    # rule frontline.8.3
    # rule frontline.8.4
    # rule frontline.8.5
    # rule frontline.8.6
    # rule frontline.8.7
    # rule frontline.8.9
    # rule frontline.8.10
    st = scenario(front=(["Pike Levy"], ["Militia Recruit"]),
                  hands=(["Smoke Screen", FILLER], ["Ambush Fire", "Countermand", FILLER, FILLER, FILLER]))
    to_battle(st)
    attack(st, "Pike Levy", "Militia Recruit")  # 1: P1's attack
    pick(st, "Cast Ambush Fire")  # 2: P2 aims at the attacker
    pay(st, "Militia Recruit from your hand")
    pick(st, "Cast Smoke Screen")  # 3: P1 counter-responds
    pay(st)
    pick(st, "Cast Countermand")  # 4: P2 again
    pay(st, "Militia Recruit from your hand")
    assert [link[0] for link in st.links] == ["attack", "card", "card", "card"]
    st.apply("pass")  # P1 passes...
    assert kind(st) == "ladder" and st.decision.seat == 1  # ...both must pass in a row
    st.apply("pass")
    order = [(e["type"], e.get("card") or e.get("source")) for e in st.log if e["type"] in ("resolve", "whiff")]
    assert order == [("resolve", "Countermand"), ("whiff", "Smoke Screen"), ("resolve", "Ambush Fire"),
                     ("whiff", "Pike Levy")]
    assert st.zone[uid(st, "Pike Levy")] == FALLEN and st.hp[uid(st, "Militia Recruit")] == 1
    assert events(st, "whiff")[-1]["reason"] == "the attacker left the Front Line"
    assert st.links == []


def test_a_link_whose_target_was_destroyed_whiffs_and_the_rest_resolve() -> None:
    # rule frontline.8.8
    # rule frontline.8.10
    st = scenario(hands=(["Volley", "Ambush Fire", FILLER, FILLER], []), front=([], ["Militia Recruit", "Shieldbearer"]))
    pick(st, "Cast Volley")
    pick(st, "Militia Recruit")
    pay(st, "Militia Recruit from your hand")
    st.apply("pass")  # P2
    pick(st, "Cast Ambush Fire")  # P1 adds a second link on the same target
    pick(st, "Militia Recruit")
    pay(st, "Militia Recruit from your hand")
    pass_ladder(st)
    whiffs = events(st, "whiff")
    assert [w["source"] for w in whiffs] == ["Volley"] and whiffs[0]["reason"] == "its target is gone"
    assert st.zone[uid(st, "Volley")] == FALLEN  # a whiffed card still goes to the Fallen Zone


def test_attack_on_a_unit_that_left_the_front_line_whiffs() -> None:
    # rule frontline.8.11
    st = scenario(front=(["Pike Levy"], ["Vanguard Squire"]), hands=([], [FILLER]))
    to_battle(st)
    attack(st, "Pike Levy", "Vanguard Squire")
    pick(st, "Retreat Vanguard Squire")
    pay(st)
    pass_ladder(st)
    assert st.hp[uid(st, "Vanguard Squire")] == 2 and events(st, "whiff")[-1]["kind"] == "attack"


def test_triggers_fire_mid_ladder() -> None:
    # rule frontline.8.12
    st = scenario(front=(["Pike Levy"], ["Spark Urchin"]), hands=([], [FILLER]))
    to_battle(st)
    attack(st, "Pike Levy", "Spark Urchin")
    pass_ladder(st)
    # Spark Urchin's Last Stand and the Pierce excess both reach P1's and P2's LP during resolution
    assert st.lp[0] == 19 and st.lp[1] == 19
    assert st.zone[uid(st, "Spark Urchin")] == FALLEN and st.zone[uid(st, "Pike Levy")] == FRONT
