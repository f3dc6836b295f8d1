"""A person at the terminal: sees only their seat's view, picks options by number, inspects cards."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import Console

from ..core.engine import Decision, State
from ..core.ruleset import Ruleset
from .base import Agent


def visible_names(view: Any) -> set[str]:
    """Every card name that appears in a view: what the seat may inspect."""
    names: set[str] = set()
    if isinstance(view, dict):
        for k, v in view.items():
            if k == "name" and isinstance(v, str):
                names.add(v)
            else:
                names |= visible_names(v)
    elif isinstance(view, list):
        for v in view:
            names |= visible_names(v)
    return names


class TerminalHuman(Agent):
    kind = "human"

    def __init__(self, game: Ruleset, console: Console, input_fn: Callable[[str], str] = input) -> None:
        super().__init__(0, "you")
        self.game = game
        self.console = console
        self.input = input_fn
        self.seat = 0
        self.shown = 0

    def after_decision(self, state: State, _seat: int) -> None:
        """Print what this seat has seen happen since the last time."""
        log = state.visible_log(self.seat)
        for e in log[self.shown:]:
            line = self.game.narrate(e)
            if line is not None:
                self.console.print(line, markup=False)
        self.shown = len(log)

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        self.console.print()
        self.console.print(self.game.render(state_view), markup=False)
        self.console.print(f"\n{decision.prompt}", style="bold")
        for i, o in enumerate(decision.options, 1):
            self.console.print(f"  {i:>2}. {o.label}", markup=False)
        names = visible_names(state_view)
        while True:
            raw = self.input("choose a number, or `i NAME` to inspect a card: ").strip()
            if raw.isdigit() and 1 <= int(raw) <= len(decision.options):
                return decision.options[int(raw) - 1].id
            if raw.lower().startswith("i "):
                self._inspect(raw[2:].strip(), names)
                continue
            self.console.print(f"  type a number from 1 to {len(decision.options)}, or `i NAME`", style="yellow")

    def _inspect(self, name: str, visible: set[str]) -> None:
        match = next((n for n in visible if n.lower() == name.lower()), None)
        if match is None:
            hits = sorted(n for n in visible if name.lower() in n.lower())
            match = hits[0] if len(hits) == 1 else None
            if match is None:
                self.console.print(f"  no visible card matches {name!r}"
                                   + (f" (did you mean: {', '.join(hits)}?)" if hits else ""), style="yellow")
                return
        self.console.print(json.dumps(self.game.card_info(match), indent=1), markup=False)
