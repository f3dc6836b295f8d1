"""One focused scenario per ruling of docs/rulings/circuits.md that the engine implements
(`circuits.gap.N`; Squad, Limited and Raid gaps 32–34, 37–40 are not implemented and not tested here).
Every scenario runs the rules through `state.apply` and checks what the ruling decides."""

from __future__ import annotations

import json
from importlib.resources import files

import msgspec
import pytest
from circuits_c8_helpers import amount, end_turn, hero_hits, make_card, named, swap_in
from circuits_c11_c19_helpers import board, to_next_action
from circuits_scenario import GAME, POOL, card, events, has, labels, pass_all, pick

from cardarena.core.decks import parse_deck
from cardarena.games.circuits.decks import check_deck
from cardarena.games.circuits.schema import Card

FORGE = ("Forgeblade", "Sparkwright")


def _src(e: dict) -> str:
    """A damage event's source, with "(Full Battery)" when Full Battery made it deal the damage."""
    return e["source"] + (" (Full Battery)" if e.get("via") == "Full Battery" else "")


def answer_names(st):
    return sorted(lbl.removeprefix("Answer with ").rsplit(" (cost", 1)[0] for lbl in labels(st) if lbl != "Pass")


# -- gap 1: Combos -------------------------------------------------------------------------------------


def test_a_combo_needs_another_tactic_played_this_turn():
    # rule circuits.gap.1
    st = board(heroes=FORGE, hands=(["Follow Through", "Quick Shot"], []))
    assert not has(st, "Play Follow Through")
    pick(st, "Play Quick Shot")
    pass_all(st)
    assert has(st, "Play Follow Through")
    hp = st.hp[1]
    pick(st, "Play Follow Through")
    pass_all(st)
    assert st.hp[1] == hp - amount("Follow Through", "damage")


def test_a_reaction_answered_in_your_own_turn_also_unlocks_a_combo():
    # rule circuits.gap.1
    # P1 attacks, P2 answers with Quick Shot, P1 answers that with Brace: a Tactic P1 played this turn
    st = board(heroes=FORGE, hands=(["Follow Through", "Brace"], ["Quick Shot"]))
    pick(st, "Basic Attack")
    pick(st, "Quick Shot")
    pick(st, "Brace")
    pass_all(st)
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (0, "action")
    assert has(st, "Play Follow Through")


def test_the_opponents_answer_does_not_unlock_your_combo():
    # rule circuits.gap.1
    st = board(heroes=FORGE, hands=(["Follow Through"], ["Quick Shot"]))
    pick(st, "Basic Attack")
    pick(st, "Quick Shot")
    pass_all(st)
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (0, "action")
    assert not has(st, "Play Follow Through")


def test_a_plan_also_unlocks_a_combo():
    # rule circuits.gap.1
    st = board(heroes=FORGE, hands=(["Follow Through", "Battle Plan"], []))
    assert not has(st, "Play Follow Through")
    pick(st, "Play Battle Plan")
    pass_all(st)
    assert has(st, "Play Follow Through")


# -- gaps 2–5: Burn ----------------------------------------------------------------------------------------


def test_burn_deals_its_amount_then_goes_down_by_one_and_new_burn_adds_up():
    # rule circuits.gap.2
    st = board(heroes=FORGE, hands=(["Flash Burn"], []))
    st.burn_enemy[1] = 1
    pick(st, "Play Flash Burn")
    pass_all(st)
    total = 1 + amount("Flash Burn", "burn")
    assert st.burn_enemy[1] == total  # added, not replaced
    to_next_action(st, 1)
    hp = st.hp[1]
    pick(st, "End the Action Step")
    [tick] = [e for e in hero_hits(st, 1) if e["burn"]]
    assert tick["final"] == total and st.hp[1] == hp - total
    assert st.burn_enemy[1] == total - 1


def test_only_the_active_players_hero_ticks_at_the_end_step():
    # rule circuits.gap.3
    st = board(heroes=FORGE)
    st.burn_enemy[0] = 2
    st.burn_enemy[1] = 2
    hp0, hp1 = st.hp
    pick(st, "End the Action Step")
    assert st.hp[0] == hp0 - 2 and st.burn_enemy[0] == 1
    assert st.hp[1] == hp1 and st.burn_enemy[1] == 2
    assert [e["player"] for e in hero_hits(st, 0) + hero_hits(st, 1) if e["burn"]] == [0]


def test_marked_does_not_add_to_a_burn_tick():
    # rule circuits.gap.4
    st = board(heroes=FORGE)
    st.burn_enemy[0] = 2
    st.marked[0] = True
    hp = st.hp[0]
    pick(st, "End the Action Step")
    [tick] = hero_hits(st, 0)
    assert tick["burn"] and tick["marked"] == 0 and tick["final"] == 2
    assert st.hp[0] == hp - 2
    # rule circuits.8.2.13
    # the Hero took damage (Burn is a source of "take damage"), so Marked goes though it added nothing
    assert st.marked[0] is False


def test_a_lethal_save_cannot_stop_burn():
    # rule circuits.gap.5
    st = board(heroes=FORGE, gear=(["Survivor's Token"], []), hp=(2, None))
    st.burn_enemy[0] = 2
    pick(st, "End the Action Step")
    assert st.hp[0] == 0
    assert events(st, "lethal_save") == []
    assert st.result is not None and st.result.winner == 1


# -- gap 6: Shield ------------------------------------------------------------------------------------------


