"""Rule scenarios for rulebook §8: energy, the Reactor Zone and the Reactor Ramp."""

from __future__ import annotations

import json
from typing import Any

import pytest
from aliens_scenario import events, filler_name, has, labels, pass_until, pick, scenario, slot

from cardarena.core.errors import IllegalChoice
from cardarena.games.aliens.state import AliensState

# Squads whose abilities and passives stay out of the way (no ramp, no armor, no heal), and whose
# affinities give Ember Lash (Plasma) and Solar Lance (Solar) no wheel bonus on Zarkon (Ion).
P0 = ["Cindermaw", "Synapse Drone", "Rustbloom Engine"]  # Pyrrhid, Psykari, Ferrax
P1 = ["Boreas Galewing", "Zarkon Arcwing", "Gravok Stonehide"]  # Glacien, Voltari, Lithari
SQUADS = (P0, P1)
FILL = filler_name()


def first(st: AliensState, type_: str, **fields: Any) -> int:
    for i, e in enumerate(st.log):
        if e["type"] == type_ and all(e.get(k) == v for k, v in fields.items()):
            return i
    raise AssertionError(f"no {type_!r} event with {fields} in the log")


def names(st: AliensState, ids: list[int]) -> list[str]:
    return [st.name(i) for i in ids]


def hand_id(st: AliensState, p: int, name: str) -> int:
    return next(i for i in st.hand[p] if st.name(i) == name)


# -- what energy is ------------------------------------------------------------------------------


def test_energy_is_the_cards_in_the_reactor() -> None:
    # rule aliens.8.1
    st = scenario(aliens=SQUADS, hands=(["Ember Lash"], []), reactor=(["Data Purge", "Reactor Tap"], []))
    me = st.view(0)["players"][0]
    assert (me["energy"], me["reactor_count"], me["charge"]) == (2, 2, 0)
    assert has(st, "Play Ember Lash")
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    # the energy spent was a Reactor card: it left the Reactor for the Discard
    assert names(st, st.reactor[0]) == ["Reactor Tap"]
    assert "Data Purge" in names(st, st.discard[0])


def test_no_reactor_cards_and_no_ramp_means_no_energy() -> None:
    # rule aliens.8.1
    st = scenario(aliens=SQUADS, hands=(["Ember Lash"], []), decks=([FILL] * 20, [FILL] * 20))
    assert st.energy(0) == 0
    assert not has(st, "Play Ember Lash")  # a full deck is not a mana pool


def test_reactor_cards_are_face_down_to_the_opponent() -> None:
    # rule aliens.8.1
    st = scenario(aliens=SQUADS, reactor=(["Data Purge"], []))
    theirs = st.view(1)["players"][0]
    assert theirs["reactor_count"] == 1 and "reactor" not in theirs
    assert "Data Purge" not in json.dumps(st.view(1))
    assert "Data Purge" in json.dumps(st.view(0))


# -- the Reactor Ramp ----------------------------------------------------------------------------


def test_ramp_adds_two_at_turn_start_without_a_decision() -> None:
    # rule aliens.8.2
    st = scenario(aliens=SQUADS, hands=([FILL] * 3, []), start="turn_start", turn=3)
    assert st.charge == [2, 0]
    assert [(e["player"], e["amount"]) for e in events(st, "ramp")] == [(0, 2)]
    assert st.history == []  # nobody was asked anything before the Activation Phase
    assert st.decision is not None and st.decision.kind == "action"
    assert first(st, "ramp", player=0) < first(st, "draw", player=0)


def test_ramp_comes_every_turn_and_unspent_ramp_carries_over() -> None:
    # rule aliens.8.2
    # rule aliens.gap.13
    # rule aliens.gap.14
    st = scenario(aliens=SQUADS, hands=([FILL] * 3, []), start="turn_start", turn=3)
    pick(st, "Pass")
    assert st.charge == [2, 2]  # the opponent ramps on their own turn
    pass_until(st, 5)
    assert st.charge == [4, 2]


def test_ramp_touches_neither_deck_nor_hand() -> None:
    # rule aliens.8.3
    st = scenario(aliens=SQUADS, hands=([FILL] * 5, []), start="turn_start", turn=1)  # turn 1: no mill
    hand = list(st.hand[0])
    assert st.charge[0] == 2 and st.energy(0) == 2
    assert len(st.deck[0]) == 20
    assert st.hand[0] == hand and len(hand) == 5
    assert st.reactor[0] == []  # abstract energy: no card behind it
    assert not events(st, "draw") and not events(st, "mill_to_reactor")


