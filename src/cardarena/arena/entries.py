"""Contest entries: `AGENT:DECK` parsed, the agent spec and the deck checked before the entry is stored.

An entry is an agent spec as `cardarena.agents.make_agent` reads it (`random`, `ismcts:iters=200`,
`cmd:"python3 bot.py"`) followed by `:DECK`, a starter name or a deck file, split the way the `match`
command splits a player. No deck: the game's first starter (every entry then plays the same cards
and only the automatons differ). An external bot is checked as far as it can be without a game (its
program and script files exist) and stored with its paths made absolute, so `contest run` starts it
from any folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..agents import make_agent, split_player_spec
from ..agents.external import bot_spec, display_name, pinned_spec
from ..core.decks import Deck, load_deck
from ..core.errors import CardArenaError, DeckError
from ..core.ruleset import Ruleset

#: the longest entry label and deck name the tables keep (models.Entry), and the longest agent spec
MAX_LABEL = 200
MAX_AGENT = 500


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


def split_entry(text: str) -> tuple[str, str | None]:
    """`AGENT[:params][:DECK]` -> (agent spec, deck or None), read as the `match` command reads a player."""
    return split_player_spec(text, "entry")


def _load(game: Ruleset, deck: str) -> Deck:
    starters = game.starter_decks()
    return starters[deck] if deck in starters else load_deck(deck)


def check_entry(game: Ruleset, text: str, fmt: str) -> tuple[EntrySpec | None, list[str]]:
    """The entry, or every reason it cannot enter (its agent spec and its deck are both checked)."""
    problems: list[str] = []
    try:
        agent, deck_part = split_entry(text)
    except ValueError as e:
        return None, [str(e)]
    label = text.strip()
    try:
        bot = bot_spec(agent)
        if bot is not None:
            # a bot that cannot start would lose every game: refused now, with the reason
            problems.extend(f"{text!r}: {p}" for p in bot.problems())
            label = display_name(label, bot)
            agent = pinned_spec(agent)  # its paths absolute: `contest run` may start in another folder
    except ValueError as e:
        return None, [f"{text!r}: {e}"]
    if len(agent) > MAX_AGENT:
        return None, [f"{text[:60]!r}...: the agent spec is longer than {MAX_AGENT} characters"]
    try:
        built = make_agent(agent, seed=0)
    except (ValueError, CardArenaError) as e:
        problems.append(f"{text!r}: {e}")
    else:
        close = getattr(built, "close", None)
        if callable(close):
            close()
    deck_name = deck_part or default_starter(game, fmt)
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
    return EntrySpec(label, agent, label_deck or deck.name, deck.to_dict()), []


def default_starter(game: Ruleset, fmt: str) -> str:
    """The deck of an entry that names none: the first starter legal in the contest's format (a circuits
    Squad contest gets a Squad starter), else the first starter, whose problems are then reported."""
    starters = game.starter_decks()
    names = sorted(starters)
    return next((n for n in names if not game.check_deck(starters[n], fmt)), names[0])


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
    """Labels for new entries: the entry text (at most MAX_LABEL characters), with `#2`, `#3`... when the
    same text enters again."""
    taken = set(existing)
    out = []
    for t in texts:
        label, n = t[:MAX_LABEL], 1
        while label in taken:
            n += 1
            label = f"{t[:MAX_LABEL - len(f' #{n}')]} #{n}"
        taken.add(label)
        out.append(label)
    return out
