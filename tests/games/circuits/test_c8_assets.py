"""Rule scenarios for rulebook §8.3–§8.5: damage to an Asset, continuous HP bonuses and destruction
replacement (rules circuits.8.3.1–8.3.10, 8.4.1–8.4.6, 8.5.1–8.5.7)."""

from __future__ import annotations

import pytest
from circuits_c8_helpers import amount, asset_hits, end_turn, make_card, named, swap_in
from circuits_scenario import POOL, card, events, has, labels, pass_all, pick, scenario

MELT = amount("Melt Down", "damage")
MAUL = 1 + card("Impact Maul").attack
PATCH = amount("Patch Swarm", "repair")
OVERWATCH = amount("Overwatch", "damage")
BONUS = card("Scaffold Matrix").asset_hp

#: test-only Instant with an explicit destroy effect (Base 001 prints none)
DEMOLISH = make_card(kind="tactic", id="test-demolish", name="Demolish", type="instant", cost=1,
                     text="Instant. Destroy an enemy Asset.", effects=[{"verb": "destroy", "to": "enemy_asset"}])


def field_view(st, seat, name):
    (entry,) = [a for a in st.view(seat)["players"][seat]["field"] if a["name"] == name]
    return entry


# -- §8.3 damage to an Asset -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(a.name for a in POOL.assets))
def test_every_asset_has_its_printed_hp(name):
    # rule circuits.8.3.1
    # The printed HP is what the Field shows, and damage reaching it destroys the Asset: at printed HP - 1
    # damage it is still there, one Basic Attack more destroys it.
    hp = card(name).hp
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], [name]))
    a = st.field[1][0]
    assert field_view(st, 1, name)["max_hp"] == hp
    st.damage[a] = hp - 1
    pick(st, "Basic Attack")
    if st.decision.kind == "target":
        pick(st, name)
    assert a not in st.field[1] and a in st.discard[1]
    assert [e["card"] for e in events(st, "destroyed")] == [name]


def test_damage_on_an_asset_stays_across_turns():
    # rule circuits.8.3.2
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Bulwark Drone"]))
    drone = st.field[1][0]
    pick(st, "Basic Attack")
    assert st.damage[drone] == 1
    end_turn(st)  # the owner's turn
    end_turn(st)  # our next turn
    assert st.damage[drone] == 1
    assert field_view(st, 1, "Bulwark Drone")["damage"] == 1
    pick(st, "Basic Attack")
    pass_all(st)
    assert st.damage[drone] == 2


def test_hero_protections_do_not_reduce_damage_to_an_asset():
    # rule circuits.8.3.3
    # rule circuits.8.3.4
    # The owner's Armor, Shield and a declared Sidestep protect the Hero only: the Asset takes it all.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], ["Padded Vest"]),
                  field=([], ["Nanite Bastion"]), hands=([], ["Sidestep"]))
    st.shield[1] = 5
    pick(st, "Basic Attack")  # at the Nanite Bastion, the only target (Guard)
    assert labels(st) == ["Answer with Sidestep (cost 1)", "Pass"]
    pick(st, "Answer with Sidestep")
    (hit,) = asset_hits(st, "Nanite Bastion")
    assert hit["base"] == MAUL and hit["final"] == MAUL
    assert st.damage[st.field[1][0]] == MAUL
    assert st.shield[1] == 5


def test_hero_prevention_reactions_cannot_answer_damage_to_an_asset():
    # rule circuits.8.3.4
    # Brace and Halo Reflect ("when your Hero would take damage") have nothing to answer.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Bulwark Drone"]),
                  hands=(["Melt Down"], ["Brace", "Halo Reflect"]))
    pick(st, "Play Melt Down")
    assert st.decision.seat == 0 and st.decision.kind == "action"  # P2 was never asked
    assert st.damage[st.field[1][0]] == MELT


