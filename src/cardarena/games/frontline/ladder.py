"""The Reaction Ladder (rulebook §8): links are added last-in, the players alternate until both pass
in a row, then the links resolve top to bottom; a link whose source or target is gone whiffs.

A link is a tuple `(kind, seat, source, source_zone, target, target_zone)`: kind is attack, card
(an Action or Reaction, which waits in the LADDER zone), ability, retreat, emergency, or negated;
target is an instance id, or -1 (none) with target_zone -1, or the defending seat with target_zone
LP for a Breach.
"""

from __future__ import annotations

from typing import Any

from cardarena.core.engine import Option, Step
from cardarena.core.options import SharedOptions

from . import combat
from .effects import resolve_effects, to_fallen
from .expend import fuel, pay_step, room_step, room_to_open
from .present import link_words
from .schema import ReactionCard
from .state import COMMAND, FRONT, LADDER, LP, TAC, FrontlineState
from .targets import payable_targets, target_option, with_target

Link = tuple[Any, ...]


def describe(st: FrontlineState, link: Link) -> dict[str, Any]:
    """A link as the Ladder view shows it (everything on the Ladder is public)."""
    kind, seat, src, _sz, tgt, tz = link
    out: dict[str, Any] = {"kind": kind, "seat": seat, "source": st.defs[src].name, "source_id": st.defs[src].id}
    if tz == LP:
        out["target"] = {"seat": tgt, "zone": "lp"}
    elif tgt >= 0:
        s, z, i = st.position(tgt)
        out["target"] = {"seat": s, "zone": z, "index": i, "name": st.defs[tgt].name}
    return out


# -- declaring ---------------------------------------------------------------------------------------


def h_link(st: FrontlineState, step: Step) -> None:
    """Add a link on top of the Ladder (opening it), then the other player may answer (rules 8.1–8.3)."""
    link = step[1]
    st.links.append(link)
    if st.record:
        kind, p, src, _sz, tgt, tz = link
        if tz == LP:
            st.emit("link", player=p, depth=len(st.links), kind=kind, source=st.ref(src), breach=tgt)
        elif tgt >= 0:
            st.emit("link", player=p, depth=len(st.links), kind=kind, source=st.ref(src), target=st.ref(tgt))
        else:
            st.emit("link", player=p, depth=len(st.links), kind=kind, source=st.ref(src))
    st.stack.append(("ladder_ask", 1 - link[1], 0))


def reactions_castable(st: FrontlineState, p: int, n: int) -> list[Option]:
    """Reactions p could cast now; n is p's fuel."""
    opts = []
    defs = st.defs
    for iid in st.distinct(st.hand[p]):
        d = defs[iid]
        if not isinstance(d, ReactionCard):
            continue
        if d.cost > n - 1:
            continue  # rule frontline.3.7
        if d.target != "none" and not payable_targets(st, p, d.target, d.cost, (iid,)):
            continue
        key = ("reaction", iid, id(d))
        o = _SHARED.get(key)
        if o is None:
            o = _SHARED.put(key, d, Option(f"reaction:{d.id}", f"Cast {d.name} (Expend {d.cost})", {"card": d.id},
                                           ("reaction", iid)))
        opts.append(o)
    return opts


#: Ladder and Main Phase options that depend only on a few facts (a card definition, an instance id,
#: a slot), shared between decisions (core/options.py): a search asks them at every play
_SHARED = SharedOptions()
_PASS = Option("pass", "Pass", {}, None)


#: the links a Retreat may answer on the opponent's turn: an attack or an effect (an Action, a
#: Reaction, an ability), not another Retreat or an Emergency move (ruling "Retreat answers")
RETREAT_ANSWERS = frozenset({"attack", "card", "ability"})


def may_retreat(st: FrontlineState, p: int) -> bool:
    """On your own turn, always; on the opponent's, only onto an attack or effect of theirs on top of
    the Ladder (rule frontline.7.2)."""
    if p == st.active:
        return True
    top = st.links[-1] if st.links else None
    return top is not None and top[0] in RETREAT_ANSWERS and top[1] != p


def retreat_options(st: FrontlineState, p: int, n: int) -> list[Option]:
    """Retreat: a Front Line unit, a Tactical slot (open, or opened by Expending a Tactical Zone card
    as the cost), 1 card to Expend (rules frontline.7.1–7.4, ruling "Room paid by the cost");
    a unit already retreating on the Ladder is not offered again."""
    if n < 2 or not may_retreat(st, p) or (st.open_tac(p) < 0 and not room_to_open(st, p, TAC, 1)):
        return []
    opts = []
    pending = {link[2] for link in st.links if link[0] == "retreat"} if st.links else ()
    for i in range(5):
        u = st.front[p * 5 + i]
        if u >= 0 and u not in pending:
            d = st.defs[u]
            key = ("retreat", p, i, u, id(d))
            o = _SHARED.get(key)
            if o is None:
                o = _SHARED.put(key, d, Option(f"retreat:{i}", f"Retreat {d.name} (Expend 1)",
                                               {"unit": {"seat": p, "zone": "front", "index": i}, "card": d.id},
                                               ("retreat", u)))
            opts.append(o)
    return opts


