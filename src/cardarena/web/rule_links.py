"""Rule ids as links. Every id the site prints — a guide section's citations, a deck's problems
("(rule aliens.2.3)", "(rules frontline.2.1–2.3)", mastery's "(ruling gap.3)"), an error page — links
to its item on the game's rules page (`/learn/<game>/rules#<id>`), which lists every item of
`games/<id>/rule_items.md` by section: a web user reads what a message cites without the rulebook
or `cardarena rules GAME ITEM`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from markupsafe import Markup, escape

from ..core.registry import game_ids
from ..guide import Guide
from ..rule_items import rule_items, ruling_of

#: a citation's word, an id with its game ("aliens.2.1", "mastery.gap.3") or without ("2.3", "gap.3")
_TOKEN = re.compile(r"(?P<word>\b(?i:rul(?:e|es|ing|ings))\b)"
                    r"|\b(?:(?P<game>(?!gap\.)[a-z]+)\.)?(?P<num>gap\.\d+|\d+(?:\.\d+)*)\b")
#: what may stand between the ids of one citation: "rules 3.4, 17.6", "2.1–2.3", "8.1 and 8.2", "1.1; ruling"
_BETWEEN = re.compile(r"\s*(?:[,;&–-]|\band\b|\bor\b|\s)*\s*")
_SECTION_NO = re.compile(r"^§\s*([\d.]+)")


def rules_url(game: str) -> str:
    return f"/learn/{game}/rules"


@cache
def anchors(game: str) -> frozenset[str]:
    """The ids the rules page of `game` gives an anchor: every item, and every section that has a
    number (`aliens.2`, `circuits.8.1`, `aliens.gap`: what "rule 14" or `cardarena rules GAME 2` names)."""
    items = rule_items(game)
    return frozenset(items) | {a for s in rule_sections(game, None) if (a := s.anchor)}


def cited_parts(text: str, game: str | None = None) -> list[tuple[str, str | None]]:
    """`text` cut into pieces, each with the address of the rule item it names (None for plain text).
    An id with its game is linked wherever it stands; one without ("rule 8.1.4", the "16.9" of
    "rules circuits.7.9, 16.9", mastery's "ruling gap.3") only inside a citation, of `game` or of the
    citation's first id. Only ids the game has are linked: a number is never guessed to be a rule."""
    games = set(game_ids())
    parts: list[tuple[str, str | None]] = []
    done = 0
    citing: str | None = None  # the game of the citation the scan is inside, if any
    last_end = 0
    for m in _TOKEN.finditer(text):
        if citing is not None and not _BETWEEN.fullmatch(text, last_end, m.start()):
            citing = None
        last_end = m.end()
        if m.group("word"):
            citing = game or ""
            continue
        named, num = m.group("game"), m.group("num")
        if named is not None and named not in games:
            citing = None
            continue
        of = named or citing
        if not of or f"{of}.{num}" not in anchors(of):
            citing = None
            continue
        if named is not None:
            citing = named
        rid = f"{of}.{num}"
        parts.append((text[done:m.start()], None))
        parts.append((m.group(0), f"{rules_url(of)}#{rid}"))
        done = m.end()
    parts.append((text[done:], None))
    return [(t, href) for t, href in parts if t]


def rule_links(text: object, game: str | None = None) -> Markup:
    """The Jinja filter: `text` escaped, with each rule id it cites a link (class `rule-ref`)."""
    return Markup("").join(Markup('<a class="rule-ref" href="{}">{}</a>').format(href, t) if href else escape(t)
                           for t, href in cited_parts(str(text), game))


@dataclass
class ItemRow:
    id: str
    text: str
    #: the guide sections that summarize the item: (title, address on the Learn page)
    guide: list[tuple[str, str]] = field(default_factory=list)
    #: the open point's number, for an item of the gaps the rulebook leaves (`aliens.gap.9` -> 9)
    gap: int | None = None
    #: the project's ruling on that open point (games/<id>/rulings.md), if it has one
    ruling: str | None = None


@dataclass
class SectionRow:
    title: str
    anchor: str | None  # `aliens.2`, `circuits.8.1`, `aliens.gap`; None for a section with no number
    items: list[ItemRow] = field(default_factory=list)


def rule_sections(game: str, guide: Guide | None) -> list[SectionRow]:
    """Every rule item of `game`, by section in the rulebook's order, each with the guide sections
    (titles and Learn-page anchors `#s<N>`) that cite it."""
    cited: dict[str, list[tuple[str, str]]] = {}
    for i, s in enumerate(guide.sections if guide else [], start=1):
        for rid in s.rules:
            cited.setdefault(rid, []).append((s.title, f"/learn/{game}#s{i}"))
    out: list[SectionRow] = []
    for item in rule_items(game).values():
        if not out or out[-1].title != item.section:
            out.append(SectionRow(item.section, _section_anchor(game, item.id, item.section)))
        gap = int(item.id.rpartition(".")[2]) if ".gap." in item.id else None
        out[-1].items.append(ItemRow(item.id, item.text, cited.get(item.id, []), gap, ruling_of(item)))
    return out


def _section_anchor(game: str, first_id: str, title: str) -> str | None:
    if ".gap." in first_id:
        return f"{game}.gap"
    m = _SECTION_NO.match(title)
    return f"{game}.{m.group(1).rstrip('.')}" if m else None
