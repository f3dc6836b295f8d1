"""Action Opportunities (seed §4–§6): what a player may do, and the three choices of a Hero action in
order — card, then performer, then target(s) — then paying, resolving and Mastery (§8).

Asking steps (`opportunity`, `performer`, `target`) only compute options and ask; the steps they
resume do the work. That keeps `State.reask` sound.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cardarena.core.engine import Option, Step

from .decks import can_access
from .effects import resolve_effects
from .mastery import after_reuse, choose_path, eligible_paths, record_mastery
from .schema import CHOSEN_TARGETS, TacticCard, TechniqueCard
from .state import MasteryState
from .text import card_text, passive_text


# -- who may do what -----------------------------------------------------------------------------
def has_targets(st: MasteryState, seat: int, performer: int, kind: str) -> bool:
    """Seed §6: a card is legal only if its required targets exist (rule mastery.5.7)."""
    if kind == "enemy":
        return bool(st.live_slots(1 - seat))
    if kind == "another_ally":
        return any(s != performer for s in st.live_slots(seat))
    return True


def _targets_exist(kind: str, enemies: bool, others: bool) -> bool:
    """`has_targets` from what a caller already knows of a live performer: whether an enemy Hero lives
    (`enemies`) and another ally does (`others`)."""
    return enemies if kind == "enemy" else others if kind == "another_ally" else True


def target_slots(st: MasteryState, seat: int, performer: int, kind: str) -> list[int]:
    """The legal targets of a chosen-target card (rules mastery.6.7, 6.8)."""
    if kind == "enemy":
        return st.live_slots(1 - seat)
    if kind == "ally":
        return st.live_slots(seat)
    return [s for s in st.live_slots(seat) if s != performer]


def can_perform(st: MasteryState, slot: int, d: TechniqueCard) -> bool:
    """Access by native Hero, printed Class or teachable rule; Level 2 only on its Path (gap.16)."""
    if d.level == 2:
        pid = st.path[slot]
        return bool(pid) and d.id in st.pool.by_id[pid].techniques  # type: ignore[union-attr]
    return can_access(d, st.heroes[slot])


def performers(st: MasteryState, seat: int, d: TechniqueCard) -> list[int]:
    """Heroes that can perform `d` now: live, READY, with access and legal targets (rule mastery.6.4)."""
    if d.cost > st.ap[seat]:
        return []
    hp, used = st.hp, st.used
    return [s for s in (seat * 3, seat * 3 + 1, seat * 3 + 2)
            if hp[s] > 0 and not used[s] and can_perform(st, s, d) and has_targets(st, seat, s, d.target)]


def hero_label(st: MasteryState, slot: int) -> str:
    h = st.heroes[slot]
    return f"{h.name} ({h.cls}, {st.hp[slot]}/{h.hp} HP)"


#: Options that never change for a card, skill or Basic Action (Options are never mutated once asked,
#: so decisions of every state may share them): the hot path then builds no strings
_OPTIONS: dict[tuple[Any, ...], Option] = {}
#: by pool id: (cost, target kind, is a Tactic, its option)
_CARD: dict[str, tuple[int, str, bool, Option]] = {}
#: the pool whose cards the tables of this module describe (`_OPTIONS`, `_CARD`, `_HAND`, `_SKILLS`):
#: they are keyed by pool ids, so a game with other cards (card files, docs/cards.md) empties them first
_TABLES_OF: list[Any] = [None]


def same_pool(st: MasteryState) -> None:
    """Empty the tables keyed by pool ids if they describe the cards of another pool than `st`'s."""
    if st.pool is not _TABLES_OF[0]:
        for table in (_OPTIONS, _CARD, _HAND, _SKILLS):
            table.clear()
        _TABLES_OF[0] = st.pool


_PASS = {"open": Option("pass", "Pass (end the opportunity)", {"action": "pass"}, ("pass",)),
         "after_tactic": Option("pass", "End the opportunity", {"action": "pass"}, ("pass",))}


def _card_option(d: Any) -> Option:
    o = _OPTIONS.get((d.id,))
    if o is None:
        text = card_text(d.target, d.effects)
        if isinstance(d, TacticCard):
            o = Option(f"card:{d.id}", f"Play the Immediate Tactic {d.name} ({d.cost} AP): {text}",
                       {"action": "tactic", "card": d.id}, ("tactic", d.id))
        else:
            o = Option(f"card:{d.id}", f"Perform {d.name} ({d.cost} AP, {d.symbol}): {text}",
                       {"action": "technique", "card": d.id}, ("card", d.id))
        _OPTIONS[(d.id,)] = o
    return o


