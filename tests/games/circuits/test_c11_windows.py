"""Rule scenarios for rulebook §11, Response Windows (rules circuits.11.1–11.30; 11.14, Squad's Swap,
is not played in Duel): what opens a full or a restricted window, who is asked at steps 2 and 3 and
with which answers, LIFO resolution, Energy Breach, and outcome-dependent Reactions."""

from __future__ import annotations

import pytest
from circuits_c11_c19_helpers import (
    amount,
    answers_offered,
    asked,
    attack,
    board,
    cost,
    index,
    make_card,
    put,
    resolved,
)
from circuits_scenario import POOL, events, find, has, pick

from cardarena.core.errors import IllegalChoice

# Volt Reaver (P0) has a plain Passive (+1 attack); Lumen Warden (P1) only heals at its own turn start.
HEROES = ("Volt Reaver", "Lumen Warden")
HIT = attack("Volt Reaver")  # P0's Basic Attack


def is_action(st, seat: int) -> bool:
    return st.decision is not None and (st.decision.seat, st.decision.kind) == (seat, "action")


# -- what opens a full window ---------------------------------------------------------------------


OPENERS = {
    "basic attack": (dict(hands=(["Interference"], ["Quick Shot"])), lambda st: pick(st, "Basic Attack")),
    "instant": (dict(hands=(["Regroup", "Interference"], ["Quick Shot"])), lambda st: pick(st, "Play Regroup")),
    "plan": (dict(hands=(["Timeline Fold", "Interference"], ["Quick Shot"])), lambda st: pick(st, "Play Timeline Fold")),
    "asset": (dict(hands=(["Ember Turret", "Interference"], ["Quick Shot"])), lambda st: pick(st, "Play Ember Turret")),
    "ultimate": (dict(heroes=("Forgeblade", "Lumen Warden"), hands=(["Interference"], ["Quick Shot"])),
                 lambda st: pick(st, "Ultimate")),
    "plan reveal": (dict(hands=(["Interference"], ["Quick Shot"]), plans=(["Battle Plan"], []), start="turn_start"),
                    lambda st: None),
}


@pytest.mark.parametrize("what", sorted(OPENERS))
def test_each_of_the_five_actions_opens_a_full_window_with_steps_2_and_3(what):
    # rule circuits.11.1
    # rule circuits.11.2
    # rule circuits.11.3
    # rule circuits.11.4
    # rule circuits.11.5
    # The opponent may answer at step 2 with an Instant (legal only in a full window); the acting
    # player then gets step 3 of the same window with a Reaction to that Instant.
    kw, act = OPENERS[what]
    st = board(**{"heroes": HEROES, **kw})
    act(st)
    asked(st, 1, 2)
    assert answers_offered(st) == ["Quick Shot"]
    pick(st, "Quick Shot")
    if st.decision.kind == "target":  # "any enemy target": the Asset being played is one too (rule 9.1.32)
        pick(st, "(Hero")
    asked(st, 0, 3)
    assert answers_offered(st) == ["Interference"]
    pick(st, "Interference")
    assert resolved(st)[:2] == ["Interference", "Quick Shot"]


def test_a_combo_opens_a_full_window():
    # rule circuits.11.2
    st = board(heroes=HEROES, hands=(["Regroup", "Follow Through"], ["Quick Shot"]))
    pick(st, "Play Regroup")
    asked(st, 1, 2)
    pick(st, "Pass")
    pick(st, "Play Follow Through")
    asked(st, 1, 2)
    assert "Follow Through is played" in st.decision.prompt
    assert answers_offered(st) == ["Quick Shot"]


def test_charge_and_scout_open_no_window():
    # rule circuits.11.6
    # P1 holds an Instant (playable at step 2 of any full window) and Reactions to tactics and damage:
    # none is ever offered for a Charge or a Scout.
    st = board(heroes=HEROES, field=(["Tesla Coil"], []), plans=([], ["Field Triage"]),
               hands=([], ["Regroup", "Interference", "Brace", "Halo Reflect"]), rally=(5, 5))
    pick(st, "Charge Tesla Coil")
    assert is_action(st, 0)
    assert st.hp[1] == st.max_hp(1) - amount("Tesla Coil", "damage")  # the Charge resolved, unanswered
    pick(st, "Scout")
    assert is_action(st, 0)
    assert st.rally[0] == 5 - POOL.by_name["Tesla Coil"].charge.cost - 1
    assert events(st, "answer") == [] and events(st, "pass_window") == []
    assert len(st.hand[1]) == 4


