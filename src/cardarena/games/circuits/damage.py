"""Damage, healing, Shield, Burn, Breakpoints, Asset destruction and printed triggers (rulebook §6,
§8.2–§8.5), and the effect verbs that use them (registered in effects.VERBS).

Every handler that can reduce a Hero to 0 or destroy something ends with `st.flush()`, which schedules
the `settle` step: the win is checked once the whole resolution is over (ruling circuits.gap.44).
"""

from __future__ import annotations

from typing import Any

from cardarena.core.engine import Option

from .effects import apply_effects, draw, targets, verb
from .moot import same_outcome
from .replacement import HANDLERS as REPLACEMENT_HANDLERS
from .replacement import ask_first, replacements, saves, set_beside, spend
from .schema import AssetCard, Effect
from .state import CircuitsState
from .when import yours

# -- triggers on Gear, Assets and the Hero's Passive ------------------------------------------------


def _holder(st: CircuitsState, seat: int, iid: int) -> Any:
    """What prints the triggers of `iid` right now, or None if it no longer works (Jammed, gone)."""
    if iid == st.hero[seat]:
        return st.hero_card(seat).passive
    if iid in st.equipped(seat):
        return None if iid in st.jammed else st.defs[iid]
    if iid in st.field[seat]:
        return st.defs[iid]
    return None


def _holders(st: CircuitsState, seat: int) -> list[tuple[int, Any]]:
    """`_holder` of each of `seat`'s cards that prints triggers right now, as (iid, holder) pairs: the
    Hero's Passive, then working Gear, then Assets (the order triggers are listed to be ordered in)."""
    defs = st.defs
    jammed = st.jammed
    h = st.hero[seat]
    out: list[tuple[int, Any]] = [(h, defs[h].passive)]
    for g in st.equipped(seat):  # loops, not comprehensions (a call each): fire runs at every damage event
        if g not in jammed:
            out.append((g, defs[g]))
    for a in st.field[seat]:
        out.append((a, defs[a]))
    return out


def _available(st: CircuitsState, seat: int, iid: int, k: int, when: str) -> bool:
    holder = _holder(st, seat, iid)
    if holder is None or k >= len(holder.triggers) or holder.triggers[k].when != when:
        return False
    return _unused(st, iid, holder.triggers[k].once_per, when)


def _unused(st: CircuitsState, iid: int, once: str | None, when: str) -> bool:
    """Whether a trigger limited `once` per turn or per match has not fired yet (rule circuits.9.2.6)."""
    if once == "turn":
        return f"t:{iid}:{when}" not in st.flags
    if once == "match":
        return f"t:{iid}:{when}" not in st.match_flags
    return True


def fire(st: CircuitsState, seat: int, when: str | tuple[str, ...], source: int | str) -> None:
    """Run `seat`'s printed triggers for `when` (Passive, working Gear, Assets), each at most once per
    turn unless printed otherwise (rule circuits.9.2.6), once per match for `match` triggers. `when` may
    name several conditions one event meets together (a damage event that deals damage, prevents some
    and uses up the Shield, rule 8.2.14). One trigger resolves at once (rule 11.23); when several fire
    together their controller orders them all (rule 18.4) in the `order_triggers` step, which runs
    before the rest of the resolution that caused them (circuits ruling 50)."""
    if st.result is not None:
        return
    whens = (when,) if isinstance(when, str) else when
    holders = _holders(st, seat)  # looked up once per event: fire runs at every damage event
    ready = []
    for w in whens:
        for iid, holder in holders:
            for k, t in enumerate(holder.triggers):
                if t.when == w and _unused(st, iid, t.once_per, w):
                    ready.append((iid, k, w))
    if len(ready) >= 2:
        st.stack.append(("order_triggers", seat, source, tuple(ready)))
        return
    for iid, k, w in ready:
        run_trigger(st, seat, iid, k, w, source)


def run_trigger(st: CircuitsState, seat: int, iid: int, k: int, when: str, source: int | str) -> None:
    if st.result is not None:
        return
    t = _holder(st, seat, iid).triggers[k]
    key = f"t:{iid}:{when}"
    if t.once_per == "turn":
        st.flags.add(key)
    elif t.once_per == "match":
        st.match_flags.add(key)
    # the cause may be a face-down Plan: `src` shows it only to the seats that know it (rule 4.3)
    if st.record:  # a search's copies keep no log: no event built
        st.emit("trigger", player=seat, card=st.ref(iid), when=when, cause=st.src(source))
    passive(st, t.effects, seat, iid, iid, (iid, "trigger", k))


