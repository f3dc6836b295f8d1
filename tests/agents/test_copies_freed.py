"""A search's private copies are freed as soon as it lets go of them, not by the cycle collector.

A decision whose options are built when read holds its state (a reference cycle); searches that
drop a copy without reading its options `release` it (core/engine.py), else every copy waited for
the garbage collector (greedy ran 10-30% slower for it)."""

from __future__ import annotations

import gc

import pytest

import cardarena
from cardarena.agents import make_agent
from cardarena.core.engine import State


@pytest.mark.parametrize("spec", ["greedy", "ismcts:iters=60", "ismcts:iters=60,pw=0.5", "ismcts:iters=60,finish=1"])
@pytest.mark.parametrize("game_id", ["aliens", "circuits", "frontline", "mastery"])
def test_a_search_leaves_no_copy_for_the_collector(game_id: str, spec: str) -> None:
    state = cardarena.load_game(game_id).new_game(seed=4)
    rnd = make_agent("random", seed=2)
    for _ in range(30):  # into the game, where copies have options to leave unread
        d = state.decision
        assert d is not None
        state.apply(rnd.choose(state.view(d.seat), d, state))
    agent = make_agent(spec, seed=1)
    gc.collect()
    gc.disable()
    try:
        searched = 0
        while searched < 3 and state.decision is not None:
            d = state.decision
            if len(d.options) > 1:
                agent.choose(state.view(d.seat), d, state)
                searched += 1
            state.apply(d.options[0].id)
        gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds unreachable is kept in gc.garbage
        gc.collect()
        left = [o for o in gc.garbage if isinstance(o, State)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert searched == 3
    assert left == []
