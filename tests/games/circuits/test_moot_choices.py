"""A choice whose every option leads to the same game is not asked (circuits ruling 50, "moot"): the
order of triggers or Strikes that cannot change anything, a Charge's target among Assets it cannot
change, a look at Plans the looker already knows."""

from __future__ import annotations

from circuits_c11_c19_helpers import board
from circuits_scenario import card, events, find, labels, pick, scenario


def _kinds_until_action(st) -> list[str]:
    """Every decision asked until the next Action Step, answered with pass (or the first option)."""
    kinds = []
    while st.decision is not None and st.decision.kind != "action":
        kinds.append(st.decision.kind)
        ids = [o.id for o in st.decision.options]
        st.apply("pass" if "pass" in ids else ids[0])
    return kinds


def test_copies_of_one_trigger_are_not_ordered():
    # rule circuits.18.4
    # circuits ruling 50 (docs/rulings/circuits.md, Further rulings)
    # Two Solar Arrays ("at your End Step, your Hero heals 1") trigger together: copies do the same, so
    # their order is no question. Both heal.
    st = board(heroes=("Lumen Warden", "Sparkwright"), field=(["Solar Array", "Solar Array"], []), hp=(20, None))
    st.apply(find(st, "End the Action Step"))
    assert "trigger_order" not in _kinds_until_action(st)
    assert [e["amount"] for e in events(st, "heal") if e["source"] == "Solar Array"] == [1, 1]


def test_an_order_of_start_of_turn_triggers_that_changes_nothing_is_not_asked():
    # rule circuits.18.4
    # rule circuits.7.4
    # circuits ruling 50 (docs/rulings/circuits.md, Further rulings)
    # Dawnlight (your Hero heals 1) and Replicator Hive (Repair 1 on this Asset) end the same whichever
    # goes first: the turn runs on to the Action Step, both resolved.
    st = board(heroes=("Lumen Warden", "Sparkwright"), field=(["Replicator Hive"], []), hp=(20, None),
               start="turn_start", turn=5)
    assert (st.decision.seat, st.decision.kind) == (0, "action")
    assert sorted(e["card"] for e in events(st, "trigger")) == ["Lumen Warden", "Replicator Hive"]
    assert st.hp[0] == 21


def test_different_strikes_whose_order_changes_nothing_are_not_ordered():
    # rule circuits.7.14
    # rule circuits.18.4
    # circuits ruling 50 (docs/rulings/circuits.md, Further rulings)
    # Echo Turret (Strike 1) and Overclocked Swarm (Strike 3) against a Hero with no lethal save, whose
    # player holds no card to answer a Strike's window: 4 damage whichever goes first, so no order is
    # asked. (With a lethal save between them the order is asked: test_audit_fixes_2.py.)
    st = scenario(heroes=("Swarm Architect", "Forgeblade"), field=(["Echo Turret", "Overclocked Swarm"], []))
    st.apply(find(st, "End the Action Step"))
    assert "strike_order" not in _kinds_until_action(st)
    strikes = [e["source"] for e in events(st, "damage") if e["source"] in ("Echo Turret", "Overclocked Swarm")]
    assert sorted(strikes) == ["Echo Turret", "Overclocked Swarm"]
    assert st.hp[1] == st.max_hp(1) - 4


def test_a_charge_that_cannot_change_its_target_asks_none():
    # rule circuits.9.1.22
    # rule circuits.8.3.8
    # circuits ruling 50 (docs/rulings/circuits.md, Further rulings)
    # Mesh Weave's Charge (Repair 2 on one of your Assets) opens no window: with neither Asset damaged,
    # which one it repairs changes nothing, so no target is asked. With one damaged, it is asked.
    st = board(heroes=("Swarm Architect", "Sparkwright"), gear=(["Mesh Weave"], []),
               field=(["Repair Drone", "Echo Turret"], []))
    pick(st, "Charge Mesh Weave")
    assert (st.decision.seat, st.decision.kind) == (0, "action")
    assert [e["amount"] for e in events(st, "repair")] == [0]
    st = board(heroes=("Swarm Architect", "Sparkwright"), gear=(["Mesh Weave"], []),
               field=(["Repair Drone", "Echo Turret"], []))
    st.damage[st.field[0][1]] = 1
    pick(st, "Charge Mesh Weave")
    assert st.decision.kind == "target"
    assert sorted(labels(st)) == [f"Echo Turret (Asset, {card('Echo Turret').hp - 1} HP left)",
                                  f"Repair Drone (Asset, {card('Repair Drone').hp} HP left)"]


