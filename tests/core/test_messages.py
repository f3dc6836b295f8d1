"""The published JSON shapes (docs/schema/*.json, from cardarena.core.messages) are current, and real
decisions, views and visible logs of every registered game match them."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

import cardarena
from cardarena.core.messages import DecisionMsg, EventMsg, ResultMsg, ViewEnvelope, schema_texts

DOCS = Path(__file__).resolve().parents[2] / "docs" / "schema"


def test_the_published_schemas_are_current() -> None:
    for name, text in schema_texts().items():
        path = DOCS / name
        assert path.exists(), f"{path} missing: run python -m cardarena.core.messages docs/schema"
        assert path.read_text(encoding="utf-8") == text, f"{path} is stale: regenerate it"


@pytest.mark.parametrize("game_id", cardarena.game_ids())
def test_views_decisions_and_events_match_the_schemas(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    state = game.new_game(seed=5)
    rng = random.Random(5)
    n = 0
    while state.decision is not None and n < 400:
        d = state.decision
        msgspec.convert(d.to_dict(), DecisionMsg)
        for seat in (*range(state.nseats), None):
            v = state.view(seat) if seat is not None else None
            if v is not None:
                env = msgspec.convert(v, ViewEnvelope)
                assert env.game == game_id and env.seat == seat
                if seat != d.seat:
                    assert set(v["decision"]) == {"seq", "seat", "kind"}
        state.apply(rng.choice(d.options).id, seq=d.seq)
        n += 1
    for seat in (*range(state.nseats), None):
        for e in state.visible_log(seat):
            msgspec.convert(e, EventMsg)
            assert "~see" not in e
    if state.result is not None:
        msgspec.convert(state.result.to_dict(), ResultMsg)
