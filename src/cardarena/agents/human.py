"""A person at the terminal: sees only their seat's view, picks options by number, inspects cards.

Besides a number, the person may type `i NAME` (inspect a card, ability, Passive or Ultimate shown
on the board or in the log), `?` (the game's rules summary; `? TERM` one term of it), `d` (every
public pile: discard, Fallen, Scrap), `b` (the board again), `u` (undo their last choice) or `q`
(concede). Undo and concede are raised as `Undo` / `Concede` for the game loop
(`cardarena.terminal.play`) to handle, since an agent cannot rewind a game itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console

from ..core.engine import Decision, State
from ..core.ruleset import Ruleset
from ..guide import Guide
from ..terminal.cardtext import CardIndex, Entry
from ..terminal.labels import distinct_labels
from ..terminal.wrap import wrap
from .base import Agent

#: decision kinds whose one-option form is still announced: their existence is public (a window is
#: always opened, so a lone `pass` is shown as such and never dropped silently)
WINDOW_KINDS = ("respond",)
#: decision kinds whose options name cards worth a line of text under the option
DETAILED_KINDS = ("action", "followup", "respond", "loadout", "prebank", "discard", "make_room", "plan_order",
                  "trigger_order", "strike_order")

HELP = "i NAME = inspect · ? [TERM] = rules · d = discards · u = undo · q = concede"
#: the public piles of a seat's view, by their key, as the boards name them
PILES = (("discard", "Discard"), ("fallen", "Fallen"), ("scrap", "Scrap"))


class Undo(Exception):
    """The person asked to take back their last choice."""


class Concede(Exception):
    """The person quit the game (q, or the end of input)."""


class TerminalHuman(Agent):
    kind = "human"

    def __init__(
        self,
        game: Ruleset,
        console: Console,
        input_fn: Callable[[str], str] = input,
        guide: Guide | None = None,
        can_undo: bool = True,
    ) -> None:
        super().__init__(0, "you")
        self.game = game
        self.console = console
        self.input = input_fn
        self.guide = guide
        self.can_undo = can_undo
        self.index = CardIndex(game)
        self.seat = 0
        self.shown = 0
        self.seen_log: list[dict[str, Any]] = []
        #: the hand cards the pending decision leaves out, with why (`Ruleset.unplayable`)
        self.not_playable: list[tuple[str, str]] = []

    # -- the play-by-play ---------------------------------------------------------------------------
    def after_decision(self, state: State, _seat: int) -> None:
        """Print what this seat has seen happen since the last time."""
        log = state.visible_log(self.seat)
        for e in log[self.shown:]:
            if e.get("type") == "result":
                continue  # the game loop says who won, in words, once
            line = self.game.narrate(e)
            if line is not None:
                self._say(line)
        self.shown = len(log)
        self.seen_log = log

    def skip_log(self, state: State) -> None:
        """Mark the log as seen without printing it (after an undo re-ran the game)."""
        self.seen_log = state.visible_log(self.seat)
        self.shown = len(self.seen_log)

    # -- choosing -------------------------------------------------------------------------------------
    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        if len(decision.options) == 1:
            return self._forced(decision)
        self.console.print()
        self._say(self.game.render(state_view))
        # the game loop hands its state in only to say why a hand card is missing from the options
        self.not_playable = self.game.unplayable(state, self.seat) if state is not None else []
        self._print_options(decision)
        shown = self.index.names_in(state_view) | self.index.names_in(self.seen_log)
        while True:
            raw = self.input("> ").strip()
            low = raw.lower()
            if raw.isdigit() and 1 <= int(raw) <= len(decision.options):
                return decision.options[int(raw) - 1].id
            if low == "q!":  # the end of input (Ctrl-D): nothing more can be read, so no question
                raise Concede()
            if low in ("q", "quit", "exit"):
                # asked once more: a stray q would lose the game
                if self.input("  concede the game? (y/n) ").strip().lower() in ("y", "yes", "q", "q!", "quit", "exit"):
                    raise Concede()
                self.console.print("  not conceded: the game goes on", style="yellow")
                continue
            if low in ("u", "undo"):
                if self.can_undo:
                    raise Undo()
                self.console.print("  undo works only against an automaton", style="yellow")
                continue
            if low in ("?", "h", "help", "rules"):
                self._print_guide()
                self._print_options(decision)
                continue
            if low.startswith(("?", "help ", "rules ")):  # `? shield`: one term, not the whole guide
                self._term(raw[1:] if raw.startswith("?") else raw.split(None, 1)[1])
                continue
            if low == "i" or low.startswith(("i ", "inspect ")):
                self._inspect(raw.split(None, 1)[1] if " " in raw else "", shown)
                continue
            if low in ("b", "board"):
                self._say(self.game.render(state_view))
                continue
            if low in ("d", "discard", "discards", "piles"):
                self._piles(state_view)
                continue
            self._say(f"  type a number from 1 to {len(decision.options)}, or: {HELP} · b = board",
                      style="yellow")

    def _forced(self, decision: Decision) -> str:
        """One option: answer it with a short line instead of asking (a window still says so)."""
        only = decision.options[0]
        if decision.kind in WINDOW_KINDS:
            self._say(f"  ({decision.prompt}) no response possible — passing", style="dim")
        else:
            self._say(f"  ({decision.prompt}) only one choice: {only.label}", style="dim")
        return only.id

    def _print_options(self, decision: Decision) -> None:
        self.console.print()
        self._say(decision.prompt, style="bold")
        told: set[tuple[str, str]] = set()  # each card's text once per decision (Play X / Set X)
        labels = distinct_labels(decision.options, self.seat)  # two copies of a card say where each is
        for i, (o, label) in enumerate(zip(decision.options, labels, strict=True), 1):
            self._say(f"  {i:>2}. {label}")
            if decision.kind in DETAILED_KINDS:
                found = self._detail(o.label, o.data)
                # by card: two cards with the same text each show it
                if found is not None and found[1] and found not in told:
                    told.add(found)
                    self._say(f"      {found[1]}", style="dim")
        if self.not_playable:
            self.console.print("  Not playable now:", style="dim", markup=False)
            for name, why in self.not_playable:
                self._say(f"      {name}: {why}", style="dim")
        self._say(f"  ({HELP})", style="dim")

    def _say(self, text: str, style: str | None = None) -> None:
        """Print `text` as is (no markup), each long line wrapped under itself, not at column 0."""
        self.console.print(wrap(text, self.console.width), markup=False, style=style)

    def _detail(self, label: str, data: dict[str, Any]) -> tuple[str, str] | None:
        """(the card, one line saying what the card or ability an option names does)."""
        names = [n for n in self.index.names_in(data) | self._names_in_label(label)]
        if not names:
            return None
        entries = [self.index.entries[n.lower()] for n in names]
        parts = [e for e in entries if e.part is not None]
        entry = parts[0] if parts else max(entries, key=lambda e: len(e.name))
        info = self.index.infos[entry.card]
        if entry.part is None and info.get("kind") in ("hero", "alien", "general"):
            # a Hero or an Alien: what it does is its Passive or ability, its text is flavour
            entry = next((Entry(info[k]["name"], entry.card, label) for k, label in
                          (("passive", "Passive"), ("ability", "Ability")) if isinstance(info.get(k), dict)
                          and info[k].get("name")), entry)
        if entry.part is not None:
            key = {"Ability": "ability", "Passive": "passive", "Ultimate": "ultimate"}[entry.part]
            part = info[key]
            cost = f"cost {part['cost']} · " if part.get("cost") else ""
            return entry.card, f"{cost}{part.get('text', '')}"
        return entry.card, str(info.get("text", ""))

    def _names_in_label(self, label: str) -> set[str]:
        low = label.lower()
        hits = {e.name for k, e in self.index.entries.items() if k in low}
        # drop names that are part of a longer hit ("Forgeblade" inside "Forgeblade (Stormforged)")
        return {h for h in hits if not any(h != o and h.lower() in o.lower() for o in hits)}

    def _print_guide(self) -> None:
        if self.guide is None:
            self.console.print("  this game has no rules summary yet", style="yellow")
            return
        text = self.guide.to_text(self.console.width)
        if self.console.is_terminal:
            with self.console.pager():
                self.console.print(text, markup=False)
        else:
            self.console.print(text, markup=False)

    def _term(self, word: str, quiet: bool = False) -> bool:
        """What the rules summary says of `word` (`? shield`); False if it says nothing (`quiet`:
        then print nothing either)."""
        text = self.guide.lookup(word, self.console.width) if self.guide is not None else None
        if text is not None:
            self.console.print(text, markup=False)
        elif not quiet:
            self._say(f"  no term {word.strip()!r} in the rules summary; `?` alone shows it all, "
                      "`i NAME` a card", style="yellow")
        return text is not None

    def _piles(self, view: dict[str, Any]) -> None:
        """Each seat's public piles, every card by name (the board gives only their sizes)."""
        me = view.get("seat", self.seat)
        players = view.get("players", [])
        for p in sorted(range(len(players)), key=lambda i: i == me):  # the opponent first, as on the board
            pv = players[p]
            who = f"You (P{p + 1})" if p == me else f"Opponent (P{p + 1})"
            for key, title in PILES:
                pile = pv.get(key)
                if isinstance(pile, list):
                    names = [c.get("name", "a card") if isinstance(c, dict) else str(c) for c in pile]
                    self._say(f"{who} {title} ({len(names)}): " + (", ".join(names) or "empty"))

    def _inspect(self, name: str, shown: set[str]) -> None:
        if not name:
            self.console.print("  inspect what? type `i` and a name shown on the board, e.g. `i "
                               + (sorted(shown)[0] if shown else "NAME") + "`", style="yellow", markup=False)
            return
        entry, candidates = self.index.find(name, shown)
        if entry is None:
            if candidates:
                self._say(f"  {name!r} could be: {', '.join(candidates[:8])}"
                          + (" ..." if len(candidates) > 8 else ""), style="yellow")
            elif not self._term(name, quiet=True):  # `i shield`: a term of the rules, not a card
                self.console.print(f"  no card or ability named {name!r} in this game", style="yellow", markup=False)
            return
        for line in self.index.describe(entry):
            self._say(line)