def test_a_scout_of_plans_all_already_known_asks_none():
    # rule circuits.12.13
    # rule circuits.12.15
    # circuits ruling 50 (docs/rulings/circuits.md, Further rulings)
    # P1 has looked at both of P2's face-down Plans and still knows them: which one a Scout looks at
    # teaches nothing, so it is not asked. With one of them unknown, it is.
    st = board(heroes=("Sparkwright", "Lumen Warden"), plans=([], ["Battle Plan", "Field Triage"]))
    st.seen[0] |= set(st.plans[1])
    pick(st, "Scout")
    assert (st.decision.seat, st.decision.kind) == (0, "action")
    assert [e["what"] for e in events(st, "look")] == ["plan"]
    st = board(heroes=("Sparkwright", "Lumen Warden"), plans=([], ["Battle Plan", "Field Triage"]))
    st.seen[0].add(st.plans[1][0])
    pick(st, "Scout")
    assert st.decision.kind == "target" and len(labels(st)) == 2


def test_a_field_of_one_makes_room_without_asking():
    # rule circuits.9.1.3
    # rule circuits.8.5.7
    # With the rule variant field_size = 1 a full Field holds one Asset: playing another discards it
    # (not destruction), and there is no choice of which to ask.
    st = scenario(heroes=("Swarm Architect", "Sparkwright"), hands=(["Echo Turret"], []),
                  field=(["Repair Drone"], []), rules={"field_size": 1})
    pick(st, "Play Echo Turret")
    assert st.decision is None or st.decision.kind != "make_room"
    assert [(e["card"], e["reason"]) for e in events(st, "discard")] == [("Repair Drone", "make room")]
    assert events(st, "destroyed") == []


def _step3_after(answer: str | None, rally: int, hand: list[str]):
    """P0 attacks P1's Hero; P1 answers at step 2 with `answer` (or passes); returns the state."""
    st = board(heroes=("Lumen Warden", "Sparkwright"), hands=(hand, [answer] if answer else ["Regroup"]),
               rally=(rally, 5), capacity=(5, 5))
    st.apply(find(st, "Basic Attack"))
    assert (st.decision.seat, st.decision.kind) == (1, "respond")
    if answer:
        st.apply(find(st, f"Answer with {answer}"))  # not `pick`: it would pass the step 3 asked next
        while st.decision.kind == "target":  # Cinder Volley: at P0's Hero
            st.apply(next(o.id for o in st.decision.options if "Lumen Warden" in o.label))
    else:
        st.apply("pass")
    return st


def test_a_window_step_no_card_of_the_pool_could_answer_is_not_asked():
    # rule circuits.11.9
    # rule circuits.11.10
    # rule circuits.4.1
    # circuits ruling 50 (docs/rulings/circuits.md, "Response Windows are asked...")
    # Step 3 of P0's own Basic Attack, P1 having passed: no Reaction of the pool has a trigger that
    # applies there, so whatever P0 holds it cannot answer; everyone can tell, and it is not asked.
    # The same hand is asked once P1's Cinder Volley at step 2 gives Brace something to answer, unless
    # P0 has no Rally left (and no Reserve token) to pay for any Reaction: public facts, never the hand.
    for hand in (["Brace"], ["Regroup"]):
        st = _step3_after(None, 5, hand)
        assert (st.decision.seat, st.decision.kind) == (0, "action"), hand
        st = _step3_after("Cinder Volley", 5, hand)
        assert (st.decision.seat, st.decision.kind) == (0, "respond") and "step 3" in st.decision.prompt, hand
        st = _step3_after("Cinder Volley", 0, hand)
        assert (st.decision.seat, st.decision.kind) == (0, "action"), hand


def test_an_action_step_with_nothing_left_to_do_and_an_empty_hand_ends_unasked():
    # rule circuits.7.7
    # rule circuits.8.1.1
    # P1 has attacked, has no Rally and no card in hand (all public): ending the Action Step is the
    # only thing left, so it is not asked. With a card in hand it is (whether it is playable is hidden).
    for hand, asked in (([], False), (["Regroup"], True)):
        st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=(hand, []), rally=(0, 3), capacity=(3, 3))
        st.apply(find(st, "Basic Attack"))
        assert (st.decision.kind == "action" and st.decision.seat == 0) is asked, hand
        if not asked:
            assert [e["player"] for e in events(st, "action_step_end")] == [0]
