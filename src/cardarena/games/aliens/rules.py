"""Set-up and turn structure of `aliens` (rulebook §6, §7, §8, §12, §14).

Each function is one step of the explicit rule stack (see cardarena.core.engine). Actions in the
Activation Phase are in actions.py; effects, damage, KO and Recycling in effects.py.
"""

from __future__ import annotations

from typing import Any

from cardarena.core.engine import Option, Step

from . import actions
from .effects import check_victory, clear_status, draw, each_turn_effects, hit, knock_out_all, live_species
from .schema import AlienCard, Card, TacticCard
from .state import AliensState

# -- set-up (rulebook §6) -------------------------------------------------------------------------


def new_state(
    squads: list[list[AlienCard]], decks: list[list[Card]], seed: int, params: dict[str, Any], config: dict[str, Any]
) -> AliensState:
    """Build the tables and run set-up to the first decision (rule aliens.6.5)."""
    st = AliensState.__new__(AliensState)
    st._init_base(config, seed)
    alien_ids: list[int] = []
    decks_ids: list[list[int]] = [[], []]
    for p in (0, 1):
        alien_ids.extend(st.deal(p, squads[p], shuffle=False))
        decks_ids[p] = st.deal(p, decks[p])  # dealt in a random order: an id never tells the card
    config["split"] = len(squads[0]) + len(decks[0])
    config["aliens"] = alien_ids
    st.aliens = tuple(alien_ids)
    st.params = params
    st.deck = decks_ids
    st.hand = [[], []]
    st.reactor = [[], []]
    st.discard = [[], []]
    st.command = [[], []]
    st.set_turn = {}
    st.sector = -1
    st.equip = [-1] * 6
    st.hp = [squads[i // 3][i % 3].hp for i in range(6)]
    st.status = [None] * 6
    st.attacked = [False] * 6
    st.shield = [0] * 6
    st.once_used = [False] * 6
    st.rep_used = [False] * 6
    st.charge = [0, 0]
    st.turn = 0
    st.active = 0
    st.priority = 0
    st.grants = []
    st.negated = False
    st.blocked = 0
    st.ko_queue = []
    st.pending = []
    st.stack.append(("setup",))
    st.run()
    return st


def h_setup(st: AliensState, step: Step) -> None:
    # 1. priority by coin flip (rule aliens.6.1); the winner takes turn 1 (ruling aliens.gap.17)
    heads = st.rng.coin()
    st.priority = 0 if heads else 1
    st.emit("coin", purpose="priority", result="heads" if heads else "tails", winner=st.priority)
    # 2. reveal all Aliens face-up (rule aliens.6.2)
    for p in (0, 1):
        st.emit("reveal", player=p, aliens=[st.ref(st.aliens[s]) for s in range(p * 3, p * 3 + 3)])
    # 3. shuffle (rule aliens.6.3)
    for p in (0, 1):
        st.rng.shuffle(st.deck[p])
        st.emit("shuffle", player=p, reason="setup")
    # 4. draw 5 (rule aliens.6.4)
    for p in (0, 1):
        draw(st, p, st.params["hand_size"], "opening hand")
    # 5. the second player's pre-bank, then turn 1 (rule aliens.6.6)
    st.push(("prebank", 1 - st.priority, 0), ("turn_start",))


def h_prebank(st: AliensState, step: Step) -> None:
    """Asker: the second player may bank up to 2 hand cards before turn 1 (rules aliens.6.6–6.8)."""
    _, p, done = step
    if done >= st.params["prebank_max"] or not st.hand[p]:
        return
    opts = []
    for iid in st.distinct(st.hand[p]):
        d = st.defs[iid]
        opts.append(Option(f"bank:{d.id}", f"Bank {d.name} into the Reactor", {"card": d.id}, iid))
    opts.append(Option("done", "Done banking", {"action": "done"}, -1))
    left = st.params["prebank_max"] - done
    what = f"up to {left}{' more' if done else ''} hand card{'s' if left > 1 else ''}"
    st.ask(p, "prebank", f"Pre-bank: move {what} face-down into your Reactor",
           opts, ("prebank_chosen", p, done), step)


def h_prebank_chosen(st: AliensState, step: Step) -> None:
    _, p, done, iid = step
    if iid < 0:
        st.emit("prebank_done", player=p, banked=done)
        return
    st.hand[p].remove(iid)
    st.reactor[p].append(iid)
    st.emit("bank", player=p, card=st.ref(iid))
    st.stack.append(("prebank", p, done + 1))


# -- the turn (rulebook §7) --------------------------------------------------------------------


def h_turn_start(st: AliensState, step: Step) -> None:
    st.turn += 1
    p = st.priority if st.turn % 2 == 1 else 1 - st.priority
    st.active = p
    st.attacked = [False] * 6
    st.rep_used = [False] * 6
    st.grants = []
    if st.record:
        st.emit("turn", turn=st.turn, round=st.round, player=p)
    # Reactor Ramp: the active player gains it before the Draw Phase (rule aliens.8.2, ruling aliens.gap.14);
    # no card changes it (rule aliens.7.17), only the `ramp` rule parameter
    ramp = st.params["ramp"]
    if ramp > 0:
        st.charge[p] += ramp
    if st.record:  # a search's copies keep no log: no event built
        st.emit("ramp", player=p, amount=max(ramp, 0))
    if st.record:
        st.stack.extend(_TURN)
        return
    # A search's copies keep no log: they go without the phase steps (which only log), and run the
    # Draw Phase here and the steps after the Activation Phase in one (`h_turn_rest`). The same
    # rules in the same order; only fewer steps go through the stack.
    st.stack.extend(_QUIET_TURN)
    h_draw_phase(st, step)  # a deck-out ends the game here, and `finish` drops the two steps


#: a turn's steps (rule aliens.7.1), last first as `st.push` would put them on the stack: built once
_TURN = tuple(reversed((("phase", "draw"), ("draw_phase",), ("phase", "activation"), ("activation", "primary"),
                        ("phase", "energy"), ("energy_phase",), ("statuses",), ("turn_end",))))
_QUIET_TURN = (("turn_rest",), ("activation", "primary"))


def h_phase(st: AliensState, step: Step) -> None:
    """rulebook §7: Draw → Activation → Energy (rule aliens.7.1); logged for viewers."""
    if st.record:
        st.emit("phase", phase=step[1], player=st.active)


def h_draw_phase(st: AliensState, step: Step) -> None:
    """Draw to exactly 5, or mill-on-full into the Reactor (rules aliens.7.2–7.6)."""
    p = st.active
    size = st.params["hand_size"]
    n = len(st.hand[p])
    deck = st.deck[p]
    if n < size:
        need = size - n
        if len(deck) < need:
            st.emit("deck_out", player=p, needed=need, deck=len(deck))
            st.finish(1 - p, "deck_out", st.turn)
            return
        draw(st, p, need, "draw phase")
    elif st.turn == 1:
        st.emit("draw_phase", player=p, drew=0, note="turn 1: no mill-on-full")
    elif not deck:
        st.emit("deck_out", player=p, needed=1, deck=0, mill=True)
        st.finish(1 - p, "deck_out_mill", st.turn)
    else:
        iid = deck.pop()
        st.reactor[p].append(iid)
        if st.record:
            st.emit("mill_to_reactor", player=p, card=st.ref(iid))


def h_energy_phase(st: AliensState, step: Step) -> None:
    """Start of the Energy Phase: lasting cards' each-turn effects (ruling aliens.gap.11)."""
    each_turn_effects(st, st.active)
    st.flush()


def h_statuses(st: AliensState, step: Step) -> None:
    """End of the Energy Phase: the active player's Aliens' statuses resolve, in slot order
    (rules aliens.12.3–12.10, ruling aliens.gap.29)."""
    resolve_statuses(st)
    st.flush()


def resolve_statuses(st: AliensState) -> None:
    p = st.active
    rng = st.rng
    down: list[int] = []  # Corroding KOs, together once every status has resolved (knock_out_all)
    for s in (p * 3, p * 3 + 1, p * 3 + 2):
        cur = st.status[s]
        if cur is None or st.hp[s] <= 0:
            continue
        if cur == "jammed":
            c1, c2 = rng.coin(), rng.coin()
            if st.record:
                st.emit("coin", purpose="jammed", alien=st.ref_id(st.aliens[s]), results=["heads" if c1 else "tails", "heads" if c2 else "tails"])
            if c1 or c2:
                clear_status(st, s, "coin flip")
        elif cur == "corroding":
            if hit(st, s, 1, -1, base=1, status_damage=True, ko=False):
                down.append(s)
        elif cur == "fluxed":
            c = rng.coin()
            if st.record:
                st.emit("coin", purpose="fluxed", alien=st.ref_id(st.aliens[s]), results=["heads" if c else "tails"])
            if c:
                clear_status(st, s, "coin flip")
    knock_out_all(st, down)


def h_turn_rest(st: AliensState, step: Step) -> None:
    """A search's copy (no log): `energy_phase`, `statuses` and `turn_end`, then the next
    `turn_start`, in one step. When an effect may have decided the game, the victory check
    (`settle`) runs next and the rest goes back on the stack after it, as the separate steps would."""
    stack = st.stack
    each_turn_effects(st, st.active)
    if st.settling:
        stack.append(("turn_end",))
        stack.append(("statuses",))
        st.flush()
        return
    resolve_statuses(st)
    if st.settling:
        stack.append(("turn_end",))
        st.flush()
        return
    if st.turn >= 2 * st.params["safety_cap_rounds"]:
        safety_cap(st)
        return
    h_turn_start(st, step)


def h_turn_end(st: AliensState, step: Step) -> None:
    """The turn passes (rule aliens.7.15), unless the safety cap ends the match (rulebook §14)."""
    if st.record:
        st.emit("turn_end", turn=st.turn, player=st.active)
    if st.turn >= 2 * st.params["safety_cap_rounds"]:
        safety_cap(st)
        return
    st.stack.append(("turn_start",))


def squad_hp(st: AliensState, p: int) -> int:
    return sum(st.hp[p * 3: p * 3 + 3])


def safety_cap(st: AliensState) -> None:
    """Rules aliens.14.2–14.6: surviving Aliens, then Squad HP, then priority. Never a draw."""
    alive = [len(st.live_slots(0)), len(st.live_slots(1))]
    hp = [squad_hp(st, 0), squad_hp(st, 1)]
    if alive[0] != alive[1]:
        winner, how = (0 if alive[0] > alive[1] else 1), "survivors"
    elif hp[0] != hp[1]:
        winner, how = (0 if hp[0] > hp[1] else 1), "squad_hp"
    else:
        winner, how = st.priority, "priority"
    st.emit("safety_cap", rounds=st.round, survivors=alive, squad_hp=hp, decided_by=how)
    st.finish(winner, "safety_cap", st.turn)


# -- after a KO (rulebook §11) ------------------------------------------------------------------


def h_settle(st: AliensState, step: Step) -> None:
    """Victory check once an effect that KO'd something has resolved, then the KO follow-ups."""
    if check_victory(st):
        return
    queue = st.ko_queue
    st.ko_queue = []
    # one choice per owner and species: two Aliens of one species KO'd by the same effect leave one
    # set of dead Tactics, so the owner is asked once, not once per Alien (ruling aliens.gap.27)
    asked: set[tuple[int, str]] = set()
    once: list[int] = []
    for slot in queue:
        key = (slot // 3, st.alien(slot).species)
        if key not in asked:
            asked.add(key)
            once.append(slot)
    for slot in reversed(once):
        st.stack.append(("dead_tactics", slot))


def dead_species(st: AliensState, slot: int) -> bool:
    """Whether the KO'd Alien's Tactics are now dead: no other live Alien of its species (ruling aliens.gap.1)."""
    return st.alien(slot).species not in live_species(st, slot // 3)


def dead_set_tactics(st: AliensState, slot: int) -> list[int]:
    if not dead_species(st, slot):
        return []  # another live Alien of the species still uses these Tactics (ruling aliens.gap.1)
    p = slot // 3
    species = st.alien(slot).species
    defs = st.defs
    return [i for i in st.command[p] if i in st.set_turn and isinstance(defs[i], TacticCard)
            and defs[i].species == species]


def h_dead_tactics(st: AliensState, step: Step) -> None:
    """Asker: the owner may discard the KO'd Alien's set Tactics (rule aliens.11.5, ruling aliens.gap.27).

    Asked whenever the owner has face-down cards and the species is dead, even if none of them is a
    Tactic of it ("keep" is then the only option): whether there is one is hidden (rule aliens.10.5)."""
    slot = step[1]
    p = slot // 3
    if not dead_species(st, slot) or not any(i in st.set_turn for i in st.command[p]):
        return
    dead = dead_set_tactics(st, slot)
    opts = []
    if dead:
        names = ", ".join(st.name(i) for i in dead)
        opts.append(Option("discard", f"Discard them ({names})",
                           {"cards": [st.defs[i].id for i in dead],
                            "at": [{"seat": p, "zone": "command", "index": st.command[p].index(i)} for i in dead]},
                           True))
        keep = "Keep them set face-down"
    else:
        keep = "Keep them set face-down (none of your set cards is its Tactic)"
    opts.append(Option("keep", keep, {"action": "keep"}, False))
    st.ask(p, "ko_discard", f"{st.alien(slot).name} was KO'd: discard its {len(dead)} set Tactic(s)?", opts,
           ("dead_tactics_chosen", slot), step)


def h_dead_tactics_chosen(st: AliensState, step: Step) -> None:
    _, slot, discard = step
    if not discard:
        return
    p = slot // 3
    for i in dead_set_tactics(st, slot):
        st.command[p].remove(i)
        del st.set_turn[i]
        st.discard[p].append(i)
        st.emit("move", player=p, card=st.ref(i), to="discard", reason="Tactic of a KO'd Alien")


HANDLERS = {
    "setup": h_setup,
    "prebank": h_prebank,
    "prebank_chosen": h_prebank_chosen,
    "turn_start": h_turn_start,
    "phase": h_phase,
    "draw_phase": h_draw_phase,
    "energy_phase": h_energy_phase,
    "statuses": h_statuses,
    "turn_end": h_turn_end,
    "turn_rest": h_turn_rest,
    "settle": h_settle,
    "dead_tactics": h_dead_tactics,
    "dead_tactics_chosen": h_dead_tactics_chosen,
    **actions.HANDLERS,
}
AliensState.HANDLERS = HANDLERS  # type: ignore[assignment]
