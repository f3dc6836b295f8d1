"""Rule scenarios for rulebook §8.6–§8.7: next-attack riders (Redline Drill, Frame Check) and the timing
of the Variant Ultimates Hold Everything, Full Battery and Grand Design (rules circuits.8.6.1–8.6.7,
8.7.1–8.7.9)."""

from __future__ import annotations

import msgspec
import pytest
from circuits_c8_helpers import amount, asset_hits, end_turn, hero_hits, make_card, named, swap_in
from circuits_scenario import card, events, has, labels, pass_all, pick, scenario

from cardarena.games.circuits.actions import attack_damage

DRILL_BURN = amount("Redline Drill", "rider_burn")
DRILL_HIT = 1 + card("Redline Drill").attack
FRAME = amount("Frame Check", "rider_repair")
BATTERY = amount("Forgeblade (Stormforged)", "full_battery")
REWARD = card("Cinder Oracle (Seer)").ultimate.effects[0].reward

#: test-only Reaction: the attacker's step-3 answer that removes the declared Asset target
DEMOLITION = make_card(kind="tactic", id="test-demolition", name="Demolition Charge", type="reaction",
                       trigger="enemy_plays_tactic", cost=1,
                       text="Reaction — when the enemy plays a Tactic: destroy an enemy Asset.",
                       effects=[{"verb": "destroy", "to": "enemy_asset"}])


def _src(e: dict) -> str:
    """A damage event's source, with "(Full Battery)" when Full Battery made it deal the damage."""
    return e["source"] + (" (Full Battery)" if e.get("via") == "Full Battery" else "")


def burns(st, player):
    return [e for e in events(st, "burn") if e["player"] == player]


def charge_drill(st):
    pick(st, "Charge Redline Drill")
    assert [q[:3] for q in st.queued] == [(0, "rider_burn", DRILL_BURN)]


# -- §8.6 next-attack riders ------------------------------------------------------------------------------


def test_redline_drill_rider_waits_for_the_attack():
    # rule circuits.8.6.1
    # rule circuits.8.6.2
    st = scenario(heroes=("Forgeblade", "Sparkwright"), gear=(["Redline Drill"], []))
    charge_drill(st)
    assert st.burn_enemy[1] == 0 and burns(st, 1) == []  # nothing yet: the rider waits
    pick(st, "Basic Attack")
    (hit,) = hero_hits(st, 1)
    assert hit["final"] == DRILL_HIT
    (burn,) = burns(st, 1)
    assert burn["amount"] == DRILL_BURN and st.burn_enemy[1] == DRILL_BURN
    assert st.log.index(burn) > st.log.index(hit)  # after the damage
    assert st.queued == []


def test_redline_drill_burns_after_partly_reduced_damage_to_the_hero():
    # rule circuits.8.6.2
    assert card("Padded Vest").reduce < DRILL_HIT
    st = scenario(heroes=("Forgeblade", "Sparkwright"), gear=(["Redline Drill"], ["Padded Vest"]))
    charge_drill(st)
    pick(st, "Basic Attack")
    assert hero_hits(st, 1)[0]["final"] == DRILL_HIT - card("Padded Vest").reduce
    assert st.burn_enemy[1] == DRILL_BURN


def test_redline_drill_gives_no_burn_when_the_attack_hits_an_asset():
    # rule circuits.8.6.3
    st = scenario(heroes=("Forgeblade", "Sparkwright"), gear=(["Redline Drill"], []), field=([], ["Bulwark Drone"]))
    charge_drill(st)
    pick(st, "Basic Attack")  # Guard: at the Bulwark Drone
    assert asset_hits(st, "Bulwark Drone")[0]["final"] == DRILL_HIT
    assert burns(st, 1) == [] and st.burn_enemy == [0, 0]


def frame_check_board(*, enemy_field=()):
    """P1 has a damaged Repair Drone and Echo Turret and plays Frame Check on the Repair Drone."""
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Repair Drone", "Echo Turret"], list(enemy_field)),
                  hands=(["Frame Check"], []))
    drone, turret = st.field[0]
    st.damage[drone] = FRAME + 1
    st.damage[turret] = 1
    pick(st, "Play Frame Check")
    pick(st, "Repair Drone")  # "one of your Assets"
    pass_all(st)
    assert st.damage == {drone: FRAME + 1, turret: 1}  # nothing yet: the rider waits
    return st, drone, turret