# -- the steps -----------------------------------------------------------------------------------


def test_step_1_declares_chooses_the_target_and_pays_before_the_opponent_is_asked():
    # rule circuits.11.7
    st = board(heroes=HEROES, hands=(["Cinder Volley"], ["Quick Shot"]), field=([], ["Bulwark Drone"]), rally=(5, 5))
    pick(st, "Play Cinder Volley")
    pick(st, "Bulwark Drone")
    asked(st, 1, 2)
    [play] = events(st, "play")
    assert play["card"] == "Cinder Volley" and play["target"].startswith("Bulwark Drone")
    assert st.rally[0] == 5 - cost("Cinder Volley")  # paid at declaration
    assert st.hand[0] == [] and [st.name(i) for i in st.pending] == ["Cinder Volley"]
    assert st.damage.get(st.field[1][0], 0) == 0  # not resolved yet


def test_step_2_offers_instants_and_applicable_reactions_and_takes_one_card():
    # rule circuits.11.8
    st = board(heroes=HEROES, hands=([], ["Quick Shot", "Regroup", "Sidestep", "Brace", "Setup Scrambler",
                                           "Energy Breach", "Grounding Field"]), rally=(5, 5))
    pick(st, "Basic Attack")
    asked(st, 1, 2)
    # Instants, and Reactions whose trigger applies to a Basic Attack on the Hero; not a Plan-reveal,
    # Instant-cancel or Strike Reaction
    assert answers_offered(st) == ["Brace", "Quick Shot", "Regroup", "Sidestep"]
    regroup = find(st, "Regroup")
    pick(st, "Sidestep")
    assert is_action(st, 0)  # no second card at step 2 (and P0 has nothing for step 3)
    with pytest.raises(IllegalChoice):
        st.apply(regroup)
    assert [e["card"] for e in events(st, "answer")] == ["Sidestep"]
    assert st.hp[1] == st.max_hp(1) - max(0, HIT - amount("Sidestep", "prevent"))


def test_step_2_may_be_passed():
    # rule circuits.11.8
    st = board(heroes=HEROES, hands=([], ["Quick Shot"]))
    pick(st, "Basic Attack")
    pick(st, "Pass")
    assert st.hp[1] == st.max_hp(1) - HIT and len(st.hand[1]) == 1
    assert events(st, "pass_window") == [{"type": "pass_window", "player": 1, "step": 2}]


def test_step_3_offers_the_acting_player_reactions_but_never_an_instant():
    # rule circuits.11.9
    st = board(heroes=HEROES, hands=(["Quick Shot", "Regroup", "Brace"], ["Quick Shot"]))
    pick(st, "Basic Attack")
    pick(st, "Quick Shot")
    asked(st, 0, 3)
    assert answers_offered(st) == ["Brace"]


def test_step_3_may_answer_the_original_declaration_after_the_opponent_passed():
    # rule circuits.11.10
    # P0's Plan reveals at its Start Step; P1 passes its Setup Scrambler; P0 still gets step 3 and
    # answers its own reveal with Echo Protocol.
    st = board(heroes=HEROES, plans=(["Battle Plan"], []), hands=(["Echo Protocol"], ["Setup Scrambler"]),
               start="turn_start", rally=(3, 3))
    asked(st, 1, 2)
    pick(st, "Pass")
    asked(st, 0, 3)
    assert answers_offered(st) == ["Echo Protocol"]
    pick(st, "Echo Protocol")
    assert resolved(st) == ["Echo Protocol", "Battle Plan"]


def test_the_window_resolves_step_3_then_step_2_then_the_declaration():
    # rule circuits.11.11
    # P0: Cinder Volley (2 to P1). P1 at step 2: Quick Shot (1 to P0). P0 at step 3: Brace (prevent 2).
    st = board(heroes=HEROES, hands=(["Cinder Volley", "Brace"], ["Quick Shot"]), rally=(5, 5))
    pick(st, "Play Cinder Volley")
    pick(st, "Quick Shot")
    pick(st, "Brace")
    assert resolved(st) == ["Brace", "Quick Shot", "Cinder Volley"]
    to_p0, to_p1 = events(st, "damage")
    shot = amount("Quick Shot", "damage")
    assert amount("Brace", "prevent") >= shot  # Brace, resolved first, already protects against the Quick Shot
    assert (to_p0["player"], to_p0["source"], to_p0["prevented_by_reactions"], to_p0["final"]) == (0, "Quick Shot", shot, 0)
    assert (to_p1["player"], to_p1["source"], to_p1["final"]) == (1, "Cinder Volley", amount("Cinder Volley", "damage"))
    assert st.hp == [st.max_hp(0), st.max_hp(1) - amount("Cinder Volley", "damage")]


