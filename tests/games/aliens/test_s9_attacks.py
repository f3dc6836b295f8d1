"""Rule scenarios for rulebook §9: attacks and damage."""

from __future__ import annotations

from typing import Any

import pytest
from aliens_scenario import events, filler_name, has, labels, pass_until, pick, scenario, slot

from cardarena.games.aliens.state import AliensState

# No heal, armor or attack passives on either side; Ember Lash (Plasma), Psi Needle (Psionic), Rivet
# Gun (Alloy) and Twin Flare (Universal) get no wheel bonus on Atmospheric, Ion or Meteoric targets.
P0 = ["Cindermaw", "Synapse Drone", "Rustbloom Engine"]  # Pyrrhid, Psykari, Ferrax
P1 = ["Boreas Galewing", "Zarkon Arcwing", "Gravok Stonehide"]  # Glacien, Voltari, Lithari
SQUADS = (P0, P1)
FILL = filler_name()
# one Attack for each of player 0's three Aliens
ATTACKS = ["Ember Lash", "Psi Needle", "Rivet Gun"]


def names(st: AliensState, ids: list[int]) -> list[str]:
    return [st.name(i) for i in ids]


def attacks_in(st: AliensState, player: int) -> list[dict[str, Any]]:
    return [e for e in events(st, "activate") if e["player"] == player and e["subtype"] == "attack"]


def test_an_attack_is_the_turns_primary_action() -> None:
    # rule aliens.9.1
    st = scenario(aliens=SQUADS, hands=(["Ember Lash", "Ignite", FILL], []), charge=(10, 0))
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    # no Special, Spawn, set or ability after it: the turn has passed
    assert names(st, st.hand[0]) == ["Ignite", FILL]
    assert st.command[0] == []
    assert st.decision is not None and (st.turn, st.decision.seat, st.decision.kind) == (4, 1, "action")


def test_the_attack_is_declared_by_one_alien_of_the_cards_species() -> None:
    # rule aliens.9.2
    squad = ["Vexa, Ember Queen", "Cindermaw", "Synapse Drone"]  # two Pyrrhids and a Psykari
    st = scenario(aliens=(squad, P1), hands=(["Ember Lash"], []), charge=(5, 0))
    pick(st, "Play Ember Lash")
    assert st.decision is not None and (st.decision.kind, st.decision.seat) == ("performer", 0)
    assert [lab.split(" (")[0] for lab in labels(st)] == ["Vexa, Ember Queen", "Cindermaw"]
    pick(st, "Cindermaw")
    pick(st, "Gravok")
    [att] = attacks_in(st, 0)
    assert (att["card"], att["performer"], att["target"]) == ("Ember Lash", "Cindermaw", "Gravok Stonehide")
    assert st.hp[slot(st, "Gravok Stonehide")] == 14  # Cindermaw has no +1: Vexa did not attack


def test_follow_up_assault_refused_for_an_alien_that_already_attacked() -> None:
    # rule aliens.9.3
    st = scenario(aliens=SQUADS, hands=(["Twin Flare", "Ember Lash", "Psi Needle"], []), charge=(10, 0))
    pick(st, "Play Twin Flare")  # declared by Cindermaw, the only Pyrrhid; grants an Assault
    pick(st, "Zarkon")
    assert st.decision is not None and st.decision.kind == "followup"
    assert not has(st, "Play Ember Lash")  # Cindermaw has attacked this turn
    assert has(st, "Play Psi Needle")  # Synapse Drone has not
    pick(st, "Play Psi Needle")
    pick(st, "Zarkon")
    assert [(a["card"], a["performer"]) for a in attacks_in(st, 0)] == [
        ("Twin Flare", "Cindermaw"), ("Psi Needle", "Synapse Drone")]
    assert st.hp[slot(st, "Zarkon Arcwing")] == 12 - 2 - 2


def test_follow_up_assault_goes_to_the_alien_that_has_not_attacked() -> None:
    # rule aliens.9.3
    squad = ["Vexa, Ember Queen", "Cindermaw", "Synapse Drone"]
    st = scenario(aliens=(squad, P1), hands=(["Twin Flare", "Ember Lash"], []), charge=(10, 0))
    pick(st, "Play Twin Flare")
    pick(st, "Cindermaw")
    pick(st, "Zarkon")
    pick(st, "Play Ember Lash")  # Vexa is the only Pyrrhid left who may attack: not asked
    assert st.decision is not None and st.decision.kind == "target"
    pick(st, "Gravok")
    assert [(a["card"], a["performer"]) for a in attacks_in(st, 0)] == [
        ("Twin Flare", "Cindermaw"), ("Ember Lash", "Vexa, Ember Queen")]


