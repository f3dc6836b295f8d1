"""The terminal board shows a Bench Hero's statuses and Gear as they are (rules circuits.15.2, 16.18):
a Hero keeps "cannot heal" and a Jammed Gear on the Bench, and the board says so as it does for the
Active Hero."""

from __future__ import annotations

from circuits_scenario import card, scenario

from cardarena.games.circuits.present import render


def test_a_bench_heros_cannot_heal_and_jammed_gear_show_on_the_board() -> None:
    # rule circuits.15.2
    # rule circuits.16.18
    # rule circuits.9.2.5
    st = scenario(heroes=(("Volt Reaver", "Lumen Warden", "Forgeblade"), "Sparkwright"))
    warden = st.bench[0][0]
    (vest,) = st.deal(0, [card("Padded Vest")], shuffle=False)
    hp, be, bs, shield, _, marked, ult, *rest, _gear = st.benched[warden]
    st.benched[warden] = (hp, be, bs, shield, st.turn + 1, marked, ult, *rest, (-1, vest, -1))
    st.jammed[vest] = st.turn + 1
    [line] = [x for x in render(st.view(0)).splitlines() if "Bench: Lumen Warden" in x]
    assert "cannot heal" in line and "Padded Vest (Jammed)" in line
