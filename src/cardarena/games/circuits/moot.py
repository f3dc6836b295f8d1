"""Moot questions: a choice whose every option leads to the same game is made without asking.

The rulebook lets a player order their simultaneous triggers (rule 18.4) and their Strikes (rule
7.14), but most such orders cannot change anything: Dawnlight's heal and Replicator Hive's Repair,
two Solar Arrays, Riposte and Recoil Engine end the same whichever goes first. Asking them is a
question about nothing (docs/rulings/circuits.md, ruling 50). So before asking, each option is played
out on a copy of the state up to the next decision; when every copy ends in the same state, the
first option is taken unasked. Only public facts can make the copies differ (the triggers and
Strikes are on public cards, and nothing they do depends on a hidden card), so whether the question
is asked tells the other seat nothing it could not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardarena.core.engine import Step

from .state import CircuitsState

#: what a copy may differ in without the game differing: its record of what happened, and the
#: pending decision's objects (compared by what they ask instead)
_IGNORED = frozenset({"log", "history", "seq", "record", "decision", "resume", "asker"})


def _key(st: CircuitsState) -> list[Any]:
    """The state as far as the game goes: every field but the record, the RNG's state and what the
    pending decision asks (its asking step rebuilds its options from the state)."""
    d = st.decision
    out = [getattr(st, k) for k in st._ALL_FIELDS if k not in _IGNORED and k not in ("rng", "damage", "queued")]
    out.append({a: n for a, n in st.damage.items() if n})  # a Repair to 0 leaves a 0 entry: no damage
    # next-attack bonuses add up and riders act on different things: their order in the queue is no matter
    out.append(sorted(st.queued))
    out += [st.rng.s, None if d is None else (d.seat, d.kind, d.prompt, st.asker, st.resume)]
    return out


def same_outcome(st: CircuitsState, resumes: Sequence[Step]) -> bool:
    """Whether running each of `resumes` (the step an option would run) from this state reaches the
    same state at the next decision, or the same end of the game."""
    first: Any = None
    for k, step in enumerate(resumes):
        c = st.clone()
        c.record = False  # no event built: the log is not part of the comparison
        c.stack.append(step)
        c.run()
        key = _key(c)
        c.release()  # its pending decision may hold it (options built when read): free it now
        if k == 0:
            first = key
        elif key != first:
            return False
    return True


# -- identical copies ----------------------------------------------------------------------------------


def _named_at(obj: Any, a: int, path: tuple[Any, ...], out: list[tuple[Any, ...]]) -> None:
    """The paths inside `obj` (nested tuples, lists, dicts) where the card id `a` stands. A number that
    only happens to equal `a` (an amount, a step) counts too: that can only keep a question asked."""
    if type(obj) is int:
        if obj == a:
            out.append(path)
    elif isinstance(obj, (tuple, list)):
        for k, x in enumerate(obj):
            _named_at(x, a, (*path, k), out)
    elif isinstance(obj, dict):
        for k, x in obj.items():
            _named_at(x, a, (*path, k), out)


def _facts(st: CircuitsState, a: int) -> tuple[Any, ...]:
    """Everything of the state that tells card `a` apart from another copy of its card: its zone and
    who may see it, its damage, Guard and Jam, its delay, the once-per-turn uses and Charge spent on it
    (flags), a rider aimed at it, and the windows and steps still to run that name it. Not its place in
    its zone: the rulebook gives a zone no order (positions only name cards)."""
    s = str(a)
    o = st.owner[a]
    zone = next((z for z in ("field", "hand", "discard", "plans", "deck") if a in getattr(st, z)[o]),
                "pending" if a in st.pending else "")
    flags = sorted(f"{k}:" + ":".join("*" if t == s else t for t in f.split(":"))
                   for k, fs in (("turn", st.flags), ("match", st.match_flags)) for f in fs if s in f.split(":"))
    queued = sorted(repr(tuple("*" if x == a else x for x in q)) for q in st.queued if a in q)
    named: list[tuple[Any, ...]] = []
    _named_at(st.stack, a, ("stack",), named)
    _named_at(st.frame_data, a, ("frames",), named)
    return (st.defs[a].id, zone, st.visible_mask(a), st.damage.get(a, 0), st.guarded.get(a), st.jammed.get(a),
            st.kind_of.get(a), a in st.delayed, a in st.delay_used, tuple(flags), tuple(queued), tuple(named))


def told_apart(st: CircuitsState, cards: Sequence[int]) -> list[int]:
    """One card of each group of identical copies in identical states (`_facts`), the first of each in
    order: choosing between such copies is a question about nothing (circuits ruling 59). Only for cards
    every seat sees (the Field, a played Asset, Gear): the facts compared are then public."""
    defs = st.defs
    # only copies of one card can be alike: with no card twice (nearly every list a search asks
    # about) nothing is compared
    if len(cards) < 2 or len({defs[a].id for a in cards}) == len(cards):
        return list(cards)
    out: list[int] = []
    seen: set[tuple[Any, ...]] = set()
    for a in cards:
        key = _facts(st, a)
        if key in seen:
            continue
        seen.add(key)
        out.append(a)
    return out
