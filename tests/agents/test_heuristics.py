"""Position scores: symmetric, in [-1, 1], and blind to the opponent's hidden cards."""

from __future__ import annotations

import random

import pytest

import cardarena
from cardarena.agents.heuristics import ALTERNATIVES, SCORES


def _midgame_states(game_id: str, seed: int, n: int) -> list[tuple[object, int]]:
    """(state, seat to move) after random play, a few times in one game."""
    st = cardarena.load_game(game_id).new_game(seed=seed)
    rng = random.Random(seed)
    out = []
    for step in range(400):
        d = st.decision
        if d is None or st.result is not None:
            break
        if step % 25 == 24:
            out.append((st.clone(), d.seat))
            if len(out) >= n:
                break
        st.apply(rng.choice(d.options).id, seq=d.seq)
    return out


@pytest.mark.parametrize("name", sorted(SCORES) + sorted(ALTERNATIVES))
def test_scores_are_symmetric_bounded_and_blind(name: str) -> None:
    score = SCORES.get(name) or ALTERNATIVES[name]
    game_id = name.split("_")[0]
    seen = 0
    for seed in (1, 2, 3):
        for st, seat in _midgame_states(game_id, seed, 3):
            v = score(st, seat)
            assert -1.0 <= v <= 1.0
            assert v == pytest.approx(-score(st, 1 - seat))
            # the opponent's hand and both decks resampled: the seat cannot tell, nor may its score
            other = st.determinize(seat, random.Random(seed))  # type: ignore[attr-defined]
            assert score(other, seat) == pytest.approx(v)
            seen += 1
    assert seen >= 6, f"too few mid-game states sampled in {game_id}"
