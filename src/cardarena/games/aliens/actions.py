"""The Activation Phase (rulebook §7): which actions a player may take, and their choices in order —
card, then performer, then target (docs/architecture.md) — then paying, the opponent's Counter window, and
resolution.

Asking steps (`activation`, `performer`, `target`, `window`, `ability_target`) only compute options and
ask; the steps they resume do the work. That keeps `State.reask` sound.

Hidden information (docs/architecture.md, "Decisions"): a card chosen from hand or from the face-down
cards is revealed at once (it moves to `pending`, face-up), so the performer and target choices that
follow depend only on public facts; the Counter window and the Activation Phase are asked whenever the
player holds hidden cards that could act, even if none can.
"""

from __future__ import annotations

from functools import partial
from typing import Any, get_args

from cardarena.core.engine import Option, Step
from cardarena.core.options import SharedOptions

from .effects import Use, apply_effects, attack_damage, continuous, hit, pay, tactic_cost
from .schema import AlienCard, SpawnCard, TacticCard, Verb, target_kind
from .state import AliensState

#: the verbs that act on your own turn: all but negate and block, which only answer (ruling aliens.gap.22)
PROACTIVE_VERBS = frozenset(get_args(Verb)) - {"negate", "block"}


def proactive(d: TacticCard | SpawnCard) -> bool:
    """Whether a Counter does anything used on your own turn: its negate and block have nothing to
    answer then (ruling aliens.gap.22); it may still be used (rule aliens.10.3)."""
    return any(e.verb in PROACTIVE_VERBS for e in d.effects)


#: proactive() by pool id: definitions are unpickled anew on a worker, so never key by id(); each entry
#: is rebuilt for another definition of that id (a card changed by a card file, docs/cards.md), which
#: `_PROACTIVE_OF` tells (an unpickled copy is equal to its definition)
_PROACTIVE: dict[str, bool] = {}
_PROACTIVE_OF: dict[str, Any] = {}


def is_proactive(d: Any) -> bool:
    pid = d.id
    v = _PROACTIVE.get(pid)
    if v is None or ((of := _PROACTIVE_OF[pid]) is not d and of != d):
        v = _PROACTIVE[pid] = proactive(d)
        _PROACTIVE_OF[pid] = d
    return v


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


