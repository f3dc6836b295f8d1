"""Set-up, Rounds, the End Phase and victory of `mastery` (seed §2, §3, §10, §11).

Each function is one step of the explicit rule stack (see cardarena.core.engine). Action
Opportunities are in actions.py; Mastery, Level 2 and Rebalance in mastery.py; effects in effects.py.
"""

from __future__ import annotations

from typing import Any

from cardarena.core.engine import Option, Step

from . import actions, mastery
from .effects import draw, heal, lose_hp, passive_amount
from .pool import CardPool, card_pool
from .schema import HeroCard, Playable
from .state import MasteryState

HAND = 7


def new_state(
    parties: list[list[HeroCard]], decks: list[list[Playable]], seed: int, params: dict[str, Any],
    config: dict[str, Any], pool: CardPool | None = None,
) -> MasteryState:
    """Build the tables and run set-up to the first decision. `parties[p]` is Support, Attacker, Tank."""
    st = MasteryState.__new__(MasteryState)
    st._init_base(config, seed)
    st.pool = pool = pool or card_pool()  # the game's cards (with its card files: the ruleset's pool)
    heroes = [h for p in (0, 1) for h in parties[p]]
    # instance ids 0-5 are the Heroes by slot, 6-23 their Paths (FIRST_CARD): in play, seen by all
    defs: list[Any] = list(heroes)
    owner: list[int] = [s // 3 for s in range(6)]
    for s, h in enumerate(heroes):
        for pid in h.paths:
            defs.append(pool.by_id[pid])
            owner.append(s // 3)
    deck_ids: list[list[int]] = [[], []]
    reserve: list[list[int]] = [[] for _ in range(6)]
    for p in (0, 1):
        # every card this seat may ever hold: its deck, and 2 copies of each Level 2 Technique of each
        # Hero's Paths in that Hero's Level Reserve (ruling gap.28)
        cards: list[tuple[Any, int]] = [(c, -1) for c in decks[p]]
        for i in range(3):
            for pid in parties[p][i].paths:
                pc: Any = pool.by_id[pid]
                for tid in pc.techniques:
                    cards.extend([(pool.by_id[tid], p * 3 + i)] * 2)
        # instance ids are dealt in a random order, so an id never tells which card it is
        st.rng.shuffle(cards)
        for c, res in cards:
            iid = len(defs)
            defs.append(c)
            owner.append(p)
            (deck_ids[p] if res < 0 else reserve[res]).append(iid)
    st.defs = defs
    st.owner = tuple(owner)
    st.heroes = tuple(heroes)
    st.params = params
    st.deck = deck_ids
    st.hand = [[], []]
    st.discard = [[], []]
    st.reserve = reserve
    st.hp = [h.hp for h in heroes]  # rule mastery.2.2
    st.used = [False] * 6
    st.shielded = [False] * 6
    st.poison = [0] * 6
    st.ward = [False] * 6
    st.def_up = [0] * 6
    st.reduce = [0] * 6
    st.intercept = [-1] * 6
    st.redirect = [-1, -1]
    st.kit = [()] * 6
    st.loadout = [()] * 6
    st.spent = [()] * 6
    st.path = [""] * 6
    st.rebalanced = [False] * 6
    st.ap = [0, 0]
    st.pending = []
    st.fallen = []
    st.round = 0
    st.first = 0
    st.passes = 0
    st.stack.append(("setup",))
    st.run()
    return st


# -- set-up (seed §2) ------------------------------------------------------------------------------
def h_setup(st: MasteryState, step: Step) -> None:
    # who acts first in Round 1: a coin flip (ruling gap.7)
    heads = st.rng.coin()
    st.first = 0 if heads else 1
    st.emit("coin", purpose="first player", result="heads" if heads else "tails", winner=st.first)
    for p in (0, 1):
        st.emit("party", player=p, heroes=[st.ref(s) for s in range(p * 3, p * 3 + 3)])
    for p in (0, 1):
        st.rng.shuffle(st.deck[p])
        draw(st, p, HAND, "opening hand")  # rule mastery.2.3
    # the first player decides the mulligan first (ruling gap.5)
    st.push(("mulligan", st.first), ("mulligan", 1 - st.first), ("round_start",))


def h_mulligan(st: MasteryState, step: Step) -> None:
    """Asker: one optional full mulligan, always asked (rules mastery.2.4–2.7)."""
    p = step[1]
    opts = [Option("keep", "Keep this hand", {}, False),
            Option("mulligan", "Mulligan: shuffle all 7 back and draw 7 (that hand is kept)", {}, True)]
    st.ask(p, "mulligan", "Keep your opening hand or take a full mulligan?", opts, ("mulligan_chosen", p), step)


def h_mulligan_chosen(st: MasteryState, step: Step) -> None:
    _, p, take = step
    if not take:
        st.emit("mulligan", player=p, taken=False)
        return
    st.deck[p].extend(st.hand[p])
    st.hand[p] = []
    st.rng.shuffle(st.deck[p])  # the returned cards are shuffled into the deck (ruling gap.5)
    st.emit("mulligan", player=p, taken=True)
    draw(st, p, HAND, "mulligan")


# -- Rounds (seed §3, §11) -------------------------------------------------------------------------
def h_round_start(st: MasteryState, step: Step) -> None:
    """Next Round: AP refresh, surviving Heroes READY, then replenishment (rules 3.1–3.9, 11.6–11.8)."""
    st.round += 1
    if st.round > 1:
        st.first = 1 - st.first  # rule mastery.3.9
    ap = st.params["ap"]
    st.ap = [ap, ap]
    st.used = [h <= 0 for h in st.hp]
    st.passes = 0
    if st.record:  # a search's copies keep no log: no event built
        st.emit("round", round=st.round, first=st.first, ap=ap)
    if st.round > 1:
        for p in (st.first, 1 - st.first):
            need = HAND - len(st.hand[p])
            if need > 0:
                draw(st, p, need, "replenishment")
    st.stack.append(("opportunity", st.first, "open"))


def h_end_phase(st: MasteryState, step: Step) -> None:
    """End Phase effects, first player's Heroes then the other's, each in party order: Poisoned
    (lose 2 HP, then duration −1), then `end_heal` Passives (rules 7.12–7.15, 11.3–11.4; gap.19)."""
    if st.record:
        st.emit("end_phase", round=st.round)
    for p in (st.first, 1 - st.first):
        for s in range(p * 3, p * 3 + 3):
            if st.hp[s] <= 0:
                continue
            if st.poison[s]:
                before = st.hp[s]
                lose_hp(st, s, 2)
                st.poison[s] = max(0, st.poison[s] - 1)
                # HP stops at 0 (ruling gap.20): a Hero at 1 HP loses 1, and the log says so
                st.emit("poison_tick", hero=st.hero_ref(s), name=st.ref(s), lost=before - st.hp[s], hp=st.hp[s],
                        left=st.poison[s])
            n = passive_amount(st, s, "end_heal")
            if n and st.hp[s] > 0:
                heal(st, -1, s, n, "end_phase")
    st.stack.append(("round_expire",))
    st.flush()  # the victory check after the whole End Phase (rule mastery.11.3)


def h_round_expire(st: MasteryState, step: Step) -> None:
    """Round-based effects expire after the End Phase (rule mastery.11.5, ruling gap.32); then the
    Round cap (ruling gap.33) or the next Round."""
    st.ward = [False] * 6
    st.def_up = [0] * 6
    st.reduce = [0] * 6
    st.intercept = [-1] * 6
    st.redirect = [-1, -1]
    if st.record:
        st.emit("round_effects_expire", round=st.round)
    if st.round >= st.params["round_cap"]:
        round_cap(st)
        return
    st.stack.append(("round_start",))


def round_cap(st: MasteryState) -> None:
    """Ruling gap.33: after the last Round, more surviving Heroes wins, then more total HP; else a draw."""
    alive = [len(st.live_slots(0)), len(st.live_slots(1))]
    hp = [sum(st.hp[0:3]), sum(st.hp[3:6])]
    if alive[0] != alive[1]:
        winner: int | None = 0 if alive[0] > alive[1] else 1
        how = "survivors"
    elif hp[0] != hp[1]:
        winner, how = (0 if hp[0] > hp[1] else 1), "total_hp"
    else:
        winner, how = None, "tie"
    st.emit("round_cap", rounds=st.round, survivors=alive, total_hp=hp, decided_by=how)
    st.finish(winner, "round_cap", st.round)


# -- victory (seed §10, §11) ------------------------------------------------------------------------
def h_settle(st: MasteryState, step: Step) -> None:
    """After a timing step that defeated a Hero: the victory check, then Rebalance offers to each
    player who lost a Hero unless the Round cap ends the game next (rules mastery.11.1–11.2, 10.3;
    rulings gap.29, gap.31, gap.33)."""
    fallen = st.fallen
    st.fallen = []
    alive = [bool(st.live_slots(0)), bool(st.live_slots(1))]
    if not alive[0] and not alive[1]:
        st.finish(None, "both_parties_defeated", st.round)
        return
    if not alive[0] or not alive[1]:
        st.finish(0 if alive[0] else 1, "party_defeated", st.round)
        return
    if st.stack and st.stack[-1] == ("round_expire",) and st.round >= st.params["round_cap"]:
        return  # the last Round's End Phase: the cap ends the game next, which no Rebalance can change
    seats = {s // 3 for s in fallen}
    st.push(*(("rebalance", p) for p in (st.first, 1 - st.first) if p in seats))


HANDLERS = {
    "setup": h_setup,
    "mulligan": h_mulligan,
    "mulligan_chosen": h_mulligan_chosen,
    "round_start": h_round_start,
    "end_phase": h_end_phase,
    "round_expire": h_round_expire,
    "settle": h_settle,
    **actions.HANDLERS,
    **mastery.HANDLERS,
}
MasteryState.HANDLERS = HANDLERS  # type: ignore[assignment]
