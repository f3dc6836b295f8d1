"""Paying a Cost by Expending cards one at a time, with a running total (rulebook §3).

A unit Expended as a cost takes its attached equipment with it, and each of those cards counts
toward the cost (ruling frontline.gap.4), so a unit is offered only when its whole weight fits.
Every play checks `fuel` before it is offered; only a trigger of a card Expended for it can take
away the rest, and the play then whiffs (`_cut_short`).
A play that needs a slot in a full zone (Front Line or Tactical Zone) may open it with its own cost:
its first pick must then be a card of that zone (ruling "Room paid by the cost", docs/rulings/frontline.md).
"""

from __future__ import annotations

from typing import Any

from cardarena.core.engine import Option, Step
from cardarena.core.options import SharedOptions

from .effects import expend, to_fallen
from .state import COMMAND, FRONT, GEAR, HAND, LADDER, TAC, FrontlineState


def fuel(st: FrontlineState, p: int, exclude: tuple[int, ...] = ()) -> int:
    """How many cards p could Expend now (hand and field), not counting `exclude`."""
    n = len(st.hand[p]) + st.field_count(p)
    if exclude:
        n -= sum(1 for i in exclude if st.owner[i] == p and st.zone[i] in (HAND, FRONT, TAC, COMMAND, GEAR))
    return n


def weight(st: FrontlineState, iid: int) -> int:
    return 1 + len(st.gear.get(iid, ())) if st.zone[iid] in (FRONT, TAC) else 1


#: "Expend a card" options, which depend only on a few facts (the card, its slot, its host, how much
#: equipment it takes along): shared between decisions (core/options.py), since a cost is paid one
#: card at a time
_SHARED = SharedOptions()


def _fuel_options(st: FrontlineState, p: int, left: int, exclude: tuple[int, ...]) -> list[Option]:
    """Every card p may Expend next, labelled "Expend ..."."""
    opts: list[Option] = []
    defs = st.defs
    for iid in st.distinct([i for i in st.hand[p] if i not in exclude]):
        d = defs[iid]
        key: tuple[Any, ...] = (iid, id(d))
        o = _SHARED.get(key)
        if o is None:
            o = _SHARED.put(key, d, Option(f"expend:hand:{d.id}", f"Expend {d.name} from your hand",
                                           {"card": d.id, "zone": "hand"}, iid))
        opts.append(o)
    gear = st.gear
    for zn, row, size in (("front", st.front, 5), ("tac", st.tac, 3)):
        for idx in range(size):
            iid = row[p * size + idx]
            if iid < 0:
                continue
            items = gear.get(iid, ())
            d = defs[iid]
            for e in items:  # equipment alone, attached or tucked (ruling frontline.gap.4)
                if e not in exclude:
                    de = defs[e]
                    key = ("gear", p, zn, idx, e, id(de), id(d))
                    o = _SHARED.get(key)
                    if o is None:
                        o = _SHARED.put(key, (de, d), Option(
                            f"expend:gear:{zn}:{idx}:{de.id}", f"Expend {de.name} (equipped on {d.name})",
                            {"card": de.id, "zone": "gear", "host": {"seat": p, "zone": zn, "index": idx}}, e))
                    opts.append(o)
            if iid in exclude or 1 + len(items) > left:
                continue
            key = (zn, idx, iid, id(d), len(items))
            o = _SHARED.get(key)
            if o is None:
                extra = f" with its {len(items)} equipment" if items else ""
                where = "Front Line" if zn == "front" else "Tactical Zone"
                o = _SHARED.put(key, d, Option(f"expend:{zn}:{idx}", f"Expend {d.name} from your {where}{extra}",
                                               {"card": d.id, "zone": zn, "index": idx}, iid))
            opts.append(o)
    g = st.command[p]
    if g >= 0 and g not in exclude:
        d = defs[g]
        key = ("command", g, id(d))
        o = _SHARED.get(key)
        if o is None:
            o = _SHARED.put(key, d, Option("expend:command", f"Expend {d.name} from your Command Zone",
                                           {"card": d.id, "zone": "command", "index": 0}, g))
        opts.append(o)
    return opts


