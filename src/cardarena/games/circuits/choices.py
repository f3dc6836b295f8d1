"""Choosing targets (rulebook §8.1, §11.7, §12.13–12.16): who may be chosen, the options (by seat, zone
and position, so they mean the same without the engine), and looking at a face-down Plan."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardarena.core.engine import Option, Step

from .effects import choice_kind, look
from .moot import same_outcome, told_apart
from .schema import AssetCard, Effect, kind_word
from .state import CircuitsState


def candidates(st: CircuitsState, seat: int, kind: str) -> list[int]:
    enemy = 1 - seat
    if kind in ("enemy_target", "enemy_asset"):
        # an enemy Asset still in its own window can be hit there, by "an enemy Asset" and by "any enemy
        # target" alike, e.g. Overwatch, Cinder Volley (rules 8.3.10, 9.1.7, 9.1.32)
        played = [i for i in st.pending if st.owner[i] == enemy and isinstance(st.defs[i], AssetCard)]
        assets = [*st.field[enemy], *played]
        return [st.hero[enemy], *assets] if kind == "enemy_target" else assets
    if kind == "your_asset":
        return list(st.field[seat])
    if kind == "your_discarded_asset":  # the pile is public; identical copies are one option
        return st.distinct([i for i in st.discard[seat] if isinstance(st.defs[i], AssetCard)])
    if kind == "enemy_gear":
        return st.equipped(enemy)
    if kind == "enemy_plan":
        return st.face_down_plans(enemy)  # rule 12.14: "look at one enemy face-down Plan"
    return [-1]


def choice_candidates(st: CircuitsState, seat: int, kind: str) -> list[int]:
    """The candidates a target question offers: identical copies in identical states are one (circuits
    ruling 59). Not among face-down Plans: the chooser cannot tell them apart by what it sees."""
    cands = candidates(st, seat, kind)
    return cands if kind == "enemy_plan" else told_apart(st, cands)


def has_choices(st: CircuitsState, seat: int, effects: Sequence[Effect]) -> bool:
    """Plans, Gear and Assets may be absent: the card still plays and does what it can (rule 18.10),
    except that a card whose every effect needs the chosen Asset or Gear needs one (Melt Down, Patch
    Swarm, Short Out). Chain Lightning without an enemy Asset still deals its Hero damage; Thunder Fist
    without enemy Gear still gives its next-attack bonus."""
    if effects and effects[0].verb == "look_plan" and all(e.verb == "look_plan" for e in effects) \
            and nothing_to_look_at(st, seat):  # (the first verb alone rules out nearly every card, cheaply)
        return False  # a look and nothing else, with nothing to look at (circuits ruling 62)
    kind = choice_kind(effects)
    if kind not in ("enemy_asset", "your_asset", "your_discarded_asset", "enemy_gear") or candidates(st, seat, kind):
        return True
    if kind == "enemy_gear":  # a Jam's recipient is the enemy Hero, whose Gear it chooses
        return any(e.verb != "jam" for e in effects)
    return any(e.to != kind for e in effects)


def nothing_to_look_at(st: CircuitsState, seat: int) -> bool:
    """Scout and "look at one enemy face-down Plan" with neither a face-down enemy Plan nor a card in
    the enemy deck: the look has nothing to show, so it has no effect at all (rules 12.14, 18.10;
    circuits ruling 62). Public: the Plans zone and the deck size are."""
    enemy = 1 - seat
    return not st.deck[enemy] and not st.face_down_plans(enemy)


def target_label(st: CircuitsState, t: int, viewer: int) -> str:
    if t in st.hero:
        s = st.owner[t]
        return f"{st.name(t)} (Hero, {st.hp[s]} HP)"
    if not st.knows(viewer, t):
        at = st.position(t)
        return f"face-down {kind_word(st.kind_of.get(t))} Plan {at['index'] + 1}"
    if isinstance(st.defs[t], AssetCard):
        if t in st.discard[st.owner[t]]:
            return f"{st.name(t)} (Asset in the discard pile, {st.defs[t].hp} HP)"
        return f"{st.name(t)} (Asset, {st.asset_max_hp(t) - st.damage.get(t, 0)} HP left)"
    return st.name(t)


def target_option(st: CircuitsState, t: int, viewer: int) -> Option:
    """`target:<seat>:<zone>:<index>`; `data` names the card by its pool id when the chooser knows it,
    else `card` is null (a face-down Plan), as in aliens (docs/protocol.md, "Option data")."""
    at = st.position(t)
    data: dict[str, Any] = {"target": at, "card": st.defs[t].id if st.knows(viewer, t) else None}
    return Option(f"target:{at['seat']}:{at['zone']}:{at['index']}", target_label(st, t, viewer), data, t)


def choose_then(st: CircuitsState, seat: int, iid: int, then: Step, shown: bool = False) -> None:
    """Choose the card's target (if it has one), then run `then + (target,)`; the card from the hand
    is shown first when its target is asked, unless it was `shown` already."""
    d = st.defs[iid]
    kind = choice_kind(getattr(d, "effects", ()) or getattr(d, "on_play", ()))
    st.stack.append(("choose", seat, kind, iid, then))
    if not shown and kind != "none":  # most plays have no target: no step for them
        st.stack.append(("announce", seat, kind, iid))


def h_announce(st: CircuitsState, step: Step) -> None:
    """A card from the hand is shown before a decision about it is asked (ruling 52): its target
    (when there is a choice; `kind` None: always, e.g. before the Asset to discard for room). A
    decision asked while the card is still hidden would tell the other seat what kind of card is
    coming. A step of its own, not part of the asker, which must have no side effects."""
    _, seat, kind, iid = step
    if kind is None or len(choice_candidates(st, seat, kind)) > 1:
        st.seen[1 - seat].add(iid)
        st.emit("announce", player=seat, card=st.ref(iid))


def h_choose(st: CircuitsState, step: Step) -> None:
    """Asker: the target of a card, a Charge or an Ultimate (`what`: the card, or the Ultimate's name).
    Targets are public, so whether there is a choice tells nothing hidden."""
    _, seat, kind, what, then = step
    cands = choice_candidates(st, seat, kind)
    # one candidate, or a Charge's choice that cannot change anything (Repair on Assets none of which
    # is damaged): nothing to ask (circuits ruling 50). A card's or an Ultimate's target is declared in
    # its window, where it always shows: only a Charge, which opens none, can leave no trace of it.
    if len(cands) <= 1 or (then[0] == "charge_resolve" and same_outcome(st, [("chosen", then, t) for t in cands])):
        st.stack.append((*then, cands[0] if cands else -1))
        return
    opts = [target_option(st, t, seat) for t in cands]
    name = st.name(what) if isinstance(what, int) else what
    st.ask(seat, "target", f"Choose the target of {name}", opts, ("chosen", then), step)


def h_chosen(st: CircuitsState, step: Step) -> None:
    _, then, t = step
    st.stack.append((*then, t))


def h_look_pick(st: CircuitsState, step: Step) -> None:
    """Asker: which enemy face-down Plan to look at (Scout, and every "look at one enemy face-down Plan"
    effect, rules 12.13–12.16); the deck top when there is none."""
    _, seat, source = step
    if st.result is not None:
        return
    cands = candidates(st, seat, "enemy_plan")
    # a look at Plans the looker already knows all of teaches nothing: no choice is asked (ruling 50)
    if len(cands) <= 1 or same_outcome(st, [("look_at", seat, source, t) for t in cands]):
        look(st, seat, cands[0] if cands else -1, source)
        return
    opts = [target_option(st, t, seat) for t in cands]
    what = "Scout" if source == "Scout" else st.name(source) if isinstance(source, int) else source
    st.ask(seat, "target", f"{what}: which face-down Plan do you look at?", opts, ("look_at", seat, source), step)


def h_look_at(st: CircuitsState, step: Step) -> None:
    _, seat, source, t = step
    look(st, seat, t, source)


HANDLERS = {"announce": h_announce, "choose": h_choose, "chosen": h_chosen, "look_pick": h_look_pick, "look_at": h_look_at}
