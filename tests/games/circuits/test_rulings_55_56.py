"""Rulings 55 and 56 (docs/rulings/circuits.md), two readings a rules audit (2026-12-07) left open:
a "next Basic Attack" bonus gained while a Basic Attack waits in its Response Window counts for that
attack, and Grand Design reveals the Plans in the order they were set."""

from __future__ import annotations

from circuits_scenario import events, find, labels, pass_all, scenario


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


def test_grand_design_reveals_the_plans_in_the_order_they_were_set():
    # rule circuits.8.7.8
    # no choice of order is asked (the Start Step's choice, rule 7.3, is for the Start Step)
    st = scenario(heroes=("Cinder Oracle (Seer)", "Sparkwright"), plans=(["Field Triage", "Battle Plan"], []),
                  hp=(20, None))
    st.apply(find(st, "Ultimate: Grand Design"))
    while st.decision.kind != "action":
        assert st.decision.kind != "plan_order"
        st.apply(find(st, "Pass") if "Pass" in labels(st) else st.decision.options[0].id)
    assert [e["card"] for e in events(st, "plan_revealed")] == ["Field Triage", "Battle Plan"]
