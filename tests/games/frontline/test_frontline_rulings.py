"""Every gap ruling of docs/rulings/frontline.md, pinned by a scenario (keywords first, then gap.2–gap.22)."""

from __future__ import annotations

import json
import random

import msgspec
import pytest
from frontline_scenario import (
    FILLER,
    GAME,
    attack,
    card,
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

from cardarena.games.frontline.effects import check_lp, draw
from cardarena.games.frontline.schema import Card
from cardarena.games.frontline.state import COMMAND, FALLEN, FRONT, GEAR, HAND

# -- gap.1: the keyword set -----------------------------------------------------------------------


def test_swift_attacks_the_turn_it_arrives() -> None:
    # rule frontline.gap.1
    # rule frontline.gap.12
    st = scenario(hands=(["Ash Scout", "Militia Recruit"], []), front=([], ["Sandbag Porter"]))
    pick(st, "Deploy Ash Scout")
    pick(st, "Deploy Militia Recruit")
    to_battle(st)
    assert has(st, "Ash Scout (") and not has(st, "Militia Recruit (")


def test_siphon_gains_the_damage_dealt() -> None:
    # rule frontline.gap.1
    st = scenario(front=(["Blood Acolyte"], ["Militia Recruit"]), lp=(10, 20))
    to_battle(st)
    attack(st, "Blood Acolyte", "Militia Recruit")
    pass_ladder(st)
    assert st.lp[0] == 11


def test_bulwark_shaves_one_from_attacks_and_effects() -> None:
    # rule frontline.gap.1
    st = scenario(front=(["Pike Levy"], ["Trench Digger"]), hands=(["Volley", FILLER], []))
    pick(st, "Cast Volley")
    pay(st)
    pass_ladder(st)
    td = uid(st, "Trench Digger")
    assert st.hp[td] == 3  # 1 effect damage − 1
    to_battle(st)
    attack(st, "Pike Levy", "Trench Digger")
    pass_ladder(st)
    assert st.hp[td] == 2  # 2 ATK − 1


def test_relentless_attacks_twice() -> None:
    # rule frontline.gap.1
    # rule frontline.gap.12
    st = scenario(front=(["Twin Blade Duelist"], ["Shieldbearer"]))
    to_battle(st)
    for _ in range(2):
        attack(st, "Twin Blade Duelist", "Shieldbearer")
        pass_ladder(st)
    assert st.zone[uid(st, "Shieldbearer")] == FALLEN and st.phase == "main2"


def test_muster_on_deploy_not_on_redeploy() -> None:
    # rule frontline.gap.1
    st = scenario(hands=(["Relay Runner", FILLER], []))
    pick(st, "Deploy Relay Runner")
    pay(st)
    assert len(st.hand[0]) == 1 and events(st, "trigger")[0]["keyword"] == "muster"
    st = scenario(tac=(["Relay Runner"], []))
    pick(st, "Redeploy Relay Runner")
    assert events(st, "trigger") == []


def test_last_stand_fires_on_destruction_only() -> None:
    # rule frontline.gap.1
    st = scenario(front=(["Pike Levy"], ["Sapper", "Militia Recruit"]), hands=([FILLER], []))
    to_battle(st)
    attack(st, "Pike Levy", "Sapper")
    pass_ladder(st)
    assert st.zone[uid(st, "Pike Levy")] == FALLEN  # Sapper's Last Stand: 1 damage to each enemy unit
    st = scenario(hands=(["Volley"], []), front=(["Sapper"], ["Militia Recruit"]))
    pick(st, "Cast Volley")
    pay(st)  # Sapper Expended: no Last Stand
    pass_ladder(st)
    assert not any(e["keyword"] == "last_stand" for e in events(st, "trigger"))


def test_reclaim_takes_the_oldest_cards_that_fell_before_this_turn() -> None:
    # rule frontline.gap.1
    st = scenario(hands=(["Grave Robbing", "Volley"], []), fallen=(["Pike Levy", "Skirmisher", "Outrider"], []))
    pick(st, "Cast Grave Robbing")
    pay(st)  # Volley falls this turn
    pass_ladder(st)
    assert sorted(st.defs[i].name for i in st.hand[0]) == ["Pike Levy", "Skirmisher"]
    assert [st.defs[i].name for i in st.fallen[0]] == ["Outrider", "Volley", "Grave Robbing"]
    assert all(i in st.revealed for i in st.hand[0])  # seen leaving a public zone


def test_auras_reach_front_line_units() -> None:
    # rule frontline.gap.1
    # rule frontline.gap.7
    st = scenario(front=(["Shieldbearer", "Pike Levy"], []), tac=(["War Drum", "Signal Beacon"], []),
                  command=("Marshal Vey", None))
    v = st.view(0)["players"][0]["front"]
    assert v[0]["atk_now"] == 2 and v[1]["atk_now"] == 3  # +1 War Drum, +1 Vey (Cover only)
    assert "swift" in v[0]["keywords"] and "swift" in v[1]["keywords"]


def test_end_phase_effects_of_general_and_tactical_equipment() -> None:
    # rule frontline.gap.1
    # rule frontline.5.13
    st = scenario(command=("Matron Sable", None), tac=(["Supply Cache"], []), lp=(10, 20), start="end")
    assert st.lp[0] == 12


# -- gap.2 – gap.22 -----------------------------------------------------------------------------------


def test_pierce_is_a_keyword() -> None:
    # rule frontline.gap.2
    st = scenario(front=(["Iron Colossus"], ["Militia Recruit"]))
    to_battle(st)
    attack(st, "Iron Colossus", "Militia Recruit")  # 3 ATK into 1 HP, no Pierce
    pass_ladder(st)
    assert st.lp[1] == 20


def test_pierce_through_tactical_equipment() -> None:
    # rule frontline.gap.2
    # rule frontline.gap.3
    st = scenario(front=(["Siege Titan"], ["Militia Recruit"]), tac=([], ["War Drum"]))
    to_battle(st)
    attack(st, "Siege Titan", "War Drum")
    pass_ladder(st)
    assert st.zone[uid(st, "War Drum")] == FALLEN and st.lp[1] == 18


def test_expend_equipment_alone() -> None:
    # rule frontline.gap.4
    # rule frontline.gap.6
    # rule frontline.gap.7
    st = scenario(hands=(["Volley"], []), front=(["Pike Levy"], ["Militia Recruit"]), gear={"Pike Levy": ["Iron Helm"]})
    pike = uid(st, "Pike Levy")
    assert st.hp[pike] == 2
    pick(st, "Cast Volley")
    pick(st, "Iron Helm (equipped on Pike Levy)")
    assert st.zone[uid(st, "Iron Helm")] == FALLEN and st.hp[pike] == 1 and st.zone[pike] == FRONT


def test_expended_unit_takes_its_equipment() -> None:
    # rule frontline.gap.4
    st = scenario(hands=(["Firebomb"], []), front=(["Pike Levy"], ["Militia Recruit"]), gear={"Pike Levy": ["Longsword"]})
    pick(st, "Cast Firebomb")
    assert has(st, "Pike Levy from your Front Line with its 1 equipment")
    pick(st, "Pike Levy from your Front Line")
    assert kind(st) == "ladder"  # both cards paid the 2
    assert {st.defs[i].name for i in st.fallen[0]} == {"Pike Levy", "Longsword"}
    st = scenario(hands=(["Volley"], []), front=(["Pike Levy"], ["Militia Recruit"]), gear={"Pike Levy": ["Longsword"]},
                  tac=(["War Drum"], []))
    pick(st, "Cast Volley")
    assert not has(st, "Pike Levy from your Front Line")  # weight 2 does not fit a cost of 1
    assert has(st, "War Drum from your Tactical Zone")  # Tactical Equipment can pay


def test_equipment_row_stacks() -> None:
    # rule frontline.gap.5
    five = ["Tower Shield", "Iron Helm", "Longsword", "Barbed Spear", "Warhorse"]
    st = scenario(front=(["Shieldbearer", "Pike Levy"], []), gear={"Shieldbearer": five, "Pike Levy": five})
    assert sum(len(v) for v in st.gear.values()) == 10 and GAME.check_invariants(st) == []


def test_tucked_equipment_keeps_working() -> None:
    # rule frontline.gap.6
    st = scenario(hands=([FILLER], []), front=(["Pike Levy"], []), gear={"Pike Levy": ["Iron Helm", "Barbed Spear"]})
    pick(st, "Retreat Pike Levy")
    pay(st)
    pass_ladder(st)
    view = st.view(0)["players"][0]["tactical"][0]
    assert view["hp_now"] == 2 and view["atk_now"] == 3 and "pierce" in view["keywords"]
    next_turn(st)
    next_turn(st)
    pick(st, "Redeploy Pike Levy")
    pike = uid(st, "Pike Levy")
    assert st.zone[pike] == FRONT and len(st.gear[pike]) == 2
    assert all(st.zone[e] == GEAR for e in st.gear[pike])


def test_modifiers_may_exceed_three() -> None:
    # rule frontline.gap.7
    st = scenario(front=(["Siege Titan"], []), gear={"Siege Titan": ["Longsword", "Iron Helm"]}, tac=(["War Drum"], []))
    v = st.view(0)["players"][0]["front"][0]
    assert v["atk_now"] == 5 and v["hp_now"] == 4 and v["hp_max"] == 4


def test_what_counts_as_a_unit() -> None:
    # rule frontline.gap.8
    st = scenario(front=(["Pike Levy"], []), tac=([], ["War Drum"]), command=(None, "Marshal Vey"))
    to_battle(st)
    assert has(st, "LP directly")  # Tactical Equipment and a Command Zone General do not hold the line
    assert not has(st, "Marshal Vey")


def test_general_is_played_to_the_command_zone() -> None:
    # rule frontline.gap.9
    st = scenario(hands=(["Captain Ironjaw", FILLER, FILLER], []))
    assert not has(st, "Deploy Captain Ironjaw")
    pick(st, "Play Captain Ironjaw to the Command Zone (Expend 2)")
    pay(st)
    assert st.zone[uid(st, "Captain Ironjaw")] == COMMAND


def test_swap_costs_at_least_one() -> None:
    # rule frontline.gap.10
    st = scenario(hands=(["Matron Sable"], []), command=("Marshal Vey", None))
    assert has(st, "Swap in Matron Sable")  # cost 1: the old General alone pays
    pick(st, "Swap in Matron Sable")
    assert st.command[0] == uid(st, "Matron Sable") and st.zone[uid(st, "Marshal Vey")] == FALLEN


def test_emergency_general_is_a_unit() -> None:
    # rule frontline.gap.11
    st = scenario(hands=(["Longsword", FILLER, "Quartermaster Orlo"], []), command=("Marshal Vey", None),
                  front=([], ["Militia Recruit"]))
    pick(st, "Emergency Defender")
    pass_ladder(st)
    assert not has(st, "Play Quartermaster Orlo")  # still one active General: only a swap
    assert has(st, "Swap in Quartermaster Orlo")
    pick(st, "Equip Longsword to Marshal Vey")
    pay(st, "Militia")
    to_battle(st)
    assert st.phase == "main2" and not has(st, "Marshal Vey (", "attacks")  # arrived this turn
    next_turn(st)
    next_turn(st)
    to_battle(st)
    assert has(st, "Marshal Vey (2 ATK)", "attacks")


def test_attack_limits() -> None:
    # rule frontline.gap.12
    st = scenario(front=(["Pike Levy"], ["Militia Recruit"]), hands=([], [FILLER]))
    to_battle(st)
    attack(st, "Pike Levy", "Militia Recruit")
    pick(st, "Retreat Militia Recruit")
    pay(st)
    pass_ladder(st)
    assert st.phase == "main2"  # the whiffed attack used Pike Levy up
    assert st.attacks[uid(st, "Pike Levy")] == 1


def test_coin_flip_and_no_mulligan() -> None:
    # rule frontline.gap.13
    firsts = set()
    for seed in range(8):
        st = GAME.new_game(seed=seed)
        firsts.add(st.first)
        assert events(st, "coin")[0]["winner"] == st.first
        assert st.decision.kind == "main" and st.decision.seat == st.first  # no mulligan step
    assert firsts == {0, 1}


def test_effect_draw_from_empty_deck() -> None:
    # rule frontline.gap.14
    st = scenario(decks=([], [FILLER]), hands=(["Forced March", FILLER], []))
    pick(st, "Cast Forced March")
    pay(st)
    pass_ladder(st)
    assert st.result is None and len(st.hand[0]) == 0


def test_both_at_zero_is_a_draw() -> None:
    # rule frontline.gap.14
    st = scenario()
    st.lp = [0, 0]
    assert check_lp(st) and st.result is not None and st.result.winner is None


def test_turn_cap_tie_break() -> None:
    # rule frontline.gap.14
    st = scenario(turn=60, lp=(5, 7), start="end")
    assert st.result is not None and st.result.reason == "turn_cap" and st.result.winner == 1
    st = scenario(turn=60, lp=(5, 5), front=(["Pike Levy"], []), start="end")
    assert st.result is not None and st.result.winner == 0
    st = scenario(turn=60, start="end")
    assert st.result is not None and st.result.winner is None


def test_turn_cap_play_by_play_shows_the_counts_that_decided() -> None:
    # rule frontline.gap.14
    # LP tied, P1 wins on cards in play: the cap line printed only "LP 5–5" and the "Result:" line
    # (worded without the log) only "the turn cap ended the game", so nothing said why P1 won.
    from cardarena.games.frontline.narrate import narrate

    st = scenario(turn=60, lp=(5, 5), front=(["Pike Levy"], []), start="end")
    assert st.result is not None and st.result.winner == 0
    [cap] = events(st, "turn_cap")
    assert cap["decided_by"] == "cards_in_play"
    assert narrate(cap) == "The turn cap is reached after turn 60: LP P1 5, P2 5; cards in play P1 1, P2 0"
    line = narrate(events(st, "result")[0]) or ""
    assert line.strip().startswith("Result: P1 wins: the turn cap ended the game")
    assert "more LP, then more cards in play, else a draw" in line


def test_main_phase_2_allows_everything() -> None:
    # rule frontline.gap.16
    st = scenario(hands=(["Ash Scout", "Volley", "Marshal Vey", "Bone Pit", FILLER], []), front=(["Marksman"], ["Militia Recruit"]))
    to_battle(st)
    pick(st, "End the Battle Phase")
    assert st.phase == "main2" and has(st, "Deploy Ash Scout") and has(st, "Cast Volley")
    assert has(st, "Play Marshal Vey") and has(st, "Set up Bone Pit") and has(st, "Snipe") and has(st, "Retreat Marksman")


def test_cover_binds_attacks_only() -> None:
    # rule frontline.gap.17
    st = scenario(hands=(["Volley", FILLER, FILLER], []), front=([], ["Shieldbearer", "Militia Recruit"]))
    pick(st, "Cast Volley")
    assert has(st, "Militia Recruit (1 HP)")  # the Action may ignore Cover
    pick(st, "Militia Recruit")
    pay(st)
    pass_ladder(st)
    assert st.zone[uid(st, "Militia Recruit")] == FALLEN


def test_retreated_units_are_never_attack_targets() -> None:
    # rule frontline.gap.18
    st = scenario(front=(["Pike Levy"], ["Militia Recruit"]), tac=([], ["Shieldbearer"]), turn=11)
    to_battle(st)
    assert not any("attacks Shieldbearer" in x for x in labels(st))


def test_retreat_is_a_ladder_link() -> None:
    # rule frontline.gap.19
    st = scenario(hands=([FILLER], ["Ambush Fire", FILLER]), front=(["Pike Levy"], []))
    pick(st, "Retreat Pike Levy")
    pay(st)
    assert st.links[-1][0] == "retreat" and kind(st) == "ladder" and st.decision.seat == 1
    pick(st, "Cast Ambush Fire")  # answered before it leaves: destroyed, the Retreat whiffs
    pay(st)
    pass_ladder(st)
    assert st.zone[uid(st, "Pike Levy")] == FALLEN
    assert events(st, "whiff")[-1]["kind"] == "retreat"


def test_ladder_is_always_asked() -> None:
    # rule frontline.gap.20
    st = scenario(hands=(["Volley", FILLER], []), front=([], ["Shieldbearer"]))
    pick(st, "Cast Volley")
    pay(st)
    # P2 holds nothing at all, yet is asked (with pass): a hand with a Reaction looks the same
    assert kind(st) == "ladder" and st.decision.seat == 1 and st.decision.ids == ["pass"]


def test_fallen_zone_is_per_player_and_public() -> None:
    # rule frontline.gap.21
    st = scenario(fallen=(["Pike Levy"], ["Volley"]))
    v = st.view(1)
    assert [c["name"] for c in v["players"][0]["fallen"]] == ["Pike Levy"]
    assert [c["name"] for c in v["players"][1]["fallen"]] == ["Volley"]


def test_stat_rules_by_card_type() -> None:
    # rule frontline.gap.22
    msgspec.convert({"kind": "general", "id": "X", "name": "X", "cost": 0, "atk": 3, "hp": 1,
                     "aura": {"atk": 1}}, Card)  # any stats on the scale
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"kind": "action", "id": "X", "name": "X", "cost": 1, "atk": 1,
                         "effects": [{"verb": "draw", "to": "you"}]}, Card)  # Actions carry no stats


