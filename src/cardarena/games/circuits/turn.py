"""Set-up and the turn (rulebook §5, §6, §7): Start, Rally, Draw, Action and End Steps, Overtime."""

from __future__ import annotations

from typing import Any

from cardarena.core.engine import Option, Step

from .actions import resolve_reveal
from .damage import burn_tick, damage_hero
from .effects import draw
from .moot import same_outcome
from .schema import Card, GearCard, HeroCard
from .squad import fresh, settle_squad
from .state import CircuitsState
from .windows import open_window

HAND_LIMIT = 7


def new_state(heroes: list[list[HeroCard]], armories: list[list[GearCard]], decks: list[list[Card]], seed: int,
              params: dict[str, Any], config: dict[str, Any]) -> CircuitsState:
    st = CircuitsState.__new__(CircuitsState)
    st._init_base(config, seed)
    hero_ids = []
    zones: dict[str, list[list[int]]] = {"deck": [[], []], "armory": [[], []], "bench": [[], []]}
    for p in (0, 1):  # instance ids are dealt in a random order: an id never tells which card it is
        ids = st.deal(p, heroes[p], shuffle=False)  # the Heroes are public (rule 5.1)
        hero_ids.append(ids[0])
        zones["bench"][p] = ids[1:]  # Squad: the other two start on the Bench (rule 16.3)
        zones["armory"][p] = st.deal(p, armories[p])
        zones["deck"][p] = st.deal(p, decks[p])
    st.hero = (hero_ids[0], hero_ids[1])
    st.params = params
    st.deck = zones["deck"]
    st.armory = zones["armory"]
    for k in ("hand", "discard", "field", "loadout", "scrap", "plans"):
        setattr(st, k, [[], []])
    st.hp = [heroes[0][0].hp, heroes[1][0].hp]
    st.bench = zones["bench"]
    st.fallen = [[], []]
    st.benched = {h: fresh(st.defs[h].hp) for p in (0, 1) for h in st.bench[p]}
    for k in ("burn_enemy", "burn_self", "shield", "no_heal_until", "own_turns"):
        setattr(st, k, [0, 0])
    st.capacity = [0, 0]
    st.rally = [0, 0]
    for k in ("marked", "second_wind", "ult_used", "mulliganed"):
        setattr(st, k, [False, False])
    for k in ("damage", "jammed", "kind_of", "guarded", "frame_data"):
        setattr(st, k, {})
    for k in ("delayed", "delay_used", "flags", "match_flags"):
        setattr(st, k, set())
    st.active = 0
    st.turn_step = "setup"
    st.battery = []
    st.breakpoints = [False] * 4
    st.first = 0
    st.frames = []
    st.gear = [-1] * 6
    st.pending = []
    st.picks = [[], []]
    st.queued = []
    st.reserve = -1
    st.seen = [set(), set()]
    st.settling = False
    st.turn = 0
    st.next_frame = 0
    st.stack.append(("setup",))
    st.run()
    return st


def h_setup(st: CircuitsState, step: Step) -> None:
    for p in (0, 1):  # step 1: reveal Heroes, all three in Squad (rules 5.1, 16.3)
        for h in (st.hero[p], *st.bench[p]):
            st.emit("reveal_hero", player=p, hero=st.ref(h))
    steps: list[Step]
    if st.squad:  # declare the Active Hero (rule 5.2); five Gear, at least one of each slot (rule 5.5)
        steps = [("choose_active", p) for p in (0, 1)] + [("squad_loadout_pick", p, 5) for p in (0, 1)]
    else:
        steps = [("loadout_pick", p, slot) for p in (0, 1) for slot in ("weapon", "armor", "relic")]
    steps += [("loadout_reveal",), ("deal",), ("mulligan", 0), ("mulligan", 1), ("start_player",), ("turn_start",)]
    st.push(*steps)