def where(st: AliensState, t: int, kind: str) -> dict[str, Any]:
    """A target by seat, zone and position (what option data and events carry)."""
    if kind == "enemy_card":
        o = st.owner[t]
        if t == st.sector:
            return {"seat": o, "zone": "sector", "index": 0}
        return {"seat": o, "zone": "command", "index": st.command[o].index(t)}
    return {"seat": t // 3, "zone": "aliens", "index": t % 3}


def target_label(st: AliensState, t: int, kind: str, viewer: int) -> str:
    if kind == "enemy_card":
        if t in st.set_turn and st.owner[t] != viewer:
            return f"face-down card at position {st.command[st.owner[t]].index(t) + 1}"
        return st.name(t)
    a = st.alien(t)
    # whose: both squads may hold the same Alien (the label is shared, so by seat, not "your"/"enemy")
    return f"P{t // 3 + 1}'s {a.name} ({st.hp[t]}/{a.hp} HP, {a.affinity})"


#: Options that depend only on a few facts (a card definition, an instance id, a slot, an HP), shared
#: between decisions (core/options.py): the Activation Phase is the engine's hottest path
_SHARED = SharedOptions()


def target_option(st: AliensState, t: int, kind: str, viewer: int) -> Option:
    if kind == "enemy_card":
        return _target_option(st, t, kind, viewer)
    # an Alien (slot t, always public): its option changes only with its HP, so it is built once per HP
    a = st.alien(t)
    key = ("target", t, st.hp[t], id(a))
    o = _SHARED.get(key)
    if o is None:
        o = _SHARED.put(key, a, _target_option(st, t, kind, viewer))
    return o


def target_options(st: AliensState, cands: list[int], kind: str, viewer: int) -> list[Option]:
    """`target_option` of each candidate; for Aliens, the shared option is looked up inline."""
    if kind == "enemy_card":
        return [target_option(st, t, kind, viewer) for t in cands]
    defs = st.defs
    hp = st.hp
    aliens = st.aliens
    get = _SHARED.get
    out = []
    for t in cands:
        o = get(("target", t, hp[t], id(defs[aliens[t]])))
        out.append(o if o is not None else target_option(st, t, kind, viewer))
    return out


def _target_option(st: AliensState, t: int, kind: str, viewer: int) -> Option:
    """A target's option: `t` is an instance id for an enemy card, else an Alien slot."""
    w = where(st, t, kind)
    if kind == "enemy_card":
        card = st.defs[t].id if st.knows(viewer, t) else None  # a face-down card stays unnamed
    else:
        card = st.alien(t).id
    return Option(f"target:{w['seat']}:{w['zone']}:{w['index']}", target_label(st, t, kind, viewer),
                  {"target": w, "card": card}, t)


#: a limit below every card's cost (costs are at least 0): no Alien can use the card
_NONE = -(1 << 30)
#: the limit key of Spawns (no species; ruled by the Sector's cost modifier alone, rule aliens.3.8)
_SPAWN = "\x00spawn"
#: the limit key of a species' Attacks, by species (one string each, so its hash is computed once)
_ATTACK_KEYS: dict[str, str] = {}


def _attack_key(species: str) -> str:
    k = _ATTACK_KEYS.get(species)
    if k is None:
        k = _ATTACK_KEYS[species] = species + "\x00attack"
    return k


class _Alien:
    """What the Activation Phase needs of one Alien's definition, worked out once: its species and
    the limit key of its species' Attacks, its Passive's cost modifier on itself and on its squad
    (docs/cards.md), its ability's kind, cost and whether it targets an enemy card, and its ability
    option by slot."""

    __slots__ = ("a", "akey", "cost", "ec", "kind", "opts", "own_mod", "species", "squad_mod")

    def __init__(self, a: AlienCard) -> None:
        self.a = a  # held, and compared: the table is keyed by pool id
        ab = a.ability
        self.species = a.species
        self.akey = _attack_key(a.species)
        mod = ab.modifiers.cost if ab.modifiers is not None else 0
        self.squad_mod = mod if ab.scope == "squad" else 0
        self.own_mod = 0 if ab.scope == "squad" else mod
        self.kind = ab.kind
        self.cost = ab.cost
        self.ec = ab.target == "enemy_card"
        self.opts: dict[int, Option] = {}

    def option(self, s: int) -> Option:
        """The option of using this Alien's ability from slot `s`."""
        a = self.a
        ab = a.ability
        free = " (free action)" if ab.kind == "repeatable" else ""
        o = self.opts[s] = Option(
            f"ability:{s % 3}", f"{a.name}: {ab.name}{free}",
            {"action": "ability", "performer": {"seat": s // 3, "zone": "aliens", "index": s % 3},
             "card": a.id, "ability": ab.name, "kind": ab.kind, "cost": ab.cost}, ("ability", s))
        return o


#: `_Alien` by pool id (each entry holds its definition and is rebuilt for another one of that id)
_ALIENS: dict[str, _Alien] = {}


def _alien(a: AlienCard) -> _Alien:
    r = _ALIENS.get(a.id)
    if r is None or r.a is not a:
        r = _ALIENS[a.id] = _Alien(a)
    return r


def _limits(st: AliensState, p: int, mode: str, abilities: list[Option] | None,
            costs: dict[str, list[tuple[int, int]]] | None = None) -> tuple[dict[str, int], bool]:
    """What decides, for `p` now, whether a card can be used: the highest printed cost p
    can pay by limit key (a species' cards, a species' Attacks, Spawns), over p's live, un-Jammed
    Aliens (an Attack's only over those that have not attacked; rules aliens.3.6, aliens.8.7,
    aliens.12.8; the cost modifiers are `slot_modifiers`'); and whether an enemy card is in play.
    Worked out once a decision, so each card is a lookup. With `abilities`, the options of the
    abilities p may use now are appended to it in slot order (rulebook §13), from the same loop.
    With `costs`, each key's performers' (modifier, Fluxed) pairs are put in it when one of them is
    not (0, 0), so that an option can show what the card really costs (`effects.tactic_cost`)."""
    energy = len(st.reactor[p]) + st.charge[p]
    defs = st.defs
    sector = st.sector
    ecards = sector >= 0 or bool(st.command[1 - p])
    hp = st.hp
    aliens = st.aliens
    status = st.status
    attacked = st.attacked
    equip = st.equip
    alien_get = _ALIENS.get
    lim: dict[str, int] = {}
    pairs: list[tuple[_Alien, bool, int, int]] = []  # each performer's own modifier and Fluxed, for `costs`
    squad = 0  # the squad-wide modifiers of the live Aliens' Passives (the Jammed ones' too)
    for s in (p * 3, p * 3 + 1, p * 3 + 2):
        if hp[s] <= 0:
            continue
        a = defs[aliens[s]]
        r = alien_get(a.id)
        if r is None or r.a is not a:
            r = _alien(a)
        squad += r.squad_mod
        stat = status[s]
        if stat == "jammed":
            continue
        # the limit before the modifiers every slot shares, subtracted below; a Fluxed Alien pays one
        # more than the modified cost, which stops at 0 (ruling "Fluxed pays one more"): with no energy, nothing
        flux = 1 if stat == "fluxed" else 0
        mod = r.own_mod
        eq = equip[s]
        if eq >= 0 and defs[eq].modifiers is not None:
            mod += defs[eq].modifiers.cost
        if costs is not None:
            pairs.append((r, not attacked[s], mod, flux))
        if energy >= flux:
            v = energy - mod - flux
            if lim.get(r.species, _NONE) < v:
                lim[r.species] = v
            if not attacked[s] and lim.get(r.akey, _NONE) < v:
                lim[r.akey] = v
        # Fluxed raises Tactics' costs only (rule aliens.12.8), never the Alien's own ability
        if abilities is not None and r.kind != "passive" and _may_use_ability(st, r, s, mode, energy, ecards):
            abilities.append(r.opts.get(s) or r.option(s))
    m = defs[sector].modifiers if sector >= 0 else None
    on_sector = m.cost if m is not None else 0
    shared = on_sector + squad + (continuous(st, p, "cost") if st.command[p] else 0)
    if shared:
        for k in lim:
            lim[k] -= shared
    lim[_SPAWN] = energy - on_sector
    if costs is not None:
        for r, may_attack, mod, flux in pairs:
            pair = (mod + shared, flux)
            costs.setdefault(r.species, []).append(pair)
            if may_attack:
                costs.setdefault(r.akey, []).append(pair)
        costs[_SPAWN] = [(on_sector, 0)]
    return lim, ecards


def _may_use_ability(st: AliensState, r: _Alien, s: int, mode: str, energy: int, ecards: bool) -> bool:
    """Whether the live, un-Jammed Alien in slot `s` may use its ability, not a Passive, now (rules
    aliens.13.1–13.4)."""
    kind = r.kind
    if kind == "once" and st.once_used[s]:
        return False
    if kind == "repeatable" and (mode != "primary" or st.rep_used[s]):
        return False
    return r.cost <= energy and (ecards or not r.ec)


class _Card:
    """What the Activation Phase needs of one hand or face-down card's definition, worked out once:
    its printed cost, its limit key (see `_limits`), whether it needs an enemy card in play, the
    follow-up modes that allow it (rules aliens.7.7–7.13), and its play and set options by instance id."""

    __slots__ = ("cost", "d", "ec", "key", "modes", "opts")

    def __init__(self, d: Any) -> None:
        self.d = d  # held, and compared: the table is keyed by pool id
        self.cost: int = d.cost
        sub = d.subtype
        spawn = isinstance(d, SpawnCard)
        self.key = _SPAWN if spawn else _attack_key(d.species) if sub == "attack" else d.species
        self.ec = d.target == "enemy_card"
        modes = {"primary", "any"}
        if sub == "attack":
            modes.add("assault")
        if sub == "special" and not spawn:
            modes.add("special")
        self.modes = frozenset(modes)
        self.opts: dict[int, tuple[Option, Option]] = {}

    def options(self, iid: int) -> tuple[Option, Option]:
        """The "play" and "set" options of hand card `iid`."""
        d = self.d
        pair = self.opts[iid] = (
            Option(f"play:{d.id}", _play_label(d, ""), {"action": "play", "card": d.id, "from": "hand"},
                   ("play", iid, "hand")),
            Option(f"set:{d.id}", f"Set {d.name} face-down", {"action": "set", "card": d.id}, ("set", iid)))
        return pair


#: `_Card` by pool id (each entry holds its definition and is rebuilt for another one of that id)
_CARDS: dict[str, _Card] = {}


def _card(d: Any) -> _Card:
    c = _CARDS[d.id] = _Card(d)
    return c


def _usable(c: _Card, mode: str, lim: dict[str, int], ecards: bool) -> bool:
    if c.cost > lim.get(c.key, _NONE) or (c.ec and not ecards):
        return False
    return mode == "primary" or mode in c.modes


def _play_label(d: Any, where_from: str) -> str:
    note = ""
    if d.subtype == "counter" and not is_proactive(d):
        note = ", no effect on your turn"  # rule aliens.10.3, ruling aliens.gap.22
    return f"Play {d.name}{where_from} (cost {d.cost}{note})"


def ready_set_cards(st: AliensState, p: int) -> list[int]:
    """p's face-down cards set on an earlier turn: the ones that may be used now (rule aliens.10.2,
    ruling aliens.gap.19). How many there are is public (each shows the turn it was set)."""
    # a loop, not a comprehension (a call of its own): every Counter window and Activation Phase asks this
    out: list[int] = []
    command = st.command[p]
    if command:
        turn = st.turn
        set_turn = st.set_turn
        for i in command:
            t = set_turn.get(i)
            if t is not None and t < turn:
                out.append(i)
    return out


def _paid(printed: int, pairs: list[tuple[int, int]] | None, energy: int) -> tuple[int, int] | None:
    """The lowest and highest energy a card of printed cost `printed` costs over the performers that can
    pay it (`effects.tactic_cost`: modified, not below 0, +1 if Fluxed), or None when that is just the
    printed cost (the label already says it)."""
    if not pairs:
        return None
    lo = hi = -1
    for mod, flux in pairs:
        cost = printed + mod
        cost = (cost if cost > 0 else 0) + flux
        if cost <= energy:
            if lo < 0 or cost < lo:
                lo = cost
            if cost > hi:
                hi = cost
    return None if lo < 0 or lo == hi == printed else (lo, hi)


def _costed(o: Option, d: Any, paid: tuple[int, int], where_from: str) -> Option:
    """`o` with the cost its performers would really pay in its label (a new option, shared by the
    same card, place and costs); its id and data are `o`'s."""
    key = ("costed", o.id, o.value, id(d), paid)  # the value holds the instance played
    c = _SHARED.get(key)
    if c is None:
        lo, hi = paid
        cost = f"{lo}" if lo == hi else f"{lo}–{hi}"
        label = _play_label(d, where_from).replace(f"(cost {d.cost}", f"(cost {cost}, printed {d.cost}", 1)
        c = _SHARED.put(key, d, Option(o.id, label, o.data, o.value))
    return c


def _command_option(iid: int, d: Any, k: int) -> Option:
    """The option of playing face-down card `iid` (defined by `d`) from position `k` of the field."""
    key = ("command", iid, id(d), k)
    o = _SHARED.get(key)
    if o is None:
        o = _SHARED.put(key, d, Option(f"play:command:{k}", _play_label(d, " from the field"),
                                       {"action": "play", "card": d.id, "from": "command", "index": k},
                                       ("play", iid, "command")))
    return o


def activation_options(st: AliensState, p: int, mode: str) -> list[Option]:
    """Every action `p` may take now. mode: primary (the turn's one action), or a granted follow-up:
    assault, special or any (rules aliens.7.7–7.13). Identical cards are one option (by pool id)."""
    opts: list[Option] = []
    defs = st.defs
    may_act = mode == "primary" or mode == "any"
    abilities: list[Option] | None = [] if may_act else None
    costs: dict[str, list[tuple[int, int]]] = {}
    lim, ecards = _limits(st, p, mode, abilities, costs)
    energy = len(st.reactor[p]) + st.charge[p]
    lim_get = lim.get
    cards_get = _CARDS.get
    command = st.command[p]
    mine = st.set_turn.keys() & command if command else ()  # p's face-down cards, found in C
    may_set = may_act and len(mine) < st.params["set_limit"]
    sets: list[Option] = []
    primary = mode == "primary"
    seen: set[str] = set()
    for iid in st.hand[p]:
        d = defs[iid]
        pid = d.id
        # identical copies are one option, the first: copies in one hand are known alike
        # (AliensState.copies_known_apart), so this is `st.distinct`, inline
        if pid in seen:
            continue
        seen.add(pid)
        c = cards_get(pid)
        if c is None or c.d is not d:
            c = _card(d)
        pair = c.opts.get(iid)
        if pair is None:
            pair = c.options(iid)
        # `_usable`, inline: this loop runs for every hand card of every Activation Phase of a search
        if c.cost <= lim_get(c.key, _NONE) and (ecards or not c.ec) and (primary or mode in c.modes):
            paid = _paid(c.cost, costs.get(c.key), energy)
            opts.append(pair[0] if paid is None else _costed(pair[0], d, paid, ""))
        if may_set:
            sets.append(pair[1])
    if mine:
        for iid in st.distinct(ready_set_cards(st, p)):
            d = defs[iid]
            c = cards_get(d.id)
            if c is None or c.d is not d:
                c = _card(d)
            if _usable(c, mode, lim, ecards):
                o = _command_option(iid, d, command.index(iid))
                paid = _paid(c.cost, costs.get(c.key), energy)
                opts.append(o if paid is None else _costed(o, d, paid, " from the field"))
    if abilities is not None:
        opts.extend(abilities)
        opts.extend(sets)
    opts.append(_PASS if mode == "primary" else _DECLINE)
    return opts


def unplayable(st: AliensState, p: int, mode: str) -> list[tuple[str, str]]:
    """Each card of p's hand that `activation_options` leaves out now, once by name, with why in a
    person's words (the terminal shows them under the options, so a card missing from the menu is
    not a mystery). Only p's own hand and public facts are read."""
    costs: dict[str, list[tuple[int, int]]] = {}
    lim, ecards = _limits(st, p, mode, None, costs)
    energy = len(st.reactor[p]) + st.charge[p]
    out: list[tuple[str, str]] = []
    for iid in st.distinct(st.hand[p]):  # once by card
        d = st.defs[iid]
        c = _CARDS.get(d.id)
        if c is None or c.d is not d:
            c = _card(d)
        if not _usable(c, mode, lim, ecards):
            out.append((d.name, _why_not(st, p, c, mode, ecards, costs.get(c.key), energy)))
    return out


def _why_not(st: AliensState, p: int, c: _Card, mode: str, ecards: bool,
             pairs: list[tuple[int, int]] | None, energy: int) -> str:
    d = c.d
    if mode != "primary" and mode not in c.modes:
        return f"not a card for this {mode} follow-up"  # rules aliens.7.7–7.13
    if c.ec and not ecards:
        return "needs an enemy card in play: a Sector or a card in the other Command Zone"
    if c.key != _SPAWN:
        attack = d.subtype == "attack"
        squad = [s for s in (p * 3, p * 3 + 1, p * 3 + 2) if st.alien(s).species == d.species]
        mine = [s for s in squad if st.hp[s] > 0]
        if not mine:  # rule aliens.11.4, ruling aliens.gap.1
            if squad:
                return f"your {d.species} Alien is knocked out"
            article = "an" if d.species[:1] in "AEIOU" else "a"
            return f"needs {article} {d.species} Alien: your squad has none"
        ready = [s for s in mine if st.status[s] != "jammed"]
        if not ready:
            return f"your {d.species} Alien is Jammed"  # rule aliens.12.4
        if attack and all(st.attacked[s] for s in ready):
            return f"your {d.species} Alien has already attacked this turn"  # rule aliens.3.6
    real = [max(0, d.cost + mod) + flux for mod, flux in pairs or [(0, 0)]]
    cost = min(real)
    printed = "" if cost == d.cost else f" (printed {d.cost})"
    return f"costs {cost}{printed}: you have {energy} energy"


_PASS = Option("pass", "Pass", {"action": "pass"}, ("pass",))
_DECLINE = Option("pass", "Decline the follow-up", {"action": "pass"}, ("pass",))


# -- steps ---------------------------------------------------------------------------------------
# A step that would put one step on the stack for the run loop to take at once calls its handler
# instead (with the same step): nothing can happen in between, and a search takes these steps at
# every action of every rollout. A step that asks is the asker either way (`State.reask`).

_AFTER_ACTION = ("after_action",)



def h_activation(st: AliensState, step: Step) -> None:
    """Asker: the primary action, or one granted follow-up (step[1] is the mode)."""
    mode = step[1]
    p = st.active
    prompt = "Choose your action for this turn" if mode == "primary" else f"Follow-up action ({mode})"
    kind = "action" if mode == "primary" else "followup"
    if st.hand[p] or ready_set_cards(st, p):
        # hidden cards: asked whatever the options are (see below), so they are built when read
        # (core/engine.py, `Decision`)
        st.ask(p, kind, prompt, partial(activation_options, st, p, mode), ("act", mode), step)
        return
    opts = activation_options(st, p, mode)
    if len(opts) == 1:
        # only "pass", and public facts show it (no hand, no usable face-down card): nothing to
        # choose. With hidden cards the phase is asked even if only "pass" is left, so that the
        # opponent cannot tell an unplayable hand from a chosen pass (docs/architecture.md).
        st.emit("pass", player=p, mode=mode, forced=True)
        h_after_action(st, _AFTER_ACTION)  # a grant of a free action before it stays offered
        return
    st.ask(p, kind, prompt, opts, ("act", mode), step)


def reveal(st: AliensState, p: int, iid: int, answering: str | None = None) -> None:
    """A card chosen to be used leaves hand or field face-up (`pending`) before its choices are made.
    `answering`: the Counter window it answers, if any."""
    index = None
    if iid in st.hand[p]:
        st.hand[p].remove(iid)
    else:
        index = st.command[p].index(iid)
        del st.command[p][index]
        del st.set_turn[iid]
    st.pending.append(iid)
    if st.record:
        # the log names the card before its performer or target is asked (`activate` comes after
        # them); it is in `pending` by now, so its ref is public
        st.emit("use_declared", player=p, card=st.ref(iid), origin="hand" if index is None else "command",
                index=index, answering=answering)


def h_act(st: AliensState, step: Step) -> None:
    _, mode, choice = step
    p = st.active
    what = choice[0]
    if what == "pass":
        if st.record:  # a search's copies keep no log: no event built
            st.emit("pass", player=p, mode=mode)
        # a follow-up a free action (a Repeatable ability) granted before a passed primary action is
        # still offered after it, as after any action (rule aliens.7.13, ruling 23)
        h_after_action(st, _AFTER_ACTION)
        return
    if what == "set":
        iid = choice[1]
        st.hand[p].remove(iid)
        st.command[p].append(iid)
        st.set_turn[iid] = st.turn
        if st.record:
            st.emit("set", player=p, card=st.ref(iid), index=len(st.command[p]) - 1)
        h_after_action(st, _AFTER_ACTION)
        return
    if what == "ability":
        slot = choice[1]
        ab = st.alien(slot).ability
        if ab.kind == "repeatable":
            st.stack.append(("activation", mode))
        else:
            st.stack.append(_AFTER_ACTION)
        h_ability_target(st, ("ability_target", p, slot))
        return
    _, iid, origin = choice
    reveal(st, p, iid)
    st.stack.append(_AFTER_ACTION)
    h_performer(st, ("performer", p, iid, ("own", origin)))


def h_after_action(st: AliensState, step: Step) -> None:
    """After an action: a granted follow-up, if any, is offered next (rule aliens.7.13)."""
    if st.grants:
        h_activation(st, ("activation", st.grants.pop(0)))


def h_performer(st: AliensState, step: Step) -> None:
    """Asker: which of your Aliens uses the card (only when more than one may: the card is face-up
    by now, so whether the choice is forced is public)."""
    _, p, iid, ctx = step
    d = st.defs[iid]
    slots = performers(st, p, d, d.subtype == "attack")
    if len(slots) == 1:
        h_target(st, ("target", p, iid, slots[0], ctx))
        return
    opts = [Option(f"performer:{s % 3}", f"{st.alien(s).name} (cost {tactic_cost(st, d, s)})",
                   {"performer": {"seat": p, "zone": "aliens", "index": s % 3}, "card": st.alien(s).id}, s)
            for s in slots]
    verb = "declares" if d.subtype == "attack" else "uses"
    st.ask(p, "performer", f"Which Alien {verb} {d.name}?", opts, ("performer_chosen", p, iid, ctx), step)


def h_performer_chosen(st: AliensState, step: Step) -> None:
    _, p, iid, ctx, slot = step
    h_target(st, ("target", p, iid, slot, ctx))


def h_target(st: AliensState, step: Step) -> None:
    """Asker: the card's target, unless the rules fix it (one candidate, or a Counter's answer)."""
    _, p, iid, slot, ctx = step
    d = st.defs[iid]
    kind = target_kind(d)
    if ctx[0] == "counter" and ctx[1] == "attack" and kind in ("enemy", "ally"):
        # an answer to an attack hits the attacker / protects the attacked Alien (docs/cards.md)
        h_use(st, ("use", p, iid, slot, ctx[2] if kind == "enemy" else ctx[3], ctx))
        return
    cands = targets(st, p, kind)
    if len(cands) == 1:
        h_use(st, ("use", p, iid, slot, cands[0], ctx))
        return
    opts = target_options(st, cands, kind, p)
    st.ask(p, "target", f"Target of {d.name}", opts, ("target_chosen", p, iid, slot, ctx), step)


def h_target_chosen(st: AliensState, step: Step) -> None:
    _, p, iid, slot, ctx, target = step
    h_use(st, ("use", p, iid, slot, target, ctx))


def h_use(st: AliensState, step: Step) -> None:
    """Pay (rules aliens.8.7–8.10) and open the Counter window; the card is already face-up."""
    _, p, iid, slot, target, ctx = step
    d = st.defs[iid]
    cost = tactic_cost(st, d, slot)
    pay(st, p, cost, iid)
    attack = d.subtype == "attack"
    if attack:
        st.attacked[slot] = True
    if st.record:
        kind = target_kind(d)
        st.emit("activate", player=p, card=st.ref(iid), subtype=d.subtype, cost=cost,
                origin=ctx[1] if ctx[0] == "own" else "command",
                performer=None if slot < 0 else st.ref(st.aliens[slot]),
                target=None if target < 0 else st.ref(st.aliens[target] if kind in ("enemy", "ally") else target),
                target_at=None if target < 0 else where(st, target, kind),
                answering=ctx[1] if ctx[0] == "counter" else None)
    if ctx[0] == "counter":
        h_resolve(st, ("resolve", p, iid, slot, target, ctx))
        return
    st.negated = False
    st.blocked = 0
    st.stack.append(("resolve", p, iid, slot, target, ctx))
    h_window(st, ("window", 1 - p, "attack" if attack else "tactic", slot, target))


def usable_counters(st: AliensState, q: int, window: str, ready: list[int] | None = None) -> list[int]:
    """Counters `q` may answer with: set on an earlier turn, matching window, payable (rule aliens.10.2;
    never from hand on the opponent's turn, rule aliens.10.4). Identical cards are one answer.
    `ready`: `ready_set_cards(st, q)`, when the caller has it already."""
    out = []
    defs = st.defs
    for iid in st.distinct(ready_set_cards(st, q) if ready is None else ready):
        d = defs[iid]
        if d.subtype == "counter" and d.window in (window, "any") and performers(st, q, d, False):
            out.append(iid)
    return out


def h_window(st: AliensState, step: Step) -> None:
    """Asker: the opponent may answer with one Counter (ruling aliens.gap.21).

    Asked whenever `q` has a face-down card set on an earlier turn, whether or not it is a usable
    Counter: otherwise the window itself would tell a set bluff from a real Counter (rule aliens.10.5).
    It is skipped only when no face-down card could answer, which both players see. Hand cards never
    answer here: the window is always on the opponent's turn (rule aliens.10.4)."""
    _, q, window, att_slot, att_target = step
    if st.result is not None:
        return
    ready = ready_set_cards(st, q)
    if not ready:
        return
    command = st.command[q]
    opts = []
    for i in usable_counters(st, q, window, ready):
        k = command.index(i)
        opts.append(Option(f"counter:command:{k}", f"Answer with {st.name(i)}",
                           {"card": st.defs[i].id, "from": "command", "index": k}, i))
    opts.append(_LET_RESOLVE)
    st.ask(q, "respond", _ANSWER_ATTACK if window == "attack" else _ANSWER_TACTIC, opts,
           ("respond", q, window, att_slot, att_target), step)


_LET_RESOLVE = Option("pass", "Let it resolve", {"action": "pass"}, -1)
_ANSWER_ATTACK = "Your opponent used an attack: answer with a Counter?"
_ANSWER_TACTIC = "Your opponent used a tactic: answer with a Counter?"


def h_respond(st: AliensState, step: Step) -> None:
    _, q, window, att_slot, att_target, iid = step
    if iid < 0:
        if st.record:
            st.emit("no_answer", player=q)
        return
    reveal(st, q, iid, window)
    h_performer(st, ("performer", q, iid, ("counter", window, att_slot, att_target)))


def h_resolve(st: AliensState, step: Step) -> None:
    """Resolve a used card (rulebook §3, §9), or let it fizzle if a Counter negated it."""
    _, p, iid, slot, target, ctx = step
    d = st.defs[iid]
    st.pending.remove(iid)
    answering = ctx[1] if ctx[0] == "counter" else None
    sub = d.subtype
    if answering is None and st.negated:
        st.negated = False
        st.discard[p].append(iid)
        if st.record:  # a search's copies keep no log: no event built
            st.emit("negated", player=p, card=st.ref(iid))
        return
    use = Use(p, slot, target, iid, answering)
    if sub == "attack":
        assert isinstance(d, TacticCard)
        blocked = st.blocked
        st.blocked = 0
        if st.hp[slot] <= 0:
            # the declaring Alien was KO'd in the Counter window: it can no longer act (rule aliens.11.3)
            st.emit("fizzle", player=p, card=st.ref(iid), reason="the declaring Alien was KO'd")
        elif target >= 0 and st.hp[target] > 0:
            base, bonus, mod = attack_damage(st, d, slot, target)
            amount = base + bonus + mod - blocked
            hit(st, target, amount if amount > 0 else 0, iid, base=base, bonus=bonus, modifier=mod, blocked=blocked)
            apply_effects(st, d.effects, use)
        st.discard[p].append(iid)
    elif sub == "equip":
        old = st.equip[target]
        if old >= 0:
            st.command[p].remove(old)
            st.discard[p].append(old)
            if st.record:
                st.emit("move", player=p, card=st.ref(old), to="discard", reason="replaced by a new Equip")
        if st.hp[target] > 0:
            st.equip[target] = iid
            st.command[p].append(iid)
            if st.record:
                a = st.aliens[target]
                st.emit("equip", player=p, card=st.ref(iid), alien=st.ref_id(a), name=st.ref(a))
        else:
            st.discard[p].append(iid)
    elif sub == "continuous":
        st.command[p].append(iid)
        if st.record:
            st.emit("enter", player=p, card=st.ref(iid), zone="command")
    elif sub == "sector":
        old = st.sector
        if old >= 0:
            o = st.owner[old]
            st.discard[o].append(old)
            if st.record:
                st.emit("move", player=o, card=st.ref(old), to="discard", reason="replaced by a new Sector")
        st.sector = iid
        if st.record:
            st.emit("enter", player=p, card=st.ref(iid), zone="sector")
    else:
        apply_effects(st, d.effects, use)
        st.discard[p].append(iid)
    st.flush()


def h_ability_target(st: AliensState, step: Step) -> None:
    """Asker: the target of an Alien ability (rulebook §13)."""
    _, p, slot = step
    ab = st.alien(slot).ability
    cands = targets(st, p, ab.target)
    if len(cands) == 1:
        h_use_ability(st, ("use_ability", p, slot, cands[0]))
        return
    opts = target_options(st, cands, ab.target, p)
    st.ask(p, "target", f"Target of {ab.name}", opts, ("use_ability", p, slot), step)


def h_use_ability(st: AliensState, step: Step) -> None:
    _, p, slot, target = step
    a = st.alien(slot)
    ab = a.ability
    me = st.aliens[slot]
    pay(st, p, ab.cost, me)
    if ab.kind == "once":
        st.once_used[slot] = True  # rule aliens.13.2
    elif ab.kind == "repeatable":
        st.rep_used[slot] = True
    if st.record:
        alien_target = ab.target in ("enemy", "ally")
        st.emit("ability", player=p, alien=st.ref_id(me), name=st.ref(me), ability=ab.name, kind=ab.kind,
                cost=ab.cost,
                target=None if target < 0 else st.ref(st.aliens[target] if alien_target else target),
                target_at=None if target < 0 else where(st, target, ab.target))
    st.negated = False
    st.blocked = 0
    st.stack.append(("resolve_ability", p, slot, target))
    h_window(st, ("window", 1 - p, "tactic", slot, target))


def h_resolve_ability(st: AliensState, step: Step) -> None:
    _, p, slot, target = step
    a = st.alien(slot)
    me = st.aliens[slot]
    if st.negated:
        st.negated = False
        if st.record:
            st.emit("negated", player=p, card=st.ref(me), ability=a.ability.name)
        return
    if st.hp[slot] > 0:
        apply_effects(st, a.ability.effects, Use(p, slot, target, me))
    elif st.record:  # KO'd in the Counter window: the ability does nothing, and the log says so
        st.emit("fizzle", player=p, card=st.ref(me), ability=a.ability.name, reason="the Alien using it was KO'd")
    st.flush()


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
