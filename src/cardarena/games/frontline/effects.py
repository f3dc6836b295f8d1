"""Moving cards and resolving effects: draws, damage, destruction, Expending, the Fallen Zone and
its triggers (rulebook §1, §3). Triggered effects (Scavenge, Muster, Last Stand, End Phase) have no
choices and resolve at once, so they can never miss timing (rule frontline.8.12).

Every function returns early once the game is over: the LP win is immediate (rule frontline.1.3).
"""

from __future__ import annotations

from .schema import Effect, GeneralCard, HeroCard, TacticalCard
from .state import COMMAND, FALLEN, FRONT, GEAR, HAND, TAC, FrontlineState
from .stats import has_keyword, max_hp


def _src(st: FrontlineState, src: int) -> dict[str, object]:
    """The card behind an effect, as an event field (always a ref, never a name as text)."""
    return {"source": st.ref(src)} if src >= 0 else {}


def draw(st: FrontlineState, p: int, n: int, reason: str, src: int = -1) -> int:
    """Draw up to n; an empty deck outside the Draw Phase simply draws fewer (ruling frontline.gap.14)."""
    deck = st.deck[p]
    got = []
    for _ in range(n):
        if not deck:
            break
        iid = deck.pop()
        st.hand[p].append(iid)
        st.zone[iid] = HAND
        got.append(iid)
    if st.record:
        st.emit("draw", player=p, count=len(got), cards=[st.ref(i) for i in got], reason=reason, **_src(st, src))
    return len(got)


def check_lp(st: FrontlineState) -> bool:
    """rulebook §1: 0 LP loses at once; both at 0 together is a draw (ruling frontline.gap.14)."""
    if st.result is not None:
        return True
    low = [p for p in (0, 1) if st.lp[p] <= 0]
    if not low:
        return False
    winner = None if len(low) == 2 else 1 - low[0]
    st.finish(winner, "life_points", st.turn)
    return True


def lose_lp(st: FrontlineState, p: int, n: int, why: str, src: int = -1) -> None:
    if n <= 0 or st.result is not None:
        return
    st.lp[p] -= n
    if st.record:
        st.emit("lp", player=p, change=-n, lp=st.lp[p], reason=why, **_src(st, src))
    check_lp(st)


def gain_lp(st: FrontlineState, p: int, n: int, why: str, src: int = -1) -> None:
    if n <= 0 or st.result is not None:
        return
    st.lp[p] += n
    st.emit("lp", player=p, change=n, lp=st.lp[p], reason=why, **_src(st, src))


def reclaim(st: FrontlineState, p: int, n: int, source: int) -> None:
    """Return the n oldest cards of p's Fallen Zone to hand; only cards that were there before this
    turn, so no loop of plays can repeat within a turn and the game always ends (ruling frontline.gap.1)."""
    fallen = st.fallen[p]
    turn = st.turn
    got = [i for i in fallen if i != source and st.moved[i] < turn][:n]
    for i in got:
        fallen.remove(i)
        st.hand[p].append(i)
        st.zone[i] = HAND
        st.revealed.add(i)  # it left a public zone in plain sight
    if got:
        st.emit("reclaim", player=p, cards=[st.ref(i) for i in got])


# -- the Fallen Zone ---------------------------------------------------------------------------------


def _fall(st: FrontlineState, iid: int, why: str) -> None:
    """Put one card (already out of its zone) into its owner's Fallen Zone, without its trigger."""
    p = st.owner[iid]
    st.fallen[p].append(iid)
    st.zone[iid] = FALLEN
    st.hp[iid] = 0
    st.moved[iid] = st.turn  # when it fell: Reclaim takes only older cards
    if st.record:  # a search's copies keep no log: no event built
        st.emit("fallen", player=p, card=st.ref(iid), reason=why)