def test_hero_take_damage_triggers_do_not_fire_for_its_assets():
    # rule circuits.8.3.5
    # Forgeblade (Heat of Battle), Dampening Coil and Slag Plate all trigger on the Hero taking damage.
    st = scenario(heroes=("Lumen Warden", "Forgeblade"), gear=([], ["Dampening Coil", "Slag Plate"]),
                  field=([], ["Nanite Bastion"]), hands=(["Melt Down"], []), rally=(5, 5))
    pick(st, "Basic Attack")
    pick(st, "Play Melt Down")
    assert st.damage[st.field[1][0]] == 1 + MELT
    assert events(st, "trigger") == []
    assert st.queued == []
    assert st.burn_enemy[0] == 0
    assert st.rally[0] == 5 - card("Melt Down").cost


def test_an_asset_with_damage_equal_to_its_hp_is_destroyed():
    # rule circuits.8.3.6
    # rule circuits.8.3.7
    hp = card("Lightwell Sentinel").hp
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Lightwell Sentinel"]), hands=(["Melt Down"], []))
    sentinel = st.field[1][0]
    st.damage[sentinel] = hp - MELT
    pick(st, "Play Melt Down")
    assert asset_hits(st, "Lightwell Sentinel")[0]["total"] == hp
    assert st.field[1] == [] and st.discard[1] == [sentinel]  # its owner's discard pile
    assert sentinel not in st.discard[0]
    assert [(e["player"], e["card"]) for e in events(st, "destroyed")] == [(1, "Lightwell Sentinel")]


def test_an_asset_with_damage_above_its_hp_is_destroyed():
    # rule circuits.8.3.6
    # rule circuits.8.3.7
    assert card("Echo Turret").hp < MELT
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Echo Turret"]), hands=(["Melt Down"], []))
    turret = st.field[1][0]
    pick(st, "Play Melt Down")
    assert st.field[1] == [] and turret in st.discard[1]


def test_an_asset_one_short_of_its_hp_stays():
    # rule circuits.8.3.6
    hp = card("Lightwell Sentinel").hp
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Lightwell Sentinel"]), hands=(["Melt Down"], []))
    st.damage[st.field[1][0]] = hp - MELT - 1
    pick(st, "Play Melt Down")
    assert len(st.field[1]) == 1 and events(st, "destroyed") == []


def test_repair_removes_damage_but_never_below_zero():
    # rule circuits.8.3.8
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Nanite Bastion", "Echo Turret"], []),
                  hands=(["Patch Swarm", "Patch Swarm"], []))
    bastion, turret = st.field[0]
    st.damage[bastion] = PATCH + 1
    st.damage[turret] = 1
    pick(st, "Play Patch Swarm")
    pick(st, "Nanite Bastion")
    pass_all(st)
    assert st.damage[bastion] == 1
    pick(st, "Play Patch Swarm")
    pick(st, "Echo Turret")
    pass_all(st)
    assert st.damage[turret] == 0
    assert [e["amount"] for e in events(st, "repair")] == [PATCH, 1]


def test_an_asset_played_again_starts_with_no_damage():
    # rule circuits.8.3.9
    # P1 destroys P2's damaged Lightwell Sentinel. Base 001 has no effect that returns it, so the test puts
    # the very same card back in P2's hand; played again, it enters with no damage.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Lightwell Sentinel"]), hands=(["Melt Down"], []))
    sentinel = st.field[1][0]
    st.damage[sentinel] = 1
    pick(st, "Play Melt Down")
    assert sentinel in st.discard[1]
    end_turn(st)  # P2's Action Step
    st.discard[1].remove(sentinel)
    st.hand[1].append(sentinel)
    st.reask()  # P2's options now see the card in hand
    pick(st, "Play Lightwell Sentinel")
    pass_all(st)
    assert st.field[1] == [sentinel]
    assert st.damage.get(sentinel, 0) == 0
    assert field_view(st, 1, "Lightwell Sentinel")["damage"] == 0


def test_damage_in_the_assets_own_window_stays_when_it_enters():
    # rule circuits.8.3.10
    assert card("Bulwark Drone").hp > OVERWATCH
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=(["Bulwark Drone"], ["Overwatch"]))
    pick(st, "Play Bulwark Drone")
    pick(st, "Answer with Overwatch")
    drone = st.field[0][0]
    assert st.name(drone) == "Bulwark Drone"
    assert st.damage[drone] == OVERWATCH
    assert field_view(st, 0, "Bulwark Drone")["damage"] == OVERWATCH


# -- §8.4 continuous HP bonuses ---------------------------------------------------------------------------


