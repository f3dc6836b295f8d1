"""An automaton that crashes or answers an illegal option loses that game; the runner goes on."""

from typing import Any

import cardarena
from cardarena.agents import make_agent
from cardarena.agents.base import Agent
from cardarena.core.engine import Decision, State
from cardarena.core.match import play


class Crasher(Agent):
    kind = "crasher"

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        raise RuntimeError("boom")


class Liar(Agent):
    kind = "liar"

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        return "not-an-option"


def test_a_crashing_agent_forfeits() -> None:
    state = cardarena.load_game("aliens").new_game(seed=1)
    seat = state.decision.seat  # type: ignore[union-attr]
    agents = [make_agent("random"), make_agent("random")]
    agents[seat] = Crasher()
    play(state, agents)
    assert state.result is not None and state.result.winner == 1 - seat and state.result.reason == "forfeit"
    assert "boom" in state.log[-2]["reason"]


def test_an_illegal_answer_forfeits() -> None:
    state = cardarena.load_game("aliens").new_game(seed=1)
    seat = state.decision.seat  # type: ignore[union-attr]
    agents = [make_agent("random"), make_agent("random")]
    agents[seat] = Liar()
    play(state, agents)
    assert state.result is not None and state.result.winner == 1 - seat
    assert "illegal option" in state.log[-2]["reason"]
