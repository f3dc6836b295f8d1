"""Rule scenarios for aliens §6, setup: coin flip for priority, reveal the Aliens, shuffle, draw 5, and the
second player's pre-bank of up to 2 cards before turn 1."""

from __future__ import annotations

import pytest
from aliens_scenario import events, scenario

import cardarena
from cardarena.core.errors import IllegalChoice

GAME = cardarena.load_game("aliens")
DECKS = ["wildfire_assault", "frozen_bastion"]
SQUADS = [GAME.starter_decks()[k].leaders["aliens"] for k in DECKS]
SIZES = [GAME.starter_decks()[k].size for k in DECKS]
SEEDS = range(8)


def new(seed: int) -> cardarena.State:
    return GAME.new_game(decks=DECKS, seed=seed)


def types(st) -> list[str]:
    return [e["type"] for e in st.log]


def bank_ids(st) -> list[str]:
    return [i for i in st.decision.ids if i.startswith("bank:")]


def seed_with_priority(p: int) -> int:
    return next(s for s in SEEDS if new(s).priority == p)


def test_a_coin_flip_gives_priority():
    # rule aliens.6.1
    winners = set()
    for seed in SEEDS:
        st = new(seed)
        coin = st.log[0]
        assert coin["type"] == "coin" and coin["purpose"] == "priority"
        assert coin["winner"] == (0 if coin["result"] == "heads" else 1) == st.priority
        winners.add(st.priority)
        assert new(seed).priority == st.priority  # the same seed flips the same way
    assert winners == {0, 1}  # either player may win the flip


def test_the_priority_player_takes_turn_one():
    # rule aliens.6.1
    # rule aliens.gap.17
    for p in (0, 1):
        st = new(seed_with_priority(p))
        st.apply("done")  # the second player banks nothing
        [turn] = events(st, "turn")
        assert (turn["turn"], turn["player"]) == (1, p)
        assert st.decision.seat == p and st.decision.kind == "action"


def test_aliens_are_revealed_before_any_card_is_drawn():
    # rule aliens.6.2
    st = new(2)
    t = types(st)
    reveals = events(st, "reveal")
    assert [(e["player"], e["aliens"]) for e in reveals] == [(0, SQUADS[0]), (1, SQUADS[1])]
    assert max(i for i, x in enumerate(t) if x == "reveal") < t.index("draw")


def test_every_player_sees_all_six_aliens_from_the_first_decision():
    # rule aliens.6.2
    st = new(2)
    assert st.decision is not None and st.decision.kind == "prebank"
    for seat in (0, 1):
        view = st.view(seat)
        shown = [[a["name"] for a in view["players"][p]["aliens"]] for p in (0, 1)]
        assert shown == SQUADS
        assert all(a["affinity"] and a["hp"] == a["max_hp"] for p in (0, 1) for a in view["players"][p]["aliens"])


def test_both_decks_are_shuffled_before_the_opening_draw():
    # rule aliens.6.3
    st = new(2)
    t = types(st)
    shuffles = events(st, "shuffle")
    assert [(e["player"], e["reason"]) for e in shuffles] == [(0, "setup"), (1, "setup")]
    assert max(i for i, x in enumerate(t) if x == "shuffle") < t.index("draw")


def test_the_opening_hand_depends_on_the_shuffle():
    # rule aliens.6.3
    hands = set()
    for seed in SEEDS:
        st = new(seed)
        hand = tuple(st.defs[i].name for i in st.hand[0])
        assert tuple(st.defs[i].name for i in new(seed).hand[0]) == hand  # reproducible from the seed
        hands.add(hand)
    assert len(hands) > 1


def test_the_setup_shuffle_reorders_the_deck():
    # rule aliens.6.3
    # cards are dealt instance ids in deck order; the set-up shuffle then mixes that order
    st = scenario(aliens=(SQUADS[0], SQUADS[1]), decks=(["Reactor Tap"] * 30, ["Reactor Tap"] * 30),
                  start="setup", seed=5)
    for p in (0, 1):
        before_draw = [*st.deck[p], *reversed(st.hand[p])]  # the hand was drawn from the top (the end)
        assert before_draw != sorted(before_draw)


