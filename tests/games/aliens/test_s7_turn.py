"""Rule scenarios for rulebook §7: turn structure (Draw, Activation and Energy phases)."""

from __future__ import annotations

from typing import Any

import pytest
from aliens_scenario import events, filler_name, has, pass_until, pick, scenario, slot

from cardarena.games.aliens.state import AliensState

# Squads whose abilities, affinities and passives stay out of the way: no heal, no armor, no ramp,
# and Plasma / Psionic / Alloy attacks get no wheel bonus against Atmospheric, Ion or Meteoric.
P0 = ["Cindermaw", "Synapse Drone", "Rustbloom Engine"]  # Pyrrhid, Psykari, Ferrax
P1 = ["Boreas Galewing", "Zarkon Arcwing", "Gravok Stonehide"]  # Glacien, Voltari, Lithari
SQUADS = (P0, P1)
FILL = filler_name()


def first(st: AliensState, type_: str, **fields: Any) -> int:
    """Index in the log of the first event of `type_` whose fields match."""
    for i, e in enumerate(st.log):
        if e["type"] == type_ and all(e.get(k) == v for k, v in fields.items()):
            return i
    raise AssertionError(f"no {type_!r} event with {fields} in the log")


def names(st: AliensState, ids: list[int]) -> list[str]:
    return [st.name(i) for i in ids]


def actions_of(st: AliensState, player: int, turn: int, log_starts_in: int = 3) -> list[dict[str, Any]]:
    """The actions (activate / set / pass) `player` took during `turn`, read from the log (which an
    "activation" scenario starts in the middle of turn `log_starts_in`)."""
    out = []
    current: int | None = log_starts_in
    for e in st.log:
        if e["type"] == "turn":
            current = e["turn"]
        elif e["type"] == "turn_end":
            current = None
        elif e["type"] in ("activate", "set", "pass") and e.get("player") == player and current == turn:
            out.append(e)
    return out


def on_my_turn(st: AliensState, turn: int, seat: int) -> bool:
    d = st.decision
    return st.turn == turn and d is not None and d.seat == seat and d.kind in ("action", "followup")


# -- Draw Phase --------------------------------------------------------------------------------


def test_turn_runs_draw_then_activation_then_energy_phase() -> None:
    # rule aliens.7.1
    st = scenario(aliens=SQUADS, hands=([FILL] * 3, []), status={"Cindermaw": "corroding"},
                  start="turn_start", turn=3)
    # the draw is done by the time the Activation Phase asks for the action
    assert st.decision is not None and st.decision.kind == "action" and st.decision.seat == 0
    assert len(st.hand[0]) == 5
    pick(st, "Pass")
    order = [
        first(st, "phase", phase="draw", player=0),
        first(st, "draw", player=0, reason="draw phase"),
        first(st, "phase", phase="activation", player=0),
        first(st, "pass", player=0),
        first(st, "phase", phase="energy", player=0),
        first(st, "damage", status="corroding"),
        first(st, "turn_end", turn=3),
    ]
    assert order == sorted(order)


@pytest.mark.parametrize(("held", "drawn"), [(0, 5), (3, 2), (4, 1)])
def test_draw_phase_draws_up_to_exactly_five(held: int, drawn: int) -> None:
    # rule aliens.7.2
    st = scenario(aliens=SQUADS, hands=(["Ember Lash"] * held, []), start="turn_start", turn=3)
    assert len(st.hand[0]) == 5
    assert len(st.deck[0]) == 20 - drawn
    assert [e["count"] for e in events(st, "draw") if e["player"] == 0] == [drawn]
    assert st.result is None


def test_draw_phase_keeps_the_cards_already_held() -> None:
    # rule aliens.7.2
    st = scenario(aliens=SQUADS, hands=(["Ember Lash", "Ignite", "Psi Needle"], []), start="turn_start", turn=3)
    assert names(st, st.hand[0][:3]) == ["Ember Lash", "Ignite", "Psi Needle"]
    assert names(st, st.hand[0][3:]) == [FILL, FILL]


def test_deck_out_when_the_deck_cannot_fill_the_hand() -> None:
    # rule aliens.7.3
    st = scenario(aliens=SQUADS, hands=([FILL] * 3, []), decks=([FILL], [FILL] * 20), start="turn_start", turn=3)
    assert st.result is not None
    assert (st.result.winner, st.result.reason) == (1, "deck_out")
    assert events(st, "deck_out")[0]["player"] == 0
    assert st.decision is None


def test_deck_that_just_suffices_is_no_deck_out() -> None:
    # rule aliens.7.3
    st = scenario(aliens=SQUADS, hands=([FILL] * 3, []), decks=([FILL] * 2, [FILL] * 20), start="turn_start", turn=3)
    assert st.result is None
    assert len(st.hand[0]) == 5 and st.deck[0] == []
    assert st.decision is not None and st.decision.seat == 0