def passive(st: CircuitsState, effects: Any, seat: int, source: int, this: int, ref: Any) -> None:
    """Resolve a printed trigger's effects: what a trigger does opens no window and no Reaction answers
    it, not even one set beside the action it happens in (rules 11.18, 11.30; circuits ruling 64)."""
    outer = "in_trigger" in st.flags
    st.flags.add("in_trigger")
    apply_effects(st, effects, seat, -1, source, this=this, ref=ref)
    if not outer:
        st.flags.discard("in_trigger")


def h_order_triggers(st: CircuitsState, step: Any) -> None:
    """Asker: which of your simultaneous triggers resolves next (rule 18.4). The triggers are printed on
    public cards (the Passive, equipped Gear, Assets) and fire on public events, so whether this is asked
    and what it offers tell nothing hidden (a Plan's play fires "when you play a Plan" whatever it is)."""
    _, seat, source, pending = step
    if st.result is not None:
        return
    live = tuple(p for p in pending if _available(st, seat, *p))
    if len(live) <= 1:
        for iid, k, w in live:
            run_trigger(st, seat, iid, k, w, source)
        st.flush()
        return
    # an order that cannot change anything is not asked: the first is taken (circuits ruling 50)
    if same_outcome(st, [("trigger_chosen", seat, source, live, p) for p in live]):
        h_trigger_chosen(st, ("trigger_chosen", seat, source, live, live[0]))
        return
    opts = []
    for iid, k, w in live:
        at = st.position(iid)
        opts.append(Option(f"trigger:{at['zone']}:{at['index']}:{k}", f"{st.name(iid)} ({yours(w)})",
                           {"card": st.defs[iid].id, "at": at, "trigger": k, "when": w}, (iid, k, w)))
    whens = sorted({yours(w) for _, _, w in live})
    st.ask(seat, "trigger_order", f"Several of your triggers fire ({', '.join(whens)}): which resolves first?",
           opts, ("trigger_chosen", seat, source, live), step)


def h_trigger_chosen(st: CircuitsState, step: Any) -> None:
    _, seat, source, live, chosen = step
    iid, k, when = chosen
    st.stack.append(("order_triggers", seat, source, tuple(p for p in live if p != chosen)))
    run_trigger(st, seat, iid, k, when, source)
    st.flush()


def after(st: CircuitsState, base: int, step: Any, now: Any) -> None:
    """Finish a resolution: call `now()` at once, or, when what was just done left triggers waiting for
    their player's order on the stack (above `base`), schedule `step` to run after them (rule 11.23)."""
    if len(st.stack) > base:
        st.stack.insert(base, step)
    else:
        now()




# -- Heroes ------------------------------------------------------------------------------------