def test_opponent_hand_is_hidden_in_the_view() -> None:
    # rule frontline.gap.20
    st = scenario(hands=(["Volley"], ["Ambush Fire", "Smoke Screen"]))
    v = st.view(0)["players"][1]
    assert v["hand"] == [{"hidden": True}, {"hidden": True}] and v["hand_count"] == 2
    assert "Ambush Fire" not in repr(st.view(0)) and "Ambush Fire" not in repr(st.visible_log(0))
    rng = random.Random(1)
    det = st.determinize(0, rng)
    assert det.view(0) == st.view(0)
    assert st.zone[st.hand[1][0]] == HAND and draw(st, 1, 0, "x") == 0


def test_where_a_reclaimed_card_sits_in_the_hand_does_not_tell_which_card_was_played() -> None:
    """The opponent's view showed a reclaimed (known) hand card at its place among the hidden ones, so
    a hidden card played from before it moved it up and one from after it did not: the opponent learnt
    which hidden card was played, hence when it was drawn. Known cards are now listed first."""
    # rule frontline.gap.1
    # rule frontline.gap.20
    # P1 holds Pike Levy, reclaimed in plain sight, between two hidden cards (drawn before and after
    # it). Whichever of the two hidden places Militia Recruit came from, P2 must see the same.
    seen = []
    for hand in ([FILLER, "Pike Levy", "Volley"], ["Volley", "Pike Levy", FILLER]):
        st = scenario(hands=(hand, []))
        st.revealed.add(st.hand[0][1])
        trace = [json.dumps(st.view(1))]
        mark = len(st.log)
        pick(st, "Deploy Militia Recruit")
        pay(st)
        pass_ladder(st)
        trace += [json.dumps(st.view(1)), json.dumps(st.visible_log(1, mark))]
        assert [c.get("name") for c in st.view(1)["players"][0]["hand"]] == ["Pike Levy", None]
        seen.append(trace)
    assert seen[0] == seen[1]