def test_shield_adds_up_and_never_expires():
    # rule circuits.gap.6
    st = board(heroes=("Lumen Warden", "Sparkwright"), hands=(["Aegis Flare"], []))
    st.shield[0] = 2
    pick(st, "Play Aegis Flare")
    pass_all(st)
    total = 2 + amount("Aegis Flare", "shield")
    assert st.shield[0] == total
    end_turn(st)  # the opponent's turn
    end_turn(st)  # our next turn: still there
    assert st.shield[0] == total
    end_turn(st)
    hp = st.hp[0]
    pick(st, "Basic Attack")  # Sparkwright: 1 damage, absorbed
    pass_all(st)
    assert st.hp[0] == hp and st.shield[0] == total - 1


# -- gap 7: Jam ------------------------------------------------------------------------------------------


def test_a_jam_hits_the_chosen_gear_until_the_players_next_turn_and_rechecks_assets():
    # rule circuits.gap.7
    st = board(heroes=("Sparkwright", "Lumen Warden"), hands=(["Short Out"], []),
               gear=([], ["Scaffold Matrix", "Padded Vest"]), field=([], ["Ember Turret"]))
    turret = st.field[1][0]
    st.damage[turret] = card("Ember Turret").hp  # alive only thanks to Scaffold Matrix's +1
    pick(st, "Play Short Out")
    assert st.decision.kind == "target" and sorted(labels(st)) == ["Padded Vest", "Scaffold Matrix"]
    pick(st, "Scaffold Matrix")
    pass_all(st)
    matrix = named(st, "Scaffold Matrix", st.equipped(1))
    vest = named(st, "Padded Vest", st.equipped(1))
    assert matrix in st.jammed and vest not in st.jammed  # one Gear, the chosen one
    assert turret in st.discard[1] and turret not in st.field[1]  # re-checked at once
    assert [g["jammed"] for g in st.view(0)["players"][1]["gear"]] == [False, True]
    end_turn(st)  # the Jammed player's turn: still off
    assert matrix in st.jammed
    end_turn(st)  # the start of the Jam's player's next turn: back on
    assert matrix not in st.jammed


# -- gap 9: Variants -------------------------------------------------------------------------------------


def test_a_variant_shares_its_heros_name_and_carries_the_named_ultimates():
    # rule circuits.gap.9
    for title, ult in (("Forgeblade (Stormforged)", "Full Battery"), ("Swarm Architect (Bastion)", "Hold Everything"),
                       ("Cinder Oracle (Seer)", "Grand Design")):
        st = board(heroes=(title, "Sparkwright"))
        hero = st.hero_card(0)
        assert st.name(st.hero[0]) == title
        if "(" in title:
            assert hero.name == title.split(" (")[0] and hero.variant == title.split("(")[1].rstrip(")")
        pick(st, f"Ultimate: {ult}")
        pass_all(st)
        assert [e["name"] for e in events(st, "ultimate")] == [ult]
    assert any(e.verb == "resolve_plans" and e.reward > 0 for e in card("Cinder Oracle (Seer)").ultimate.effects)


# -- gaps 10–19: the named cards -----------------------------------------------------------------------


def test_radiant_bulwark_gives_shield_when_the_shield_is_used_up():
    # rule circuits.gap.10
    st = board(heroes=FORGE, gear=(["Training Blade"], ["Radiant Bulwark"]))
    st.shield[1] = 1
    hp = st.hp[1]
    pick(st, "Basic Attack")  # 2 damage: Bulwark reduces 1, the Shield takes the last 1
    pass_all(st)
    assert st.hp[1] == hp
    assert [e["when"] for e in events(st, "trigger") if e["player"] == 1] == ["shield_depleted"]
    assert st.shield[1] == amount("Radiant Bulwark", "shield")


def test_redline_drill_queues_burn_onto_the_next_attack():
    # rule circuits.gap.11
    st = board(heroes=FORGE, gear=(["Redline Drill"], []))
    pick(st, "Charge Redline Drill")
    assert st.burn_enemy[1] == 0
    pick(st, "Basic Attack")
    pass_all(st)
    assert st.burn_enemy[1] == amount("Redline Drill", "rider_burn")


def test_frame_check_repairs_only_the_asset_chosen_when_it_was_played():
    # rule circuits.gap.12
    st = board(heroes=("Swarm Architect", "Sparkwright"), hands=(["Frame Check"], []),
               field=(["Ember Turret", "Echo Turret"], []))
    ember, echo = st.field[0]
    st.damage[ember] = 2
    st.damage[echo] = 1
    pick(st, "Play Frame Check")
    pick(st, "Ember Turret")
    pass_all(st)
    assert st.damage[ember] == 2  # a rider: nothing until the attack
    pick(st, "Basic Attack")
    pass_all(st)
    assert st.damage[ember] == max(0, 2 - amount("Frame Check", "rider_repair")) and st.damage[echo] == 1


def test_cold_iron_stops_healing_until_the_casters_next_turn():
    # rule circuits.gap.15
    st = board(heroes=FORGE, hands=(["Cold Iron"], ["Mend Light"]), hp=(None, 20))
    st.defs[st.hero[1]] = card("Lumen Warden")  # heals 1 at the start of its turn
    pick(st, "Play Cold Iron")
    pass_all(st)
    assert st.hp[1] == 19
    end_turn(st)
    assert st.hp[1] == 19  # Dawnlight blocked
    pick(st, "Play Mend Light")
    pass_all(st)
    assert st.hp[1] == 19
    assert [e.get("blocked") for e in events(st, "heal") if e["player"] == 1] == ["cannot heal", "cannot heal"]
    end_turn(st)  # the caster's next turn: healing is back
    assert st.no_heal_until[1] <= st.turn


