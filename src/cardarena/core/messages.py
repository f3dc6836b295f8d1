"""The JSON shapes the engine hands out, as msgspec types: what a bot, a web page or an RL encoder can
rely on without engine internals. `docs/schema/*.json` is generated from these types
(`python -m cardarena.core.messages docs/schema`) and a test checks that the files are current and that
real decisions, views and events match them.

A game's own view fields are described by its ruleset (`Ruleset.view_type`); every view carries the
envelope below.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType


class OptionMsg(msgspec.Struct, forbid_unknown_fields=True):
    """One answer: send back its `id` (with the decision's `seq`)."""

    id: str
    label: str
    data: dict[str, Any]


class DecisionMsg(msgspec.Struct, forbid_unknown_fields=True):
    """A pending decision. The deciding seat sees `prompt` and `options`; every other seat sees only
    `seq`, `seat` and `kind` (which never depend on cards it may not see)."""

    seq: int
    seat: int
    kind: str
    prompt: str | UnsetType = UNSET
    options: list[OptionMsg] | UnsetType = UNSET


class ResultMsg(msgspec.Struct, forbid_unknown_fields=True):
    """How the game ended. `winners` is empty for a draw; `winner` is the single winner or null."""

    winner: int | None
    reason: str
    turns: int
    winners: list[int]
    ranking: list[list[int]] | UnsetType = UNSET


class ViewEnvelope(msgspec.Struct):
    """The fields every game's `view(seat)` carries; the game adds its own (its `view_type`)."""

    game: str
    format: str
    seat: int | None
    turn: int
    decision: DecisionMsg | None
    result: ResultMsg | None


class EventMsg(msgspec.Struct):
    """One entry of `visible_log(seat)`: a `type` and that type's fields (docs/events.md). A card field
    the seat may not know is null."""

    type: str


SCHEMAS: dict[str, Any] = {
    "decision": DecisionMsg,
    "option": OptionMsg,
    "result": ResultMsg,
    "view-envelope": ViewEnvelope,
    "event": EventMsg,
}


def schema_texts() -> dict[str, str]:
    """File name -> JSON schema text, for every message type."""
    return {f"{name}.json": json.dumps(msgspec.json.schema(t), indent=2, sort_keys=True) + "\n"
            for name, t in SCHEMAS.items()}


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, text in schema_texts().items():
        p = folder / name
        p.write_text(text, encoding="utf-8")
        out.append(p)
    return out


def main(argv: list[str] | None = None) -> None:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m cardarena.core.messages",
                                 description="Write the JSON Schemas of decisions, views and events.")
    ap.add_argument("folder", nargs="?", default="docs/schema", help="where to write them (default: docs/schema)")
    for p in write_schemas(Path(ap.parse_args(argv).folder)):
        print(p)


if __name__ == "__main__":  # python -m cardarena.core.messages docs/schema
    main()
