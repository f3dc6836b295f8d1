"""The Activation Phase (seed 004 §7): which actions a player may take, and their choices in order —
card, then performer, then target (docs/architecture.md) — then paying, the opponent's Counter window, and
resolution.

Asking steps (`activation`, `performer`, `target`, `window`, `ability_target`) only compute options and
ask; the steps they resume do the work. That keeps `State.reask` sound.
"""

from __future__ import annotations

from typing import Any

from cardarena.core.engine import Option, Step

from .effects import (
    apply_effects,
    attack_damage,
    flush,
    hit,
    pay,
    slot_modifier,
    tactic_cost,
)
from .schema import AlienCard, SpawnCard, TacticCard, target_kind
from .state import AliensState

PROACTIVE_VERBS = frozenset({"damage", "heal", "status", "cleanse", "shield", "draw", "energy", "drain", "mill",
                             "destroy", "followup"})


def proactive(d: TacticCard | SpawnCard) -> bool:
    """A Counter used on your own turn only does its non-negate, non-block effects (docs/cards.md)."""
    return any(e.verb in PROACTIVE_VERBS for e in d.effects)


# -- who may use what ----------------------------------------------------------------------------


def performers(st: AliensState, p: int, d: TacticCard | SpawnCard, attack: bool) -> list[int]:
    """Slots that may use `d` and can pay for it; [-1] for a Spawn (no Alien needed, rule aliens.3.8).

    A Species Tactic needs a live, un-Jammed Alien of its species (rulings aliens.gap.1, gap.2;
    rules aliens.11.4, aliens.12.4); an Attack also needs one that has not attacked this turn
    (rule aliens.3.6)."""
    energy = len(st.reactor[p]) + st.charge[p]
    if isinstance(d, SpawnCard):
        return [-1] if tactic_cost(st, d, -1) <= energy else []
    out = []
    defs = st.defs
    aliens = st.aliens
    hp = st.hp
    status = st.status
    species = d.species
    for s in (p * 3, p * 3 + 1, p * 3 + 2):
        if hp[s] > 0 and status[s] != "jammed" and defs[aliens[s]].species == species:
            if attack and st.attacked[s]:
                continue
            if tactic_cost(st, d, s) <= energy:
                out.append(s)
    return out


def targets(st: AliensState, p: int, kind: str) -> list[int]:
    """Legal targets: live enemy Aliens, live allies, or enemy cards in play (ruling aliens.gap.24)."""
    if kind == "enemy":
        return st.live_slots(1 - p)
    if kind == "ally":
        return st.live_slots(p)
    if kind == "enemy_card":
        cards = list(st.command[1 - p])
        if st.sector >= 0:
            cards.append(st.sector)
        return cards
    return [-1]


def target_label(st: AliensState, t: int, kind: str, viewer: int) -> str:
    if kind == "enemy_card":
        if t in st.set_turn and st.owner[t] != viewer:
            return f"face-down card #{t}"
        return st.name(t)
    a = st.alien(t)
    return f"{a.name} ({st.hp[t]}/{a.hp} HP, {a.affinity})"


_PROACTIVE: dict[int, bool] = {}


def _is_proactive(d: Any) -> bool:
    v = _PROACTIVE.get(id(d))  # defs live as long as the cached pool: id() is a stable key
    if v is None:
        v = _PROACTIVE[id(d)] = proactive(d)
    return v


class _Usable:
    """What decides, for one player at one moment, whether a card can be used: computed once per
    decision so that each card is a few comparisons (this is the engine's hottest path)."""

    __slots__ = ("enemy_cards", "energy", "spawn_mod", "users")

    def __init__(self, st: AliensState, p: int) -> None:
        self.energy = len(st.reactor[p]) + st.charge[p]
        self.users: list[tuple[str, int, bool]] = []  # (species, cost modifier, has attacked)
        defs = st.defs
        for s in (p * 3, p * 3 + 1, p * 3 + 2):
            if st.hp[s] > 0 and st.status[s] != "jammed":
                mod = slot_modifier(st, s, "cost") + (1 if st.status[s] == "fluxed" else 0)
                self.users.append((defs[st.aliens[s]].species, mod, st.attacked[s]))
        self.spawn_mod = defs[st.sector].modifiers.cost if st.sector >= 0 and defs[st.sector].modifiers else 0
        self.enemy_cards = bool(st.command[1 - p]) or st.sector >= 0

    def can_use(self, d: Any, mode: str) -> bool:
        sub = d.subtype
        if mode == "assault" and sub != "attack":
            return False
        if mode == "special" and (sub != "special" or isinstance(d, SpawnCard)):
            return False
        if sub == "counter" and not _is_proactive(d):
            return False
        if d.target == "enemy_card" and not self.enemy_cards:
            return False
        energy = self.energy
        if isinstance(d, SpawnCard):
            return d.cost + self.spawn_mod <= energy
        species = d.species
        attack = sub == "attack"
        cost = d.cost
        for sp, mod, attacked in self.users:
            if sp == species and not (attack and attacked) and cost + mod <= energy:
                return True
        return False