def test_severed_current_deals_its_damage_and_stops_healing_until_its_players_next_turn():
    # ruling circuits.8 (new cards: Severed Current), rule circuits.9.1.19
    st = board(heroes=("Sparkwright", "Lumen Warden"), plans=(["Severed Current"], []), hands=([], ["Mend Light"]),
               hp=(None, 20), start="turn_start")
    assert card("Severed Current").signature == "Sparkwright" and card("Severed Current").plan_kind == "offense"
    pass_all(st)  # the Plan reveals at Sparkwright's Start Step and resolves
    assert [e["card"] for e in events(st, "plan_revealed")] == ["Severed Current"]
    assert st.hp[1] == 20 - amount("Severed Current", "damage")
    assert st.no_heal_until[1] == st.turn + 2  # until the start of Sparkwright's next turn
    hp = st.hp[1]
    to_next_action(st, 1)  # Lumen Warden's turn: Dawnlight heals 0
    pick(st, "Play Mend Light")
    pass_all(st)
    assert st.hp[1] == hp
    assert [e.get("blocked") for e in events(st, "heal") if e["player"] == 1] == ["cannot heal", "cannot heal"]
    end_turn(st)  # Sparkwright's next turn: healing is back
    assert st.no_heal_until[1] <= st.turn


def test_setup_scrambler_delays_an_enemy_plan_reveal():
    # rule circuits.gap.16
    st = board(heroes=FORGE, plans=(["Battle Plan"], []), hands=([], ["Setup Scrambler"]), start="turn_start")
    assert answer_names(st) == ["Setup Scrambler"]
    hp = st.hp[1]
    pick(st, "Answer with Setup Scrambler")
    pass_all(st)
    plan = st.plans[0][0]
    assert plan in st.delayed and st.hp[1] == hp
    assert [e["card"] for e in events(st, "delayed")] == ["Battle Plan"]


def test_energy_breach_cancels_an_enemy_instant():
    # rule circuits.gap.17
    st = board(heroes=FORGE, hands=(["Cinder Volley"], ["Energy Breach"]))
    hp = st.hp[1]
    pick(st, "Play Cinder Volley")
    assert answer_names(st) == ["Energy Breach"]
    pick(st, "Answer with Energy Breach")
    pass_all(st)
    assert st.hp[1] == hp
    assert [e["card"] for e in events(st, "cancelled")] == ["Cinder Volley"]


def test_vital_circuit_gives_shield_when_you_heal():
    # rule circuits.gap.18
    st = board(heroes=("Lumen Warden", "Sparkwright"), gear=(["Vital Circuit"], []), hands=(["Mend Light"], []),
               hp=(20, None))
    pick(st, "Play Mend Light")
    pass_all(st)
    assert st.hp[0] == 20 + amount("Mend Light", "heal")
    assert [e["when"] for e in events(st, "trigger")] == ["you_heal"]
    assert st.shield[0] == amount("Vital Circuit", "shield")


def test_a_heal_at_full_hp_is_no_heal_and_gives_no_shield():
    # ruling "Healing 0" (rules circuits.8.2.21, circuits.9.1.17)
    st = board(heroes=("Lumen Warden", "Sparkwright"), gear=(["Vital Circuit"], []), hands=(["Mend Light"], []))
    full = st.hp[0]
    assert full == st.max_hp(0)
    pick(st, "Play Mend Light")
    pass_all(st)
    assert st.hp[0] == full
    assert [e["amount"] for e in events(st, "heal")] == [0]
    assert "you_heal" not in [e["when"] for e in events(st, "trigger")]
    assert st.shield[0] == 0


def test_forgeblade_has_signature_cards_that_it_can_play():
    # rule circuits.gap.19
    sigs = sorted(c.name for c in POOL.by_name.values() if getattr(c, "signature", "") == "Forgeblade")
    assert {"Anvil Strike", "Heartforge Hammer", "Tempering Quench"} <= set(sigs)
    st = board(heroes=FORGE, hands=(["Anvil Strike"], []))
    hp = st.hp[1]
    pick(st, "Play Anvil Strike")
    pass_all(st)
    assert st.hp[1] == hp - amount("Anvil Strike", "damage")


def test_hold_everything_guards_only_the_casters_assets():
    # rule circuits.gap.13
    st = board(heroes=("Swarm Architect (Bastion)", "Sparkwright"), field=(["Ember Turret"], ["Echo Turret"]))
    mine, theirs = st.field[0][0], st.field[1][0]
    pick(st, "Ultimate: Hold Everything")
    pass_all(st)
    assert st.has_guard(mine) and not st.has_guard(theirs)
    assert set(st.guarded) == {mine}


def test_full_battery_deals_its_amount_once_per_asset_of_the_caster():
    # rule circuits.gap.14
    st = board(heroes=("Forgeblade (Stormforged)", "Sparkwright"), field=(["Capacitor Bank", "Bulwark Drone"], ["Echo Turret"]))
    battery = amount("Forgeblade (Stormforged)", "full_battery")
    pick(st, "Ultimate: Full Battery")
    pass_all(st)
    hp = st.hp[1]
    pick(st, "End the Action Step")
    hits = [e for e in hero_hits(st, 1) if e.get("via") == "Full Battery"]
    assert [(_src(e), e["final"]) for e in hits] == [("Capacitor Bank (Full Battery)", battery),
                                                         ("Bulwark Drone (Full Battery)", battery)]
    assert st.hp[1] == hp - 2 * battery


# -- gap 20: cancelled cards ----------------------------------------------------------------------------


