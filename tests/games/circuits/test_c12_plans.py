"""Rule scenarios for rulebook §12, Plans and Scout (rules circuits.12.1–12.17; 12.18 is Squad): Plans
face-down with an honest Kind marker, the Start Step reveal and its window, Setup Scrambler's delay
(once), forced early reveals, Scout and its deck-top fallback, and a Plan returned to hand."""

from __future__ import annotations

import msgspec
import pytest
from circuits_c11_c19_helpers import (
    amount,
    answers_offered,
    asked,
    board,
    index,
    make_card,
    put,
    resolved,
    to_next_action,
)
from circuits_scenario import events, find, has, labels, pick

from cardarena.games.circuits.state import CircuitsState

HEROES = ("Volt Reaver", "Lumen Warden")


def plan_card(name: str, kind: str, effects: list[dict]) -> object:
    return make_card(kind="tactic", id=f"t-{name.lower().replace(' ', '-')}", name=name, type="plan",
                     plan_kind=kind, cost=1, effects=effects)



# -- the Kind marker -------------------------------------------------------------------------------


def test_a_plan_is_played_face_down_with_its_printed_kind_and_no_choice_of_marker():
    # rule circuits.12.1
    st = board(heroes=HEROES, hands=(["Battle Plan"], []), rally=(3, 3))
    assert [lbl for lbl in labels(st) if "Battle Plan" in lbl] == ["Play Battle Plan (plan, cost 1)"]
    pick(st, "Play Battle Plan")
    assert (st.decision.seat, st.decision.kind) == (0, "action")  # no marker to pick, nothing to answer
    [plan] = st.plans[0]
    assert st.kind_of[plan] == "offense"
    mine = st.view(0)["players"][0]["plans"]
    theirs = st.view(1)["players"][0]["plans"]
    assert theirs == [{"index": 0, "kind": "offense", "delayed": False}]  # a position, no id or name
    assert mine[0]["kind"] == "offense" and mine[0]["card"]["name"] == "Battle Plan"
    [played] = [e for e in st.visible_log(1) if e["type"] == "play"]
    assert played["kind"] == "offense" and played.get("card") is None


def test_a_plan_printing_a_dishonest_kind_is_refused():
    # rule circuits.12.1
    # rule circuits.12.2
    with pytest.raises(msgspec.ValidationError, match="honest"):
        plan_card("Liar Plan", "utility", [{"verb": "damage", "amount": 2, "to": "enemy_hero"}])
    with pytest.raises(msgspec.ValidationError, match="honest"):
        plan_card("Shy Plan", "offense", [{"verb": "heal", "amount": 2, "to": "your_hero"}])


OFFENSE = [{"verb": "mark", "to": "enemy_hero"}]
BURN = [{"verb": "burn", "amount": 1, "to": "enemy_hero"}]
PREVENT = [{"verb": "prevent", "amount": 1, "to": "your_hero"}]

KINDS = [
    # pool Plans
    ("Battle Plan", None, "offense"),  # damage
    ("Foretold Inferno", None, "offense"),  # damage and Burn
    ("Paradox Strike", None, "offense"),  # Marked and damage
    ("Field Triage", None, "defense"),  # heal
    ("Prismatic Foresight", None, "defense"),  # Shield
    ("Rebuild Cycle", None, "defense"),  # repair
    ("Timeline Fold", None, "utility"),  # draw
    ("Power Siphon", None, "utility"),  # Rally
    # test-only Plans for what the pool lacks
    ("Mark Only", OFFENSE, "offense"),
    ("Burn Only", BURN, "offense"),
    ("Prevent Only", PREVENT, "defense"),
]


@pytest.mark.parametrize(("name", "effects", "kind"), KINDS)
def test_the_marker_the_opponent_sees_is_the_honest_kind(name, effects, kind):
    # rule circuits.12.2
    # rule circuits.12.3
    # rule circuits.12.4
    st = board(heroes=HEROES, hands=(["Battle Plan" if effects else name], ["Interference"]), rally=(4, 4))
    if effects:
        put(st, st.hand[0][0], plan_card(name, kind, effects))
        st.reask()
    pick(st, "Play")
    asked(st, 1, 2)
    assert f"face-down {kind.capitalize()} Plan" in st.decision.prompt and name not in st.decision.prompt
    pick(st, "Pass")
    assert [p["kind"] for p in st.view(1)["players"][0]["plans"]] == [kind]


