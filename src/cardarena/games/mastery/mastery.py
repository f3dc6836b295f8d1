"""Mastery, the Active Loadout and its refresh cycle (seed §8), Level 2 Paths (§9) and Rebalance
(§10). Rulings gap.23–gap.30 in docs/rulings/mastery.md.
"""

from __future__ import annotations

from typing import Any

from cardarena.core.engine import Option, Step

from .schema import PathCard, TechniqueCard
from .state import MasteryState
from .text import card_text

LOADOUT_SIZE = 3


def record_mastery(st: MasteryState, slot: int, d: TechniqueCard) -> None:
    """The first qualifying use is recorded automatically; a free Loadout slot equips it, ready
    (rules mastery.8.5–8.8, ruling gap.23)."""
    if d.id in st.kit[slot]:
        return  # later copies add nothing (rule mastery.8.6)
    st.kit[slot] = (*st.kit[slot], d.id)
    equipped = len(st.loadout[slot]) < LOADOUT_SIZE
    if equipped:
        st.loadout[slot] = (*st.loadout[slot], d.id)
    if st.record:  # a search's copies keep no log: no event built
        st.emit("mastery", hero=st.hero_ref(slot), name=st.ref(slot), card=d.id,
                symbol=d.symbol, equipped=equipped)


def after_reuse(st: MasteryState, slot: int) -> None:
    """Rules mastery.8.15–8.17: once all 3 skills of a full Loadout are spent, all refresh."""
    lo = st.loadout[slot]
    if len(lo) == LOADOUT_SIZE and set(st.spent[slot]) >= set(lo):
        st.spent[slot] = ()
        st.emit("refresh", hero=st.hero_ref(slot), name=st.ref(slot), skills=list(lo))


def symbol_of(st: MasteryState, tid: str) -> str:
    d: Any = st.pool.by_id[tid]
    return str(d.symbol)


#: earned_paths by (Hero, Mastery Kit), both pool ids: a Kit changes a few times a game, and every
#: Action Opportunity asks which Paths it earns
_EARNED: dict[tuple[str, tuple[str, ...]], tuple[PathCard, ...]] = {}
_EARNED_OF: list[Any] = [None]  # the pool `_EARNED` describes


def earned_paths(st: MasteryState, slot: int) -> tuple[PathCard, ...]:
    """Rules mastery.9.1–9.4: two differently named Masteries of a symbol earn that symbol's Path."""
    hero = st.heroes[slot]
    kit = tuple(st.kit[slot])  # a tuple already (replaced on change, never mutated): no copy
    key = (hero.id, kit)
    if st.pool is not _EARNED_OF[0]:  # keyed by pool ids: another pool's cards (docs/cards.md) start afresh
        _EARNED.clear()
        _EARNED_OF[0] = st.pool
    found = _EARNED.get(key)
    if found is None:
        counts: dict[str, int] = {}
        for tid in kit:
            s = symbol_of(st, tid)
            counts[s] = counts.get(s, 0) + 1
        by_id = st.pool.by_id
        out = []
        for pid in hero.paths:
            pc: Any = by_id[pid]
            if counts.get(pc.symbol, 0) >= 2:
                out.append(pc)
        if len(_EARNED) >= 1 << 14:
            _EARNED.clear()
        found = _EARNED[key] = tuple(out)
    return found


def eligible_paths(st: MasteryState, slot: int) -> tuple[PathCard, ...]:
    """Paths a Hero without a Path may choose now (a Hero holds one Path; ruling gap.25)."""
    if st.path[slot] or st.hp[slot] <= 0:
        return ()
    return earned_paths(st, slot)


def _path_cards(st: MasteryState, seat: int, pc: PathCard) -> list[tuple[list[int], int]]:
    """(zone, iid) of a Path's Level 2 cards in the seat's deck, hand and discard."""
    out = []
    defs = st.defs
    names = pc.techniques
    for zone in (st.deck[seat], st.hand[seat], st.discard[seat]):
        for i in zone:
            if defs[i].id in names:
                out.append((zone, i))
    return out


def _bring_in(st: MasteryState, slot: int, pc: PathCard) -> None:
    """The Path's 4 cards leave the Hero's Level Reserve and are shuffled into the Main Deck (gap.26)."""
    seat = slot // 3
    res = st.reserve[slot]
    moved = [i for i in res if st.defs[i].id in pc.techniques]
    for i in moved:
        res.remove(i)
        st.deck[seat].append(i)
    st.rng.shuffle(st.deck[seat])


def choose_path(st: MasteryState, slot: int, pid: str) -> None:
    """Rules mastery.9.5–9.10: the Path Passive is on at once; 2 copies of each Level 2 Technique
    enter the Main Deck. Free: no AP, no Hero action (ruling gap.25)."""
    pc: Any = st.pool.by_id[pid]
    st.path[slot] = pid
    _bring_in(st, slot, pc)
    if st.record:  # a search's copies keep no log: no event built
        st.emit("level2", hero=st.hero_ref(slot), name=st.ref(slot), path=st.ref(st.path_iid(slot, pid)),
                passive=pc.passive.name, added=list(pc.techniques))