def test_an_hp_bonus_raises_the_current_maximum():
    # rule circuits.8.4.1
    # With Scaffold Matrix, damage equal to the printed HP no longer destroys the Asset.
    hp = card("Bulwark Drone").hp
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=([], ["Scaffold Matrix"]), field=([], ["Bulwark Drone"]))
    drone = st.field[1][0]
    assert field_view(st, 1, "Bulwark Drone")["max_hp"] == hp + BONUS
    st.damage[drone] = hp - 1
    pick(st, "Basic Attack")
    assert st.damage[drone] == hp
    assert st.field[1] == [drone] and events(st, "destroyed") == []


def test_gaining_an_hp_bonus_does_not_remove_damage():
    # rule circuits.8.4.2
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), loadout=(["Scaffold Matrix"], []), field=(["Bulwark Drone"], []))
    drone = st.field[0][0]
    st.damage[drone] = 2
    pick(st, "Equip Scaffold Matrix")
    pass_all(st)
    assert st.name(st.equipped(0)[0]) == "Scaffold Matrix"
    assert st.damage[drone] == 2
    view = field_view(st, 0, "Bulwark Drone")
    assert (view["damage"], view["max_hp"]) == (2, card("Bulwark Drone").hp + BONUS)


def test_repair_works_normally_under_an_hp_bonus():
    # rule circuits.8.4.3
    hp = card("Bulwark Drone").hp
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Scaffold Matrix"], []), field=(["Bulwark Drone"], []),
                  hands=(["Patch Swarm"], []))
    drone = st.field[0][0]
    st.damage[drone] = hp  # lethal without the bonus
    pick(st, "Play Patch Swarm")
    pass_all(st)
    assert st.damage[drone] == hp - PATCH
    assert field_view(st, 0, "Bulwark Drone")["max_hp"] == hp + BONUS


def jam_board():
    """P2 has Scaffold Matrix, an Echo Turret with damage equal to its printed HP (alive only by the bonus)
    and a Bulwark Drone with 1 damage; P1 Jams the Scaffold Matrix with Short Out."""
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=([], ["Scaffold Matrix"]),
                  field=([], ["Echo Turret", "Bulwark Drone"]), hands=(["Short Out"], []))
    turret, drone = st.field[1]
    st.damage[turret] = card("Echo Turret").hp
    st.damage[drone] = 1
    pick(st, "Play Short Out")  # P2's only Gear is the target
    return st, turret, drone


def test_a_jammed_bonus_checks_the_assets_at_once():
    # rule circuits.8.4.4
    # rule circuits.8.4.5
    st, turret, drone = jam_board()
    jam = next(k for k, e in enumerate(st.log) if e["type"] == "jam")
    destroyed = [(k, e) for k, e in enumerate(st.log) if e["type"] == "destroyed"]
    assert [(e["card"], e["source"]) for _, e in destroyed] == [("Echo Turret", "Scaffold Matrix")]
    assert destroyed[0][0] == jam + 1  # right away, before anything else happens
    assert turret in st.discard[1]
    assert st.field[1] == [drone]  # 1 damage is not lethal at its printed HP


def test_an_unequipped_bonus_checks_the_assets_at_once():
    # rule circuits.8.4.4
    # rule circuits.8.4.5
    # P2 equips Vital Circuit into the Relic slot: Scaffold Matrix goes to Scrap, and the Echo Turret it
    # kept alive is destroyed.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Scaffold Matrix"], []), loadout=(["Vital Circuit"], []),
                  field=(["Echo Turret", "Bulwark Drone"], []))
    turret, drone = st.field[0]
    st.damage[turret] = card("Echo Turret").hp
    st.damage[drone] = card("Bulwark Drone").hp - 1
    pick(st, "Equip Vital Circuit")
    pass_all(st)
    assert [e["card"] for e in events(st, "scrap")] == ["Scaffold Matrix"]
    assert [(e["card"], e["source"]) for e in events(st, "destroyed")] == [("Echo Turret", "Scaffold Matrix")]
    assert st.field[0] == [drone]