def test_a_reaction_in_hand_changes_nothing_the_opponent_sees() -> None:
    # rule frontline.gap.20
    seen = []
    for p2_hand in (["Ambush Fire", FILLER], [FILLER, FILLER]):
        st = scenario(hands=(["Volley", FILLER], p2_hand), front=(["Pike Levy"], ["Shieldbearer"]))
        pick(st, "Cast Volley")
        pay(st)
        trace = [st.view(0)]
        st.apply("pass")  # P2 passes, Reaction or not
        trace.append(st.view(0))
        pass_ladder(st)
        trace.append(st.view(0))
        seen.append(([v["decision"] for v in trace], [v["players"][1]["hand"] for v in trace], st.visible_log(0)))
    assert seen[0] == seen[1]


def test_a_card_played_from_hand_is_shown_before_it_is_paid_for() -> None:
    # rule frontline.gap.20
    st = scenario(hands=(["Siege Titan", FILLER, FILLER, FILLER], []))
    pick(st, "Deploy Siege Titan")
    assert kind(st) == "expend"
    assert [c["name"] for c in st.view(1)["being_played"]] == ["Siege Titan"]
    assert events(st, "play")[-1]["card"] == "Siege Titan" and st.visible_log(1)[-1]["card"] == "Siege Titan"
    pay(st)
    assert st.view(1)["being_played"] == [] and st.front[0] == uid(st, "Siege Titan")


