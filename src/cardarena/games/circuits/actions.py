"""The Action Step (rulebook §7, §8.1, §9, §12, §13): what the active player may do, the choices each
action asks in order (card, then target), paying (with the Reserve token), and resolving what a
window declared.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cardarena.core.engine import Option, Step
from cardarena.core.options import SharedOptions

from .choices import choose_then, has_choices, nothing_to_look_at, target_option
from .damage import after, check_asset_hp, damage_asset, damage_hero, destroy_asset, fire
from .effects import apply_effects, choice_kind
from .moot import told_apart
from .paying import affordable, pay_card
from .schema import AssetCard, GearCard, TacticCard
from .squad import declare_swap, resolve_swap, swap_options, ultimate_discount
from .state import SLOT, CircuitsState
from .windows import open_window, resolving

EQUIPS_PER_TURN = {"duel": 1, "squad": 2}  # rules circuits.7.9, 16.9

ULTIMATE_COST, ULTIMATE_FLOOR = 7, 5  # rules circuits.13.2–13.3


# -- the Action Step ----------------------------------------------------------------------------------


def attack_targets(st: CircuitsState, seat: int) -> list[int]:
    """Rule 8.1.3–8.1.4: the enemy Hero or an enemy Asset; only Guard Assets while one has Guard."""
    enemy = 1 - seat
    guards = [a for a in st.field[enemy] if st.has_guard(a)]
    return guards if guards else [st.hero[enemy], *st.field[enemy]]


def ultimate_cost(st: CircuitsState, seat: int) -> int:
    """7 Rally (rule 13.2), 1 less per Fallen Hero in Squad (Last Stand, rule 16.30), never below 5 (13.3)."""
    return max(ULTIMATE_FLOOR, ULTIMATE_COST - ultimate_discount(st, seat))


def may_use_ultimate(st: CircuitsState, seat: int) -> bool:
    """Once per match per Hero (rules 13.1, 16.28), only the Active Hero's (16.16), not on the turn it
    became Active (16.29)."""
    rally = st.rally[seat]
    # it never costs less than the floor: that cheap test first (asked at every Action Step)
    return (not st.ult_used[seat] and rally >= ULTIMATE_FLOOR
            and f"became_active:{st.hero[seat]}" not in st.flags and rally >= ultimate_cost(st, seat))


def equip_options(st: CircuitsState, seat: int) -> list[Option]:
    """Duel: one equip per turn, to the Hero (rule 7.9). Squad: up to two, to any of your Heroes, at
    most one of them to the Active Hero (rules 16.8–16.10)."""
    f = st.flags
    squad = st.squad  # read once (a property), not per Gear and Hero: asked at every Action Step
    done = ("equipped" in f) + ("equipped2" in f)
    if done >= EQUIPS_PER_TURN["squad" if squad else "duel"]:
        return []
    heroes = [] if "equipped_active" in f else [("hero", 0, st.hero[seat])]
    if squad:
        heroes += [("bench", k, h) for k, h in enumerate(st.bench[seat])]
    opts = []
    for g in st.distinct(st.loadout[seat]):
        d = st.defs[g]
        if not affordable(st, seat, d.cost, True):
            continue
        # the Rally alone cannot pay: the Reserve token pays without asking (rule 14)
        how = ", with your Reserve token" if d.cost > st.rally[seat] else ""
        for zone, k, h in heroes:
            if squad:
                opts.append(Option(f"equip:{d.id}:{zone}:{k}", f"Equip {d.name} to {st.name(h)} ({d.slot}, cost {d.cost}{how})",
                                   {"action": "equip", "card": d.id, "hero": {"seat": seat, "zone": zone, "index": k}},
                                   ("equip", g, h)))
            else:
                key = ("equip", g, id(d), h, how)
                o = _SHARED.get(key)
                if o is None:
                    o = _SHARED.put(key, d, Option(f"equip:{d.id}", f"Equip {d.name} ({d.slot}, cost {d.cost}{how})",
                                                   {"action": "equip", "card": d.id}, ("equip", g, h)))
                opts.append(o)
    return opts


#: Action Step options that depend only on a card definition and instance ids, shared between
#: decisions (core/options.py): the Action Step is asked at every turn of every rollout
_SHARED = SharedOptions()


def legal_plays(st: CircuitsState, seat: int) -> list[int]:
    """One instance per playable card definition in hand (identical copies are one option)."""
    out = []
    plans = st.plans[seat]
    # a marker sits on a face-down Plan: a delayed one is face-up and holds none (rulings gap.27, gap.29)
    kinds_set = {st.kind_of[i] for i in plans if i in st.kind_of and i not in st.delayed} if plans else ()
    rally = st.rally[seat]
    token = st.reserve == seat  # `affordable`, inlined: asked of every hand card at every Action Step
    defs = st.defs
    for iid in st.distinct(st.hand[seat]):
        d = defs[iid]
        if isinstance(d, TacticCard):
            if d.type == "reaction":
                continue  # rule 7.12
            if d.type == "combo" and "played_tactic" not in st.flags:
                continue  # ruling circuits.gap.1
            if d.type == "plan" and d.plan_kind in kinds_set:
                continue  # one Kind marker each (ruling circuits.gap.27)
            if not has_choices(st, seat, d.effects):
                continue
        elif not isinstance(d, AssetCard):
            continue
        cost = d.cost
        if rally >= (cost - 1 if token and cost > 0 else cost):
            out.append(iid)
    return out


def action_options(st: CircuitsState, seat: int) -> list[Option]:
    opts: list[Option] = []
    f = st.flags
    defs = st.defs
    rally = st.rally[seat]
    for iid in legal_plays(st, seat):
        d = defs[iid]
        # a card the Rally alone cannot pay takes the Reserve token without asking (rule 14): say so
        token = d.cost > rally
        key = ("play", iid, id(d), token)
        o = _SHARED.get(key)
        if o is None:
            how = ", with your Reserve token" if token else ""
            o = _SHARED.put(key, d, Option(f"play:{d.id}", f"Play {d.name} ({_kind(d)}, cost {d.cost}{how})",
                                           {"action": "play", "card": d.id}, ("play", iid)))
        opts.append(o)
    if "attacked" not in f:
        dmg = attack_damage(st, seat)
        o = _SHARED.get(("attack", dmg))
        if o is None:
            o = _SHARED.put(("attack", dmg), None,
                            Option("attack", f"Basic Attack ({dmg} damage)", {"action": "attack"}, ("attack",)))
        opts.append(o)
    opts += equip_options(st, seat)
    opts += swap_options(st, seat)
    if "scouted" not in f and st.rally[seat] >= 1 and not nothing_to_look_at(st, seat):
        # with no enemy face-down Plan, Scout looks at the top of their deck (rule 12.14): say which;
        # with no deck card either, it has nothing to look at and is not offered (circuits ruling 62)
        opts.append(_SCOUT if st.face_down_plans(1 - seat) else _SCOUT_DECK)
    chargeable = []
    for iid in [*st.equipped(seat), *st.field[seat]]:
        d = st.defs[iid]
        if d.charge is not None and f"charge:{iid}" not in f and (iid not in st.jammed) and st.rally[seat] >= d.charge.cost \
                and has_choices(st, seat, d.charge.effects):  # as for a card: no Asset to repair, no Charge
            chargeable.append(iid)
    for iid in told_apart(st, chargeable):  # the Charge of one of two identical copies (ruling 59)
        d = st.defs[iid]
        at = st.position(iid)
        opts.append(Option(f"charge:{at['zone']}:{at['index']}", f"Charge {d.name} ({d.charge.cost} Rally)",
                           {"action": "charge", "card": d.id, "at": at}, ("charge", iid)))
    if may_use_ultimate(st, seat):
        u = st.hero_card(seat).ultimate
        opts.append(Option("ultimate", f"Ultimate: {u.name} ({ultimate_cost(st, seat)} Rally)", {"action": "ultimate"},
                           ("ultimate",)))
    opts.append(_END)
    return opts


_END = Option("end", "End the Action Step", {"action": "end"}, ("end",))
_SCOUT = Option("scout", "Scout (1 Rally): look at an enemy face-down Plan", {"action": "scout"}, ("scout",))
_SCOUT_DECK = Option("scout", "Scout (1 Rally): look at the top card of the enemy deck (no enemy face-down Plan)",
                     {"action": "scout"}, ("scout",))


def _kind(d: Any) -> str:
    return d.type if isinstance(d, TacticCard) else "asset"


def attack_damage(st: CircuitsState, seat: int) -> int:
    """1, modified by the Weapon (rule 8.1.2), the Passive, Overtime (rules 7.18–7.21) and queued bonuses."""
    dmg = 1 + st.hero_card(seat).passive.attack
    for g in st.working_gear(seat):  # a loop, not a generator: asked at every Action Step
        dmg += g.attack
    over = st.own_turns[seat] - (st.params["overtime_start"] - 1)
    if over > 0:
        dmg += over
    for q in st.queued:
        if q[0] == seat and q[1] == "next_attack":
            dmg += q[2]
    return dmg


def h_action(st: CircuitsState, step: Step) -> None:
    seat = step[1]
    if st.result is not None:
        return
    st.turn_step = "action"
    # an empty hand (public) with nothing else left to do: ending is forced, and not asked. With cards
    # in hand it is always asked, its options built when read (core/engine.py, `Decision`): whether one
    # of them can be played is hidden.
    if not st.hand[seat] and action_options(st, seat) == [_END]:
        st.stack.append(("act", seat, ("end",)))
        return
    st.ask(seat, "action", "Action Step: choose an action", partial(action_options, st, seat), ("act", seat), step)


def h_act(st: CircuitsState, step: Step) -> None:
    _, seat, choice = step
    what = choice[0]
    if what == "end":
        if st.record:  # a search's copies keep no log: no event built
            st.emit("action_step_end", player=seat)
        return
    st.stack.append(("action", seat))  # back to the Action Step after this action
    if what == "play":
        iid = choice[1]
        d = st.defs[iid]
        if isinstance(d, AssetCard) and len(st.field[seat]) >= st.params["field_size"]:
            st.stack.append(("make_room", seat, iid))
            if len(told_apart(st, st.field[seat])) > 1:  # shown before the discard is asked (ruling 52)
                st.stack.append(("announce", seat, None, iid))
        else:
            choose_then(st, seat, iid, ("declare", seat, iid))
    elif what == "attack":
        st.stack.append(("attack_target", seat))
    elif what == "equip":
        g, h = choice[1], choice[2]
        st.flags.add("equipped2" if "equipped" in st.flags else "equipped")  # rules 7.9, 16.9
        if h == st.hero[seat]:
            st.flags.add("equipped_active")  # rule 16.10
        st.loadout[seat].remove(g)
        st.pending.append(g)
        if st.record:
            st.emit("equip_declared", player=seat, card=st.ref(g), hero=st.ref(h))
        open_window(st, "restricted", seat, ("equip", g, h))
        pay_card(st, seat, st.defs[g].cost, g, "equip")
    elif what == "swap":
        declare_swap(st, seat, choice[1])
    elif what == "scout":
        st.flags.add("scouted")
        st.rally[seat] -= 1
        if st.record:
            st.emit("paid", player=seat, rally=1, rally_left=st.rally[seat], reason="scout")
        st.stack.append(("look_pick", seat, "Scout"))
    elif what == "charge":
        iid = choice[1]
        d = st.defs[iid]
        st.flags.add(f"charge:{iid}")
        st.rally[seat] -= d.charge.cost
        st.emit("charge", player=seat, card=st.ref(iid), rally=d.charge.cost)  # opens no window (rule 9.1.22)
        st.stack.append(("choose", seat, choice_kind(d.charge.effects), iid, ("charge_resolve", seat, iid)))
    elif what == "ultimate":  # its target (a Gear to Jam...) is chosen at declaration (rule 11.7)
        u = st.hero_card(seat).ultimate
        st.stack.append(("choose", seat, choice_kind(u.effects), u.name, ("ultimate_declare", seat)))


def h_ultimate_declare(st: CircuitsState, step: Step) -> None:
    _, seat, target = step
    cost = ultimate_cost(st, seat)
    st.ult_used[seat] = True
    st.rally[seat] -= cost
    st.emit("ultimate", player=seat, name=st.hero_card(seat).ultimate.name, rally=cost)
    open_window(st, "full", seat, ("ultimate", seat, target))


def h_charge_resolve(st: CircuitsState, step: Step) -> None:
    _, seat, iid, target = step
    apply_effects(st, st.defs[iid].charge.effects, seat, target, iid, this=iid, ref=(iid, "charge"))
    st.flush()


def h_make_room(st: CircuitsState, step: Step) -> None:
    """Asker: a full Field — discard one of your Assets first (rule 9.1.3; not destruction, 8.5.7).
    Identical copies in identical states are one option, and a Field of one (rule variant field_size)
    or of such copies only asks nothing (circuits ruling 59)."""
    _, seat, iid = step
    cands = told_apart(st, st.field[seat])
    if len(cands) == 1:
        st.stack.append(("room_made", seat, iid, cands[0]))
        return
    opts = [Option(f"discard:{seat}:field:{k}", f"Discard {st.name(a)} to make room",
                   {"card": st.defs[a].id, "at": {"seat": seat, "zone": "field", "index": k}}, a)
            for k, a in enumerate(st.field[seat]) if a in cands]
    st.ask(seat, "make_room", f"Your Field is full: discard an Asset to play {st.name(iid)}", opts,
           ("room_made", seat, iid), step)


def h_room_made(st: CircuitsState, step: Step) -> None:
    _, seat, iid, a = step
    st.field[seat].remove(a)
    st.damage.pop(a, None)
    st.guarded.pop(a, None)
    st.discard[seat].append(a)
    st.emit("discard", player=seat, card=st.ref(a), reason="make room")
    choose_then(st, seat, iid, ("declare", seat, iid), shown=True)


def h_declare(st: CircuitsState, step: Step) -> None:
    """Step 1 of the window (rule 11.7): the card is committed and paid; it is played now (rule 9.1.5)."""
    _, seat, iid, target = step
    d = st.defs[iid]
    st.hand[seat].remove(iid)
    st.pending.append(iid)
    if isinstance(d, TacticCard):
        st.flags.add("played_tactic")
        if d.type == "plan":
            st.kind_of[iid] = d.plan_kind  # type: ignore[assignment]
            # which hand card went face-down is not seen (rule 4.3): the looker forgets it, and every
            # card it saw in this hand that could be it (a Plan of the same Kind and cost, both public),
            # or keeping those would tell it which one stayed behind
            looker = st.seen[1 - seat]
            looker.discard(iid)
            for i in st.hand[seat]:
                h = st.defs[i]
                if i in looker and isinstance(h, TacticCard) and h.type == "plan" \
                        and h.plan_kind == d.plan_kind and h.cost == d.cost:
                    looker.discard(i)
            if st.record:
                st.emit("play", player=seat, card=st.ref(iid), card_type="plan", kind=d.plan_kind, id=st.ref_id(iid))
        elif st.record:
            st.emit("play", player=seat, card=st.ref(iid), card_type=d.type, id=st.ref_id(iid),
                    **({} if target < 0 else {"target": st.ref(target), "at": st.position(target)}))
    elif st.record:
        st.emit("play", player=seat, card=st.ref(iid), card_type="asset", id=st.ref_id(iid))
    open_window(st, "full", seat, ("card", iid, target))
    if isinstance(d, AssetCard):
        st.stack.append(("fire", seat, "you_play_asset", iid))  # rule 9.1.6: before the window
    elif d.type == "plan":
        st.stack.append(("fire", seat, "you_play_plan", iid))  # `cause` stays hidden (rule 4.3)
    pay_card(st, seat, d.cost, iid, "play")


def h_fire(st: CircuitsState, step: Step) -> None:
    _, seat, when, source = step
    fire(st, seat, when, source)
    st.flush()


def h_attack_target(st: CircuitsState, step: Step) -> None:
    """Asker: the Basic Attack's target (rules 8.1.3–8.1.4); it is fixed once declared (8.1.7)."""
    seat = step[1]
    cands = told_apart(st, attack_targets(st, seat))  # identical copies are one target (ruling 59)
    if len(cands) == 1:
        st.stack.append(("attack_declare", seat, cands[0]))
        return
    opts = [target_option(st, t, seat) for t in cands]
    st.ask(seat, "target", "Basic Attack: choose the target", opts, ("attack_declare", seat), step)