def test_frame_check_repairs_after_damage_to_the_enemy_hero():
    # rule circuits.8.6.4
    # rule circuits.8.6.1
    st, drone, turret = frame_check_board()
    pick(st, "Basic Attack")
    assert hero_hits(st, 1)[0]["final"] == 1
    assert st.damage == {drone: 1, turret: 1}  # only the chosen Asset
    (repair,) = events(st, "repair")
    assert repair["card"] == "Repair Drone" and repair["amount"] == FRAME
    types = [e["type"] for e in st.log]
    assert types.index("repair") > types.index("damage")


def test_frame_check_repairs_after_damage_to_an_enemy_asset():
    # rule circuits.8.6.4
    st, drone, turret = frame_check_board(enemy_field=["Nanite Bastion"])
    pick(st, "Basic Attack")  # Guard: at the Nanite Bastion
    assert asset_hits(st, "Nanite Bastion")[0]["final"] == 1
    assert st.damage[drone] == 1 and st.damage[turret] == 1


def test_fully_prevented_attack_applies_no_rider():
    # rule circuits.8.6.5
    # rule circuits.8.6.7
    st = scenario(heroes=("Forgeblade", "Sparkwright"), gear=(["Redline Drill"], []), field=(["Repair Drone"], []),
                  hands=(["Frame Check"], []))
    drone = st.field[0][0]
    st.damage[drone] = 1
    st.shield[1] = DRILL_HIT
    charge_drill(st)
    pick(st, "Play Frame Check")  # the Repair Drone is the only Asset: no choice
    pass_all(st)
    pick(st, "Basic Attack")
    assert hero_hits(st, 1)[0]["final"] == 0
    assert st.burn_enemy[1] == 0 and events(st, "repair") == []
    assert st.damage[drone] == 1
    assert st.queued == []  # both riders were used up by the attempt


def test_attack_whose_target_left_applies_no_rider():
    # rule circuits.8.6.6
    # rule circuits.8.6.7
    # The Redline Drill and Frame Check riders ride an attack on P2's Ember Turret; P1 removes the Turret in
    # the window (test-only step-3 Reaction), so the attack fizzles and no rider applies.
    st = scenario(heroes=("Forgeblade", "Sparkwright"), gear=(["Redline Drill"], []), field=(["Repair Drone"], ["Ember Turret"]),
                  hands=(["Frame Check", "Quick Shot"], ["Quick Shot"]))
    drone = st.field[0][0]
    st.damage[drone] = 1
    swap_in(st, named(st, "Quick Shot", st.hand[0]), DEMOLITION)
    charge_drill(st)
    pick(st, "Play Frame Check")
    pass_all(st)
    pick(st, "Basic Attack")
    pick(st, "Ember Turret")
    pick(st, "Answer with Quick Shot")
    pick(st, "Forgeblade")
    pick(st, "Answer with Demolition Charge")
    assert events(st, "attack_fizzles")
    assert st.burn_enemy[1] == 0 and burns(st, 1) == []
    assert events(st, "repair") == [] and st.damage[drone] == 1
    assert st.queued == [] or all(q[0] == 1 for q in st.queued)  # P1's riders are used up


def test_a_rider_that_produced_nothing_is_still_used_up():
    # rule circuits.8.6.7
    # The Redline Drill rider rides an attack on an Asset (no Burn). P1's next attack, on the Hero a turn
    # later, carries no rider any more.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Redline Drill"], []), field=([], ["Pile Driver"]))
    charge_drill(st)
    pick(st, "Basic Attack")
    pick(st, "Pile Driver")
    assert burns(st, 1) == [] and st.queued == []
    end_turn(st)
    end_turn(st)
    pick(st, "Basic Attack")
    pick(st, "Sparkwright")
    pass_all(st)
    assert hero_hits(st, 1)[0]["final"] == DRILL_HIT
    assert burns(st, 1) == []


def test_a_next_attack_rider_waits_through_the_end_of_the_turn():
    # rule circuits.gap.41
    # Redline Drill's rider has no "this turn": unused, it is still there for P1's next Basic Attack.
    st = scenario(heroes=("Forgeblade", "Sparkwright"), gear=(["Redline Drill"], []))
    charge_drill(st)
    end_turn(st)
    end_turn(st)
    assert [q[:3] for q in st.queued] == [(0, "rider_burn", DRILL_BURN)]
    pick(st, "Basic Attack")
    pass_all(st)
    assert st.burn_enemy[1] == DRILL_BURN


