"""The terminal board's heading names the step under way (rule circuits.7.1) and what the pending
decision is about, for both seats: a target, a Plan order or a Field discard is asked in whatever step
its card, reveal, knock-out or destruction replacement comes (it said "Action Step" for every target,
and "Start Step" for every Plan order)."""

from __future__ import annotations

from circuits_scenario import find, pick, scenario

from cardarena.games.circuits.present import render


def heading(st, seat: int) -> str:
    return render(st.view(seat)).splitlines()[0]


def test_a_target_chosen_in_a_start_step_reveal_window_is_headed_start_step():
    # rule circuits.7.1
    # P2 answers the reveal of P1's Battle Plan with Cinder Volley, whose target it chooses there
    st = scenario(heroes=("Forgeblade", "Lumen Warden"), plans=(["Battle Plan"], []), field=(["Echo Turret"], []),
                  hands=([], ["Cinder Volley"]), rally=(3, 3), start="turn_start")
    assert "Battle Plan reveals" in st.decision.prompt
    assert "· Start Step · Response Window ·" in heading(st, 1)
    st.apply(find(st, "Cinder Volley"))
    assert (st.decision.seat, st.decision.kind) == (1, "target")
    for seat in (0, 1):
        assert heading(st, seat).endswith("P1's turn" + " (you)" * (seat == 0) + " · Start Step · P1 started")
    pick(st, "Echo Turret")
    assert st.decision.kind == "action" and "· Action Step ·" in heading(st, 0)


def test_grand_designs_plan_order_is_headed_action_step():
    # rule circuits.7.1
    st = scenario(heroes=("Cinder Oracle (Seer)", "Sparkwright"), plans=(["Field Triage", "Battle Plan"], []))
    pick(st, "Ultimate: Grand Design")
    assert (st.decision.seat, st.decision.kind) == (0, "plan_order")
    assert " · Action Step · " in heading(st, 0) and " · Action Step · " in heading(st, 1)
    assert "Start Step" not in heading(st, 0) + heading(st, 1)
    assert st.view(1)["step"] == "action"