def test_a_cancelled_card_goes_to_the_discard_and_its_payment_stays():
    # rule circuits.gap.20
    st = board(heroes=FORGE, hands=(["Cinder Volley"], ["Energy Breach"]), rally=(5, 5))
    volley = st.hand[0][0]
    pick(st, "Play Cinder Volley")
    pick(st, "Answer with Energy Breach")
    pass_all(st)
    assert volley in st.discard[0] and volley not in st.pending and volley not in st.hand[0]
    assert st.rally[0] == 5 - card("Cinder Volley").cost  # not refunded
    assert hero_hits(st, 1) == []


# -- gap 21: destruction rewards ------------------------------------------------------------------------


def test_a_destruction_gives_its_rewards():
    # rule circuits.gap.21
    st = board(heroes=FORGE, hands=(["Melt Down"], ["Salvage Protocol"]), field=([], ["Kiln Golem"]))
    golem = st.field[1][0]
    st.damage[golem] = 1
    hand = len(st.hand[1])
    pick(st, "Play Melt Down")
    pick(st, "Answer with Salvage Protocol")
    pass_all(st)
    assert golem in st.discard[1]
    assert st.burn_enemy[0] == amount("Kiln Golem", "burn")  # "when this is destroyed"
    assert len(st.hand[1]) == hand - 1 + amount("Salvage Protocol", "draw")  # Reaction to asset_destroyed


def test_a_replaced_destruction_gives_no_reward():
    # rule circuits.gap.21
    st = board(heroes=FORGE, hands=(["Melt Down"], ["Self-Assembly", "Salvage Protocol"]), field=([], ["Kiln Golem"]))
    golem = st.field[1][0]
    st.damage[golem] = 1
    pick(st, "Play Melt Down")
    pick(st, "Answer with Self-Assembly")
    pass_all(st)
    assert golem in st.field[1] and st.damage[golem] == card("Kiln Golem").hp - 1
    assert st.burn_enemy[0] == 0 and events(st, "destroyed") == []


# -- gaps 22–23: windows ------------------------------------------------------------------------------


def test_instants_only_at_step_2_of_a_full_window_in_the_opponents_turn():
    # rule circuits.gap.22
    st = board(heroes=FORGE, hands=(["Quick Shot"], ["Quick Shot"]), loadout=(["Training Blade"], []))
    pick(st, "Basic Attack")
    assert (st.decision.seat, st.decision.kind) == (1, "respond") and answer_names(st) == ["Quick Shot"]
    pick(st, "Pass")
    # no step 3 answer with an Instant for the acting player: straight back to the Action Step
    assert (st.decision.seat, st.decision.kind) == (0, "action")
    pick(st, "Equip Training Blade")  # a restricted window: no Instant
    assert (st.decision.seat, st.decision.kind) == (0, "action")
    assert named(st, "Training Blade", st.equipped(0)) >= 0 and len(st.hand[1]) == 1


def test_a_restricted_window_has_only_step_2_with_the_exact_trigger():
    # rule circuits.gap.23
    # P0 wears Padded Vest already: Lockout Pulse has Gear to Jam
    st = board(heroes=FORGE, hands=(["Lockout Pulse"], ["Lockout Pulse", "Sidestep", "Quick Shot", "Interference"]),
               loadout=(["Training Blade"], []), gear=(["Padded Vest"], []))
    pick(st, "Equip Training Blade")
    assert (st.decision.seat, st.decision.kind) == (1, "respond") and "step 2" in st.decision.prompt
    assert answer_names(st) == ["Lockout Pulse"]
    pick(st, "Pass")
    # P0's own Lockout Pulse would fit a step 3: there is none
    assert (st.decision.seat, st.decision.kind) == (0, "action")
    assert named(st, "Training Blade", st.equipped(0)) >= 0


# -- gaps 24–26: Ultimates and the Reserve token -------------------------------------------------------


def test_an_ultimate_is_used_only_in_your_own_action_step():
    # rule circuits.gap.24
    st = board(heroes=FORGE, hands=([], ["Sidestep", "Quick Shot"]))
    assert has(st, "Ultimate")
    pick(st, "Basic Attack")
    assert st.decision.seat == 1 and st.decision.kind == "respond"
    assert not has(st, "Ultimate")
    pick(st, "Pass")
    end_turn(st)
    assert st.decision.seat == 1 and has(st, "Ultimate")


def test_the_reserve_token_cannot_pay_for_an_ultimate():
    # rule circuits.gap.25
    st = board(heroes=FORGE, hands=(["Cinder Volley"], []), rally=(6, 6), reserve=0)
    assert not has(st, "Ultimate")
    pick(st, "Play Cinder Volley")  # the token does pay for a card
    assert st.decision.kind == "reserve"
    st = board(heroes=FORGE, rally=(7, 7), reserve=0)
    pick(st, "Ultimate")
    pass_all(st)
    assert st.reserve == 0 and st.rally[0] == 0


def _started(rules=None):
    st = GAME.new_game(decks=["forgeblade", "lumen_warden"], seed=4, rules=rules)
    while st.decision is not None and st.decision.kind != "action":
        st.apply("keep" if st.decision.kind == "mulligan" else st.decision.ids[0])
    return st


def test_the_reserve_token_is_a_rule_parameter_on_by_default():
    # rule circuits.gap.26
    assert GAME.check_rules(None)["reserve_token"] is True
    on = _started()
    assert on.reserve == 1 - on.first
    off = _started({"reserve_token": False})
    assert off.reserve == -1 and not any(e["type"] == "reserve_token_taken" for e in off.log)


# -- gaps 27–30: Plans --------------------------------------------------------------------------------------