#: test-only Instant: a "this turn" next-attack bonus (no Base 001 card has one; rule 8.6.8)
SURGE = make_card(kind="tactic", id="test-surge", name="Surge Window", type="instant", cost=1,
                  text="Instant. This turn, your next Basic Attack deals +2 damage.",
                  effects=[{"verb": "next_attack", "amount": 2, "to": "you", "this_turn": True}])


def surge_board():
    """P1 (Forgeblade, Redline Drill) charges the Drill (a rider with no "this turn") and plays Surge
    Window (+2 this turn) in the same Action Step."""
    st = scenario(heroes=("Forgeblade", "Sparkwright"), gear=(["Redline Drill"], []), hands=(["Quick Shot"], []))
    swap_in(st, st.hand[0][0], SURGE)
    base = attack_damage(st, 0)
    charge_drill(st)
    pick(st, "Play Surge Window")
    pass_all(st)
    assert attack_damage(st, 0) == base + 2
    (q,) = [e for e in events(st, "queued") if e["what"] == "next_attack"]
    assert q["this_turn"] is True
    return st, base


def test_a_this_turn_bonus_no_attack_used_expires_at_the_end_step():
    # rule circuits.8.6.8
    # rule circuits.7.16
    st, _ = surge_board()
    end_turn(st)
    (gone,) = events(st, "queued_expired")
    assert (gone["player"], gone["what"], gone["amount"]) == (0, "next_attack", 2)
    types = [e["type"] for e in st.log]
    assert types.index("turn_effects_expire") < types.index("queued_expired") < types.index("turn")  # at the End Step
    # the Drill's rider has no "this turn" (ruling gap.41): it stays for the next Basic Attack
    assert [q[:3] for q in st.queued] == [(0, "rider_burn", DRILL_BURN)]
    end_turn(st)
    before = attack_damage(st, 0)
    pick(st, "Basic Attack")
    pass_all(st)
    assert hero_hits(st, 1)[-1]["final"] == before  # no +2
    assert st.burn_enemy[1] == DRILL_BURN


def test_a_this_turn_bonus_used_by_an_attack_that_turn_does_not_expire_again():
    # rule circuits.8.6.8
    # rule circuits.8.6.7
    st, base = surge_board()
    pick(st, "Basic Attack")
    pass_all(st)
    assert hero_hits(st, 1)[-1]["final"] == base + 2
    assert st.queued == []
    end_turn(st)
    assert events(st, "queued_expired") == []


def test_a_this_turn_bonus_queued_in_the_opponents_turn_ends_with_that_turn():
    # rule circuits.8.6.8
    # rule circuits.10.4
    # P2 answers P1's Basic Attack with Surge Window (an Instant, step 2 of the window): the bonus is
    # P2's, but "this turn" is P1's turn, so it is gone before P2's own Basic Attack.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=([], ["Quick Shot"]))
    swap_in(st, st.hand[1][0], SURGE)
    pick(st, "Basic Attack")
    assert (st.decision.seat, st.decision.kind) == (1, "respond")
    pick(st, "Answer with Surge Window")
    pass_all(st)
    assert [q[:3] for q in st.queued] == [(1, "next_attack", 2)]
    end_turn(st)
    (gone,) = events(st, "queued_expired")
    assert gone["player"] == 1 and st.queued == []
    assert (st.decision.seat, st.decision.kind) == (1, "action")
    before = attack_damage(st, 1)
    pick(st, "Basic Attack")
    pass_all(st)
    assert hero_hits(st, 0)[-1]["final"] == before


def test_this_turn_is_only_for_next_attack_bonuses_and_riders():
    # rule circuits.8.6.8
    with pytest.raises(msgspec.ValidationError, match="this_turn"):
        make_card(kind="tactic", id="test-bad", name="Bad Card", type="instant", cost=1, text="Instant.",
                  effects=[{"verb": "damage", "amount": 2, "this_turn": True}])


# -- §8.7 Hold Everything ------------------------------------------------------------------------------------


