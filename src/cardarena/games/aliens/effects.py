"""Effects, damage, KO and Recycling (rulebook §9, §11, §12) and the card-in-play modifiers.

Every handler that resolves effects ends with `st.flush()`, which schedules the `settle` step when an
Alien was KO'd: victory is checked once the whole effect has resolved, so KOs that happen together
(an effect hitting every Alien) are judged together (ruling aliens.gap.34).

Events name cards only through `st.ref` (docs/events.md): `source` is the instance id of the card, or
of the Alien whose ability or passive acts, and becomes a card reference in the log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .pool import BEATS
from .schema import Effect, Modifiers, SpawnCard, TacticCard
from .state import AliensState

# -- modifiers ---------------------------------------------------------------------------------


def _mod(m: Modifiers | None, field: str) -> int:
    return 0 if m is None else getattr(m, field)


def continuous(st: AliensState, p: int, field: str) -> int:
    """Sum of `field` over p's face-up Continuous Spawns."""
    defs = st.defs
    set_turn = st.set_turn
    total = 0
    for i in st.command[p]:
        if i not in set_turn:
            d = defs[i]
            if d.subtype == "continuous" and d.modifiers is not None:
                total += getattr(d.modifiers, field)
    return total


def slot_modifier(st: AliensState, slot: int, field: str) -> int:
    """Sum of `field` over everything that applies to the Alien in `slot`: its Equip, its owner's
    Continuous Spawns, its own and its squad's Passives, and the Sector (docs/cards.md). Asked at
    every cost, attack and hit, so it reads the tables without a call per part."""
    defs = st.defs
    total = 0
    eq = st.equip[slot]
    if eq >= 0 and defs[eq].modifiers is not None:
        total += getattr(defs[eq].modifiers, field)
    p = slot // 3
    if st.command[p]:
        total += continuous(st, p, field)
    hp = st.hp
    aliens = st.aliens
    for s in (p * 3, p * 3 + 1, p * 3 + 2):
        if hp[s] > 0:
            ab = defs[aliens[s]].ability
            if ab.modifiers is not None and (ab.scope == "squad" or s == slot):
                total += getattr(ab.modifiers, field)
    sector = st.sector
    if sector >= 0 and defs[sector].modifiers is not None:
        total += getattr(defs[sector].modifiers, field)
    return total


def slot_modifiers(st: AliensState, p: int, field: str) -> list[int]:
    """`slot_modifier` for each of p's three slots, the parts they share summed once (the Activation
    Phase asks this at every decision)."""
    defs = st.defs
    shared = continuous(st, p, field)
    if st.sector >= 0:
        shared += _mod(defs[st.sector].modifiers, field)
    hp = st.hp
    aliens = st.aliens
    equip = st.equip
    own = [0, 0, 0]
    for k, s in enumerate((p * 3, p * 3 + 1, p * 3 + 2)):
        eq = equip[s]
        if eq >= 0:
            own[k] += _mod(defs[eq].modifiers, field)
        if hp[s] > 0:
            ab = defs[aliens[s]].ability
            if ab.modifiers is not None:
                v = getattr(ab.modifiers, field)
                if ab.scope == "squad":
                    shared += v
                else:
                    own[k] += v
    return [shared + v for v in own]


def tactic_cost(st: AliensState, card: TacticCard | SpawnCard, performer: int) -> int:
    """rulebook §8 and §12: the printed cost plus the cost modifiers, not below 0, then +1 if the
    performer is Fluxed (rule aliens.12.8; docs/rulings/aliens.md, "Fluxed pays one more")."""
    if isinstance(card, SpawnCard):
        cost = card.cost + (_mod(st.defs[st.sector].modifiers, "cost") if st.sector >= 0 else 0)
        return cost if cost > 0 else 0
    cost = card.cost + slot_modifier(st, performer, "cost")
    if cost < 0:
        cost = 0
    return cost + 1 if st.status[performer] == "fluxed" else cost


# -- energy ------------------------------------------------------------------------------------


def pay(st: AliensState, p: int, amount: int, source: int) -> None:
    """Send Reactor cards, oldest first, then ramp energy (ruling aliens.gap.15) — rule aliens.8.7.
    `source`: the card paid for, or the Alien whose ability it is."""
    if amount <= 0:
        return
    r = st.reactor[p]
    k = amount if amount < len(r) else len(r)
    spent = r[:k]
    del r[:k]
    st.discard[p].extend(spent)  # face-up in the Discard: the paid cards are public from now on
    st.charge[p] -= amount - k
    if st.record:
        st.emit("energy_paid", player=p, amount=amount, cards=[st.ref(i) for i in spent], ramp=amount - k,
                source=st.ref(source))


