"""Every integer rule parameter of every game has a range (`Ruleset.rule_ranges`), and a game set to
either end of it plays to a result with its invariants intact: the range promises a playable game."""

from __future__ import annotations

import random

import pytest

import cardarena
from cardarena.core.registry import game_ids


@pytest.mark.parametrize("game_id", game_ids())
def test_every_integer_rule_has_a_range_whose_ends_play(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    ints = {k for k, v in game.rule_defaults.items() if isinstance(v, int) and not isinstance(v, bool)}
    assert ints == set(game.rule_ranges), "every integer rule parameter needs an allowed range"
    for name, (lo, hi) in game.rule_ranges.items():
        assert lo <= game.rule_defaults[name] <= hi
        for value in (lo, hi):
            rng = random.Random(value)
            st = game.new_game(seed=value, rules={name: value})
            while st.decision is not None:
                st.apply(rng.choice(st.decision.options).id)
            assert st.result is not None
            assert game.check_invariants(st) == [], (name, value)
        for bad in (lo - 1, hi + 1):
            with pytest.raises(ValueError, match=f"between {lo} and {hi}"):
                game.check_rules({name: bad})