def test_swap_out_a_front_line_general() -> None:
    # rule frontline.gap.10
    # rule frontline.gap.11
    st = scenario(hands=(["Warlord Kresh", FILLER], []), front=(["Marshal Vey"], []), gear={"Marshal Vey": ["Longsword"]})
    pick(st, "Swap in Warlord Kresh")
    # Marshal Vey and its Longsword paid the whole cost of 2
    assert st.command[0] == uid(st, "Warlord Kresh") and st.front[0] == -1 and len(st.hand[0]) == 1
    assert {st.defs[i].name for i in st.fallen[0]} == {"Marshal Vey", "Longsword"}


def test_negated_attack_whiffs() -> None:
    # rule frontline.gap.20
    st = scenario(front=(["Pike Levy"], ["Militia Recruit"]), hands=([], ["Smoke Screen", FILLER]))
    to_battle(st)
    attack(st, "Pike Levy", "Militia Recruit")
    pick(st, "Cast Smoke Screen")
    pay(st)
    pass_ladder(st)
    assert st.hp[uid(st, "Militia Recruit")] == 1 and events(st, "whiff")[-1]["reason"] == "negated"
    assert st.attacks[uid(st, "Pike Levy")] == 1


def test_the_unit_being_equipped_is_not_fuel() -> None:
    # rule frontline.4.4
    # rule frontline.gap.4
    st = scenario(hands=(["Warhorse"], []), front=(["Pike Levy", "Ash Scout"], []))
    assert not has(st, "Equip Warhorse")  # cost 2, and only Ash Scout could pay
    st = scenario(hands=(["Longsword"], []), front=(["Pike Levy", "Ash Scout"], []))
    pick(st, "Equip Longsword to Pike Levy")
    assert not has(st, "Pike Levy from your Front Line") and has(st, "Ash Scout from your Front Line")
    pick(st, "Ash Scout from your Front Line")
    assert st.gear[uid(st, "Pike Levy")] == (uid(st, "Longsword"),)