def test_at_most_one_face_down_plan_per_kind():
    # rule circuits.gap.27
    st = board(heroes=FORGE, plans=(["Battle Plan"], []), hands=(["Siege Ram", "Field Triage", "Timeline Fold"], []))
    assert not has(st, "Play Siege Ram")
    assert has(st, "Play Field Triage") and has(st, "Play Timeline Fold")
    pick(st, "Play Field Triage")
    pass_all(st)
    pick(st, "Play Timeline Fold")
    pass_all(st)
    assert sorted(st.kind_of[i] for i in st.plans[0]) == ["defense", "offense", "utility"]
    assert not has(st, "Play Siege Ram")


def test_a_plan_that_harms_and_protects_is_printed_offense():
    # rule circuits.gap.28
    mixed = [{"verb": "damage", "amount": 1, "to": "enemy_hero"}, {"verb": "heal", "amount": 2, "to": "your_hero"}]
    with pytest.raises(msgspec.ValidationError, match="honest"):
        msgspec.convert({"kind": "tactic", "id": "t-mixed", "name": "Mixed", "type": "plan", "plan_kind": "defense",
                         "cost": 1, "text": "x", "effects": mixed}, Card)
    plan = msgspec.convert({"kind": "tactic", "id": "t-mixed", "name": "Mixed", "type": "plan", "plan_kind": "offense",
                            "cost": 1, "text": "x", "effects": mixed}, Card)
    st = board(heroes=FORGE, hands=(["Battle Plan"], ["Interference"]))
    swap_in(st, st.hand[0][0], plan)
    pick(st, "Play Mixed")
    assert "face-down Offense Plan" in st.decision.prompt
    pass_all(st)
    assert [st.kind_of[i] for i in st.plans[0]] == ["offense"]


def test_a_delayed_plan_stays_face_up_cannot_be_scouted_and_resolves_without_a_new_window():
    # rule circuits.gap.29
    st = board(heroes=FORGE, plans=(["Battle Plan"], []), hands=([], ["Setup Scrambler", "Setup Scrambler"]),
               start="turn_start")
    pick(st, "Answer with Setup Scrambler")
    to_next_action(st, 1)
    plan = st.plans[0][0]
    [shown] = st.view(1)["players"][0]["plans"]
    assert shown["delayed"] and shown["card"]["name"] == "Battle Plan"
    pick(st, "Scout")  # no face-down Plan to look at: the deck top instead
    assert [e["what"] for e in events(st, "look")] == ["deck_top"]
    hp = st.hp[1]
    revealed = len(events(st, "plan_revealed"))
    pick(st, "End the Action Step")
    pass_all(st)
    assert st.decision.seat == 0 and st.decision.kind == "action"
    assert len(events(st, "plan_revealed")) == revealed  # no new reveal, no window
    assert len(st.hand[1]) >= 1 and any(st.name(i) == "Setup Scrambler" for i in st.hand[1])
    assert plan in st.discard[0] and st.hp[1] == hp - amount("Battle Plan", "damage")


def test_a_force_revealed_plan_resolves_at_once_after_its_window():
    # rule circuits.gap.30
    st = board(heroes=("Sparkwright", "Forgeblade"), hands=(["Forced Collapse"], []), plans=([], ["Battle Plan"]))
    plan = st.plans[1][0]
    hp = st.hp[0]
    pick(st, "Play Forced Collapse")
    pass_all(st)
    assert plan in st.discard[1] and plan not in st.plans[1]
    assert st.hp[0] == hp - amount("Battle Plan", "damage")
    assert st.decision.seat == 0 and st.decision.kind == "action"  # still the same Action Step


# -- gap 31: Second Wind --------------------------------------------------------------------------------


def test_second_wind_neither_fires_nor_is_used_up_at_a_first_turn():
    # rule circuits.gap.31
    st = board(heroes=FORGE, start="turn_start", turn=1, capacity=(1, 1), rally=(1, 1), hp=(10, None))
    assert st.decision.seat == 0 and st.own_turns[0] == 1
    assert st.capacity[0] == 1 and st.second_wind[0] is False and events(st, "second_wind") == []
    to_next_action(st, 1)
    to_next_action(st, 0)
    assert st.own_turns[0] == 2 and st.capacity[0] == 3 and st.second_wind[0] is True


# -- gaps 35–36: deck checks ---------------------------------------------------------------------------


def _deck(hero: str, armory: list[str], cards: dict[str, int], fmt: str = "standard"):
    text = "\n".join([
        'game = "circuits"', f"format = {json.dumps(fmt)}", 'name = "T"', f"heroes = [{json.dumps(hero)}]",
        "armory = [" + ", ".join(json.dumps(g) for g in armory) + "]", "", "[cards]",
        *(f"{json.dumps(n)} = {c}" for n, c in cards.items())]) + "\n"
    return parse_deck(text)


def _starter(hero: str):
    for p in files("cardarena.games.circuits").joinpath("starters").iterdir():
        if p.name.endswith(".toml"):
            d = parse_deck(p.read_text(encoding="utf-8"), p.name)
            if d.leaders["heroes"] == [hero]:
                return d
    raise AssertionError(hero)


def _swapped(base, out: str, into: str, n: int) -> dict[str, int]:
    cards = dict(base.cards)
    cards[out] -= n
    if not cards[out]:
        del cards[out]
    cards[into] = cards.get(into, 0) + n
    return cards