def damage_hero(st: CircuitsState, target: int, amount: int, source: int | str, source_seat: int,
                *, burn: bool = False, attack: bool = False, via: str = "") -> int:
    """Seed 000 §8.2, in order: Marked +1, declared Reaction prevention, Gear reductions, Shield (once
    per event), lethal saves; then HP loss. Burn skips every step (rule 8.2.16). Returns damage dealt."""
    if st.hp[target] <= 0 or st.result is not None:
        return 0
    base = amount
    marked_bonus = 0
    prevented = 0
    reactions = gear = shielded = 0
    saved = False
    depleted = False
    if not burn:
        if st.marked[target]:
            marked_bonus = 1  # rule 8.2.1
            amount += 1
        frame = st.current_frame()
        # a window's prevention covers only the damage it answers: not a passive trigger's (rule 11.30)
        if frame is not None and frame["prevent"][target] and amount and "in_trigger" not in st.flags:
            reactions = min(frame["prevent"][target], amount)  # rule 8.2.2
            st.update_frame(prevent=_minus(frame["prevent"], target, reactions))
            amount -= reactions
        # rule 8.2.3–8.2.4: Base 001 Gear reductions are flat, so every order the defender could choose
        # gives the same result; no choice is asked (circuits ruling 47)
        reduce = 0
        for worn in st.working_gear(target):  # a loop, not a generator: at every damage event
            reduce += worn.reduce
        gear = min(amount, reduce)
        amount -= gear
        if st.shield[target] and amount:  # rule 8.2.5, 8.2.7
            shielded = min(st.shield[target], amount)
            st.shield[target] -= shielded
            amount -= shielded
            depleted = st.shield[target] == 0
        prevented = reactions + gear + shielded
        if amount >= st.hp[target]:  # rule 8.2.6: lethal saves, once per match each
            for g in st.equipped(target):
                d = st.defs[g]
                if d.lethal_save and g not in st.jammed and f"save:{g}" not in st.match_flags:
                    st.match_flags.add(f"save:{g}")
                    # the save lowers the damage: it has prevented damage too (rules 8.2.14, 8.2.18)
                    prevented += amount - (st.hp[target] - 1)
                    amount = st.hp[target] - 1
                    saved = True
                    st.emit("lethal_save", player=target, card=st.ref(g))
                    break
    before = st.hp[target]
    st.hp[target] = max(0, before - amount)
    if st.record:
        extra = {"via": via} if via else {}  # what made the source deal it (Full Battery)
        st.emit("damage", source=st.src(source), target="hero", player=target, base=base, marked=marked_bonus,
                prevented_by_reactions=reactions, reduced_by_gear=gear, shielded=shielded, final=amount,
                hp=st.hp[target], burn=burn, attack=attack, lethal_saved=saved, **extra)
    whens: list[str] = []
    if amount > 0:  # rule 8.2.12–8.2.13
        if st.marked[target]:
            st.marked[target] = False
            st.emit("status", player=target, status="marked", change="removed")
        if not burn:  # no Reaction answers Burn (rule 11.30)
            outcome(st, "hero_takes_damage", target)
        whens.append("you_take_damage")
    if prevented > 0:  # rules 8.2.14, 8.2.18–8.2.19
        outcome(st, "hero_prevents_damage", target)
        whens.append("you_prevent")
    if depleted:  # rule 8.2.8: the new Shield protects only later events
        whens.append("shield_depleted")
    if st.hp[target] == 0:
        st.settle_later()
    base = len(st.stack)
    # one event: its player orders all the triggers it fires, whatever their condition (rule 18.4)
    fire(st, target, tuple(whens), source)
    if source_seat != target and amount > 0:
        after(st, base, ("breakpoints", target, before), lambda: breakpoints(st, target, before))
    return amount


def h_breakpoints(st: CircuitsState, step: Any) -> None:
    breakpoints(st, step[1], step[2])
    st.flush()


def _minus(pair: tuple[int, int] | list[int], i: int, n: int) -> tuple[int, int]:
    a = list(pair)
    a[i] -= n
    return a[0], a[1]


def breakpoints(st: CircuitsState, seat: int, before: int) -> None:
    """Rules 6.16–6.19: the first drop to ≤ 10 and the first to ≤ 5 by an enemy source each draw a card."""
    for i, line in ((0, 10), (1, 5)):
        if st.result is not None:
            return
        k = seat * 2 + i
        if not st.breakpoints[k] and before > line >= st.hp[seat]:
            st.breakpoints[k] = True
            st.emit("breakpoint", player=seat, at=line)
            draw(st, seat, 1, f"Breakpoint {line}")


def heal(st: CircuitsState, seat: int, amount: int, source: int | str) -> None:
    """Heal up to maximum HP (rule 8.2.21); 0 while the Hero cannot heal (rules 9.1.16–9.1.17). A heal that
    restores no HP does not trigger "when you heal" (docs/rulings/circuits.md, "Healing 0")."""
    if st.result is not None or st.hp[seat] <= 0:
        return  # a Hero reduced to 0 HP has lost (is knocked out): nothing heals it back (rule 1.1)
    if st.no_heal_until[seat] > st.turn:
        st.emit("heal", player=seat, amount=0, hp=st.hp[seat], source=st.src(source), blocked="cannot heal")
        return
    before = st.hp[seat]
    st.hp[seat] = min(st.max_hp(seat), before + amount)
    st.emit("heal", player=seat, amount=st.hp[seat] - before, hp=st.hp[seat], source=st.src(source))
    if st.hp[seat] > before:  # a Hero heals only when its HP goes up (ruling "Healing 0")
        fire(st, seat, "you_heal", source)