def test_answers_open_no_window_of_their_own_and_nothing_follows_step_3():
    # rule circuits.11.12
    st = board(heroes=HEROES, hands=(["Cinder Volley", "Brace", "Energy Breach"], ["Quick Shot", "Quick Shot", "Brace"]),
               rally=(6, 6))
    pick(st, "Play Cinder Volley")
    pick(st, "Quick Shot")
    # still step 3 of the Cinder Volley window: the step-2 Instant is not a new declaration that Energy
    # Breach could cancel
    asked(st, 0, 3)
    assert "Cinder Volley is played" in st.decision.prompt
    assert answers_offered(st) == ["Brace"]
    pick(st, "Brace")
    # P1 still holds an Instant and a Reaction to damage, but there is no step 4
    assert is_action(st, 0)
    assert [st.name(i) for i in st.hand[1]] == ["Quick Shot", "Brace"]


# -- restricted windows --------------------------------------------------------------------------


def test_equipping_opens_a_restricted_window_for_enemy_equips_reactions_only():
    # rule circuits.11.13
    # rule circuits.11.16
    st = board(heroes=HEROES, loadout=(["Padded Vest"], []), gear=(["Training Blade"], []),
               hands=([], ["Lockout Pulse", "Regroup", "Quick Shot", "Interference", "Sidestep", "Brace", "Grounding Field"]),
               decks=(["Regroup"] * 5, ["Regroup"] * 5), rally=(5, 5))
    pick(st, "Equip Padded Vest")
    asked(st, 1, 2)
    assert "Padded Vest is equipped" in st.decision.prompt
    assert answers_offered(st) == ["Lockout Pulse"]
    pick(st, "Lockout Pulse")
    blade = st.gear[0]
    assert st.name(blade) == "Training Blade" and blade in st.jammed
    assert st.name(st.gear[1]) == "Padded Vest"


def test_strike_opens_a_restricted_window_for_asset_damage_reactions_only():
    # rule circuits.11.15
    # rule circuits.11.16
    st = board(heroes=HEROES, field=(["Ember Turret"], []),
               hands=([], ["Grounding Field", "Brace", "Halo Reflect", "Backdraft", "Regroup", "Quick Shot"]),
               rally=(5, 5))
    pick(st, "End")
    asked(st, 1, 2)
    assert "Ember Turret Strikes" in st.decision.prompt
    assert answers_offered(st) == ["Grounding Field"]
    pick(st, "Grounding Field")
    [strike] = [e for e in events(st, "damage") if e["source"] == "Ember Turret"]
    strike_n = POOL.by_name["Ember Turret"].strike
    assert amount("Grounding Field", "prevent") >= strike_n
    assert (strike["prevented_by_reactions"], strike["final"]) == (strike_n, 0)


def test_a_burn_tick_opens_no_window():
    # rule circuits.11.17
    st = board(heroes=HEROES, hands=(["Brace", "Backdraft"], ["Regroup", "Quick Shot", "Brace"]), rally=(3, 3))
    st.burn_enemy[0] = 2
    pick(st, "End")
    assert is_action(st, 1)
    [tick] = events(st, "damage")
    assert (tick["player"], tick["source"], tick["final"]) == (0, "Burn", 2)
    assert events(st, "answer") == [] and events(st, "pass_window") == []
    assert len(st.hand[0]) == 2 and len(st.hand[1]) == 3 + 1  # + P1's draw


def test_a_passive_trigger_opens_no_window():
    # rule circuits.11.18
    # P1 attacks Ironclad Vanguard, whose Padded Vest prevents it: Riposte (a Passive) deals 1 damage to
    # P1. P1 holds Brace and Halo Reflect ("when your Hero would take damage"), but no window is asked
    # for Riposte. (Nor step 3 of its own attack: with P0's hand empty nothing came at step 2, so no
    # Reaction of the pool could answer there, whatever P1 holds: circuits ruling 50.)
    st = board(heroes=("Ironclad Vanguard", "Volt Reaver"), gear=(["Padded Vest"], []),
               hands=([], ["Brace", "Halo Reflect", "Regroup"]), active=1, rally=(5, 5))
    st.apply(find(st, "Basic Attack"))
    assert is_action(st, 1)
    riposte = [e for e in events(st, "damage") if e["source"] == "Ironclad Vanguard"]
    assert [(e["player"], e["prevented_by_reactions"]) for e in riposte] == [(1, 0)] and riposte[0]["final"] > 0
    assert events(st, "answer") == [] and len(st.hand[1]) == 3


