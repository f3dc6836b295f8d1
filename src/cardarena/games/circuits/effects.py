"""Effect verbs of `circuits` cards (docs/cards.md): one branch per verb, in printed order.

Two verbs open windows of their own (a forced reveal, resolving all Plans); they push steps and the
rest of the card's effects continue afterwards from the `effects` step (rules 18.8–18.9).
"""

from __future__ import annotations

from collections.abc import Sequence

from .damage import check_asset_hp, damage_asset, damage_hero, destroy_asset, heal
from .schema import AssetCard, Effect
from .state import CircuitsState

#: what the player picks when an effect needs it
CHOICE_OF = {"enemy_target": "enemy_target", "enemy_asset": "enemy_asset", "your_asset": "your_asset"}
WINDOW_VERBS = frozenset({"force_reveal", "resolve_plans"})


def choice_kind(effects: Sequence[Effect]) -> str:
    """What a card's effects ask its player to choose when it is played (at declaration, rule 11.7)."""
    for e in effects:
        if e.verb == "jam":
            return "enemy_gear"
        if e.verb in ("force_reveal", "look_plan", "return_plan"):
            return "enemy_plan"
        if e.to in CHOICE_OF and e.verb not in ("draw", "gain_rally", "drain_rally"):
            return CHOICE_OF[e.to]
    return "none"


def draw(st: CircuitsState, seat: int, n: int, why: str) -> None:
    """Draw n; having to draw from an empty deck loses the game (rules circuits.1.2–1.3)."""
    for _ in range(n):
        if not st.deck[seat]:
            st.emit("deck_out", player=seat, reason=why)
            st.finish(1 - seat, "deck_out", st.turn)
            return
        iid = st.deck[seat].pop()
        st.hand[seat].append(iid)
        st.emit("draw", player=seat, card=st.ref(iid), reason=why)


def apply_effects(
    st: CircuitsState,
    effects: Sequence[Effect],
    seat: int,
    target: int,
    source: str,
    this: int = -1,
    ref: tuple[int, str] | None = None,
    start: int = 0,
) -> None:
    """Resolve `effects[start:]` for `seat`. `target` is the declared choice (a Hero's or Asset's id,
    a Gear or Plan id), -1 if none. `ref` names where the effects are printed, for continuations."""
    enemy = 1 - seat
    for k in range(start, len(effects)):
        if st.result is not None:
            return
        e = effects[k]
        v = e.verb
        if v in WINDOW_VERBS:
            if ref is not None and k + 1 < len(effects):
                st.stack.append(("effects", seat, target, source, this, ref, k + 1))
            if v == "force_reveal":
                if target >= 0 and target in st.plans[enemy] and target not in st.delayed:
                    st.stack.append(("reveal", enemy, target, True))
            else:
                st.stack.append(("resolve_plans", seat, e.reward))
            return
        if v == "damage":
            for t in _targets(st, e.to, seat, target, this):
                if t in st.hero:
                    damage_hero(st, st.owner[t], e.amount, source, seat)
                else:
                    damage_asset(st, t, e.amount, source)
        elif v == "heal":
            heal(st, seat if e.to == "your_hero" else enemy, e.amount, source)
        elif v == "shield":
            who = seat if e.to == "your_hero" else enemy
            st.shield[who] += e.amount  # Shields add up and never expire (ruling circuits.gap.6)
            st.emit("shield", player=who, amount=e.amount, total=st.shield[who], source=source)
        elif v == "burn":
            who = enemy if e.to == "enemy_hero" else seat
            if who == seat:
                st.burn_self[who] += e.amount
            else:
                st.burn_enemy[who] += e.amount
            st.emit("burn", player=who, amount=e.amount, total=st.burn_enemy[who] + st.burn_self[who], source=source)
        elif v == "mark":
            who = enemy if e.to == "enemy_hero" else seat
            st.marked[who] = True
            st.emit("status", player=who, status="marked", change="gained", source=source)
        elif v == "draw":
            draw(st, seat if e.to == "you" else enemy, e.amount, source)
        elif v == "gain_rally":
            who = seat if e.to == "you" else enemy
            before = st.rally[who]
            st.rally[who] = min(st.capacity[who], before + e.amount)  # rule 6.9
            st.emit("rally", player=who, change=st.rally[who] - before, rally=st.rally[who], source=source)
        elif v == "drain_rally":
            who = enemy if e.to == "opponent" else seat
            before = st.rally[who]
            st.rally[who] = max(0, before - e.amount)  # rule 6.10: Available Rally only
            st.emit("rally", player=who, change=st.rally[who] - before, rally=st.rally[who], source=source)
        elif v == "repair":
            for t in _targets(st, e.to, seat, target, this):
                had = st.damage.get(t, 0)
                st.damage[t] = max(0, had - e.amount)  # rule 8.3.8
                st.emit("repair", player=st.owner[t], card=st.name(t), amount=had - st.damage[t], source=source)
        elif v == "destroy":
            for t in _targets(st, e.to, seat, target, this):
                destroy_asset(st, t, source)
        elif v == "jam":
            if target >= 0 and target in st.equipped(enemy):
                st.jammed[target] = st.until_my_next_turn(seat)
                st.emit("jam", player=enemy, card=st.name(target), source=source)
                check_asset_hp(st, enemy, f"{st.name(target)} jammed")
        elif v == "cannot_heal":
            who = enemy if e.to == "enemy_hero" else seat
            st.no_heal_until[who] = max(st.no_heal_until[who], st.until_my_next_turn(seat))  # rule 9.1.19
            st.emit("status", player=who, status="cannot_heal", change="gained", source=source)
        elif v == "prevent":
            f = st.current_frame()
            if f is not None:
                p = list(f["prevent"])
                p[seat] += e.amount
                st.update_frame(prevent=(p[0], p[1]))
        elif v == "cancel":
            if st.current_frame() is not None:
                st.update_frame(cancelled=True)
        elif v == "delay":
            if st.current_frame() is not None:
                st.update_frame(delayed=True)
        elif v == "look_plan":
            look(st, seat, target, source)
        elif v == "return_plan":
            if target >= 0 and target in st.plans[enemy]:
                st.plans[enemy].remove(target)
                st.kind_of.pop(target, None)  # rule 12.17: it loses its marker
                st.delayed.discard(target)
                st.hand[enemy].append(target)
                st.emit("plan_returned", player=enemy, source=source)
        elif v in ("next_attack", "rider_burn", "rider_repair"):
            # Frame Check repairs the Asset chosen when it was played ("one of your Assets")
            st.queued.append((seat, v, e.amount, target) if v == "rider_repair" else (seat, v, e.amount))
            st.emit("queued", player=seat, what=v, amount=e.amount, source=source)
        elif v == "guard_assets":
            until = st.until_my_next_turn(seat)
            for a in st.field[seat]:  # only the Assets present now (rules 8.7.1–8.7.3)
                st.guarded[a] = until
            st.emit("guard_granted", player=seat, cards=[st.name(a) for a in st.field[seat]], source=source)
        elif v == "full_battery":
            st.battery.append((seat, e.amount))  # waits for the caster's End Step (rule 8.7.4)
            st.emit("full_battery", player=seat, amount=e.amount, source=source)
        elif v == "survive":
            pass  # only meaningful as a prospective Reaction (damage.destroy_asset)


