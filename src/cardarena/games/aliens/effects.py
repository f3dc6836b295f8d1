"""Effects, damage, KO and Recycling (seed 004 §9, §11, §12) and the card-in-play modifiers.

Every handler that resolves effects ends with `flush(st)`, which schedules the `settle` step when an
Alien was KO'd: victory is checked once the whole effect has resolved, so KOs that happen together
(an effect hitting every Alien) are judged together (ruling aliens.gap.34).
"""

from __future__ import annotations

from collections.abc import Sequence

from .schema import AlienCard, Effect, Modifiers, SpawnCard, TacticCard
from .state import AliensState

# -- modifiers ---------------------------------------------------------------------------------


def _mod(m: Modifiers | None, field: str) -> int:
    return 0 if m is None else getattr(m, field)


def slot_modifier(st: AliensState, slot: int, field: str) -> int:
    """Sum of `field` over everything that applies to the Alien in `slot`: its Equip, its owner's
    Continuous Spawns, its own and its squad's Passives, and the Sector (docs/cards.md)."""
    defs = st.defs
    total = 0
    eq = st.equip[slot]
    if eq >= 0:
        total += _mod(defs[eq].modifiers, field)
    p = slot // 3
    set_turn = st.set_turn
    for i in st.command[p]:
        if i not in set_turn:
            d = defs[i]
            if d.subtype == "continuous":
                total += _mod(d.modifiers, field)
    hp = st.hp
    aliens = st.aliens
    for s in (p * 3, p * 3 + 1, p * 3 + 2):
        if hp[s] > 0:
            ab = defs[aliens[s]].ability
            if ab.modifiers is not None and (ab.scope == "squad" or s == slot):
                total += getattr(ab.modifiers, field)
    if st.sector >= 0:
        total += _mod(defs[st.sector].modifiers, field)
    return total


def player_modifier(st: AliensState, p: int, field: str) -> int:
    """Sum of `field` over everything `p` has in play, plus the Sector (used for the ramp)."""
    defs = st.defs
    total = 0
    for i in st.command[p]:
        if i not in st.set_turn:
            total += _mod(defs[i].modifiers, field)
    for s in st.live_slots(p):
        total += _mod(defs[st.aliens[s]].ability.modifiers, field)
    if st.sector >= 0:
        total += _mod(defs[st.sector].modifiers, field)
    return total


def tactic_cost(st: AliensState, card: TacticCard | SpawnCard, performer: int) -> int:
    """seed 004 §8 and §12: printed cost, +1 if the performer is Fluxed, plus cost modifiers."""
    if isinstance(card, SpawnCard):
        cost = card.cost + (_mod(st.defs[st.sector].modifiers, "cost") if st.sector >= 0 else 0)
    else:
        cost = card.cost + slot_modifier(st, performer, "cost")
        if st.status[performer] == "fluxed":
            cost += 1  # rule aliens.12.8
    return cost if cost > 0 else 0


# -- energy ------------------------------------------------------------------------------------


def pay(st: AliensState, p: int, amount: int, why: str) -> None:
    """Send Reactor cards, oldest first, then ramp energy (ruling aliens.gap.15) — rule aliens.8.7."""
    if amount <= 0:
        return
    r = st.reactor[p]
    k = amount if amount < len(r) else len(r)
    spent = r[:k]
    del r[:k]
    st.discard[p].extend(spent)
    st.charge[p] -= amount - k
    if st.record:
        st.emit("energy_paid", player=p, amount=amount, cards=[st.name(i) for i in spent], ramp=amount - k, reason=why)


def drain(st: AliensState, p: int, amount: int, source: str) -> None:
    take = min(amount, st.energy(p))
    ramp = min(take, st.charge[p])
    st.charge[p] -= ramp
    rest = take - ramp
    r = st.reactor[p]
    lost = r[:rest]
    del r[:rest]
    st.discard[p].extend(lost)
    st.emit("energy_lost", player=p, amount=take, cards=[st.name(i) for i in lost], source=source)


