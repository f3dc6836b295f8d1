"""Squad (rulebook §16): the Active Hero and the Bench, Swap, knock-out and promotion (Fresh Line),
and the Squad win (rules circuits.1.4–1.5, 16.1–16.31).

The per-seat Hero tables of the state always hold the Active Hero's values; a Bench Hero keeps its own
HP, statuses, Ultimate, Breakpoints and Gear in `benched` (rule 16.18), as a tuple in `STASHED` order
with its three Gear slots last. Exchanging two Heroes moves those values, so Burn on the Bench does
not tick (rule 15.3), its Passive and Gear text do nothing (rule 16.15, ruling circuits.gap.34) and
"your Hero" is always the Active Hero (rule 16.17) without any Duel rule knowing about Squad.
"""

from __future__ import annotations

from typing import Any

from cardarena.core.engine import Option, Step

from .damage import check_asset_hp
from .state import KNOCKOUTS_TO_WIN, SLOT, CircuitsState
from .windows import open_window

STASHED = ("hp", "burn_enemy", "burn_self", "shield", "no_heal_until", "marked", "ult_used")
FRESH_LINE = 2  # rule 16.24
SWAP_COST = 1  # rule 16.19


def stash(st: CircuitsState, p: int) -> tuple[Any, ...]:
    """The Active Hero's own values, to keep while it sits on the Bench."""
    gear = tuple(st.gear[p * 3: p * 3 + 3])
    return (*(getattr(st, k)[p] for k in STASHED), st.breakpoints[p * 2], st.breakpoints[p * 2 + 1], gear)


def load(st: CircuitsState, p: int, values: tuple[Any, ...]) -> None:
    for k, v in zip(STASHED, values, strict=False):
        getattr(st, k)[p] = v
    st.breakpoints[p * 2], st.breakpoints[p * 2 + 1] = values[len(STASHED)], values[len(STASHED) + 1]
    st.gear[p * 3: p * 3 + 3] = list(values[-1])


def fresh(hp: int) -> tuple[Any, ...]:
    """A Hero's values at set-up: full HP, no status, Ultimate unused, no Breakpoint, no Gear."""
    return (hp, 0, 0, 0, 0, False, False, False, False, (-1, -1, -1))


def bench_gear(st: CircuitsState, h: int) -> list[int]:
    return [g for g in st.benched[h][-1] if g >= 0]


def make_active(st: CircuitsState, p: int, h: int) -> None:
    """`h` (a Bench Hero) becomes Active; the Active Hero, if still standing, goes to its place."""
    old = st.hero[p]
    k = st.bench[p].index(h)
    values = st.benched.pop(h)
    if old not in st.fallen[p]:
        st.benched[old] = stash(st, p)
        st.bench[p][k] = old
    else:
        del st.bench[p][k]
    heroes = list(st.hero)
    heroes[p] = h
    st.hero = (heroes[0], heroes[1])
    load(st, p, values)
    st.flags.add(f"became_active:{h}")  # rule 16.29: no Ultimate the turn it became Active


# -- setting up ---------------------------------------------------------------------------------------


def h_choose_active(st: CircuitsState, step: Step) -> None:
    """Asker: step 1 of set-up, declare which of the three revealed Heroes is Active (rule 5.2)."""
    p = step[1]
    # data: the card and where it is, as every circuits option names a card it acts on (docs/protocol.md)
    opts = [Option("active:hero", f"{st.name(st.hero[p])} starts Active",
                   {"card": st.defs[st.hero[p]].id, "at": {"seat": p, "zone": "hero", "index": 0}}, -1)]
    opts += [Option(f"active:bench:{k}", f"{st.name(h)} starts Active",
                    {"card": st.defs[h].id, "at": {"seat": p, "zone": "bench", "index": k}}, h)
             for k, h in enumerate(st.bench[p])]
    st.ask(p, "active_hero", "Squad: which Hero starts Active?", opts, ("active_chosen", p), step)


def h_active_chosen(st: CircuitsState, step: Step) -> None:
    _, p, h = step
    if h >= 0:
        make_active(st, p, h)
        st.flags.discard(f"became_active:{h}")  # set-up is no turn
    st.emit("active_hero", player=p, hero=st.ref(st.hero[p]), bench=[st.ref(b) for b in st.bench[p]])


def h_squad_loadout_pick(st: CircuitsState, step: Step) -> None:
    """Asker: secretly pick one more Gear for the Squad Loadout: five in all, at least one of each slot
    (rule 5.5). Only Gear that still leaves room for every missing slot is offered. Always asked: the
    other seat cannot see the Armory before the reveal (rule 5.3)."""
    _, p, left = step
    picked = {st.defs[g].slot for g in st.picks[p]}
    missing = [s for s in SLOT if s not in picked]
    cands = [g for g in st.armory[p] if g not in st.picks[p]
             and (len(missing) < left or st.defs[g].slot in missing)]
    opts = [Option(f"gear:{st.defs[g].id}", f"{st.name(g)} ({st.defs[g].slot}, cost {st.defs[g].cost})",
                   {"card": st.defs[g].id}, g) for g in st.distinct(cands)]
    st.ask(p, "loadout", f"Secretly choose a Gear for your Loadout ({left} to go, at least one of each slot)",
           opts, ("squad_loadout_picked", p, left), step)