def burn_tick(st: CircuitsState, seat: int) -> None:
    """End Step: a Burning Hero takes damage equal to its Burn, then loses 1 Burn, the enemy's first
    (rulings circuits.gap.2, gap.3). Burn you applied yourself is not an enemy source (rule 6.20)."""
    total = st.burn_enemy[seat] + st.burn_self[seat]
    if total <= 0:
        return
    enemy = st.burn_enemy[seat] > 0
    base = len(st.stack)
    damage_hero(st, seat, total, "Burn", 1 - seat if enemy else seat, burn=True)
    after(st, base, ("burn_down", seat), lambda: burn_down(st, seat))


def burn_down(st: CircuitsState, seat: int) -> None:
    """After the tick (and the triggers it fired): Burn goes down by 1, the enemy's first."""
    if st.burn_enemy[seat]:
        st.burn_enemy[seat] -= 1
    elif st.burn_self[seat]:
        st.burn_self[seat] -= 1


# -- Assets ------------------------------------------------------------------------------------


def damage_asset(st: CircuitsState, iid: int, amount: int, source: int | str) -> int:
    """Seed 000 §8.3: nothing reduces damage to an Asset; damage is marked and persists."""
    o = st.owner[iid]
    if (iid not in st.field[o] and iid not in st.pending) or st.result is not None:
        return 0
    st.damage[iid] = st.damage.get(iid, 0) + amount
    if st.record:
        st.emit("damage", source=st.src(source), target="asset", player=o, card=st.ref(iid), base=amount, final=amount,
                total=st.damage[iid], hp=st.asset_max_hp(iid))
    if st.damage[iid] >= st.asset_max_hp(iid):  # on the Field, or still in its own window (rule 9.1.7)
        destroy_asset(st, iid, source)
    return amount


def destroy_asset(st: CircuitsState, iid: int, source: int | str) -> None:
    """Destroy an Asset (rules 8.3.6–8.3.7) unless a declared replacement saves it (rulebook §8.5)."""
    o = st.owner[iid]
    # an Asset destroyed during its own window never enters the Field (rule 9.1.7)
    in_window = iid not in st.field[o] and iid in st.pending and isinstance(st.defs[iid], AssetCard)
    if (iid not in st.field[o] and not in_window) or st.result is not None:
        return
    # the replacement saves the Asset its controller chose among several (circuits ruling 63)
    for r in replacements(st, o):
        if saves(r, iid):
            spend(st, r)
            st.damage[iid] = st.asset_max_hp(iid) - 1  # rule 8.5.2
            st.emit("survives", player=o, card=st.ref(iid), by=st.ref(r[0]))
            return
    (st.pending if in_window else st.field[o]).remove(iid)
    st.damage.pop(iid, None)
    st.guarded.pop(iid, None)
    st.discard[o].append(iid)
    st.emit("destroyed", player=o, card=st.ref(iid), source=st.src(source))
    d: AssetCard = st.defs[iid]
    for k, t in enumerate(d.triggers):
        if t.when == "this_destroyed":
            passive(st, t.effects, o, iid, -1, (iid, "trigger", k))
    outcome(st, "asset_destroyed", o)


def check_asset_hp(st: CircuitsState, seat: int, source: int | str) -> None:
    """Rules 8.4.4–8.4.5: when an HP bonus stops, Assets whose damage is now lethal are destroyed, all
    at once: a replacement's controller first chooses which of them it saves (circuits ruling 63)."""
    doomed = tuple(a for a in st.field[seat] if st.damage.get(a, 0) >= st.asset_max_hp(a))
    if not ask_first(st, doomed, ("destroy_each", doomed, source)):
        destroy_each(st, doomed, source)


def destroy_each(st: CircuitsState, doomed: tuple[int, ...], source: int | str) -> None:
    for a in doomed:
        if st.damage.get(a, 0) >= st.asset_max_hp(a):  # still lethal (a replacement saved none yet)
            destroy_asset(st, a, source)


def h_destroy_each(st: CircuitsState, step: Any) -> None:
    destroy_each(st, step[1], step[2])
    st.flush()


# -- outcome-dependent Reactions ----------------------------------------------------------------