def test_without_a_follow_up_only_one_alien_attacks_per_turn() -> None:
    # rule aliens.9.4
    st = scenario(aliens=SQUADS, hands=(ATTACKS, []), charge=(10, 0))
    assert all(has(st, "Play", a) for a in ATTACKS)  # each Alien could attack
    pick(st, "Play Psi Needle")
    pick(st, "Zarkon")
    assert len(attacks_in(st, 0)) == 1
    assert names(st, st.hand[0]) == ["Ember Lash", "Rivet Gun"]
    assert st.decision is not None and (st.turn, st.decision.seat) == (4, 1)


def test_one_attack_per_turn_again_on_the_next_turn() -> None:
    # rule aliens.9.4
    st = scenario(aliens=SQUADS, hands=(ATTACKS, []), charge=(10, 0))
    pick(st, "Play Psi Needle")
    pick(st, "Zarkon")
    pass_until(st, 5)
    # the next turn again offers one action: after one attack, the turn passes
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    assert [a["card"] for a in attacks_in(st, 0)] == ["Psi Needle", "Ember Lash"]
    assert st.turn == 6 and "Rivet Gun" in names(st, st.hand[0])


def test_damage_lands_only_on_the_target() -> None:
    # rule aliens.9.5
    st = scenario(aliens=SQUADS, hands=(["Ember Lash"], []), charge=(1, 0))
    before = list(st.hp)
    pick(st, "Play Ember Lash")
    pick(st, "Gravok")
    g = slot(st, "Gravok Stonehide")
    assert st.hp[g] == before[g] - 2
    assert [h for s, h in enumerate(st.hp) if s != g] == [h for s, h in enumerate(before) if s != g]
    [dmg] = events(st, "damage")
    assert dmg["target_name"] == "Gravok Stonehide" and dmg["final"] == 2


def test_damage_persists_between_turns() -> None:
    # rule aliens.9.6
    st = scenario(aliens=SQUADS, hands=(["Ember Lash"], []), charge=(1, 0))
    pick(st, "Play Ember Lash")
    pick(st, "Gravok")
    g = slot(st, "Gravok Stonehide")
    assert st.hp[g] == 14
    pass_until(st, 8)  # the Gravok's owner has had two full turns since
    assert st.hp[g] == 14
    assert st.view(1)["players"][1]["aliens"][g - 3]["hp"] == 14
    assert not events(st, "heal")


@pytest.mark.parametrize("declarer", ["Vexa, Ember Queen", "Solrath the Kindled", "Cindermaw"])
def test_any_of_the_three_live_aliens_may_declare(declarer: str) -> None:
    # rule aliens.9.7
    squad = ["Vexa, Ember Queen", "Solrath the Kindled", "Cindermaw"]  # all Pyrrhid: all may use Ember Lash
    st = scenario(aliens=(squad, P1), hands=(["Ember Lash"], []), charge=(1, 0))
    pick(st, "Play Ember Lash")
    assert [lab.split(" (")[0] for lab in labels(st)] == squad
    pick(st, declarer)
    pick(st, "Zarkon")
    assert attacks_in(st, 0)[0]["performer"] == declarer


def test_aliens_that_attacked_on_earlier_turns_stay_active() -> None:
    # rule aliens.9.7
    squad = ["Vexa, Ember Queen", "Solrath the Kindled", "Cindermaw"]
    st = scenario(aliens=(squad, P1), hands=(["Ember Lash", "Ember Lash"], []), charge=(5, 0))
    pick(st, "Play Ember Lash")
    pick(st, "Cindermaw")
    pick(st, "Zarkon")
    pass_until(st, 5)
    pick(st, "Play Ember Lash")
    assert [lab.split(" (")[0] for lab in labels(st)] == squad  # no bench: Cindermaw is still there


def test_all_three_aliens_pay_from_one_reactor() -> None:
    # rule aliens.9.8
    st = scenario(aliens=SQUADS, hands=(["Precognition", "Rivet Gun", "Solar Lance"], []),
                  reactor=(["Data Purge", "Reactor Tap"], []))
    pick(st, "Play Precognition")  # Synapse Drone's Tactic, cost 1, grants a follow-up
    assert names(st, st.reactor[0]) == ["Reactor Tap"]
    # Rustbloom Engine's Rivet Gun (cost 1) is paid from the same Reactor; Cindermaw's Solar Lance
    # (cost 2) no longer fits in it
    assert has(st, "Play Rivet Gun")
    assert not has(st, "Play Solar Lance")
    pick(st, "Play Rivet Gun")
    pick(st, "Zarkon")
    assert st.reactor[0] == []
    assert [(e["source"], e["cards"]) for e in events(st, "energy_paid")] == [
        ("Precognition", ["Data Purge"]), ("Rivet Gun", ["Reactor Tap"])]