def emergency_option(st: FrontlineState, p: int) -> list[Option]:
    """Emergency Defender: only while no Hero holds p's Front Line (rule frontline.4.16); free, so it
    is offered once per Ladder."""
    g = st.command[p]
    if g < 0 or st.heroes_on_front(p) or st.open_front(p) < 0 or \
            any(link[0] == "emergency" and link[2] == g for link in st.links):
        return []  # one Emergency move per General per Ladder: a second would only whiff (ruling gap.11)
    d = st.defs[g]
    key = ("emergency", g, id(d))
    o = _SHARED.get(key)
    if o is None:
        # what it costs is not Expend but the Command Zone: the label says so (a newcomer took it as a swap)
        o = _SHARED.put(key, d, Option("emergency", f"{d.name} steps forward as Emergency Defender (for good: it "
                                                    "never returns to the Command Zone, where its aura and "
                                                    "ability work)",
                                       {"card": d.id}, ("emergency", g)))
    return [o]


def h_ladder_ask(st: FrontlineState, step: Step) -> None:
    """Asker: answer the top link or pass. Always asked, with pass, since the hand is hidden (§8)."""
    _, p, passes = step
    n = fuel(st, p)
    opts = reactions_castable(st, p, n) + retreat_options(st, p, n) + emergency_option(st, p)
    opts.append(_PASS)
    st.ask(p, "ladder", f"Reaction Ladder, {len(st.links)} link(s); on top: {link_text(st, st.links[-1])}. "
                        "Answer or pass", opts, ("ladder_do", p, passes), step)


def link_text(st: FrontlineState, link: Link) -> str:
    """A link in words, for prompts: "P1's attack with Pike Levy on Shieldbearer"."""
    kind, seat, src, _sz, tgt, tz = link
    on = f" on P{tgt + 1}'s LP" if tz == LP else (f" on {st.name(tgt)}" if tgt >= 0 else "")
    return f"P{seat + 1}'s {link_words(kind, st.name(src))}{on}"  # as the board and play-by-play say it


def h_ladder_do(st: FrontlineState, step: Step) -> None:
    _, p, passes, choice = step
    if choice is None:
        if st.record:  # a search's copies keep no log: no event built
            st.emit("ladder_pass", player=p)
        if passes + 1 >= 2:
            st.stack.append(("ladder_resolve",))  # both passed in a row (rule frontline.8.4)
        else:
            st.stack.append(("ladder_ask", 1 - p, passes + 1))
        return
    st.stack.append(declare(st, p, choice))


def declare(st: FrontlineState, p: int, choice: tuple[Any, ...]) -> Step:
    """The steps that declare a card, ability, Retreat or Emergency move as a new link (after choosing
    a target and paying); shared by Main Phase plays and Ladder answers."""
    what, iid = choice[0], choice[1]
    if what in ("reaction", "action"):
        d = st.defs[iid]
        st.hand[p].remove(iid)
        st.zone[iid] = LADDER
        if st.record:
            st.emit("cast", player=p, card=st.ref(iid), kind=what)
        return _target_then_pay(st, p, d.target, d.cost, ("card", p, iid, LADDER), d.name, (iid,))
    if what == "ability":
        ab = st.defs[iid].ability
        st.used.add(iid)
        st.emit("ability", player=p, card=st.ref(iid), name=ab.name)
        return _target_then_pay(st, p, ab.target, ab.cost, ("ability", p, iid, st.zone[iid]), ab.name, (iid,))
    if what == "retreat":
        if st.record:
            st.emit("declare_retreat", player=p, card=st.ref(iid))
        link = ("retreat", p, iid, FRONT, -1, -1)
        return room_step(p, TAC, 1, f"the Retreat of {st.name(iid)}", ("link", link), (iid,))
    assert what == "emergency"
    return ("link", ("emergency", p, iid, COMMAND, -1, -1))


def _target_then_pay(st: FrontlineState, p: int, tkind: str, cost: int, base: tuple[Any, ...], why: str,
                     exclude: tuple[int, ...]) -> Step:
    if tkind == "none":
        return pay_step(p, cost, why, ("link", (*base, -1, -1)), exclude)
    return ("target", p, tkind, cost, base, why, exclude)


