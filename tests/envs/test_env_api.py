"""The standard checkers of PettingZoo and Gymnasium pass for every registered game (docs/rl.md)."""

from __future__ import annotations

import warnings

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cardarena import game_ids
from cardarena.envs import aec_env, gym_env

GAMES = game_ids()


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Dict observations are the masked-AEC convention
        api_test(aec_env(game), num_cycles=40)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed(game: str) -> None:
    seed_test(lambda: aec_env(game), num_cycles=40)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gym_env(game, opponent="random"), skip_render_check=False)


def test_every_game_is_covered() -> None:
    assert {"aliens", "circuits", "mastery", "frontline"} <= set(GAMES)