def drain(st: AliensState, p: int, amount: int, source: int) -> None:
    take = min(amount, st.energy(p))
    ramp = min(take, st.charge[p])
    st.charge[p] -= ramp
    rest = take - ramp
    r = st.reactor[p]
    lost = r[:rest]
    del r[:rest]
    st.discard[p].extend(lost)
    if st.record:  # a search's copies keep no log: no event built
        st.emit("energy_lost", player=p, amount=take, cards=[st.ref(i) for i in lost], source=st.ref(source))


# -- damage, KO, Recycling -----------------------------------------------------------------------


def hit(
    st: AliensState,
    target: int,
    amount: int,
    source: int,
    *,
    base: int | None = None,
    bonus: int = 0,
    modifier: int = 0,
    blocked: int = 0,
    status_damage: bool = False,
    ko: bool = True,
) -> bool:
    """Deal damage to one Alien (rule aliens.9.5). `amount` already holds base + bonus + modifier −
    blocked; armor (from cards) and shields (any but status damage) apply here; HP stops at 0.
    `source` is the card or Alien dealing it, or -1 for a status (Corroding). Returns whether it
    brought the Alien to 0; with `ko=False` the caller knocks it out (`knock_out_all`)."""
    hp = st.hp
    if hp[target] <= 0:
        return False
    # armor only changes damage that is dealt: "takes 1 more damage" (armor < 0) adds nothing to a
    # hit that blocks brought to 0 (ruling aliens.gap.25)
    armor = 0 if status_damage or amount <= 0 else slot_modifier(st, target, "armor")
    dmg = amount - armor
    if dmg < 0:
        dmg = 0
    shielded = 0
    if not status_damage and st.shield[target] and dmg:
        shielded = min(st.shield[target], dmg)
        st.shield[target] -= shielded
        dmg -= shielded
    new = hp[target] - dmg
    if new < 0:
        new = 0
    hp[target] = new
    if st.record:
        a = st.aliens[target]
        st.emit(
            "damage", source=None if source < 0 else st.ref(source), status="corroding" if status_damage else None,
            target=st.ref_id(a), target_name=st.ref(a),
            base=amount + blocked - bonus - modifier if base is None else base, bonus=bonus, modifier=modifier,
            blocked=blocked, armor=armor, shielded=shielded, final=dmg, hp=new,
        )
    if new == 0 and ko:
        knock_out(st, target)
    return new == 0


def knock_out_all(st: AliensState, slots: list[int]) -> None:
    """KO the Aliens one damage brought to 0 together, once all of it is dealt: when the first one's
    Recycling runs, the others are already down, so their Tactics stay in the Discard as dead cards
    (rule aliens.11.10, ruling aliens.gap.28)."""
    for s in slots:
        knock_out(st, s)


def knock_out(st: AliensState, slot: int) -> None:
    """rulebook §11: flip face-down, lose status and shield, Equip to the Discard, then Recycling."""
    p = slot // 3
    st.status[slot] = None
    st.shield[slot] = 0
    if st.record:
        a = st.aliens[slot]
        st.emit("ko", player=p, alien=st.ref_id(a), name=st.ref(a))
    eq = st.equip[slot]
    if eq >= 0:
        st.equip[slot] = -1
        st.command[p].remove(eq)
        st.discard[p].append(eq)
        if st.record:
            st.emit("move", player=p, card=st.ref(eq), to="discard", reason="equipped Alien KO'd")
    recycle(st, p)
    st.ko_queue.append(slot)
    st.settle_later()


def live_species(st: AliensState, p: int) -> set[str]:
    return {st.alien(s).species for s in st.live_slots(p)}


def recycle(st: AliensState, p: int) -> None:
    """Recycling (rules aliens.11.7–11.13): from the Discard only, the Species Tactics of still-live
    species and every Spawn go back into the Deck, which is shuffled."""
    alive = live_species(st, p)
    keep: list[int] = []
    back: list[int] = []
    defs = st.defs
    for i in st.discard[p]:
        d = defs[i]
        if isinstance(d, SpawnCard) or (isinstance(d, TacticCard) and d.species in alive):
            back.append(i)
        else:
            keep.append(i)
    # logged while the cards still lie face-up in the Discard: which cards go back is public
    if st.record:
        st.emit("recycle", player=p, cards=[st.ref(i) for i in back], stays=len(keep))
    st.discard[p] = keep
    st.deck[p].extend(back)
    st.rng.shuffle(st.deck[p])
    if st.record:
        st.emit("shuffle", player=p, reason="recycling")


def check_victory(st: AliensState) -> bool:
    """rulebook §1 (rule aliens.1.2); simultaneous total KO goes to priority (ruling aliens.gap.34)."""
    out0 = not st.live_slots(0)
    out1 = not st.live_slots(1)
    if out0 and out1:
        st.finish(st.priority, "simultaneous_ko", st.turn)
    elif out0:
        st.finish(1, "all_aliens_ko", st.turn)
    elif out1:
        st.finish(0, "all_aliens_ko", st.turn)
    else:
        return False
    return True


