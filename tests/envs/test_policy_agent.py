"""The `policy` agent plays a saved policy through the agent registry, legal moves only."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

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


def test_policy_is_a_registered_spec(tmp_path, monkeypatch) -> None:
    import importlib.util

    model = tmp_path / "model.zip"
    model.write_bytes(b"")
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object() if name == "sb3_contrib" else real(name, *a))
    agent = make_agent(f"policy:path={model},sample=yes", seed=3)
    assert isinstance(agent, PolicyAgent) and agent.path == str(model) and agent.sample


def test_a_policy_spec_that_cannot_load_is_refused_when_read(tmp_path, monkeypatch) -> None:
    # not a crash forfeit once the game has started
    import importlib.util

    with pytest.raises(ValueError, match="is not a file"):
        make_agent(f"policy:path={tmp_path / 'missing.zip'}")
    (tmp_path / "m.zip").write_bytes(b"")
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "sb3_contrib" else real(name, *a))
    with pytest.raises(ValueError, match="sb3-contrib"):
        make_agent(f"policy:path={tmp_path / 'm.zip'}")
