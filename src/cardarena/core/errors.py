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
