"""Identical copies in identical states are one choice (circuits ruling 59): which of two such Assets
to discard for room, to target or to attack is a question about nothing (ruling 50). Copies that
something public tells apart (damage, a Charge spent, a rider aimed at one) are still both offered."""

from __future__ import annotations

from circuits_c11_c19_helpers import board
from circuits_scenario import card, events, find, labels, pick


def _play_into_full_field(field: list[str], damaged: int | None = None):
    st = board(heroes=("Swarm Architect", "Sparkwright"), hands=(["Repair Drone"], []), field=(field, []))
    if damaged is not None:
        st.damage[st.field[0][damaged]] = 1
    st.apply(find(st, "Play Repair Drone"))
    return st


def test_two_identical_assets_make_room_without_asking_which():
    # rule circuits.9.1.3
    # rule circuits.8.3.2
    # rule circuits.4.1
    # circuits ruling 59 (docs/rulings/circuits.md, Further rulings)
    # Two undamaged Echo Turrets fill P1's Field: discarding either leaves the same game, so no
    # make_room question is asked (nor the Drone announced for it, ruling 52); one Turret goes.
    st = _play_into_full_field(["Echo Turret", "Echo Turret"])
    assert st.decision is None or st.decision.kind != "make_room"
    assert events(st, "announce") == []
    assert [(e["card"], e["reason"]) for e in events(st, "discard")] == [("Echo Turret", "make room")]
    assert sorted(st.name(a) for a in st.field[0]) == ["Echo Turret", "Repair Drone"]
    # one of them damaged: the copies differ, and the player chooses which goes
    st = _play_into_full_field(["Echo Turret", "Echo Turret"], damaged=1)
    assert st.decision.kind == "make_room"
    assert [o.data["at"]["index"] for o in st.decision.options] == [0, 1]
    assert [e["card"] for e in events(st, "announce")] == ["Repair Drone"]


def test_a_charge_spent_on_one_copy_tells_the_copies_apart():
    # rule circuits.9.1.21
    # circuits ruling 59 (docs/rulings/circuits.md, Further rulings)
    # Tesla Coil's Charge is once per turn per card: the Coil whose Charge is spent this turn is not the
    # same as the other, so which one to discard is asked. Before, the two Charges were one option.
    st = board(heroes=("Sparkwright", "Swarm Architect"), hands=(["Capacitor Bank"], []),
               field=(["Tesla Coil", "Tesla Coil"], []))
    assert sum(lbl.startswith("Charge Tesla Coil") for lbl in labels(st)) == 1  # the copies' Charge: one option
    pick(st, "Charge Tesla Coil")
    assert sum(lbl.startswith("Charge Tesla Coil") for lbl in labels(st)) == 1  # the other copy's
    while st.decision.kind != "action":
        st.apply(st.decision.options[0].id)
    st.apply(find(st, "Play Capacitor Bank"))
    assert st.decision.kind == "make_room" and len(st.decision.options) == 2


def test_identical_enemy_copies_are_one_target_of_a_card_and_of_the_basic_attack():
    # rule circuits.8.1.3
    # rule circuits.11.7
    # circuits ruling 59 (docs/rulings/circuits.md, Further rulings)
    # P2's two undamaged Echo Turrets: Melt Down ("an enemy Asset") has one target to declare, so it asks
    # none; the Basic Attack offers the Hero and one Turret. Damage on one brings both back.
    st = board(heroes=("Forgeblade", "Sparkwright"), hands=(["Melt Down"], []), field=([], ["Echo Turret", "Echo Turret"]))
    st.apply(find(st, "Play Melt Down"))
    assert st.decision.kind != "target"
    assert events(st, "announce") == []
    st = board(heroes=("Forgeblade", "Sparkwright"), field=([], ["Echo Turret", "Echo Turret"]))
    st.apply(find(st, "Basic Attack"))
    hp = card("Echo Turret").hp
    assert sorted(labels(st)) == [f"Echo Turret (Asset, {hp} HP left)", f"Sparkwright (Hero, {st.hp[1]} HP)"]
    st = board(heroes=("Forgeblade", "Sparkwright"), field=([], ["Echo Turret", "Echo Turret"]))
    st.damage[st.field[1][0]] = 1
    st.apply(find(st, "Basic Attack"))
    assert len(labels(st)) == 3