def test_full_hand_mills_the_top_card_into_the_reactor_instead_of_drawing() -> None:
    # rule aliens.7.4
    deck = [FILL] * 4 + ["Data Purge"]  # the top of the deck is the last card
    st = scenario(aliens=SQUADS, hands=([FILL] * 5, []), decks=(deck, [FILL] * 20), start="turn_start", turn=3)
    top = st.defs[st.reactor[0][0]]
    assert names(st, st.reactor[0]) == ["Data Purge"]
    assert top.name == "Data Purge"
    assert len(st.hand[0]) == 5
    assert len(st.deck[0]) == 4
    assert not [e for e in events(st, "draw") if e["player"] == 0]
    assert len([e for e in events(st, "mill_to_reactor") if e["player"] == 0]) == 1


def test_deck_out_when_a_mill_is_due_on_an_empty_deck() -> None:
    # rule aliens.7.5
    st = scenario(aliens=SQUADS, hands=([FILL] * 5, []), decks=([], [FILL] * 20), start="turn_start", turn=3)
    assert st.result is not None
    assert (st.result.winner, st.result.reason) == (1, "deck_out_mill")
    assert st.reactor[0] == []


def test_no_mill_on_turn_one() -> None:
    # rule aliens.7.6
    st = scenario(aliens=SQUADS, hands=([FILL] * 5, []), start="turn_start", turn=1, priority=0)
    assert st.turn == 1 and st.active == 0
    assert len(st.deck[0]) == 20 and len(st.hand[0]) == 5
    assert st.reactor[0] == []
    assert not events(st, "draw") and not events(st, "mill_to_reactor")


def test_full_hand_and_empty_deck_on_turn_one_is_no_deck_out() -> None:
    # rule aliens.7.6
    st = scenario(aliens=SQUADS, hands=([FILL] * 5, []), decks=([], [FILL] * 20), start="turn_start", turn=1)
    assert st.result is None
    assert st.decision is not None and st.decision.kind == "action"


def test_second_players_first_turn_does_mill() -> None:
    # rule aliens.7.6
    # rule aliens.gap.16
    st = scenario(aliens=SQUADS, hands=([], [FILL] * 5), start="turn_start", turn=2, priority=0)
    assert st.active == 1
    assert len(st.reactor[1]) == 1 and len(st.deck[1]) == 19


# -- Activation Phase --------------------------------------------------------------------------

HAND = ["Ember Lash", "Ignite", "Psi Needle"]  # Pyrrhid attack, Pyrrhid special, Psykari attack


@pytest.mark.parametrize("action", [("Play", "Ember Lash"), ("Play", "Ignite"), ("Set", "Ember Lash"), ("Pass",)])
def test_exactly_one_primary_action_then_the_turn_passes(action: tuple[str, ...]) -> None:
    # rule aliens.7.7
    st = scenario(aliens=SQUADS, hands=(HAND, []), charge=(10, 0))
    pick(st, *action)
    if st.decision is not None and st.decision.kind == "target":
        pick(st, "Zarkon")
    assert len(actions_of(st, 0, 3)) == 1
    # nothing more is offered to player 0: the next decision is the opponent's, on turn 4
    assert st.decision is not None
    assert (st.turn, st.decision.seat, st.decision.kind) == (4, 1, "action")


def test_activating_one_tactic_is_a_primary_action() -> None:
    # rule aliens.7.8
    st = scenario(aliens=SQUADS, hands=(HAND, []), charge=(10, 0))
    assert has(st, "Play Ignite")
    pick(st, "Play Ignite")
    pick(st, "Zarkon")
    z = slot(st, "Zarkon Arcwing")
    assert st.hp[z] == 11 and st.status[z] == "corroding"
    act = events(st, "activate")[0]
    assert (act["card"], act["subtype"], act["performer"]) == ("Ignite", "special", "Cindermaw")
    assert "Ignite" in names(st, st.discard[0])


def test_declaring_one_attack_is_a_primary_action() -> None:
    # rule aliens.7.9
    st = scenario(aliens=SQUADS, hands=(HAND, []), charge=(10, 0))
    assert has(st, "Play Ember Lash")
    pick(st, "Play Ember Lash")
    pick(st, "Gravok")
    assert st.hp[slot(st, "Gravok Stonehide")] == 14
    act = events(st, "activate")[0]
    assert (act["card"], act["subtype"], act["performer"], act["target"]) == (
        "Ember Lash", "attack", "Cindermaw", "Gravok Stonehide")