def h_attack_declare(st: CircuitsState, step: Step) -> None:
    _, seat, target = step
    st.flags.add("attacked")  # rule 8.1.1
    if st.record:
        st.emit("attack", player=seat, target=st.ref(target), at=st.position(target))
    open_window(st, "full", seat, ("attack", target))


# -- resolving the declared item ------------------------------------------------------------------


def h_resolve_declared(st: CircuitsState, step: Step) -> None:
    fid = step[1]
    if st.result is not None:
        return
    resolving(st, fid, "declared")
    frame = st.frame_data[fid]
    item = frame["item"]
    actor = frame["actor"]
    what = item[0]
    if what == "card":
        resolve_card(st, actor, item[1], item[2], frame["cancelled"])
    elif what == "attack":
        resolve_attack(st, actor, item[1])
    elif what == "ultimate":
        u = st.hero_card(actor).ultimate  # an Ultimate cannot be cancelled (rule 13.4)
        apply_effects(st, u.effects, actor, item[2], u.name, ref=(st.hero[actor], "ultimate"))
    elif what == "reveal":
        resolve_reveal(st, actor, item[1], frame["delayed"])
    elif what == "equip":
        equip(st, actor, item[1], item[2])
    elif what == "swap":
        resolve_swap(st, actor, item[1])
    elif what == "strike":
        a = item[1]
        if a in st.field[actor]:
            damage_hero(st, 1 - actor, st.defs[a].strike, a, actor)
    st.flush()


