"""Random play for every registered game, checking the engine contract at every decision
(cardarena.sim.fuzz): no exception; the ruleset's invariants (cards in exactly one zone, HP and
counters in bounds...); an option for the seat to act; `seq` increasing; the information-set checks
for every seat (determinize, a differential game for the acting seat and for each seat watching it,
no unseen card name in a view or log); a clone fed
the same choice gives the same log; a JSON save/load resumes identically.

The default suite plays a quick slice (QUICK seeds per game); the long sweep of 1,000 seeds per game
is marked `slow`: `pytest -m slow tests/fuzz` or `cardarena fuzz GAME --games 1000`.
A failure message ends with a one-line command that reproduces it: `cardarena fuzz GAME --seed N`.
"""

from __future__ import annotations

import pytest

from cardarena.core.registry import game_ids, load_game
from cardarena.sim.fuzz import FuzzStats, fuzz_game

GAMES = game_ids()
QUICK = 100
LONG = 1000
CHUNK = 25


def _run(game_id: str, first: int, count: int) -> FuzzStats:
    stats = FuzzStats()
    for seed in range(first, first + count):
        fuzz_game(game_id, seed, stats, deep=True)
    return stats


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("first", range(0, QUICK, CHUNK))
def test_random_play_keeps_every_invariant(game_id: str, first: int) -> None:
    stats = _run(game_id, first, CHUNK)
    assert stats.games == CHUNK
    assert stats.decisions > CHUNK * 10  # real games, not games that end at once


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("first", range(QUICK, LONG, 100))
def test_long_sweep_keeps_every_invariant(game_id: str, first: int) -> None:
    assert _run(game_id, first, 100).games == 100


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_plays_every_card_of_the_pool(game_id: str) -> None:
    # the invariants only (fast): the choices do not depend on the deep checks
    stats = FuzzStats()
    for seed in range(LONG):
        fuzz_game(game_id, seed, stats, deep=False)
    never = [n for n in load_game(game_id).card_names() if stats.played[n] == 0]
    assert never == [], f"cards never played in {LONG} random games: {never}"
    assert len(stats.reasons) >= 2, f"games end in too few ways: {stats.reasons}"
