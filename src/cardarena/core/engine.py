"""The engine contract every ruleset follows (DESIGN.md §2).

A game is a `State` that runs its rules as an explicit stack of small immutable steps (tuples whose
first item names the handler). A step that needs a player's choice calls `ask`, which sets
`state.decision` and remembers the step to resume; `apply(option_id)` pushes that step back with
the chosen option's value and runs the stack until the next decision. No generator, thread or
closure holds game state, so `clone()` is a shallow copy of containers and a state can be saved to
JSON at any decision and resumed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from .errors import IllegalChoice
from .rng import Rng

Step = tuple[Any, ...]
Handler = Callable[[Any, Step], None]


class Option:
    """One answer to a Decision. `id` is stable for the same situation; `value` is the engine's own."""

    __slots__ = ("data", "id", "label", "value")

    def __init__(self, id: str, label: str, data: dict[str, Any] | None = None, value: Any = None) -> None:
        self.id = id
        self.label = label
        self.data = data if data is not None else {}
        self.value = value

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "data": self.data}

    def __repr__(self) -> str:
        return f"Option({self.id!r}, {self.label!r})"


class Decision:
    """The one choice the game waits for: who chooses, what kind of choice, and the finite options."""

    __slots__ = ("kind", "options", "prompt", "seat")

    def __init__(self, seat: int, kind: str, prompt: str, options: list[Option]) -> None:
        self.seat = seat
        self.kind = kind
        self.prompt = prompt
        self.options = options

    def option(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        valid = ", ".join(o.id for o in self.options)
        raise IllegalChoice(
            f"{option_id!r} is not an option of this {self.kind!r} decision for seat {self.seat}; "
            f"valid ids: {valid}"
        )

    @property
    def ids(self) -> list[str]:
        return [o.id for o in self.options]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [o.to_dict() for o in self.options],
        }

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, kind={self.kind!r}, options={self.ids})"


class Result:
    __slots__ = ("reason", "turns", "winner")

    def __init__(self, winner: int | None, reason: str, turns: int) -> None:
        self.winner = winner
        self.reason = reason
        self.turns = turns

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "turns": self.turns}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.winner, self.reason, self.turns))

    def __repr__(self) -> str:
        return f"Result(winner={self.winner}, reason={self.reason!r}, turns={self.turns})"


class State:
    """Base of every ruleset's state. Subclasses add their tables and implement the abstract methods.

    `record` turns the event log on (default) or off: search agents switch it off on their private
    clones, because building event dicts is a large share of a rollout's cost.
    """

    __slots__ = ("asker", "config", "decision", "history", "log", "record", "result", "resume", "rng", "stack")

    HANDLERS: ClassVar[dict[str, Handler]] = {}
    game_id: ClassVar[str] = ""
    #: the game's own tables that a saved state holds (core.serialize.state_to_json)
    _SAVED: ClassVar[tuple[str, ...]] = ()

    asker: Step | None
    config: dict[str, Any]
    decision: Decision | None
    history: list[str]
    log: list[dict[str, Any]]
    record: bool
    result: Result | None
    resume: Step | None
    rng: Rng
    stack: list[Step]

    def _init_base(self, config: dict[str, Any], seed: int) -> None:
        self.asker = None
        self.config = config
        self.decision = None
        self.history = []
        self.log = []
        self.record = True
        self.result = None
        self.resume = None
        self.rng = Rng(seed)
        self.stack = []

    def _clone_base(self, other: State) -> None:
        """Copy the base fields from `other` into self (a fresh instance made by a subclass's clone)."""
        self.asker = other.asker
        self.config = other.config
        self.decision = other.decision  # Decisions and Options are never mutated once asked
        self.history = other.history[:]
        self.log = other.log[:] if other.record else other.log
        self.record = other.record
        self.result = other.result
        self.resume = other.resume
        self.rng = other.rng.clone()
        self.stack = other.stack[:]

    # -- running the rules ---------------------------------------------------------------------
    def emit(self, type: str, **fields: Any) -> None:
        if self.record:
            fields["type"] = type
            self.log.append(fields)

    def ask(self, seat: int, kind: str, prompt: str, options: list[Option], resume: Step, asker: Step) -> None:
        """Stop the rules here until `seat` picks one of `options`; then run `resume + (value,)`.

        `asker` is the step that built this decision. Asking steps have no side effects before they
        ask, so re-running `asker` rebuilds the decision: `determinize` does that when it changes
        cards the asking seat holds but the determinizing seat cannot see.
        """
        self.decision = Decision(seat, kind, prompt, options)
        self.resume = resume
        self.asker = asker

    def reask(self) -> None:
        """Rebuild the pending decision from its asking step (after hidden cards were resampled)."""
        if self.decision is None or self.asker is None:
            return
        self.decision = None
        self.resume = None
        self.stack.append(self.asker)
        self.asker = None
        self.run()

    def push(self, *steps: Step) -> None:
        """Schedule steps to run in the order given."""
        self.stack.extend(reversed(steps))

    def run(self) -> None:
        stack = self.stack
        handlers = self.HANDLERS
        while stack and self.decision is None and self.result is None:
            step = stack.pop()
            handlers[step[0]](self, step)

    def apply(self, option_id: str) -> None:
        """Validate the choice, then run the rules until the next decision or the end of the game."""
        d = self.decision
        if d is None:
            raise IllegalChoice(f"the game is over ({self.result}); no option can be applied")
        opt = d.option(option_id)
        self.decision = None
        resume = self.resume
        assert resume is not None
        self.resume = None
        self.asker = None
        self.history.append(option_id)
        self.stack.append((*resume, opt.value))
        self.run()

    def finish(self, winner: int | None, reason: str, turns: int) -> None:
        self.result = Result(winner, reason, turns)
        self.decision = None
        self.resume = None
        self.asker = None
        self.emit("result", winner=winner, reason=reason, turns=turns)

    # -- to be provided by the ruleset ---------------------------------------------------------
    def clone(self) -> State:
        raise NotImplementedError

    def view(self, seat: int) -> dict[str, Any]:
        raise NotImplementedError

    def determinize(self, seat: int, rng: Any) -> State:
        raise NotImplementedError

    def visible_log(self, seat: int | None) -> list[dict[str, Any]]:
        """The log as `seat` may see it (None: a spectator of hidden information).

        An event with a `secret` list of field names keeps those fields only for its `viewers` (default:
        its `player`); `secret` and `viewers` themselves are never shown (docs/events.md)."""
        out = []
        for e in self.log:
            if "secret" in e:
                e = dict(e)
                secret = e.pop("secret")
                viewers = e.pop("viewers", None)
                allowed = viewers if viewers is not None else [e.get("player")]
                if seat is None or seat not in allowed:
                    for k in secret:
                        e.pop(k, None)
            out.append(e)
        return out

    def to_json(self) -> dict[str, Any]:
        from .serialize import state_to_json

        return state_to_json(self)

    @property
    def seat_to_act(self) -> int | None:
        return None if self.decision is None else self.decision.seat
