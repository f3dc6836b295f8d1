"""Main Phases 1 and 2 (rulebook §5): deploy, equip, play Generals and Tactical Equipment, cast
Actions, use abilities, Retreat, redeploy, Emergency Defender. Both Main Phases allow the same
plays (ruling frontline.gap.16). Deploying is not a declaration and opens no Ladder; Actions,
abilities, Retreats and the Emergency move do (ruling frontline.gap.19).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cardarena.core.engine import Option, Step
from cardarena.core.options import SharedOptions

from .effects import expend, muster, to_fallen
from .expend import fuel, pay_step, room_step, room_to_open, weight
from .ladder import declare, emergency_option, retreat_options
from .schema import ActionCard, EquipmentCard, GeneralCard, HeroCard, ReactionCard, TacticalCard
from .state import COMMAND, FRONT, GEAR, GEAR_MAX, LADDER, TAC, FrontlineState
from .targets import payable_targets

#: Main Phase options that depend only on a few facts (card definitions, instance ids, slots), shared
#: between decisions (core/options.py): the Main Phase is asked at every play of every rollout
_SHARED = SharedOptions()


def _ability_sources(st: FrontlineState, p: int) -> list[int]:
    """Heroes on the Front Line, the General in the Command Zone, Tactical Equipment (ruling gap.9),
    in that order, with an ability not used this turn (one pass: asked at every Main Phase play)."""
    defs = st.defs
    used = st.used
    out = []
    for i in st.front[p * 5: p * 5 + 5]:
        if i >= 0 and isinstance(defs[i], HeroCard) and defs[i].ability is not None and i not in used:
            out.append(i)
    g = st.command[p]
    if g >= 0 and defs[g].ability is not None and g not in used:
        out.append(g)
    for i in st.tac[p * 3: p * 3 + 3]:
        if i >= 0 and isinstance(defs[i], TacticalCard) and defs[i].ability is not None and i not in used:
            out.append(i)
    return out


def main_options(st: FrontlineState, p: int, n: int) -> list[Option]:
    opts: list[Option] = []
    defs = st.defs
    total = fuel(st, p)
    free_front = st.open_front(p) >= 0
    free_tac = st.open_tac(p) >= 0
    general = -2  # looked up only when a General is in hand
    for iid in st.distinct(st.hand[p]):  # copies are one option; the most widely known one moves
        d = defs[iid]
        spare = total - 1  # the card itself is not fuel
        if isinstance(d, HeroCard):
            if d.cost <= spare and (free_front or room_to_open(st, p, FRONT, d.cost)):
                opts.append(_card_option("deploy", iid, d, "Deploy {d.name} ({d.atk}/{d.hp}, Expend {d.cost})"))
        elif isinstance(d, GeneralCard):
            if general == -2:
                general = st.active_general(p)
            if general < 0 and d.cost <= spare:
                opts.append(Option(f"general:{d.id}", f"Play {d.name} to the Command Zone (Expend {d.cost})",
                                   {"card": d.id, "swap": False}, ("general", iid)))
            elif general >= 0 and max(d.cost, 1) <= spare and d.name != defs[general].name \
                    and weight(st, general) <= max(d.cost, 1):
                # a swap brings in a different General: not a copy of the active one's title
                # (rule frontline.4.15, ruling "A swap changes the title"); the active one is Expended
                # with its equipment, and that whole weight must fit the Cost: a swap never Expends
                # more than its Cost (rule frontline.3.2, ruling frontline.gap.10)
                opts.append(Option(f"general:{d.id}", f"Swap in {d.name}: Expend {st.name(general)} "
                                   f"(Expend {max(d.cost, 1)} in all)", {"card": d.id, "swap": True}, ("general", iid)))
        elif isinstance(d, TacticalCard):
            if d.cost <= spare and (free_tac or room_to_open(st, p, TAC, d.cost)):
                opts.append(_card_option("tactical", iid, d, "Set up {d.name} in the Tactical Zone (Expend {d.cost})"))
        elif isinstance(d, EquipmentCard):
            if d.cost > spare - 1:
                continue  # the unit it equips is not fuel either
            for i in range(5):
                u = st.front[p * 5 + i]
                if u < 0:
                    continue
                items = st.gear.get(u, ())
                if len(items) >= GEAR_MAX or any(defs[e].name == d.name for e in items):
                    continue  # rules frontline.4.5, 4.6
                du = defs[u]
                key: tuple[Any, ...] = ("equip", iid, id(d), p, i, u, id(du))
                o = _SHARED.get(key)
                if o is None:
                    o = _SHARED.put(key, (d, du), Option(
                        f"equip:{d.id}:{i}", f"Equip {d.name} to {du.name} (Expend {d.cost})",
                        {"card": d.id, "unit": {"seat": p, "zone": "front", "index": i}}, ("equip", iid, u)))
                opts.append(o)
        elif isinstance(d, ActionCard):
            if d.cost <= spare and (d.target == "none" or payable_targets(st, p, d.target, d.cost, (iid,))):
                opts.append(_card_option("action", iid, d, "Cast {d.name} (Expend {d.cost})"))
    for src in _ability_sources(st, p):
        ab = defs[src].ability
        # the source is not fuel, but its equipment is, as for Retreat and equip (ruling frontline.gap.4)
        if ab.cost > total - 1 or (ab.target != "none" and not payable_targets(st, p, ab.target, ab.cost, (src,))):
            continue
        _seat, zn, i = st.position(src)
        d = defs[src]
        key = ("ability", src, id(d), zn, i)
        o = _SHARED.get(key)
        if o is None:
            oid = "ability:command" if zn == "command" else f"ability:{zn}:{i}"
            o = _SHARED.put(key, d, Option(oid, f"{d.name}: {ab.name} (Expend {ab.cost})",
                                           {"card": d.id, "zone": zn, "index": i}, ("ability", src)))
        opts.append(o)
    opts += retreat_options(st, p, total)
    if free_front:
        for i in range(3):
            u = st.tac[p * 3 + i]
            if u >= 0 and st.is_unit(u) and st.moved[u] != st.turn:  # rule frontline.7.17
                d = defs[u]
                key = ("redeploy", p, i, u, id(d))
                o = _SHARED.get(key)
                if o is None:
                    o = _SHARED.put(key, d, Option(
                        f"redeploy:{i}", f"Redeploy {d.name} to the Front Line (free)",
                        {"card": d.id, "unit": {"seat": p, "zone": "tac", "index": i}}, ("redeploy", u)))
                opts.append(o)
    opts += emergency_option(st, p)
    opts.append(_BATTLE if n == 1 else _END)
    return opts




def unplayable(st: FrontlineState, p: int, n: int) -> list[tuple[str, str]]:
    """Each card of p's hand that Main Phase `n` leaves out now, once by name, with why in a person's
    words (the terminal shows them under the options). Reads p's own hand and public facts."""
    defs = st.defs
    offered = {o.value[1] for o in main_options(st, p, n)
               if o.value is not None and o.value[0] in ("deploy", "general", "tactical", "equip", "action")}
    offered_names = {defs[i].name for i in offered}
    spare = fuel(st, p) - 1  # the card itself is not fuel
    general = st.active_general(p)
    out: list[tuple[str, str]] = []
    for iid in st.distinct(st.hand[p]):  # once by card
        d = defs[iid]
        if d.name in offered_names:
            continue
        cost = d.cost
        swap = isinstance(d, GeneralCard) and general >= 0
        if isinstance(d, ReactionCard):
            why = "a Reaction: played on the Reaction Ladder, in answer to a declaration"
        elif isinstance(d, EquipmentCard) and cost > spare - 1:
            why = f"costs {cost}: you have {max(spare - 1, 0)} cards to Expend besides it and the Hero it equips"
        elif isinstance(d, EquipmentCard) and not any(u >= 0 for u in st.front[p * 5: p * 5 + 5]):
            why = "needs a unit on your Front Line to attach to"  # rule frontline.4.4
        elif isinstance(d, EquipmentCard):
            why = (f"no unit on your Front Line can take it (at most {GEAR_MAX} Equipment each, "
                   "never two of one title)")  # rules frontline.4.5, 4.6
        elif swap and d.name == defs[general].name:
            why = "it is your active General already"  # rule frontline.4.15
        elif swap and weight(st, general) > max(cost, 1):
            why = (f"a swap Expends {defs[general].name} with its equipment, {weight(st, general)} cards, "
                   f"more than the Cost of {max(cost, 1)}")  # rule frontline.3.2, ruling frontline.gap.10
        elif (max(cost, 1) if swap else cost) > spare:
            why = f"costs {cost}: you have {spare} other card{'' if spare == 1 else 's'} to Expend"
        elif isinstance(d, HeroCard):
            why = "your Front Line is full, and no card there fits the cost to make room"  # rule frontline.4.1
        elif isinstance(d, TacticalCard):
            why = "your Tactical Zone is full, and no card there fits the cost to make room"  # rule frontline.4.10
        elif isinstance(d, ActionCard):
            why = "no target it may take now, with the cost paid"
        else:
            why = "not playable now"
        out.append((d.name, why))
    return out


