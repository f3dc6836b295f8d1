"""RandomAgent: legal, uniform, reproducible from its own seed."""

from __future__ import annotations

import random
from collections import Counter

from toygame import GAME

from cardarena.agents import RandomAgent
from cardarena.core.engine import Decision, Option


def _play(agents: list[RandomAgent], seed: int) -> list[str]:
    s = GAME.new_game(seed=seed)
    while s.decision is not None:
        d = s.decision
        choice = agents[d.seat].choose(s.view(d.seat), d)
        assert choice in d.ids
        s.apply(choice)
    assert s.result is not None
    return s.history


def test_only_legal_ids_over_many_games() -> None:
    for g in range(30):
        _play([RandomAgent(seed=g), RandomAgent(seed=100 + g)], g)


def test_same_seed_same_choices_and_global_random_untouched() -> None:
    random.seed(1)
    first = _play([RandomAgent(seed=5), RandomAgent(seed=6)], 3)
    random.seed(2)  # the module-level RNG must not matter
    second = _play([RandomAgent(seed=5), RandomAgent(seed=6)], 3)
    assert first == second
    assert _play([RandomAgent(seed=7), RandomAgent(seed=8)], 3) != first


def test_reset_reseeds() -> None:
    a, b = RandomAgent(seed=5), RandomAgent(seed=6)
    first = _play([a, b], 3)
    a.reset()
    b.reset(6)
    assert _play([a, b], 3) == first


def test_uniform_over_options() -> None:
    d = Decision(0, "pick", "Pick", [Option(f"o{i}", f"O{i}") for i in range(4)])
    agent = RandomAgent(seed=0)
    counts = Counter(agent.choose({}, d) for _ in range(4000))
    assert set(counts) == {"o0", "o1", "o2", "o3"}
    assert all(800 < n < 1200 for n in counts.values())
