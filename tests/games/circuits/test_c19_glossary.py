"""Rule scenarios for rulebook §19, the glossary (rules circuits.19.1–19.4; 19.3 in its Duel reading):
what you control, Burning, the enemy Hero, and what a target is."""

from __future__ import annotations

from circuits_c11_c19_helpers import amount, asked, board, to_next_action
from circuits_scenario import POOL, events, labels, pick

HEROES = ("Volt Reaver", "Lumen Warden")


def _src(e: dict) -> str:
    """A damage event's source, with "(Full Battery)" when Full Battery made it deal the damage."""
    return e["source"] + (" (Full Battery)" if e.get("via") == "Full Battery" else "")



# -- 19.1 control ------------------------------------------------------------------------------------


def test_gear_in_the_loadout_is_not_controlled_equipped_gear_is():
    # rule circuits.19.1
    # Scaffold Matrix ("your Assets have +1 HP") does nothing from the Loadout Zone; once equipped, it does.
    st = board(heroes=HEROES, field=(["Ember Turret"], []), loadout=(["Scaffold Matrix"], []), rally=(5, 5))
    printed = POOL.by_name["Ember Turret"].hp
    bonus = POOL.by_name["Scaffold Matrix"].asset_hp
    assert bonus > 0
    assert st.view(1)["players"][0]["field"][0]["max_hp"] == printed
    pick(st, "Equip Scaffold Matrix")
    assert st.view(1)["players"][0]["field"][0]["max_hp"] == printed + bonus


def test_an_asset_in_hand_is_not_controlled_by_full_battery():
    # rule circuits.19.1
    # Full Battery: "each Asset you control" at the End Step deals extra damage. The Ember Turret on the
    # Field counts; the Pile Driver in hand does not.
    st = board(heroes=("Forgeblade (Stormforged)", "Volt Reaver"), field=(["Ember Turret"], []),
               hands=(["Pile Driver"], []), rally=(7, 3))
    pick(st, "Ultimate")
    pick(st, "End")
    sources = [_src(e) for e in events(st, "damage")]
    assert sources == ["Ember Turret (Full Battery)", "Ember Turret"]  # then its normal Strike


def test_grand_design_resolves_the_plans_you_control_not_a_plan_in_hand():
    # rule circuits.19.1
    st = board(heroes=("Cinder Oracle (Seer)", "Volt Reaver"), plans=(["Timeline Fold"], []), hands=(["Battle Plan"], []),
               rally=(8, 3))
    [battle_plan] = st.hand[0]
    pick(st, "Ultimate")
    assert [e["card"] for e in events(st, "plan_revealed")] == ["Timeline Fold"]
    assert events(st, "plans_resolved")[0]["count"] == 1
    assert battle_plan in st.hand[0]


def test_hold_everything_guards_only_the_assets_you_control():
    # rule circuits.19.1
    st = board(heroes=("Swarm Architect (Bastion)", "Volt Reaver"), field=(["Repair Drone"], ["Ember Turret"]),
               rally=(7, 3))
    pick(st, "Ultimate")
    mine, theirs = st.field[0][0], st.field[1][0]
    assert st.has_guard(mine) and not st.has_guard(theirs)


# -- 19.2 Burning -------------------------------------------------------------------------------------


def test_a_hero_with_burn_1_is_burning_and_one_with_burn_0_is_not():
    # rule circuits.19.2
    # Burn 1 ticks at P0's End Step (1 damage, then Burn 0); at P0's next End Step nothing ticks.
    st = board(heroes=HEROES, rally=(3, 3))
    st.burn_enemy[0] = 1
    assert st.view(1)["players"][0]["hero"]["burn"] == 1
    pick(st, "End")
    ticks = [e for e in events(st, "damage") if e["source"] == "Burn"]
    assert [(e["player"], e["final"]) for e in ticks] == [(0, 1)]
    assert st.view(1)["players"][0]["hero"]["burn"] == 0
    to_next_action(st, 0)
    pick(st, "End")
    assert len([e for e in events(st, "damage") if e["source"] == "Burn"]) == 1


# -- 19.3 the enemy Hero (Duel reading) ---------------------------------------------------------------


def test_the_enemy_hero_is_the_other_players_hero_whoever_is_active():
    # rule circuits.19.3
    # In P0's turn, P1's Backdraft burns "the enemy Hero": P0's, the active player's Hero. P0's Basic
    # Attack hits "the enemy Hero": P1's. Neither ever lands on its own controller's Hero.
    st = board(heroes=HEROES, hands=([], ["Backdraft"]), rally=(3, 3))
    pick(st, "Basic Attack")
    asked(st, 1, 2)
    pick(st, "Backdraft")
    [hit] = events(st, "damage")
    assert hit["player"] == 1
    [burn] = events(st, "burn")
    assert (burn["player"], burn["source"]) == (0, "Backdraft")
    assert st.burn_enemy == [amount("Backdraft", "burn"), 0]


def test_a_plan_of_the_player_in_their_own_turn_hits_the_other_hero():
    # rule circuits.19.3
    st = board(heroes=HEROES, plans=([], ["Battle Plan"]), start="turn_start", turn=6, active=1)
    assert st.active == 1
    [hit] = events(st, "damage")
    assert (hit["player"], hit["source"]) == (0, "Battle Plan")
    assert st.hp[1] == st.max_hp(1)


# -- 19.4 targets -------------------------------------------------------------------------------------


def test_a_target_is_a_hero_or_an_asset_never_gear_or_a_plan():
    # rule circuits.19.4
    # P1 has equipped Gear, a face-down Plan and two Assets: "any enemy target" offers its Hero and Assets.
    st = board(heroes=HEROES, hands=(["Quick Shot"], []), gear=([], ["Padded Vest", "Training Blade"]),
               plans=([], ["Field Triage"]), field=([], ["Ember Turret", "Repair Drone"]), rally=(3, 3))
    pick(st, "Play Quick Shot")
    assert (st.decision.seat, st.decision.kind) == (0, "target")
    names = sorted(lbl.split(" (")[0] for lbl in labels(st))
    assert names == ["Ember Turret", "Lumen Warden", "Repair Drone"]
    pick(st, "Repair Drone")
    assert st.damage[st.field[1][1]] == amount("Quick Shot", "damage")


def test_a_basic_attack_targets_a_hero_or_an_asset_never_gear_or_a_plan():
    # rule circuits.19.4
    st = board(heroes=HEROES, gear=([], ["Padded Vest"]), plans=([], ["Field Triage"]), field=([], ["Ember Turret"]))
    pick(st, "Basic Attack")
    assert sorted(lbl.split(" (")[0] for lbl in labels(st)) == ["Ember Turret", "Lumen Warden"]