def activation_options(st: AliensState, p: int, mode: str) -> list[Option]:
    """Every action `p` may take now. mode: primary (the turn's one action), or a granted follow-up:
    assault, special or any (rules aliens.7.7–7.13)."""
    opts: list[Option] = []
    defs = st.defs
    seen: set[int] = set()
    usable = _Usable(st, p)
    can_use = usable.can_use
    hand = st.hand[p]
    for iid in hand:
        d = defs[iid]
        if id(d) in seen:
            continue  # identical copies are one choice
        seen.add(id(d))
        if can_use(d, mode):
            opts.append(Option(f"play:{iid}", f"Play {d.name} (cost {d.cost})", {"action": "play", "card": iid, "from": "hand"},
                               ("play", iid)))
    seen.clear()
    turn = st.turn
    set_turn = st.set_turn
    for iid in st.command[p]:
        t = set_turn.get(iid)
        if t is None or t >= turn:
            continue  # face-up, or set this turn (rule aliens.10.2, ruling aliens.gap.19)
        d = defs[iid]
        if id(d) in seen:
            continue
        seen.add(id(d))
        if can_use(d, mode):
            opts.append(Option(f"play:{iid}", f"Play {d.name} from the field (cost {d.cost})",
                               {"action": "play", "card": iid, "from": "field"}, ("play", iid)))
    if mode in ("primary", "any"):
        for s in st.live_slots(p):
            a: AlienCard = defs[st.aliens[s]]
            ab = a.ability
            if ab.kind == "passive" or st.status[s] == "jammed":
                continue
            if ab.kind == "once" and st.once_used[s]:
                continue
            if ab.kind == "repeatable" and (mode != "primary" or st.rep_used[s]):
                continue
            if ab.cost > usable.energy or (ab.target == "enemy_card" and not usable.enemy_cards):
                continue
            free = " (free action)" if ab.kind == "repeatable" else ""
            opts.append(Option(f"ability:{st.aliens[s]}", f"{a.name}: {ab.name}{free}",
                               {"action": "ability", "alien": st.aliens[s], "name": ab.name, "kind": ab.kind,
                                "cost": ab.cost}, ("ability", s)))
        if sum(1 for i in st.command[p] if i in set_turn) < st.params["set_limit"]:
            seen.clear()
            for iid in hand:
                d = defs[iid]
                if id(d) in seen:
                    continue
                seen.add(id(d))
                opts.append(Option(f"set:{iid}", f"Set {d.name} face-down", {"action": "set", "card": iid},
                                   ("set", iid)))
    label = "Pass" if mode == "primary" else "Decline the follow-up"
    opts.append(Option("pass", label, {"action": "pass"}, ("pass",)))
    return opts


# -- steps ---------------------------------------------------------------------------------------


def h_activation(st: AliensState, step: Step) -> None:
    """Asker: the primary action, or one granted follow-up (step[1] is the mode)."""
    mode = step[1]
    p = st.active
    opts = activation_options(st, p, mode)
    if len(opts) == 1:
        # only "pass": nothing to choose (rule: the engine never asks a choice the rules don't give)
        st.emit("pass", player=p, mode=mode, forced=True)
        if mode != "primary":
            st.stack.append(("after_action",))
        return
    prompt = "Choose your action for this turn" if mode == "primary" else f"Follow-up action ({mode})"
    st.ask(p, "action" if mode == "primary" else "followup", prompt, opts, ("act", mode), step)


def h_act(st: AliensState, step: Step) -> None:
    _, mode, choice = step
    p = st.active
    what = choice[0]
    if what == "pass":
        st.emit("pass", player=p, mode=mode)
        if mode != "primary":
            st.stack.append(("after_action",))
        return
    if what == "set":
        iid = choice[1]
        st.hand[p].remove(iid)
        st.command[p].append(iid)
        st.set_turn[iid] = st.turn
        st.emit("set", player=p, card=st.ref(iid), id=iid)
        st.stack.append(("after_action",))
        return
    if what == "ability":
        slot = choice[1]
        ab = st.alien(slot).ability
        if ab.kind == "repeatable":
            st.push(("ability_target", p, slot), ("activation", mode))
        else:
            st.push(("ability_target", p, slot), ("after_action",))
        return
    iid = choice[1]
    st.push(("performer", p, iid, ("own",)), ("after_action",))


def h_after_action(st: AliensState, step: Step) -> None:
    """After an action: a granted follow-up, if any, is offered next (rule aliens.7.13)."""
    if st.grants:
        st.stack.append(("activation", st.grants.pop(0)))