def resolve_card(st: CircuitsState, seat: int, iid: int, target: int, cancelled: bool) -> None:
    d = st.defs[iid]
    if iid not in st.pending:
        return  # an Asset destroyed during its own window never enters the Field (rule 9.1.7)
    st.pending.remove(iid)
    if cancelled and isinstance(d, TacticCard) and d.type == "instant":
        st.discard[seat].append(iid)  # ruling circuits.gap.20
        st.emit("cancelled", player=seat, card=st.ref(iid))
        return
    if isinstance(d, AssetCard):
        st.field[seat].append(iid)  # damage from its window stays (rule 8.3.10)
        st.emit("enter", player=seat, card=st.ref(iid))
        fire(st, seat, "asset_enters", iid)
        apply_effects(st, d.on_play, seat, target, iid, this=iid, ref=(iid, "on_play"))
        if st.damage.get(iid, 0) >= st.asset_max_hp(iid):
            destroy_asset(st, iid, "damage in its window")
        return
    if d.type == "plan":
        st.plans[seat].append(iid)  # face-down with its honest marker (rule 12.1)
        # its position is public, its instance id only to those who know the card (a hand card's id
        # would let the opponent follow a Plan returned to hand and played again)
        if st.record:
            st.emit("plan_set", player=seat, kind=d.plan_kind, index=len(st.plans[seat]) - 1, id=st.ref_id(iid))
        return
    st.discard[seat].append(iid)
    if st.record:
        st.emit("resolve", player=seat, card=st.ref(iid))
    apply_effects(st, d.effects, seat, target, iid, ref=(iid, "effects"))