def test_a_restored_bonus_does_not_return_a_destroyed_asset():
    # rule circuits.8.4.6
    st, turret, drone = jam_board()
    end_turn(st)  # P2's turn: still Jammed
    assert st.jammed
    end_turn(st)  # P1's next turn: the Jam is over and the bonus applies again
    assert not st.jammed
    assert field_view(st, 1, "Bulwark Drone")["max_hp"] == card("Bulwark Drone").hp + BONUS
    assert turret in st.discard[1] and turret not in st.field[1]
    assert st.field[1] == [drone]


# -- §8.5 destruction replacement ------------------------------------------------------------------------


def self_assembly_board(asset, *, scaffold=False, hand=("Melt Down",)):
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], [asset]), hands=(list(hand), ["Self-Assembly"]),
                  gear=([], ["Scaffold Matrix"] if scaffold else []))
    return st, st.field[1][0]


def test_a_replacement_keeps_the_asset_on_the_field():
    # rule circuits.8.5.1
    st, drone = self_assembly_board("Bulwark Drone")
    st.damage[drone] = card("Bulwark Drone").hp - 1
    pick(st, "Play Melt Down")
    pick(st, "Answer with Self-Assembly")
    assert st.field[1] == [drone]
    assert events(st, "destroyed") == []
    assert [(e["card"], e["by"]) for e in events(st, "survives")] == [("Bulwark Drone", "Self-Assembly")]
    assert named(st, "Self-Assembly", st.discard[1]) >= 0


def test_the_survivor_is_left_at_one_hp_of_its_current_maximum():
    # rule circuits.8.5.2
    # Under Scaffold Matrix the current maximum is printed HP + bonus; 1 HP remains of it.
    hp = card("Bulwark Drone").hp + BONUS
    st, drone = self_assembly_board("Bulwark Drone", scaffold=True)
    st.damage[drone] = hp - 1
    pick(st, "Play Melt Down")
    pick(st, "Answer with Self-Assembly")
    assert st.damage[drone] == hp - 1
    view = field_view(st, 1, "Bulwark Drone")
    assert view["max_hp"] - view["damage"] == 1


def test_a_replaced_destruction_triggers_no_on_destroy_ability_and_gives_no_reward():
    # rule circuits.8.5.3
    # rule circuits.8.5.4
    # Kiln Golem: "when this is destroyed, the enemy Hero gets Burn 2" — its destruction reward (ruling
    # circuits.gap.21). Saved by Self-Assembly, it gives nothing.
    st, golem = self_assembly_board("Kiln Golem")
    st.damage[golem] = card("Kiln Golem").hp - 1
    pick(st, "Play Melt Down")
    pick(st, "Answer with Self-Assembly")
    assert st.field[1] == [golem]
    assert st.burn_enemy[0] == 0 and events(st, "burn") == []


def test_without_the_replacement_the_on_destroy_ability_fires():
    # rule circuits.8.5.3
    st, golem = self_assembly_board("Kiln Golem")
    st.damage[golem] = card("Kiln Golem").hp - 1
    pick(st, "Play Melt Down")
    pick(st, "Pass")
    assert golem in st.discard[1]
    assert st.burn_enemy[0] == amount("Kiln Golem", "burn")


def test_a_replaced_destruction_fires_no_is_destroyed_reaction():
    # rule circuits.8.5.5
    # Salvage Protocol ("if one of your Assets is destroyed by that action, draw 2") stands beside Melt Down
    # with Self-Assembly. One player cannot set two cards in one Duel window, so the test sets Salvage
    # Protocol there itself, as a second prospective answer; Self-Assembly is answered normally.
    st, drone = self_assembly_board("Bulwark Drone")
    st.hand[1].append(salvage := len(st.defs))
    st.defs.append(card("Salvage Protocol"))
    st.owner = (*st.owner, 1)
    st.damage[drone] = card("Bulwark Drone").hp - 1
    pick(st, "Play Melt Down")
    assert st.decision.seat == 1 and st.decision.kind == "respond"
    st.hand[1].remove(salvage)
    st.pending.append(salvage)
    st.update_frame(prospective=(*st.current_frame()["prospective"], (salvage, 1, "asset_destroyed", -1)))
    hand = len(st.hand[1])
    pick(st, "Answer with Self-Assembly")
    assert st.field[1] == [drone]
    assert events(st, "reaction_fires") == []
    assert [e["card"] for e in events(st, "reaction_discarded")] == ["Salvage Protocol"]
    assert salvage in st.discard[1]
    assert len(st.hand[1]) == hand - 1  # Self-Assembly left the hand; nothing was drawn