# -- Rebalance (seed §10) -------------------------------------------------------------------------
def rebalance_options(st: MasteryState, seat: int) -> list[tuple[int, PathCard]]:
    """(Hero slot, new Path) pairs: a surviving Hero on a Path, not yet Rebalanced, with another earned
    Path (rules mastery.10.5–10.8, ruling gap.30)."""
    out = []
    for s in st.live_slots(seat):
        if st.rebalanced[s] or not st.path[s]:
            continue
        for pc in earned_paths(st, s):
            if pc.id != st.path[s]:
                out.append((s, pc))
    return out


def h_rebalance(st: MasteryState, step: Step) -> None:
    """Asker: after an ally's defeat, Rebalance one survivor or decline (rules 10.3–10.4; gap.29)."""
    p = step[1]
    if st.result is not None:
        return
    cands = rebalance_options(st, p)
    if not cands:
        return
    b = p * 3
    by_id = st.pool.by_id
    opts = []
    for s, pc in cands:
        old: Any = by_id[st.path[s]]
        opts.append(Option(f"rebalance:{s - b}:{pc.id}", f"Rebalance {st.heroes[s].name}: {old.name} → {pc.name}",
                           {"hero": st.hero_ref(s), "path": pc.id}, (s, pc.id)))
    opts.append(Option("decline", "Decline the Rebalance", {}, None))
    st.ask(p, "rebalance", "An ally was defeated: Rebalance one surviving Hero?", opts, ("rebalance_chosen", p), step)


def rebuild_parts(st: MasteryState, slot: int, symbol: str, old_symbol: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Rule mastery.10.12–10.13: the new Path's first two Masteries, and the Masteries eligible as the
    flexible third: the other Masteries not of the old Path's symbol, in recording order (ruling gap.30)."""
    kit = st.kit[slot]
    core = tuple([t for t in kit if symbol_of(st, t) == symbol][:2])
    flex = tuple(t for t in kit if t not in core and symbol_of(st, t) != old_symbol)
    return core, flex


def h_rebalance_chosen(st: MasteryState, step: Step) -> None:
    """Switch the Path through the Level Reserve and rebuild the Loadout: the flexible third is the
    player's pick when several Masteries are eligible, taken without asking when one is (gap.30)."""
    _, p, choice = step
    if choice is None:
        st.emit("rebalance_declined", player=p)  # changes nothing, uses nothing (rule mastery.10.14)
        return
    slot, pid = choice
    by_id = st.pool.by_id
    old: Any = by_id[st.path[slot]]
    new: Any = by_id[pid]
    res = st.reserve[slot]
    out = _path_cards(st, p, old)
    from_hand = 0
    for zone, i in out:
        zone.remove(i)
        res.append(i)
        if zone is st.hand[p]:
            from_hand += 1
    st.path[slot] = pid  # the old Path Passive ends, the new one starts, at once
    _bring_in(st, slot, new)
    st.rebalanced[slot] = True
    core, flex = rebuild_parts(st, slot, new.symbol, old.symbol)
    st.loadout[slot] = core
    st.spent[slot] = ()  # every rebuilt skill is ready (ruling gap.24)
    done = ("rebalance_done", p, slot, old.id, tuple(i for _, i in out), from_hand)
    if len(flex) > 1:
        st.stack.append(("flex", slot, flex, done))
        return
    st.loadout[slot] = (*core, *flex)
    st.stack.append(done)


def h_flex(st: MasteryState, step: Step) -> None:
    """Asker: the player picks the flexible third Active skill among the eligible Masteries (gap.30)."""
    _, slot, flex, done = step
    h = st.heroes[slot]
    by_id = st.pool.by_id
    ref = st.hero_ref(slot)
    opts = []
    for tid in flex:
        t: Any = by_id[tid]
        opts.append(Option(f"flex:{tid}", f"{t.name} ({t.symbol}, {t.cost} AP): {card_text(t.target, t.effects)}",
                           {"hero": ref, "card": tid}, tid))
    st.ask(slot // 3, "flex", f"Rebalance {h.name}: which Mastery fills the flexible third Active slot?", opts,
           ("flex_chosen", slot, done), step)


def h_flex_chosen(st: MasteryState, step: Step) -> None:
    _, slot, done, tid = step
    st.loadout[slot] = (*st.loadout[slot], tid)
    st.stack.append(done)


def h_rebalance_done(st: MasteryState, step: Step) -> None:
    """The Rebalance, whole, in the log: its Loadout is the rebuilt one."""
    _, p, slot, old_id, returned, from_hand = step
    pid = st.path[slot]
    new: Any = st.pool.by_id[pid]
    st.emit("rebalance", player=p, hero=st.hero_ref(slot), name=st.ref(slot), old=st.ref(st.path_iid(slot, old_id)),
            new=st.ref(st.path_iid(slot, pid)),
            returned=[st.ref(i) for i in returned], from_hand=from_hand, added=list(new.techniques),
            loadout=list(st.loadout[slot]))


HANDLERS = {"rebalance": h_rebalance, "rebalance_chosen": h_rebalance_chosen, "flex": h_flex,
            "flex_chosen": h_flex_chosen, "rebalance_done": h_rebalance_done}
