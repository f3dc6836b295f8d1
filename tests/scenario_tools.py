"""Choosing options by their words, for rule scenarios of any game (used by each game's harness)."""

from __future__ import annotations

from typing import Any

from cardarena.core.engine import State


def labels(st: State) -> list[str]:
    assert st.decision is not None, f"no decision pending; result={st.result}"
    return [o.label for o in st.decision.options]


def find(st: State, *words: str) -> str:
    """The id of the only option whose label contains every word (case-insensitive)."""
    assert st.decision is not None, f"no decision pending; result={st.result}"
    hits = [o for o in st.decision.options if all(w.lower() in o.label.lower() for w in words)]
    assert len(hits) == 1, f"{len(hits)} options match {words}: {labels(st)}"
    return hits[0].id


def has(st: State, *words: str) -> bool:
    return st.decision is not None and any(all(w.lower() in o.label.lower() for w in words)
                                           for o in st.decision.options)


def pick(st: State, *words: str) -> None:
    st.apply(find(st, *words))


def events(st: State, type_: str) -> list[dict[str, Any]]:
    return [e for e in st.log if e["type"] == type_]


def blank_table(st: State) -> State:
    """Turn a freshly set-up state into an empty table for a scenario to fill by hand: no pending
    step, decision, result or log. Cards then enter with `st.deal(seat, defs, shuffle=False)`."""
    st.stack.clear()
    st.result = None
    st.decision = None
    st.resume = None
    st.asker = None
    st.log.clear()
    st.defs = list(st.defs)
    return st