# -- the Start Step reveal ----------------------------------------------------------------------------


def test_at_the_start_step_each_plan_reveals_opens_its_window_then_resolves():
    # rule circuits.12.5
    st = board(heroes=HEROES, plans=(["Battle Plan"], []), hands=([], ["Regroup"]), start="turn_start", rally=(3, 3))
    asked(st, 1, 2)
    assert "Plan Battle Plan reveals" in st.decision.prompt
    assert st.plans[0] and st.hp[1] == st.max_hp(1)  # not resolved while the window is open
    pick(st, "Pass")
    assert st.plans[0] == [] and st.name(st.discard[0][-1]) == "Battle Plan"
    assert st.hp[1] == st.max_hp(1) - amount("Battle Plan", "damage")
    assert index(st, "plan_revealed", card="Battle Plan") < index(st, "pass_window") \
        < index(st, "resolve", card="Battle Plan") < index(st, "damage", source="Battle Plan")
    # the opponent now sees the revealed card in the log
    assert [e["card"] for e in st.visible_log(1) if e["type"] == "plan_revealed"] == ["Battle Plan"]


def test_the_owner_chooses_the_reveal_order_and_each_plan_finishes_before_the_next():
    # rule circuits.12.5
    st = board(heroes=HEROES, plans=(["Battle Plan", "Timeline Fold"], []), hands=([], ["Regroup"]), start="turn_start")
    assert (st.decision.seat, st.decision.kind) == (0, "plan_order")
    assert sorted(labels(st)) == ["Reveal Battle Plan", "Reveal Timeline Fold"]
    pick(st, "Timeline Fold")
    asked(st, 1, 2)
    assert "Timeline Fold reveals" in st.decision.prompt
    pick(st, "Pass")
    asked(st, 1, 2)  # the second Plan: the only one left, no order to choose
    assert "Battle Plan reveals" in st.decision.prompt
    pick(st, "Pass")
    order = [(e["type"], e["card"]) for e in st.log if e["type"] in ("plan_revealed", "resolve")]
    assert order == [("plan_revealed", "Timeline Fold"), ("resolve", "Timeline Fold"),
                     ("plan_revealed", "Battle Plan"), ("resolve", "Battle Plan")]


def test_setup_scrambler_is_played_at_step_2_of_a_reveal_window():
    # rule circuits.12.6
    # Not when a Plan is merely played, not by the Plan's owner, but by the opponent at the reveal.
    st = board(heroes=HEROES, hands=(["Battle Plan", "Setup Scrambler"], ["Setup Scrambler", "Regroup"]), rally=(3, 3))
    pick(st, "Play Battle Plan")
    asked(st, 1, 2)
    assert answers_offered(st) == ["Regroup"]
    pick(st, "Pass")
    pick(st, "End")
    pick(st, "End")  # P1's turn; P0's Start Step reveals the Plan
    asked(st, 1, 2)
    assert answers_offered(st) == ["Regroup", "Setup Scrambler"]
    pick(st, "Setup Scrambler")
    assert (st.decision.seat, st.decision.kind) != (0, "respond")  # P0's own Setup Scrambler: no


# -- delay ------------------------------------------------------------------------------------------


def test_a_successful_delay_stops_the_resolution():
    # rule circuits.12.9
    st = board(heroes=HEROES, plans=(["Battle Plan"], []), hands=([], ["Setup Scrambler"]), start="turn_start", rally=(3, 3))
    plan = st.plans[0][0]
    pick(st, "Setup Scrambler")
    assert st.plans[0] == [plan] and plan in st.delayed
    assert st.hp[1] == st.max_hp(1)
    assert events(st, "delayed") == [{"type": "delayed", "player": 0, "card": "Battle Plan"}]
    assert "Battle Plan" not in resolved(st)
    # a delayed Plan stays revealed (ruling circuits.gap.29)
    assert st.view(1)["players"][0]["plans"][0]["delayed"] is True


