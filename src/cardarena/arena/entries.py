"""Contest entries: `AGENT:DECK` parsed, the agent spec and the deck checked before the entry is stored.

An entry is an agent spec as `cardarena.agents.make_agent` reads it (`random`, `ismcts:iters=200`,
`cmd:"python bot.py"`) followed by `:DECK`, a starter name or a deck file. The deck part is the last
`:`-separated part outside quotes when it names a starter or an existing file, so an agent whose own
spec has colons still reads right. No deck: the game's first starter (every entry then plays the same
cards and only the automatons differ).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..agents import make_agent
from ..core.decks import Deck, load_deck
from ..core.errors import CardArenaError, DeckError
from ..core.ruleset import Ruleset


class EntryError(CardArenaError):
    """One or more entries cannot enter: `problems` lists every reason, entry by entry."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"entries refused ({len(self.problems)} problem(s)):\n{lines}")


@dataclass(frozen=True)
class EntrySpec:
    """A checked entry, ready to store."""

    text: str
    agent: str
    deck_name: str
    deck: dict[str, Any]


def split_outside_quotes(text: str, sep: str = ":") -> list[str]:
    """`cmd:"python a:b.py":deck` -> `['cmd', '"python a:b.py"', 'deck']`."""
    parts: list[str] = []
    cur: list[str] = []
    quote = ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == sep:
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    parts.append("".join(cur))
    return parts


def _deck_candidate(game: Ruleset, part: str) -> bool:
    """Is this last part of an entry a deck (a starter name, or a path to a file)?"""
    part = part.strip()
    if not part or "=" in part or part[0] in "\"'":
        return False
    return part in game.starter_decks() or part.endswith(".toml") or Path(part).is_file()


def split_entry(game: Ruleset, text: str) -> tuple[str, str | None]:
    """`AGENT:DECK` -> (agent spec, deck or None)."""
    parts = split_outside_quotes(text.strip())
    if len(parts) >= 2 and _deck_candidate(game, parts[-1]):
        return ":".join(parts[:-1]).strip(), parts[-1].strip()
    return text.strip(), None


def _load(game: Ruleset, deck: str) -> Deck:
    starters = game.starter_decks()
    return starters[deck] if deck in starters else load_deck(deck)


def check_entry(game: Ruleset, text: str, fmt: str) -> tuple[EntrySpec | None, list[str]]:
    """The entry, or every reason it cannot enter (its agent spec and its deck are both checked)."""
    problems: list[str] = []
    agent, deck_part = split_entry(game, text)
    try:
        built = make_agent(agent, seed=0)
    except (ValueError, CardArenaError) as e:
        problems.append(f"{text!r}: {e}")
    else:
        close = getattr(built, "close", None)
        if callable(close):
            close()
    deck_name = deck_part or sorted(game.starter_decks())[0]
    try:
        deck = _load(game, deck_name)
    except DeckError as e:
        problems.extend(f"{text!r}: deck {e.source}: {p}" for p in e.problems)
        return None, problems
    if deck.game != game.id:
        problems.append(f"{text!r}: deck {deck.source} is a {deck.game or '?'} deck, not {game.id}")
    else:
        problems.extend(f"{text!r}: deck {deck.source}: {p}" for p in game.check_deck(deck, fmt))
    if problems:
        return None, problems
    label_deck = deck_part if deck_part in game.starter_decks() else (deck.name if deck_part else deck_name)
    return EntrySpec(text.strip(), agent, label_deck or deck.name, deck.to_dict()), []


def check_entries(game: Ruleset, texts: list[str], fmt: str) -> list[EntrySpec]:
    """Every entry checked; EntryError lists every reason of every refused one."""
    specs: list[EntrySpec] = []
    problems: list[str] = []
    for t in texts:
        spec, why = check_entry(game, t, fmt)
        problems.extend(why)
        if spec is not None:
            specs.append(spec)
    if problems:
        raise EntryError(problems)
    return specs


def unique_labels(existing: list[str], texts: list[str]) -> list[str]:
    """Labels for new entries: the entry text, with `#2`, `#3`... when the same text enters again."""
    taken = set(existing)
    out = []
    for t in texts:
        label, n = t, 1
        while label in taken:
            n += 1
            label = f"{t} #{n}"
        taken.add(label)
        out.append(label)
    return out
