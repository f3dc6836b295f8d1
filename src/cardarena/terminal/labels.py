"""Option labels a person can tell apart: two options that read the same say where each one is.

Two copies of a card on the table give two options with one label ("Retreat Relay Runner (Expend 1)"
twice, "Discard Probability Engine to make room" twice) although they are different choices (one unit
is damaged, one holds equipment). The options' data name the places they act on as refs
(`{"seat", "zone", "index"}`, docs/protocol.md; frontline's `attacker` is a Front Line slot), so the
place that differs is added to each such label: "— your Front Line slot 2".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core.engine import Option

#: a ref's zone id as the board names it
ZONE_WORDS = {
    "front": "Front Line", "tac": "Tactical Zone", "command": "Command Zone", "field": "Field",
    "plans": "Plans", "gear": "Gear", "hero": "Hero", "bench": "Bench", "aliens": "Aliens",
    "sector": "Sector Zone", "hand": "hand", "lp": "LP", "pending": "pending cards",
}


def _refs(data: Any, path: str = "") -> dict[str, tuple[int | None, str, int]]:
    """Every place `data` names, by where it sits in the data: (seat or None, zone, index)."""
    out: dict[str, tuple[int | None, str, int]] = {}
    if isinstance(data, dict):
        if isinstance(data.get("zone"), str) and isinstance(data.get("index"), int):
            seat = data.get("seat")
            out[path] = (seat if isinstance(seat, int) else None, data["zone"], data["index"])
        for k, v in data.items():
            if k == "attacker" and isinstance(v, int) and not path:  # frontline: the attacker's slot
                out["attacker"] = (None, "front", v)
            else:
                out.update(_refs(v, f"{path}.{k}" if path else k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.update(_refs(v, f"{path}[{i}]"))
    return out


def _place(ref: tuple[int | None, str, int], me: int) -> str:
    seat, zone, index = ref
    owner = "your" if seat is None or seat == me else f"P{seat + 1}'s"
    return f"{owner} {ZONE_WORDS.get(zone, zone)} slot {index + 1}"


def distinct_labels(options: Sequence[Option], me: int) -> list[str]:
    """Each option's label; where several share one, each says the place that sets it apart."""
    labels = [o.label for o in options]
    counts = Counter(labels)
    out = list(labels)
    for label, n in counts.items():
        if n < 2:
            continue
        group = [i for i, lab in enumerate(labels) if lab == label]
        refs = [_refs(options[i].data) for i in group]
        paths = sorted({p for r in refs for p in r})
        differing = [p for p in paths if len({r.get(p) for r in refs}) > 1]
        for k, (i, r) in enumerate(zip(group, refs, strict=True)):
            places = [(p, r[p]) for p in differing if p in r]
            if not places:  # nothing in the data sets them apart: at least they are numbered
                out[i] = f"{label} — the {_ordinal(k + 1)} of these"
            elif len(places) == 1 and places[0][0] != "attacker":
                out[i] = f"{label} — {_place(places[0][1], me)}"
            else:  # "attacker in your Front Line slot 1": not to be read as the target's place
                out[i] = f"{label} — " + ", ".join(f"{p.split('.')[-1]} in {_place(ref, me)}" for p, ref in places)
    return out


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
