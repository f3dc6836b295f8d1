"""The published shape of a `circuits` view (docs/schema/circuits-view.json, from games/circuits/views.py)
is current and real views match it; every event the code emits is documented in docs/events.md with
every field it carries."""

from __future__ import annotations

import ast
import random
import re
from importlib.resources import files
from pathlib import Path

import msgspec

import cardarena
from cardarena.games.circuits.views import CircuitsView, schema_text
from cardarena.sim.fuzz import fuzz_game

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = ROOT / "docs" / "schema" / "circuits-view.json"
PACKAGE = Path(str(files("cardarena.games.circuits")))


def test_the_published_view_schema_is_current():
    assert SCHEMA.read_text(encoding="utf-8") == schema_text(), \
        "stale: run python -m cardarena.games.circuits.views docs/schema"


def test_real_views_match_the_view_type_for_every_seat():
    game = cardarena.load_game("circuits")
    assert game.view_type is CircuitsView
    for seed in range(4):
        st = game.new_game(decks=game.random_decks(random.Random(seed), 2), seed=seed)
        rng = random.Random(seed)
        while st.decision is not None:
            for seat in (0, 1):
                v = msgspec.convert(st.view(seat), CircuitsView)
                assert (v.game, v.seat) == ("circuits", seat)
                assert (v.players[seat].hand is not msgspec.UNSET) and v.players[1 - seat].hand is msgspec.UNSET
            st.apply(rng.choice(st.decision.ids), seq=st.decision.seq)
        msgspec.convert(st.view(0), CircuitsView)


def documented() -> dict[str, set[str]]:
    """Event type -> documented field names, from the `circuits` table of docs/events.md."""
    text = (ROOT / "docs" / "events.md").read_text(encoding="utf-8").split("## `circuits`", 1)[1].split("\n## ", 1)[0]
    out: dict[str, set[str]] = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        fields = set(re.findall(r"`([a-z_]+)`", cells[1]))
        for t in re.findall(r"`([a-z_]+)`", cells[0]):
            out[t] = fields
    return out


def emitted_in_code() -> dict[str, set[str]]:
    """Event type -> keyword fields of every `st.emit("type", ...)` call in the rules modules."""
    out: dict[str, set[str]] = {}
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit" \
                    and node.args and isinstance(node.args[0], ast.Constant):
                out.setdefault(node.args[0].value, set()).update(k.arg for k in node.keywords if k.arg)
    return out


def test_every_emitted_event_and_field_is_documented():
    docs = documented()
    code = emitted_in_code()
    assert len(code) >= 50  # the scan sees the emits
    for t, fields in code.items():
        assert t in docs, f"event {t!r} is emitted but not in docs/events.md"
        assert fields <= docs[t], f"{t}: fields {sorted(fields - docs[t])} are not documented"
    # and in real games, with the fields added at run time (`via`...)
    for seed in range(10):
        for e in fuzz_game("circuits", seed, deep=False).log:
            if e["type"] == "result":
                continue
            extra = set(e) - {"type", "~see"} - docs[e["type"]]
            assert not extra, f"{e['type']}: fields {sorted(extra)} are not documented"