# -- Energy Breach -------------------------------------------------------------------------------


def test_energy_breach_cancels_an_instant_declared_at_step_1():
    # rule circuits.11.19
    st = board(heroes=HEROES, hands=(["Cinder Volley"], ["Energy Breach"]), rally=(5, 5))
    pick(st, "Play Cinder Volley")
    asked(st, 1, 2)
    assert answers_offered(st) == ["Energy Breach"]
    pick(st, "Energy Breach")
    assert st.hp[1] == st.max_hp(1)  # no damage
    assert events(st, "cancelled") == [{"type": "cancelled", "player": 0, "card": "Cinder Volley"}]
    assert st.rally == [5 - cost("Cinder Volley"), 5 - cost("Energy Breach")]  # not refunded
    assert [st.name(i) for i in st.discard[0]] == ["Cinder Volley"]
    assert [st.name(i) for i in st.discard[1]] == ["Energy Breach"]


def _breach_vs_plan(st):
    pick(st, "Play Battle Plan")


def _breach_vs_combo(st):
    pick(st, "Play Quick Shot")
    pick(st, "Pass")
    pick(st, "Play Follow Through")


def _breach_vs_asset(st):
    pick(st, "Play Ember Turret")


def _breach_vs_attack(st):
    pick(st, "Basic Attack")


def _breach_vs_ultimate(st):
    pick(st, "Ultimate")


BREACH = {
    "plan": _breach_vs_plan,
    "combo": _breach_vs_combo,
    "asset": _breach_vs_asset,
    "basic attack": _breach_vs_attack,
    "ultimate": _breach_vs_ultimate,
}


@pytest.mark.parametrize("what", sorted(BREACH))
def test_energy_breach_cannot_answer_anything_but_an_instant(what):
    # rule circuits.11.20
    # P1 also holds Regroup, so the window visibly asks P1: only Regroup is offered.
    st = board(heroes=("Forgeblade", "Lumen Warden"),
               hands=(["Battle Plan", "Quick Shot", "Follow Through", "Ember Turret"], ["Energy Breach", "Regroup"]))
    BREACH[what](st)
    asked(st, 1, 2)
    assert answers_offered(st) == ["Regroup"]


def test_energy_breach_cannot_answer_a_plan_reveal():
    # rule circuits.11.20
    st = board(heroes=HEROES, plans=(["Battle Plan"], []), hands=([], ["Energy Breach", "Regroup"]), start="turn_start")
    asked(st, 1, 2)
    assert answers_offered(st) == ["Regroup"]


def test_energy_breach_cannot_cancel_an_instant_played_as_a_response():
    # rule circuits.11.20
    # P1 attacks; P0 answers with Quick Shot at step 2; at step 3 P1 may Brace it, not Breach it.
    st = board(heroes=HEROES, hands=(["Quick Shot"], ["Energy Breach", "Brace"]), active=1)
    pick(st, "Basic Attack")
    pick(st, "Quick Shot")
    asked(st, 1, 3)
    assert answers_offered(st) == ["Brace"]


# -- Plans in windows ----------------------------------------------------------------------------


def test_a_plan_is_answered_when_played_knowing_its_kind_not_its_identity():
    # rule circuits.11.21
    st = board(heroes=HEROES, hands=(["Battle Plan"], ["Interference", "Backdraft"]), rally=(3, 3))
    pick(st, "Play Battle Plan")
    asked(st, 1, 2)
    prompt = st.decision.prompt
    assert "Offense Plan" in prompt and "Battle Plan" not in prompt
    # its Kind is known, but playing it face-down damages nothing: Backdraft answers its reveal, not
    # its play (circuits ruling 49)
    assert answers_offered(st) == ["Interference"]
    view = st.view(1)
    assert view["pending"] == [{"seat": 0, "face_down": True, "kind": "offense"}]
    [play] = [e for e in st.visible_log(1) if e["type"] == "play"]
    assert play["kind"] == "offense" and play.get("card") is None
    [mine] = [e for e in st.visible_log(0) if e["type"] == "play"]
    assert mine["card"] == "Battle Plan"