def test_scavenge_draws_during_the_hand_cap_keep_the_discards_coming() -> None:
    # rule frontline.3.13
    st = scenario(hands=(["Scrap Runner"] + [FILLER] * 7, []), start="end")
    pick(st, "Discard Scrap Runner")  # draws a card: still 8
    assert kind(st) == "discard" and len(st.hand[0]) == 8
    pick(st, "Discard Militia Recruit")
    assert len(st.hand[0]) == 7 and st.decision.seat == 1


def test_reclaim_text_says_only_cards_that_fell_before_this_turn() -> None:
    """Grave Robbing read "return the 2 oldest cards of your Fallen Zone", yet with only cards that
    fell this turn there it returns nothing: the printed text must carry the restriction."""
    # rule frontline.gap.1
    from cardarena.games.frontline.text import card_text

    st = scenario(hands=(["Grave Robbing", "Volley", "Pike Levy"], []))
    pick(st, "Cast Grave Robbing")
    pay(st, "Volley")
    pass_ladder(st)
    assert [st.defs[i].name for i in st.hand[0]] == ["Pike Levy"]  # Volley fell this turn: it stays
    for name in ("Grave Robbing", "Grim Harvest", "Grave Picker", "The Gravewarden"):
        assert "fell before this turn" in card_text(card(name)), name


