"""The single-seat Gymnasium env: the opponent plays inside step, rewards at the end, seeding, text."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from gymnasium.error import ResetNeeded

from cardarena.envs import aec_env, gym_env


def _play(env, seed: int, rng_seed: int = 0) -> tuple[list[np.ndarray], float, dict]:
    rng = np.random.default_rng(rng_seed)
    obs, _ = env.reset(seed=seed)
    seen = [obs["observation"]]
    total = 0.0
    for _ in range(5000):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, term, trunc, info = env.step(action)
        total += reward
        seen.append(obs["observation"])
        if term or trunc:
            return seen, total, info
    raise AssertionError("no end in 5000 steps")


@pytest.mark.parametrize("seat", [0, 1])
def test_outcome_rewards_and_the_learner_always_has_the_decision(seat: int) -> None:
    env = gym_env("aliens", opponent="random", seat=seat)
    totals = []
    for g in range(6):
        obs, _ = env.reset(seed=g)
        assert env.game_state.decision.seat == seat and obs["action_mask"].sum() >= 1
        _, total, info = _play(env, seed=g, rng_seed=g)
        winners = info["result"]["winners"]
        assert total == (0.0 if not winners else (1.0 if seat in winners else -1.0))
        totals.append(total)
    assert set(totals) <= {-1.0, 0.0, 1.0}


def test_reset_with_a_seed_replays_the_same_game() -> None:
    a, ta, _ = _play(gym_env("circuits"), seed=9)
    b, tb, _ = _play(gym_env("circuits"), seed=9)
    assert ta == tb and len(a) == len(b)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    c, _, _ = _play(gym_env("circuits"), seed=10)
    assert len(c) != len(a) or any(not np.array_equal(x, y) for x, y in zip(a, c, strict=False))


def test_shaped_reward_is_off_by_default_and_sums_to_outcome_minus_start() -> None:
    env = gym_env("aliens", shaped=True)
    env.reset(seed=3)
    start = env.ruleset.evaluate(env.game_state, 0)
    _, total, info = _play(env, seed=3)
    winners = info["result"]["winners"]
    outcome = 0.0 if not winners else (1.0 if 0 in winners else -1.0)
    assert total == pytest.approx(outcome - start)
    plain = gym_env("aliens")
    _, t2, _ = _play(plain, seed=3)
    assert t2 == outcome


def test_an_illegal_action_ends_the_episode_as_a_loss() -> None:
    env = gym_env("mastery")
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, term, _, info = env.step(bad)
    assert reward == -1.0 and term and info["illegal"]
    assert info["result"] == {"winners": [1], "reason": "forfeit"}  # like any end of an episode
    assert env.game_state.result is not None and env.game_state.result.winners == (1,)  # a forfeit: the game is over
    with pytest.raises(ResetNeeded, match=r"after the episode ended \(terminated or truncated\): call reset\(\)"):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_a_step_before_reset_or_after_a_truncation_needs_a_reset() -> None:
    env = gym_env("circuits", max_steps=3)
    with pytest.raises(ResetNeeded, match=r"step\(\) before reset\(\)"):
        env.step(0)
    with pytest.raises(ResetNeeded, match=r"action_masks\(\) before reset\(\)"):
        env.action_masks()
    obs, _ = env.reset(seed=0)
    for _ in range(3):
        obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert trunc and not term
    seq = env.game_state.decision.seq
    with pytest.raises(ResetNeeded, match="terminated or truncated"):  # the game does not run on past max_steps
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.game_state.decision.seq == seq
    obs, _ = env.reset(seed=0)
    assert obs["action_mask"].any()


def test_decks_are_given_per_seat() -> None:
    starters = sorted(gym_env("aliens").ruleset.starter_decks())
    env = gym_env("aliens", seat=1, deck=starters[0], opponent_deck=starters[1])
    assert env._decks(0) == [starters[1], starters[0]]


def test_ansi_rendering_is_text_of_the_learners_view() -> None:
    env = gym_env("frontline", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text
    aec = aec_env("frontline", render_mode="ansi")
    aec.reset(seed=0)
    assert isinstance(aec.render(), str)
    with pytest.raises(ValueError):
        gym_env("frontline", render_mode="human")


ROOT = Path(__file__).resolve().parents[2]
BOTS = ROOT / "examples" / "bots"


def test_an_external_bot_opponent_is_started_plays_and_is_ended() -> None:
    env = gym_env("frontline", opponent=f'cmd:"python3 {BOTS / "random_bot.py"}"')
    try:
        _, _, info = _play(env, seed=1)
        assert "opponent_fault" not in info and info["result"]["reason"] != "forfeit", info
        assert env.opponent.proc is None or env.opponent.proc.poll() is not None  # its process ended with the game
    finally:
        env.close()


def test_an_external_bot_opponent_that_crashes_forfeits_to_the_learner() -> None:
    env = gym_env("aliens", opponent=f'cmd:"python3 {BOTS / "faulty" / "faulty_bot.py"} crash_mid"', seat=0)
    try:
        _, total, info = _play(env, seed=2)
        assert total == 1.0 and info["result"]["reason"] == "forfeit" and "opponent_fault" in info, info
    finally:
        env.close()


def test_one_deck_given_the_other_seat_gets_the_formats_default() -> None:
    # a circuits Squad game needs Squad decks on both sides
    env = gym_env("circuits", deck="squad_sunwall", fmt="squad")
    obs, _ = env.reset(seed=1)
    assert env.game_state.config.get("format") == "squad" and obs["action_mask"].sum() >= 1


def test_one_squad_deck_given_without_fmt_makes_a_squad_game() -> None:
    # the format is the given deck's own, so the other seat gets a Squad starter, not a Duel one
    for kw in ({"deck": "squad_sunwall"}, {"opponent_deck": "squad_sunwall"}):
        env = gym_env("circuits", **kw)
        obs, _ = env.reset(seed=1)
        assert env.game_state.config.get("format") == "squad" and obs["action_mask"].sum() >= 1


@pytest.mark.parametrize("seat", [0, 1])
def test_circuits_limited_without_decks_plays_sealed_stand_in_decks(seat: int) -> None:
    # Limited has no starters: each seat plays the automatic deck of a Sealed pool of the game seed
    env = gym_env("circuits", fmt="limited", seat=seat)
    a, ta, _ = _play(env, seed=4)
    assert env.game_state.config.get("format") == "limited"
    b, tb, _ = _play(gym_env("circuits", fmt="limited", seat=seat), seed=4)
    assert ta == tb and all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_an_opponent_that_crashes_inside_reset_ends_the_episode_at_the_first_step() -> None:
    # seat 1: the opponent decides first, inside reset, and crashes; Gymnasium has no terminal reset,
    # so reset shows an all-zero mask and the first step reports the forfeit (+1), whatever its action
    env = gym_env("aliens", opponent=f'cmd:"python3 {BOTS / "faulty" / "faulty_bot.py"} crash_start"', seat=1)
    try:
        obs, info = env.reset(seed=0)
        assert obs["action_mask"].sum() == 0 and "opponent_fault" in info
        _, reward, term, trunc, info = env.step(0)
        assert reward == 1.0 and term and not trunc
        assert info["result"]["reason"] == "forfeit" and "opponent_fault" in info
        with pytest.raises(ResetNeeded, match="reset"):
            env.step(0)
    finally:
        env.close()


def test_gym_rendering_shows_the_result_at_the_end() -> None:
    env = gym_env("frontline", render_mode="ansi")
    _, _, info = _play(env, seed=0)
    assert info["result"]["reason"] in env.render()


def test_the_opponent_may_be_an_agent_object_of_the_researchers_own() -> None:
    # an Agent instance (the researcher's own policy, say) plays like a spec's agent, reseeded at each
    # reset from the env's seed; anything else is named as such (was "'X' has no attribute 'strip'")
    from cardarena.agents.base import Agent

    class FirstOption(Agent):
        kind = "first"

        def __init__(self) -> None:
            super().__init__(seed=0)
            self.seen: list[dict] = []

        def choose(self, state_view, decision, state=None):  # type: ignore[no-untyped-def]
            assert state is None  # uses_state is False: a view only
            self.seen.append(state_view)
            return decision.options[0].id

    mine = FirstOption()
    env = gym_env("mastery", opponent=mine, seat=0)
    _, _, info = _play(env, seed=4)
    assert mine.seen and all(v["seat"] == 1 for v in mine.seen) and "result" in info
    with pytest.raises(TypeError, match=r"opponent must be an agent spec \(e\.g\. 'random', 'ismcts:iters=50'\) or an Agent, not 5"):
        gym_env("mastery", opponent=5)