def _card_option(what: str, iid: int, d: Any, label: str) -> Option:
    """The `what` play of hand card `iid` (defined by `d`); `label` is formatted (with d) only when the
    option is first built."""
    key = (what, iid, id(d))
    o = _SHARED.get(key)
    if o is None:
        o = _SHARED.put(key, d, Option(f"{what}:{d.id}", label.format(d=d), {"card": d.id}, (what, iid)))
    return o
_BATTLE = Option("battle", "Go to the Battle Phase", {}, ("next",))
_END = Option("end", "End the turn", {}, ("next",))


def h_main(st: FrontlineState, step: Step) -> None:
    """Asker: the active player's next Main Phase play."""
    n = step[1]
    p = st.active
    st.enter_phase(f"main{n}")
    # always asked: its options are built when read (core/engine.py, `Decision`)
    st.ask(p, "main", f"Main Phase {n}: your play", partial(main_options, st, p, n), ("main_do", n), step)


def h_main_do(st: FrontlineState, step: Step) -> None:
    _, n, choice = step
    if choice[0] == "next":
        return
    p = st.active
    st.stack.append(("main", n))
    st.stack.append(play(st, p, choice))


def reveal(st: FrontlineState, p: int, iid: int) -> None:
    """A card played from hand is shown before it is paid for: it waits, public, until it resolves
    (so no hidden card is ever half-played)."""
    st.hand[p].remove(iid)
    st.zone[iid] = LADDER
    if st.record:  # a search's copies keep no log: no event built
        st.emit("play", player=p, card=st.ref(iid))


