"""Loading a game's card pool from TOML data, validated by the game's msgspec schema.

Each file under `games/<id>/cards/` holds `[[cards]]` tables. A problem names the file, the card
and the field, e.g. `aliens/cards/pyrrhid.toml: card 'Ember Lash': Expected `int`, got `str` - at
`effects[0].amount``; a misspelled field or value also lists what the schema accepts there.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable, Iterable
from importlib.resources import files
from typing import Any, TypeVar

import msgspec
import msgspec.inspect as mi

from .errors import CardDataError

T = TypeVar("T")


class CardList(list[Any]):
    """A pool's card definitions in file order, remembering the file each came from, so that a check
    of the whole pool (two cards with one name, a card naming a missing card) names the file too."""

    def __init__(self, cards: Iterable[Any] = (), labels: Iterable[str] = ()) -> None:
        super().__init__(cards)
        self.labels: dict[int, str] = {id(c): label for c, label in zip(self, labels, strict=False)}

    def label(self, card: Any) -> str | None:
        return self.labels.get(id(card))


def where(game: str, cards: Iterable[Any], card: Any, name: str | None = None) -> str:
    """`<file>: card '<name>'` for an error about `card` of a pool (`<game>: card ...` without a file)."""
    label = cards.label(card) if isinstance(cards, CardList) else None
    return f"{label or game}: card {card.name if name is None else name!r}"


def _resource_files(package: str, folder: str) -> list[Any]:
    root = files(package).joinpath(folder)
    return sorted((p for p in root.iterdir() if p.name.endswith(".toml")), key=lambda p: p.name)


def load_card_tables(package: str, folder: str = "cards") -> list[tuple[str, dict[str, Any]]]:
    """(file label, raw table) for every card of a game package, in file order."""
    out: list[tuple[str, dict[str, Any]]] = []
    for p in _resource_files(package, folder):
        label = f"{package.rsplit('.', 1)[-1]}/{folder}/{p.name}"
        out.extend(parse_card_file(p.read_text(encoding="utf-8"), label))
    return out


def parse_card_file(text: str, label: str) -> list[tuple[str, dict[str, Any]]]:
    """(label, raw table) for every `[[cards]]` table of one card file's text (a package file or a
    card file given with `--cards`); CardDataError names `label`."""
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))  # a byte-order mark, as some editors save one
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(f"{label}: not valid TOML: {e}") from None
    except RecursionError:  # arrays or tables nested thousands deep: no card file looks like that
        raise CardDataError(f"{label}: not a card file: its values are nested too deeply") from None
    tables = data.get("cards")
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise CardDataError(f"{label}: expected [[cards]] tables")
    others = [k for k in data if k != "cards"]
    if others:  # a `[[card]]` table would otherwise be read as nothing, and its card silently left out
        raise CardDataError(f"{label}: unknown table or key {others[0]!r}: a card file holds only [[cards]] "
                            "tables (a card's own tables are [cards.ability], [cards.charge]...)")
    return [(label, t) for t in tables]


def _who(t: Any, n: int) -> str:
    """How an error names a raw card table: its name, else its id, else its place in the file."""
    if isinstance(t, dict):
        if isinstance(t.get("name"), str) and t["name"].strip():
            return f"card {t['name']!r}"
        if isinstance(t.get("id"), str) and t["id"].strip():
            return f"card with id {t['id']!r}"
    return f"card #{n} of the file"


def convert_cards(tables: Iterable[tuple[str, dict[str, Any]]], schema: Any) -> CardList:
    """Validate every raw table against `schema` (a msgspec type, usually a tagged union)."""
    cards: list[Any] = []
    labels: list[str] = []
    count: dict[str, int] = {}
    for label, t in tables:
        count[label] = n = count.get(label, 0) + 1
        who = _who(t, n)
        try:
            card = msgspec.convert(t, schema)
        except msgspec.ValidationError as e:
            raise CardDataError(f"{label}: {who}: {_explain(str(e), t, schema)}") from None
        for field in ("id", "name"):
            value = getattr(card, field, None)
            if isinstance(value, str) and (not value.strip() or value != value.strip()):
                problem = "is empty" if not value.strip() else "starts or ends with a space"
                raise CardDataError(f"{label}: {who}: `{field}` {problem}: {value!r}")
        cards.append(card)
        labels.append(label)
    return CardList(cards, labels)


# -- making msgspec's messages say what the schema accepts ------------------------------------------

_AT = re.compile(r" - at `\$(?P<path>[^`]*)`$")
_PART = re.compile(r"\.(\w+)|\[(\d+)\]")


def _explain(msg: str, table: Any, schema: Any) -> str:
    """msgspec's message with the field path as `effects[0].amount`, and for an unknown field, a
    value not among the accepted ones, or a missing `kind`, what is accepted there."""
    m = _AT.search(msg)
    path = m.group("path") if m else ""
    head = msg[: m.start()] if m else msg
    steps: list[str | int] = [s if s else int(i) for s, i in _PART.findall(path)]
    hint = ""
    try:
        node, raw = _walk(mi.type_info(schema), table, steps)
        hint = _hint(head, node, raw)
    except Exception:  # a hint is a courtesy: never hide the schema's own message behind a bug here
        hint = ""
    where_ = f" - at `{path.lstrip('.')}`" if path else ""
    return f"{head}{where_}{hint}"


def _struct_of(node: Any, raw: Any) -> Any:
    """The struct type a raw value converts to: a union picks by its tag, an optional by its struct."""
    if isinstance(node, mi.UnionType):
        structs = [t for t in node.types if isinstance(t, mi.StructType)]
        if len(structs) == 1:
            return structs[0]
        tagged = [t for t in structs if t.tag_field and isinstance(raw, dict) and raw.get(t.tag_field) == t.tag]
        return tagged[0] if tagged else node
    return node


def _walk(node: Any, raw: Any, steps: list[str | int]) -> tuple[Any, Any]:
    for step in steps:
        node = _struct_of(node, raw)
        if isinstance(node, mi.UnionType) and step in {getattr(t, "tag_field", None) for t in node.types}:
            return node, raw.get(step) if isinstance(raw, dict) else None  # a tag no struct of the union has
        if isinstance(step, str) and isinstance(node, mi.StructType):
            node = next(f.type for f in node.fields if f.encode_name == step)
            raw = raw.get(step) if isinstance(raw, dict) else None
        elif isinstance(step, int):
            if isinstance(node, mi.TupleType):
                node = node.item_types[step]
            else:
                node = node.item_type
            raw = raw[step] if isinstance(raw, list) and step < len(raw) else None
        else:
            raise LookupError(step)
    return _struct_of(node, raw), raw


def _choices(values: Iterable[str], wrong: str) -> str:
    values = list(values)
    close = difflib.get_close_matches(wrong, values, n=1, cutoff=0.6)
    mean = f"did you mean {close[0]!r}? " if close else ""
    return f" ({mean}one of: {', '.join(values)})"


def _hint(head: str, node: Any, raw: Any) -> str:
    if head.startswith("Object contains unknown field"):
        if not isinstance(node, mi.StructType):
            return ""
        wrong = head.split("`")[1]
        names = [f.encode_name for f in node.fields]
        close = difflib.get_close_matches(wrong, names, n=1, cutoff=0.6)
        mean = f"did you mean `{close[0]}`? " if close else ""
        return f" ({mean}fields here: {', '.join(names)})"
    if head.startswith("Invalid enum value") or head.startswith("Invalid value"):
        if isinstance(node, mi.LiteralType):
            return _choices((str(v) for v in node.values), str(raw))
        if isinstance(node, mi.UnionType):  # the tag of a tagged union: the `kind` of a card
            tags = [str(t.tag) for t in node.types if isinstance(t, mi.StructType) and t.tag is not None]
            if tags:
                return _choices(tags, str(raw))
            # an optional value of a few (`cls: HeroClass | None`): the values it may take
            values = [str(v) for t in node.types if isinstance(t, mi.LiteralType) for v in t.values]
            if values:
                return _choices(values, str(raw))
        return ""
    if head.startswith("Object missing required field"):
        wanted = head.split("`")[1]
        if isinstance(node, mi.UnionType):
            tags = [str(t.tag) for t in node.types
                    if isinstance(t, mi.StructType) and t.tag is not None and t.tag_field == wanted]
            if tags:
                return f" (one of: {', '.join(tags)})"
    return ""


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
    data error naming the card, its file and the file of the other."""
    by_name: dict[str, Any] = {}
    by_id: dict[str, Any] = {}

    def other(c: Any) -> str:
        label = cards.label(c) if isinstance(cards, CardList) else None
        return f"id {c.id!r}" + (f" in {label}" if label else "")

    for c in cards:
        n = c.name if name is None else name(c)
        if n in by_name:
            raise CardDataError(f"{where(game, cards, c, n)}: two cards are named {n!r} (the other: "
                                f"{other(by_name[n])}); a name is unique in a game's pool")
        if c.id in by_id:
            raise CardDataError(f"{where(game, cards, c, n)}: two cards have the id {c.id!r} (the other: "
                                f"{by_id[c.id].name!r}{other(by_id[c.id]).removeprefix(f'id {c.id!r}')}); "
                                "an id is unique in a game's pool")
        by_name[n] = c
        by_id[c.id] = c
    return by_name, by_id
