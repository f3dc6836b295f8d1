"""Rule scenarios for circuits §10 (Duel): costs are paid from Available Rally at declaration, what you
cannot pay for cannot be played, a cancelled card is not refunded; "this turn", "your turn", "each turn"
and "once per turn"."""

from __future__ import annotations

import pytest
from circuits_scenario import events, has, pass_all, pick, scenario

from cardarena.core.errors import IllegalChoice

DUEL = ("Forgeblade", "Lumen Warden")


def test_a_cost_is_paid_from_available_rally_at_declaration():
    # rule circuits.10.1
    st = scenario(heroes=DUEL, hands=(["Cinder Volley"], ["Brace"]), rally=(5, 3))
    pick(st, "Play Cinder Volley")
    # the window is open and nothing has resolved, but the Rally is already spent
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (1, "respond")
    assert st.rally[0] == 3 and st.hp[1] == st.max_hp(1)
    assert [(e["type"], e.get("rally")) for e in st.log] == [("play", None), ("paid", 2)]
    pick(st, "Brace")  # the answer is paid when it is committed, before anything resolves
    assert st.rally[1] == 2
    t = [e["type"] for e in st.log]
    assert t.index("answer") < max(i for i, x in enumerate(t) if x == "paid") < t.index("resolve")


def test_what_you_cannot_pay_for_in_full_is_not_offered():
    # rule circuits.10.2
    st = scenario(heroes=DUEL, hands=(["Cinder Volley", "Quick Shot"], []), loadout=(["Plated Harness", "Training Blade"], []),
                  gear=(["Redline Drill"], []), rally=(1, 1), capacity=(6, 6))
    assert has(st, "Play Quick Shot") and has(st, "Equip Training Blade") and has(st, "Charge Redline Drill")
    assert not has(st, "Play Cinder Volley") and not has(st, "Equip Plated Harness")
    volley = next(i for i in st.hand[0] if st.name(i) == "Cinder Volley")
    with pytest.raises(IllegalChoice):
        st.apply(f"play:{volley}")
    pick(st, "Play Quick Shot")  # Rally 0 now
    assert st.rally[0] == 0
    assert not any(has(st, w) for w in ("Play", "Equip", "Scout", "Charge", "Ultimate"))


def test_an_answer_you_cannot_pay_for_is_not_offered():
    # rule circuits.10.2
    st = scenario(heroes=DUEL, hands=(["Quick Shot"], ["Halo Reflect", "Brace"]), rally=(3, 1))
    pick(st, "Play Quick Shot")
    assert has(st, "Answer with Brace") and not has(st, "Halo Reflect")  # Halo Reflect costs 2


def test_the_ultimate_needs_its_full_cost():
    # rule circuits.10.2
    st = scenario(heroes=DUEL, rally=(6, 6), capacity=(7, 7))
    assert not has(st, "Ultimate")


def test_a_cancelled_card_is_not_refunded():
    # rule circuits.10.3
    st = scenario(heroes=("Forgeblade", "Sparkwright"), hands=(["Cinder Volley"], ["Energy Breach"]), rally=(4, 3))
    pick(st, "Play Cinder Volley")
    pick(st, "Energy Breach")
    pass_all(st)
    assert events(st, "cancelled") == [{"type": "cancelled", "player": 0, "card": "Cinder Volley"}]
    assert st.hp[1] == st.max_hp(1)  # nothing resolved
    assert st.rally == [2, 1]  # both costs stay paid
    assert [st.name(i) for i in st.discard[0]] == ["Cinder Volley"]


# -- turn terms ---------------------------------------------------------------------------------------


def test_this_turn_means_the_current_turn_and_ends_with_it():
    # rule circuits.10.4
    # A Combo needs "another Tactic played this turn" (ruling circuits.gap.1).
    st = scenario(heroes=DUEL, hands=(["Quick Shot"] * 3 + ["Follow Through"], ["Quick Shot"]), rally=(6, 6))
    assert not has(st, "Play Follow Through")
    pick(st, "Play Quick Shot")
    pass_all(st)
    assert has(st, "Play Follow Through")  # this turn: yes
    pick(st, "End the Action Step")
    pass_all(st)
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (1, "action")
    pick(st, "Basic Attack")
    pick(st, "Quick Shot")  # P1 plays a Tactic in P2's turn
    pass_all(st)
    pick(st, "End the Action Step")
    pass_all(st)
    assert (st.turn, st.active) == (7, 0)
    assert not has(st, "Play Follow Through")  # neither turn-5 nor turn-6 Tactic counts in turn 7
    pick(st, "Play Quick Shot")
    pass_all(st)
    assert has(st, "Play Follow Through")


def test_your_turn_is_a_turn_in_which_you_are_the_active_player():
    # rule circuits.10.5
    # Dawnlight: "at the start of your turn, heal 1"; Solar Array: "at your End Step, heal 1"
    st = scenario(heroes=("Lumen Warden", "Forgeblade"), field=(["Solar Array"], []), hp=(20, None), rally=(3, 3))
    pick(st, "End the Action Step")  # turn 5 ends: Solar Array
    pass_all(st)  # turn 6, P2's: nothing of P1's
    pick(st, "End the Action Step")
    pass_all(st)  # turn 7, P1's again: Dawnlight
    turn_of = 5
    heals = []
    for e in st.log:
        if e["type"] == "turn":
            turn_of = e["turn"]
        elif e["type"] == "heal":
            heals.append((turn_of, e["source"]))
    assert heals == [(5, "Solar Array"), (7, "Lumen Warden")]


def test_once_per_turn_resets_at_the_start_of_every_turn_either_players():
    # rule circuits.10.6
    # rule circuits.10.7
    # Dampening Coil: once per turn, when your Hero takes damage, the opponent loses 1 Rally.
    st = scenario(heroes=("Lumen Warden", "Forgeblade"), hands=(["Quick Shot"], ["Quick Shot"] * 4),
                  gear=(["Dampening Coil"], []), rally=(5, 5))
    pick(st, "Play Quick Shot")
    pick(st, "Quick Shot")  # P2 answers: P1's Hero takes 1 in P1's own turn → the Coil fires
    pick(st, "Basic Attack")
    pick(st, "Quick Shot")  # hit again this turn → no second trigger
    assert st.turn == 5
    coil = [e for e in events(st, "rally") if e["source"] == "Dampening Coil"]
    assert len(coil) == 1 and st.rally[1] == 5 - 1 - 1 - 1
    pick(st, "End the Action Step")
    pass_all(st)  # turn 6, P2's turn: a new turn, the Coil is ready again
    assert st.rally[1] == 6
    pick(st, "Play Quick Shot")
    pass_all(st)
    pick(st, "Play Quick Shot")
    pass_all(st)
    coil = [e for e in events(st, "rally") if e["source"] == "Dampening Coil"]
    assert len(coil) == 2  # once in P1's turn 5 and once in P2's turn 6: each turn counts
    assert st.rally[1] == 6 - 1 - 1 - 1
    assert [(e["turn"], e["player"]) for e in events(st, "turn")] == [(6, 1)]