def test_the_card_chosen_to_be_used_is_logged_before_its_performer_and_target_are_asked() -> None:
    # rule aliens.7.9 — the log names the card before the performer and target decisions, not only
    # in `activate` after them: a reader of the log alone (a spectator) sees what is being used
    pyrrhids = ["Cindermaw", "Vexa, Ember Queen", "Rustbloom Engine"]
    st = scenario(aliens=(pyrrhids, P1), hands=(["Ember Lash"], []), charge=(10, 0))
    pick(st, "Play Ember Lash")
    assert st.decision is not None and st.decision.kind == "performer"
    for seat in (0, 1):
        last = st.visible_log(seat)[-1]
        assert (last["type"], last["player"], last["card"], last["origin"], last["index"], last["answering"]) == (
            "use_declared", 0, "Ember Lash", "hand", None, None)
    pick(st, "Cindermaw")
    assert st.decision is not None and st.decision.kind == "target"
    pick(st, "Gravok")
    assert first(st, "use_declared", card="Ember Lash") < first(st, "activate", card="Ember Lash")
    assert len(events(st, "use_declared")) == 1


def test_a_face_down_card_chosen_to_be_used_is_logged_with_its_position() -> None:
    # rule aliens.7.8 — a set card used from the field: named, with the position it leaves
    st = scenario(aliens=SQUADS, hands=([], []), charge=(10, 0), command=([FILL, "Ember Lash"], []), set_on=1)
    pick(st, "Play Ember Lash from the field")
    assert st.decision is not None and st.decision.kind == "target"
    last = st.visible_log(1)[-1]
    assert (last["type"], last["card"], last["origin"], last["index"]) == ("use_declared", "Ember Lash", "command", 1)


def test_setting_one_card_face_down_is_a_primary_action() -> None:
    # rule aliens.7.10
    st = scenario(aliens=SQUADS, hands=(HAND, []), charge=(10, 0))
    lash = st.hand[0][0]
    pick(st, "Set Ember Lash")
    assert lash not in st.hand[0]
    assert st.command[0] == [lash]
    assert st.set_turn[lash] == 3
    assert st.charge[0] == 10  # nothing paid
    assert st.turn == 4


def test_passing_does_nothing_and_ends_the_phase() -> None:
    # rule aliens.7.11
    st = scenario(aliens=SQUADS, hands=(HAND, []), charge=(10, 0), reactor=([FILL], []))
    before = (list(st.hand[0]), list(st.hp), st.energy(0), list(st.reactor[0]), list(st.command[0]),
              list(st.discard[0]), list(st.status))
    assert has(st, "Pass")
    pick(st, "Pass")
    after = (list(st.hand[0]), list(st.hp), st.energy(0), list(st.reactor[0]), list(st.command[0]),
             list(st.discard[0]), list(st.status))
    assert after == before
    assert first(st, "pass", player=0) < first(st, "turn_end", turn=3)
    assert st.turn == 4 and st.active == 1


def test_no_second_action_without_a_granted_follow_up() -> None:
    # rule aliens.7.12
    st = scenario(aliens=SQUADS, hands=(["Ignite", "Ignite", "Ember Lash", "Psi Needle"], []), charge=(10, 0))
    pick(st, "Play Ignite")
    pick(st, "Zarkon")
    # more Specials and Attacks are affordable, yet the turn is over
    assert names(st, st.hand[0]) == ["Ignite", "Ember Lash", "Psi Needle"]
    assert not events(st, "followup_granted")
    assert st.decision is not None and (st.turn, st.decision.seat) == (4, 1)
    assert len(actions_of(st, 0, 3)) == 1


def test_a_card_that_grants_a_follow_up_gives_a_second_action() -> None:
    # rule aliens.7.12
    st = scenario(aliens=SQUADS, hands=(["Precognition", "Ember Lash"], []), charge=(10, 0))
    pick(st, "Play Precognition")
    assert st.decision is not None
    assert (st.turn, st.decision.seat, st.decision.kind) == (3, 0, "followup")
    assert has(st, "Play Ember Lash")


def test_a_granted_follow_up_is_one_action_then_no_more() -> None:
    # rule aliens.7.13
    st = scenario(aliens=SQUADS, hands=(["Precognition", "Ember Lash", "Psi Needle", "Ignite"], []), charge=(10, 0))
    pick(st, "Play Precognition")
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    assert [e["card"] for e in events(st, "activate")] == ["Precognition", "Ember Lash"]
    assert st.decision is not None and (st.turn, st.decision.seat, st.decision.kind) == (4, 1, "action")
    assert "Psi Needle" in names(st, st.hand[0]) and "Ignite" in names(st, st.hand[0])


def test_an_assault_follow_up_offers_attacks_only() -> None:
    # rule aliens.7.13
    st = scenario(aliens=SQUADS, hands=(["War Howl", "Ember Lash", "Ignite", "Precognition"], []), charge=(10, 0))
    pick(st, "Play War Howl")
    assert st.decision is not None and st.decision.kind == "followup"
    assert has(st, "Play Ember Lash")
    assert not has(st, "Play Ignite") and not has(st, "Play Precognition")
    assert not has(st, "Set")
    assert not has(st, "Eruption")  # no ability either: the grant is an assault
    assert has(st, "Decline")


