"""Saving a state as JSON and loading it back.

`encode`/`decode` keep tuples, sets, non-string dict keys, Decisions, Results and the Rng through the
JSON round trip. What is saved comes from the state's field declaration (core/fields.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from .engine import Decision, Option, Result
from .errors import CardArenaError
from .fields import F
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
                "seq": v.seq,
            }
        }
    if isinstance(v, Rng):
        return {"~r": v.s}
    if isinstance(v, Result):
        return {"~R": v.to_dict()}
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
            if k == "~R":
                return Result.from_dict(x)
            if k == "~d":
                opts = [Option(i, lab, decode(d), decode(val)) for i, lab, d, val in x["options"]]
                return Decision(x["seat"], x["kind"], x["prompt"], opts, x.get("seq", 0))
        return {k: decode(x) for k, x in v.items()}
    return v


def state_to_json(st: State, log: bool = False) -> dict[str, Any]:
    """A state as JSON, from its field declaration (core/fields.py): every field but TRANSIENT ones,
    card definitions as pool ids, the event log only when asked (`log=True`)."""
    data: dict[str, Any] = {"format": FORMAT, "game": st.game_id}
    for k, kind in st._ALL_FIELDS.items():
        if kind == F.TRANSIENT or kind == F.LOG:
            continue
        v = getattr(st, k)
        data[k] = [d.id for d in v] if kind == F.DEFS else encode(v)
    if log:
        data["log"] = st.log
    return data


def state_from_json(cls: type[S], data: dict[str, Any], by_id: dict[str, Any]) -> S:
    """Rebuild a state saved by `state_to_json`; `by_id` maps pool ids to card definitions."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("game") != cls.game_id:
        raise CardArenaError(f"not a saved {cls.game_id} state (format {FORMAT})")
    s = cls.__new__(cls)
    try:
        for k, kind in cls._ALL_FIELDS.items():
            if kind == F.TRANSIENT:
                continue
            if kind == F.LOG:
                setattr(s, k, [dict(e) for e in data.get("log", [])])
            elif kind == F.DEFS:
                setattr(s, k, [by_id[i] for i in data[k]])
            else:
                setattr(s, k, decode(data[k]))
    except KeyError as e:
        raise CardArenaError(f"saved {cls.game_id} state is missing or names an unknown {e}") from None
    s.after_load()
    return s
