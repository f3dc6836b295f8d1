"""Response Windows (rulebook §11): full windows for the five actions that open one, restricted
windows for Equip and Strike, LIFO resolution, and outcome-dependent Reactions declared prospectively.

A window is a frame in `st.frame_data` (copy-on-write dicts): the declared item, the step-2 and step-3
answers, the prevention declared for each Hero, the prospective Reactions set beside it (each with the
item it answers), which of its items is resolving (while a prospective Reaction waits), and whether
it was cancelled or delayed. Steps: open → respond 2 → respond 3 (full only) → resolve 3, 2, declared
→ close. A window opened while another resolves is a full window of its own (rules 18.8–18.9).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cardarena.core.cardfiles import CardFiles
from cardarena.core.engine import Option, Step
from cardarena.core.options import SharedOptions

from .choices import choose_then, has_choices
from .effects import apply_effects, effects_at
from .paying import affordable, pay_card
from .pool import card_pool
from .schema import OUTCOME_TRIGGERS, AssetCard, TacticCard, kind_word
from .state import CircuitsState

# -- opening -------------------------------------------------------------------------------------


def open_window(st: CircuitsState, kind: str, actor: int, item: tuple[Any, ...]) -> None:
    """Schedule a window for `item`; rule 11.7 (declare, target, pay) has already happened."""
    fid = st.next_frame
    st.next_frame += 1
    st.frame_data[fid] = {"kind": kind, "actor": actor, "item": item, "step2": None, "step3": None,
                          "prevent": (0, 0), "prospective": (), "cancelled": False, "delayed": False,
                          "resolving": ""}
    # pushed last step first (what `push` does), straight onto the stack: a window opens at most plays
    stack = st.stack
    stack += (("close", fid), ("resolve_declared", fid), ("resolve_answer", fid, 2), ("resolve_answer", fid, 3))
    if kind == "full":
        stack.append(("respond", fid, 3))
    stack += (("respond", fid, 2), ("frame_push", fid))


def h_frame_push(st: CircuitsState, step: Step) -> None:
    st.frames.append(step[1])


# -- what may answer what --------------------------------------------------------------------------


def threats(st: CircuitsState, entry: tuple[Any, ...] | None, by: int, victim: int) -> set[str]:
    """What an item played by `by` could do to `victim`: {"hero", "asset"} (rule 11.25)."""
    if entry is None:
        return set()
    what = entry[0]
    out: set[str] = set()
    if what == "attack":
        target = entry[1]
        return {"hero"} if st.is_hero(target) else {"asset"}
    if what in ("strike",):
        return {"hero"}
    effects: Any = ()
    aimed = {"hero", "asset"}  # what "any enemy target" can hit; narrowed by a declared target (rule 11.7)
    target = -1  # the declared target (a Hero, an Asset, a Gear to Jam...), -1 if none
    if what in ("card", "answer"):
        iid, target = entry[1], entry[2]
        d = st.defs[iid]
        if isinstance(d, TacticCard) and d.type == "plan" and what == "card":
            # played face-down, a Plan only goes to the Plans zone: whatever its Kind, that declaration
            # damages and destroys nothing, so no damage Reaction answers it; its damage is answered at
            # its reveal, in a window of its own (rules 11.21–11.22, 11.25; circuits ruling 49)
            return set()
        effects = getattr(d, "effects", ()) or getattr(d, "on_play", ())
        if target >= 0:
            aimed = {"hero"} if st.is_hero(target) else {"asset"}
    elif what == "reveal":
        effects = st.defs[entry[1]].effects
    elif what == "ultimate":
        effects = st.hero_card(entry[1]).ultimate.effects
        target = entry[2]
    for e in effects:
        if e.verb == "damage" and (e.to == "enemy_hero" or (e.to == "enemy_target" and "hero" in aimed)):
            out.add("hero")
        if (e.verb == "damage" and (e.to in ("enemy_asset", "each_enemy_asset", "played_asset") or (e.to == "enemy_target" and "asset" in aimed))) \
                or e.verb == "destroy":
            out.add("asset")
        # Grand Design's own damage is its reward, to the enemy Hero, and only if a Plan can resolve: each
        # Plan it resolves is its own source, answered in its own reveal window (rules 8.2.2, 18.6,
        # 18.8; circuits ruling 61), so nothing set beside the Ultimate sees the Plans' damage
        if e.verb == "resolve_plans" and e.reward and st.face_down_plans(by):
            out.add("hero")
        # a forced reveal (Forced Collapse) reveals the victim's own Plan: what that Plan does lands on
        # the actor, never on the victim, so it threatens the victim with nothing (rule 11.25)
        if e.verb == "jam" and e.to == "enemy_hero" and _bonus_holds_an_asset(st, victim, target):
            out.add("asset")  # a Jammed HP-bonus Gear destroys the Assets it kept alive (rules 8.4.4–8.4.5)
    if victim == by:
        return set()
    return out


def trigger_applies(st: CircuitsState, trigger: str, frame: dict[str, Any], responder: int, step: int) -> bool:
    actor = frame["actor"]
    item = frame["item"]
    kind = frame["kind"]
    if kind == "restricted":
        return (trigger == "enemy_equips" and item[0] == "equip") or \
               (trigger == "enemy_swaps" and item[0] == "swap") or \
               (trigger == "asset_would_damage_hero" and item[0] == "strike")
    if trigger == "enemy_plays_instant":  # cancel effects answer only an Instant declared at step 1 (rule 11.20)
        return item[0] == "card" and actor != responder and _tactic_type(st, item[1]) == "instant"
    if trigger == "enemy_plays_asset":
        return item[0] == "card" and actor != responder and _is_asset(st, item[1])
    if trigger == "enemy_ultimate":
        return item[0] == "ultimate" and actor != responder
    if trigger == "enemy_plan_reveals":
        return item[0] == "reveal" and actor != responder
    if trigger == "your_plan_reveals":
        return item[0] == "reveal" and actor == responder
    # the triggers below answer the declaration or the step-2 answer, whichever an enemy made
    answered = [item] if step == 2 else [item, frame["step2"]]
    enemy_acted = [a for a in answered if a is not None and _by(st, a, actor) != responder]
    if trigger == "enemy_attacks":
        return any(a[0] == "attack" for a in enemy_acted)
    if trigger == "enemy_plays_tactic":
        return any(a[0] in ("card", "answer") and _tactic_type(st, a[1]) in ("instant", "plan", "combo")
                   for a in enemy_acted)
    if trigger in ("hero_would_take_damage", "hero_takes_damage", "hero_prevents_damage"):
        return any("hero" in threats(st, a, _by(st, a, actor), responder) for a in enemy_acted)
    if trigger in ("asset_destroyed", "asset_would_be_destroyed"):
        # the responder's Assets: on its Field, or the one it is playing, destroyable in its own window
        # (rules 9.1.7, 11.25)
        has_asset = bool(st.field[responder]) or any(
            st.owner[i] == responder and isinstance(st.defs[i], AssetCard) for i in st.pending)
        return has_asset and any("asset" in threats(st, a, _by(st, a, actor), responder) for a in enemy_acted)
    return False


def _bonus_holds_an_asset(st: CircuitsState, seat: int, gear: int) -> bool:
    """Whether Jamming `gear` (the Gear declared as the Jam's target, rule 11.7; -1 if none) switches
    off an HP bonus that keeps an Asset of `seat` alive (public: Gear, Assets and damage are). A Jam
    declared on another Gear destroys nothing, so it threatens no Asset (rule 11.25)."""
    if gear < 0 or gear not in st.equipped(seat) or gear in st.jammed:
        return False
    bonus = st.defs[gear].asset_hp
    # its damage reaches its HP without this Gear's bonus: the Jam would destroy it (rules 8.4.4–8.4.5)
    return bonus > 0 and any(st.damage.get(a, 0) >= st.asset_max_hp(a) - bonus for a in st.field[seat])


def _by(st: CircuitsState, entry: tuple[Any, ...], actor: int) -> int:
    return st.owner[entry[1]] if entry[0] == "answer" else actor


def _tactic_type(st: CircuitsState, iid: int) -> str | None:
    d = st.defs[iid]
    return d.type if isinstance(d, TacticCard) else None


def _is_asset(st: CircuitsState, iid: int) -> bool:
    return isinstance(st.defs[iid], AssetCard)


def answers(st: CircuitsState, fid: int, step: int) -> list[int]:
    """Hand cards the responder may play at this step (rules 11.8–11.9, 11.13–11.16, 6.6)."""
    frame = st.frame_data[fid]
    responder = 1 - frame["actor"] if step == 2 else frame["actor"]
    out: list[int] = []
    defs = st.defs
    # only Instants and Reactions answer (filtered before `distinct`, which then has less to group;
    # a loop, not a comprehension, and nothing to group for none or one)
    cand = []
    for i in st.hand[responder]:
        d = defs[i]
        if isinstance(d, TacticCard) and d.type in ("instant", "reaction"):
            cand.append(i)
    if not cand:
        return out
    for iid in st.distinct(cand) if len(cand) > 1 else cand:
        d = defs[iid]
        ok = False
        if d.type == "instant":
            ok = step == 2 and frame["kind"] == "full"
        elif d.type == "reaction":
            assert d.trigger is not None
            ok = trigger_applies(st, d.trigger, frame, responder, step)
        if ok and affordable(st, responder, d.cost, True) and has_choices(st, responder, d.effects):
            out.append(iid)
    return out


# -- asking and answering ------------------------------------------------------------------------


def h_respond(st: CircuitsState, step: Step) -> None:
    """Asker: step 2 (the opponent) or step 3 (the acting player) may answer with one card.

    The hand is hidden (rule 4.1), so the window is asked whenever the responder holds a card, with
    `pass` always an option, even when nothing in the hand can answer: whether it is asked must not
    tell the other seat what the hand holds. It is skipped only for an empty hand (public)."""
    _, fid, n = step
    if st.result is not None:
        return
    frame = st.frame_data[fid]
    responder = 1 - frame["actor"] if n == 2 else frame["actor"]
    if not st.hand[responder] or not could_answer(st, frame, responder, n):
        return
    # always asked: its options are built when read (core/engine.py, `Decision`)
    st.ask(responder, "respond", f"Response Window step {n}: {describe(st, frame['item'])}",
           partial(respond_options, st, fid, n), ("answer_chosen", fid, n), step)


def could_answer(st: CircuitsState, frame: dict[str, Any], responder: int, n: int) -> bool:
    """Whether any card of the game's pool could answer at step `n` of this window, by public facts
    alone: the window, the responder's Rally and Reserve token, what there is to target. When none
    could (no Reaction's trigger applies at a step 3, no Rally left for anything but a 0-cost card...),
    everyone can tell the hand holds no answer, so asking it would be a question about nothing
    (circuits ruling 50; rule 4.1 still holds: whether it is asked never depends on the hand)."""
    full2 = n == 2 and frame["kind"] == "full"
    rally = st.rally[responder]
    token = 1 if st.reserve == responder else 0  # it pays 1 of a card's cost (rule 14)
    known: dict[str, bool] = {}  # trigger -> whether it applies: many Reactions share one
    cards, reactions = _answer_cards(st)
    for d in cards if full2 else reactions:  # cheapest first: the first the Rally cannot pay ends it
        cost = d.cost
        if rally < (cost - token if cost > 0 else cost):  # `affordable`, inlined
            return False
        if d.type == "reaction":  # (an Instant is in the list only at a full window's step 2)
            trigger = d.trigger or ""
            ok = known.get(trigger)
            if ok is None:
                ok = known[trigger] = trigger_applies(st, trigger, frame, responder, n)
            if not ok:
                continue
        if has_choices(st, responder, d.effects):
            return True
    return False


def _answer_cards(st: CircuitsState) -> tuple[list[TacticCard], list[TacticCard]]:
    """The Instants and Reactions of the game's pool (its card files' too), cheapest first; and its
    Reactions alone (only they answer outside a full window's step 2), cheapest first."""
    key = CardFiles.sha_of(st.config)  # asked at every window step: the files are read only once
    out = _ANSWER_CARDS.get(key)
    if out is None:
        pool = card_pool(CardFiles.from_config(st.config))
        cards = sorted((c for c in pool.tactics if c.type in ("instant", "reaction")), key=lambda c: c.cost)
        out = _ANSWER_CARDS[key] = (cards, [c for c in cards if c.type == "reaction"])
    return out


#: by the card files' hash ("" for the package's cards)
_ANSWER_CARDS: dict[str, tuple[list[TacticCard], list[TacticCard]]] = {}


def respond_options(st: CircuitsState, fid: int, n: int) -> list[Option]:
    """The cards that may answer at step `n` of window `fid`, then `pass`."""
    opts = []
    actor = st.frame_data[fid]["actor"]
    rally = st.rally[1 - actor if n == 2 else actor]  # the responder's (as in `answers`)
    for i in answers(st, fid, n):
        d = st.defs[i]
        opts.append(_answer_option(i, d, d.cost > rally))
    opts.append(_PASS)
    return opts


#: Window options, shared between decisions (core/options.py): a window opens at nearly every play
_SHARED = SharedOptions()
_PASS = Option("pass", "Pass", {}, -1)


def _answer_option(iid: int, d: Any, token: bool = False) -> Option:
    """`token`: the Rally alone cannot pay it, so the Reserve token will (rule 14), as the label says."""
    key = (iid, id(d), token)
    o = _SHARED.get(key)
    if o is None:
        how = ", with your Reserve token" if token else ""
        o = _SHARED.put(key, d, Option(f"answer:{d.id}", f"Answer with {d.name} (cost {d.cost}{how})", {"card": d.id},
                                       iid))
    return o


def describe(st: CircuitsState, item: tuple[Any, ...]) -> str:
    what = item[0]
    if what == "attack":
        return f"Basic Attack on {st.name(item[1])}"
    if what == "card":
        d = st.defs[item[1]]
        if isinstance(d, TacticCard) and d.type == "plan":
            return f"a face-down {kind_word(d.plan_kind)} Plan is played"
        return f"{st.name(item[1])} is played"
    if what == "reveal":
        return f"Plan {st.name(item[1])} reveals"
    if what == "ultimate":
        return f"{st.hero_card(item[1]).ultimate.name} (Ultimate)"
    if what == "equip":
        return f"{st.name(item[1])} is equipped"
    if what == "swap":
        return f"{st.name(item[1])} is swapped in"
    if what == "strike":
        return f"{st.name(item[1])} Strikes"
    return what


def h_answer_chosen(st: CircuitsState, step: Step) -> None:
    _, fid, n, iid = step
    if iid < 0:
        if st.record:  # a search's copies keep no log: no event built
            actor = st.frame_data[fid]["actor"]
            st.emit("pass_window", player=1 - actor if n == 2 else actor, step=n)
        return
    choose_then(st, st.owner[iid], iid, ("answer_commit", fid, n, iid))


def h_answer_commit(st: CircuitsState, step: Step) -> None:
    """Pay for the answer (rule 10.1); an outcome Reaction is set beside the declaration (rule 11.26)."""
    _, fid, n, iid, target = step
    responder = st.owner[iid]
    d = st.defs[iid]
    st.hand[responder].remove(iid)
    st.pending.append(iid)
    if st.record:
        st.emit("answer", player=responder, card=st.ref(iid), step=n, cost=d.cost)
    if responder == st.active:
        # a Reaction answered in your own turn is a Tactic you played this turn: it unlocks a Combo
        # (card text beats rules text; ruling circuits.gap.1)
        st.flags.add("played_tactic")
    if d.type == "reaction" and d.trigger in OUTCOME_TRIGGERS:
        # it answers the enemy's item (`trigger_applies`): at step 2 the declaration, at step 3 the step-2
        # answer; it resolves only at an outcome of that item (circuits ruling 64)
        f = st.frame_data[fid]
        entry = (iid, responder, d.trigger, target, ANSWERED[n])
        st.frame_data[fid] = {**f, "prospective": (*f["prospective"], entry)}
    else:
        st.frame_data[fid] = {**st.frame_data[fid], f"step{n}": ("answer", iid, target)}
    pay_card(st, responder, d.cost, iid, "answer")


# -- resolving -------------------------------------------------------------------------------------


#: the item a prospective Reaction answers, by the step it was set at: what `resolving` names
ANSWERED = {2: "declared", 3: "step2"}


def resolving(st: CircuitsState, fid: int, item: str) -> None:
    """Window `fid`'s `item` ("declared", "step2", "step3") starts resolving: the outcomes until the
    next one are its own (rules 11.26–11.27). Written only while a prospective Reaction waits to read it."""
    f = st.frame_data[fid]
    if f["prospective"]:
        st.frame_data[fid] = {**f, "resolving": item}


def h_resolve_answer(st: CircuitsState, step: Step) -> None:
    """Rule 11.11: step 3 resolves first, then step 2."""
    _, fid, n = step
    entry = st.frame_data[fid][f"step{n}"]
    if entry is None or st.result is not None:
        return
    resolving(st, fid, f"step{n}")
    _, iid, target = entry
    seat = st.owner[iid]
    d = st.defs[iid]
    st.pending.remove(iid)
    st.discard[seat].append(iid)
    if st.record:
        st.emit("resolve", player=seat, card=st.ref(iid))
    apply_effects(st, d.effects, seat, target, iid, ref=(iid, "effects"))
    st.flush()


def h_close(st: CircuitsState, step: Step) -> None:
    """The window is over: prospective Reactions whose trigger never came are discarded, paid for
    (rules 11.28–11.29)."""
    fid = step[1]
    frame = st.frame_data.pop(fid)
    if st.frames and st.frames[-1] == fid:
        st.frames.pop()
    for iid, seat, trig, *_ in frame["prospective"]:
        if iid in st.pending:
            st.pending.remove(iid)
            st.discard[seat].append(iid)
            st.emit("reaction_discarded", player=seat, card=st.ref(iid), trigger=trig)
    st.flush()


def h_effects(st: CircuitsState, step: Step) -> None:
    """Continue a card's effects after a window opened in the middle of them."""
    _, seat, target, source, this, ref, start = step
    trigger = ref[1] == "trigger" and "in_trigger" not in st.flags  # still opens no window (rule 11.30)
    if trigger:
        st.flags.add("in_trigger")
    apply_effects(st, effects_at(st, ref), seat, target, source, this, ref, start)
    if trigger:
        st.flags.discard("in_trigger")
    st.flush()


HANDLERS = {
    "frame_push": h_frame_push,
    "respond": h_respond,
    "answer_chosen": h_answer_chosen,
    "answer_commit": h_answer_commit,
    "resolve_answer": h_resolve_answer,
    "close": h_close,
    "effects": h_effects,
}
