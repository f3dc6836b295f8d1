"""The deck prior of `determinize` (core/belief.py): another seat's hidden cards are dealt from the
starter that best explains what the seat has seen, never from the real list."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import cardarena
from cardarena.core import belief
from cardarena.core.registry import game_ids


def _theirs(st: cardarena.State, o: int) -> Counter[str]:
    return Counter(d.id for i, d in enumerate(st.defs) if st.owner[i] == o)


def _seen(st: cardarena.State, seat: int, o: int) -> Counter[str]:
    return Counter(st.defs[i].id for i in range(len(st.defs)) if st.owner[i] == o and st.knows(seat, i))


@pytest.mark.parametrize("game_id", game_ids())
def test_the_other_seat_is_believed_to_hold_a_starter_that_holds_what_was_seen(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    starters = sorted(n for n, d in game.starter_decks().items() if d.format in (None, game.default_format))
    rng = random.Random(5)
    identified = ambiguous = believed_apart = 0
    for k in range(4):
        st = game.new_game(decks=[starters[k % len(starters)], starters[(k + 1) % len(starters)]], seed=k)
        cands = belief.candidates(st, 1)
        real = _theirs(st, 1)
        for n in range(400):
            if st.decision is None:
                break
            if n % 25 == 0:
                seen = _seen(st, 0, 1)
                holding = [c for c in cands if not seen - c.ids]
                assert holding  # seat 1 brought a starter: at least that one holds every card seen
                down = set(getattr(st, "kind_of", ()))  # a circuits face-down Plan may come from the pool
                lists = set()
                for j in range(12):
                    det = st.determinize(0, random.Random(j))
                    dealt = Counter(d.id for i, d in enumerate(det.defs) if st.owner[i] == 1 and i not in down)
                    # the cards of a starter that holds what was seen (as many as seat 1 has: a starter
                    # of another size is cut or copied from)
                    assert any(set(dealt) <= set(c.ids) for c in holding)
                    if all(c.ids.total() == real.total() for c in holding) and not down:
                        assert dealt in [c.ids for c in holding]
                    assert _seen(det, 0, 1) == seen
                    lists.add(frozenset(dealt.items()))
                if len({frozenset(c.ids.items()) for c in holding}) > 1:  # seat 0 cannot tell which
                    ambiguous += 1
                    believed_apart += len(lists) > 1  # and believes now one, now another
                if len(holding) == 1:  # what was seen tells the starters apart: the real list
                    assert holding[0].ids == real
                    identified += 1
            d = st.decision
            st.apply(d.options[rng.randrange(len(d.options))].id)
    assert identified > 0
    assert believed_apart == ambiguous  # never the real list alone while the seen cards fit others


@pytest.mark.parametrize("game_id", game_ids())
def test_a_deck_unlike_any_starter_is_believed_closest_to_one(game_id: str) -> None:
    """A random legal deck is no starter: the hidden cards still come only from starters' cards, and
    the other seat's counts are kept (its deck, hand and face-down cards as many as before)."""
    game = cardarena.load_game(game_id)
    rng = random.Random(11)
    st = game.new_game(decks=game.random_decks(rng, 2), seed=3)
    starters_cards = {d.id for c in belief.candidates(st, 1) for v in c.parts.values() for d in v}
    for n in range(150):
        if st.decision is None:
            break
        if n % 30 == 0:
            det = st.determinize(0, random.Random(n))
            for i in st.hidden_from(0):
                if st.owner[i] == 1:
                    assert det.defs[i].id in starters_cards or getattr(st, "kind_of", {}).get(i)
            assert det.view(0) == st.view(0)
        d = st.decision
        st.apply(d.options[rng.randrange(len(d.options))].id)


def test_a_limited_opponent_is_believed_from_stand_in_sealed_decks_not_duel_starters() -> None:
    """circuits Limited has no starters: the prior is the automatic decks of eight Sealed pools (public,
    fixed seeds), which hold Limited cards, not the Duel starters a Limited deck never is."""
    game = cardarena.load_game("circuits")
    st = game.new_game(seed=4, fmt="limited")  # both seats play stand-in decks of the game seed
    cands = belief.candidates(st, 1)
    assert len(cands) == belief.STAND_INS and all(c.name.startswith("stand-in") for c in cands)
    assert not {c.name for c in cands} & set(game.starter_decks())
    rng = random.Random(2)
    for n in range(120):
        if st.decision is None:
            break
        if n % 30 == 0:
            det = st.determinize(0, random.Random(n))
            assert det.view(0) == st.view(0)
        st.apply(st.decision.options[rng.randrange(len(st.decision.options))].id)