def test_a_defense_plan_cannot_be_answered_by_a_damage_reaction_when_played():
    # rule circuits.11.21
    st = board(heroes=HEROES, hands=(["Field Triage"], ["Interference", "Backdraft"]), rally=(3, 3))
    pick(st, "Play Field Triage")
    asked(st, 1, 2)
    assert "Defense Plan" in st.decision.prompt
    assert answers_offered(st) == ["Interference"]


def test_the_same_plan_is_answered_again_when_it_reveals():
    # rule circuits.11.22
    st = board(heroes=HEROES, hands=(["Battle Plan"], ["Interference", "Setup Scrambler"]), rally=(3, 3))
    pick(st, "Play Battle Plan")
    pick(st, "Interference")
    plan = st.plans[0][0]
    pick(st, "End")
    pick(st, "End")  # P1's turn
    asked(st, 1, 2)
    assert st.turn == 7 and "Plan Battle Plan reveals" in st.decision.prompt
    assert answers_offered(st) == ["Setup Scrambler"]
    pick(st, "Setup Scrambler")
    assert plan in st.delayed


# -- triggers during resolution ------------------------------------------------------------------


def test_a_trigger_during_resolution_resolves_at_once_before_the_rest_of_it():
    # rule circuits.11.23
    # Anvil Strike: 3 damage, then "your next Basic Attack +1". The damage fires P1's Slag Plate (Burn 1
    # to P0), which resolves before Anvil Strike's second effect.
    st = board(heroes=HEROES, hands=(["Anvil Strike"], []), gear=([], ["Slag Plate"]))
    pick(st, "Play Anvil Strike")
    k_damage = index(st, "damage", source="Anvil Strike")
    k_trigger = index(st, "trigger", card="Slag Plate")
    k_burn = index(st, "burn", source="Slag Plate")
    k_queued = index(st, "queued", source="Anvil Strike")
    assert k_damage < k_trigger < k_burn < k_queued
    assert st.burn_enemy[0] == 1


# -- outcome-dependent Reactions -----------------------------------------------------------------


def test_an_outcome_reaction_is_declared_in_advance_at_step_2():
    # rule circuits.11.24
    # rule circuits.11.27
    st = board(heroes=HEROES, hands=([], ["Backdraft"]), rally=(3, 3))
    pick(st, "Basic Attack")
    asked(st, 1, 2)
    pick(st, "Backdraft")
    hit = index(st, "damage", source="Basic Attack")
    fires = index(st, "reaction_fires", card="Backdraft")
    assert hit < fires < index(st, "burn", source="Backdraft")
    assert st.burn_enemy[0] == amount("Backdraft", "burn") and st.hp[1] == st.max_hp(1) - HIT


def test_an_outcome_reaction_is_declared_in_advance_at_step_3():
    # rule circuits.11.24
    # P0 attacks; P1 answers with Quick Shot (1 to P0); P0 declares Backdraft at step 3, and it fires
    # when the Quick Shot resolves and hurts P0.
    st = board(heroes=HEROES, hands=(["Backdraft"], ["Quick Shot"]), rally=(3, 3))
    pick(st, "Basic Attack")
    pick(st, "Quick Shot")
    asked(st, 0, 3)
    assert answers_offered(st) == ["Backdraft"]
    pick(st, "Backdraft")
    fires = index(st, "reaction_fires", card="Backdraft")
    assert index(st, "damage", source="Quick Shot") < fires < index(st, "damage", source="Basic Attack")
    assert st.burn_enemy[1] == amount("Backdraft", "burn")


def test_a_prospective_reaction_is_paid_and_set_beside_the_declaration_until_the_result():
    # rule circuits.11.26
    # P0's Battle Plan reveals; P1 declares Backdraft at step 2. While P0 considers step 3, the
    # Backdraft is paid for and waits beside the reveal: not resolved, not in the discard pile.
    st = board(heroes=HEROES, plans=(["Battle Plan"], []), hands=(["Echo Protocol"], ["Backdraft"]),
               start="turn_start", rally=(3, 3))
    pick(st, "Backdraft")
    asked(st, 0, 3)
    backdraft = next(i for i in st.pending if st.name(i) == "Backdraft")
    assert st.rally[1] == 3 - cost("Backdraft") and backdraft not in st.discard[1] and backdraft not in st.hand[1]
    assert st.burn_enemy[0] == 0 and events(st, "reaction_fires") == []
    pick(st, "Pass")
    assert st.hp[1] == st.max_hp(1) - amount("Battle Plan", "damage") and st.burn_enemy[0] == amount("Backdraft", "burn")
    assert backdraft in st.discard[1] and backdraft not in st.pending


