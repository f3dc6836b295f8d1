"""Set-up and turn structure of `frontline` (rulebook §2, §5): Draw, Main 1, Battle, Main 2, End.

Each function is one step of the explicit rule stack (cardarena.core.engine). Main Phase plays are in
actions.py, combat in combat.py, the Reaction Ladder in ladder.py, paying in expend.py.
"""

from __future__ import annotations

from typing import Any

from cardarena.core.engine import Option, Step

from . import actions, expend, ladder
from .combat import attack_options
from .effects import draw, end_phase_triggers, to_fallen
from .schema import Card
from .state import DECK, FALLEN, HAND_CAP, LP, FrontlineState

# -- set-up (rulebook §2) --------------------------------------------------------------------------


def new_state(decks: list[list[Card]], seed: int, params: dict[str, Any], config: dict[str, Any]) -> FrontlineState:
    """Build the tables and run set-up to the first decision."""
    st = FrontlineState.__new__(FrontlineState)
    st._init_base(config, seed)
    # instance ids are dealt in a random order: an id never tells the card
    deck_ids = [st.deal(p, decks[p]) for p in (0, 1)]
    n = len(st.defs)
    st.params = params
    st.turn = 0
    st.active = 0
    st.first = 0
    st.phase = "setup"
    st.lp = [params["life"], params["life"]]
    st.front = [-1] * 10
    st.tac = [-1] * 6
    st.command = [-1, -1]
    st.hp = [0] * n
    st.zone = [DECK] * n
    st.moved = [-1] * n
    st.links = []
    st.deck = deck_ids
    st.hand = [[], []]
    st.fallen = [[], []]
    st.gear = {}
    st.attacks = {}
    st.boost = {}
    st.used = set()
    st.revealed = set()
    st.stack.append(("setup",))
    st.run()
    return st


def h_setup(st: FrontlineState, step: Step) -> None:
    """Coin flip for Player 1 (ruling frontline.gap.13), shuffle with the Generals in, draw 6 each."""
    heads = st.rng.coin()
    st.first = 0 if heads else 1
    st.emit("coin", purpose="player 1", result="heads" if heads else "tails", winner=st.first)
    for p in (0, 1):
        st.rng.shuffle(st.deck[p])  # Generals are shuffled in with everything else (rule frontline.2.8)
        st.emit("shuffle", player=p, reason="setup")
    for p in (st.first, 1 - st.first):
        draw(st, p, st.params["opening_hand"], "opening hand")
    st.stack.append(("turn_start",))


# -- the turn (rulebook §5) ----------------------------------------------------------------------------


def h_turn_start(st: FrontlineState, step: Step) -> None:
    st.turn += 1
    p = st.first if st.turn % 2 == 1 else 1 - st.first
    st.active = p
    st.attacks = {}
    st.boost = {}
    st.used = set()
    if st.record:
        st.emit("turn", turn=st.turn, player=p)
    st.push(("draw_phase",), ("main", 1), ("battle",), ("main", 2), ("end_phase",), ("turn_end",))


def h_draw_phase(st: FrontlineState, step: Step) -> None:
    """Draw 1; Player 1 skips it on Turn 1; an impossible draw is a Deckout Forfeit (rules 1.4, 5.3–5.4)."""
    p = st.active
    st.enter_phase("draw")
    if st.turn == 1:
        st.emit("draw_skipped", player=p)
        return
    if not st.deck[p]:
        st.emit("deck_out", player=p)
        st.finish(1 - p, "deckout", st.turn)
        return
    draw(st, p, 1, "draw phase")


def h_battle(st: FrontlineState, step: Step) -> None:
    """Asker: declare the next attack, or end the Battle Phase (rules frontline.5.10, 6.3)."""
    p = st.active
    st.enter_phase("battle")
    opts = attack_options(st, p)
    if not opts:
        return  # nothing can attack: the only choice would be to end the phase
    opts.append(Option("end", "End the Battle Phase", {}, None))
    st.ask(p, "battle", "Battle Phase: declare an attack", opts, ("battle_do",), step)


def h_battle_do(st: FrontlineState, step: Step) -> None:
    choice = step[1]
    if choice is None:
        return
    _, a, t, tz = choice
    p = st.active
    st.attacks[a] = st.attacks.get(a, 0) + 1  # a whiffed attack still uses it up (ruling gap.12)
    if tz == LP:
        st.emit("declare_attack", player=p, attacker=st.ref(a), breach=t)
    else:
        st.emit("declare_attack", player=p, attacker=st.ref(a), target=st.ref(t))
    st.stack.append(("battle",))
    st.stack.append(("link", ("attack", p, a, st.zone[a], t, tz)))


def h_end_phase(st: FrontlineState, step: Step) -> None:
    """End-of-turn triggers first, then the hand cap (ruling frontline.gap.15)."""
    p = st.active
    st.enter_phase("end")
    end_phase_triggers(st, p)
    st.stack.append(("hand_cap", p))


def h_hand_cap(st: FrontlineState, step: Step) -> None:
    """Asker: the owner discards down to 7, one card at a time (rules frontline.2.12–2.15)."""
    p = step[1]
    excess = len(st.hand[p]) - HAND_CAP
    if excess <= 0:
        return
    opts = []
    for iid in st.distinct(st.hand[p]):
        d = st.defs[iid]
        opts.append(Option(f"discard:{d.id}", f"Discard {d.name}", {"card": d.id}, iid))
    st.ask(p, "discard", f"End Phase: discard {excess} more card(s) to the Fallen Zone (hand cap {HAND_CAP})",
           opts, ("hand_cap_do", p), step)


def h_hand_cap_do(st: FrontlineState, step: Step) -> None:
    _, p, iid = step
    st.hand[p].remove(iid)
    st.zone[iid] = FALLEN  # public from here on: the discard is seen by both
    st.emit("discard", player=p, card=st.ref(iid))
    to_fallen(st, iid, "hand cap")  # Scavenge fires on a discard too (rule frontline.3.13)
    if st.result is None:
        st.stack.append(("hand_cap", p))


def h_turn_end(st: FrontlineState, step: Step) -> None:
    if st.record:
        st.emit("turn_end", turn=st.turn, player=st.active)
    if st.turn >= st.params["turn_cap"]:
        turn_cap(st)
        return
    st.stack.append(("turn_start",))


def turn_cap(st: FrontlineState) -> None:
    """The game always ends (ruling frontline.gap.14): at the turn cap, more LP wins, then more cards
    in play; else a draw."""
    lp = list(st.lp)
    board = [len(st.field_cards(0)), len(st.field_cards(1))]
    if lp[0] != lp[1]:
        winner, how = (0 if lp[0] > lp[1] else 1), "life_points"
    elif board[0] != board[1]:
        winner, how = (0 if board[0] > board[1] else 1), "cards_in_play"
    else:
        winner, how = None, "tie"
    st.emit("turn_cap", turns=st.turn, lp=lp, cards_in_play=board, decided_by=how)
    st.finish(winner, "turn_cap", st.turn)


HANDLERS = {
    "setup": h_setup,
    "turn_start": h_turn_start,
    "draw_phase": h_draw_phase,
    "battle": h_battle,
    "battle_do": h_battle_do,
    "end_phase": h_end_phase,
    "hand_cap": h_hand_cap,
    "hand_cap_do": h_hand_cap_do,
    "turn_end": h_turn_end,
    **actions.HANDLERS,
    **expend.HANDLERS,
    **ladder.HANDLERS,
}
FrontlineState.HANDLERS = HANDLERS  # type: ignore[assignment]