def scavenge(st: FrontlineState, iid: int) -> None:
    """Scavenge fires whatever sent the card to the Fallen Zone: cost, discard or destruction
    (rules frontline.3.12–3.14); never after the game ended (rule frontline.1.3)."""
    d = st.defs[iid]
    if d.scavenge and st.result is None:
        p = st.owner[iid]
        if st.record:
            st.emit("trigger", player=p, card=st.ref(iid), keyword="scavenge")
        resolve_effects(st, p, d.scavenge, iid, -1)


def to_fallen(st: FrontlineState, iid: int, why: str) -> None:
    _fall(st, iid, why)
    scavenge(st, iid)


def _leave_field(st: FrontlineState, iid: int) -> None:
    """Take a card off the field (its gear stays listed under it until the caller moves it)."""
    z = st.zone[iid]
    if z == FRONT:
        st.front[st.front.index(iid)] = -1
    elif z == TAC:
        st.tac[st.tac.index(iid)] = -1
    elif z == COMMAND:
        st.command[st.owner[iid]] = -1
    elif z == GEAR:
        host = st.host_of(iid)
        st.gear[host] = tuple(e for e in st.gear[host] if e != iid)
        if not st.gear[host]:
            del st.gear[host]
    st.boost.pop(iid, None)


def _remove_with_gear(st: FrontlineState, iid: int, why: str) -> tuple[int, ...]:
    """A card leaves the field for the Fallen Zone and takes its equipment along (ruling
    frontline.gap.4). Every card is moved before any trigger fires, so the board is whole even if a
    trigger ends the game."""
    _leave_field(st, iid)
    items = st.gear.pop(iid, ())
    _fall(st, iid, why)
    for e in items:
        _fall(st, e, "its unit left the field")
    return items


def destroy(st: FrontlineState, iid: int, why: str, src: int = -1) -> None:
    """HP 0: destroyed at once and sent to the Fallen Zone (rules frontline.1.7, 1.8); then its
    Last Stand, its Scavenge and its equipment's Scavenge, in that order."""
    if st.zone[iid] not in (FRONT, TAC) or st.result is not None:
        return
    items = remove_destroyed(st, iid, why, src)
    destroyed_triggers(st, iid, items)


def remove_destroyed(st: FrontlineState, iid: int, why: str, src: int = -1) -> tuple[int, ...]:
    """The first half of `destroy`: off the field to the Fallen Zone, no trigger yet. Returns the
    equipment that fell with it, for `destroyed_triggers`."""
    st.emit("destroyed", player=st.owner[iid], card=st.ref(iid), reason=why, **_src(st, src))
    return _remove_with_gear(st, iid, "destroyed")


def destroyed_triggers(st: FrontlineState, iid: int, items: tuple[int, ...]) -> None:
    """The second half of `destroy`: Last Stand, then the Scavenge of the card and its equipment."""
    p = st.owner[iid]
    d = st.defs[iid]
    if isinstance(d, HeroCard) and d.last_stand and st.result is None:
        st.emit("trigger", player=p, card=st.ref(iid), keyword="last_stand")
        resolve_effects(st, p, d.last_stand, iid, -1)
    scavenge(st, iid)
    for e in items:
        scavenge(st, e)


def expend(st: FrontlineState, iid: int) -> None:
    """Move one card from hand or field to the Fallen Zone as a cost (rules frontline.3.4–3.6)."""
    p = st.owner[iid]
    z = st.zone[iid]
    if z == HAND:
        st.hand[p].remove(iid)
        st.zone[iid] = FALLEN  # public from here on: Expended cards are seen by both
        if st.record:
            st.emit("expend", player=p, card=st.ref(iid), source="hand")
        to_fallen(st, iid, "expended")
        return
    if st.record:
        st.emit("expend", player=p, card=st.ref(iid), source="field")
    host = st.host_of(iid) if z == GEAR else -1
    items = _remove_with_gear(st, iid, "expended")
    if host >= 0:
        # losing an HP bonus lowers HP only down to the new maximum, never below 1 (ruling frontline.gap.7)
        st.hp[host] = min(st.hp[host], max_hp(st, host))
    scavenge(st, iid)
    for e in items:
        scavenge(st, e)