def test_a_signature_card_must_also_pass_the_circuit_check():
    # rule circuits.gap.35
    storm = _starter("Forgeblade (Stormforged)")  # Heat/Static
    out = next(n for n in storm.cards if storm.cards[n] >= 1 and not card(n).signature)
    quench = _swapped(storm, out, "Tempering Quench", 1)  # Forgeblade's, but Kinetic
    found = check_deck(_deck("Forgeblade (Stormforged)", storm.leaders["armory"], quench), POOL)
    assert len(found) == 1 and "gap.35" in found[0] and "Tempering Quench" in found[0]
    strike = _swapped(storm, out, "Anvil Strike", 1)  # Forgeblade's and Heat: legal
    assert check_deck(_deck("Forgeblade (Stormforged)", storm.leaders["armory"], strike), POOL) == []


def test_anomaly_cards_separate_open_from_standard():
    # rule circuits.gap.36
    assert card("Rift Ember").anomaly is True
    forge = _starter("Forgeblade")
    out = next(n for n in forge.cards if forge.cards[n] >= 2 and not card(n).anomaly)
    cards = _swapped(forge, out, "Rift Ember", 2)
    std = check_deck(_deck("Forgeblade", forge.leaders["armory"], cards), POOL, "standard")
    assert len(std) == 1 and "Rift Ember" in std[0]
    assert check_deck(_deck("Forgeblade", forge.leaders["armory"], cards, "open"), POOL, "open") == []


# -- gaps 41–44 --------------------------------------------------------------------------------------------


def test_a_next_basic_attack_bonus_waits_however_many_turns():
    # rule circuits.gap.41
    st = board(heroes=FORGE, hands=(["Heavy Swing"], []))
    pick(st, "Play Heavy Swing")
    pass_all(st)
    end_turn(st)
    end_turn(st)
    end_turn(st)
    end_turn(st)  # two full rounds later
    assert st.decision.seat == 0
    hp = st.hp[1]
    pick(st, "Basic Attack")
    pass_all(st)
    assert hp - st.hp[1] == 1 + amount("Heavy Swing", "next_attack")
    assert st.queued == []


def test_full_battery_comes_after_end_of_turn_effects_and_before_strike():
    # rule circuits.gap.42
    st = board(heroes=("Forgeblade (Stormforged)", "Sparkwright"), field=(["Solar Array", "Ember Turret"], []),
               hp=(20, None))
    pick(st, "Ultimate: Full Battery")
    pass_all(st)
    pick(st, "End the Action Step")
    order = [e["type"] if e["type"] != "damage" else _src(e) for e in st.log if e["type"] in ("heal", "damage")]
    assert order[:4] == ["heal", "Solar Array (Full Battery)", "Ember Turret (Full Battery)", "Ember Turret"]


def test_mulligans_are_decided_in_seat_order_and_are_public():
    # rule circuits.gap.43
    st = GAME.new_game(decks=["forgeblade", "lumen_warden"], seed=4)
    while st.decision.kind != "mulligan":
        st.apply(st.decision.ids[0])
    assert st.decision.seat == 0
    st.apply("mulligan")
    assert (st.decision.seat, st.decision.kind) == (1, "mulligan")
    seen = [e for e in st.visible_log(1) if e["type"] == "mulligan"]
    assert seen == [{"type": "mulligan", "player": 0, "taken": True}]
    st.apply("keep")
    assert [(e["player"], e["taken"]) for e in events(st, "mulligan")] == [(0, True), (1, False)]


def test_both_heroes_at_zero_at_once_is_a_draw():
    # rule circuits.gap.44
    # Impact Maul's attack takes Ironclad Vanguard to 0 through Padded Vest; the prevention fires Riposte,
    # which takes the attacker to 0 in the same resolution.
    st = board(heroes=("Forgeblade", "Ironclad Vanguard"), gear=(["Impact Maul"], ["Padded Vest"]), hp=(1, 2))
    pick(st, "Basic Attack")
    pass_all(st)
    assert st.hp == [0, 0]
    assert st.result is not None and st.result.winner is None and st.result.reason == "both_heroes_defeated"


@pytest.mark.parametrize(("p2_deck", "result"), [([], (None, "deck_out_and_knockout")), (["Lockout Pulse"], (1, "hero_defeated"))])
def test_a_deck_out_while_the_other_hero_is_knocked_out_in_the_same_resolution_is_a_draw(p2_deck, result):
    # rule circuits.gap.44
    # rule circuits.1.2
    # Impact Maul's attack takes Ironclad Vanguard from 6 to 4 HP through Padded Vest; Riposte takes the
    # attacker to 0. Breakpoint 5 then has P2 draw: from an empty deck both have lost in one resolution.
    st = board(heroes=("Forgeblade", "Ironclad Vanguard"), gear=(["Impact Maul"], ["Padded Vest"]), hp=(1, 6),
               decks=(["Lockout Pulse"] * 5, p2_deck))
    pick(st, "Basic Attack")
    pass_all(st)
    assert st.hp == [0, 4]
    assert [e["at"] for e in events(st, "breakpoint")] == [5]
    assert st.result is not None and (st.result.winner, st.result.reason) == result


# -- gaps 45–47 --------------------------------------------------------------------------------------------


def test_there_are_no_universal_assets():
    # rule circuits.gap.45
    with pytest.raises(msgspec.ValidationError, match="one or two Circuits"):
        make_card(kind="asset", id="t-universal", name="Universal Thing", cost=1, hp=2, text="x")
    assert all(1 <= len(a.circuits) <= 2 for a in POOL.by_name.values() if type(a).__name__ == "AssetCard")
    ok = make_card(kind="asset", id="t-mono", name="Mono Thing", cost=1, hp=2, text="x", circuits=["Heat"])
    st = board(heroes=FORGE, hands=(["Ember Turret"], []))
    swap_in(st, st.hand[0][0], ok)
    pick(st, "Play Mono Thing")
    pass_all(st)
    assert [st.name(i) for i in st.field[0]] == ["Mono Thing"]