def test_ramp_never_causes_a_deck_out() -> None:
    # rule aliens.8.4
    # exactly enough cards to draw to 5: the ramp takes none of them
    st = scenario(aliens=SQUADS, hands=([FILL] * 3, []), decks=([FILL] * 2, [FILL] * 20), start="turn_start", turn=3)
    assert st.result is None
    assert st.charge[0] == 2 and st.deck[0] == [] and len(st.hand[0]) == 5


def test_ramp_never_prevents_a_deck_out() -> None:
    # rule aliens.8.4
    st = scenario(aliens=SQUADS, hands=([FILL] * 3, []), decks=([FILL], [FILL] * 20), charge=(8, 0),
                  start="turn_start", turn=3)
    assert st.result is not None
    assert (st.result.winner, st.result.reason) == (1, "deck_out")
    assert first(st, "ramp", player=0) < first(st, "deck_out", player=0)


def test_empty_deck_mid_turn_does_not_end_the_game() -> None:
    # rule aliens.8.5
    st = scenario(aliens=SQUADS, hands=(["Precognition"], []), decks=([], [FILL] * 20), charge=(5, 0))
    pick(st, "Play Precognition")  # draw 1 from an empty deck: nothing happens
    assert st.result is None
    pick(st, "Decline")
    # the Energy Phase and the opponent's turn pass with player 0's deck empty
    assert st.result is None
    assert st.decision is not None and (st.turn, st.decision.seat) == (4, 1)
    pick(st, "Pass")
    # player 0's next Draw Phase is where the empty deck counts
    assert st.result is not None
    assert (st.result.winner, st.result.reason, st.result.turns) == (1, "deck_out", 5)


def test_opponent_milled_empty_loses_only_at_their_draw_phase() -> None:
    # rule aliens.8.5
    st = scenario(aliens=SQUADS, hands=(["Data Purge"], []), decks=([FILL] * 20, [FILL] * 3), charge=(5, 0))
    pick(st, "Play Data Purge")
    assert st.deck[1] == []
    mill_i = first(st, "mill", player=1)
    assert st.result is not None
    assert (st.result.winner, st.result.reason, st.result.turns) == (0, "deck_out", 4)
    assert mill_i < first(st, "turn_end", turn=3) < first(st, "turn", turn=4) < first(st, "deck_out", player=1)


def test_ramp_prebank_and_mill_share_one_reactor() -> None:
    # rule aliens.8.6
    st = scenario(aliens=SQUADS, start="setup", seed=1)
    second = 1 - st.priority
    assert st.decision is not None and (st.decision.kind, st.decision.seat) == ("prebank", second)
    pick(st, "Bank", "into the Reactor")
    pick(st, "Bank", "into the Reactor")
    banked = list(st.reactor[second])
    assert len(banked) == 2
    pass_until(st, 2)
    assert st.active == second
    # turn 2: pre-bank 2 + ramp 2 (hand was 3: a draw, no mill)
    assert st.reactor[second] == banked and st.charge[second] == 2
    assert st.energy(second) == 4
    pass_until(st, 4)
    # turn 4: the hand is full, so + mill 1, + ramp 2, all in the same Reactor
    assert st.reactor[second][:2] == banked and len(st.reactor[second]) == 3
    assert st.charge[second] == 4
    assert st.energy(second) == 7
    assert st.view(second)["players"][second]["energy"] == 7


# -- paying --------------------------------------------------------------------------------------


def test_paying_sends_reactor_cards_to_the_discard() -> None:
    # rule aliens.8.7
    # rule aliens.gap.15
    st = scenario(aliens=SQUADS, hands=(["Solar Lance"], []), reactor=(["Data Purge", "Reactor Tap", "Orbital Strike"], []))
    pick(st, "Play Solar Lance")
    pick(st, "Zarkon")
    assert names(st, st.reactor[0]) == ["Orbital Strike"]
    assert names(st, st.discard[0]) == ["Data Purge", "Reactor Tap", "Solar Lance"]
    paid = events(st, "energy_paid")
    assert [(e["amount"], e["cards"], e["ramp"]) for e in paid] == [(2, ["Data Purge", "Reactor Tap"], 0)]


def test_paying_uses_reactor_cards_before_ramp_energy() -> None:
    # rule aliens.8.7
    # rule aliens.gap.15
    st = scenario(aliens=SQUADS, hands=(["Solar Lance"], []), reactor=(["Data Purge"], []), charge=(2, 0))
    pick(st, "Play Solar Lance")
    pick(st, "Zarkon")
    assert st.reactor[0] == [] and st.charge[0] == 1
    assert names(st, st.discard[0]) == ["Data Purge", "Solar Lance"]


@pytest.mark.parametrize(("energy", "offered"), [(1, False), (2, True)])
def test_card_costing_more_than_your_energy_is_not_offered(energy: int, offered: bool) -> None:
    # rule aliens.8.8
    st = scenario(aliens=SQUADS, hands=(["Solar Lance", "Ember Lash"], []), charge=(energy, 0))
    assert has(st, "Play Solar Lance") is offered  # cost 2
    assert has(st, "Play Ember Lash")  # cost 1
    assert has(st, "Set Solar Lance")  # setting it costs nothing