def h_performer(st: AliensState, step: Step) -> None:
    """Asker: which of your Aliens uses the card (only when more than one may)."""
    _, p, iid, ctx = step
    d = st.defs[iid]
    slots = performers(st, p, d, d.subtype == "attack")
    if len(slots) == 1:
        st.stack.append(("target", p, iid, slots[0], ctx))
        return
    opts = [Option(f"performer:{st.aliens[s]}", f"{st.alien(s).name} (cost {tactic_cost(st, d, s)})",
                   {"alien": st.aliens[s], "name": st.alien(s).name}, s) for s in slots]
    verb = "declares" if d.subtype == "attack" else "uses"
    st.ask(p, "performer", f"Which Alien {verb} {d.name}?", opts, ("performer_chosen", p, iid, ctx), step)


def h_performer_chosen(st: AliensState, step: Step) -> None:
    _, p, iid, ctx, slot = step
    st.stack.append(("target", p, iid, slot, ctx))


def h_target(st: AliensState, step: Step) -> None:
    """Asker: the card's target, unless the rules fix it (one candidate, or a Counter's answer)."""
    _, p, iid, slot, ctx = step
    d = st.defs[iid]
    kind = target_kind(d)
    if ctx[0] == "counter" and ctx[1] == "attack" and kind in ("enemy", "ally"):
        # an answer to an attack hits the attacker / protects the attacked Alien (docs/cards.md)
        st.stack.append(("use", p, iid, slot, ctx[2] if kind == "enemy" else ctx[3], ctx))
        return
    cands = targets(st, p, kind)
    if len(cands) == 1:
        st.stack.append(("use", p, iid, slot, cands[0], ctx))
        return
    opts = [Option(f"target:{t}", target_label(st, t, kind, p), {"target": t}, t) for t in cands]
    st.ask(p, "target", f"Target of {d.name}", opts, ("target_chosen", p, iid, slot, ctx), step)


def h_target_chosen(st: AliensState, step: Step) -> None:
    _, p, iid, slot, ctx, target = step
    st.stack.append(("use", p, iid, slot, target, ctx))


def h_use(st: AliensState, step: Step) -> None:
    """Pay (rules aliens.8.7–8.10), take the card out of hand or field, open the Counter window."""
    _, p, iid, slot, target, ctx = step
    d = st.defs[iid]
    cost = tactic_cost(st, d, slot)
    pay(st, p, cost, d.name)
    src = "hand"
    if iid in st.hand[p]:
        st.hand[p].remove(iid)
    else:
        st.command[p].remove(iid)
        st.set_turn.pop(iid, None)
        src = "field"
    st.pending.append(iid)
    attack = d.subtype == "attack"
    if attack:
        st.attacked[slot] = True
    if st.record:
        st.emit("activate", player=p, card=d.name, id=iid, subtype=d.subtype, cost=cost, source=src,
                performer=None if slot < 0 else st.alien(slot).name,
                target=None if target < 0 else (st.alien(target).name if target_kind(d) in ("enemy", "ally")
                                                else st.name(target)),
                answering=ctx[1] if ctx[0] == "counter" else None)
    if ctx[0] == "counter":
        st.stack.append(("resolve", p, iid, slot, target, ctx))
        return
    st.negated = False
    st.blocked = 0
    st.push(("window", 1 - p, "attack" if attack else "tactic", slot, target), ("resolve", p, iid, slot, target, ctx))


def usable_counters(st: AliensState, q: int, window: str) -> list[int]:
    """Counters `q` may answer with: set on an earlier turn, matching window, payable (rule aliens.10.2,
    aliens.10.4: never from hand on the opponent's turn)."""
    out = []
    seen = set()
    turn = st.turn
    for iid, t in st.set_turn.items():
        if t >= turn or st.owner[iid] != q:
            continue
        d = st.defs[iid]
        if d.subtype != "counter" or d.window not in (window, "any") or d in seen:
            continue
        if performers(st, q, d, False):
            seen.add(d)
            out.append(iid)
    return out


def h_window(st: AliensState, step: Step) -> None:
    """Asker: the opponent may answer with one Counter (ruling aliens.gap.21)."""
    _, q, window, att_slot, att_target = step
    if st.result is not None:
        return
    counters = usable_counters(st, q, window)
    if not counters:
        return
    opts = [Option(f"counter:{i}", f"Answer with {st.name(i)}", {"card": i, "name": st.name(i)}, i) for i in counters]
    opts.append(Option("pass", "Let it resolve", {}, -1))
    what = "an attack" if window == "attack" else "a tactic"
    st.ask(q, "respond", f"Your opponent used {what}: answer with a Counter?", opts,
           ("respond", q, window, att_slot, att_target), step)