def h_squad_loadout_picked(st: CircuitsState, step: Step) -> None:
    _, p, left, g = step
    st.picks[p].append(g)
    st.emit("loadout_committed", player=p, card=st.ref(g))
    if left > 1:
        st.stack.append(("squad_loadout_pick", p, left - 1))


# -- Swap (rule 16.19) ----------------------------------------------------------------------------------


def swap_options(st: CircuitsState, seat: int) -> list[Option]:
    if not st.squad or "swapped" in st.flags or st.rally[seat] < SWAP_COST:
        return []
    return [Option(f"swap:bench:{k}", f"Swap ({SWAP_COST} Rally): {st.name(h)} becomes Active",
                   {"action": "swap", "card": st.defs[h].id, "at": {"seat": seat, "zone": "bench", "index": k}},
                   ("swap", h)) for k, h in enumerate(st.bench[seat])]


def declare_swap(st: CircuitsState, seat: int, h: int) -> None:
    """Pay 1 Rally and open the restricted window of a Swap (rules 16.19, 11.14)."""
    st.flags.add("swapped")
    st.rally[seat] -= SWAP_COST
    if st.record:  # a search's copies keep no log: no event built
        st.emit("paid", player=seat, rally=SWAP_COST, rally_left=st.rally[seat], reason="swap")
    st.emit("swap_declared", player=seat, hero=st.ref(h), out=st.ref(st.hero[seat]))
    open_window(st, "restricted", seat, ("swap", h))


def resolve_swap(st: CircuitsState, seat: int, h: int) -> None:
    if h not in st.bench[seat]:
        return
    old = st.hero[seat]
    make_active(st, seat, h)
    st.emit("swap", player=seat, hero=st.ref(h), out=st.ref(old))
    check_asset_hp(st, seat, old)  # an Asset HP bonus of the Hero now benched stops (rule 8.4.4)


# -- knock-out and the Squad win ----------------------------------------------------------------------


def settle_squad(st: CircuitsState) -> None:
    """Rules 16.21–16.27 and 1.4: an Active Hero at 0 HP is knocked out (to the Fallen pile, its Gear to
    Scrap); two knocked out loses; otherwise a Bench Hero is promoted at once (ruling circuits.gap.32)."""
    # both Active Heroes at 0 at once: the active player's knock-out and promotion come first (rule 18.3)
    down = [p for p in (st.active, 1 - st.active) if st.hp[p] <= 0 and st.hero[p] not in st.fallen[p]]
    base = len(st.stack)
    for p in down:
        h = st.hero[p]
        st.fallen[p].append(h)
        gear = [g for g in st.gear[p * 3: p * 3 + 3] if g >= 0]
        for g in gear:
            st.scrap[p].append(g)
            st.jammed.pop(g, None)
        st.gear[p * 3: p * 3 + 3] = [-1, -1, -1]
        for k in ("burn_enemy", "burn_self", "shield"):
            getattr(st, k)[p] = 0
        st.marked[p] = False
        st.emit("knock_out", player=p, hero=st.ref(h), scrapped=[st.ref(g) for g in gear], fallen=len(st.fallen[p]))
        check_asset_hp(st, p, h)
    lost = [p for p in (0, 1) if len(st.fallen[p]) >= KNOCKOUTS_TO_WIN or (p in down and not st.bench[p])]
    if len(lost) == 2:
        st.finish(None, "both_squads_defeated", st.turn)
    elif lost:
        p = lost[0]
        reason = "two_heroes_knocked_out" if len(st.fallen[p]) >= KNOCKOUTS_TO_WIN else "no_hero_to_promote"
        st.finish(1 - p, reason, st.turn)
    else:
        # beneath a replacement's choice the Asset check left (circuits ruling 63): the check is at once
        st.stack[base:base] = [("promote", p) for p in reversed(down)]


def h_promote(st: CircuitsState, step: Step) -> None:
    """Asker: promote a Bench Hero of your choice (rule 16.23); one Bench Hero is promoted unasked."""
    p = step[1]
    if st.result is not None:
        return
    if len(st.bench[p]) == 1:
        st.stack.append(("promoted", p, st.bench[p][0]))
        return
    opts = [Option(f"promote:bench:{k}", f"Promote {st.name(h)} ({st.benched[h][0]} HP)",
                   {"card": st.defs[h].id, "at": {"seat": p, "zone": "bench", "index": k}}, h)
            for k, h in enumerate(st.bench[p])]
    st.ask(p, "promote", "Your Active Hero was knocked out: promote a Bench Hero", opts, ("promoted", p), step)


def h_promoted(st: CircuitsState, step: Step) -> None:
    _, p, h = step
    make_active(st, p, h)
    st.shield[p] += FRESH_LINE  # Fresh Line (rule 16.24)
    st.emit("promote", player=p, hero=st.ref(h), shield=FRESH_LINE)


def ultimate_discount(st: CircuitsState, seat: int) -> int:
    """Last Stand: 1 less per Fallen Hero (rule 16.30); the floor of 5 is applied by the caller."""
    return len(st.fallen[seat])


HANDLERS: dict[str, Any] = {
    "choose_active": h_choose_active,
    "active_chosen": h_active_chosen,
    "squad_loadout_pick": h_squad_loadout_pick,
    "squad_loadout_picked": h_squad_loadout_picked,
    "promote": h_promote,
    "promoted": h_promoted,
}