# -- damage, KO, Recycling -----------------------------------------------------------------------


def hit(
    st: AliensState,
    target: int,
    amount: int,
    source: str,
    *,
    base: int | None = None,
    bonus: int = 0,
    modifier: int = 0,
    blocked: int = 0,
    status_damage: bool = False,
) -> None:
    """Deal damage to one Alien (rule aliens.9.5). `amount` already holds base + bonus + modifier −
    blocked; armor (from cards) and shields (any but status damage) apply here; HP stops at 0."""
    hp = st.hp
    if hp[target] <= 0:
        return
    armor = 0 if status_damage else slot_modifier(st, target, "armor")
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
        st.emit(
            "damage", source=source, target=st.aliens[target], target_name=st.alien(target).name,
            base=amount + blocked - bonus - modifier if base is None else base, bonus=bonus, modifier=modifier,
            blocked=blocked, armor=armor, shielded=shielded, final=dmg, hp=new,
        )
    if new == 0:
        knock_out(st, target)


def knock_out(st: AliensState, slot: int) -> None:
    """seed 004 §11: flip face-down, lose status and shield, Equip to the Discard, then Recycling."""
    p = slot // 3
    st.status[slot] = None
    st.shield[slot] = 0
    st.emit("ko", player=p, alien=st.aliens[slot], name=st.alien(slot).name)
    eq = st.equip[slot]
    if eq >= 0:
        st.equip[slot] = -1
        st.command[p].remove(eq)
        st.discard[p].append(eq)
        st.emit("move", player=p, card=st.name(eq), to="discard", reason="equipped Alien KO'd")
    recycle(st, p)
    st.ko_queue.append(slot)
    st.settling = True


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
    st.discard[p] = keep
    st.deck[p].extend(back)
    st.rng.shuffle(st.deck[p])
    st.emit("recycle", player=p, cards=[st.name(i) for i in back], stays=len(keep))
    st.emit("shuffle", player=p, reason="recycling")


def flush(st: AliensState) -> None:
    """Schedule the victory check (and the KO follow-ups) after the effect that caused a KO."""
    if st.settling:
        st.settling = False
        st.stack.append(("settle",))


def check_victory(st: AliensState) -> bool:
    """seed 004 §1 (rule aliens.1.2); simultaneous total KO goes to priority (ruling aliens.gap.34)."""
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


def give_status(st: AliensState, slot: int, status: str, source: str) -> None:
    """Rule aliens.12.1: one status at a time; a second is ignored."""
    if st.hp[slot] <= 0:
        return
    cur = st.status[slot]
    if cur is not None:
        st.emit("status_ignored", alien=st.aliens[slot], name=st.alien(slot).name, status=status, has=cur, source=source)
        return
    st.status[slot] = status
    st.emit("status", alien=st.aliens[slot], name=st.alien(slot).name, status=status, change="gained", source=source)


def clear_status(st: AliensState, slot: int, why: str) -> None:
    cur = st.status[slot]
    if cur is not None:
        st.status[slot] = None
        st.emit("status", alien=st.aliens[slot], name=st.alien(slot).name, status=cur, change="recovered", reason=why)


# -- effect resolution -------------------------------------------------------------------------


def draw(st: AliensState, p: int, n: int, why: str) -> int:
    """Draw up to n from the top (end of the list). Only the Draw Phase can deck out (rule aliens.8.5)."""
    deck = st.deck[p]
    k = min(n, len(deck))
    if k <= 0:
        return 0
    drawn = deck[-k:]
    del deck[-k:]
    drawn.reverse()
    st.hand[p].extend(drawn)
    if st.record:
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


def destroy(st: AliensState, iid: int, source: str) -> None:
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
    st.emit("destroy", player=o, card=st.name(iid), source=source)