def h_loadout_pick(st: CircuitsState, step: Step) -> None:
    """Asker: secretly pick one Gear of this slot for the Loadout (rules 5.3–5.6)."""
    _, p, slot = step
    cands = [g for g in st.armory[p] if st.defs[g].slot == slot and g not in st.picks[p]]
    if not cands:
        return
    # asked even for a lone Gear, and when both are copies of one Gear (one option): the other seat
    # cannot see the Armory before the reveal, and a Limited Armory holds any number of Gear of a slot
    # (ruling circuits.gap.37), so a pick made without asking would tell it how many
    opts = [Option(f"gear:{st.defs[g].id}", f"{st.name(g)} ({slot}, cost {st.defs[g].cost})",
                   {"card": st.defs[g].id}, g) for g in st.distinct(cands)]
    st.ask(p, "loadout", f"Secretly choose your {slot} for the Loadout", opts, ("loadout_picked", p), step)


def h_loadout_picked(st: CircuitsState, step: Step) -> None:
    _, p, g = step
    st.picks[p].append(g)
    st.emit("loadout_committed", player=p, card=st.ref(g))


def h_loadout_reveal(st: CircuitsState, step: Step) -> None:
    """Rule 5.7–5.8: both Loadouts are revealed at once; the rest stays in the Armory reserve."""
    for p in (0, 1):
        for g in st.picks[p]:
            st.armory[p].remove(g)
            st.loadout[p].append(g)
        st.picks[p] = []
        st.emit("loadout", player=p, cards=[st.ref(g) for g in st.loadout[p]],
                reserve=[st.ref(g) for g in st.armory[p]])


def h_deal(st: CircuitsState, step: Step) -> None:
    for p in (0, 1):  # rule 5.10
        st.rng.shuffle(st.deck[p])
        st.emit("shuffle", player=p, reason="setup")
        draw(st, p, 5, "opening hand")


def h_mulligan(st: CircuitsState, step: Step) -> None:
    """Asker: keep, or one full mulligan (rules 5.11–5.12); in seat order (ruling circuits.gap.43)."""
    p = step[1]
    opts = [Option("keep", "Keep this hand", {}, False), Option("mulligan", "Mulligan: shuffle it back, draw five", {}, True)]
    st.ask(p, "mulligan", "Keep your opening hand?", opts, ("mulligan_chosen", p), step)


def h_mulligan_chosen(st: CircuitsState, step: Step) -> None:
    _, p, redo = step
    st.mulliganed[p] = redo
    st.emit("mulligan", player=p, taken=redo)
    if redo:
        st.deck[p].extend(st.hand[p])
        st.hand[p] = []
        st.rng.shuffle(st.deck[p])
        draw(st, p, 5, "mulligan")


def h_start_player(st: CircuitsState, step: Step) -> None:
    """Rules 5.13–5.15: random starting player, the Reserve token to the other, Capacity and Rally 1."""
    heads = st.rng.coin()
    st.first = 0 if heads else 1
    st.emit("coin", purpose="starting player", result="heads" if heads else "tails", first=st.first)
    if st.params["reserve_token"]:
        st.reserve = 1 - st.first
        st.emit("reserve_token_taken", player=st.reserve)
    st.capacity = [1, 1]
    st.rally = [1, 1]
    st.turn = 0


def h_turn_start(st: CircuitsState, step: Step) -> None:
    st.turn += 1
    p = st.first if st.turn % 2 == 1 else 1 - st.first
    st.active = p
    st.turn_step = "start"
    st.own_turns[p] += 1
    st.flags = set()  # "once per turn" resets at every turn's start (rule 10.7)
    for a, until in list(st.guarded.items()):
        if until <= st.turn:
            del st.guarded[a]
    for g, until in list(st.jammed.items()):
        if until <= st.turn:
            del st.jammed[g]
    if st.record:  # a search's copies keep no log: no event built
        st.emit("turn", turn=st.turn, player=p, own_turn=st.own_turns[p])
    st.push(("start_step", p), ("rally_step", p), ("draw_step", p), ("action", p), ("end_step", p), ("turn_start",))


