"""Each game's rules as numbered items (`games/<id>/rule_items.md`, shipped with the package): what a
message, a guide section, a test (`# rule aliens.2.1`) or a ruling cites. `cardarena rules GAME ITEM`
prints them, so every rule id a user reads can be looked up without the rulebook."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from .core.errors import CardArenaError

_SECTION = re.compile(r"^## (.+)$")
_ITEM = re.compile(r"^- \*\*([a-z]+\.(?:\d+(?:\.\d+)+|gap\.\d+))\*\* (.*)$")


class RuleItemError(CardArenaError):
    pass


@dataclass(frozen=True)
class RuleItem:
    id: str  # "aliens.2.1", "aliens.gap.9"
    section: str  # "§2 Deck construction", "Gaps the rulebook leaves open"
    text: str


def _package(game: str) -> str:
    from .core.registry import load_game

    return type(load_game(game)).__module__.rpartition(".")[0]


@cache
def rule_items(game: str) -> dict[str, RuleItem]:
    """Every rule item of `game` by id, in the rulebook's order ({} for a game that ships none)."""
    path = files(_package(game)).joinpath("rule_items.md")
    if not path.is_file():
        return {}
    out: dict[str, RuleItem] = {}
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := _SECTION.match(line):
            section = m.group(1).strip()
        elif m := _ITEM.match(line):
            out[m.group(1)] = RuleItem(m.group(1), section, m.group(2).strip())
    return out


_RULING_ROW = re.compile(r"^\| (\d+)(?:–(\d+))? \| (.+?) \|", re.M)


@cache
def rulings(game: str) -> dict[int, str]:
    """The project's ruling on each open point (`games/<id>/rulings.md`, also docs/rulings/<id>.md), by gap
    number: the text of its row in the rulings table, a row ruling a range ("10–19") for each of them."""
    path = files(_package(game)).joinpath("rulings.md")
    if not path.is_file():
        return {}
    out: dict[int, str] = {}
    for a, b, text in _RULING_ROW.findall(path.read_text(encoding="utf-8")):
        for n in range(int(a), int(b or a) + 1):
            out.setdefault(n, text.replace("**", "").strip())
    return out


def ruling_of(item: RuleItem) -> str | None:
    """The project's ruling on an open point (`aliens.gap.9`), None for a rule item or an unruled gap."""
    game, _, rest = item.id.partition(".")
    if not rest.startswith("gap."):
        return None
    return rulings(game).get(int(rest.removeprefix("gap.")))


def find_items(game: str, query: str) -> list[RuleItem]:
    """The items `query` names: one id (`aliens.2.1`, `2.1`, `gap.9`), or a section or a part of one
    (`2`, `8.2`, `gap`: every item under it). RuleItemError, with the ids meant, if none."""
    items = rule_items(game)
    if not items:
        raise RuleItemError(f"{game} ships no numbered rule items")
    q = query.strip().lower().removeprefix("rule").strip().removeprefix("§")
    full = q if q.startswith(f"{game}.") else f"{game}.{q}"
    if full in items:
        return [items[full]]
    under = [it for key, it in items.items() if key.startswith(full + ".")]
    if under:
        return under
    near = difflib.get_close_matches(full, list(items), n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(near)}?" if near else f" (ids run from {next(iter(items))} to {list(items)[-1]})"
    raise RuleItemError(f"{game} has no rule item {query.strip()!r}{hint}")