def test_the_opponent_learns_that_a_scout_happened_not_which_plan():
    # rule circuits.gap.46
    st = board(heroes=FORGE, plans=([], ["Battle Plan", "Field Triage"]))
    pick(st, "Scout")
    pick(st, "offense")
    [mine] = [e for e in st.visible_log(0) if e["type"] == "look"]
    [theirs] = [e for e in st.visible_log(1) if e["type"] == "look"]
    assert mine["card"] == "Battle Plan" and "id" in mine
    assert theirs["player"] == 0 and theirs.get("card") is None and theirs.get("id") is None


WARD_CHARM = make_card(kind="gear", id="test-ward-charm-2", name="Ward Charm", slot="relic", cost=1, reduce=1,
                       text="Relic. Reduce damage to your Hero by 1 per damage event.")


def test_no_order_is_asked_for_flat_gear_reductions():
    # circuits ruling 47 (docs/rulings/circuits.md, Further rulings)
    st = board(heroes=FORGE, gear=(["Impact Maul"], ["Padded Vest", "Field Kit"]))
    swap_in(st, named(st, "Field Kit", st.equipped(1)), WARD_CHARM)
    hp = st.hp[1]
    pick(st, "Basic Attack")
    assert (st.decision.seat, st.decision.kind) == (0, "action")  # the defender was asked nothing
    [hit] = hero_hits(st, 1)
    maul = 1 + card("Impact Maul").attack
    assert hit["reduced_by_gear"] == card("Padded Vest").reduce + 1
    assert st.hp[1] == hp - (maul - card("Padded Vest").reduce - 1)


# -- ruling 49: answering a face-down Plan --------------------------------------------------------


def test_a_face_down_plan_is_answered_when_played_and_its_damage_at_its_reveal():
    # rule circuits.11.21
    # rule circuits.11.22
    # rule circuits.11.25
    # circuits ruling 49 (docs/rulings/circuits.md, Further rulings)
    # Played face-down, an Offense Plan opens a full window: P1 may answer the play with an Instant or
    # a Reaction to the play itself (Interference), never with a Reaction to damage (Brace, Backdraft):
    # the play damages nothing. Its reveal is where its damage is answered, and Brace then prevents it.
    st = board(heroes=FORGE, hands=(["Battle Plan"], ["Interference", "Brace", "Backdraft", "Quick Shot"]),
               rally=(3, 3))
    pick(st, "Play Battle Plan")
    assert (st.decision.seat, st.decision.kind) == (1, "respond")
    assert answer_names(st) == ["Interference", "Quick Shot"]
    pick(st, "Pass")
    to_next_action(st, 1)
    pick(st, "End")
    assert (st.decision.seat, st.decision.kind) == (1, "respond")
    assert "Battle Plan reveals" in st.decision.prompt
    assert answer_names(st) == ["Backdraft", "Brace", "Quick Shot"]  # a reveal is not a play: no Interference
    hp = st.hp[1]
    pick(st, "Brace")
    pass_all(st)
    dealt = amount("Battle Plan", "damage") - amount("Brace", "prevent")
    assert st.hp[1] == hp - max(0, dealt)


# -- ruling 51: swapping one +HP Relic for another ---------------------------------------------------


def test_swapping_one_hp_relic_for_another_never_leaves_the_assets_without_the_bonus():
    # rule circuits.8.4.4
    # rule circuits.9.2.2
    # circuits ruling 51 (docs/rulings/circuits.md, Further rulings)
    # Scaffold Matrix (+1 HP) keeps a Repair Drone with damage equal to its printed HP alive. Equipping
    # Aegis of Dawn (+1 HP too) into the Relic slot Scraps Scaffold Matrix in the same equip: the Drone
    # is checked with Aegis of Dawn in place and lives. Swapping to a Relic without the bonus (Field
    # Kit) still destroys it at once.
    for relic, lives in (("Aegis of Dawn", True), ("Field Kit", False)):
        st = board(heroes=("Lumen Warden", "Sparkwright"), gear=(["Scaffold Matrix"], []), loadout=([relic], []),
                   field=(["Repair Drone"], []))
        [drone] = st.field[0]
        st.damage[drone] = card("Repair Drone").hp
        pick(st, f"Equip {relic}")
        pass_all(st)
        assert [st.name(g) for g in st.equipped(0)] == [relic]
        assert (st.field[0] == [drone]) is lives, relic
        assert (events(st, "destroyed") == []) is lives, relic
        if lives:
            assert st.damage[drone] == card("Repair Drone").hp


# -- ruling 50: the order of one player's simultaneous triggers ---------------------------------------


def test_a_player_orders_every_trigger_one_damage_event_fires_whatever_its_condition():
    # rule circuits.18.4
    # rule circuits.8.2.14
    # circuits ruling 50 (docs/rulings/circuits.md, Further rulings)
    # Impact Maul's attack on Prism Tactician (Slag Plate, Sunplate Standard) is partly prevented and
    # partly dealt: Slag Plate ("when your Hero takes damage": Burn 1) and Sunplate Standard ("when you
    # prevent damage": heal 2, which fires Refraction, a look at one of two enemy face-down Plans) fire
    # from the same event and are ordered together, whatever their condition. The look is a choice of
    # its own, so the order is asked; each ordered trigger resolves at once, its own triggers with it.
    orders = {"Slag Plate": ["Slag Plate", "Sunplate Standard", "Prism Tactician"],
              "Sunplate Standard": ["Sunplate Standard", "Prism Tactician", "Slag Plate"]}
    for first, fired in orders.items():
        st = board(heroes=("Lumen Warden", "Prism Tactician"), plans=(["Battle Plan", "Field Triage"], []),
                   gear=(["Impact Maul"], ["Slag Plate", "Sunplate Standard"]), hp=(None, 20))
        pick(st, "Basic Attack")
        assert (st.decision.seat, st.decision.kind) == (1, "trigger_order")
        assert sorted(labels(st)) == ["Slag Plate (when your Hero takes damage)",
                                      "Sunplate Standard (when you prevent damage)"]
        pick(st, first)
        while st.decision.kind == "target":  # Refraction: which face-down Plan to look at
            st.apply(st.decision.options[0].id)
        assert [e["card"] for e in events(st, "trigger")] == fired


