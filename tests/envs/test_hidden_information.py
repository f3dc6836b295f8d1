"""Observations come from what the observer may know only: two states that differ only in the
opponent's hidden cards encode identically (docs/rl.md, docs/architecture.md "information sets")."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardarena import game_ids
from cardarena.envs import aec_env

GAMES = game_ids()


@pytest.mark.parametrize("game", GAMES)
def test_resampling_the_opponents_hidden_cards_leaves_the_observation_unchanged(game: str) -> None:
    env = aec_env(game)
    rng = random.Random(11)
    checked = differed = 0
    for g in range(6):
        env.reset(seed=g)
        for step in range(400):
            st = env.game_state
            if st.result is not None or st.decision is None:
                break
            if step % 7 == 0:
                for seat, agent in enumerate(env.possible_agents):
                    before = env.observe(agent)
                    other = st.determinize(seat, rng)  # the observer's information set, resampled
                    env.game_state = other
                    after = env.observe(agent)
                    env.game_state = st
                    assert np.array_equal(before["observation"], after["observation"]), (game, seat, step)
                    assert np.array_equal(before["action_mask"], after["action_mask"])
                    checked += 1
                    # the resample really changed what the opponent holds (the test can fail)
                    opp = 1 - seat
                    if other.view(opp) != st.view(opp):
                        differed += 1
            mask = env.infos[env.agent_selection]["action_mask"]
            env.step(int(rng.choice(list(np.flatnonzero(mask)))))
    assert checked > 50
    assert differed > checked // 4


def test_the_encoding_sees_the_observers_own_hand() -> None:
    """Control: the encoder is not blind. The two seats of one state encode differently."""
    env = aec_env("aliens")
    env.reset(seed=2)
    a, b = (env.observe(x)["observation"] for x in env.possible_agents)
    assert not np.array_equal(a, b)