def test_declining_a_follow_up_ends_the_turn() -> None:
    # rule aliens.7.13
    st = scenario(aliens=SQUADS, hands=(["War Howl", "Ember Lash"], []), charge=(10, 0))
    pick(st, "Play War Howl")
    pick(st, "Decline")
    assert "Ember Lash" in names(st, st.hand[0])
    assert st.decision is not None and (st.turn, st.decision.seat) == (4, 1)


# -- Energy Phase --------------------------------------------------------------------------------


def test_energy_phase_resolves_statuses_then_ends_the_turn() -> None:
    # rule aliens.7.14
    st = scenario(aliens=SQUADS, hands=([FILL] * 3, []), status={"Cindermaw": "corroding"},
                  start="turn_start", turn=3)
    pick(st, "Pass")
    assert st.hp[slot(st, "Cindermaw")] == 14
    dmg = first(st, "damage", status="corroding", target_name="Cindermaw")
    assert first(st, "phase", phase="energy", player=0) < dmg < first(st, "turn_end", turn=3) < first(st, "turn", turn=4)


def test_when_the_turn_ends_the_opponent_starts_with_their_draw_phase() -> None:
    # rule aliens.7.15
    st = scenario(aliens=SQUADS, hands=(HAND, []))
    pick(st, "Pass")
    assert st.turn == 4 and st.active == 1
    end_i = first(st, "turn_end", turn=3, player=0)
    turn_i = first(st, "turn", turn=4, player=1)
    draw_i = first(st, "draw", player=1, reason="draw phase")
    assert end_i < turn_i < draw_i
    assert len(st.hand[1]) == 5
    assert st.decision is not None and st.decision.seat == 1


def test_hand_is_not_banked_and_carries_over_to_the_next_turn() -> None:
    # rule aliens.7.16
    st = scenario(aliens=SQUADS, hands=(HAND, []))
    kept = list(st.hand[0])
    pick(st, "Pass")
    assert st.hand[0] == kept
    assert st.reactor[0] == [] and st.discard[0] == []
    pass_until(st, 5)
    assert st.active == 0
    assert st.hand[0][:3] == kept  # the same three cards, then the two drawn
    assert len(st.hand[0]) == 5
    assert st.reactor[0] == []  # hand had 3: a draw, no mill, and nothing banked


def test_reactor_income_is_only_ramp_and_mill_on_full() -> None:
    # rule aliens.7.17
    st = scenario(aliens=SQUADS, hands=([FILL] * 5, []))
    assert st.energy(0) == 0
    pick(st, "Pass")
    # the Energy Phase and the opponent's whole turn add nothing to player 0's Reactor
    assert st.energy(0) == 0
    assert st.energy(1) == 2  # the opponent: ramp only (they drew to 5, no mill)
    pass_until(st, 5)
    assert st.energy(1) == 2
    # turn 5: +2 ramp and +1 mill-on-full, nothing else
    assert st.charge[0] == 2 and len(st.reactor[0]) == 1
    assert st.energy(0) == 3


def test_a_follow_up_granted_by_a_free_action_is_offered_after_a_passed_primary_action() -> None:
    """A Repeatable ability is a free action before the primary one; a follow-up it grants waited for the
    action after the primary one, so passing the primary action lost it (only a card file could grant one)."""
    # rule aliens.7.13
    import random

    from cardarena.core.cardfiles import CardFiles
    from cardarena.core.registry import load_game

    base = load_game("aliens").card_toml("Heliarch Forge")
    text = base.replace('effects = [{ verb = "shield", amount = 1, to = "target" }]',
                        'effects = [{ verb = "shield", amount = 1, to = "target" }, { verb = "followup", action = "special" }]')
    assert text != base
    st = load_game("aliens", CardFiles([("forge.toml", text)])).new_game(["sunforge_vanguard", "mind_storm"], seed=0)
    rng = random.Random(0)
    while st.decision is not None:
        d = st.decision
        free = [o for o in d.options if "(free action)" in o.label]
        if d.seat == 0 and d.kind == "action" and free:
            break
        st.apply(rng.choice([o.id for o in d.options]))
    st.apply(free[0].id)
    while st.decision is not None and st.decision.kind == "target":
        st.apply(st.decision.options[0].id)
    assert st.decision is not None and st.decision.kind == "action" and st.grants == ["special"]
    st.apply("pass")
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (0, "followup")
    assert st.decision.prompt == "Follow-up action (special)"
    st.apply("pass")  # declined: the turn goes on
    assert st.grants == [] and not (st.decision.seat == 0 and st.decision.kind == "followup")
