"""Rulings 55 and 56 (docs/rulings/circuits.md), two readings a rules audit (2026-12-07) left open:
a "next Basic Attack" bonus gained while a Basic Attack waits in its Response Window counts for that
attack, and Grand Design reveals the Plans in the order their owner chooses (amended)."""

from __future__ import annotations

import pytest
from circuits_scenario import events, find, labels, pass_all, scenario

from cardarena.games.circuits.state import CircuitsState


def test_a_bonus_gained_in_an_attacks_own_window_counts_for_that_attack():
    # rule circuits.8.6.7
    # Forgeblade attacks; P2 answers with Cinder Volley on Forgeblade, whose Heat of Battle ("when your
    # Hero takes damage, your next Basic Attack deals +1") fires before the attack resolves: the attack
    # has dealt nothing yet, so it is the next Basic Attack, and it deals 1 more
    st = scenario(heroes=("Forgeblade", "Swarm Architect"), hands=([], ["Cinder Volley"]))
    base = next(int(x.split("(")[1].split()[0]) for x in labels(st) if x.startswith("Basic Attack"))
    st.apply(find(st, "Basic Attack"))
    st.apply(find(st, "Cinder Volley"))
    if st.decision.kind == "target":
        st.apply(find(st, "Forgeblade"))
    pass_all(st)
    hits = [e for e in events(st, "damage") if e.get("source") == "Basic Attack"]
    assert hits and hits[0]["base"] == base + 1, events(st, "damage")


def _grand_design(plans: list[str]) -> CircuitsState:
    st = scenario(heroes=("Cinder Oracle (Seer)", "Sparkwright"), plans=(plans, []), hp=(20, None))
    st.apply(find(st, "Ultimate: Grand Design"))
    while st.decision.kind == "respond":  # Grand Design's own window
        st.apply("pass")
    return st


@pytest.mark.parametrize("first", ["Battle Plan", "Field Triage"])
def test_grand_design_reveals_the_plans_in_the_order_their_owner_chooses(first):
    # rule circuits.7.3
    # the choice of order the Start Step gives is the owner's whenever its Plans reveal together
    st = _grand_design(["Field Triage", "Battle Plan"])
    d = st.decision
    assert (d.seat, d.kind, d.prompt) == (0, "plan_order", "Grand Design: which Plan reveals next?")
    assert sorted(labels(st)) == ["Reveal Battle Plan", "Reveal Field Triage"]
    st.apply(find(st, f"Reveal {first}"))
    while st.decision.kind != "action":
        assert st.decision.kind != "plan_order"  # the last Plan left needs no choice
        st.apply("pass" if "pass" in st.decision.ids else st.decision.options[0].id)
    second = ({"Battle Plan", "Field Triage"} - {first}).pop()
    assert [e["card"] for e in events(st, "plan_revealed")] == [first, second]
    assert [e["count"] for e in events(st, "plans_resolved")] == [2]


def test_grand_design_asks_the_order_whatever_the_plans_are():
    # rule circuits.7.3
    # the other seat sees the same question and log whichever Plans are face-down (copies included):
    # whether it is asked depends on their number, which is public (rulings 56, 59)
    seen = []
    for plans in (["Slow Fuse", "Battle Plan"], ["Battle Plan", "Battle Plan"]):
        st = _grand_design(plans)
        assert (st.decision.seat, st.decision.kind) == (0, "plan_order")
        theirs = st.decision_view(1)
        assert set(theirs) == {"seq", "seat", "kind"}
        seen.append((theirs, [{k: v for k, v in e.items() if k != "id"} for e in st.visible_log(1)],
                     st.view(1)["players"][0]["plans"]))
    assert seen[0] == seen[1]
    st = _grand_design(["Battle Plan"])  # a single Plan has no order
    assert st.decision.kind != "plan_order"
    assert [e["card"] for e in events(st, "plan_revealed")] == ["Battle Plan"]
