"""Which Asset a destruction replacement saves when one action would destroy several (circuits ruling 63).

Self-Assembly reads "if one of your Assets would be destroyed by that action, it survives with 1 HP
remaining instead". Swarm Overload and Swarm Surge deal damage to each enemy Asset, and a Jammed HP
bonus checks each of its Assets at once (rule 8.4.4): several of a player's Assets may fall to one
action. The Field has no order (ruling 59), so the engine may not pick one: the Reaction's controller
chooses which of them it saves, as with every "one of your Assets". The Reaction was set face-up beside
the declaration (rule 11.26) and the damage, HP and bonuses are public, so whether this is asked tells
nothing hidden. Copies nothing public tells apart are one choice (`moot.told_apart`).

Which prospective Reactions answer the outcome happening now (the item they were set beside, never a
passive trigger: circuits ruling 64) is `set_beside`, read by the replacement here and by the other
outcome Reactions (`damage.outcome`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardarena.core.engine import Step

from .choices import target_option
from .moot import told_apart
from .state import CircuitsState

#: the trigger of a "would be destroyed: it survives" Reaction (rulebook §8.5)
WOULD_BE_DESTROYED = "asset_would_be_destroyed"


def set_beside(st: CircuitsState, seat: int, trigger: str) -> list[tuple[Any, ...]]:
    """`seat`'s prospective Reactions with `trigger` that the outcome happening now answers, as their
    `prospective` entries (Reaction, its seat, trigger, the Asset it saves or -1 while unchosen, the item
    it answers). Each answers one item of the window now resolving: the declaration or the step-2 answer
    it was set beside (rules 11.26–11.27), so the outcome must come from that item while it resolves.
    A passive trigger's effects open no window and answer nothing, even in the middle of that item; nor
    does Burn (rule 11.30). Circuits ruling 64."""
    frame = st.current_frame()
    if frame is None or "in_trigger" in st.flags:
        return []
    now = frame["resolving"]
    return [r for r in frame["prospective"] if r[2] == trigger and r[1] == seat and r[4] == now]


def replacements(st: CircuitsState, seat: int) -> list[tuple[Any, ...]]:
    """`seat`'s "would be destroyed" Reactions that answer the destruction happening now (`set_beside`)."""
    return set_beside(st, seat, WOULD_BE_DESTROYED)


def spend(st: CircuitsState, entry: tuple[Any, ...]) -> None:
    """A prospective Reaction resolves (rule 11.27): out of its window's frame, and from beside the
    declaration (`pending`) to its owner's discard pile."""
    st.update_frame(prospective=tuple(x for x in st.current_frame()["prospective"] if x != entry))  # type: ignore[index]
    rid = entry[0]
    st.pending.remove(rid)
    st.discard[st.owner[rid]].append(rid)


def saves(entry: tuple[Any, ...], iid: int) -> bool:
    """Whether a replacement set beside the window saves Asset `iid`: the one chosen for it, or, while
    none was chosen (a single Asset at stake), the first of its controller's to be destroyed."""
    return entry[3] < 0 or entry[3] == iid


def _open(st: CircuitsState, seat: int, doomed: Sequence[int]) -> tuple[Any, list[int]] | None:
    """An unchosen replacement of `seat` and the Assets it could save, when there is a real choice."""
    rs = replacements(st, seat)
    free = [r for r in rs if r[3] < 0]
    if not free:
        return None
    taken = {r[3] for r in rs}
    cands = told_apart(st, [a for a in doomed if a not in taken and (a in st.field[seat] or a in st.pending)])
    return (free[0], cands) if len(cands) >= 2 else None


def ask_first(st: CircuitsState, doomed: Sequence[int], then: Step) -> bool:
    """Schedule `then` (the step that deals the damage or destroys) behind the choice of each player
    whose replacement could save more than one of `doomed`. False when nobody has a choice: the
    caller destroys at once, as before."""
    step = then
    asked = False
    for seat in (0, 1):
        mine = tuple(a for a in doomed if st.owner[a] == seat)
        if len(mine) >= 2 and _open(st, seat, mine) is not None:
            step = ("save_pick", seat, mine, step)
            asked = True
    if asked:
        st.stack.append(step)
    return asked


def h_save_pick(st: CircuitsState, step: Step) -> None:
    """Asker: which of your Assets this action would destroy your replacement saves (ruling 63)."""
    _, seat, doomed, then = step
    if st.result is not None:
        return
    pick = _open(st, seat, doomed)
    if pick is None:
        st.stack.append(then)
        return
    r, cands = pick
    opts = [target_option(st, a, seat) for a in cands]
    st.ask(seat, "target", f"{st.name(r[0])}: several of your Assets would be destroyed; which one survives?",
           opts, ("save_chosen", seat, doomed, then), step)


def h_save_chosen(st: CircuitsState, step: Step) -> None:
    _, seat, doomed, then, a = step
    pick = _open(st, seat, doomed)
    if pick is not None:
        r = pick[0]
        st.update_frame(prospective=tuple((*x[:3], a, x[4]) if x == r else x for x in st.current_frame()["prospective"]))  # type: ignore[index]
    # another replacement of the same player may still have a choice among the rest
    st.stack.append(("save_pick", seat, doomed, then))


HANDLERS = {"save_pick": h_save_pick, "save_chosen": h_save_chosen}
