"""Errors a user can cause. Each carries a message that says what went wrong and how to fix it."""

from __future__ import annotations


class CardArenaError(Exception):
    """Base class: the CLI prints these as clean messages, never as tracebacks."""


class IllegalChoice(CardArenaError):
    """An option id that the current decision does not offer. The state is left unchanged."""


class UnknownGame(CardArenaError):
    pass


class DeckError(CardArenaError):
    """A deck file that cannot be used. `problems` lists every reason, each naming the file."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{source}: deck is not legal ({len(self.problems)} problem(s)):\n{lines}")


class CardDataError(CardArenaError):
    """A card data file that does not match the schema: names the file, the card and the field."""


class ReplayError(CardArenaError):
    pass


def exit_code(e: BaseException) -> int:
    """The command line's exit code for an error a user caused: 1 a file that is not usable (a deck,
    a replay), 2 anything else (a usage error). README.md lists the codes."""
    return 1 if isinstance(e, (DeckError, ReplayError)) else 2


class EngineError(Exception):
    """The engine itself failed (a ruleset raised while applying a legal choice or building a view).

    Never blamed on a seat: the match loop reports it instead of forfeiting anyone."""


class AgentFault(Exception):
    """An automaton or external bot failed: its seat loses the game with `status` and this reason.

    Statuses: ERROR (crashed, exited, broke a resource limit), TIMEOUT (over its time), INVALID
    (an answer that is not a legal, well-formed reply to the pending decision).

    The message goes to the public log, so it holds nothing the bot wrote; `detail` holds that (the
    tail of its stderr, its reply line) for its owner and the arena's operator: a bot's own text may
    name cards it holds (docs/protocol.md, "Faults")."""

    status = "ERROR"

    def __init__(self, message: str = "", detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail

    def __reduce__(self) -> tuple[object, ...]:  # the detail survives a trip between processes
        return (type(self), (str(self), self.detail))


class AgentTimeout(AgentFault):
    status = "TIMEOUT"


class AgentInvalid(AgentFault):
    status = "INVALID"