def hold_everything_board():
    """P1 (Swarm Architect (Bastion)) has an Ember Turret (Strike, no Guard) and uses Hold Everything."""
    st = scenario(heroes=("Swarm Architect (Bastion)", "Sparkwright"), field=(["Ember Turret"], []),
                  hands=(["Echo Turret"], []))
    turret = st.field[0][0]
    assert not st.has_guard(turret)
    pick(st, "Ultimate: Hold Everything")
    pass_all(st)
    return st, turret


def test_hold_everything_gives_guard_to_the_assets_present():
    # rule circuits.8.7.1
    st, turret = hold_everything_board()
    assert st.has_guard(turret)
    assert [e["cards"] for e in events(st, "guard_granted")] == [["Ember Turret"]]
    end_turn(st)  # P2's turn: its Basic Attack must target the Ember Turret
    pick(st, "Basic Attack")
    pass_all(st)
    assert asset_hits(st, "Ember Turret")[0]["final"] == 1
    assert hero_hits(st, 0) == []


def test_hold_everything_guard_lasts_until_the_start_of_the_casters_next_turn():
    # rule circuits.8.7.2
    st, turret = hold_everything_board()
    end_turn(st)
    assert st.has_guard(turret)  # all through the opponent's turn
    end_turn(st)  # the caster's next turn has started
    assert not st.has_guard(turret)
    assert [a["guard"] for a in st.view(1)["players"][0]["field"]] == [False]
    end_turn(st)  # P2 may now attack the Hero again
    pick(st, "Basic Attack")
    assert sorted(labels(st)) == sorted([f"Ember Turret (Asset, {card('Ember Turret').hp} HP left)",
                                         f"{st.name(st.hero[0])} (Hero, {st.hp[0]} HP)"])


def test_assets_played_after_hold_everything_do_not_get_guard():
    # rule circuits.8.7.3
    st, turret = hold_everything_board()
    pick(st, "Play Echo Turret")
    pass_all(st)
    echo = named(st, "Echo Turret", st.field[0])
    assert st.has_guard(turret) and not st.has_guard(echo)
    end_turn(st)
    pick(st, "Basic Attack")  # only the Ember Turret is a legal target: no choice is offered
    pass_all(st)
    assert asset_hits(st, "Ember Turret") and asset_hits(st, "Echo Turret") == []


# -- §8.7 Full Battery ----------------------------------------------------------------------------------------


def full_battery_board():
    st = scenario(heroes=("Forgeblade (Stormforged)", "Sparkwright"), field=(["Ember Turret", "Capacitor Bank"], []),
                  hands=(["Solar Array"], []))
    pick(st, "Ultimate: Full Battery")
    pass_all(st)
    return st


def test_full_battery_deals_nothing_when_it_resolves():
    # rule circuits.8.7.4
    st = full_battery_board()
    assert hero_hits(st, 1) == []
    assert [e["amount"] for e in events(st, "full_battery")] == [BATTERY]
    pick(st, "End the Action Step")
    assert [_src(e) for e in hero_hits(st, 1)][:2] == ["Ember Turret (Full Battery)", "Capacitor Bank (Full Battery)"]


def test_full_battery_uses_the_assets_controlled_at_the_end_step():
    # rule circuits.8.7.5
    # Cast with Ember Turret and Capacitor Bank; the Bank is then discarded to make room for a Solar Array.
    st = full_battery_board()
    pick(st, "Play Solar Array")
    pick(st, "Discard Capacitor Bank")
    pass_all(st)
    pick(st, "End the Action Step")
    battery = [e for e in hero_hits(st, 1) if e.get("via") == "Full Battery"]
    assert [(_src(e), e["base"]) for e in battery] == [("Ember Turret (Full Battery)", BATTERY),
                                                          ("Solar Array (Full Battery)", BATTERY)]


def test_full_battery_comes_after_end_of_turn_effects_and_before_strike():
    # rule circuits.8.7.6
    # rule circuits.gap.42
    st = full_battery_board()
    pick(st, "Play Solar Array")
    pick(st, "Discard Capacitor Bank")
    pass_all(st)
    pick(st, "End the Action Step")
    order = [e["type"] if e["type"] != "damage" else _src(e) for e in st.log
             if e["type"] in ("heal", "damage") and e.get("player") in (0, 1)]
    start = order.index("heal")  # Solar Array's "at your End Step" effect
    assert order[start:start + 4] == ["heal", "Ember Turret (Full Battery)", "Solar Array (Full Battery)", "Ember Turret"]
    assert st.battery == []  # used up at this End Step