def h_respond(st: AliensState, step: Step) -> None:
    _, q, window, att_slot, att_target, iid = step
    if iid < 0:
        st.emit("no_answer", player=q)
        return
    st.stack.append(("performer", q, iid, ("counter", window, att_slot, att_target)))


def h_resolve(st: AliensState, step: Step) -> None:
    """Resolve a used card (seed 004 §3, §9), or let it fizzle if a Counter negated it."""
    _, p, iid, slot, target, ctx = step
    d = st.defs[iid]
    st.pending.remove(iid)
    answering = ctx[1] if ctx[0] == "counter" else None
    sub = d.subtype
    if answering is None and st.negated:
        st.negated = False
        st.discard[p].append(iid)
        st.emit("negated", player=p, card=d.name)
        return
    if sub == "attack":
        assert isinstance(d, TacticCard)
        blocked = st.blocked
        st.blocked = 0
        if st.hp[slot] <= 0:
            # the declaring Alien was KO'd in the Counter window: it can no longer act (rule aliens.11.3)
            st.emit("fizzle", player=p, card=d.name, reason="the declaring Alien was KO'd")
        elif target >= 0 and st.hp[target] > 0:
            base, bonus, mod = attack_damage(st, d, slot, target)
            amount = base + bonus + mod - blocked
            hit(st, target, amount if amount > 0 else 0, d.name, base=base, bonus=bonus, modifier=mod, blocked=blocked)
            apply_effects(st, d.effects, p, slot, target, d.name)
        st.discard[p].append(iid)
    elif sub == "equip":
        old = st.equip[target]
        if old >= 0:
            st.command[p].remove(old)
            st.discard[p].append(old)
            st.emit("move", player=p, card=st.name(old), to="discard", reason="replaced by a new Equip")
        if st.hp[target] > 0:
            st.equip[target] = iid
            st.command[p].append(iid)
            st.emit("equip", player=p, card=d.name, alien=st.aliens[target], name=st.alien(target).name)
        else:
            st.discard[p].append(iid)
    elif sub == "continuous":
        st.command[p].append(iid)
        st.emit("enter", player=p, card=d.name, zone="command")
    elif sub == "sector":
        old = st.sector
        if old >= 0:
            o = st.owner[old]
            st.discard[o].append(old)
            st.emit("move", player=o, card=st.name(old), to="discard", reason="replaced by a new Sector")
        st.sector = iid
        st.emit("enter", player=p, card=d.name, zone="sector")
    else:
        apply_effects(st, d.effects, p, slot, target, d.name, answering)
        st.discard[p].append(iid)
    flush(st)


def h_ability_target(st: AliensState, step: Step) -> None:
    """Asker: the target of an Alien ability (seed 004 §13)."""
    _, p, slot = step
    ab = st.alien(slot).ability
    cands = targets(st, p, ab.target)
    if len(cands) == 1:
        st.stack.append(("use_ability", p, slot, cands[0]))
        return
    opts = [Option(f"target:{t}", target_label(st, t, ab.target, p), {"target": t}, t) for t in cands]
    st.ask(p, "target", f"Target of {ab.name}", opts, ("use_ability", p, slot), step)


def h_use_ability(st: AliensState, step: Step) -> None:
    _, p, slot, target = step
    a = st.alien(slot)
    ab = a.ability
    pay(st, p, ab.cost, ab.name)
    if ab.kind == "once":
        st.once_used[slot] = True  # rule aliens.13.2
    elif ab.kind == "repeatable":
        st.rep_used[slot] = True
    st.emit("ability", player=p, alien=st.aliens[slot], name=a.name, ability=ab.name, kind=ab.kind, cost=ab.cost,
            target=None if target < 0 else target_label(st, target, ab.target, p))
    st.negated = False
    st.blocked = 0
    st.push(("window", 1 - p, "tactic", slot, target), ("resolve_ability", p, slot, target))


def h_resolve_ability(st: AliensState, step: Step) -> None:
    _, p, slot, target = step
    a = st.alien(slot)
    if st.negated:
        st.negated = False
        st.emit("negated", player=p, card=a.ability.name)
        return
    if st.hp[slot] > 0:
        apply_effects(st, a.ability.effects, p, slot, target, a.ability.name)
    flush(st)


HANDLERS = {
    "activation": h_activation,
    "act": h_act,
    "after_action": h_after_action,
    "performer": h_performer,
    "performer_chosen": h_performer_chosen,
    "target": h_target,
    "target_chosen": h_target_chosen,
    "use": h_use,
    "window": h_window,
    "respond": h_respond,
    "resolve": h_resolve,
    "ability_target": h_ability_target,
    "use_ability": h_use_ability,
    "resolve_ability": h_resolve_ability,
}