def resolve_attack(st: CircuitsState, seat: int, target: int) -> None:
    """Seed 000 §8.1 and §8.6: queued bonuses and riders are used up by the attempt (rule 8.6.7)."""
    dmg = attack_damage(st, seat)
    riders = [q[1:] for q in st.queued if q[0] == seat and q[1] != "next_attack"]
    st.queued = [q for q in st.queued if q[0] != seat]
    enemy = 1 - seat
    base = len(st.stack)
    if st.is_hero(target):  # a knocked-out Active Hero's place is taken by the promoted one (rule 16.26)
        dealt = damage_hero(st, enemy, dmg, "Basic Attack", seat, attack=True)
    elif target in st.field[enemy]:
        dealt = damage_asset(st, target, dmg, "Basic Attack")
    else:
        st.emit("attack_fizzles", player=seat, reason="the target Asset left the Field")  # rules 8.1.8–8.1.11
        return
    if dealt <= 0:
        return  # full prevention: no rider (rule 8.6.5)
    # triggers of the damage (their order chosen, rule 18.4) resolve before the riders (rule 11.23)
    step = ("attack_riders", seat, target, tuple(riders))
    after(st, base, step, lambda: apply_riders(st, seat, target, riders))


def h_attack_riders(st: CircuitsState, step: Step) -> None:
    _, seat, target, riders = step
    apply_riders(st, seat, target, list(riders))
    st.flush()