def test_an_order_that_changes_nothing_is_not_asked():
    # rule circuits.18.4
    # rule circuits.8.2.14
    # circuits ruling 50 (docs/rulings/circuits.md, Further rulings)
    # Impact Maul's attack on Ironclad Vanguard (Padded Vest, Dampening Coil) is partly prevented and
    # partly dealt: Riposte ("when you prevent damage") and Dampening Coil ("when your Hero takes
    # damage") fire from the same event. Whichever goes first, the game is the same: no order is asked,
    # and both resolve.
    st = board(heroes=("Lumen Warden", "Ironclad Vanguard"), gear=(["Impact Maul"], ["Padded Vest", "Dampening Coil"]))
    pick(st, "Basic Attack")
    assert (st.decision.seat, st.decision.kind) == (0, "action")
    assert sorted(e["card"] for e in events(st, "trigger")) == ["Dampening Coil", "Ironclad Vanguard"]


def test_ordered_triggers_resolve_before_the_rest_of_the_card_that_fired_them():
    # rule circuits.11.23
    # rule circuits.18.4
    # circuits ruling 50 (docs/rulings/circuits.md, Further rulings)
    # Cold Iron deals 1 damage, then "cannot heal". Padded Vest prevents the 1, so Riposte and Sunplate
    # Standard ("when you prevent damage, your Hero heals 2") fire together (their order changes
    # nothing, so it is not asked): they resolve at once, so Sunplate Standard heals before Cold Iron's
    # "cannot heal" lands.
    st = board(heroes=("Lumen Warden", "Ironclad Vanguard"), hands=(["Cold Iron"], []),
               gear=([], ["Padded Vest", "Sunplate Standard"]), hp=(None, 20))
    pick(st, "Play Cold Iron")
    pass_all(st)
    assert [e["card"] for e in events(st, "trigger")] == ["Ironclad Vanguard", "Sunplate Standard"]
    [heal] = events(st, "heal")
    assert heal["amount"] == 2 and "blocked" not in heal
    assert st.hp[1] == 22
    assert [e["status"] for e in events(st, "status")] == ["cannot_heal"]
    assert [e["type"] for e in st.log].index("heal") < [e["type"] for e in st.log].index("status")


def test_the_victory_check_waits_for_the_ordered_triggers_of_the_lethal_event():
    # rule circuits.18.4
    # rule circuits.gap.44
    # circuits ruling 50 (docs/rulings/circuits.md, Further rulings)
    # Impact Maul's attack takes Ironclad Vanguard (Padded Vest, Dampening Coil) to 0 HP; the event also
    # fires Riposte and Dampening Coil. They are part of the resolution: the win is checked after both,
    # and Riposte has taken the attacker to 0 HP as well, so the game is a draw.
    st = board(heroes=("Lumen Warden", "Ironclad Vanguard"), gear=(["Impact Maul"], ["Padded Vest", "Dampening Coil"]),
               hp=(1, 2))
    pick(st, "Basic Attack")
    assert sorted(e["card"] for e in events(st, "trigger")) == ["Dampening Coil", "Ironclad Vanguard"]
    assert st.hp == [0, 0]
    assert st.result is not None and st.result.winner is None and st.result.reason == "both_heroes_defeated"


def test_a_card_is_shown_before_its_target_is_chosen():
    # rule circuits.11.7
    # rule circuits.4.1
    # A `target` decision asked while the card is still hidden in the hand would tell the other seat
    # that a targeted card is coming; the card is shown first (ruling 52).
    st = board(heroes=("Sparkwright", "Lumen Warden"), hands=(["Short Out", "Short Out"], []),
               gear=([], ["Scaffold Matrix", "Padded Vest"]))
    pick(st, "Play Short Out")
    assert st.decision.kind == "target"
    shown = [e for e in st.visible_log(1) if e["type"] == "announce"]
    assert [(e["player"], e["card"]) for e in shown] == [(0, "Short Out")]
    seen = st.view(1)["players"][0]["seen"]
    assert [(c["zone"], c["card"]["name"]) for c in seen] == [("hand", "Short Out")]  # not the other copy
    pick(st, "Scaffold Matrix")
    assert events(st, "play")[-1]["card"] == "Short Out"


def test_an_asset_is_shown_before_the_discard_that_makes_room_for_it():
    # rule circuits.9.1.3
    # ruling 52: a `make_room` decision asked while the Asset is hidden would tell that one is coming
    st = board(heroes=("Lumen Warden", "Sparkwright"), field=(["Kiln Golem", "Ember Turret"], []),
                  hands=(["Bulwark Drone"], []))
    pick(st, "Play Bulwark Drone")
    assert st.decision.kind == "make_room"
    assert [(e["player"], e["card"]) for e in st.visible_log(1) if e["type"] == "announce"] == [(0, "Bulwark Drone")]
    pick(st, "Discard Kiln Golem")
    assert len(events(st, "announce")) == 1 and events(st, "play")[-1]["card"] == "Bulwark Drone"
