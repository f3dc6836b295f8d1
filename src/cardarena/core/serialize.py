"""JSON encoding of engine values: tuples, sets, Decisions and the Rng survive the round trip."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from .engine import Decision, Option
from .errors import CardArenaError
from .rng import Rng

if TYPE_CHECKING:
    from .engine import State

S = TypeVar("S", bound="State")
FORMAT = "cardarena-state/1"


def encode(v: Any) -> Any:
    if v is None or isinstance(v, bool | int | float | str):
        return v
    if isinstance(v, tuple):
        return {"~t": [encode(x) for x in v]}
    if isinstance(v, list):
        return [encode(x) for x in v]
    if isinstance(v, set | frozenset):
        return {"~s": sorted(encode(x) for x in v)}
    if isinstance(v, dict):
        if not all(isinstance(k, str) for k in v):
            return {"~m": [[encode(k), encode(x)] for k, x in v.items()]}
        return {k: encode(x) for k, x in v.items()}
    if isinstance(v, Decision):
        return {
            "~d": {
                "seat": v.seat,
                "kind": v.kind,
                "prompt": v.prompt,
                "options": [[o.id, o.label, encode(o.data), encode(o.value)] for o in v.options],
            }
        }
    if isinstance(v, Rng):
        return {"~r": v.s}
    raise TypeError(f"cannot encode {type(v).__name__} in a saved state")


def decode(v: Any) -> Any:
    if isinstance(v, list):
        return [decode(x) for x in v]
    if isinstance(v, dict):
        if len(v) == 1:
            (k, x), = v.items()
            if k == "~t":
                return tuple(decode(i) for i in x)
            if k == "~s":
                return {decode(i) for i in x}
            if k == "~m":
                return {decode(a): decode(b) for a, b in x}
            if k == "~r":
                return Rng(x)
            if k == "~d":
                opts = [Option(i, lab, decode(d), decode(val)) for i, lab, d, val in x["options"]]
                return Decision(x["seat"], x["kind"], x["prompt"], opts)
        return {k: decode(x) for k, x in v.items()}
    return v


def state_to_json(st: State) -> dict[str, Any]:
    """A state as JSON: its `_SAVED` tables, the log and history as they are (plain JSON by
    construction, docs/events.md), the card ids behind its instance ids, and its game config."""
    data = {k: encode(getattr(st, k)) for k in st._SAVED}
    data["result"] = None if st.result is None else st.result.to_dict()
    data["history"] = list(st.history)
    data["log"] = list(st.log)
    data["defs"] = [d.id for d in st.defs]  # type: ignore[attr-defined]
    data["config"] = st.config
    data["format"] = FORMAT
    return data


def state_from_json(cls: type[S], data: dict[str, Any], by_id: dict[str, Any]) -> S:
    """The common part of loading a saved state; the game then rebuilds what it derives."""
    from .engine import Result

    if data.get("format") != FORMAT or data.get("config", {}).get("game") != cls.game_id:
        raise CardArenaError(f"not a saved {cls.game_id} state")
    s = cls.__new__(cls)
    s.config = data["config"]
    for k in cls._SAVED:
        setattr(s, k, decode(data[k]))
    s.history = list(data["history"])
    s.log = [dict(e) for e in data["log"]]
    r = data["result"]
    s.result = None if r is None else Result(r["winner"], r["reason"], r["turns"])
    s.defs = [by_id[i] for i in data["defs"]]  # type: ignore[attr-defined]
    return s