# -- effects -------------------------------------------------------------------------------------------


def deal_damage(st: FrontlineState, iid: int, n: int, src: int) -> None:
    """Effect damage (not a physical attack: it reaches retreated units, ruling frontline.gap.18)."""
    if st.zone[iid] not in (FRONT, TAC) or st.result is not None:
        return
    if st.is_unit(iid) and has_keyword(st, iid, "bulwark"):
        n -= 1
    if n <= 0:
        st.emit("damage", card=st.ref(iid), amount=0, hp=st.hp[iid], **_src(st, src))
        return
    st.hp[iid] -= n
    st.emit("damage", card=st.ref(iid), amount=n, hp=max(st.hp[iid], 0), **_src(st, src))
    if st.hp[iid] <= 0:
        destroy(st, iid, "effect damage", src)


def heal(st: FrontlineState, iid: int, n: int) -> None:
    if st.zone[iid] not in (FRONT, TAC):
        return
    new = min(st.hp[iid] + n, max_hp(st, iid))
    if new > st.hp[iid]:
        st.emit("heal", card=st.ref(iid), amount=new - st.hp[iid], hp=new)
        st.hp[iid] = new


def _recipients(st: FrontlineState, p: int, e: Effect, source: int, target: int) -> list[int]:
    if e.to == "target":
        return [target] if target >= 0 else []
    if e.to == "self":
        return [source]
    if e.to == "each_enemy":
        return st.units(1 - p)
    return st.units(p)  # each_ally


def resolve_effects(st: FrontlineState, p: int, effects: tuple[Effect, ...], source: int, target: int) -> None:
    """Resolve a card's effects in printed order for player p. `target` is -1 when it has none."""
    for e in effects:
        if st.result is not None:
            return
        v = e.verb
        if v in ("damage", "heal", "boost"):
            for u in _recipients(st, p, e, source, target):
                if v == "damage":
                    deal_damage(st, u, e.amount, source)
                elif v == "heal":
                    heal(st, u, e.amount)
                elif st.zone[u] in (FRONT, TAC):
                    st.boost[u] = st.boost.get(u, 0) + e.amount
                    st.emit("boost", card=st.ref(u), amount=e.amount)
        elif v == "strike":
            lose_lp(st, 1 - p if e.to == "opponent" else p, e.amount, "effect", source)
        elif v == "gain":
            gain_lp(st, p, e.amount, "effect", source)
        elif v == "draw":
            draw(st, p, e.amount, "effect", source)
        elif v == "reclaim":
            reclaim(st, p, e.amount, source)
        # negate is resolved by the Ladder itself (ladder.py)


def muster(st: FrontlineState, iid: int) -> None:
    d = st.defs[iid]
    if isinstance(d, HeroCard) and d.muster:
        if st.record:
            st.emit("trigger", player=st.owner[iid], card=st.ref(iid), keyword="muster")
        resolve_effects(st, st.owner[iid], d.muster, iid, -1)


def end_phase_triggers(st: FrontlineState, p: int) -> None:
    """rulebook §5: end-of-turn triggers, the General's then the Tactical Zone's in slot order."""
    sources = []
    g = st.command[p]
    if g >= 0 and isinstance(st.defs[g], GeneralCard) and st.defs[g].end_phase:
        sources.append(g)
    sources += [i for i in st.tac_cards(p) if isinstance(st.defs[i], TacticalCard) and st.defs[i].end_phase]
    for i in sources:
        if st.result is not None or st.zone[i] not in (COMMAND, TAC):
            continue
        st.emit("trigger", player=p, card=st.ref(i), keyword="end_phase")
        resolve_effects(st, p, st.defs[i].end_phase, i, -1)
