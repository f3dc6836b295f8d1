"""Build `circuits` Duel boards for rule scenarios: exactly the cards, Rally, HP and statuses a test needs.

    st = scenario(heroes=("Forgeblade", "Lumen Warden"), hands=(["Quick Shot"], []), rally=(3, 3))
    pick(st, "Play Quick Shot")            # the option whose label contains the words
    assert st.hp[1] == 28

The board is built directly (no deck legality), then the rules run from the chosen point: "action"
(the active player's Action Step decision) or "turn_start" (the whole turn `turn`).
"""

from __future__ import annotations

from typing import Any

import scenario_tools
from cardarena.core.cardfiles import CardFiles
from cardarena.games.circuits.pool import CardPool, card_pool
from cardarena.games.circuits.ruleset import CircuitsRuleset
from cardarena.games.circuits.state import SLOT, CircuitsState
from cardarena.games.circuits.turn import new_state
from scenario_tools import blank_table, labels  # noqa: F401 - re-exported for tests

GAME = CircuitsRuleset()
POOL = card_pool()


def card(name: str, pool: CardPool = POOL) -> Any:
    return pool.by_name[name] if name in pool.by_name else pool.heroes[name]


def scenario(
    heroes: tuple[str | tuple[str, ...], str | tuple[str, ...]],
    hands: tuple[list[str], list[str]] = ([], []),
    decks: tuple[list[str], list[str]] | None = None,
    field: tuple[list[str], list[str]] = ([], []),
    gear: tuple[list[str], list[str]] = ([], []),
    loadout: tuple[list[str], list[str]] = ([], []),
    plans: tuple[list[str], list[str]] = ([], []),
    discard: tuple[list[str], list[str]] = ([], []),
    rally: tuple[int, int] = (10, 10),
    capacity: tuple[int, int] | None = None,
    hp: tuple[int | None, int | None] = (None, None),
    reserve: int = -1,
    turn: int = 5,
    active: int = 0,
    first: int = 0,
    start: str = "action",
    seed: int = 0,
    rules: dict[str, Any] | None = None,
    cards: CardFiles | None = None,
) -> CircuitsState:
    """A Duel at turn `turn` with `active` to play. Decks default to 20 copies of a cheap Tactic each
    (the top is the end of the list). `gear` is equipped; `plans` are face-down with their markers.
    A seat given a tuple of three Heroes plays Squad: the first is Active, the others on the Bench.
    `cards`: card files (docs/cards.md) the game is played with, their cards named like the package's."""
    params = GAME.check_rules(rules)
    pool = card_pool(cards)
    filler = next(t.name for t in pool.tactics if not t.circuits and t.type == "instant")
    if decks is None:
        decks = ([filler] * 20, [filler] * 20)
    hs = [[card(h, pool)] if isinstance(h, str) else [card(x, pool) for x in h] for h in heroes]
    fmt = "squad" if any(len(h) > 1 for h in hs) else "standard"
    config = {"game": "circuits", "format": fmt, "rules": params, "seed": seed, "decks": []}
    if cards is not None:
        config["cards"] = cards.to_dict()
    st = new_state(hs, [[], []], [[], []], seed, params, config)
    blank_table(st)
    defs = st.defs

    def make(p: int, names: list[str]) -> list[int]:
        return st.deal(p, [card(n, pool) for n in names], shuffle=False)

    for p in (0, 1):
        st.hand[p] = make(p, hands[p])
        st.deck[p] = make(p, decks[p])
        st.field[p] = make(p, field[p])
        st.loadout[p] = make(p, loadout[p])
        st.discard[p] = make(p, discard[p])
        st.plans[p] = make(p, plans[p])
        for g in make(p, gear[p]):
            st.gear[p * 3 + SLOT[defs[g].slot]] = g
    for p in (0, 1):
        for i in st.plans[p]:
            st.kind_of[i] = defs[i].plan_kind
    st.capacity = list(capacity or (max(rally), max(rally)))
    st.rally = list(rally)
    for p in (0, 1):
        if hp[p] is not None:
            st.hp[p] = hp[p]  # type: ignore[assignment]
    st.reserve = reserve
    st.first = first
    st.active = active
    if start == "action":
        st.turn = turn
        st.own_turns = [(turn + 1) // 2, turn // 2] if first == 0 else [turn // 2, (turn + 1) // 2]
        st.push(("action", active), ("end_step", active), ("turn_start",))
    elif start == "turn_start":
        st.turn = turn - 1
        st.own_turns = [(turn - 1 + 1) // 2, (turn - 1) // 2] if first == 0 else [(turn - 1) // 2, turn // 2]
        st.push(("turn_start",))
    else:
        raise ValueError(f"unknown start {start!r}")
    st.run()
    return st


def skip_lone_passes(st: CircuitsState, *words: str) -> None:
    """Answer `pass` to Response Windows that offer nothing else, unless the words name it: the engine
    asks them whenever the responder holds cards (the hand is hidden); a front end may auto-pass them."""
    while (st.decision is not None and st.decision.kind == "respond" and st.decision.ids == ["pass"]
           and not (words and all(w.lower() in "pass" for w in words))):
        st.apply("pass")


def find(st: CircuitsState, *words: str) -> str:
    skip_lone_passes(st, *words)
    return scenario_tools.find(st, *words)


def has(st: CircuitsState, *words: str) -> bool:
    skip_lone_passes(st, *words)
    return scenario_tools.has(st, *words)


def pick(st: CircuitsState, *words: str) -> None:
    """Apply the option named by the words, then auto-pass the windows that offer only `pass`, as a
    front end may for a person who asked for it (tests that look at such a window use `st.apply`)."""
    st.apply(find(st, *words))
    skip_lone_passes(st)


def events(st: CircuitsState, type_: str) -> list[dict[str, Any]]:
    """The events of one type as the whole truth (card names shown, the `~see` masks left out)."""
    return [{k: v for k, v in e.items() if k != "~see"} for e in st.log if e["type"] == type_]


def ids_named(st: CircuitsState, name: str, zone: list[int]) -> list[int]:
    return [i for i in zone if st.name(i) == name]


def pass_all(st: CircuitsState) -> None:
    """Answer every pending decision with pass / keep / end until the next Action Step decision."""
    while st.decision is not None and st.decision.kind != "action":
        ids = [o.id for o in st.decision.options]
        for k in ("pass", "no_token", "keep", "end"):
            if k in ids:
                st.apply(k)
                break
        else:
            st.apply(ids[0])
