"""The `policy` agent plays a saved policy through the agent registry, legal moves only."""

from __future__ import annotations

from typing import Any

import numpy as np

from cardarena import load_game
from cardarena.agents import make_agent
from cardarena.core.match import play
from cardarena.envs.policy_agent import PolicyAgent


class LastLegal:
    """A stand-in model: the highest legal index (or an illegal one, to test the guard)."""

    def __init__(self, illegal: bool = False) -> None:
        self.illegal = illegal
        self.calls = 0

    def predict(self, obs: np.ndarray, action_masks: np.ndarray, deterministic: bool) -> tuple[Any, None]:
        self.calls += 1
        assert obs.ndim == 1 and action_masks.dtype == bool
        if self.illegal:
            return np.int64(len(action_masks) - 1), None
        return np.int64(np.flatnonzero(action_masks)[-1]), None


def test_the_policy_agent_answers_every_decision_with_a_legal_option() -> None:
    for game in ("aliens", "mastery"):
        for illegal in (False, True):
            model = LastLegal(illegal)
            agents = [PolicyAgent(model=model), make_agent("random", seed=1)]
            st = play(load_game(game).new_game(seed=4), agents)
            assert st.result is not None and st.result.reason != "forfeit"
            assert model.calls > 5


def test_policy_is_a_registered_spec() -> None:
    agent = make_agent("policy:path=model.zip,sample=yes", seed=3)
    assert isinstance(agent, PolicyAgent) and agent.path == "model.zip" and agent.sample