def test_a_delayed_plan_resolves_at_its_owners_following_start_step():
    # rule circuits.12.10
    # Delayed at P0's Start Step (turn 5), it waits through P1's turn 6 and resolves at turn 7.
    st = board(heroes=HEROES, plans=(["Battle Plan"], []), hands=([], ["Setup Scrambler"]), start="turn_start", rally=(3, 3))
    pick(st, "Setup Scrambler")
    to_next_action(st, 1)
    assert st.turn == 6 and st.plans[0] and st.hp[1] == st.max_hp(1)
    to_next_action(st, 0)
    assert st.turn == 7 and st.plans[0] == []
    assert st.hp[1] == st.max_hp(1) - amount("Battle Plan", "damage")
    # at the Start Step of turn 7: after the turn begins, before P0's Rally Step
    assert index(st, "turn", turn=7) < index(st, "resolve", card="Battle Plan") < len(st.log) - 1
    assert [e["player"] for e in st.log[index(st, "resolve", card="Battle Plan"):] if e["type"] == "rally_step"] == [0]


def test_a_plan_is_delayed_only_once():
    # rule circuits.12.11
    # P0 delays P1's Plan during a forced reveal. At P1's following Start Step, P0 holds a second
    # Setup Scrambler, but the Plan cannot be delayed again: it resolves.
    st = board(heroes=HEROES, plans=([], ["Battle Plan"]),
               hands=(["Forced Collapse", "Setup Scrambler", "Setup Scrambler"], []), rally=(5, 5))
    plan = st.plans[1][0]
    pick(st, "Play Forced Collapse")
    asked(st, 0, 2)
    pick(st, "Setup Scrambler")
    assert plan in st.delayed
    pick(st, "End")
    assert st.turn == 6 and (st.decision.seat, st.decision.kind) == (1, "action")
    assert events(st, "plan_revealed")[-1]["forced"] is True  # no second reveal window was opened
    assert st.plans[1] == [] and st.hp[0] == st.max_hp(0) - amount("Battle Plan", "damage")
    assert [st.name(i) for i in st.hand[0]].count("Setup Scrambler") == 1


# -- forced early reveal ----------------------------------------------------------------------------


def test_a_forced_reveal_opens_the_same_window_with_its_reveal_reactions():
    # rule circuits.12.7
    # rule circuits.12.8
    # P0 forces P1's Plan to reveal in P0's turn: the reveal window is P1's (the Plan's owner), so
    # step 2 is P0's (Setup Scrambler) and step 3 P1's (Echo Protocol), as at a Start Step.
    st = board(heroes=HEROES, plans=([], ["Battle Plan", "Field Triage"]),
               hands=(["Forced Collapse", "Setup Scrambler"], ["Echo Protocol"]), rally=(5, 5))
    pick(st, "Play Forced Collapse")
    assert (st.decision.seat, st.decision.kind) == (0, "target")
    pick(st, "offense")
    asked(st, 0, 2)
    assert "Plan Battle Plan reveals" in st.decision.prompt
    assert answers_offered(st) == ["Setup Scrambler"]
    pick(st, "Pass")
    asked(st, 1, 3)
    assert answers_offered(st) == ["Echo Protocol"]
    pick(st, "Echo Protocol")
    assert events(st, "plan_revealed")[0]["forced"] is True
    # not delayed: it resolves at once, after its window (ruling circuits.gap.30)
    assert resolved(st)[-2:] == ["Echo Protocol", "Battle Plan"]
    assert st.hp[0] == st.max_hp(0) - amount("Battle Plan", "damage")
    assert [st.kind_of[i] for i in st.plans[1]] == ["defense"]


