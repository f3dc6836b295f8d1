"""Effects of `mastery` cards (seed §7): damage through DEF and reductions, healing, Shielded,
Poisoned and the Guard/Tank tools. Each verb is one branch; each returns whether it changed the
game state (a "real game-state effect", ruling gap.22), which decides Mastery.

Victory is never checked inside an effect: `defeat` calls `st.settle_later()` and the step ends with
`st.flush()`, which schedules the check after the whole timing step resolved (rule mastery.11.2).
`source` in events is a pool id (or `basic:<hero id>`, `end_phase`), never a card name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardarena.core.engine import Ref

from .schema import Effect
from .state import MasteryState


# -- passives (rulings gap.13, gap.27) -----------------------------------------------------------
def passive_amount(st: MasteryState, slot: int, kind: str) -> int:
    """The Hero's Passive plus its Path Passive of `kind` (0 if defeated: passives need a live Hero)."""
    if st.hp[slot] <= 0:
        return 0
    if st.pool is not _PASSIVES_OF[0]:  # keyed by pool ids: another pool's cards (docs/cards.md) start afresh
        _PASSIVES.clear()
        _PASSIVES_OF[0] = st.pool
    # it depends only on the Hero, its Path and the kind: remembered by those (asked several times
    # at every attack, heal and Round end)
    key = (st.heroes[slot].id, st.path[slot], kind)
    n = _PASSIVES.get(key)
    if n is None:
        n = _PASSIVES[key] = _passive_amount(st, slot, kind)
    return n


_PASSIVES: dict[tuple[str, str, str], int] = {}
_PASSIVES_OF: list[Any] = [None]  # the pool `_PASSIVES` describes


def _passive_amount(st: MasteryState, slot: int, kind: str) -> int:
    n = 0
    p = st.heroes[slot].passive
    if p.kind == kind:
        n += p.amount if kind != "poison_immune" else 1
    pc = st.path_card(slot)
    if pc is not None and pc.passive.kind == kind:
        n += pc.passive.amount if kind != "poison_immune" else 1
    return n


def defense(st: MasteryState, slot: int) -> int:
    """Printed DEF + DEF granted this Round + allies' `ally_def` Passives (ruling gap.17)."""
    b = slot - slot % 3
    allies = 0
    for s in (b, b + 1, b + 2):  # a loop, not a generator: at every attack
        if s != slot:
            allies += passive_amount(st, s, "ally_def")
    return st.heroes[slot].defense + st.def_up[slot] + allies


def hero_name(st: MasteryState, slot: int) -> Ref:
    """A Hero for an event: its instance id is its slot, visible to every seat."""
    return st.ref(slot)


# -- zones -----------------------------------------------------------------------------------------
def draw(st: MasteryState, seat: int, n: int, why: str) -> int:
    """Draw up to n. An empty deck takes the shuffled discard pile; with both empty the draw is
    skipped (rulings gap.4, gap.14). Returns the number drawn."""
    deck = st.deck[seat]
    hand = st.hand[seat]
    drawn: list[int] = []
    for _ in range(n):
        if not deck:
            pile = st.discard[seat]
            if not pile:
                st.emit("draw_skipped", player=seat, missing=n - len(drawn), reason=why)
                break
            deck.extend(pile)
            pile.clear()
            st.rng.shuffle(deck)
            st.emit("reshuffle", player=seat, cards=len(deck))
        iid = deck.pop()
        hand.append(iid)
        drawn.append(iid)
    if drawn and st.record:
        st.emit("draw", player=seat, count=len(drawn), cards=[st.ref(i) for i in drawn], reason=why)
    return len(drawn)


# -- damage, healing, statuses ---------------------------------------------------------------------
def defeat(st: MasteryState, slot: int) -> None:
    """Rule mastery.10.1: 0 HP defeats the Hero; its statuses and Round effects end with it."""
    st.shielded[slot] = False
    st.poison[slot] = 0
    st.ward[slot] = False
    st.def_up[slot] = 0
    st.reduce[slot] = 0
    st.used[slot] = True
    st.intercept[slot] = -1
    for s, t in enumerate(st.intercept):
        if t == slot:
            st.intercept[s] = -1
    seat = slot // 3
    if st.redirect[seat] == slot:
        st.redirect[seat] = -1
    st.fallen.append(slot)
    st.settle_later()
    st.emit("defeated", hero=st.hero_ref(slot), name=hero_name(st, slot))


def lose_hp(st: MasteryState, slot: int, n: int) -> None:
    st.hp[slot] = max(0, st.hp[slot] - n)
    if st.hp[slot] == 0:
        defeat(st, slot)