def test_playing_a_copy_of_a_reclaimed_card_does_not_tell_that_a_second_copy_was_held() -> None:
    """P1 holds Militia Recruit reclaimed in plain sight and a hidden card, which may be a second
    copy. Deploying Militia Recruit used to move the first copy in hand: when that was the hidden one,
    the reclaimed copy stayed known, and P2 learnt that P1 had held two. The known copy moves now
    (`State.distinct`), so P2 sees the same whatever the hidden card is."""
    # rule frontline.gap.20
    seen = []
    for hidden in (FILLER, "Pike Levy"):
        st = scenario(hands=([hidden, "Volley", FILLER], []))
        st.revealed.add(st.hand[0][2])
        st.reask()  # the Main Phase decision as it stands with the copy known (reclaimed before it)
        mark = len(st.log)
        pick(st, "Deploy Militia Recruit")
        pay(st)
        pass_ladder(st)
        hand = st.view(1)["players"][0]["hand"]
        assert [c.get("name") for c in hand] == [None, None]
        seen.append((hand, st.view(1)["players"][0]["front"], st.visible_log(1, mark)))
    assert seen[0] == seen[1]


def test_ally_targets_are_your_units_in_play_retreated_ones_included() -> None:
    # rule frontline.7.11
    # rule frontline.gap.8
    st = scenario(hands=(["Field Surgery"], []), front=([("Pike Levy", 1)], []),
                  tac=([("Watchtower", 1), ("Shieldbearer", 1)], []))
    pick(st, "Cast Field Surgery")
    assert {x.split(" (")[0] for x in labels(st)} == {"Pike Levy", "Shieldbearer"}  # not the Watchtower
    pick(st, "Shieldbearer")
    pass_ladder(st)
    assert st.hp[uid(st, "Shieldbearer")] == 3