def test_a_forced_reveal_can_be_delayed():
    # rule circuits.12.8
    # rule circuits.12.9
    st = board(heroes=HEROES, plans=([], ["Battle Plan"]), hands=(["Forced Collapse", "Setup Scrambler"], []), rally=(5, 5))
    plan = st.plans[1][0]
    pick(st, "Play Forced Collapse")
    pick(st, "Setup Scrambler")
    assert plan in st.delayed and st.plans[1] == [plan]
    assert st.hp[0] == st.max_hp(0)


# -- Scout --------------------------------------------------------------------------------------------


def test_scout_pays_1_to_look_at_an_enemy_plan_of_your_choice_once_per_action_step():
    # rule circuits.12.13
    st = board(heroes=HEROES, plans=([], ["Battle Plan", "Field Triage"]), rally=(3, 3))
    pick(st, "Scout")
    assert st.rally[0] == 2
    assert (st.decision.seat, st.decision.kind) == (0, "target")
    assert sorted(labels(st)) == ["face-down Defense Plan 2", "face-down Offense Plan 1"]
    assert sorted(st.decision.ids) == ["target:1:plans:0", "target:1:plans:1"]
    pick(st, "defense")
    triage = st.plans[1][1]
    assert triage in st.seen[0] and st.plans[1][0] not in st.seen[0]
    assert (st.decision.seat, st.decision.kind) == (0, "action")
    assert not has(st, "Scout")  # once per Action Step


def test_scout_needs_1_rally():
    # rule circuits.12.13
    st = board(heroes=HEROES, plans=([], ["Battle Plan"]), rally=(0, 3), capacity=(3, 3))
    assert not has(st, "Scout")


def test_scout_shows_the_deck_top_when_the_enemy_has_no_face_down_plan():
    # rule circuits.12.14
    st = board(heroes=HEROES, decks=(["Regroup"] * 3, ["Regroup", "Regroup", "Siege Ram"]), rally=(3, 3))
    # and its option says so (it promised an enemy face-down Plan there was none of)
    assert has(st, "Scout (1 Rally): look at the top card of the enemy deck (no enemy face-down Plan)")
    pick(st, "Scout")
    top = st.deck[1][-1]
    [look] = events(st, "look")
    assert (look["what"], look["card"]) == ("deck_top", "Siege Ram")
    assert top in st.seen[0] and st.rally[0] == 2


def test_only_the_scout_learns_the_plan_and_keeps_it_in_view():
    # rule circuits.12.15
    st = board(heroes=HEROES, plans=([], ["Battle Plan", "Field Triage"]), rally=(3, 3))
    pick(st, "Scout")
    pick(st, "offense")
    [mine] = [e for e in st.visible_log(0) if e["type"] == "look"]
    assert mine["card"] == "Battle Plan"
    for other in (1, None):
        [theirs] = [e for e in st.visible_log(other) if e["type"] == "look"]
        assert theirs.get("card") is None and theirs.get("id") is None  # not even which Plan (ruling circuits.gap.46)
    # the scout's view keeps the card (the scout may take notes); the other Plan stays hidden
    pick(st, "Basic Attack")
    plans = {p["kind"]: p for p in st.view(0)["players"][1]["plans"]}
    assert plans["offense"]["card"]["name"] == "Battle Plan"
    assert "card" not in plans["defense"]


def test_only_the_scout_learns_the_deck_top():
    # rule circuits.12.15
    st = board(heroes=HEROES, decks=(["Regroup"] * 3, ["Regroup", "Regroup", "Siege Ram"]), rally=(3, 3))
    pick(st, "Scout")
    assert [e.get("card") for e in st.visible_log(0) if e["type"] == "look"] == ["Siege Ram"]
    assert [e.get("card") for e in st.visible_log(1) if e["type"] == "look"] == [None]
    assert [e.get("card") for e in st.visible_log(None) if e["type"] == "look"] == [None]