def h_pay(st: FrontlineState, step: Step) -> None:
    """Asker: pick the next card to Expend for `why` (paid of need so far)."""
    _, p, need, paid, exclude, why, cont = step
    if paid >= need:
        st.stack.append(cont)
        return
    # asked even with one option: whether it is forced depends on the hidden hand
    opts = _fuel_options(st, p, need - paid, exclude)
    if not opts:
        _cut_short(st, p, exclude, cont)
        return
    st.ask(p, "expend", f"Pay for {why}: Expend a card ({paid} of {need} paid)", opts,
           ("pay_pick", p, need, paid, exclude, why, cont), step)


def _cut_short(st: FrontlineState, p: int, exclude: tuple[int, ...], cont: Step) -> None:
    """Every play checks its fuel before it is offered, but a trigger of a card Expended for it (a
    Scavenge that deals damage, and the Last Stand it sets off) may destroy the cards still needed:
    the play then whiffs, its card to the Fallen Zone, nothing refunded (rule frontline.3.7, ruling
    "A cost cut short", docs/rulings/frontline.md). exclude[0] is the card played or the source."""
    kind = cont[1][0] if cont[0] == "link" else "card"
    st.emit("whiff", player=p, kind=kind, source=st.ref(exclude[0]), reason="its cost can no longer be paid")
    for i in exclude:
        if st.zone[i] == LADDER and st.result is None:
            to_fallen(st, i, "whiffed")
    if st.links and st.result is None:
        # an answer on an open Ladder: the Ladder goes on, and the player is asked again (a failed
        # answer is no pass; the board changed, so the other player gets to answer it too)
        st.stack.append(("ladder_ask", p, 0))


def _pay_one(st: FrontlineState, p: int, need: int, paid: int, exclude: Any, why: str, cont: Step, iid: int) -> None:
    w = weight(st, iid)
    expend(st, iid)
    if st.result is None:
        st.stack.append(("pay", p, need, paid + w, exclude, why, cont))


def h_pay_pick(st: FrontlineState, step: Step) -> None:
    _, p, need, paid, exclude, why, cont, iid = step
    _pay_one(st, p, need, paid, exclude, why, cont, iid)


def pay_step(p: int, cost: int, why: str, cont: Step, exclude: tuple[int, ...] = ()) -> Step:
    return ("pay", p, cost, 0, exclude, why, cont)


def room_to_open(st: FrontlineState, p: int, zone: int, cost: int, exclude: tuple[int, ...] = ()) -> list[int]:
    """The cards of p's `zone` (FRONT or TAC) whose whole weight fits `cost`: Expending one of them
    opens the slot a play needs (rules frontline.4.1, 7.4; ruling "Room paid by the cost")."""
    row, size = (st.front, 5) if zone == FRONT else (st.tac, 3)
    return [i for i in row[p * size: p * size + size] if i >= 0 and i not in exclude and weight(st, i) <= cost]


def room_step(p: int, zone: int, cost: int, why: str, cont: Step, exclude: tuple[int, ...] = ()) -> Step:
    """Pay for a play that needs a slot in `zone`; the room is looked at when paying starts."""
    return ("pay_room", p, zone, cost, exclude, why, cont)


def h_pay_room(st: FrontlineState, step: Step) -> None:
    """Asker: with the zone full, the first card Expended must come from it (public cards, so a
    single choice is not asked); with a slot open, an ordinary payment."""
    _, p, zone, cost, exclude, why, cont = step
    has_room = (st.open_front(p) if zone == FRONT else st.open_tac(p)) >= 0
    if has_room:
        st.stack.append(pay_step(p, cost, why, cont, exclude))
        return
    room = room_to_open(st, p, zone, cost, exclude)
    if len(room) == 1:
        _pay_one(st, p, cost, 0, exclude, why, cont, room[0])
        return
    opts = [o for o in _fuel_options(st, p, cost, exclude) if o.value in room]
    where = "Front Line" if zone == FRONT else "Tactical Zone"
    st.ask(p, "expend", f"Pay for {why}: your {where} is full, so first Expend a card from it (0 of {cost} paid)",
           opts, ("pay_pick", p, cost, 0, exclude, why, cont), step)


HANDLERS = {"pay": h_pay, "pay_pick": h_pay_pick, "pay_room": h_pay_room}
