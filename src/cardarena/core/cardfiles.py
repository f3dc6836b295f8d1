"""Card files given beside a game's own cards (`--cards FILE`, docs/cards.md "Trying cards without
editing the package").

A card file holds `[[cards]]` tables in the game's own format. A table whose `id` is the id of a card
of the package replaces that card, in its place; a table with a new id adds a card, after the
package's. The merged tables then go through the game's schema and pool checks exactly as the
package's own files do, so a mistake is the same message naming the card file and the card.

`CardFiles` is a value: the files' names and texts. It is hashable, so that a game loaded with it
(`load_game(id, cards=...)`) and its card pool are cached by content, never mixed with the package's
pool; it travels to `sim` workers with each task and into a game's config, a replay file and a run's
`run.json` as `to_dict()`, so that a replay or a resumed run is played with the same cards.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from .cards import parse_card_file
from .errors import CardDataError


class CardFiles:
    """The texts of one or more card files, by the name they were given under (their label in errors)."""

    def __init__(self, files: Iterable[tuple[str, str]]) -> None:
        self.files: tuple[tuple[str, str], ...] = tuple((str(n), str(t)) for n, t in files)
        if not self.files:
            raise ValueError("CardFiles needs at least one file")

    # -- identity ------------------------------------------------------------------------------
    @cached_property
    def sha256(self) -> str:
        """The hash of the texts alone, in order: what decides the games (a renamed copy plays the same)."""
        h = hashlib.sha256()
        for _, text in self.files:
            b = text.encode("utf-8")
            h.update(len(b).to_bytes(8, "big"))
            h.update(b)
        return h.hexdigest()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardFiles) and (self is other or self.files == other.files)

    def __hash__(self) -> int:
        return hash(self.files)

    def __repr__(self) -> str:
        return f"CardFiles({self.label!r}, sha256={self.sha256[:12]})"

    def __reduce__(self) -> tuple[Any, ...]:  # to `sim` workers (processes, Ray): the names and texts
        return (CardFiles, (self.files,))

    @property
    def names(self) -> list[str]:
        return [n for n, _ in self.files]

    @property
    def label(self) -> str:
        """How a person names them: the files' names, e.g. `whip.toml` or `a.toml, b.toml`."""
        return ", ".join(self.names)

    @property
    def short(self) -> str:
        """The names and the start of the hash: `whip.toml (sha256 1a2b3c4d5e6f)` (a row's `card_file`)."""
        return f"{self.label} (sha256 {self.sha256[:12]})"

    # -- reading -------------------------------------------------------------------------------
    @classmethod
    def read(cls, paths: Sequence[str | Path]) -> CardFiles | None:
        """The card files at `paths` (None for none). A missing or unreadable file is a CardDataError;
        the tables are read (TOML, `[[cards]]` only) here too, so a broken file stops a command before
        anything else."""
        files: list[tuple[str, str]] = []
        for path in paths:
            p = Path(path)
            try:
                text = p.read_text(encoding="utf-8")
            except FileNotFoundError:
                raise CardDataError(f"{p}: card file not found") from None
            except IsADirectoryError:
                raise CardDataError(f"{p}: is a folder; --cards takes a card file (TOML with [[cards]] tables)") from None
            except (OSError, UnicodeDecodeError) as e:
                raise CardDataError(f"{p}: cannot read the card file: {e}") from None
            files.append((str(path), text))
        if not files:
            return None
        out = cls(files)
        out.tables()
        return out

    def tables(self) -> list[tuple[str, dict[str, Any]]]:
        """(file name, raw table) of every card of the files, in order."""
        return list(_tables(self))

    def ids(self) -> list[str]:
        """The ids of the files' cards, in order (each checked by `merge`)."""
        return [t["id"] for _, t in self.tables() if isinstance(t.get("id"), str)]

    # -- recording ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """JSON: each file's name, hash and text, and the hash of them all (a game's config, a replay,
        a run's run.json)."""
        return {"sha256": self.sha256,
                "files": [{"name": n, "sha256": hashlib.sha256(t.encode("utf-8")).hexdigest(), "text": t}
                          for n, t in self.files]}

    @classmethod
    def from_dict(cls, data: Any, where: str = "the record") -> CardFiles:
        """Back from `to_dict()`; CardDataError says what is wrong with an edited record (a text that
        does not match its hash included)."""
        files = data.get("files") if isinstance(data, Mapping) else None
        if not isinstance(files, list) or not files or not all(
                isinstance(f, Mapping) and isinstance(f.get("name"), str) and isinstance(f.get("text"), str)
                for f in files):
            raise CardDataError(f"{where}: `cards` should hold `files`, each with its `name` and `text`")
        out = cls((f["name"], f["text"]) for f in files)
        if isinstance(data.get("sha256"), str) and data["sha256"] != out.sha256:
            raise CardDataError(f"{where}: the card files' texts do not match their recorded sha256 (edited?)")
        return out

    @staticmethod
    def from_config(config: Mapping[str, Any]) -> CardFiles | None:
        """The card files a game was set up with (its config's `cards`), None for the package's cards."""
        data = config.get("cards")
        if data is None:
            return None
        try:
            return _from_record(str(data.get("sha256", "")), tuple((f["name"], f["text"]) for f in data["files"]))
        except (AttributeError, KeyError, TypeError, ValueError):
            return CardFiles.from_dict(data, "the game's config")  # says what is wrong with it

    @staticmethod
    def sha_of(config: Mapping[str, Any]) -> str:
        """The card files' hash in a game's config ("" for the package's cards): cheap, for cache keys."""
        data = config.get("cards")
        return "" if data is None else str(data.get("sha256", ""))


