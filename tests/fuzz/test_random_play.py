"""Random play over 1,000 seeded games per game, checking the engine contract at every decision:
no exception; every card in exactly one zone, none created or lost; HP and counters in bounds; the
seat to act has an option; determinize leaves the acting seat's view unchanged; a clone fed the same
choice gives the same log; a JSON save/load resumes identically (cardarena.sim.fuzz).

A failure message ends with a one-line command that reproduces it: `cardarena fuzz GAME --seed N`.
"""

from __future__ import annotations

import pytest

from cardarena.core.registry import load_game
from cardarena.sim.fuzz import FuzzStats, fuzz_game

GAMES = ["aliens", "circuits", "mastery"]
SEEDS = 1000
CHUNK = 50


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("first", range(0, SEEDS, CHUNK))
def test_random_play_keeps_every_invariant(game_id: str, first: int) -> None:
    stats = FuzzStats()
    for seed in range(first, first + CHUNK):
        fuzz_game(game_id, seed, stats, deep=True)
    assert stats.games == CHUNK
    assert stats.decisions > CHUNK * 10  # real games, not games that end at once


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_plays_every_card_of_the_pool(game_id: str) -> None:
    # the same 1,000 games as above (the choices do not depend on the deep checks)
    stats = FuzzStats()
    for seed in range(SEEDS):
        fuzz_game(game_id, seed, stats, deep=False)
    never = [n for n in load_game(game_id).card_names() if stats.played[n] == 0]
    assert never == [], f"cards never played in {SEEDS} random games: {never}"
    assert len(stats.reasons) >= 2, f"games end in too few ways: {stats.reasons}"