def test_each_player_draws_an_opening_hand_of_five():
    # rule aliens.6.4
    st = new(2)
    draws = events(st, "draw")
    assert [(e["player"], e["count"], e["reason"]) for e in draws] == [(0, 5, "opening hand"), (1, 5, "opening hand")]
    for p in (0, 1):
        pv = st.view(p)["players"][p]
        assert pv["hand_count"] == 5 and len(pv["hand"]) == 5
        assert pv["deck_count"] == SIZES[p] - 5


def test_setup_runs_priority_reveal_shuffle_draw_prebank_then_turn_one():
    # rule aliens.6.5
    st = new(2)
    assert types(st) == ["coin", "reveal", "reveal", "shuffle", "shuffle", "draw", "draw"]
    assert st.decision.kind == "prebank" and "turn" not in types(st)  # pre-bank before turn 1
    st.apply(bank_ids(st)[0])
    st.apply("done")
    t = types(st)
    assert t[7:10] == ["bank", "prebank_done", "turn"]
    assert events(st, "turn")[0]["turn"] == 1


def test_the_second_player_may_bank_nothing():
    # rule aliens.6.6
    st = new(2)
    second = 1 - st.priority
    assert (st.decision.seat, st.decision.kind) == (second, "prebank")
    st.apply("done")
    assert st.reactor[second] == [] and len(st.hand[second]) == 5
    assert events(st, "prebank_done")[0]["banked"] == 0


def test_the_second_player_may_bank_one_card():
    # rule aliens.6.6
    st = new(2)
    second = 1 - st.priority
    first_id = bank_ids(st)[0]
    card = next(i for i in st.hand[second] if st.defs[i].id == first_id.split(":")[1])
    st.apply(first_id)
    assert (st.decision.seat, st.decision.kind) == (second, "prebank")  # may bank one more, or stop
    st.apply("done")
    assert st.reactor[second] == [card] and len(st.hand[second]) == 4
    assert card not in st.hand[second]
    [seen] = [e for e in st.visible_log(st.priority) if e["type"] == "bank"]
    assert seen["player"] == second and seen.get("card") is None  # face-down for the opponent


def test_the_second_player_may_bank_two_cards():
    # rule aliens.6.6
    st = new(0)  # here player 2 (seat 0) is the second player
    second = 1 - st.priority
    assert second == 0 and st.decision.seat == 0
    st.apply(bank_ids(st)[0])
    st.apply(bank_ids(st)[0])
    assert len(st.reactor[second]) == 2 and len(st.hand[second]) == 3
    assert st.view(st.priority)["players"][second]["reactor_count"] == 2


def test_a_third_pre_bank_card_is_refused():
    # rule aliens.6.7
    st = new(2)
    second = 1 - st.priority
    st.apply(bank_ids(st)[0])
    st.apply(bank_ids(st)[0])
    # no third pre-bank is offered: turn 1 has begun for the first player
    assert st.decision.kind == "action" and st.decision.seat == st.priority
    assert events(st, "turn")[0]["turn"] == 1
    with pytest.raises(IllegalChoice):
        st.apply(f"bank:{st.defs[st.hand[second][0]].id}")
    assert len(st.reactor[second]) == 2 and len(st.hand[second]) == 3


def test_the_first_player_gets_no_pre_bank():
    # rule aliens.6.8
    for p in (0, 1):
        st = new(seed_with_priority(p))
        asked = [st.decision.seat]
        st.apply("done")
        assert asked == [1 - p]  # only the second player was asked
        assert st.decision.kind == "action" and st.decision.seat == p
        assert st.reactor[p] == [] and len(st.hand[p]) == 5
        assert not [e for e in events(st, "bank") if e["player"] == p]