def test_the_deck_top_fallback_does_not_count_as_looking_at_a_plan():
    # rule circuits.12.12
    # No Base 001 card reads the condition yet; the engine's "looked at a Plan this turn" fact is set by
    # a Plan look and not by the deck-top fallback.
    fallback = board(heroes=HEROES, rally=(3, 3))
    pick(fallback, "Scout")
    assert events(fallback, "look")[0]["what"] == "deck_top"
    assert "looked_plan:0" not in fallback.flags

    plan = board(heroes=HEROES, plans=([], ["Battle Plan"]), rally=(3, 3))
    pick(plan, "Scout")
    assert "looked_plan:0" in plan.flags


def test_look_at_an_enemy_plan_effects_work_like_scout_with_the_fallback():
    # rule circuits.12.16
    # Glimpse ("look at one enemy face-down Plan") on a Plan, and with no face-down Plan: the deck top.
    st = board(heroes=HEROES, plans=([], ["Siege Ram"]), hands=(["Glimpse"], []), rally=(5, 5))
    pick(st, "Play Glimpse")
    assert [(e["what"], e["card"]) for e in events(st, "look")] == [("plan", "Siege Ram")]
    assert st.plans[1][0] in st.seen[0]
    assert all(e.get("card") is None for e in st.visible_log(1) if e["type"] == "look")

    st = board(heroes=HEROES, hands=(["Glimpse"], []), decks=(["Regroup"] * 3, ["Regroup", "Battle Plan"]), rally=(5, 5))
    top = st.deck[1][-1]
    pick(st, "Play Glimpse")
    assert [(e["what"], e["card"]) for e in events(st, "look")] == [("deck_top", "Battle Plan")]
    assert top in st.seen[0]
    assert all(e.get("card") is None for e in st.visible_log(1) if e["type"] == "look")


def test_a_delayed_plan_cannot_be_scouted_so_scout_falls_back_to_the_deck():
    # rule circuits.12.14
    # A delayed Plan is face-up (ruling circuits.gap.29): the enemy has no face-down Plan.
    st = board(heroes=HEROES, plans=([], ["Battle Plan"]), decks=(["Regroup"] * 3, ["Siege Ram"]), rally=(3, 3))
    st.delayed.add(st.plans[1][0])
    st.delay_used.add(st.plans[1][0])
    pick(st, "Scout")
    assert [(e["what"], e["card"]) for e in events(st, "look")] == [("deck_top", "Siege Ram")]


# -- a Plan returned to hand -------------------------------------------------------------------------


def test_a_plan_returned_to_hand_loses_its_marker_and_is_an_ordinary_card():
    # rule circuits.12.17
    st = board(heroes=HEROES, plans=([], ["Battle Plan"]), hands=(["Recall Loop"], []), rally=(3, 3))
    plan = st.plans[1][0]
    pick(st, "Play Recall Loop")
    assert st.plans[1] == [] and plan in st.hand[1]
    assert plan not in st.kind_of
    assert st.view(0)["players"][1]["plans"] == []
    assert [e for e in st.visible_log(0) if e["type"] == "plan_returned"] == \
        [{"type": "plan_returned", "player": 1, "index": 0, "source": "Recall Loop"}]
    # P1 plays it again from hand, as any Plan, getting a marker again
    to_next_action(st, 1)
    pick(st, "Play Battle Plan")
    assert st.plans[1] == [plan] and st.kind_of[plan] == "offense"



# -- a Plan in its own reveal window is face-up (third rules audit, 2026-12-07) -------------------------


def _reveal_window(hand: list[str], plans: list[str]) -> CircuitsState:
    """P2 starts its turn with `plans` face-down and reveals the first one first; P1 holds `hand` and
    is asked at step 2 of that Plan's reveal window."""
    st = board(heroes=("Sparkwright", "Forgeblade"), plans=([], plans), hands=(hand, ["Lockout Pulse"]),
               rally=(5, 3), turn=6, start="turn_start")
    if st.decision.seat == 1:  # the owner orders its reveals (rule 12.5)
        st.apply(find(st, plans[0]))
    asked(st, 0, 2)
    return st