def play(st: FrontlineState, p: int, choice: tuple[Any, ...]) -> Step:
    what, iid = choice[0], choice[1]
    d = st.defs[iid]
    if what in ("deploy", "general", "tactical", "equip"):
        reveal(st, p, iid)
    if what == "deploy":
        return room_step(p, FRONT, d.cost, d.name, ("deployed", p, iid), (iid,))
    if what == "general":
        return ("general_swap", p, iid)
    if what == "tactical":
        return room_step(p, TAC, d.cost, d.name, ("set_up", p, iid), (iid,))
    if what == "equip":
        return pay_step(p, d.cost, d.name, ("equipped", p, iid, choice[2]), (iid, choice[2]))
    if what == "redeploy":
        return ("redeployed", p, iid)
    return declare(st, p, choice)  # action, ability, retreat, emergency


def h_deployed(st: FrontlineState, step: Step) -> None:
    """A Hero enters the leftmost open Front Line slot (slot order has no rules meaning)."""
    _, p, iid = step
    slot = st.open_front(p)  # paid for first: the slot was open when offered, or the cost opened it
    st.front[slot] = iid
    st.zone[iid] = FRONT
    st.hp[iid] = st.defs[iid].hp
    st.moved[iid] = st.turn
    if st.record:
        st.emit("deploy", player=p, card=st.ref(iid), slot=slot % 5)
    muster(st, iid)


def h_general_swap(st: FrontlineState, step: Step) -> None:
    """Play a General (ruling frontline.gap.9); with one active, Expend it first and it counts toward
    the new General's cost, which is at least 1 (rule frontline.4.15, ruling frontline.gap.10)."""
    _, p, iid = step
    d = st.defs[iid]
    old = st.active_general(p)
    need = d.cost
    paid = 0
    if old >= 0:
        need = max(need, 1)
        paid = weight(st, old)
        st.emit("swap", player=p, old=st.ref(old), new=st.ref(iid))
        expend(st, old)
        if st.result is not None:
            return
    st.stack.append(("pay", p, need, paid, (iid,), d.name, ("general_in", p, iid)))


def h_general_in(st: FrontlineState, step: Step) -> None:
    _, p, iid = step
    st.command[p] = iid
    st.zone[iid] = COMMAND
    st.hp[iid] = st.defs[iid].hp
    st.emit("general", player=p, card=st.ref(iid))


def h_set_up(st: FrontlineState, step: Step) -> None:
    _, p, iid = step
    slot = st.open_tac(p)
    st.tac[slot] = iid
    st.zone[iid] = TAC
    st.hp[iid] = st.defs[iid].hp
    st.emit("tactical", player=p, card=st.ref(iid), slot=slot % 3)


def h_equipped(st: FrontlineState, step: Step) -> None:
    """Attach to the unit in front of the Equipment Row slot; if it left meanwhile, the equipment
    whiffs to the Fallen Zone (rules frontline.4.4–4.6)."""
    _, p, iid, unit = step
    d = st.defs[iid]
    items = st.gear.get(unit, ())
    if st.zone[unit] != FRONT or len(items) >= GEAR_MAX or any(st.defs[e].name == d.name for e in items):
        st.emit("whiff", player=p, kind="equip", source=st.ref(iid), reason="its unit is gone")
        to_fallen(st, iid, "whiffed")
        return
    st.gear[unit] = (*items, iid)
    st.zone[iid] = GEAR
    st.hp[unit] += d.hp
    st.emit("equip", player=p, card=st.ref(iid), unit=st.ref(unit))


def h_redeployed(st: FrontlineState, step: Step) -> None:
    """Tactical Zone back to the Front Line for 0, equipment untucked (rules frontline.7.15–7.20)."""
    _, p, iid = step
    slot = st.open_front(p)
    st.tac[st.tac.index(iid)] = -1
    st.front[slot] = iid
    st.zone[iid] = FRONT
    st.moved[iid] = st.turn
    st.emit("redeploy", player=p, card=st.ref(iid), slot=slot % 5)


HANDLERS = {
    "main": h_main,
    "main_do": h_main_do,
    "deployed": h_deployed,
    "general_swap": h_general_swap,
    "general_in": h_general_in,
    "set_up": h_set_up,
    "equipped": h_equipped,
    "redeployed": h_redeployed,
}
