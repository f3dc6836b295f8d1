"""Readable card text for the terminal, from any game's `card_info`: name, type, cost, stats, text.

Works on the JSON-able card dicts every Ruleset gives, so a new game's cards read well without code
here: the fields a player needs are picked by name, engine-only fields (effect lists, modifiers)
are left out, and nested parts with their own name and text (an Alien's ability, a Hero's Passive
and Ultimate) are shown as their own lines and can be inspected by their own name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.ruleset import Ruleset

#: fields shown as "label value" stats, in this order, when present and not empty
STATS = (
    ("affinity", "affinity"), ("species", "species"), ("circuits", "circuits"), ("slot", "slot"),
    ("atk", "ATK"), ("hp", "HP"), ("damage", "damage"), ("attack", "attack +"), ("reduce", "reduce damage by"),
    ("asset_hp", "Asset HP +"), ("guard", "Guard"), ("strike", "Strike"), ("plan_kind", "Kind"),
    ("super_effective", "also super-effective against"), ("legendary", "Legendary"),
    ("signature", "Signature of"), ("anomaly", "Anomaly (Open only)"),
)
#: fields whose value is a game's term, capitalised as its rulebook writes it (a circuits Plan's Kind:
#: "Kind Offense"; the card data keeps "offense")
TERMS = frozenset({"plan_kind"})
#: nested parts that carry their own name and text, by the key they sit under, and how to call them
PARTS = {"ability": "Ability", "passive": "Passive", "ultimate": "Ultimate"}


@dataclass(frozen=True)
class Entry:
    """One inspectable thing: a card, or a named part of a card (ability, Passive, Ultimate)."""

    name: str
    card: str  # the card it belongs to (itself for a card)
    part: str | None = None


def _kind(info: dict[str, Any]) -> str:
    kind = str(info.get("kind", "card"))
    sub = info.get("subtype") or info.get("type")
    if kind == "tactic" and sub:
        return f"{str(sub).capitalize()} Tactic"
    if kind == "spawn" and sub:
        return f"{str(sub).capitalize()} Spawn"
    if kind == "gear" and info.get("slot"):
        return f"Gear ({info['slot']})"
    return kind.capitalize()


def _stat(key: str, label: str, v: Any) -> str | None:
    if v in (None, "", 0, False, [], ()):
        return None
    if v is True:
        return label
    if isinstance(v, list | tuple):
        v = ", ".join(str(x) for x in v)
    if key in TERMS and isinstance(v, str):
        v = v[:1].upper() + v[1:]
    if label.endswith("+"):
        return f"{label}{v}"
    if key in ("atk", "hp", "damage"):
        return f"{v} {label}"
    return f"{label} {v}"


def display_name(info: dict[str, Any]) -> str:
    """A card's name as decks write it: a Variant as `Name (Variant)`."""
    v = info.get("variant")
    return f"{info['name']} ({v})" if v else str(info["name"])


def card_lines(info: dict[str, Any]) -> list[str]:
    """The card as a few readable lines (no reprs, no engine fields)."""
    head = f"{display_name(info)} — {_kind(info)}"
    if "cost" in info:  # a card without a cost (an Alien, a circuits Hero) has no such field
        head += f", cost {info['cost']}"
    lines = [head]
    stats = [s for k, label in STATS if (s := _stat(k, label, info.get(k))) is not None]
    if stats:
        lines.append("  " + " · ".join(stats))
    for key, label in PARTS.items():
        part = info.get(key)
        if isinstance(part, dict) and part.get("name"):
            lines.append("  " + part_line(label, part))
    charge = info.get("charge")
    if isinstance(charge, dict) and charge.get("text"):
        lines.append(f"  Charge {charge.get('cost', '')}: {charge['text']}")
    if info.get("text"):
        lines.append(f"  {info['text']}")
    return lines


def part_line(label: str, part: dict[str, Any]) -> str:
    kind = part.get("kind")
    bits = [("once per battle" if kind == "once" else str(kind))] if kind else []
    if part.get("cost"):
        bits.append(f"cost {part['cost']}")
    extra = f" ({', '.join(bits)})" if bits else ""
    return f"{label} — {part['name']}{extra}: {part.get('text', '')}"


class CardIndex:
    """Every card and named card part of a game, looked up case-insensitively by unique prefix."""

    def __init__(self, game: Ruleset) -> None:
        self.game = game
        self.infos: dict[str, dict[str, Any]] = {}
        self.entries: dict[str, Entry] = {}
        for name in game.card_names():
            info = game.card_info(name)
            self.infos[name] = info
            self.entries.setdefault(name.lower(), Entry(name, name))
            for key, label in PARTS.items():
                part = info.get(key)
                if isinstance(part, dict) and part.get("name"):
                    self.entries.setdefault(str(part["name"]).lower(), Entry(str(part["name"]), name, label))

    def names_in(self, data: Any) -> set[str]:
        """Every inspectable name mentioned anywhere in a view or in log events (only what is shown)."""
        found: set[str] = set()
        stack = [data]
        while stack:
            x = stack.pop()
            if isinstance(x, dict):
                stack.extend(x.values())
            elif isinstance(x, list | tuple):
                stack.extend(x)
            elif isinstance(x, str) and x.lower() in self.entries:
                found.add(self.entries[x.lower()].name)
        # a card on the board brings its named parts (an Alien's ability, a Hero's Passive, Ultimate)
        for n in list(found):
            info = self.infos.get(n)
            for key in PARTS:
                part = info.get(key) if info else None
                if isinstance(part, dict) and part.get("name"):
                    found.add(str(part["name"]))
        return found

    def find(self, query: str, shown: Iterable[str] = ()) -> tuple[Entry | None, list[str]]:
        """The entry `query` names (exact, else a unique prefix, else unique at the start of a later word:
        "oracle" finds Cinder Oracle, "zz" finds nothing rather than Blizzard Gust), preferring what is
        shown on the board; otherwise None and the candidates it could mean."""
        q = " ".join(query.split()).lower()
        if not q:
            return None, []
        if q in self.entries:
            return self.entries[q], []
        shown_l = {s.lower() for s in shown}
        at_word = re.compile(r"(?:^|[\s(\-/])" + re.escape(q))
        for pool in (shown_l, set(self.entries)):
            for match in (lambda k: k.startswith(q), lambda k: at_word.search(k) is not None):
                hits = sorted(k for k in pool if match(k) and k in self.entries)
                if len(hits) == 1:
                    return self.entries[hits[0]], []
                if hits:
                    return None, [self.entries[h].name for h in hits]
        return None, []

    def describe(self, entry: Entry) -> list[str]:
        info = self.infos[entry.card]
        if entry.part is None:
            return card_lines(info)
        key = next(k for k, v in PARTS.items() if v == entry.part)
        return [part_line(entry.part, info[key]), f"  (of {display_name(info)})"]