def _drive(st: CircuitsState) -> None:
    """Every window passed (or its only option taken) until P2's Action Step."""
    while st.decision is not None and st.decision.kind != "action":
        ids = [o.id for o in st.decision.options]
        st.apply("pass" if "pass" in ids else ids[0])


def test_recall_loop_cannot_return_the_plan_being_revealed():
    # rule circuits.12.5
    # rule circuits.12.17
    # Battle Plan is face-up in its reveal window: Recall Loop ("one enemy face-down Plan") finds none,
    # so the Plan still resolves and deals its damage
    st = _reveal_window(["Recall Loop"], ["Battle Plan"])
    st.apply(find(st, "Recall Loop"))
    _drive(st)
    assert not events(st, "plan_returned")
    assert [e["card"] for e in events(st, "resolve") if e.get("plan")] == ["Battle Plan"]
    assert "Battle Plan" not in [st.name(i) for i in st.hand[1]]


def test_recall_loop_in_a_reveal_window_targets_only_a_plan_still_face_down():
    # rule circuits.12.5
    # rule circuits.12.17
    st = _reveal_window(["Recall Loop"], ["Battle Plan", "Field Triage"])
    revealing = st.current_frame()["item"][1]
    assert st.name(revealing) == "Battle Plan"
    other = next(i for i in st.plans[1] if i != revealing)
    assert st.face_down_plans(1) == [other]
    st.apply(find(st, "Recall Loop"))
    if st.decision.kind == "target":  # one candidate may be taken without asking
        assert len(st.decision.options) == 1, labels(st)
        st.apply(st.decision.options[0].id)
    _drive(st)
    assert len(events(st, "plan_returned")) == 1
    assert other in st.hand[1] and revealing not in st.hand[1]


def test_glimpse_at_the_only_plan_revealing_looks_at_the_deck_top():
    # rule circuits.12.14
    # rule circuits.12.16
    st = _reveal_window(["Glimpse"], ["Battle Plan"])
    st.apply(find(st, "Glimpse"))
    _drive(st)
    assert [e["what"] for e in events(st, "look")] == ["deck_top"]


def test_forced_collapse_does_not_reveal_a_plan_twice():
    # rule circuits.12.7
    st = _reveal_window(["Forced Collapse"], ["Battle Plan"])
    st.apply(find(st, "Forced Collapse"))
    _drive(st)
    assert len(events(st, "plan_revealed")) == 1
    assert len([e for e in events(st, "resolve") if e.get("plan")]) == 1


def test_a_plan_delayed_during_its_owners_start_step_waits_for_the_following_one():
    # rule circuits.12.10
    # rule circuits.12.7
    # At P0's Start Step (turn 7) Battle Plan reveals; P1 answers with Forced Collapse on P0's other
    # Plan, Field Triage, and delays that forced reveal with Setup Scrambler. Field Triage resolves at
    # P0's *following* Start Step (turn 9), not in the Start Step still running.
    st = board(heroes=HEROES, plans=(["Battle Plan", "Field Triage"], []), hands=([], ["Forced Collapse", "Setup Scrambler"]),
               rally=(5, 5), start="turn_start", turn=7, hp=(20, None))
    triage = st.plans[0][1]
    pick(st, "Reveal Battle Plan")
    pick(st, "Forced Collapse")
    asked(st, 1, 2)
    assert "Plan Field Triage reveals" in st.decision.prompt
    pick(st, "Setup Scrambler")
    while (st.decision.seat, st.decision.kind) != (0, "action"):
        st.apply("pass" if "pass" in st.decision.ids else st.decision.ids[0])
    assert st.turn == 7 and st.plans[0] == [triage] and triage in st.delayed
    assert resolved(st) == ["Forced Collapse", "Setup Scrambler", "Battle Plan"]
    hp = st.hp[0]
    pick(st, "End")
    while not (st.turn == 9 and st.decision.kind == "action"):
        st.apply("pass" if "pass" in st.decision.ids else "end" if "end" in st.decision.ids else st.decision.ids[0])
    assert st.plans[0] == [] and resolved(st)[-1] == "Field Triage"
    assert st.hp[0] > hp