# -- §8.7 resolving all your Plans (Grand Design) ------------------------------------------------------------


def grand_design_board(p2_hand=()):
    st = scenario(heroes=("Cinder Oracle (Seer)", "Sparkwright"), plans=(["Battle Plan", "Field Triage", "Timeline Fold"], []),
                  hands=([], list(p2_hand)), hp=(20, None))
    pick(st, "Ultimate: Grand Design")
    reveal_first_set(st)
    return st


def reveal_first_set(st):
    """Answer Grand Design's order questions (ruling 56) with the Plan set first, as long as they come."""
    while st.decision is not None and st.decision.kind == "plan_order":
        pick(st, st.decision.options[0].label)


def test_resolving_all_plans_attempts_each_plan_once():
    # rule circuits.8.7.7
    st = grand_design_board()
    assert st.decision.kind == "action"
    revealed = [e["card"] for e in events(st, "plan_revealed")]
    assert sorted(revealed) == ["Battle Plan", "Field Triage", "Timeline Fold"]
    resolved = [e["card"] for e in events(st, "resolve") if e.get("plan")]
    assert sorted(resolved) == sorted(revealed)
    assert st.plans[0] == []
    assert [e["count"] for e in events(st, "plans_resolved")] == [3]
    assert [e["final"] for e in hero_hits(st, 1) if e["source"] == "Ultimate reward"] == [3 * REWARD]


def test_a_plan_delayed_during_its_reveal_stays_delayed_and_earns_no_reward():
    # rule circuits.8.7.8
    # rule circuits.8.7.9
    st = grand_design_board(p2_hand=["Setup Scrambler"])
    while st.decision.kind in ("respond", "plan_order"):
        if st.decision.kind == "plan_order":
            reveal_first_set(st)
        elif "Battle Plan reveals" in st.decision.prompt:
            pick(st, "Answer with Setup Scrambler")
        else:
            pick(st, "Pass")
    battle = named(st, "Battle Plan", st.plans[0])
    assert st.plans[0] == [battle] and battle in st.delayed
    assert [e["card"] for e in events(st, "delayed")] == ["Battle Plan"]
    assert sorted(e["card"] for e in events(st, "resolve") if e.get("plan")) == ["Field Triage", "Timeline Fold"]
    assert [e["count"] for e in events(st, "plans_resolved")] == [2]
    assert [_src(e) for e in hero_hits(st, 1)] == ["Ultimate reward"]  # no Battle Plan damage
    assert hero_hits(st, 1)[0]["final"] == 2 * REWARD
    assert has(st, "End the Action Step")


def test_a_plan_delayed_by_a_reveal_forced_inside_grand_design_is_not_revealed_again():
    # rule circuits.8.7.8
    # rule circuits.12.11
    # During Battle Plan's reveal window, P2 forces Field Triage to reveal early and delays it. Grand
    # Design then comes to Field Triage: delayed, face-up, it is not revealed or resolved again, and it
    # earns no reward.
    st = scenario(heroes=("Cinder Oracle (Seer)", "Sparkwright"), plans=(["Battle Plan", "Field Triage"], []),
                  hands=([], ["Forced Collapse", "Setup Scrambler"]), hp=(20, None))
    pick(st, "Ultimate: Grand Design")
    while st.decision.kind != "action":
        prompt, options = st.decision.prompt, labels(st)
        if st.decision.kind == "plan_order":  # Battle Plan first; Field Triage, delayed meanwhile, is not asked
            assert not events(st, "plan_revealed")
            pick(st, "Reveal Battle Plan")
        elif "Battle Plan reveals" in prompt and any("Forced Collapse" in o for o in options):
            pick(st, "Answer with Forced Collapse")
        elif "Field Triage reveals" in prompt and any("Setup Scrambler" in o for o in options):
            pick(st, "Answer with Setup Scrambler")
        else:
            pick(st, "Pass")
    triage = named(st, "Field Triage", st.plans[0])
    assert st.plans[0] == [triage] and triage in st.delayed
    assert [e["card"] for e in events(st, "plan_revealed")] == ["Battle Plan", "Field Triage"]
    assert [e["card"] for e in events(st, "resolve") if e.get("plan")] == ["Battle Plan"]
    assert [e["count"] for e in events(st, "plans_resolved")] == [1]
