"""Faulty automatons for the contest tests, registered in every worker process (`register` is the
pool's initializer): a contest must record their losses and keep going."""

from __future__ import annotations

from typing import Any, ClassVar

from cardarena.agents import register_agent
from cardarena.agents.random_agent import RandomAgent
from cardarena.core.engine import Decision, State


class CrashingAgent(RandomAgent):
    """Plays at random, but crashes at its third decision in every game whose seed is even."""

    kind: ClassVar[str] = "crashy"

    def __init__(self, seed: int = 0, name: str | None = None) -> None:
        super().__init__(seed, name)
        self.asked = 0

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        self.asked += 1
        if self.seed % 2 == 0 and self.asked == 3:
            raise RuntimeError("the bot fell over")
        return super().choose(state_view, decision, state)


class CheatingAgent(RandomAgent):
    """Answers an option the decision does not offer."""

    kind: ClassVar[str] = "cheater"

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        return "win-the-game"


def register() -> None:
    register_agent("crashy", CrashingAgent, replace=True)
    register_agent("cheater", CheatingAgent, replace=True)
