"""Build `frontline` boards for rule scenarios: exactly the cards, HP and LP a test needs.

    st = scenario(front=(["Pike Levy"], ["Shieldbearer"]), hands=(["Volley", "Militia Recruit"], []))
    pick(st, "Cast Volley")                # the option whose label contains the words
    assert st.hp[uid(st, "Shieldbearer")] == 2

The board is built directly (no deck legality), then the rules run from the chosen point: "main"
(the active player's Main Phase 1), "battle" (the Battle Phase), or "turn_start" (the whole turn).
Units placed by the scenario arrived on an earlier turn, so they may attack.
"""

from __future__ import annotations

from typing import Any

from cardarena.games.frontline.pool import card_pool
from cardarena.games.frontline.rules import new_state
from cardarena.games.frontline.ruleset import FrontlineRuleset
from cardarena.games.frontline.state import COMMAND, DECK, FALLEN, FRONT, GEAR, HAND, TAC, FrontlineState
from scenario_tools import blank_table, events, find, has, labels, pick  # noqa: F401 - re-exported for tests

GAME = FrontlineRuleset()
POOL = card_pool()
FILLER = "Militia Recruit"  # a vanilla 1/1 for 0: fills decks and pays costs

Side = tuple[list[Any], list[Any]]


def card(name: Any) -> Any:
    """A pool card by name; a Card object (a test's own design) is used as it is."""
    return POOL.by_name[name] if isinstance(name, str) else name


def scenario(
    hands: Side = ([], []),
    decks: Side | None = None,
    front: Side = ([], []),
    tac: Side = ([], []),
    command: tuple[str | None, str | None] = (None, None),
    gear: dict[str, list[str]] | None = None,
    fallen: Side = ([], []),
    lp: tuple[int, int] = (20, 20),
    turn: int = 3,
    active: int = 0,
    start: str = "main",
    seed: int = 0,
    rules: dict[str, Any] | None = None,
) -> FrontlineState:
    """A board at turn `turn`, `active` to play. Decks default to 20 fillers each (top = last).
    `front`/`tac` entries are names or (name, hp); `gear` maps a unit name to its equipment. A name
    may also be a Card object, for a rule the pool has no card to show."""
    params = GAME.check_rules(rules)
    config = {"game": "frontline", "format": "standard", "rules": params, "seed": seed, "decks": []}
    st = new_state([[], []], seed, params, config)
    blank_table(st)
    if decks is None:
        decks = ([FILLER] * 20, [FILLER] * 20)

    def make(p: int, names: list[Any], zone: int) -> list[int]:
        out = []
        for entry in names:
            name, hp = entry if isinstance(entry, tuple) else (entry, None)
            iid = st.deal(p, [card(name)], shuffle=False)[0]
            st.hp.append(0 if hp is None and zone not in (FRONT, TAC, COMMAND) else (hp or card(name).hp))
            st.zone.append(zone)
            st.moved.append(-1)
            out.append(iid)
        return out

    for p in (0, 1):
        st.hand[p] = make(p, hands[p], HAND)
        st.deck[p] = make(p, decks[p], DECK)
        st.fallen[p] = make(p, fallen[p], FALLEN)
        for i, iid in enumerate(make(p, front[p], FRONT)):
            st.front[p * 5 + i] = iid
        for i, iid in enumerate(make(p, tac[p], TAC)):
            st.tac[p * 3 + i] = iid
        if command[p]:
            st.command[p] = make(p, [command[p]], COMMAND)[0]
    for unit, items in (gear or {}).items():
        u = uid(st, unit)
        ids = make(st.owner[u], items, GEAR)
        st.gear[u] = tuple(ids)
        st.hp[u] += sum(card(n).hp for n in items)
    st.lp = list(lp)
    st.first = active if turn % 2 == 1 else 1 - active
    st.active = active
    if start == "turn_start":
        st.turn = turn - 1
        st.push(("turn_start",))
    else:
        st.turn = turn
        steps: list[tuple[Any, ...]] = [("main", 1), ("battle",), ("main", 2), ("end_phase",), ("turn_end",)]
        if start == "battle":
            steps = steps[1:]
        elif start == "end":
            steps = steps[3:]
        elif start != "main":
            raise ValueError(f"unknown start {start!r}")
        st.push(*steps)
    st.run()
    return st


def uid(st: FrontlineState, name: str, nth: int = 0) -> int:
    """The instance id of the nth card named `name` (board first, then everywhere)."""
    hits = [i for i in range(len(st.defs)) if st.defs[i].name == name]
    on_board = [i for i in hits if st.zone[i] in (FRONT, TAC, COMMAND, GEAR)]
    ordered = on_board + [i for i in hits if i not in on_board]
    return ordered[nth]


def kind(st: FrontlineState) -> str:
    assert st.decision is not None, f"no decision; result={st.result}"
    return st.decision.kind


def pass_ladder(st: FrontlineState) -> None:
    """Both players pass until the Ladder has resolved."""
    while st.decision is not None and st.decision.kind == "ladder":
        st.apply("pass")


def pay(st: FrontlineState, *words: str) -> None:
    """Answer every pending Expend pick, each with the option matching `words` (default: the first)."""
    while st.decision is not None and st.decision.kind == "expend":
        if words and has(st, *words):
            pick(st, *words)
        else:
            st.apply(st.decision.options[0].id)


def to_battle(st: FrontlineState) -> None:
    pick(st, "Go to the Battle Phase")


def attack(st: FrontlineState, attacker: str, target: str) -> None:
    """Declare an attack by label words: `attack(st, "Pike Levy", "Shieldbearer")` or target "LP"."""
    if target == "LP":
        pick(st, f"{attacker} (", "LP directly")
    else:
        pick(st, f"{attacker} (", f"attacks {target}")


def next_turn(st: FrontlineState) -> None:
    """Everyone passes, ends phases and discards until the next turn's Main Phase 1."""
    turn = st.turn
    while st.result is None and not (st.turn > turn and st.decision is not None and st.decision.kind == "main"):
        ids = st.decision.ids
        st.apply(next((i for i in ("pass", "battle", "end") if i in ids), ids[0]))
