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


def test_pettingzoo_state_is_its_method_and_the_game_is_game_state() -> None:
    """`env.state` was the engine's State (None before `reset`), which hid PettingZoo's global `state()`:
    `env.state()` failed with "'NoneType' object is not callable". The env has no global state (no
    `state_space`), so `state()` raises PettingZoo's own NotImplementedError, and the game is
    `env.game_state` in both environments (docs/rl.md)."""
    env = aec_env("mastery")
    assert "state_space" not in dir(env) and env.game_state is None
    with pytest.raises(NotImplementedError, match=r"state\(\) method has not been implemented .*cardarena_mastery_v0"):
        env.state()
    env.reset(seed=1)
    with pytest.raises(NotImplementedError, match=r"state\(\) method has not been implemented"):
        env.state()
    assert env.game_state.decision.seat == env.possible_agents.index(env.agent_selection)
    g = gym_env("mastery")
    g.reset(seed=1)
    assert g.game_state.decision.seat == 0 and not hasattr(g, "state")


def test_every_game_is_covered() -> None:
    assert {"aliens", "circuits", "mastery", "frontline"} <= set(GAMES)


@pytest.mark.parametrize("game", ["aliens", "frontline"])
def test_aec_rewards_are_the_result(game: str) -> None:
    import numpy as np

    env = aec_env(game)
    rng = np.random.default_rng(1)
    for seed in range(3):
        env.reset(seed=seed)
        total = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter(max_iter=20_000):
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                total[agent] = env._cumulative_rewards[agent]
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        winners = env.game_state.result.winners
        assert winners, "random games of these games end with a winner"
        for seat, agent in enumerate(env.possible_agents):
            assert total[agent] == (1.0 if seat in winners else -1.0)
        assert not env.agents  # every agent was stepped out after the end


def test_gymnasium_make_builds_every_game() -> None:
    import gymnasium

    for game in GAMES:
        env = gymnasium.make(f"cardarena/{game}-v0", opponent="random", seat=1, render_mode="ansi")
        obs, _ = env.reset(seed=0)
        assert obs["action_mask"].sum() >= 1
        assert isinstance(env.render(), str)
        env.close()


def test_a_seat_count_the_game_does_not_have_is_refused() -> None:
    from cardarena.envs import aec_env

    for n in (1, 3):
        with pytest.raises(ValueError, match=f"aliens is played by 2 seats, not {n}"):
            aec_env("aliens", seats=n)
    with pytest.raises(ValueError, match="one deck per seat"):
        aec_env("aliens", decks=["mind_storm"])


@pytest.mark.parametrize("fmt", ["squad", "limited"])
def test_circuits_formats_without_decks_pass_the_pettingzoo_checks(fmt: str) -> None:
    # Limited has no starters: a seat plays the stand-in Sealed deck of the game seed, as in `match`
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env("circuits", fmt=fmt), num_cycles=40)
    seed_test(lambda: aec_env("circuits", fmt=fmt), num_cycles=40)
    env = aec_env("circuits", fmt=fmt)
    env.reset(seed=2)
    assert env.game_state.config["format"] == fmt


@pytest.mark.parametrize("call", ["step", "observe", "last", "agent_iter"])
def test_a_call_before_reset_says_to_reset_first(call: str) -> None:
    env = aec_env("frontline")
    act = {"step": lambda: env.step(0), "observe": lambda: env.observe("player_0"), "last": env.last,
           "agent_iter": env.agent_iter}[call]
    with pytest.raises(RuntimeError, match=rf"{call}\(\) before reset\(\): call reset\(\) first"):
        act()


def test_observing_an_agent_that_is_not_at_the_table_names_the_agents() -> None:
    env = aec_env("mastery")
    env.reset(seed=0)
    with pytest.raises(KeyError, match="'player_2' is not an agent of this env; its agents: player_0, player_1"):
        env.observe("player_2")


def test_a_format_the_game_does_not_have_is_refused_when_the_env_is_built() -> None:
    # was accepted, then failed at reset with a DeckError naming a starter deck
    for make in (lambda: aec_env("frontline", fmt="squad"), lambda: gym_env("frontline", fmt="squad")):
        with pytest.raises(ValueError, match="frontline has no format 'squad'; formats: standard"):
            make()


@pytest.mark.parametrize("bad", [0, -5, "100", 2.5, None, True])
def test_max_steps_must_be_a_whole_number_of_at_least_one(bad: object) -> None:
    # was taken as given: 0 or -5 truncated every game at once, "100" or None failed inside reset
    for make in (aec_env, gym_env):
        with pytest.raises(ValueError, match=rf"max_steps must be a whole number of at least 1, not {bad!r}"):
            make("aliens", max_steps=bad)


def test_rules_and_decks_are_checked_when_the_env_is_built() -> None:
    # were accepted, then refused by the first reset, far from the line that made the env
    from cardarena.core.errors import DeckError

    for make in (aec_env, gym_env):
        with pytest.raises(ValueError, match="unknown rule 'nonsense' for aliens; known rules: "):
            make("aliens", rules={"nonsense": 1})
    with pytest.raises(DeckError, match=r"no_such_deck\.toml: deck is not legal"):
        aec_env("aliens", decks=["mind_storm", "no_such_deck.toml"])
