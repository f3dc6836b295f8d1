"""docs/events.md names every field of every event a game logs, for every registered game: a bot
author reads the log from that page, so a field added to an event is added there too.

(tests/test_guides.py checks the event types; this checks their fields, in random games.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardarena.core.registry import game_ids
from cardarena.sim.fuzz import fuzz_game

EVENTS_DOC = (Path(__file__).resolve().parents[1] / "docs" / "events.md").read_text(encoding="utf-8")


def documented(heading: str) -> dict[str, set[str]]:
    """Event type -> the field names its row of the table under `## heading` names."""
    m = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", EVENTS_DOC, re.M | re.S)
    out: dict[str, set[str]] = {}
    for line in (m.group(1) if m else "").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        fields = set(re.findall(r"`([a-z0-9_]+)`", cells[1]))
        for t in re.findall(r"`([a-z0-9_]+)`", cells[0]):
            out[t] = fields
    return out


@pytest.mark.parametrize("game_id", game_ids())
def test_every_logged_field_is_documented(game_id: str) -> None:
    docs = {**documented("Every game"), **documented(f"`{game_id}`")}
    assert len(docs) > 10, f"docs/events.md has no table for {game_id}"
    for seed in range(6):
        for e in fuzz_game(game_id, seed, deep=False).log:
            assert e["type"] in docs, f"{game_id}: event {e['type']!r} is not in docs/events.md"
            extra = set(e) - {"type", "~see", "~iid"} - docs[e["type"]]
            assert not extra, f"{game_id}: {e['type']}: fields {sorted(extra)} are not in docs/events.md"