def h_start_step(st: CircuitsState, step: Step) -> None:
    """Asker: the active player's Plans reveal one at a time, in the order they choose (rules 7.2–7.3)."""
    p = step[1]
    if st.result is not None:
        return
    todo = [i for i in st.plans[p] if f"handled:{i}" not in st.flags]
    if not todo:
        st.stack.append(("fire", p, "turn_start", "start of turn"))  # rule 7.4
        return
    if len(todo) == 1:
        st.stack.append(("reveal_next", p, todo[0]))
        return
    st.ask(p, "plan_order", "Start Step: which Plan reveals next?", plan_options(st, p, todo), ("reveal_next", p), step)


def plan_options(st: CircuitsState, p: int, todo: list[int]) -> list[Option]:
    """Which of `todo`, the owner's Plans, reveals next (rule 7.3): one option per Plan, by its place in
    the Plans zone, never merged (ruling 59). Asked whenever two or more are left, a public count: whether
    the order matters depends on the Plans, which the other seat may not know (rulings 50, 56)."""
    opts = []
    for i in todo:
        k = st.plans[p].index(i)
        opts.append(Option(f"plan:{k}", f"Reveal {st.name(i)}" + (" (delayed)" if i in st.delayed else ""),
                           {"card": st.defs[i].id, "at": {"seat": p, "zone": "plans", "index": k}}, i))
    return opts


def h_reveal_next(st: CircuitsState, step: Step) -> None:
    _, p, iid = step
    st.flags.add(f"handled:{iid}")
    st.stack.append(("start_step", p))
    if iid in st.delayed:
        # a delayed Plan resolves at its owner's following Start Step (rule 12.10; ruling gap.29)
        resolve_reveal(st, p, iid, False)
        st.flush()
        return
    st.stack.append(("reveal", p, iid, False))


def h_reveal(st: CircuitsState, step: Step) -> None:
    """A Plan reveals (at the Start Step, or forced early: rules 12.5, 12.7) and opens a full window."""
    _, p, iid, forced = step
    # only a face-down Plan reveals: one gone (returned, resolved) or delayed meanwhile, e.g. by a reveal
    # forced inside Grand Design's resolution, does not reveal again (rules 12.9–12.11, 8.7.8)
    if iid not in st.face_down_plans(p):
        return
    st.seen[1 - p].add(iid)
    if st.record:
        st.emit("plan_revealed", player=p, card=st.ref(iid), id=st.ref_id(iid), index=st.plans[p].index(iid),
                forced=forced)
    open_window(st, "full", p, ("reveal", iid))


def h_rally_step(st: CircuitsState, step: Step) -> None:
    """Rules 6.1–6.4, 6.12–6.15, 7.5: Capacity +1 (+2 with Second Wind) from turn 2, to 10; refill.
    In Squad, Second Wind is the player's, once per match, measured on the Active Hero (rule 16.31)."""
    p = step[1]
    st.turn_step = "rally"
    if st.own_turns[p] > 1:
        inc = 1
        if not st.second_wind[p] and st.hp[p] * 2 <= st.max_hp(p):
            st.second_wind[p] = True
            inc = 2
            st.emit("second_wind", player=p)
        st.capacity[p] = min(st.params["capacity_max"], st.capacity[p] + inc)
    st.rally[p] = st.capacity[p]
    if st.record:
        st.emit("rally_step", player=p, capacity=st.capacity[p], rally=st.rally[p])


def h_draw_step(st: CircuitsState, step: Step) -> None:
    """Rule 7.6; the starting player skips the draw of their first turn (rule 5.16)."""
    p = step[1]
    st.turn_step = "draw"
    if p == st.first and st.own_turns[p] == 1:
        st.emit("draw_skipped", player=p)
        return
    draw(st, p, 1, "draw step")