# -- statuses ----------------------------------------------------------------------------------


def give_status(st: AliensState, slot: int, status: str, source: int) -> None:
    """Rule aliens.12.1: one status at a time; a second is ignored."""
    if st.hp[slot] <= 0:
        return
    cur = st.status[slot]
    a = st.aliens[slot]
    if cur is not None:
        if st.record:  # a search's copies keep no log: no event built
            st.emit("status_ignored", alien=st.ref_id(a), name=st.ref(a), status=status, has=cur, source=st.ref(source))
        return
    st.status[slot] = status
    if st.record:
        st.emit("status", alien=st.ref_id(a), name=st.ref(a), status=status, change="gained", source=st.ref(source))


def clear_status(st: AliensState, slot: int, reason: str, source: int = -1) -> None:
    """Remove the status: `reason` is "coin flip" (rules aliens.12.5, 12.9) or "cleanse" (an effect of `source`)."""
    cur = st.status[slot]
    if cur is not None:
        st.status[slot] = None
        a = st.aliens[slot]
        if st.record:
            st.emit("status", alien=st.ref_id(a), name=st.ref(a), status=cur, change="recovered", reason=reason,
                    source=None if source < 0 else st.ref(source))


# -- effect resolution -------------------------------------------------------------------------


def draw(st: AliensState, p: int, n: int, why: str, source: int = -1) -> int:
    """Draw up to n from the top (end of the list). Only the Draw Phase can deck out (rule aliens.8.5).
    `source`: the card whose effect draws, if any."""
    deck = st.deck[p]
    k = min(n, len(deck))
    if k <= 0:
        return 0
    drawn = deck[-k:]
    del deck[-k:]
    drawn.reverse()
    st.hand[p].extend(drawn)
    if st.record:
        if source >= 0:
            st.emit("draw", player=p, count=k, cards=[st.ref(i) for i in drawn], reason=why, source=st.ref(source))
        else:
            st.emit("draw", player=p, count=k, cards=[st.ref(i) for i in drawn], reason=why)
    return k


def recipients(st: AliensState, to: str, user: int, performer: int, target: int) -> Sequence[int]:
    if to == "target":
        return (target,) if target >= 0 and st.hp[target] > 0 else ()
    if to == "performer":
        return (performer,) if performer >= 0 and st.hp[performer] > 0 else ()
    if to == "all_enemies":
        return st.live_slots(1 - user)
    if to == "all_allies":
        return st.live_slots(user)
    if to == "all_aliens":
        return [*st.live_slots(st.active), *st.live_slots(1 - st.active)]
    raise ValueError(f"{to!r} is not an Alien recipient")


def destroy(st: AliensState, iid: int, source: int) -> None:
    """Send a card in play (Command Zone or Sector Zone) to its owner's Discard."""
    o = st.owner[iid]
    if st.sector == iid:
        st.sector = -1
    elif iid in st.command[o]:
        st.command[o].remove(iid)
        st.set_turn.pop(iid, None)
        for s in range(6):
            if st.equip[s] == iid:
                st.equip[s] = -1
    else:
        return  # already gone: nothing to destroy ("do as much as you can")
    st.discard[o].append(iid)
    if st.record:
        st.emit("destroy", player=o, card=st.ref(iid), source=st.ref(source))


class Use:
    """One resolution of effects: who uses them, through which Alien, on what, from which card, and
    which Counter window they answer ("attack", "tactic" or None: negate and block act only then)."""

    __slots__ = ("answering", "performer", "source", "target", "user")

    def __init__(self, user: int, performer: int, target: int, source: int, answering: str | None = None) -> None:
        self.user = user
        self.performer = performer
        self.target = target
        self.source = source
        self.answering = answering


def _who(u: Use, e: Effect) -> int:
    return u.user if e.to == "you" else 1 - u.user


def v_damage(st: AliensState, e: Effect, u: Use) -> None:
    # one damage to several Aliens lands on all of them before any KO (see knock_out_all)
    down = [s for s in recipients(st, e.to, u.user, u.performer, u.target)
            if hit(st, s, e.amount, u.source, base=e.amount, ko=False)]
    knock_out_all(st, down)


def v_heal(st: AliensState, e: Effect, u: Use) -> None:
    for s in recipients(st, e.to, u.user, u.performer, u.target):
        top = st.alien(s).hp
        before = st.hp[s]
        st.hp[s] = min(top, before + e.amount)
        a = st.aliens[s]
        if st.record:
            st.emit("heal", alien=st.ref_id(a), name=st.ref(a), amount=st.hp[s] - before, hp=st.hp[s],
                    source=st.ref(u.source))


