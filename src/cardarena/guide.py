"""A game's guide: how to play in plain words, kept as data beside the game's code (`guide.toml`).

The terminal (`cardarena rules`, `?` in `cardarena play`) and the web arena read the same text:
sections with the rule items they summarize, a glossary of terms, one plain line per event type
and decision kind, and the words for each result reason.
"""

from __future__ import annotations

import re
import textwrap
import tomllib
from functools import cache
from importlib.resources import files
from typing import Any

import msgspec

from .core.errors import CardArenaError

#: the guide section on the terminal's commands, whose examples name terms
TERMINAL_SECTION = "Playing in the terminal"


class Section(msgspec.Struct, forbid_unknown_fields=True):
    title: str
    text: str
    rules: list[str] = []


class Fact(msgspec.Struct, forbid_unknown_fields=True):
    """A number the guide states that the engine's rule parameter `param` must agree with."""

    rule: str
    param: str
    value: int | bool | str
    section: str


class Guide(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    title: str
    sections: list[Section]
    key_rules: list[str] = []
    facts: list[Fact] = []
    terms: dict[str, str] = {}
    events: dict[str, str] = {}
    decisions: dict[str, str] = {}
    results: dict[str, str] = {}
    #: what a result counts its length in ("turn"; mastery's Rounds: "Round")
    turn_word: str = "turn"

    def section(self, title: str) -> Section:
        for s in self.sections:
            if s.title == title:
                return s
        raise KeyError(title)

    def summarized_rules(self) -> set[str]:
        return {r for s in self.sections for r in s.rules}

    def lookup(self, word: str, width: int = 80, whole: str = "`?`") -> str | None:
        """What the guide says of `word` (`? shield` in `cardarena play`): its Terms entries (the
        exact term, else every term it begins or is a form of: "counters" finds "Counter"), else the
        sections with it in their title; then where else the sections mention it (`whole`: what shows
        the whole guide there). None: nowhere."""
        w = " ".join(word.lower().split())
        if not w:
            return None
        terms = [k for k in self.terms if k.lower() == w] or [
            k for k in self.terms if k.lower().startswith(w) or (len(k) >= 4 and w.startswith(k.lower()))]
        out = [textwrap.fill(f"{k} — {self.terms[k]}", width, subsequent_indent="    ") for k in terms]
        titled = [s for s in self.sections if w in s.title.lower()]
        if not out:
            for s in titled:
                out += [s.title, "-" * len(s.title), reflow(s.text, width), ""]
        shown = set() if terms else {s.title for s in titled}  # the sections printed above
        mention = re.compile(rf"\b{re.escape(w.rstrip('s'))}(s|es)?\b", re.IGNORECASE)  # a whole word
        more = [s.title for s in self.sections
                if s.title not in shown | {TERMINAL_SECTION} and mention.search(s.text)]  # its `? shield` is no rule
        if more:
            out.append(textwrap.fill("See also the rules on: " + ", ".join(more) + f" ({whole} shows them all).", width))
        return "\n".join(out).rstrip() or None

    def to_text(self, width: int = 80) -> str:
        """The whole guide as plain text wrapped to `width` (what `cardarena rules GAME` pages)."""
        out = [self.title, "=" * len(self.title), ""]
        for s in self.sections:
            out += [s.title, "-" * len(s.title), reflow(s.text, width), ""]
        for title, table in (("Terms", self.terms), ("What the game asks you", self.decisions),
                             ("What the play-by-play reports", self.events)):
            if table:
                out += [title, "-" * len(title)]
                out += [textwrap.fill(f"{k} — {v}", width, subsequent_indent="    ") for k, v in table.items()]
                out.append("")
        return "\n".join(out).rstrip() + "\n"


#: a line that starts an item of its own: "1. ", "- ", "step 2 — ", "Jammed — "
_MARKER = re.compile(r"(\d+\.\s|-\s|step \d+ — |[A-Z][\w'-]*(?: [\w'-]+){0,3} — )")


def reflow(text: str, width: int) -> str:
    """Join a paragraph's source lines into logical lines and wrap them to `width`, keeping lists,
    indented blocks and hanging indents (the TOML keeps short lines; terminals differ in width)."""
    paragraphs = []
    for para in text.strip("\n").split("\n\n"):
        logical: list[tuple[int, int, str]] = []  # (indent, hanging indent, text)
        for raw in para.split("\n"):
            body = raw.strip()
            ind = len(raw) - len(raw.lstrip())
            m = _MARKER.match(body)
            if logical and not m:
                p_ind, p_hang, p_text = logical[-1]
                if (p_hang > p_ind and ind > p_ind) or (p_hang == p_ind and ind == 0 == p_ind):
                    logical[-1] = (p_ind, p_hang, f"{p_text} {body}")
                    continue
            logical.append((ind, ind + (len(m.group(0)) if m else 0), body))
        paragraphs.append("\n".join(
            textwrap.fill(t, max(20, width), initial_indent=" " * i, subsequent_indent=" " * h,
                          break_on_hyphens=False)
            for i, h, t in logical))
    return "\n\n".join(paragraphs)


class GuideError(CardArenaError):
    pass


@cache
def load_guide_from(package: str) -> Guide:
    """The guide of the game package `package` (e.g. `cardarena.games.aliens`)."""
    try:
        raw = files(package).joinpath("guide.toml").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        raise GuideError(f"{package} has no guide.toml: this game has no rules summary yet") from None
    try:
        return msgspec.convert(tomllib.loads(raw), Guide)
    except (tomllib.TOMLDecodeError, msgspec.ValidationError) as e:
        raise GuideError(f"{package}/guide.toml: {e}") from None


def load_guide(game: Any) -> Guide:
    """The guide of a Ruleset (or of a game id)."""
    if isinstance(game, str):
        from .core.registry import load_game

        game = load_game(game)
    return load_guide_from(type(game).__module__.rpartition(".")[0])


def seat_name(seat: int | None) -> str:
    return "nobody" if seat is None else f"P{seat + 1}"


def result_words(
    guide: Guide | None,
    winner: int | None,
    reason: str,
    turns: int,
    log: list[dict[str, Any]] | None = None,
) -> str:
    """'P1 wins: P2's three Aliens were knocked out (after 12 turns)' — the reason code never shows.

    With the log, an event of the reason's own type (e.g. `safety_cap`) can pick a finer text: the
    result `safety_cap.priority` is used when that event's fields include the value `priority`, and
    its fields may appear in the text ({rounds})."""
    loser = None if winner is None else 1 - winner
    fields: dict[str, Any] = {}
    template = None
    if guide is not None:
        # a reason that ends most games with a winner may word a draw apart (`life_points.draw`)
        template = (guide.results.get(f"{reason}.draw") if winner is None else None) or guide.results.get(reason)
        event = next((e for e in reversed(log or []) if e.get("type") == reason), None)
        if event is not None:
            fields = {k: v for k, v in event.items() if k != "type"}
            for v in event.values():
                if isinstance(v, str) and f"{reason}.{v}" in guide.results:
                    template = guide.results[f"{reason}.{v}"]
                    break
    template = template or reason.replace("_", " ")
    # the event's own fields may repeat these (frontline's turn_cap event has `turns`): ours are the result's
    names = {**fields, "winner": seat_name(winner), "loser": seat_name(loser), "turns": turns}
    try:
        why = template.format(**names)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        why = template
    head = "Draw" if winner is None else f"{seat_name(winner)} wins"
    word = guide.turn_word if guide is not None else "turn"
    return f"{head}: {why} (after {turns} {word}{'' if turns == 1 else 's'})"