def outcome(st: CircuitsState, trigger: str, seat: int) -> None:
    """Rule 11.27: a prospective Reaction resolves at the result point if its trigger happened, caused
    by the item it answers; not by a passive trigger or Burn (rule 11.30; `set_beside`)."""
    if st.frames and st.result is None:
        for r in set_beside(st, seat, trigger):
            rid, rseat, _, target, _ = r
            spend(st, r)
            d = st.defs[rid]
            st.emit("reaction_fires", player=rseat, card=st.ref(rid), trigger=trigger)
            apply_effects(st, d.effects, rseat, target, rid, this=-1, ref=(rid, "effects"))


# -- the verbs of damage, healing and destruction (effects.VERBS) --------------------------------------


@verb("damage")
def v_damage(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    ts = tuple(targets(st, e.to, seat, target, this))
    # several Assets this damage would destroy: a replacement's controller first chooses which it saves
    # (circuits ruling 63); the damage is dealt after the choice, before the rest of the card. A single
    # target (nearly every damage effect) cannot destroy several, so nothing is worked out for it.
    if len(ts) >= 2:
        doomed = tuple(t for t in ts if t not in st.hero and st.damage.get(t, 0) + e.amount >= st.asset_max_hp(t))
        if len(doomed) >= 2 and ask_first(st, doomed, ("deal_each", ts, e.amount, source, seat)):
            return False
    deal_each(st, ts, e.amount, source, seat)
    return False


def deal_each(st: CircuitsState, ts: tuple[int, ...], amount: int, source: int | str, seat: int) -> None:
    """`amount` damage to each of `ts` in turn, one damage event each (rule 18.7)."""
    for t in ts:
        if t in st.hero:
            damage_hero(st, st.owner[t], amount, source, seat)
        else:
            damage_asset(st, t, amount, source)


def h_deal_each(st: CircuitsState, step: Any) -> None:
    deal_each(st, *step[1:])
    st.flush()


@verb("heal")
def v_heal(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    heal(st, seat if e.to == "your_hero" else 1 - seat, e.amount, source)
    return False


@verb("repair")
def v_repair(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    for t in targets(st, e.to, seat, target, this):
        had = st.damage.get(t, 0)
        st.damage[t] = max(0, had - e.amount)  # rule 8.3.8
        st.emit("repair", player=st.owner[t], card=st.ref(t), amount=had - st.damage[t], source=st.src(source))
    return False


@verb("destroy")
def v_destroy(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    for t in targets(st, e.to, seat, target, this):
        destroy_asset(st, t, source)
    return False


@verb("jam")
def v_jam(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    enemy = 1 - seat
    if target >= 0 and target in st.equipped(enemy):
        st.jammed[target] = st.until_my_next_turn(seat)
        st.emit("jam", player=enemy, card=st.ref(target), source=st.src(source))
        check_asset_hp(st, enemy, target)  # an HP bonus switched off re-checks the Assets (rule 8.4.4)
    return False


@verb("return_asset")
def v_return_asset(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    """Put the chosen Asset card from your discard pile onto your Field. It enters (rule 9.1.8: its
    `asset_enters` triggers fire) but is not played: no "when you play" text, neither its `on_play`
    effects nor `you_play_asset` triggers (rule 9.1.9), and no Response Window (rules 9.1.10, 11.1). It
    starts with no damage (rule 8.3.9). Into a full Field it does not go: only a play discards to make
    room (rule 9.1.3; ruling 54)."""
    for a in targets(st, e.to, seat, target, this):
        if len(st.field[seat]) >= st.params["field_size"]:
            st.emit("return_fails", player=seat, card=st.ref(a), reason="the Field is full", source=st.src(source))
            continue
        st.discard[seat].remove(a)
        st.damage.pop(a, None)
        st.field[seat].append(a)
        st.emit("enter", player=seat, card=st.ref(a), put=True, source=st.src(source))
        fire(st, seat, "asset_enters", a)
    return False


HANDLERS = {"deal_each": h_deal_each, "destroy_each": h_destroy_each, **REPLACEMENT_HANDLERS,
            "order_triggers": h_order_triggers, "trigger_chosen": h_trigger_chosen, "breakpoints": h_breakpoints,
            "burn_down": lambda st, step: burn_down(st, step[1])}
