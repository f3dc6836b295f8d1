"""Deck files: one TOML format for every game.

    game = "aliens"
    format = "standard"
    name = "Solar Swarm"
    aliens = ["Name", "Name", "Name"]     # the game's leader list: heroes / aliens / armory
    [cards]
    "Card Name" = 3

Parsing reports every structural problem at once; the game's own legality (unknown names, counts,
format rules) is checked by `Ruleset.check_deck`, which also lists every reason.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import CardDataError, DeckError

if TYPE_CHECKING:
    from .cardfiles import CardFiles

#: keys a deck file may use for its leader list, by game
LEADER_KEYS = ("aliens", "heroes", "armory", "recruits", "pool")  # recruits, pool: circuits Limited


@dataclass(frozen=True)  # starters are shared by every caller: a change makes a new Deck (dataclasses.replace)
class Deck:
    game: str
    name: str
    format: str | None = None
    leaders: dict[str, list[str]] = field(default_factory=dict)
    cards: dict[str, int] = field(default_factory=dict)
    source: str = "<deck>"

    @property
    def size(self) -> int:
        return sum(self.cards.values())

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"game": self.game, "name": self.name}
        if self.format:
            d["format"] = self.format
        d.update({k: list(v) for k, v in self.leaders.items()})
        d["cards"] = dict(self.cards)
        return d

    def to_toml(self) -> str:
        def q(s: str) -> str:
            return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

        lines = [f"game = {q(self.game)}"]
        if self.format:
            lines.append(f"format = {q(self.format)}")
        lines.append(f"name = {q(self.name)}")
        for k, names in self.leaders.items():
            lines.append(f"{k} = [" + ", ".join(q(n) for n in names) + "]")
        lines.append("")
        lines.append("[cards]")
        for n, c in self.cards.items():
            lines.append(f"{q(n)} = {c}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_dict(cls, d: dict[str, Any], source: str = "<deck>") -> Deck:
        return parse_deck_data(d, source)


def parse_deck_data(data: dict[str, Any], source: str) -> Deck:
    problems: list[str] = []
    game = data.get("game")
    if game is not None and not isinstance(game, str):
        problems.append(f"`game` must be a string naming the game (for example game = \"aliens\"), got {game!r}")
        game = ""
    elif not game:
        problems.append("missing `game` (for example game = \"aliens\")")
        game = ""
    name = data.get("name", Path(source).stem)
    if not isinstance(name, str):
        problems.append("`name` must be a string")
        name = str(name)
    fmt = data.get("format")
    if fmt is not None and not isinstance(fmt, str):
        problems.append("`format` must be a string")
        fmt = None
    leaders: dict[str, list[str]] = {}
    for key in LEADER_KEYS:
        if key in data:
            v = data[key]
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                problems.append(f"`{key}` must be a list of card names")
            else:
                leaders[key] = list(v)
    cards: dict[str, int] = {}
    raw = data.get("cards", {})
    if not isinstance(raw, dict):
        problems.append("[cards] must be a table of \"Card Name\" = count")
        raw = {}
    for n, c in raw.items():
        if isinstance(c, bool) or not isinstance(c, int) or c < 1:
            problems.append(f"count of {n!r} must be a whole number ≥ 1, got {c!r}")
        else:
            cards[n] = c
    known = {"game", "name", "format", "cards", *LEADER_KEYS}
    for k in data:
        if k not in known:
            problems.append(f"unknown key `{k}` (expected: {', '.join(sorted(known))})")
    if problems:
        raise DeckError(source, problems)
    return Deck(game=game, name=name, format=fmt, leaders=leaders, cards=cards, source=source)


def parse_deck(text: str, source: str = "<deck>") -> Deck:
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))  # a byte-order mark, as some editors save one
    except tomllib.TOMLDecodeError as e:
        raise DeckError(source, [f"not valid TOML: {e}"]) from None
    except RecursionError:  # arrays or tables nested thousands deep: no deck file looks like that
        raise DeckError(source, ["not a deck file: its values are nested too deeply"]) from None
    return parse_deck_data(data, source)


def load_deck(path: str | Path) -> Deck:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DeckError(str(p), ["file not found"]) from None
    except (OSError, UnicodeDecodeError) as e:
        raise DeckError(str(p), [f"cannot read the file: {e}"]) from None
    return parse_deck(text, str(p))


def load_starters(package: str, folder: str = "starters",
                  check: Callable[[Deck], list[str]] | None = None) -> dict[str, Deck]:
    """The starter decks shipped in a game package, by file stem (e.g. `wildfire_assault`).

    With `check` (the game's deck check), a starter that is not legal is a CardDataError naming its
    file: starters name cards by name, so a card renamed or removed from the pool (or changed so that
    a starter breaks a deck rule) must be changed in the starters too. Found here, before any game,
    rather than in the middle of one whose automaton believes the opponent brought that starter."""
    from importlib.resources import files

    out: dict[str, Deck] = {}
    root = files(package).joinpath(folder)
    game = package.rsplit(".", 1)[-1]
    for p in sorted(root.iterdir(), key=lambda p: p.name):
        if p.name.endswith(".toml"):
            label = f"{game}/{folder}/{p.name}"
            deck = out[p.name.removesuffix(".toml")] = parse_deck(p.read_text(encoding="utf-8"), label)
            problems = check(deck) if check is not None else []
            if problems:
                lines = "\n".join(f"  - {x}" for x in problems)
                raise CardDataError(f"{label}: the starter does not fit the card pool ({len(problems)} problem(s); "
                                    f"a renamed or removed card must be changed in the starters too):\n{lines}")
    return out


def starters_with(package: str, files: CardFiles | None, check: Callable[[Deck], list[str]]) -> dict[str, Deck]:
    """`load_starters` checked against a pool with card files (docs/cards.md): a starter the files
    break is the same error, saying which card files were given."""
    try:
        return load_starters(package, check=check)
    except CardDataError as e:
        if files is None:
            raise
        raise CardDataError(f"{e}\n(with the cards of {files.label}: a card file may not rename a card a starter "
                            "names, nor change it so that the starter breaks a deck rule; to try a card under "
                            "another name, add it as a new card, with an id of its own)") from None
