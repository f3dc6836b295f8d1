"""Rule scenarios for circuits §1 (Duel): reduce the enemy Hero to 0 HP; a player who must draw from an
empty deck loses, and only then."""

from __future__ import annotations

from circuits_scenario import events, pick, scenario

DUEL = ("Forgeblade", "Lumen Warden")


def test_reducing_the_enemy_hero_to_zero_wins_the_duel():
    # rule circuits.1.1
    st = scenario(heroes=DUEL, hands=(["Quick Shot"], []), hp=(None, 1), rally=(3, 3))
    pick(st, "Play Quick Shot")  # the enemy Hero is the only target
    assert st.hp[1] == 0
    assert st.result is not None
    assert (st.result.winner, st.result.reason) == (0, "hero_defeated")
    assert st.decision is None
    assert events(st, "result") == [{"type": "result", "winner": 0, "reason": "hero_defeated", "turns": 5, "winners": [0]}]


def test_a_hero_left_above_zero_does_not_lose():
    # rule circuits.1.1
    st = scenario(heroes=DUEL, hands=(["Quick Shot"], []), hp=(None, 2), rally=(3, 3))
    pick(st, "Play Quick Shot")
    assert st.hp[1] == 1
    assert st.result is None
    assert st.decision is not None and st.decision.seat == 0  # back to P1's Action Step


def test_a_hero_burned_to_zero_at_its_own_end_step_loses():
    # rule circuits.1.1
    st = scenario(heroes=DUEL, hp=(2, None), rally=(3, 3))
    st.burn_enemy[0] = 2  # the enemy's Burn ticks at P1's own End Step
    pick(st, "End the Action Step")
    assert st.hp[0] == 0
    assert st.result is not None
    assert (st.result.winner, st.result.reason) == (1, "hero_defeated")


def test_drawing_from_an_empty_deck_at_the_draw_step_loses():
    # rule circuits.1.2
    # P2's first turn (turn 2): P2 did not start, so it draws, and its deck is empty
    st = scenario(heroes=DUEL, decks=(["Quick Shot"] * 5, []), start="turn_start", turn=2)
    assert st.result is not None
    assert (st.result.winner, st.result.reason) == (0, "deck_out")
    assert events(st, "deck_out") == [{"type": "deck_out", "player": 1, "reason": "draw step"}]
    assert st.decision is None


def test_a_card_that_makes_you_draw_from_an_empty_deck_loses():
    # rule circuits.1.2
    # rule circuits.1.3
    st = scenario(heroes=DUEL, hands=(["Regroup"], []), decks=(["Quick Shot"], ["Quick Shot"] * 5), rally=(3, 3))
    pick(st, "Play Regroup")  # draw 2: the first draw empties the deck, the second cannot be made
    assert [e["reason"] for e in events(st, "deck_out")] == ["Regroup"]
    assert st.result is not None
    assert (st.result.winner, st.result.reason) == (1, "deck_out")


def test_a_breakpoint_draw_from_an_empty_deck_loses():
    # rule circuits.1.3
    st = scenario(heroes=DUEL, hands=(["Quick Shot"], []), decks=(["Quick Shot"] * 5, []), hp=(None, 11),
                  rally=(3, 3))
    pick(st, "Play Quick Shot")  # 11 → 10: P2's first Breakpoint must draw
    assert [e["at"] for e in events(st, "breakpoint")] == [10]
    assert st.result is not None
    assert (st.result.winner, st.result.reason) == (0, "deck_out")


def test_an_empty_deck_alone_is_not_a_loss():
    # rule circuits.1.3
    # the starting player's first turn skips the Draw Step: an empty deck costs nothing yet
    st = scenario(heroes=DUEL, hands=(["Quick Shot"], []), decks=([], ["Quick Shot"] * 5), start="turn_start",
                  turn=1)
    assert st.result is None
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (0, "action")
    assert st.deck[0] == []
    # P1 plays on with an empty deck, and P2's whole turn passes without anyone losing
    pick(st, "Play Quick Shot")
    pick(st, "End the Action Step")
    assert st.result is None
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (1, "action")
    pick(st, "End the Action Step")
    # P1's next Draw Step is the first time P1 must draw: now P1 loses
    assert st.result is not None
    assert (st.result.winner, st.result.reason) == (1, "deck_out")
    assert [e["player"] for e in events(st, "deck_out")] == [0]