def _hero_option(h: Any, slot: int, t: Any) -> Option:
    """A reuse of skill `t` (a Technique) or, with t None, the Basic Action of Hero `h` in `slot`."""
    key = (h.id, slot, None if t is None else t.id)
    o = _OPTIONS.get(key)
    if o is None:
        ref = {"seat": slot // 3, "slot": slot % 3}
        if t is None:
            ba = h.basic
            o = Option(f"basic:{slot % 3}", f"{h.name} uses Basic Action: {ba.name} ({ba.cost} AP): "
                       f"{card_text(ba.target, ba.effects)}", {"action": "basic", "hero": ref}, ("basic", slot))
        else:
            o = Option(f"reuse:{slot % 3}:{t.id}", f"{h.name} reuses mastered {t.name} ({t.cost} AP): "
                       f"{card_text(t.target, t.effects)}", {"action": "reuse", "card": t.id, "hero": ref},
                       ("reuse", slot, t.id))
        _OPTIONS[key] = o
    return o


def _level_option(h: Any, slot: int, pc: Any) -> Option:
    """Hero `h` in `slot` choosing Level 2 Path `pc`."""
    key = ("level", h.id, slot, pc.id)
    o = _OPTIONS.get(key)
    if o is None:
        o = _OPTIONS[key] = Option(f"level:{slot % 3}:{pc.id}",
                                   f"{h.name} chooses the Level 2 Path: {pc.name} ({pc.symbol}; free) — "
                                   f"Passive {pc.passive.name}: {passive_text(pc.passive)}",
                                   {"action": "level", "hero": {"seat": slot // 3, "slot": slot % 3}, "path": pc.id},
                                   ("level", slot, pc.id))
    return o


def opportunity_options(st: MasteryState, p: int, phase: str) -> list[Option]:
    """Every choice `p` has now (rules mastery.4.2–4.11, 5.1–5.6). phase: "open" before anything,
    "after_tactic" once the Immediate Tactic resolved (no second Tactic, rule mastery.4.10)."""
    if st.pool is not _TABLES_OF[0]:
        same_pool(st)
    opts: list[Option] = []
    hp, used, heroes, path = st.hp, st.used, st.heroes, st.path
    b = 3 * p
    # `live_slots(p)`, the READY ones among them and who they are (Hero and Path), in one loop
    # without comprehensions (each a function call of its own)
    live: list[int] = []
    ready: list[int] = []
    who: list[Any] = []
    for s in (b, b + 1, b + 2):
        if hp[s] > 0:
            live.append(s)
            if not used[s]:
                ready.append(s)
                who.append(s)  # the slot too: a card only one ready Hero can perform names it
                who.append(heroes[s].id)
                who.append(path[s])
    kit = st.kit
    for s in live:
        if not path[s] and len(kit[s]) >= 2:
            for pc in eligible_paths(st, s):
                opts.append(_level_option(heroes[s], s, pc))
    ap = st.ap[p]
    e = 3 - b  # the enemy's first slot: `live_slots(1 - p)` without its list
    enemies = hp[e] > 0 or hp[e + 1] > 0 or hp[e + 2] > 0
    others = len(live) > 1  # another ally for any performer in `ready` (all live)
    # whether a hand card is an option depends only on the card, on who is ready (Hero and Path), the
    # AP, whether targets exist and the phase: its option (or None) is remembered by those, since a
    # search asks this at most decisions of every rollout
    # (slot, Hero id, Path) of the ready Heroes, then these four: their count tells them apart
    key = (*who, ap, enemies, others, phase)
    tab = _HAND.get(key)
    if tab is None:
        if len(_HAND) >= 1 << 12:
            _HAND.clear()
        tab = _HAND[key] = {}
    seen: set[str] | None = None
    defs = st.defs
    for iid in st.hand[p]:
        d = defs[iid]
        did = d.id
        o = tab.get(did, _NOT_YET)
        if o is _NOT_YET:
            o = tab[did] = _hand_option(st, d, ready, ap, enemies, others, phase)
        if o is not None:
            # identical copies are one option: every copy gives the same answer, so only the
            # options taken need the test
            if seen is None:
                seen = {did}
            elif did in seen:
                continue
            else:
                seen.add(did)
            opts.append(o)
    pool: Any = None
    for s in ready:
        # a Hero's reuse and Basic Action options depend only on it, its slot, its Loadout and spent
        # skills (tuples, replaced on change), the AP and whether targets exist: remembered by those
        h = heroes[s]
        lo, spent = st.loadout[s], st.spent[s]
        hkey = (h.id, s, lo, spent, ap, enemies, others)
        mine = _SKILLS.get(hkey)
        if mine is None:
            if len(_SKILLS) >= 1 << 15:
                _SKILLS.clear()
            if pool is None:
                pool = st.pool.by_id
            mine = _SKILLS[hkey] = _skill_options(pool, h, s, lo, spent, ap, enemies, others)
        opts += mine
    opts.append(_PASS[phase])
    return opts


#: by (who is ready, AP, enemies, others, phase): pool id -> the card's option, or None if not one
_HAND: dict[tuple[Any, ...], dict[str, Option | None]] = {}
_NOT_YET = Option("", "", {}, None)  # a marker: not yet in `_HAND`'s table


def _hand_option(st: MasteryState, d: Any, ready: list[int], ap: int, enemies: bool, others: bool,
                 phase: str) -> Option | None:
    """Hand card `d`'s option, or None if it is no option now (the test `opportunity_options` remembers)."""
    did = d.id
    info = _CARD.get(did)
    if info is None:
        info = _CARD[did] = (d.cost, d.target, isinstance(d, TacticCard), _card_option(d))
    cost, target, tactic, o = info
    if cost > ap or (target == "enemy" and not enemies):
        return None
    if tactic:
        return o if phase == "open" else None
    if target == "another_ally" and not others:
        return None
    able = [s for s in ready if can_perform(st, s, d)]
    if len(able) == 1:  # not asked who performs (`h_performer`): the option says who will
        return _sole_performer_option(st, d, able[0])
    return o if able else None


def _sole_performer_option(st: MasteryState, d: Any, slot: int) -> Option:
    """Technique `d`'s option when only the Hero in `slot` can perform it: its label and data name that Hero."""
    h = st.heroes[slot]
    key = ("card", d.id, slot, h.id)
    o = _OPTIONS.get(key)
    if o is None:
        o = _OPTIONS[key] = Option(f"card:{d.id}", f"Perform {d.name} by {h.name} ({d.cost} AP, {d.symbol}): "
                                   f"{card_text(d.target, d.effects)}",
                                   {"action": "technique", "card": d.id, "hero": st.hero_ref(slot)}, ("card", d.id))
    return o


def unplayable(st: MasteryState, p: int, phase: str) -> list[tuple[str, str]]:
    """Each card of p's hand that `opportunity_options` leaves out now, once by name, with why in a
    person's words (the terminal shows them under the options). Reads p's own hand and public facts."""
    same_pool(st)
    live = st.live_slots(p)
    ready = [s for s in live if not st.used[s]]
    ap = st.ap[p]
    enemies = bool(st.live_slots(1 - p))
    others = len(live) > 1
    out: list[tuple[str, str]] = []
    for iid in st.distinct(st.hand[p]):  # once by card
        d = st.defs[iid]
        if _hand_option(st, d, ready, ap, enemies, others, phase) is not None:
            continue
        if d.cost > ap:
            why = f"costs {d.cost} AP: your party has {ap} left this Round"  # rule mastery.5.6
        elif d.target == "enemy" and not enemies:
            why = "no enemy Hero is left to target"
        elif isinstance(d, TacticCard):
            why = "one Immediate Tactic per Action Opportunity"  # rule mastery.4.10
        elif d.target == "another_ally" and not others:
            why = "needs another live Hero of yours to target"
        else:
            able = [st.heroes[s].name for s in live if can_perform(st, s, d)]
            why = (f"{' and '.join(able)} can perform it but already acted this Round" if able
                   else "none of your live Heroes can perform it")  # rules mastery.6.4, 4.6
        out.append((d.name, why))
    return out


_SKILLS: dict[tuple[Any, ...], list[Option]] = {}


def _skill_options(pool: Any, h: Any, s: int, lo: tuple[str, ...], spent: tuple[str, ...], ap: int,
                   enemies: bool, others: bool) -> list[Option]:
    """The Hero `h` in ready slot `s`: its unspent Loadout skills and Basic Action it can pay for now."""
    out = []
    for tid in lo:
        t: Any = pool[tid]
        if tid not in spent and t.cost <= ap and _targets_exist(t.target, enemies, others):
            out.append(_hero_option(h, s, t))
    ba = h.basic
    if ba.cost <= ap and _targets_exist(ba.target, enemies, others):
        out.append(_hero_option(h, s, None))
    return out


# -- steps ---------------------------------------------------------------------------------------
def h_opportunity(st: MasteryState, step: Step) -> None:
    """Asker: always asked, pass included, since what is legal depends on the hidden hand."""
    _, p, phase = step
    key = (st.round, st.ap[p], phase)
    prompt = _PROMPTS.get(key)  # the same few texts at most decisions of every rollout: built once
    if prompt is None:
        what = "Tactic, Hero action or pass" if phase == "open" else "Hero action or end"
        prompt = _PROMPTS[key] = f"Round {st.round}, {st.ap[p]} AP: your Action Opportunity ({what})"
    # built when read (core/engine.py, `Decision`): a lookahead often only scores the position
    st.ask(p, "opportunity", prompt, partial(opportunity_options, st, p, phase), ("opp_chosen", p, phase), step)


_PROMPTS: dict[tuple[int, int, str], str] = {}


def h_opp_chosen(st: MasteryState, step: Step) -> None:
    _, p, phase, choice = step
    what = choice[0]
    if what == "pass":
        if phase == "open":
            st.passes += 1  # nothing done this opportunity (ruling gap.8)
        else:
            st.passes = 0
        if st.record:  # a search's copies keep no log: no event built
            st.emit("opportunity_end", player=p, acted=phase != "open")
        if st.passes >= 2:
            st.stack.append(("end_phase",))
        else:
            st.stack.append(("opportunity", 1 - p, "open"))
        return
    if what == "level":
        choose_path(st, choice[1], choice[2])
        st.stack.append(("opportunity", p, phase))
        return
    if what == "tactic":
        iid = take_from_hand(st, p, choice[1])
        st.push(("declare", p, choice[1], "tactic", iid, -1), ("opportunity", p, "after_tactic"))
        return
    if what == "card":
        iid = take_from_hand(st, p, choice[1])
        st.push(("performer", p, choice[1], iid), ("opp_done", p))
    elif what == "reuse":
        st.push(("declare", p, choice[2], "reuse", -1, choice[1]), ("opp_done", p))
    else:
        st.push(("declare", p, "", "basic", -1, choice[1]), ("opp_done", p))


def take_from_hand(st: MasteryState, p: int, did: str) -> int:
    """The chosen card leaves the hand face-up: performers and targets are asked about a public card."""
    hand = st.hand[p]
    defs = st.defs
    for iid in hand:  # a loop, not a generator: a card leaves the hand at most opportunities
        if defs[iid].id == did:
            break
    else:
        raise ValueError(f"{did} is not in seat {p}'s hand")
    hand.remove(iid)
    st.pending.append(iid)
    return iid


def h_opp_done(st: MasteryState, step: Step) -> None:
    """The Hero action ends the opportunity; control passes (rules mastery.4.1, 4.9)."""
    p = step[1]
    st.passes = 0
    if st.record:
        st.emit("opportunity_end", player=p, acted=True)
    st.stack.append(("opportunity", 1 - p, "open"))


def h_performer(st: MasteryState, step: Step) -> None:
    """Asker: which Hero performs the chosen Technique (rules mastery.6.2, 6.4); a single one is not asked."""
    same_pool(st)
    _, p, did, iid = step
    d: Any = st.pool.by_id[did]
    slots = performers(st, p, d)
    if len(slots) == 1:
        st.stack.append(("declare", p, did, "hand", iid, slots[0]))
        return
    b = p * 3
    opts = []
    for s in slots:
        # shared, like the target options: a performer option changes only with its Hero's HP
        key = ("performer", s, st.heroes[s].id, st.hp[s])
        o = _OPTIONS.get(key)
        if o is None:
            o = _OPTIONS[key] = Option(f"hero:{s - b}", hero_label(st, s), {"hero": st.hero_ref(s)}, s)
        opts.append(o)
    st.ask(p, "performer", f"Which Hero performs {d.name}?", opts, ("declare", p, did, "hand", iid), step)


def h_declare(st: MasteryState, step: Step) -> None:
    """Pay the AP cost before targets are chosen (rule mastery.5.5)."""
    _, p, did, mode, iid, slot = step
    if mode == "basic":
        d: Any = st.heroes[slot].basic
    else:
        d = st.pool.by_id[did]
    if mode == "reuse":
        st.spent[slot] = (*st.spent[slot], did)  # a used skill is spent at once (rule mastery.8.14)
    st.ap[p] -= d.cost
    if st.record:
        st.emit("perform", player=p, mode=mode, card=st.ref(iid) if iid >= 0 else None,
                 skill=did if mode == "reuse" else None, basic=d.name if mode == "basic" else None,
                 hero=None if slot < 0 else st.hero_ref(slot),
                 hero_name=None if slot < 0 else st.ref(slot), cost=d.cost, ap=st.ap[p])
    st.stack.append(("target", p, did, mode, slot, iid))


def h_target(st: MasteryState, step: Step) -> None:
    """Asker: the legal targets the card requires (rules mastery.5.7, 6.5, 6.7, 6.8)."""
    same_pool(st)
    _, p, did, mode, slot, iid = step
    d: Any = st.heroes[slot].basic if mode == "basic" else st.pool.by_id[did]
    kind = d.target
    if kind not in CHOSEN_TARGETS:
        st.stack.append(("resolve", p, did, mode, slot, iid, -1))
        return
    cands = target_slots(st, p, slot, kind)
    if len(cands) == 1:
        st.stack.append(("resolve", p, did, mode, slot, iid, cands[0]))
        return
    opts = []
    hp = st.hp
    heroes = st.heroes
    for t in cands:
        # shared, like the card options: a target changes only with its Hero's HP
        key = ("target", p, t, heroes[t].id, hp[t])
        o = _OPTIONS.get(key)
        if o is None:
            side = "enemy" if t // 3 != p else "ally"
            o = _OPTIONS[key] = Option(f"target:{t // 3}:{t % 3}", f"{side} {hero_label(st, t)}",
                                       {"target": st.hero_ref(t)}, t)
        opts.append(o)
    st.ask(p, "target", f"Target of {d.name}", opts, ("resolve", p, did, mode, slot, iid), step)


def h_resolve(st: MasteryState, step: Step) -> None:
    """Resolve, then Mastery, then USED (rule mastery.5.8), then the 3-skill refresh (rule 8.16)."""
    _, p, did, mode, slot, iid, target = step
    d: Any = st.heroes[slot].basic if mode == "basic" else st.pool.by_id[did]
    source = f"basic:{st.heroes[slot].id}" if mode == "basic" else did
    kind = d.target
    changed = False
    if kind == "self":
        targets = [slot]
    elif kind == "all_enemies":
        targets = st.live_slots(1 - p)
    elif kind == "all_allies":
        targets = st.live_slots(p)
    elif target >= 0:
        targets = [target]
        r = st.redirect[1 - p]
        if kind == "enemy" and r >= 0 and any(e.verb == "damage" for e in d.effects):
            st.redirect[1 - p] = -1  # the next single-target attack on that party (ruling gap.18)
            if r != target and st.hp[r] > 0:
                targets = [r]
                changed = True
                st.emit("redirected", source=source, to=st.hero_ref(r), name=st.ref(r),
                        original=st.hero_ref(target))
    else:
        targets = []
    changed |= resolve_effects(st, d.effects, p, slot, targets, source)
    if mode == "hand" and isinstance(d, TechniqueCard) and d.level == 1 and changed:
        record_mastery(st, slot, d)
    if slot >= 0:
        st.used[slot] = True
        if st.record:
            st.emit("used", hero=st.hero_ref(slot), name=st.ref(slot))
    if mode == "reuse":
        after_reuse(st, slot)
    if iid >= 0:
        st.pending.remove(iid)
        st.discard[p].append(iid)
    st.flush()


HANDLERS = {
    "opportunity": h_opportunity,
    "opp_chosen": h_opp_chosen,
    "opp_done": h_opp_done,
    "performer": h_performer,
    "declare": h_declare,
    "target": h_target,
    "resolve": h_resolve,
}
