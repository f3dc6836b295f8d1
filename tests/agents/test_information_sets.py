"""An automaton decides from its seat's information set and its seed, nothing else: given two states
that its seat cannot tell apart (every card hidden from it dealt anew by `determinize`), a built-in
automaton with the same seed makes the same move. Before determinizations shuffled their cards in a
canonical order (`core.engine.canonical`), a search's move with a fixed seed depended on where the
hidden cards really lay (docs/architecture.md, "Hidden information")."""

from __future__ import annotations

import dataclasses
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


def _variant(game: cardarena.Ruleset, deck: cardarena.Deck) -> cardarena.Deck:
    """`deck` with one copy of a card traded for a card of another starter: a legal deck that differs
    from `deck` only in which cards it holds (same leaders, same size)."""
    others = sorted({n for d in game.starter_decks().values() if d.format == deck.format for n in d.cards}
                    - set(deck.cards))
    for out in sorted(deck.cards):
        for new in others:
            cards = dict(deck.cards)
            cards[out] -= 1
            if not cards[out]:
                del cards[out]
            cards[new] = 1
            trial = dataclasses.replace(deck, name=deck.name + " (variant)", cards=cards)
            if not game.check_deck(trial):
                return trial
    raise AssertionError(f"no legal variant of {deck.name}")


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("spec", SPECS)
def test_an_automaton_does_not_know_which_cards_the_other_seat_brought(game_id: str, spec: str) -> None:
    """Two games alike but for one card of seat 1's deck list: until seat 0 is shown a difference, a
    built-in automaton with the same seed makes the same moves for seat 0 in both (its determinizations
    deal seat 1's hidden cards from a believed list, core/belief.py, never from the real one)."""
    game = cardarena.load_game(game_id)
    starters = sorted(n for n, d in game.starter_decks().items() if d.format in (None, game.default_format))
    checked = 0
    for k in range(3):
        mine, theirs = (game.starter_decks()[starters[(k + j) % len(starters)]] for j in (0, 1))
        a = game.new_game(decks=[mine, theirs], seed=k)
        b = game.new_game(decks=[mine, _variant(game, theirs)], seed=k)
        rng = random.Random(k)
        while a.decision is not None and b.decision is not None and a.view(0) == b.view(0):
            d = a.decision
            if d.seat == 0 and len(d.options) > 1:
                here = make_agent(spec, seed=7).choose(a.view(0), d, a)
                there = make_agent(spec, seed=7).choose(b.view(0), b.decision, b)
                assert here == there, f"{game_id} game {k}, decision {d.seq}: {here!r} in one game, {there!r} in the other"
                checked += 1
            choice = d.options[rng.randrange(len(d.options))].id
            if choice not in {o.id for o in b.decision.options}:
                break
            a.apply(choice)
            b.apply(choice)
    assert checked >= 3