def test_healing_stops_at_the_maximum_hp() -> None:
    # rule frontline.gap.7
    st = scenario(hands=(["Field Surgery"], []), front=([("Shieldbearer", 2)], []), gear={"Shieldbearer": ["Iron Helm"]})
    sb = uid(st, "Shieldbearer")
    assert st.hp[sb] == 3  # 2 + the Helm's 1, of a maximum of 4
    pick(st, "Cast Field Surgery")
    pass_ladder(st)
    assert st.hp[sb] == 4


def test_equipping_an_hp_bonus_raises_current_hp() -> None:
    # rule frontline.gap.7
    # rule frontline.5.6
    st = scenario(hands=(["Iron Helm", FILLER], []), front=([("Shieldbearer", 1)], []))
    pick(st, "Equip Iron Helm to Shieldbearer")
    pay(st)
    assert st.hp[uid(st, "Shieldbearer")] == 2


def test_a_negated_card_goes_to_the_fallen_zone() -> None:
    # rule frontline.gap.20
    st = scenario(hands=(["Volley", FILLER], ["Smoke Screen", FILLER]), front=([], ["Militia Recruit"]))
    pick(st, "Cast Volley")
    pay(st)
    pick(st, "Cast Smoke Screen")
    pay(st)
    pass_ladder(st)
    assert st.zone[uid(st, "Militia Recruit")] == FRONT
    assert st.zone[uid(st, "Volley")] == FALLEN and uid(st, "Volley") in st.fallen[0]
    assert st.zone[uid(st, "Smoke Screen")] == FALLEN


def test_palisade_gives_bulwark_only_to_front_line_units_with_cover() -> None:
    # rule frontline.gap.1
    # rule frontline.gap.7
    # rule frontline.7.10
    st = scenario(hands=(["Volley"] * 3 + [FILLER] * 3, []), front=([], ["Shieldbearer", "Pike Levy"]),
                  tac=([], ["Palisade", "Vanguard Squire"]))
    for name in ("Shieldbearer", "Pike Levy", "Vanguard Squire"):
        pick(st, "Cast Volley")
        pick(st, name)
        pay(st, "Militia")
        pass_ladder(st)
    assert st.hp[uid(st, "Shieldbearer")] == 3  # Cover on the Front Line: Bulwark shaves the 1
    assert st.zone[uid(st, "Pike Levy")] == FALLEN  # no Cover: no Bulwark
    assert st.hp[uid(st, "Vanguard Squire")] == 1  # retreated: its Cover is off, and auras reach the Front Line only


