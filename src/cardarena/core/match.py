"""Playing one game between agents: the loop every front end (CLI, sim, arena) shares.

An automaton that raises, or answers an option id the decision does not offer, loses that game
(docs/architecture.md): the game is finished as a forfeit and the reason is recorded, never re-raised.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .engine import State
from .errors import IllegalChoice

if TYPE_CHECKING:
    from cardarena.agents.base import Agent

EventHook = Callable[[State, int], None]


def turns_of(state: State) -> int:
    return int(getattr(state, "turn", 0))


def play(
    state: State,
    agents: Sequence[Agent],
    on_decision: EventHook | None = None,
    max_decisions: int = 1_000_000,
) -> State:
    """Run `state` to its end, asking `agents[seat]` at each decision. `on_decision(state, seat)` is
    called after each applied choice (for printing events as they come)."""
    n = 0
    while state.decision is not None:
        d = state.decision
        agent = agents[d.seat]
        try:
            view = state.view(d.seat)
            choice = agent.choose(view, d, state if agent.uses_state else None)
        except Exception as e:  # an automaton's crash is its loss, not the arena's
            forfeit(state, d.seat, f"agent {agent.name!r} crashed: {type(e).__name__}: {e}")
            break
        try:
            state.apply(choice, seq=d.seq)
        except IllegalChoice as e:
            forfeit(state, d.seat, f"agent {agent.name!r} chose an illegal option: {e}")
            break
        n += 1
        if on_decision is not None:
            on_decision(state, d.seat)
        if n >= max_decisions:
            raise RuntimeError(f"game did not end after {max_decisions} decisions")
    return state


def forfeit(state: State, seat: int, why: str) -> None:
    """`seat` loses; every other seat wins (two seats: the opponent is the winner)."""
    state.emit("forfeit", player=seat, reason=why)
    others = tuple(s for s in range(state.nseats) if s != seat)
    state.finish(others[0] if len(others) == 1 else None, "forfeit", turns_of(state), winners=others,
                 ranking=(others, (seat,)))


def replay_record(state: State, agents: Sequence[str], engine_version: str) -> dict[str, Any]:
    """A replay file (docs/architecture.md): everything needed to re-run the game to the identical log."""
    cfg = state.config
    return {
        "format": "cardarena-replay/1",
        "engine": engine_version,
        "game": cfg["game"],
        "game_format": cfg["format"],
        "rules": cfg["rules"],
        "decks": cfg["decks"],
        "seed": cfg["seed"],
        "agents": list(agents),
        "choices": list(state.history),
        "result": None if state.result is None else state.result.to_dict(),
        "log": state.log,
    }
