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