def h_target(st: FrontlineState, step: Step) -> None:
    """Asker: the target of a card or ability (the targets are public, so one target is not asked)."""
    _, p, tkind, cost, base, why, exclude = step
    ts = payable_targets(st, p, tkind, cost, exclude)
    if len(ts) == 1:  # the target is not fuel for its own play (ruling frontline.gap.4)
        st.stack.append(pay_step(p, cost, why, ("link", (*base, ts[0], st.zone[ts[0]])), with_target(exclude, ts[0])))
        return
    opts = [target_option(st, t) for t in ts]
    st.ask(p, "target", f"Choose the target of {why}", opts, ("target_chosen", p, cost, base, why, exclude), step)


def h_target_chosen(st: FrontlineState, step: Step) -> None:
    _, p, cost, base, why, exclude, t = step
    st.emit("target", player=p, card=st.ref(t))
    st.stack.append(pay_step(p, cost, why, ("link", (*base, t, st.zone[t])), with_target(exclude, t)))


# -- resolving ---------------------------------------------------------------------------------------


def whiff(st: FrontlineState, link: Link, why: str) -> None:
    st.emit("whiff", player=link[1], kind=link[0], source=st.ref(link[2]), reason=why)


def h_ladder_resolve(st: FrontlineState, step: Step) -> None:
    """Resolve every link, last in first (rules frontline.8.5–8.10); no answers in between."""
    links = st.links
    while links and st.result is None:
        link = links.pop()
        resolve_link(st, link)
    if st.result is None:
        if st.record:
            st.emit("ladder_done")


ON_FIELD = (FRONT, TAC)


def _target_ok(st: FrontlineState, link: Link) -> bool:
    """An effect's target is gone only when it left the field: a Retreat keeps it a legal target, as
    a retreated unit stays vulnerable to card effects (rules frontline.7.11–7.13 over 8.8, ruling
    "Effects follow a retreated unit"). Attacks check their own target (combat.resolve_attack)."""
    tgt, tz = link[4], link[5]
    if tgt < 0:
        return True
    z = st.zone[tgt]
    return z == tz or (z in ON_FIELD and tz in ON_FIELD)


def resolve_link(st: FrontlineState, link: Link) -> None:
    kind, p, src, sz, tgt, _tz = link
    if kind in ("card", "negated"):
        d = st.defs[src]
        if kind == "negated":
            whiff(st, link, "negated")
        elif not _target_ok(st, link):
            whiff(st, link, "its target is gone")
        else:
            if st.record:
                st.emit("resolve", player=p, card=st.ref(src))
            if any(e.verb == "negate" for e in d.effects) and st.links:
                below = st.links[-1]
                st.links[-1] = ("negated", *below[1:])
                st.emit("negate", player=p, kind=below[0], source=st.ref(below[2]))
            resolve_effects(st, p, d.effects, src, tgt)
        if st.result is None and st.zone[src] == LADDER:
            to_fallen(st, src, "resolved")  # ruling frontline.gap.20
        return
    if kind == "attack":
        combat.resolve_attack(st, link)
        return
    if st.zone[src] != sz:
        whiff(st, link, "its source is gone")  # rule frontline.8.9
        return
    if kind == "ability":
        if not _target_ok(st, link):
            whiff(st, link, "its target is gone")
            return
        st.emit("resolve", player=p, card=st.ref(src), ability=st.defs[src].ability.name)
        resolve_effects(st, p, st.defs[src].ability.effects, src, tgt)
    elif kind == "retreat":
        slot = st.open_tac(p)
        if slot < 0:
            whiff(st, link, "no open Tactical Zone slot")
            return
        retreat(st, src, slot)
    elif kind == "emergency":
        slot = st.open_front(p)
        if st.heroes_on_front(p) or slot < 0:
            whiff(st, link, "a Hero holds the Front Line")
            return
        st.command[p] = -1
        st.front[slot] = src
        st.zone[src] = FRONT
        st.moved[src] = st.turn
        st.emit("emergency", player=p, card=st.ref(src), slot=slot % 5)


def retreat(st: FrontlineState, unit: int, slot: int) -> None:
    """Front Line to the Tactical Zone, equipment tucked under it (rules frontline.7.5–7.6)."""
    st.front[st.front.index(unit)] = -1
    st.tac[slot] = unit
    st.zone[unit] = TAC
    st.moved[unit] = st.turn  # Physical Combat Immunity and no redeploy this turn (rules 7.7, 7.17)
    st.emit("retreat", player=st.owner[unit], card=st.ref(unit), slot=slot % 3,
            tucked=[st.ref(e) for e in st.gear.get(unit, ())])


HANDLERS = {
    "link": h_link,
    "ladder_ask": h_ladder_ask,
    "ladder_do": h_ladder_do,
    "target": h_target,
    "target_chosen": h_target_chosen,
    "ladder_resolve": h_ladder_resolve,
}