def test_salvage_protocol_fires_when_the_asset_really_is_destroyed():
    # rule circuits.8.5.5
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Bulwark Drone"]),
                  hands=(["Melt Down"], ["Salvage Protocol"]))
    st.damage[st.field[1][0]] = card("Bulwark Drone").hp - 1
    pick(st, "Play Melt Down")
    pick(st, "Answer with Salvage Protocol")
    assert [e["card"] for e in events(st, "reaction_fires")] == ["Salvage Protocol"]
    assert len([e for e in events(st, "draw") if e["player"] == 1]) == amount("Salvage Protocol", "draw")


def test_a_declared_replacement_also_answers_an_explicit_destroy():
    # rule circuits.8.5.6
    st, drone = self_assembly_board("Bulwark Drone", hand=("Quick Shot",))
    swap_in(st, st.hand[0][0], DEMOLISH)
    pick(st, "Play Demolish")
    assert has(st, "Answer with Self-Assembly")
    pick(st, "Answer with Self-Assembly")
    assert st.field[1] == [drone]
    assert st.damage[drone] == card("Bulwark Drone").hp - 1
    assert events(st, "destroyed") == []


def test_an_explicit_destroy_without_replacement_destroys():
    # rule circuits.8.5.6
    st, drone = self_assembly_board("Bulwark Drone", hand=("Quick Shot",))
    swap_in(st, st.hand[0][0], DEMOLISH)
    pick(st, "Play Demolish")
    pick(st, "Pass")
    assert drone in st.discard[1]


def test_discarding_an_asset_to_make_room_is_not_destruction():
    # rule circuits.8.5.7
    # P1's Field is full; to play Bulwark Drone it discards Kiln Golem: no "destroyed", no Burn reward.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Kiln Golem", "Ember Turret"], []),
                  hands=(["Bulwark Drone"], []))
    golem = st.field[0][0]
    pick(st, "Play Bulwark Drone")
    assert st.decision.kind == "make_room"
    pick(st, "Discard Kiln Golem")
    pass_all(st)
    assert golem in st.discard[0]
    assert events(st, "destroyed") == []
    assert [(e["card"], e["reason"]) for e in events(st, "discard")] == [("Kiln Golem", "make room")]
    assert st.burn_enemy[1] == 0


def test_overwatch_damages_the_asset_being_played_never_one_already_on_the_field():
    # rule circuits.8.3.10
    # Overwatch: "when the enemy plays an Asset: deal 2 damage to it". P1 already has an Echo Turret
    # on the Field when it plays Bulwark Drone: Overwatch asks for no target and hits the Drone.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Echo Turret"]),
                  hands=(["Overwatch"], ["Bulwark Drone"]), active=1, rally=(5, 5))
    turret = st.field[1][0]
    pick(st, "Play Bulwark Drone")
    pick(st, "Answer with Overwatch")
    assert st.decision is None or st.decision.kind != "target"
    pass_all(st)
    drone = named(st, "Bulwark Drone", st.field[1])
    assert st.damage.get(drone, 0) == OVERWATCH and st.damage.get(turret, 0) == 0


def test_self_assembly_asks_no_target_and_saves_whichever_asset_would_be_destroyed():
    # rule circuits.8.5.1
    # rule circuits.11.26
    # "If one of your Assets would be destroyed by that action, it survives": which Asset is decided by
    # the action, so declaring Self-Assembly asks P1 to choose nothing, even with two Assets.
    st = scenario(heroes=("Volt Reaver", "Lumen Warden"), field=([], ["Bulwark Drone", "Echo Turret"]),
                  hands=(["Melt Down"], ["Self-Assembly"]), rally=(5, 5))
    turret = st.field[1][1]
    pick(st, "Play Melt Down")
    pick(st, "Echo Turret")
    pick(st, "Answer with Self-Assembly")
    assert st.decision is None or st.decision.kind != "target"
    pass_all(st)
    assert turret in st.field[1] and st.damage[turret] == st.asset_max_hp(turret) - 1