def deal_damage(st: MasteryState, performer: int, target: int, e: Effect, source: str) -> tuple[bool, bool]:
    """One attack's damage to one Hero (rules mastery.7.1–7.5, 7.8–7.10, 7.21; ruling gap.17).

    Order: intercept moves the damage to the interceptor; base + the performer's damage bonus,
    minus DEF and reductions, at least 1 (0 only when the card says so); then Shielded blocks it.
    Returns (changed, blocked)."""
    taker = target
    guard = st.intercept[target]
    if guard >= 0 and st.hp[guard] > 0:
        st.intercept[target] = -1
        taker = guard
        if st.record:  # a search's copies keep no log: no event built
            st.emit("intercepted", by=st.hero_ref(guard), protected=st.hero_ref(target), source=source,
                    name=hero_name(st, guard), protected_name=hero_name(st, target))
    bonus = passive_amount(st, performer, "damage_bonus") if performer >= 0 else 0
    base = e.amount + bonus
    dfn = defense(st, taker)
    red = st.reduce[taker]
    final = base - dfn - red
    if final < 1:
        final = 0 if e.zero_ok else 1
    if final > 0 and st.shielded[taker]:
        st.shielded[taker] = False
        if st.record:
            st.emit("blocked", hero=st.hero_ref(taker), name=hero_name(st, taker), source=source, would=final)
        return True, taker == target
    if final > 0:
        st.hp[taker] = max(0, st.hp[taker] - final)
    if st.record:  # a search's copies keep no log: no event built
        st.emit("damage", hero=st.hero_ref(taker), name=hero_name(st, taker), source=source, base=e.amount,
                bonus=bonus, defense=dfn, reduced=red, final=final, hp=st.hp[taker])
    if final > 0 and st.hp[taker] == 0:
        defeat(st, taker)
    return final > 0 or taker != target, False


def heal(st: MasteryState, performer: int, target: int, amount: int, source: str) -> bool:
    """Rules mastery.7.6–7.7: live Heroes only, never above maximum HP (ruling gap.20)."""
    if st.hp[target] <= 0:
        return False
    if performer >= 0:
        amount += passive_amount(st, performer, "heal_bonus")
    top = st.heroes[target].hp
    gained = min(amount, top - st.hp[target])
    st.hp[target] += gained
    if st.record:
        st.emit("heal", hero=st.hero_ref(target), name=hero_name(st, target), source=source, amount=gained,
                hp=st.hp[target])
    return gained > 0


def apply_poison(st: MasteryState, target: int, source: str) -> bool:
    """Rule mastery.7.11, 7.16: 2 End Phases, unless prevented; re-applying refreshes to 2 (gap.19)."""
    if st.ward[target] or passive_amount(st, target, "poison_immune"):
        st.emit("poison_prevented", hero=st.hero_ref(target), name=hero_name(st, target), source=source)
        return False
    before = st.poison[target]
    st.poison[target] = 2
    st.emit("poisoned", hero=st.hero_ref(target), name=hero_name(st, target), source=source, refreshed=before > 0)
    return before != 2


def resolve_effects(
    st: MasteryState, effects: Sequence[Effect], seat: int, performer: int, targets: list[int], source: str
) -> bool:
    """Resolve a card's effects in printed order on its targets; True if anything changed.

    An attack blocked by Shielded is blocked whole: the rest of that card does nothing to that Hero
    (ruling gap.18)."""
    changed = False
    blocked: set[int] = set()
    guard_bonus = passive_amount(st, performer, "guard_bonus") if performer >= 0 else 0
    for e in effects:
        v = e.verb
        if v == "draw":
            changed |= draw(st, seat, e.amount, source) > 0
            continue
        if v == "ap":
            st.ap[seat] += e.amount
            if st.record:
                st.emit("ap_gained", player=seat, amount=e.amount, ap=st.ap[seat], source=source)
            changed = True
            continue
        recipients = [performer] if e.to == "performer" else targets
        for t in recipients:
            if st.hp[t] <= 0 or t in blocked:
                continue
            if v == "damage":
                c, b = deal_damage(st, performer, t, e, source)
                changed |= c
                if b:
                    blocked.add(t)
            elif v == "heal":
                changed |= heal(st, performer, t, e.amount, source)
            elif v == "poison":
                changed |= apply_poison(st, t, source)
            elif v == "shield":
                if not st.shielded[t]:  # Shielded does not stack (ruling gap.18)
                    st.shielded[t] = True
                    changed = True
                if st.record:
                    st.emit("shielded", hero=st.hero_ref(t), name=hero_name(st, t), source=source)
            elif v == "cure":
                if st.poison[t]:
                    st.poison[t] = 0
                    changed = True
                    st.emit("cured", hero=st.hero_ref(t), name=hero_name(st, t), source=source)
            elif v == "ward":
                if not st.ward[t]:
                    st.ward[t] = True
                    changed = True
                if st.record:
                    st.emit("warded", hero=st.hero_ref(t), name=hero_name(st, t), source=source)
            elif v == "def_up":
                n = e.amount + guard_bonus
                st.def_up[t] += n
                changed = True
                if st.record:
                    st.emit("def_up", hero=st.hero_ref(t), name=hero_name(st, t), amount=n, source=source)
            elif v == "reduce":
                n = e.amount + guard_bonus
                st.reduce[t] += n
                changed = True
                if st.record:
                    st.emit("reduce", hero=st.hero_ref(t), name=hero_name(st, t), amount=n, source=source)
            elif v == "redirect":
                s = t // 3
                if st.redirect[s] != t:
                    st.redirect[s] = t
                    changed = True
                st.emit("redirect_set", hero=st.hero_ref(t), name=hero_name(st, t), source=source)
            elif v == "intercept":
                if st.intercept[t] != performer:
                    st.intercept[t] = performer
                    changed = True
                if st.record:
                    # named: who guards whom is public and decides where the next attack's damage goes
                    st.emit("intercept_set", by=st.hero_ref(performer), protected=st.hero_ref(t), source=source,
                            name=hero_name(st, performer), protected_name=hero_name(st, t))
            elif v == "ready":
                if st.used[t]:
                    st.used[t] = False
                    changed = True
                    if st.record:
                        st.emit("readied", hero=st.hero_ref(t), name=hero_name(st, t), source=source)
    return changed
