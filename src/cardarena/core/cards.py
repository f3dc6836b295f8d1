"""Loading a game's card pool from TOML data, validated by the game's msgspec schema.

Each file under `games/<id>/cards/` holds `[[cards]]` tables. A problem names the file, the card
and the field, e.g. `aliens/cards/pyrrhid.toml: card "Ember Lash": effects[0].amount: Expected int`.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Callable, Iterable
from importlib.resources import files
from typing import Any, TypeVar

import msgspec

from .errors import CardDataError

T = TypeVar("T")


def _resource_files(package: str, folder: str) -> list[Any]:
    root = files(package).joinpath(folder)
    return sorted((p for p in root.iterdir() if p.name.endswith(".toml")), key=lambda p: p.name)


def load_card_tables(package: str, folder: str = "cards") -> list[tuple[str, dict[str, Any]]]:
    """(file label, raw table) for every card of a game package, in file order."""
    out: list[tuple[str, dict[str, Any]]] = []
    for p in _resource_files(package, folder):
        label = f"{package.rsplit('.', 1)[-1]}/{folder}/{p.name}"
        try:
            data = tomllib.loads(p.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as e:
            raise CardDataError(f"{label}: not valid TOML: {e}") from None
        tables = data.get("cards")
        if not isinstance(tables, list):
            raise CardDataError(f"{label}: expected [[cards]] tables")
        out.extend((label, t) for t in tables)
    return out


def convert_cards(tables: Iterable[tuple[str, dict[str, Any]]], schema: Any) -> list[Any]:
    """Validate every raw table against `schema` (a msgspec type, usually a tagged union)."""
    cards = []
    for label, t in tables:
        who = f"card {t.get('name', '?')!r}"
        try:
            cards.append(msgspec.convert(t, schema))
        except msgspec.ValidationError as e:
            msg = str(e)
            # msgspec names the field as `$.effects[0].amount`; show it as effects[0].amount
            msg = msg.replace("at `$.", "at `").replace("at `$`", "at the card table")
            raise CardDataError(f"{label}: {who}: {msg}") from None
    return cards


def closest_names(name: str, names: Iterable[str], n: int = 3) -> list[str]:
    pool = list(names)
    by_lower = {x.lower(): x for x in pool}
    hits = difflib.get_close_matches(name.lower(), list(by_lower), n=n, cutoff=0.5)
    return [by_lower[h] for h in hits]


def unknown_card_message(name: str, names: Iterable[str]) -> str:
    close = closest_names(name, names)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"unknown card {name!r}{hint}"


def card_info(card: Any) -> dict[str, Any]:
    """Every field of a card definition, JSON-able, with its `kind` (alien, tactic, hero, gear...)."""
    info: dict[str, Any] = msgspec.to_builtins(card)
    info["kind"] = type(card).__name__.removesuffix("Card").lower()
    return info


def index_cards(game: str, cards: list[Any], name: Callable[[Any], str] | None = None
                ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A pool's cards by name (or by `name(card)`) and by id; two cards with one name or one id are a
    data error naming the game."""
    by_name: dict[str, Any] = {}
    by_id: dict[str, Any] = {}
    for c in cards:
        n = c.name if name is None else name(c)
        if n in by_name:
            raise CardDataError(f"{game}: two cards are named {n!r}")
        if c.id in by_id:
            raise CardDataError(f"{game}: two cards have the id {c.id!r} ({n!r})")
        by_name[n] = c
        by_id[c.id] = c
    return by_name, by_id
