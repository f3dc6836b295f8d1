"""JSON encoding of engine values: tuples, sets, Decisions and the Rng survive the round trip."""

from __future__ import annotations

from typing import Any

from .engine import Decision, Option
from .rng import Rng


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
