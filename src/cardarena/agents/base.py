"""What every automaton is (docs/architecture.md): given what its seat sees and the decision, name an option id.

An agent draws its own randomness from a private `random.Random(seed)`: never the game's RNG (that
would change the game) and never the module-level `random` (that would make runs irreproducible).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.engine import Decision, State

if TYPE_CHECKING:
    from ..core.match import GameReport, TimeControl


class Agent(ABC):
    """Base of all automatons.

    `choose(state_view, decision, state)` returns the id of one of `decision.options`.
    `state_view` is `state.view(decision.seat)`, all a fair player may know. Search agents also get the
    real `state`, but may only sample from it with `state.determinize(seat, rng)`, which hides what the
    seat cannot see; they set `uses_state = True` so a runner knows to pass it. Other agents ignore it.
    """

    #: the registry name of this kind of agent ("random", "ismcts", ...)
    kind: ClassVar[str] = "agent"
    #: True for agents that need the real State (to determinize); runners pass it only to those
    uses_state: ClassVar[bool] = False
    #: True for agents whose program outlives a game (a bot connected over the web keeps running
    #: between games), so it may remember the cards it saw: contests deal its games afresh instead of
    #: mirroring the deal, which would show it in one game what the other seat held in the other
    remembers: ClassVar[bool] = False

    def __init__(self, seed: int = 0, name: str | None = None) -> None:
        self.name = name if name is not None else self.kind
        self.seed = seed
        self.rng = random.Random(seed)
        #: perf_counter time by which the pending choice must be made (set by the match loop; None: untimed)
        self.deadline: float | None = None

    def start(self, state: State, seat: int, time_control: TimeControl | None = None) -> None:
        """A game begins in which this agent holds `seat` (external bots start their process here).
        Raising here (an AgentFault or any exception) forfeits the seat."""
        return None

    def end(self, state: State, seat: int, report: GameReport) -> None:
        """The game is over (or was stopped): tell the agent and free what `start` took. Never raises."""
        return None

    def reset(self, seed: int | None = None) -> None:
        """Start a new game: reseed (with `seed`, or the agent's own seed) and drop per-game memory.

        Runners call this before each game with a per-game seed so that a game's result does not
        depend on how many games the same agent object played before it.
        """
        if seed is not None:
            self.seed = seed
        self.rng.seed(self.seed)

    @abstractmethod
    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        """The id of one of `decision.options`."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, seed={self.seed})"


def forced_option(decision: Decision) -> str | None:
    """The id of a decision's only option (no thinking needed), else None; a decision without
    options is a caller's error."""
    options = decision.options
    if not options:
        raise ValueError(f"decision {decision.kind!r} for seat {decision.seat} has no options")
    return options[0].id if len(options) == 1 else None