@lru_cache(maxsize=64)
def _from_record(sha: str, files: tuple[tuple[str, str], ...]) -> CardFiles:
    return CardFiles(files)


@lru_cache(maxsize=64)
def _tables(files: CardFiles) -> tuple[tuple[str, dict[str, Any]], ...]:
    out: list[tuple[str, dict[str, Any]]] = []
    for name, text in files.files:
        out.extend(parse_card_file(text, name))
    return tuple(out)


def _who(t: dict[str, Any], n: int) -> str:
    if isinstance(t.get("name"), str) and t["name"].strip():
        return f"card {t['name']!r}"
    return f"card #{n} of the file"


def merge(package: list[tuple[str, dict[str, Any]]], files: CardFiles | None) -> list[tuple[str, dict[str, Any]]]:
    """The package's card tables with those of `files`: a table with the id of a package card replaces
    it in its place, one with a new id is added at the end (in the files' order). Each card of a card
    file needs its `id`, and two of them may not share one; a new card with the name of a package card
    is refused, pointing at the id that would replace it. The merged tables are then validated by the
    game as its own."""
    if files is None:
        return package
    where: dict[str, int] = {}
    names: dict[tuple[Any, Any], tuple[str, str]] = {}  # (name, variant) -> (id, file) of package cards
    for i, (label, t) in enumerate(package):
        if isinstance(t.get("id"), str):
            where[t["id"]] = i
            names.setdefault((t.get("name"), t.get("variant")), (t["id"], label))
    out = list(package)
    seen: dict[str, str] = {}
    count: dict[str, int] = {}
    new: list[tuple[str, dict[str, Any], int]] = []
    for label, t in files.tables():
        count[label] = n = count.get(label, 0) + 1
        cid = t.get("id")
        if not isinstance(cid, str) or not cid.strip():
            raise CardDataError(f"{label}: {_who(t, n)}: a card of a card file needs its `id`: the id of the "
                                "package card it replaces, or a new id for a new card")
        if cid in seen:
            raise CardDataError(f"{label}: {_who(t, n)}: two cards of the card files have the id {cid!r} (the "
                                f"other in {seen[cid]}); give each card once")
        seen[cid] = label
        if cid in where:
            out[where[cid]] = (label, t)
        else:
            new.append((label, t, n))
    for label, t, n in new:
        same = names.get((t.get("name"), t.get("variant")))
        if same is not None and same[0] not in seen:  # (a package card renamed by the files frees its name)
            raise CardDataError(f"{label}: {_who(t, n)}: its id {t['id']!r} is new, but the package has a card "
                                f"of that name (id {same[0]!r} in {same[1]}): a card file replaces the card "
                                f"whose `id` it gives, so write id = {same[0]!r} to change that card, or give a "
                                "new card a name of its own")
        out.append((label, t))
    return out


_TABLE_START = re.compile(r"^\[\[\s*cards\s*\]\]\s*(#.*)?$")


def card_block(text: str, card_id: str) -> str | None:
    """The `[[cards]]` table of the card `card_id` as it is written in a card file's text (its comments
    inside included): a card file of that one card, to copy and change. None if no table of the text
    reads back as that card's (the block is checked by reading it)."""
    lines = text.removeprefix("\ufeff").splitlines()
    starts = [i for i, line in enumerate(lines) if _TABLE_START.match(line.strip())]
    try:
        tables = [t for _, t in parse_card_file(text, "")]
    except CardDataError:
        return None
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        block = lines[start:end]
        while block and (not block[-1].strip() or block[-1].lstrip().startswith("#")):
            block.pop()  # a comment before the next table belongs to it (or to the next section)
        out = "\n".join(block) + "\n"
        try:
            got = [t for _, t in parse_card_file(out, "")]
        except CardDataError:
            continue
        if len(got) == 1 and got[0].get("id") == card_id and got[0] in tables:
            return out
    return None
