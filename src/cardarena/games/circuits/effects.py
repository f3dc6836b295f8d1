"""Effect verbs of `circuits` cards (docs/cards.md): `apply_effects` runs a card's effects in printed
order, each through `VERBS`, one function per verb.

This module imports no other rules module: the verbs that deal damage, heal or destroy are registered
by damage.py (which needs `apply_effects` for triggers), so the two do not import each other.
Verbs that need a choice or open windows of their own (a look, a forced reveal, resolving all Plans)
push steps and return True; the rest of the card's effects continue afterwards from the `effects`
step (rules 18.8–18.9).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .schema import AssetCard, Effect, HeroCard
from .state import CircuitsState

#: what the player picks at declaration when an effect needs it (rule 11.7)
CHOICE_OF = {"enemy_target": "enemy_target", "enemy_asset": "enemy_asset", "your_asset": "your_asset",
             "your_discarded_asset": "your_discarded_asset"}

#: a verb: (state, effect, seat, declared target, source, this card) -> True when it pushed steps and the
#: rest of the effects must wait for them
Verb = Callable[[CircuitsState, Effect, int, int, "int | str", int], bool]
VERBS: dict[str, Verb] = {}

#: where a card's effects are printed, to continue them after a pushed step: (iid, field[, k])
Where = tuple[Any, ...]


def verb(name: str) -> Callable[[Verb], Verb]:
    def register(fn: Verb) -> Verb:
        VERBS[name] = fn
        return fn

    return register


def choice_kind(effects: Sequence[Effect]) -> str:
    """What a card's effects ask its player to choose when it is played (at declaration, rule 11.7).
    "Look at one enemy face-down Plan" is chosen when it resolves, as with Scout (rule 12.16)."""
    for e in effects:
        if e.verb == "jam":
            return "enemy_gear"
        if e.verb in ("force_reveal", "return_plan"):
            return "enemy_plan"
        # a destruction replacement chooses nothing at declaration: when several of your Assets would
        # be destroyed, its Asset is chosen then (replacement.py, circuits ruling 63)
        if e.to in CHOICE_OF and e.verb not in ("draw", "gain_rally", "drain_rally", "survive"):
            return CHOICE_OF[e.to]
    return "none"


def apply_effects(st: CircuitsState, effects: Sequence[Effect], seat: int, target: int, source: int | str,
                  this: int = -1, ref: Where | None = None, start: int = 0) -> None:
    """Resolve `effects[start:]` for `seat`. `target` is the declared choice (a Hero's or Asset's id, a
    Gear or Plan id), -1 if none; `source` the card whose text this is (an instance id) or an Ultimate's
    name; `ref` where the effects are printed, for continuations."""
    for k in range(start, len(effects)):
        if st.result is not None:
            return  # nothing happens after the result (rule circuits.1.2)
        e = effects[k]
        more = k + 1 < len(effects) and ref is not None
        if more and e.verb in PUSHING:
            st.stack.append(("effects", seat, target, source, this, ref, k + 1))
        base = len(st.stack)
        if VERBS[e.verb](st, e, seat, target, source, this):
            return
        if more and len(st.stack) > base:
            # the effect fired triggers whose order their player chooses (rule 18.4): they resolve
            # before the rest of this card's effects (rule 11.23; circuits ruling 50)
            st.stack.insert(base, ("effects", seat, target, source, this, ref, k + 1))
            return


#: verbs that push steps (the continuation is scheduled before them)
PUSHING = frozenset({"force_reveal", "resolve_plans", "look_plan"})


def effects_at(st: CircuitsState, ref: Where) -> Sequence[Effect]:
    iid, field = ref[0], ref[1]
    d = st.defs[iid]
    if field == "ultimate":
        return d.ultimate.effects
    if field == "charge":
        return d.charge.effects
    if field == "trigger":
        holder = d.passive if isinstance(d, HeroCard) else d
        return holder.triggers[ref[2]].effects
    return getattr(d, field)


# -- moving cards ------------------------------------------------------------------------------------


def draw(st: CircuitsState, seat: int, n: int, why: int | str) -> None:
    """Draw n; having to draw from an empty deck loses the game (rules circuits.1.2–1.3). When the other
    player has already lost by a knock-out the pending victory check will see (a Breakpoint draw after a
    double knock-out, a draw after the lethal damage of the same effect), both lose at once: a draw
    (ruling circuits.gap.44)."""
    for _ in range(n):
        if st.result is not None:
            return
        if not st.deck[seat]:
            st.emit("deck_out", player=seat, reason=st.src(why))
            if st.loses_by_knockout(1 - seat):
                st.finish(None, "deck_out_and_knockout", st.turn)
            else:
                st.finish(1 - seat, "deck_out", st.turn)
            return
        iid = st.deck[seat].pop()
        st.hand[seat].append(iid)  # a seat that looked at it knows it is in this hand now
        if st.record:  # a search's copies keep no log: no event built
            st.emit("draw", player=seat, card=st.ref(iid), reason=st.src(why))


def look(st: CircuitsState, seat: int, plan: int, source: int | str) -> None:
    """Scout / "look at one enemy face-down Plan" (rules 12.13–12.16): only `seat` learns it."""
    enemy = 1 - seat
    if plan >= 0 and plan in st.plans[enemy]:
        st.seen[seat].add(plan)
        st.flags.add(f"looked_plan:{seat}")
        # not even which Plan, for its owner (ruling circuits.gap.46)
        if st.record:
            st.emit("look", player=seat, what="plan", id=st.ref_id(plan, only=seat), card=st.ref(plan, only=seat),
                    source=st.src(source))
    elif st.deck[enemy]:
        top = st.deck[enemy][-1]
        st.seen[seat].add(top)
        if st.record:
            st.emit("look", player=seat, what="deck_top", card=st.ref(top, only=seat), source=st.src(source))


def targets(st: CircuitsState, to: str, seat: int, target: int, this: int) -> list[int]:
    enemy = 1 - seat
    if to == "enemy_hero":
        return [st.hero[enemy]]
    if to == "your_hero":
        return [st.hero[seat]]
    if to in ("enemy_target", "enemy_asset", "your_asset"):
        if target < 0:
            return []
        if st.is_hero(target):  # the enemy Active Hero: the promoted one after a knock-out (rule 16.26)
            return [st.hero[st.owner[target]]]
        if target in st.field[st.owner[target]]:
            return [target]
        if target in st.pending and isinstance(st.defs[target], AssetCard):
            return [target]  # an Asset hit during its own window (rules 8.3.10, 9.1.7)
        return []  # a fixed target that left: nothing (rule 8.1.8 in spirit, 18.10)
    if to == "played_asset":
        return played_asset(st)
    if to == "each_enemy_asset":
        return list(st.field[enemy])
    if to == "each_your_asset":
        return list(st.field[seat])
    if to == "this_asset":
        return [this] if this >= 0 and this in st.field[st.owner[this]] else []
    if to == "your_discarded_asset":  # a fixed target that left the pile: nothing (rule 18.10)
        return [target] if target >= 0 and target in st.discard[seat] else []
    return []


def played_asset(st: CircuitsState) -> list[int]:
    """The Asset whose play opened the current window, while it is in that window or on the Field: a
    Reaction "when the enemy plays an Asset: deal 2 damage to it" hits that Asset and no other."""
    frame = st.current_frame()
    if frame is None or frame["item"][0] != "card":
        return []
    a = frame["item"][1]
    if isinstance(st.defs[a], AssetCard) and (a in st.pending or a in st.field[st.owner[a]]):
        return [a]
    return []


# -- the verbs that need nothing but the state --------------------------------------------------------


@verb("shield")
def v_shield(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    who = seat if e.to == "your_hero" else 1 - seat
    st.shield[who] += e.amount  # Shields add up and never expire (ruling circuits.gap.6)
    st.emit("shield", player=who, amount=e.amount, total=st.shield[who], source=st.src(source))
    return False


@verb("burn")
def v_burn(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    who = 1 - seat if e.to == "enemy_hero" else seat
    if who == seat:
        st.burn_self[who] += e.amount
    else:
        st.burn_enemy[who] += e.amount
    if st.record:
        st.emit("burn", player=who, amount=e.amount, total=st.burn_enemy[who] + st.burn_self[who], source=st.src(source))
    return False


@verb("mark")
def v_mark(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    who = 1 - seat if e.to == "enemy_hero" else seat
    st.marked[who] = True
    st.emit("status", player=who, status="marked", change="gained", source=st.src(source))
    return False


@verb("draw")
def v_draw(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    draw(st, seat if e.to == "you" else 1 - seat, e.amount, source)
    return False


@verb("gain_rally")
def v_gain_rally(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    who = seat if e.to == "you" else 1 - seat
    before = st.rally[who]
    st.rally[who] = min(st.capacity[who], before + e.amount)  # rule 6.9
    st.emit("rally", player=who, change=st.rally[who] - before, rally=st.rally[who], source=st.src(source))
    return False


@verb("drain_rally")
def v_drain_rally(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    who = 1 - seat if e.to == "opponent" else seat
    before = st.rally[who]
    st.rally[who] = max(0, before - e.amount)  # rule 6.10: Available Rally only
    st.emit("rally", player=who, change=st.rally[who] - before, rally=st.rally[who], source=st.src(source))
    return False


@verb("cannot_heal")
def v_cannot_heal(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    who = 1 - seat if e.to == "enemy_hero" else seat
    st.no_heal_until[who] = max(st.no_heal_until[who], st.until_my_next_turn(seat))  # rule 9.1.19
    st.emit("status", player=who, status="cannot_heal", change="gained", source=st.src(source))
    return False


@verb("prevent")
def v_prevent(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    f = st.current_frame()
    if f is not None:  # applied at step 2 of the damage order, to damage this window answers (rule 8.2.2)
        p = list(f["prevent"])
        p[seat] += e.amount
        st.update_frame(prevent=(p[0], p[1]))
    return False


@verb("cancel")
def v_cancel(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    if st.current_frame() is not None:
        st.update_frame(cancelled=True)
    return False


@verb("delay")
def v_delay(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    if st.current_frame() is not None:
        st.update_frame(delayed=True)
    return False


@verb("look_plan")
def v_look_plan(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    st.stack.append(("look_pick", seat, source))  # the player chooses the Plan, as with Scout (rule 12.16)
    return True


@verb("force_reveal")
def v_force_reveal(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    enemy = 1 - seat
    if target >= 0 and target in st.face_down_plans(enemy):  # a Plan already face-up reveals no more
        st.stack.append(("reveal", enemy, target, True))
    return True


@verb("resolve_plans")
def v_resolve_plans(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    what = source if isinstance(source, str) else st.name(source)  # named in the order question
    st.stack.append(("resolve_plans", seat, e.reward, what))
    return True


@verb("return_plan")
def v_return_plan(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    enemy = 1 - seat
    if target >= 0 and target in st.face_down_plans(enemy):  # "one enemy face-down Plan" (Recall Loop)
        index = st.plans[enemy].index(target)
        st.plans[enemy].remove(target)
        st.kind_of.pop(target, None)  # rule 12.17: it loses its marker
        st.delayed.discard(target)
        st.hand[enemy].append(target)  # a seat that had seen it knows it is in this hand now
        st.emit("plan_returned", player=enemy, index=index, source=st.src(source))
    return False


@verb("next_attack")
@verb("rider_burn")
@verb("rider_repair")
def v_queue(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    # Frame Check repairs the Asset chosen when it was played ("one of your Assets"); a "this turn"
    # bonus is marked to expire at the End Step if no attack used it (rule 8.6.8)
    st.queued.append((seat, e.verb, e.amount, target if e.verb == "rider_repair" else -1, e.this_turn))
    if e.this_turn:
        st.emit("queued", player=seat, what=e.verb, amount=e.amount, source=st.src(source), this_turn=True)
    else:
        st.emit("queued", player=seat, what=e.verb, amount=e.amount, source=st.src(source))
    return False


@verb("guard_assets")
def v_guard_assets(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    until = st.until_my_next_turn(seat)
    for a in st.field[seat]:  # only the Assets present now (rules 8.7.1–8.7.3)
        st.guarded[a] = until
    st.emit("guard_granted", player=seat, cards=[st.ref(a) for a in st.field[seat]], source=st.src(source))
    return False


@verb("full_battery")
def v_full_battery(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    st.battery.append((seat, e.amount))  # waits for the caster's End Step (rule 8.7.4)
    st.emit("full_battery", player=seat, amount=e.amount, source=st.src(source))
    return False


@verb("survive")
def v_survive(st: CircuitsState, e: Effect, seat: int, target: int, source: int | str, this: int) -> bool:
    return False  # only meaningful as a prospective Reaction (damage.destroy_asset)
