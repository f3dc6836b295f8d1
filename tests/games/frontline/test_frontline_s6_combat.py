"""rulebook §6: attacks, targeting, Cover, the Breach, persistent damage, Pierce."""

from __future__ import annotations

from frontline_scenario import (
    FILLER,
    attack,
    events,
    has,
    kind,
    labels,
    next_turn,
    pass_ladder,
    pay,
    pick,
    scenario,
    to_battle,
    uid,
)

from cardarena.games.frontline.state import FALLEN, FRONT, TAC


def test_no_attacks_on_turn_1() -> None:
    # rule frontline.6.1
    st = scenario(front=(["Pike Levy"], ["Shieldbearer"]), turn=1)
    to_battle(st)
    assert st.phase == "main2" and not has(st, "attacks")


def test_player_2_attacks_on_turn_2() -> None:
    # rule frontline.6.2
    st = scenario(front=(["Shieldbearer"], ["Pike Levy"]), turn=2, active=1)
    to_battle(st)
    assert kind(st) == "battle" and has(st, "Pike Levy (", "attacks Shieldbearer")


def test_no_retaliation_and_one_target() -> None:
    # rule frontline.6.4
    # rule frontline.6.5
    # rule frontline.6.6
    st = scenario(front=(["Militia Recruit"], ["Pike Levy"]))
    to_battle(st)
    assert all(o.id.count(":") == 4 for o in st.decision.options if o.id.startswith("attack:"))
    attack(st, "Militia Recruit", "Pike Levy")
    pass_ladder(st)
    assert st.zone[uid(st, "Pike Levy")] == FALLEN
    assert st.hp[uid(st, "Militia Recruit")] == 1  # the defender dealt nothing back


def test_tactical_equipment_may_be_attacked_while_the_front_line_is_held() -> None:
    # rule frontline.6.7
    # rule frontline.gap.3
    # rule frontline.6.21
    st = scenario(front=(["Pike Levy"], ["Militia Recruit"]), tac=([], ["War Drum"]))
    to_battle(st)
    attack(st, "Pike Levy", "War Drum")
    pass_ladder(st)
    assert st.zone[uid(st, "War Drum")] == FALLEN


def test_only_enemy_front_line_units_and_tactical_equipment_are_targets() -> None:
    # rule frontline.6.8
    st = scenario(front=(["Pike Levy", "Ash Scout"], ["Militia Recruit"]), tac=(["War Drum"], ["Shieldbearer"]),
                  command=(None, "Marshal Vey"))
    to_battle(st)
    ls = labels(st)
    assert not any("Marshal Vey" in x or "Ash Scout (" in x.split("attacks")[1] or "War Drum" in x for x in ls
                   if "attacks" in x)
    assert not any("attacks Shieldbearer" in x for x in ls)  # a retreated unit is not an attack target


def test_cover_must_be_targeted_first() -> None:
    # rule frontline.6.9
    # rule frontline.6.10
    # rule frontline.6.11
    st = scenario(front=(["Pike Levy"], ["Militia Recruit", "Shieldbearer", "Vanguard Squire"]),
                  tac=([], ["War Drum"]))
    to_battle(st)
    targets = {x.split("attacks ")[1].split(" (")[0] for x in labels(st) if "attacks" in x}
    assert targets == {"Shieldbearer", "Vanguard Squire"}  # the attacker picks among Cover units


def test_cover_gone_frees_the_other_targets() -> None:
    # rule frontline.6.12
    st = scenario(front=(["Pike Levy", "Skirmisher"], ["Militia Recruit", "Vanguard Squire"]))
    to_battle(st)
    attack(st, "Pike Levy", "Vanguard Squire")
    pass_ladder(st)
    assert st.zone[uid(st, "Vanguard Squire")] == FALLEN
    assert has(st, "Skirmisher (", "attacks Militia Recruit")


def test_breach_from_turn_2_when_the_front_line_is_empty() -> None:
    # rule frontline.6.13
    # rule frontline.6.15
    # rule frontline.6.16
    st = scenario(front=(["Pike Levy"], []), tac=([], ["War Drum"]), turn=2)
    to_battle(st)
    assert has(st, "LP directly") and has(st, "attacks War Drum")
    attack(st, "Pike Levy", "LP")
    pass_ladder(st)
    assert st.lp[1] == 18


def test_no_breach_while_any_unit_holds_the_front_line() -> None:
    # rule frontline.6.14
    st = scenario(front=(["Pike Levy"], []), command=(None, "Marshal Vey"))
    to_battle(st)
    attack(st, "Pike Levy", "LP")
    pick(st, "Emergency Defender")
    pass_ladder(st)
    next_turn(st)
    next_turn(st)
    to_battle(st)
    assert not has(st, "LP directly")  # the Emergency General holds the line
    assert has(st, "attacks Marshal Vey")


def test_damage_is_hp_minus_atk_and_persists() -> None:
    # rule frontline.6.17
    # rule frontline.6.19
    # rule frontline.6.20
    st = scenario(front=(["Militia Recruit"], ["Shieldbearer"]))
    to_battle(st)
    sb = uid(st, "Shieldbearer")
    attack(st, "Militia Recruit", "Shieldbearer")
    pass_ladder(st)
    assert st.hp[sb] == 2
    next_turn(st)
    next_turn(st)
    assert st.hp[sb] == 2  # no reset at end of turn


def test_zero_atk_attacker_changes_nothing() -> None:
    # rule frontline.6.18
    st = scenario(front=(["Sandbag Porter"], ["Militia Recruit"]))
    to_battle(st)
    attack(st, "Sandbag Porter", "Militia Recruit")
    pass_ladder(st)
    assert st.hp[uid(st, "Militia Recruit")] == 1 and st.zone[uid(st, "Militia Recruit")] == FRONT