def apply_riders(st: CircuitsState, seat: int, target: int, riders: list[Any]) -> None:
    """Seed 000 §8.6: riders apply after the attack dealt damage (its target is the declared one)."""
    enemy = 1 - seat
    for v, a, chosen, _this_turn in riders:
        if st.result is not None:
            return  # a Breakpoint draw decked out: nothing happens after the result (rule circuits.1.2)
        if v == "rider_burn" and st.is_hero(target):  # Redline Drill (rules 8.6.2–8.6.3)
            st.burn_enemy[enemy] += a
            if st.record:
                st.emit("burn", player=enemy, amount=a, total=st.burn_enemy[enemy] + st.burn_self[enemy], source="rider")
        elif v == "rider_repair":  # Frame Check (rule 8.6.4): the one Asset of yours chosen when it was played
            if chosen in st.field[seat]:
                had = st.damage.get(chosen, 0)
                st.damage[chosen] = max(0, had - a)
                st.emit("repair", player=seat, card=st.ref(chosen), amount=had - st.damage[chosen], source="rider")


def resolve_reveal(st: CircuitsState, seat: int, iid: int, delayed: bool) -> None:
    """Seed 000 §12: after its window a revealed Plan resolves, unless it was delayed (once only)."""
    if iid not in st.plans[seat]:
        return
    if delayed and iid not in st.delay_used:
        st.delay_used.add(iid)
        st.delayed.add(iid)
        # it waits for its owner's *following* Start Step (rule 12.10): delayed in its owner's own turn
        # (a reveal forced during that Start Step), the Start Step now running must not resolve it
        st.flags.add(f"handled:{iid}")
        st.emit("delayed", player=seat, card=st.ref(iid))
        return
    st.plans[seat].remove(iid)
    st.kind_of.pop(iid, None)
    st.delayed.discard(iid)
    st.discard[seat].append(iid)
    st.flags.add(f"plan_resolved:{iid}")
    if st.record:
        st.emit("resolve", player=seat, card=st.ref(iid), plan=True)
    apply_effects(st, st.defs[iid].effects, seat, -1, iid, ref=(iid, "effects"))


