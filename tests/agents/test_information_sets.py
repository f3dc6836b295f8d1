"""An automaton decides from its seat's information set and its seed, nothing else: given two states
that its seat cannot tell apart (every card hidden from it dealt anew by `determinize`), a built-in
automaton with the same seed makes the same move. Before determinizations shuffled their cards in a
canonical order (`core.engine.canonical`), a search's move with a fixed seed depended on where the
hidden cards really lay (docs/architecture.md, "Hidden information")."""

from __future__ import annotations

import random

import pytest

import cardarena
from cardarena.agents import make_agent
from cardarena.core.registry import game_ids

SPECS = ["greedy", "ismcts:iters=30"]


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("spec", SPECS)
def test_an_automaton_moves_the_same_in_states_its_seat_cannot_tell_apart(game_id: str, spec: str) -> None:
    game = cardarena.load_game(game_id)
    checked = 0
    for seed in range(2):
        rng = random.Random(seed)
        st = game.new_game(decks=game.random_decks(rng, game.info.min_seats), seed=seed)
        n = 0
        while st.decision is not None and checked < 8 * (seed + 1):
            d = st.decision
            if n % 13 == 4 and len(d.options) > 1:
                s = d.seat
                other = st.determinize(s, random.Random(n))
                assert other.view(s) == st.view(s)
                assert any(x is not y for x, y in zip(st.defs, other.defs, strict=True))  # really another deal
                here = make_agent(spec, seed=7).choose(st.view(s), d, st)
                there = make_agent(spec, seed=7).choose(other.view(s), other.decision, other)
                assert here == there, f"{game_id} decision {n}: {spec} chose {here!r} here and {there!r} there"
                checked += 1
            st.apply(d.options[rng.randrange(len(d.options))].id)
            n += 1
    assert checked >= 8