def look(st: CircuitsState, seat: int, plan: int, source: str) -> None:
    """Scout / "look at one enemy face-down Plan" (rules 12.13–12.16): only `seat` learns it."""
    enemy = 1 - seat
    if plan >= 0 and plan in st.plans[enemy]:
        st.seen[seat].add(plan)
        st.flags.add(f"looked_plan:{seat}")
        # not even which Plan, for its owner (ruling circuits.gap.46)
        st.emit("look", player=seat, what="plan", id=st.ref_id(plan, only=seat), card=st.ref(plan, only=seat),
                source=source)
    elif st.deck[enemy]:
        top = st.deck[enemy][-1]
        st.seen[seat].add(top)
        st.emit("look", player=seat, what="deck_top", card=st.ref(top, only=seat), source=source)


def _targets(st: CircuitsState, to: str, seat: int, target: int, this: int) -> list[int]:
    enemy = 1 - seat
    if to == "enemy_hero":
        return [st.hero[enemy]]
    if to == "your_hero":
        return [st.hero[seat]]
    if to in ("enemy_target", "enemy_asset", "your_asset"):
        if target < 0:
            return []
        if target in st.hero or target in st.field[st.owner[target]]:
            return [target]
        if target in st.pending and isinstance(st.defs[target], AssetCard):
            return [target]  # an Asset hit during its own window (rules 8.3.10, 9.1.7)
        return []  # a fixed target that left: nothing (rule 8.1.8 in spirit, 18.10)
    if to == "each_enemy_asset":
        return list(st.field[enemy])
    if to == "each_your_asset":
        return list(st.field[seat])
    if to == "this_asset":
        return [this] if this >= 0 and this in st.field[st.owner[this]] else []
    return []


def effects_at(st: CircuitsState, ref: tuple[int, str]) -> Sequence[Effect]:
    iid, field = ref
    d = st.defs[iid]
    if field == "ultimate":
        return d.ultimate.effects
    return getattr(d, field)