def test_unaffordable_card_cannot_be_forced() -> None:
    # rule aliens.8.8
    st = scenario(aliens=SQUADS, hands=(["Solar Lance", "Ember Lash"], []), charge=(1, 0))
    lance = hand_id(st, 0, "Solar Lance")
    with pytest.raises(IllegalChoice):
        st.apply(f"play:{lance}")
    assert lance in st.hand[0] and st.charge[0] == 1


def test_unaffordable_set_card_is_not_offered_from_the_field() -> None:
    # rule aliens.8.8
    st = scenario(aliens=SQUADS, command=(["Solar Lance"], []), set_on=2, charge=(1, 0), hands=([FILL], []))
    assert not has(st, "Solar Lance", "from the field")
    st2 = scenario(aliens=SQUADS, command=(["Solar Lance"], []), set_on=2, charge=(2, 0), hands=([FILL], []))
    assert has(st2, "Solar Lance", "from the field")


def test_cost_is_paid_before_the_card_resolves() -> None:
    # rule aliens.8.9
    st = scenario(aliens=SQUADS, hands=(["Solar Lance"], []), charge=(3, 1), command=([], ["Glacial Wall"]), set_on=2)
    pick(st, "Play Solar Lance")
    pick(st, "Zarkon")
    # the opponent's Counter window: paid already, no damage yet
    assert st.decision is not None and (st.decision.kind, st.decision.seat) == ("respond", 1)
    assert st.energy(0) == 1
    assert st.hp[slot(st, "Zarkon Arcwing")] == 12
    pick(st, "Let it resolve")
    assert st.hp[slot(st, "Zarkon Arcwing")] == 9
    assert first(st, "energy_paid", player=0) < first(st, "damage", source="Solar Lance")


@pytest.mark.parametrize(("card", "target"), [("Solar Lance", "Zarkon"), ("Ignite", "Zarkon")])
def test_energy_stays_paid_when_the_card_is_negated(card: str, target: str) -> None:
    # rule aliens.8.10
    st = scenario(aliens=SQUADS, hands=([card], []), charge=(3, 3), command=([], ["Null Field"]), set_on=2)
    pick(st, "Play", card)
    pick(st, target)
    pick(st, "Answer with Null Field")
    assert [e["card"] for e in events(st, "negated")] == [card]
    assert st.hp[slot(st, "Zarkon Arcwing")] == 12 and st.status[slot(st, "Zarkon Arcwing")] is None
    assert st.energy(0) == 1  # both cost 2: not refunded
    assert card in names(st, st.discard[0])


def test_energy_stays_paid_when_the_attack_is_blocked() -> None:
    # rule aliens.8.10
    st = scenario(aliens=SQUADS, hands=(["Ember Lash"], []), charge=(3, 1), command=([], ["Glacial Wall"]), set_on=2)
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    pick(st, "Answer with Glacial Wall")
    assert st.hp[slot(st, "Zarkon Arcwing")] == 12  # 2 damage, blocked 3
    assert st.energy(0) == 2


def test_a_play_option_shows_what_its_performers_really_pay() -> None:
    # rule aliens.8.7
    # rule aliens.12.8
    # a Fluxed Cindermaw, the only Pyrrhid, pays 2 for Ember Lash (printed 1); Heliox Dynamo, the only
    # Voltari, pays 1 for Thunderclap (printed 2) under its own Photon Battery: the label says so
    opponents = ["Tempestra", "Gravok Stonehide", "Synapse Drone"]
    st = scenario(aliens=(["Cindermaw", "Rustbloom Engine", "Boreas Galewing"], opponents), hands=(["Ember Lash"], []),
                  charge=(5, 0), status={"Cindermaw": "fluxed"})
    assert "Play Ember Lash (cost 2, printed 1)" in labels(st), labels(st)
    pick(st, "Play Ember Lash")
    pick(st, "Tempestra")
    assert [e["cost"] for e in events(st, "activate")] == [2]
    st = scenario(aliens=(["Heliox Dynamo", "Rustbloom Engine", "Boreas Galewing"], opponents),
                  hands=(["Thunderclap"], []), charge=(1, 0))
    assert "Play Thunderclap (cost 1, printed 2)" in labels(st), labels(st)
    st = scenario(aliens=(["Cindermaw", "Rustbloom Engine", "Boreas Galewing"], opponents), hands=(["Ember Lash"], []),
                  charge=(5, 0))
    assert "Play Ember Lash (cost 1)" in labels(st), labels(st)  # no modifier applies: the printed cost alone
