"""The circuits Limited sweep: the quick slice of test_random_play.py deals Limited decks (Sealed decks of
random pools) in about one game of twelve (`CircuitsRuleset.random_decks`); this slow sweep plays 1,000
Limited games with every check of `cardarena.sim.fuzz` (deep, secrecy on):
`pytest -m slow tests/fuzz -k limited`."""

from __future__ import annotations

import random
from functools import cache

import pytest

from cardarena.core.registry import load_game
from cardarena.sim.fuzz import FuzzStats, fuzz_game

GAME = load_game("circuits")
SWEEP = 1000
CHUNK = 100


@cache
def limited_seeds(count: int) -> tuple[int, ...]:
    """The first `count` seeds whose random decks are Limited decks, for both seats (the fuzzer deals
    them the same way: `random_decks(random.Random(seed), 2)`)."""
    out: list[int] = []
    seed = 0
    while len(out) < count:
        if all(d.format == "limited" for d in GAME.random_decks(random.Random(seed), 2)):
            out.append(seed)
        seed += 1
    return tuple(out)


def sweep(first: int, count: int) -> FuzzStats:
    stats = FuzzStats()
    for seed in limited_seeds(SWEEP)[first:first + count]:
        state = fuzz_game("circuits", seed, stats, deep=True, secrecy=True)
        assert state.config["format"] == "limited"
    return stats


def test_the_quick_slice_holds_limited_games():
    assert sum(s < 100 for s in limited_seeds(10)) >= 3


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, SWEEP, CHUNK))
def test_limited_long_sweep_keeps_every_invariant(first: int) -> None:
    stats = sweep(first, CHUNK)
    assert stats.games == CHUNK
    assert stats.decisions > CHUNK * 10  # real games, not games that end at once