def h_end_step(st: CircuitsState, step: Step) -> None:
    """Rules 7.13–7.17 in order: end-of-turn effects, Full Battery, Strike, Burn, expiry, hand to seven."""
    p = step[1]
    if st.result is not None:
        return
    st.turn_step = "end"
    strikers = tuple(a for a in st.field[p] if st.defs[a].strike)
    st.push(("fire", p, "end_step", "end of turn"), ("battery", p), ("order_strikes", p, strikers),
            ("burn_tick", p), ("expire", p), ("hand_limit", p))


def h_order_strikes(st: CircuitsState, step: Step) -> None:
    """Asker: the active player's Strikes trigger together; their controller chooses which resolves
    first, then next (rules 7.14, 18.4; ruling 50). Copies of one card deal the same damage, so an
    order is asked only between different cards. The Assets are public: asking tells nothing hidden."""
    _, p, pending = step
    if st.result is not None:
        return
    live = [a for a in pending if a in st.field[p]]
    kinds = st.distinct(live)  # one Asset per card: copies deal the same damage
    # an order that cannot change anything is not asked either (circuits ruling 50)
    if len(kinds) <= 1 or same_outcome(st, [("strike_chosen", p, tuple(live), a) for a in kinds]):
        st.push(*[("strike", p, a) for a in live])
        return
    opts = []
    for a in kinds:
        at = st.position(a)
        opts.append(Option(f"strike:{at['zone']}:{at['index']}", f"{st.name(a)} (Strike {st.defs[a].strike})",
                           {"card": st.defs[a].id, "at": at}, a))
    st.ask(p, "strike_order", "Your Assets with Strike trigger: which deals its damage first?", opts,
           ("strike_chosen", p, tuple(live)), step)


def h_strike_chosen(st: CircuitsState, step: Step) -> None:
    _, p, live, chosen = step
    st.push(("strike", p, chosen), ("order_strikes", p, tuple(a for a in live if a != chosen)))


def h_battery(st: CircuitsState, step: Step) -> None:
    """Full Battery: extra Asset damage at the caster's End Step, before Strike (rules 8.7.4–8.7.6)."""
    p = step[1]
    mine = [b for b in st.battery if b[0] == p]
    st.battery = [b for b in st.battery if b[0] != p]
    # each Asset is the source of its own damage event: one step each, so the triggers an event fires
    # resolve before the next event (rule 11.23)
    st.push(*[("battery_hit", p, a, amount) for _, amount in mine for a in st.field[p]])


def h_battery_hit(st: CircuitsState, step: Step) -> None:
    _, p, a, amount = step
    if st.result is None:
        damage_hero(st, 1 - p, amount, a, p, via="Full Battery")
    st.flush()


def h_strike(st: CircuitsState, step: Step) -> None:
    _, p, a = step
    if a in st.field[p] and st.result is None:
        open_window(st, "restricted", p, ("strike", a))  # rules 9.1.12–9.1.15


def h_burn_tick(st: CircuitsState, step: Step) -> None:
    burn_tick(st, step[1])
    st.flush()


def h_expire(st: CircuitsState, step: Step) -> None:
    """Rule 7.16: "this turn" effects end (after Strike and Burn), among them the "this turn" next-attack
    bonuses and riders no attack used, whoever queued them (rule 8.6.8; "this turn" is the current
    turn, whoever's it is)."""
    if st.record:
        st.emit("turn_effects_expire", player=step[1])
    for q in [q for q in st.queued if q[4]]:
        st.emit("queued_expired", player=q[0], what=q[1], amount=q[2])
    st.queued = [q for q in st.queued if not q[4]]


def h_hand_limit(st: CircuitsState, step: Step) -> None:
    """Asker: discard down to seven (rule 7.17), one card at a time."""
    p = step[1]
    if len(st.hand[p]) <= HAND_LIMIT:
        return
    opts = [Option(f"discard:{st.defs[i].id}", f"Discard {st.name(i)}", {"card": st.defs[i].id}, i)
            for i in st.distinct(st.hand[p])]
    st.ask(p, "discard", f"Discard down to {HAND_LIMIT} ({len(st.hand[p])} in hand)", opts, ("hand_discard", p), step)


