"""The view of a spectator: what every seat may know, for any game (the engine contract has no
spectator view of its own, so it is derived from the seats' views and needs nothing from the game).
The web arena's spectator pages and `cardarena replay --step` without `--as` show it."""

from __future__ import annotations

from typing import Any

from .engine import State

_GONE = object()


def _common(values: list[Any]) -> Any:
    """What all of `values` agree on: equal scalars; dicts by their common keys; lists of one length
    element by element. Anything the seats' views disagree on is known to some seat only: left out."""
    first = values[0]
    if all(isinstance(v, dict) for v in values):
        out = {}
        for k in first:
            if all(k in v for v in values):
                c = _common([v[k] for v in values])
                if c is not _GONE:
                    out[k] = c
        return out
    if all(isinstance(v, list) for v in values):
        if any(len(v) != len(first) for v in values):
            return []
        items = [_common([v[i] for v in values]) for i in range(len(first))]
        return [x for x in items if x is not _GONE]
    return first if all(v == first for v in values) else _GONE


def spectator_view(state: State) -> dict[str, Any]:
    """The view of nobody in particular: only what every seat's own view shows, hence what every seat
    may know (the contract has no spectator view; this needs nothing from the game)."""
    common = _common([state.view(s) for s in range(state.nseats)])
    view: dict[str, Any] = common if isinstance(common, dict) else {}
    view["seat"] = None
    return view