def v_status(st: AliensState, e: Effect, u: Use) -> None:
    assert e.status is not None
    for s in recipients(st, e.to, u.user, u.performer, u.target):
        give_status(st, s, e.status, u.source)


def v_cleanse(st: AliensState, e: Effect, u: Use) -> None:
    for s in recipients(st, e.to, u.user, u.performer, u.target):
        clear_status(st, s, "cleanse", u.source)


def v_shield(st: AliensState, e: Effect, u: Use) -> None:
    for s in recipients(st, e.to, u.user, u.performer, u.target):
        st.shield[s] += e.amount
        if st.record:
            a = st.aliens[s]
            st.emit("shield", alien=st.ref_id(a), name=st.ref(a), amount=e.amount, total=st.shield[s],
                    source=st.ref(u.source))


def v_draw(st: AliensState, e: Effect, u: Use) -> None:
    draw(st, _who(u, e), e.amount, "effect", u.source)


def v_drain(st: AliensState, e: Effect, u: Use) -> None:
    drain(st, _who(u, e), e.amount, u.source)


def v_mill(st: AliensState, e: Effect, u: Use) -> None:
    who = _who(u, e)
    deck = st.deck[who]
    k = min(e.amount, len(deck))
    milled = deck[len(deck) - k:]
    del deck[len(deck) - k:]
    st.discard[who].extend(milled)  # face-up in the Discard: revealed to both players
    if st.record:
        st.emit("mill", player=who, cards=[st.ref(i) for i in milled], source=st.ref(u.source))


def v_destroy(st: AliensState, e: Effect, u: Use) -> None:
    if u.target >= 0:
        destroy(st, u.target, u.source)


def v_followup(st: AliensState, e: Effect, u: Use) -> None:
    if u.user == st.active:
        assert e.action is not None
        st.grants.append(e.action)
        if st.record:
            st.emit("followup_granted", player=u.user, action=e.action, source=st.ref(u.source))


def v_negate(st: AliensState, e: Effect, u: Use) -> None:
    if u.answering is not None:  # used on your own turn there is nothing to negate (ruling aliens.gap.22)
        st.negated = True


def v_block(st: AliensState, e: Effect, u: Use) -> None:
    if u.answering == "attack":
        st.blocked += e.amount


#: one handler per effect verb (schema.Verb); tests check that the two lists agree
VERBS: dict[str, Callable[[AliensState, Effect, Use], None]] = {
    "damage": v_damage,
    "heal": v_heal,
    "status": v_status,
    "cleanse": v_cleanse,
    "shield": v_shield,
    "draw": v_draw,
    "drain": v_drain,
    "mill": v_mill,
    "destroy": v_destroy,
    "followup": v_followup,
    "negate": v_negate,
    "block": v_block,
}


def apply_effects(st: AliensState, effects: Sequence[Effect], use: Use) -> None:
    """Resolve effects in printed order (docs/cards.md)."""
    for e in effects:
        VERBS[e.verb](st, e, use)


def attack_damage(st: AliensState, card: TacticCard, attacker: int, target: int) -> tuple[int, int, int]:
    """(base, bonus, modifier) of an Attack: the wheel or the card's own list gives +2 once
    (rules aliens.4.3, aliens.4.20, aliens.4.21; ruling aliens.gap.26)."""
    aff = st.alien(target).affinity
    att = card.affinity
    assert att is not None
    bonus = 0
    if att != "Universal" and aff != "Universal" and (aff in BEATS[att] or aff in card.super_effective):
        bonus = 2
    return card.damage, bonus, slot_modifier(st, attacker, "attack")


def each_turn_effects(st: AliensState, p: int) -> None:
    """Start of p's Energy Phase: the Sector's, p's Equips', Continuous Spawns' and Passives' effects.
    A card without each-turn effects is passed over without a call (most turns of a search have none)."""
    defs = st.defs
    if st.sector >= 0 and defs[st.sector].each_turn:
        apply_effects(st, defs[st.sector].each_turn, Use(p, -1, -1, st.sector))
    hp = st.hp
    equip = st.equip
    for s in (p * 3, p * 3 + 1, p * 3 + 2):
        eq = equip[s]
        if eq >= 0 and hp[s] > 0 and defs[eq].each_turn:
            apply_effects(st, defs[eq].each_turn, Use(p, s, -1, eq))
    if st.command[p]:
        set_turn = st.set_turn
        for i in list(st.command[p]):
            if i not in set_turn and defs[i].subtype == "continuous" and defs[i].each_turn:
                apply_effects(st, defs[i].each_turn, Use(p, -1, -1, i))
    aliens = st.aliens
    for s in (p * 3, p * 3 + 1, p * 3 + 2):
        if hp[s] > 0:
            each = defs[aliens[s]].ability.each_turn
            if each:
                apply_effects(st, each, Use(p, s, -1, aliens[s]))
