"""Small helpers shared by the §8, §9 and §15 rule scenarios of `circuits` (test_c8_*, test_c9_*,
test_c15_*): test-only cards built with the real schema, ending turns, and reading damage events."""

from __future__ import annotations

from typing import Any

import msgspec
from circuits_scenario import card, events, pass_all, pick

from cardarena.games.circuits.schema import Card
from cardarena.games.circuits.state import CircuitsState


def make_card(**fields: Any) -> Any:
    """A test-only card, validated by the real schema (`kind` is hero / gear / tactic / asset)."""
    return msgspec.convert(fields, Card)


def swap_in(st: CircuitsState, iid: int, definition: Any) -> int:
    """Give instance `iid` (created by `scenario`) the test-only `definition`, and rebuild the pending
    decision so that its options see it; returns `iid`."""
    st.defs[iid] = definition
    st.reask()
    return iid


def end_turn(st: CircuitsState) -> None:
    """End the current Action Step and pass everything until the next Action Step decision."""
    pick(st, "End the Action Step")
    pass_all(st)


def hero_hits(st: CircuitsState, player: int) -> list[dict[str, Any]]:
    """The damage events on `player`'s Hero, in order."""
    return [e for e in events(st, "damage") if e["target"] == "hero" and e["player"] == player]


def asset_hits(st: CircuitsState, name: str) -> list[dict[str, Any]]:
    """The damage events on the Asset called `name`, in order."""
    return [e for e in events(st, "damage") if e["target"] == "asset" and e["card"] == name]


def named(st: CircuitsState, name: str, zone: list[int]) -> int:
    """The one instance called `name` in `zone`."""
    hits = [i for i in zone if st.name(i) == name]
    assert len(hits) == 1, f"{len(hits)} cards named {name!r} in the zone"
    return hits[0]


def log_index(st: CircuitsState, pred: Any) -> int:
    """Index of the first log event matching `pred` (fails if none)."""
    for k, e in enumerate(st.log):
        if pred(e):
            return k
    raise AssertionError("no such event in the log")


def amount(name: str, verb: str) -> int:
    """The amount of the first `verb` effect printed on the card `name` (Tactic effects, Charge, triggers,
    Ultimate), so that the scenarios follow the card data."""
    c = card(name)
    found: list[Any] = list(getattr(c, "effects", ()))
    if getattr(c, "charge", None) is not None:
        found += list(c.charge.effects)
    for t in getattr(c, "triggers", ()):
        found += list(t.effects)
    if hasattr(c, "ultimate"):
        found += list(c.ultimate.effects)
        for t in c.passive.triggers:
            found += list(t.effects)
    for e in found:
        if e.verb == verb:
            return int(e.amount)
    raise AssertionError(f"{name} prints no {verb!r} effect")
