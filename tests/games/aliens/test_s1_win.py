"""Rule scenarios for aliens §1, win conditions: two players with 3 Aliens and a 50–60 card deck each;
KO'ing all 3 enemy Aliens wins; a deck-out (a failed Draw Phase) loses."""

from __future__ import annotations

import pytest
from aliens_scenario import events, pick, scenario, slot

import cardarena
from cardarena.core.errors import CardArenaError

GAME = cardarena.load_game("aliens")

ATTACKER = ["Solrath the Kindled", "Gravok Stonehide", "Synapse Drone"]
#: Plasma, Mycelial, Atmospheric: Ember Lash (Plasma, 2 damage) gets no wheel bonus on Magmora
DEFENDER = ["Magmora Coreheart", "Sporemother Yth", "Boreas Galewing"]


def lash(hp: dict[str, int]):
    """P0 to act with Ember Lash in hand; P1's Aliens at the given HP."""
    return scenario(aliens=(ATTACKER, DEFENDER), hands=(["Ember Lash"], []), charge=(3, 0), hp=hp)


def test_a_game_is_two_players_with_three_aliens_and_one_deck_each():
    # rule aliens.1.1
    starters = GAME.starter_decks()
    st = GAME.new_game(decks=["wildfire_assault", "frozen_bastion"], seed=3)
    sizes = [starters["wildfire_assault"].size, starters["frozen_bastion"].size]
    view = st.view(0)
    assert len(view["players"]) == 2
    for p, pv in enumerate(view["players"]):
        assert len(pv["aliens"]) == 3
        assert 50 <= sizes[p] <= 60
        assert pv["deck_count"] + pv["hand_count"] + pv["reactor_count"] == sizes[p]


@pytest.mark.parametrize("decks", [["wildfire_assault"], ["wildfire_assault", "frozen_bastion", "mind_storm"]],
                         ids=["one", "three"])
def test_a_game_needs_exactly_two_players(decks):
    # rule aliens.1.1
    with pytest.raises(CardArenaError, match="2 players"):
        GAME.new_game(decks=decks, seed=3)


def test_knocking_out_the_last_enemy_alien_wins():
    # rule aliens.1.2
    st = lash({"Magmora Coreheart": 2, "Sporemother Yth": 0, "Boreas Galewing": 0})
    pick(st, "Play Ember Lash")  # the only live target: no target choice
    assert st.hp[slot(st, "Magmora Coreheart")] == 0
    assert st.result is not None
    assert (st.result.winner, st.result.reason) == (0, "all_aliens_ko")
    assert st.decision is None


def test_knocking_out_one_alien_does_not_end_the_game():
    # rule aliens.1.2
    st = lash({"Magmora Coreheart": 2})
    pick(st, "Play Ember Lash")
    pick(st, "Magmora")
    assert [e["name"] for e in events(st, "ko")] == ["Magmora Coreheart"]
    assert st.result is None
    assert st.decision is not None and st.decision.seat == 1  # play goes on: P1's turn


def test_knocking_out_a_second_alien_does_not_end_the_game():
    # rule aliens.1.2
    st = lash({"Magmora Coreheart": 2, "Boreas Galewing": 0})
    pick(st, "Play Ember Lash")
    pick(st, "Magmora")
    assert len(st.live_slots(1)) == 1
    assert st.result is None
    assert st.decision is not None


def test_failing_to_draw_to_five_loses_by_deck_out():
    # rule aliens.1.3
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Reactor Tap"], ["Ember Lash"] * 3),
                  decks=(["Reactor Tap"] * 10, ["Reactor Tap"]))
    pick(st, "Pass")  # P1's Draw Phase: 3 in hand, needs 2, the deck holds 1
    assert st.result is not None
    assert (st.result.winner, st.result.reason) == (0, "deck_out")
    assert events(st, "deck_out")[0]["player"] == 1


def test_failing_to_mill_on_a_full_hand_loses_by_deck_out():
    # rule aliens.1.3
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Reactor Tap"], ["Ember Lash"] * 5),
                  decks=(["Reactor Tap"] * 10, []))
    pick(st, "Pass")  # P1 holds 5 with an empty deck on turn 4: the mill-on-full cannot be placed
    assert st.result is not None
    assert (st.result.winner, st.result.reason) == (0, "deck_out_mill")


def test_a_deck_that_can_still_fill_the_hand_does_not_lose():
    # rule aliens.1.3
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Reactor Tap"], ["Ember Lash"] * 3),
                  decks=(["Reactor Tap"] * 10, ["Reactor Tap"] * 2))
    pick(st, "Pass")
    assert st.result is None
    assert len(st.hand[1]) == 5 and st.deck[1] == []