def test_a_prospective_reaction_resolves_at_the_result_point_within_the_resolution():
    # rule circuits.11.27
    # Slow Fuse: 3 damage, then Burn 1. Backdraft fires right after the damage, before the Burn 1.
    st = board(heroes=HEROES, plans=(["Slow Fuse"], []), hands=([], ["Backdraft"]), start="turn_start", rally=(3, 3))
    pick(st, "Backdraft")
    k_damage = index(st, "damage", source="Slow Fuse")
    k_fires = index(st, "reaction_fires", card="Backdraft")
    k_fuse_burn = index(st, "burn", source="Slow Fuse")
    assert k_damage < k_fires < index(st, "burn", source="Backdraft") < k_fuse_burn


@pytest.mark.parametrize(("reaction", "fires"), [("Backdraft", False), ("Counterweight", True)])
def test_a_prospective_reaction_without_its_outcome_is_discarded_and_not_refunded(reaction, fires):
    # rule circuits.11.27
    # rule circuits.11.28
    # rule circuits.11.29
    # Battle Plan's damage is all absorbed by P1's Shield: P1 prevented damage but took none.
    st = board(heroes=HEROES, plans=(["Battle Plan"], []), hands=([], [reaction]), start="turn_start", rally=(3, 3))
    st.shield[1] = amount("Battle Plan", "damage")
    pick(st, reaction)
    assert st.hp[1] == st.max_hp(1)
    r = st.discard[1][-1]
    assert st.name(r) == reaction and r not in st.pending
    assert st.rally[1] == 3 - cost(reaction)  # never refunded
    if fires:
        assert [e["card"] for e in events(st, "reaction_fires")] == ["Counterweight"]
        assert (1, "next_attack", amount("Counterweight", "next_attack")) in [q[:3] for q in st.queued]
    else:
        assert events(st, "reaction_fires") == []
        assert [e["card"] for e in events(st, "reaction_discarded")] == ["Backdraft"]
        assert st.burn_enemy[0] == 0


def _vs_attack_on_asset(st):
    pick(st, "Basic Attack")  # Bulwark Drone has Guard: it is the only target


def _vs_defense_plan(st):
    pick(st, "Play Field Triage")


def _vs_quick_shot_at_asset(st):
    pick(st, "Play Quick Shot")
    pick(st, "Bulwark Drone")


CANNOT = {
    # P1 could not take damage from any of these
    "Backdraft vs a Basic Attack on an Asset": ("Backdraft", _vs_attack_on_asset),
    "Backdraft vs a Defense Plan": ("Backdraft", _vs_defense_plan),
    "Backdraft vs a Quick Shot aimed at an Asset": ("Backdraft", _vs_quick_shot_at_asset),
    "Counterweight vs a Quick Shot aimed at an Asset": ("Counterweight", _vs_quick_shot_at_asset),
}


@pytest.mark.parametrize("case", sorted(CANNOT))
def test_an_outcome_reaction_needs_a_declaration_that_could_cause_the_outcome(case):
    # rule circuits.11.25
    reaction, act = CANNOT[case]
    st = board(heroes=HEROES, hands=(["Field Triage", "Quick Shot"], [reaction, "Regroup"]), field=([], ["Bulwark Drone"]))
    act(st)
    asked(st, 1, 2)
    assert answers_offered(st) == ["Regroup"]


def test_an_is_destroyed_reaction_needs_an_asset_that_the_declaration_could_destroy():
    # rule circuits.11.25
    # Cinder Volley at the Hero cannot destroy an Asset; at an Asset it can. Without an Asset, nothing can.
    at_hero = board(heroes=HEROES, hands=(["Cinder Volley"], ["Salvage Protocol", "Regroup"]), field=([], ["Bulwark Drone"]))
    pick(at_hero, "Play Cinder Volley")
    pick(at_hero, "Lumen Warden")
    assert answers_offered(at_hero) == ["Regroup"]

    at_asset = board(heroes=HEROES, hands=(["Cinder Volley"], ["Salvage Protocol", "Regroup"]), field=([], ["Bulwark Drone"]))
    pick(at_asset, "Play Cinder Volley")
    pick(at_asset, "Bulwark Drone")
    assert answers_offered(at_asset) == ["Regroup", "Salvage Protocol"]

    no_asset = board(heroes=HEROES, hands=(["Cinder Volley"], ["Salvage Protocol", "Regroup"]))
    pick(no_asset, "Play Cinder Volley")
    assert answers_offered(no_asset) == ["Regroup"]


