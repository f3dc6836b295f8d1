"""One declaration per state field: how it is copied by `clone()` and how it is saved.

A ruleset's State subclass lists its tables once, in `FIELDS`:

    class AliensState(State):
        FIELDS = {"hand": F.LIST2, "hp": F.LIST, "turn": F.VALUE, ...}

The metaclass turns that into `__slots__`, generates `clone()` (straight-line code, no loop over
the fields at run time: MCTS clones millions of times) and the save/load tables, so the three can
never disagree. A field that is not declared cannot be set (slots), so a forgotten field fails at
once instead of being silently shared between clones.
"""

from __future__ import annotations

from typing import Any


class F:
    """Field kinds: what `clone()` does with the value."""

    VALUE = "value"  # immutable (int, str, bool, tuple, None, frozen struct): shared, never copied
    LIST = "list"  # list of immutables: shallow copy
    LIST2 = "list2"  # list of lists of immutables (per seat, per slot): each inner list copied
    DICT = "dict"  # dict of immutables (values replaced, never mutated in place): shallow copy
    SET = "set"  # set of immutables: copied
    SETS = "sets"  # list of sets: each set copied
    DEFS = "defs"  # card definitions by instance id: shared (determinize replaces the list); saved as pool ids
    RNG = "rng"  # the state's Rng: cloned (one int)
    LOG = "log"  # the event log: copied only while recording; never in a saved state (see serialize)
    TRANSIENT = "transient"  # shared, not saved: rebuilt after load (e.g. a cache)

    KINDS = frozenset({VALUE, LIST, LIST2, DICT, SET, SETS, DEFS, RNG, LOG, TRANSIENT})


_COPY = {
    F.VALUE: "s.{0}",
    F.DEFS: "s.{0}",
    F.TRANSIENT: "s.{0}",
    F.LIST: "s.{0}[:]",
    F.LIST2: "[x[:] for x in s.{0}]",
    F.DICT: "s.{0}.copy()",
    F.SET: "s.{0}.copy()",
    F.SETS: "[x.copy() for x in s.{0}]",
    F.RNG: "s.{0}.clone()",
    F.LOG: "s.{0}[:] if s.record else s.{0}",
}


def make_clone(cls: type, fields: dict[str, str]) -> Any:
    """Compile `clone()` for `cls` from its field declaration."""
    lines = ["def clone(s):"]
    if "decision" in fields:  # a decision whose options are built when read is built before it is shared
        lines += ["    d = s.decision", "    if d is not None and d._options is None:", "        d.options"]
    lines.append("    c = _new(_cls)")
    for name, kind in fields.items():
        lines.append(f"    c.{name} = " + _COPY[kind].format(name))
    lines.append("    return c")
    ns: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), ns)  # generated from a fixed template and declared names only
    fn = ns["clone"]
    fn.__doc__ = "A total, cheap copy: every declared field copied as its kind says (core/fields.py)."
    fn.__qualname__ = f"{cls.__name__}.clone"
    return fn


def check_fields(owner: str, fields: dict[str, str]) -> None:
    for name, kind in fields.items():
        if kind not in F.KINDS:
            raise TypeError(f"{owner}.FIELDS[{name!r}]: unknown field kind {kind!r}")
