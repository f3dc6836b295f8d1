"""The game-agnostic automatons play `aliens` through the core contract only."""

import cardarena
from cardarena.agents import make_agent
from cardarena.core.match import play


def _game(p1: str, p2: str, seed: int) -> cardarena.State:
    state = cardarena.load_game("aliens").new_game(seed=seed)
    play(state, [make_agent(p1, seed=1), make_agent(p2, seed=2)])
    return state


def test_ismcts_plays_whole_games_legally_and_deterministically() -> None:
    a = _game("ismcts:iters=20,depth=10", "random", seed=8)
    b = _game("ismcts:iters=20,depth=10", "random", seed=8)
    assert a.result is not None and a.result.reason != "forfeit"
    assert a.history == b.history and a.result == b.result


def test_random_agents_finish_games() -> None:
    for seed in range(5):
        s = _game("random", "random", seed)
        assert s.result is not None and s.result.reason in {
            "all_aliens_ko", "deck_out", "deck_out_mill", "safety_cap", "simultaneous_ko"}
