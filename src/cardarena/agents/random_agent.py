"""The baseline automaton: every option of every decision equally likely."""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.engine import Decision, State
from .base import Agent


class RandomAgent(Agent):
    kind: ClassVar[str] = "random"

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        options = decision.options
        if not options:
            raise ValueError(f"decision {decision.kind!r} for seat {decision.seat} has no options")
        return options[self.rng.randrange(len(options))].id