def test_an_is_destroyed_reaction_fires_when_the_asset_is_destroyed():
    # rule circuits.11.27
    st = board(heroes=HEROES, hands=(["Cinder Volley"], ["Salvage Protocol"]), field=([], ["Echo Turret"]), rally=(3, 3))
    assert amount("Cinder Volley", "damage") >= POOL.by_name["Echo Turret"].hp
    pick(st, "Play Cinder Volley")
    pick(st, "Echo Turret")
    pick(st, "Salvage Protocol")
    assert st.field[1] == []
    assert index(st, "destroyed", card="Echo Turret") < index(st, "reaction_fires", card="Salvage Protocol")
    assert len(st.hand[1]) == 2


def test_burn_cannot_be_answered_even_by_a_matching_reaction():
    # rule circuits.11.30
    # P0 is Burning and holds Backdraft ("if your Hero takes damage") and Brace: the tick opens no
    # window, so neither can be played, and it hurts in full.
    st = board(heroes=HEROES, hands=(["Backdraft", "Brace"], []), rally=(3, 3))
    st.burn_enemy[0] = 3
    pick(st, "End")
    assert st.hp[0] == st.max_hp(0) - 3 and st.burn_enemy[1] == 0
    assert [st.name(i) for i in st.hand[0]] == ["Backdraft", "Brace"]


def test_passive_triggered_damage_does_not_fire_a_pending_outcome_reaction():
    # rule circuits.11.30
    # P1 attacks Ironclad Vanguard (Padded Vest). P0 answers with Quick Shot at P1's Hero; P1 declares
    # Backdraft against it at step 3. P1's Shield absorbs the Quick Shot, so the Backdraft has nothing
    # to answer; the Riposte damage P1 then takes is a Passive trigger and cannot fire it.
    st = board(heroes=("Ironclad Vanguard", "Volt Reaver"), gear=(["Padded Vest"], []),
               hands=(["Quick Shot"], ["Backdraft"]), active=1, rally=(5, 5))
    st.shield[1] = amount("Quick Shot", "damage")
    pick(st, "Basic Attack")
    pick(st, "Quick Shot")
    pick(st, "Backdraft")
    riposte = [e for e in events(st, "damage") if e["source"] == "Ironclad Vanguard"]
    assert [e["player"] for e in riposte] == [1] and riposte[0]["final"] > 0
    assert events(st, "reaction_fires") == []
    assert [e["card"] for e in events(st, "reaction_discarded")] == ["Backdraft"]
    assert st.burn_enemy[0] == 0


def test_a_test_only_reaction_to_swaps_is_never_offered_in_a_duel_equip_window():
    # rule circuits.11.16
    # A Reaction "when the enemy Swaps" has a different trigger than "when the enemy equips".
    st = board(heroes=HEROES, loadout=(["Padded Vest"], []), gear=(["Training Blade"], []),
               hands=([], ["Lockout Pulse", "Regroup"]), decks=(["Regroup"] * 5, ["Regroup"] * 5), rally=(5, 5))
    put(st, st.hand[1][1], make_card(kind="tactic", id="t-swap", name="Swap Snare", type="reaction", cost=0,
                                     trigger="enemy_swaps", effects=[{"verb": "draw", "amount": 1, "to": "you"}]))
    pick(st, "Equip Padded Vest")
    assert answers_offered(st) == ["Lockout Pulse"]
    assert not has(st, "Swap Snare")


