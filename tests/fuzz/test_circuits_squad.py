"""The circuits Squad sweep: the quick slice of test_random_play.py already deals Squad decks in about
one game of six (`CircuitsRuleset.random_decks`); this slow sweep plays 1,000 Squad games with every
check of `cardarena.sim.fuzz` (deep, secrecy on): `pytest -m slow tests/fuzz -k circuits`."""

from __future__ import annotations

import random

import pytest

from cardarena.core.registry import load_game
from cardarena.sim.fuzz import FuzzStats, fuzz_game

GAME = load_game("circuits")


def squad_seeds(count: int) -> list[int]:
    """The first `count` seeds whose random decks are Squad decks (the fuzzer deals them the same way)."""
    out: list[int] = []
    seed = 0
    while len(out) < count:
        if GAME.random_decks(random.Random(seed), 2)[0].format == "squad":
            out.append(seed)
        seed += 1
    return out


SEEDS = squad_seeds(1000)


def test_the_quick_slice_holds_squad_games():
    assert sum(s < 100 for s in SEEDS) >= 10


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, 1000, 100))
def test_squad_long_sweep_keeps_every_invariant(first: int) -> None:
    stats = FuzzStats()
    for seed in SEEDS[first:first + 100]:
        state = fuzz_game("circuits", seed, stats, deep=True)
        assert state.config["format"] == "squad"
    assert stats.games == 100
    assert stats.reasons["two_heroes_knocked_out"] > 0