def test_pierce_carries_the_excess_to_lp() -> None:
    # rule frontline.6.22
    # rule frontline.6.23
    st = scenario(front=(["Siege Titan", "Pike Levy"], ["Militia Recruit", "Trench Digger"]))
    to_battle(st)
    attack(st, "Siege Titan", "Militia Recruit")  # 3 ATK into 1 HP: 2 excess
    pass_ladder(st)
    assert st.lp[1] == 18
    attack(st, "Pike Levy", "Trench Digger")  # 2 ATK, Bulwark -1, into 3 HP: no excess
    pass_ladder(st)
    assert st.lp[1] == 18 and st.hp[uid(st, "Trench Digger")] == 2


def test_pierce_excess_lands_before_the_destroyed_targets_last_stand() -> None:
    """Both at 1 LP: Pike Levy (2 ATK, Pierce) kills Spark Urchin (1 HP, Last Stand: the opponent
    loses 1). The excess is the attack's own damage, so P2 hits 0 first; the engine let the Last
    Stand resolve between the HP damage and the excess, and P1 lost instead."""
    # rule frontline.6.22
    # rule frontline.1.3
    # rule frontline.gap.2
    st = scenario(front=(["Pike Levy"], ["Spark Urchin"]), lp=(1, 1))
    to_battle(st)
    attack(st, "Pike Levy", "Spark Urchin")
    pass_ladder(st)
    assert st.result is not None and st.result.winner == 0 and st.lp == [1, 0]
    assert st.zone[uid(st, "Spark Urchin")] == FALLEN  # destroyed at once all the same
    assert not any(e["type"] == "trigger" and e["keyword"] == "last_stand" for e in st.log)


def test_siphon_gain_lands_before_the_destroyed_targets_last_stand() -> None:
    # rule frontline.gap.1
    # rule frontline.gap.2
    st = scenario(front=(["Blood Acolyte"], ["Spark Urchin"]), lp=(1, 5))
    to_battle(st)
    attack(st, "Blood Acolyte", "Spark Urchin")
    pass_ladder(st)
    assert st.result is None and st.lp == [1, 5]  # +1 Siphon, then −1 Last Stand


def test_an_attack_whose_attacker_retreated_whiffs() -> None:
    # rule frontline.8.9
    # rule frontline.7.1
    st = scenario(front=(["Pike Levy"], ["Militia Recruit"]), hands=([FILLER], []))
    to_battle(st)
    attack(st, "Pike Levy", "Militia Recruit")
    st.apply("pass")  # P2
    pick(st, "Retreat Pike Levy")  # on its own turn P1 may answer its own attack
    pay(st)
    pass_ladder(st)
    assert st.zone[uid(st, "Pike Levy")] == TAC
    assert st.zone[uid(st, "Militia Recruit")] == FRONT and st.lp[1] == 20
    assert events(st, "whiff")[-1]["reason"] == "the attacker left the Front Line"


def test_a_zero_atk_attack_on_a_bulwark_unit_heals_nothing() -> None:
    # rule frontline.6.18
    # rule frontline.gap.1
    st = scenario(front=(["Sandbag Porter"], [("Trench Digger", 2)]))
    to_battle(st)
    attack(st, "Sandbag Porter", "Trench Digger")
    pass_ladder(st)
    assert st.hp[uid(st, "Trench Digger")] == 2


def test_siphon_gains_only_the_damage_its_attack_deals() -> None:
    # rule frontline.gap.1
    # rule frontline.gap.2
    st = scenario(front=(["Dread Reaver"], ["Militia Recruit"]), lp=(10, 20))
    to_battle(st)
    attack(st, "Dread Reaver", "Militia Recruit")  # 3 ATK into 1 HP, no Pierce: 1 dealt
    pass_ladder(st)
    assert st.lp == [11, 20]
    attack(st, "Dread Reaver", "LP")  # Relentless; the line is empty now: a Breach
    pass_ladder(st)
    assert st.lp == [14, 17]  # a direct hit is damage dealt too


def test_equipment_gives_its_keywords() -> None:
    # rule frontline.4.4
    # rule frontline.6.9
    # rule frontline.6.22
    st = scenario(front=(["Militia Recruit"], ["Militia Recruit", "Ash Scout"]),
                  gear={"Militia Recruit": ["Barbed Spear"]})
    assert st.gear[st.units(0)[0]]  # P1's Militia Recruit carries the Spear
    to_battle(st)
    attack(st, "Militia Recruit", "Ash Scout")  # 2 ATK with the Spear's Pierce into 1 HP
    pass_ladder(st)
    assert st.lp[1] == 19
    st = scenario(front=(["Pike Levy"], ["Militia Recruit", "Ash Scout"]), gear={"Ash Scout": ["Tower Shield"]})
    to_battle(st)
    targets = {x.split("attacks ")[1].split(" (")[0] for x in labels(st) if "attacks" in x}
    assert targets == {"Ash Scout"}  # the Tower Shield's Cover


def test_a_boost_adds_atk_for_this_turn_only() -> None:
    # rule frontline.gap.7
    # rule frontline.6.17
    st = scenario(hands=(["War Cry"], []), front=(["Militia Recruit"], ["Shieldbearer"]))
    pick(st, "Cast War Cry")
    pass_ladder(st)
    to_battle(st)
    pick(st, "Militia Recruit (2 ATK)", "attacks Shieldbearer")
    pass_ladder(st)
    assert st.hp[uid(st, "Shieldbearer")] == 1
    next_turn(st)
    next_turn(st)
    assert st.view(0)["players"][0]["front"][0]["atk_now"] == 1
