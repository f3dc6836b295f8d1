"""`State.determinizer` (what a search calls once per iteration) gives the states `determinize` is
defined to give: the believed deal, then `resample`, with the same draws in the same order."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardarena
from cardarena.core import belief
from cardarena.core.registry import game_ids


def _reference(st: cardarena.State, seat: int, rng: Any, keep_own: bool, known_lists: bool) -> cardarena.State:
    """`determinize` step by step, as its docstring says, without anything worked out in advance."""
    c = st.clone()
    hidden = st.hidden_from(seat)
    if keep_own:
        hidden = [i for i in hidden if st.owner[i] != seat]
    if hidden:
        defs = list(st.defs)
        if not known_lists:
            belief.deal_from(belief.believed_deals(st, seat, hidden), defs, rng)
        st.resample(defs, hidden, rng)
        c.defs = defs
    if c.decision is not None and c.decision.seat != seat:
        c.reask()
    return c


@pytest.mark.parametrize("game_id", game_ids())
def test_determinizer_gives_the_reference_states_with_the_same_draws(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    pick = random.Random(3)
    compared = 0
    for k in range(6):
        st = game.new_game(seed=k)
        for _ in range(pick.randrange(0, 120)):
            if st.decision is None:
                break
            st.apply(pick.choice(st.decision.options).id)
        if st.decision is None:
            continue
        for seat in range(st.nseats):
            for keep_own in (False, True):
                for known_lists in (False, True):
                    det = st.determinizer(seat, keep_own, known_lists)
                    ours, theirs = random.Random(k), random.Random(k)
                    for _ in range(3):
                        a = det(ours)
                        b = _reference(st, seat, theirs, keep_own, known_lists)
                        assert [id(d) for d in a.defs] == [id(d) for d in b.defs]
                        assert a.to_json() == b.to_json()
                        assert ours.getstate() == theirs.getstate()
                        compared += 1
    assert compared
