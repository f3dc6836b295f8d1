"""Circuits rulings 60-62 (docs/rulings/circuits.md, Further rulings): Sidestep answers any enemy Basic
Attack; what a Reaction set beside Grand Design answers; a look with nothing to look at."""

from __future__ import annotations

from circuits_c11_c19_helpers import answers_offered, board
from circuits_scenario import events, pick


def test_sidestep_answers_a_basic_attack_on_an_asset_and_prevents_nothing():
    # rule circuits.11.8
    # rule circuits.8.3.4
    # circuits ruling 60 (docs/rulings/circuits.md, Further rulings)
    # Sidestep's trigger is the declaration of a Basic Attack, whatever its target: against an attack on
    # P2's Bulwark Drone it may be played (paid, discarded), and it prevents nothing, so Riposte
    # ("when you prevent damage") does not fire and the Drone takes the whole attack.
    st = board(heroes=("Forgeblade", "Ironclad Vanguard"), hands=([], ["Sidestep"]), field=([], ["Bulwark Drone"]),
               rally=(3, 3))
    pick(st, "Basic Attack")
    assert answers_offered(st) == ["Sidestep"]
    pick(st, "Sidestep")
    drone = st.field[1][0]
    hit = [e for e in events(st, "damage") if e["target"] == "asset"]
    assert len(hit) == 1 and st.damage[drone] == hit[0]["final"] > 0
    assert [e for e in events(st, "damage") if e["target"] == "hero"] == []
    assert events(st, "trigger") == [] and st.rally[1] == 3 - 1
    assert [st.name(i) for i in st.discard[1]] == ["Sidestep"]