def h_hand_discard(st: CircuitsState, step: Step) -> None:
    _, p, i = step
    st.hand[p].remove(i)
    st.discard[p].append(i)
    st.emit("discard", player=p, card=st.ref(i), reason="hand limit")
    st.stack.append(("hand_limit", p))


def h_settle(st: CircuitsState, step: Step) -> None:
    """Rule 1.1: a Hero at 0 HP loses; both at once is a draw (ruling circuits.gap.44). Squad: knock-out
    and promotion (squad.settle_squad)."""
    if st.squad:
        settle_squad(st)
        return
    down = [st.hp[p] <= 0 for p in (0, 1)]
    if down[0] and down[1]:
        st.finish(None, "both_heroes_defeated", st.turn)
    elif down[0] or down[1]:
        st.finish(1 if down[0] else 0, "hero_defeated", st.turn)


def h_resolve_plans(st: CircuitsState, step: Step) -> None:
    """An Ultimate that resolves all your Plans: each Plan present now is attempted once, in a window of
    its own, in the order its owner chooses (rule 7.3, ruling 56); the reward counts only the Plans that
    resolved (rules 8.7.7–8.7.9)."""
    _, p, reward, what = step
    todo = tuple(i for i in st.plans[p] if i not in st.delayed)
    st.stack.append(("resolve_plans_next", p, reward, what, todo, todo))


def h_resolve_plans_next(st: CircuitsState, step: Step) -> None:
    """Asker: which of the Plans still to attempt (`left`) reveals next. One no longer face-down (returned
    to hand, delayed by a forced reveal meanwhile) would not reveal, so it is not offered (rule 8.7.8)."""
    _, p, reward, what, todo, left = step
    if st.result is not None:
        return
    down = st.face_down_plans(p)
    live = [i for i in left if i in down]
    if len(live) > 1:
        st.ask(p, "plan_order", f"{what}: which Plan reveals next?", plan_options(st, p, live),
               ("resolve_plans_pick", p, reward, what, todo, tuple(live)), step)
        return
    if live:
        st.push(("reveal", p, live[0], True), ("resolve_plans_next", p, reward, what, todo, ()))
        return
    count = sum(1 for i in todo if f"plan_resolved:{i}" in st.flags)
    st.emit("plans_resolved", player=p, count=count)
    if reward and count:
        damage_hero(st, 1 - p, reward * count, "Ultimate reward", p)
    st.flush()


def h_resolve_plans_pick(st: CircuitsState, step: Step) -> None:
    _, p, reward, what, todo, live, iid = step
    st.push(("reveal", p, iid, True), ("resolve_plans_next", p, reward, what, todo, tuple(i for i in live if i != iid)))


HANDLERS: dict[str, Any] = {
    "setup": h_setup,
    "loadout_pick": h_loadout_pick,
    "loadout_picked": h_loadout_picked,
    "loadout_reveal": h_loadout_reveal,
    "deal": h_deal,
    "mulligan": h_mulligan,
    "mulligan_chosen": h_mulligan_chosen,
    "start_player": h_start_player,
    "turn_start": h_turn_start,
    "start_step": h_start_step,
    "reveal_next": h_reveal_next,
    "reveal": h_reveal,
    "rally_step": h_rally_step,
    "draw_step": h_draw_step,
    "end_step": h_end_step,
    "battery": h_battery,
    "battery_hit": h_battery_hit,
    "strike": h_strike,
    "order_strikes": h_order_strikes,
    "strike_chosen": h_strike_chosen,
    "burn_tick": h_burn_tick,
    "expire": h_expire,
    "hand_limit": h_hand_limit,
    "hand_discard": h_hand_discard,
    "settle": h_settle,
    "resolve_plans": h_resolve_plans,
    "resolve_plans_next": h_resolve_plans_next,
    "resolve_plans_pick": h_resolve_plans_pick,
}