@pytest.mark.parametrize("blade", [True, False])
def test_a_jam_whose_only_effect_needs_enemy_gear_is_offered_only_when_there_is_gear_to_jam(blade):
    # rule circuits.18.10
    # rule circuits.11.13
    # Lockout Pulse answers the equip before the new Gear is in place (the window comes first): it can
    # Jam only Gear already equipped. Without any, it would do nothing, and like a card whose every
    # effect needs an Asset (Melt Down) it is not offered (docs/rulings/circuits.md, "A chosen Asset or
    # Gear that does not exist"). Short Out in the Action Step likewise.
    gear = (["Training Blade"], []) if blade else ([], [])
    st = board(heroes=HEROES, loadout=(["Padded Vest"], []), gear=gear, hands=(["Regroup"], ["Lockout Pulse", "Regroup"]),
               decks=(["Regroup"] * 5, ["Regroup"] * 5), rally=(5, 5))
    st.apply(find(st, "Equip Padded Vest"))
    if blade:
        asked(st, 1, 2)
        assert answers_offered(st) == ["Lockout Pulse"]
    else:  # with no Gear to Jam no card could answer the equip: everyone can tell, nothing is asked
        assert is_action(st, 0)
    st2 = board(heroes=HEROES, gear=(gear[1], gear[0]), hands=(["Short Out", "Thunder Fist"], []), rally=(5, 5))
    assert has(st2, "Play Short Out") is blade
    assert has(st2, "Play Thunder Fist")  # its next-attack bonus needs no Gear


def test_a_when_the_enemy_equips_reaction_cannot_answer_a_strike():
    # rule circuits.11.16
    # rule circuits.11.15
    # P0's Echo Turret Strikes: P1 may answer only with "when an Asset would deal damage to your Hero";
    # Lockout Pulse (when the enemy equips) is not offered there.
    st = board(heroes=HEROES, field=(["Echo Turret"], []), gear=(["Training Blade"], []),
               hands=([], ["Lockout Pulse", "Grounding Field"]), rally=(3, 3))
    pick(st, "End the Action Step")
    asked(st, 1, 2)
    assert "Strikes" in st.decision.prompt
    assert answers_offered(st) == ["Grounding Field"]


def test_a_forced_reveal_threatens_the_plan_owner_with_nothing():
    # rule circuits.11.25
    # rule circuits.12.7
    # Forced Collapse reveals P1's own Plan, whose damage lands on P0: the declaration cannot damage
    # P1's Hero nor destroy P1's Assets, so no prevention or outcome Reaction of P1 answers it.
    # Collapse Cascade deals 3 to P1's Hero: damage Reactions answer it, "is destroyed" ones do not.
    damage = ["Backdraft", "Brace", "Counterweight", "Halo Reflect"]
    destroyed = ["Salvage Protocol", "Self-Assembly"]
    st = board(heroes=HEROES, plans=([], ["Battle Plan"]), hands=(["Forced Collapse"], [*damage, *destroyed, "Regroup"]),
               field=([], ["Bulwark Drone"]), rally=(5, 5))
    pick(st, "Play Forced Collapse")
    asked(st, 1, 2)
    assert answers_offered(st) == ["Regroup"]

    st = board(heroes=HEROES, plans=([], ["Battle Plan"]), hands=(["Regroup", "Collapse Cascade"], [*damage, *destroyed]),
               field=([], ["Bulwark Drone"]), rally=(9, 9))
    pick(st, "Play Regroup")  # a Combo needs another Tactic first (ruling circuits.gap.1)
    pick(st, "Play Collapse Cascade")
    asked(st, 1, 2)
    assert answers_offered(st) == damage


@pytest.mark.parametrize(("jammed", "offered"), [("Scaffold Matrix", True), ("Training Blade", False)])
def test_a_jam_threatens_an_asset_only_when_its_declared_gear_holds_the_asset_alive(jammed, offered):
    # rule circuits.11.25
    # rule circuits.8.4.4
    # P1's Echo Turret (HP 2) has 2 damage and lives by Scaffold Matrix's +1 HP. Short Out's Gear is
    # declared with it (rule 11.7): aimed at Scaffold Matrix it would destroy the Turret, so "is
    # destroyed" Reactions answer it; aimed at Training Blade it destroys nothing, so they do not.
    st = board(heroes=("Sparkwright", "Swarm Architect"), hands=(["Short Out"], ["Self-Assembly", "Salvage Protocol", "Regroup"]),
               gear=([], ["Scaffold Matrix", "Training Blade"]), field=([], ["Echo Turret"]), rally=(5, 5))
    st.damage[st.field[1][0]] = POOL.by_name["Echo Turret"].hp
    pick(st, "Play Short Out")
    pick(st, jammed)
    asked(st, 1, 2)
    want = ["Regroup", "Salvage Protocol", "Self-Assembly"] if offered else ["Regroup"]
    assert answers_offered(st) == want