def equip(st: CircuitsState, seat: int, g: int, h: int) -> None:
    """Rules 9.2.1–9.2.3: into its slot; an occupied slot's Gear goes to Scrap. In Squad the Gear goes
    to the Hero chosen at declaration, Active or Bench, and stays with it (rules 16.8, 16.11); a Hero
    knocked out meanwhile sends it to Scrap."""
    d: GearCard = st.defs[g]
    st.pending.remove(g)
    if h != st.hero[seat]:
        if h not in st.benched:  # knocked out during the window: the Gear has no Hero (rule 16.22)
            st.scrap[seat].append(g)
            st.emit("scrap", player=seat, card=st.ref(g))
            return
        values = st.benched[h]
        slots = list(values[-1])
        old = slots[SLOT[d.slot]]
        if old >= 0:
            st.scrap[seat].append(old)
            st.jammed.pop(old, None)
            st.emit("scrap", player=seat, card=st.ref(old))
        slots[SLOT[d.slot]] = g
        st.benched[h] = (*values[:-1], tuple(slots))
        if st.record:
            st.emit("equip", player=seat, card=st.ref(g), slot=d.slot, hero=st.ref(h))
        return
    k = seat * 3 + SLOT[d.slot]
    old = st.gear[k]
    st.gear[k] = g
    if old >= 0:
        st.scrap[seat].append(old)
        st.jammed.pop(old, None)
        st.emit("scrap", player=seat, card=st.ref(old))
    if st.record:
        st.emit("equip", player=seat, card=st.ref(g), slot=d.slot, hero=st.ref(h))
    if old >= 0:
        # one equip replaces the old Gear: the slot is never empty, so the Assets are checked against
        # their HP with the new Gear in place (rule 8.4.4; circuits ruling 51)
        check_asset_hp(st, seat, old)


HANDLERS: dict[str, Any] = {
    "action": h_action,
    "act": h_act,
    "charge_resolve": h_charge_resolve,
    "ultimate_declare": h_ultimate_declare,
    "make_room": h_make_room,
    "room_made": h_room_made,
    "declare": h_declare,
    "fire": h_fire,
    "attack_target": h_attack_target,
    "attack_declare": h_attack_declare,
    "attack_riders": h_attack_riders,
    "resolve_declared": h_resolve_declared,
}