def apply_effects(
    st: AliensState,
    effects: Sequence[Effect],
    user: int,
    performer: int,
    target: int,
    source: str,
    answering: str | None = None,
) -> None:
    """Resolve effects in printed order. `answering` is the window a Counter answers ("attack" or
    "tactic"), or None; negate and block only act when answering (docs/cards.md)."""
    for e in effects:
        verb = e.verb
        if verb == "damage":
            for s in recipients(st, e.to, user, performer, target):
                hit(st, s, e.amount, source, base=e.amount)
        elif verb == "heal":
            for s in recipients(st, e.to, user, performer, target):
                top = st.alien(s).hp
                before = st.hp[s]
                st.hp[s] = min(top, before + e.amount)
                st.emit("heal", alien=st.aliens[s], name=st.alien(s).name, amount=st.hp[s] - before, hp=st.hp[s], source=source)
        elif verb == "status":
            assert e.status is not None
            for s in recipients(st, e.to, user, performer, target):
                give_status(st, s, e.status, source)
        elif verb == "cleanse":
            for s in recipients(st, e.to, user, performer, target):
                clear_status(st, s, source)
        elif verb == "shield":
            for s in recipients(st, e.to, user, performer, target):
                st.shield[s] += e.amount
                st.emit("shield", alien=st.aliens[s], name=st.alien(s).name, amount=e.amount, total=st.shield[s], source=source)
        elif verb == "draw":
            draw(st, user if e.to == "you" else 1 - user, e.amount, source)
        elif verb == "energy":
            who = user if e.to == "you" else 1 - user
            st.charge[who] += e.amount
            st.emit("energy_gained", player=who, amount=e.amount, source=source)
        elif verb == "drain":
            drain(st, user if e.to == "you" else 1 - user, e.amount, source)
        elif verb == "mill":
            who = user if e.to == "you" else 1 - user
            deck = st.deck[who]
            k = min(e.amount, len(deck))
            milled = deck[len(deck) - k:]
            del deck[len(deck) - k:]
            st.discard[who].extend(milled)
            st.emit("mill", player=who, cards=[st.name(i) for i in milled], source=source)
        elif verb == "destroy":
            if target >= 0:
                destroy(st, target, source)
        elif verb == "followup":
            if user == st.active:
                assert e.action is not None
                st.grants.append(e.action)
                st.emit("followup_granted", player=user, action=e.action, source=source)
        elif verb == "negate":
            if answering is not None:
                st.negated = True
        elif verb == "block":
            if answering == "attack":
                st.blocked += e.amount


def attack_damage(st: AliensState, card: TacticCard, attacker: int, target: int) -> tuple[int, int, int]:
    """(base, bonus, modifier) of an Attack: the wheel or the card's own list gives +2 once
    (rules aliens.4.3, aliens.4.20, aliens.4.21; ruling aliens.gap.26)."""
    aff = st.alien(target).affinity
    att = card.affinity
    assert att is not None
    bonus = 0
    if att != "Universal" and aff != "Universal":
        from .pool import BEATS

        if aff in BEATS[att] or aff in card.super_effective:
            bonus = 2
    return card.damage, bonus, slot_modifier(st, attacker, "attack")


def each_turn_effects(st: AliensState, p: int) -> None:
    """Start of p's Energy Phase: the Sector's, p's Equips', Continuous Spawns' and Passives' effects."""
    defs = st.defs
    if st.sector >= 0:
        sec = defs[st.sector]
        apply_effects(st, sec.each_turn, p, -1, -1, sec.name)
    for s in range(p * 3, p * 3 + 3):
        eq = st.equip[s]
        if eq >= 0 and st.hp[s] > 0:
            apply_effects(st, defs[eq].each_turn, p, s, -1, defs[eq].name)
    for i in list(st.command[p]):
        if i not in st.set_turn and defs[i].subtype == "continuous":
            apply_effects(st, defs[i].each_turn, p, -1, -1, defs[i].name)
    for s in range(p * 3, p * 3 + 3):
        if st.hp[s] > 0:
            a: AlienCard = st.alien(s)
            if a.ability.each_turn:
                apply_effects(st, a.ability.each_turn, p, s, -1, a.name)