def test_an_aura_lifts_only_front_line_units() -> None:
    # rule frontline.gap.1
    # rule frontline.gap.7
    st = scenario(front=(["Pike Levy"], []), tac=(["War Drum", "Skirmisher"], []))
    v = st.view(1)["players"][0]
    assert v["front"][0]["atk_now"] == 3 and v["tactical"][1]["atk_now"] == 2  # the retreated one: printed


def test_a_general_on_the_front_line_has_no_aura_or_end_phase_effect() -> None:
    # rule frontline.gap.9
    # rule frontline.gap.11
    st = scenario(front=(["Warlord Kresh", "Pike Levy"], []))
    assert st.view(1)["players"][0]["front"][1]["atk_now"] == 2  # no +1 from Kresh off the Command Zone
    st = scenario(front=(["Matron Sable"], []), lp=(10, 20), start="end")
    assert st.lp[0] == 10  # no End Phase gain from the Front Line
    st = scenario(command=("Matron Sable", None), lp=(10, 20), start="end")
    assert st.lp[0] == 11


def test_each_enemy_means_the_front_line_only() -> None:
    # rule frontline.gap.1
    st = scenario(hands=(["Artillery Barrage"] + [FILLER] * 3, []), front=([], ["Pike Levy"]),
                  tac=([], ["War Drum", "Vanguard Squire"]))
    pick(st, "Cast Artillery Barrage")
    pay(st)
    pass_ladder(st)
    assert st.zone[uid(st, "Pike Levy")] == FALLEN and st.lp[1] == 19
    assert st.hp[uid(st, "War Drum")] == 1 and st.hp[uid(st, "Vanguard Squire")] == 2


def test_a_generals_own_ability_on_the_ladder_does_not_use_up_its_emergency_move() -> None:
    # rule frontline.gap.11
    # rule frontline.4.18
    # P1's Front Line is empty and Quartermaster Orlo's Requisition is on the Ladder: no Emergency move
    # was made on this Ladder, so Orlo may still step forward when P1 is asked again
    st = scenario(command=("Quartermaster Orlo", None), hands=([FILLER, FILLER], []))
    assert "emergency" in [o.id for o in st.decision.options]
    pick(st, "Requisition")
    pay(st)
    st.apply("pass")  # P2
    assert st.decision.seat == 0 and "emergency" in [o.id for o in st.decision.options], labels(st)
    st.apply("emergency")
    st.apply("pass")  # P2
    assert st.decision.seat == 0 and "emergency" not in [o.id for o in st.decision.options]  # one per Ladder


def test_a_self_effect_of_tactical_equipment_reads_this_card_not_this_unit() -> None:
    """Tactical Equipment is a card of the Tactical Zone, no unit: its `to = self` effects read "this card"
    (they read "this unit"); a Hero's still reads "this unit"."""
    # rule frontline.4.12
    from cardarena.core.cardfiles import CardFiles
    from cardarena.core.registry import load_game

    post = '''
[[cards]]
kind = "tactical"
id = "T90"
name = "Mending Post"
cost = 1
hp = 2
end_phase = [{ verb = "heal", amount = 1, to = "self" }]
ability = { name = "Brace", cost = 1, effects = [{ verb = "heal", amount = 2, to = "self" }] }

[[cards]]
kind = "hero"
id = "H990"
name = "Drill Sergeant"
cost = 1
atk = 1
hp = 2
ability = { name = "Rally", cost = 1, effects = [{ verb = "heal", amount = 1, to = "self" }] }
'''
    game = load_game("frontline", CardFiles([("post.toml", post)]))
    info = game.card_info("Mending Post")
    assert info["text"] == "At your End Phase: heal 1 HP on this card."
    assert info["ability"]["text"] == "Heal 2 HP on this card."
    assert game.card_info("Drill Sergeant")["ability"]["text"] == "Heal 1 HP on this unit."
