"""Build `aliens` boards for rule scenarios: exactly the cards, HP, statuses and energy a test needs.

    st = scenario(aliens=(["Vexa, Ember Queen", ...], [...]), hands=(["Ember Lash"], []), charge=(3, 0))
    pick(st, "play", "Ember Lash")       # choose the option whose label contains the words
    assert st.hp[slot(st, "Tempestra")] == 10

The board is built directly (no deck legality: rules scenarios need tiny decks), then the rules run
from the chosen point: "activation" (the active player's action decision) or "turn_start".
"""

from __future__ import annotations

from typing import Any

from cardarena.games.aliens.pool import card_pool
from cardarena.games.aliens.rules import new_state
from cardarena.games.aliens.ruleset import AliensRuleset
from cardarena.games.aliens.state import AliensState
from scenario_tools import blank_table, events, find, has, labels, pick  # noqa: F401 - re-exported for tests

GAME = AliensRuleset()
POOL = card_pool()

# Default squads: two live Aliens of different species per side, chosen from the pool
_by_species: dict[str, list[Any]] = {}
for _a in POOL.aliens:
    _by_species.setdefault(_a.species, []).append(_a)


def card(name: str) -> Any:
    return POOL.by_name[name]


def aliens_of(species: str) -> list[str]:
    return [a.name for a in _by_species[species]]


def tactics_of(species: str, subtype: str | None = None) -> list[str]:
    return [t.name for t in POOL.tactics if t.species == species and (subtype is None or t.subtype == subtype)]


def filler_name() -> str:
    """A basic Spawn, used to fill decks in scenarios."""
    return next(s.name for s in POOL.spawns if s.subtype == "basic")


def scenario(
    aliens: tuple[list[str], list[str]],
    hands: tuple[list[str], list[str]] = ([], []),
    decks: tuple[list[str], list[str]] | None = None,
    reactor: tuple[list[str], list[str]] = ([], []),
    charge: tuple[int, int] = (0, 0),
    command: tuple[list[str], list[str]] = ([], []),
    set_on: int = 0,
    discard: tuple[list[str], list[str]] = ([], []),
    hp: dict[str, int] | None = None,
    status: dict[str, str] | None = None,
    turn: int = 3,
    active: int = 0,
    priority: int = 0,
    start: str = "activation",
    seed: int = 0,
    rules: dict[str, Any] | None = None,
) -> AliensState:
    """A board at turn `turn`, `active` to play. Decks default to 20 fillers each (top = last).

    `command` cards are set face-down on turn `set_on`. `hp`/`status` are keyed by Alien name.
    `start`: "activation" asks the active player's action now; "turn_start" begins turn `turn`
    (ramp, draw phase, ...) with `turn` counted from `turn - 1`; "setup" runs the real set-up.
    """
    params = GAME.check_rules(rules)
    if decks is None:
        decks = ([filler_name()] * 20, [filler_name()] * 20)
    squads = [[card(n) for n in aliens[p]] for p in (0, 1)]
    if start == "setup":
        st = new_state(squads, [[card(n) for n in decks[p]] for p in (0, 1)], seed, params,
                       {"game": "aliens", "format": "standard", "rules": params, "seed": seed, "decks": []})
        return st
    # Build the tables by hand: every listed card gets an instance id in its zone.
    st = new_state(squads, [[], []], seed, params,
                   {"game": "aliens", "format": "standard", "rules": params, "seed": seed, "decks": []})
    blank_table(st)

    def make(p: int, names: list[str]) -> list[int]:
        return st.deal(p, [card(n) for n in names], shuffle=False)

    for p in (0, 1):
        st.hand[p] = make(p, hands[p])
        st.deck[p] = make(p, decks[p])
        st.reactor[p] = make(p, reactor[p])
        st.discard[p] = make(p, discard[p])
        st.command[p] = make(p, command[p])
        for i in st.command[p]:
            st.set_turn[i] = set_on
    st.charge = list(charge)
    for name, v in (hp or {}).items():
        st.hp[slot(st, name)] = v
    for name, v in (status or {}).items():
        st.status[slot(st, name)] = v
    st.priority = priority
    if start == "activation":
        st.turn = turn
        st.active = active
        st.push(("activation", "primary"), ("energy_phase",), ("statuses",), ("turn_end",))
    elif start == "turn_start":
        st.turn = turn - 1
        st.active = 1 - active
        st.push(("turn_start",))
    else:
        raise ValueError(f"unknown start {start!r}")
    st.run()
    return st


def slot(st: AliensState, name: str) -> int:
    for s in range(6):
        if st.alien(s).name == name:
            return s
    raise KeyError(f"no Alien named {name!r} on the board")


def ids_named(st: AliensState, name: str, zone: list[int]) -> list[int]:
    return [i for i in zone if st.defs[i].name == name]


def pass_until(st: AliensState, turn: int) -> None:
    """Both players pass (or decline) until turn `turn` begins its action decision."""
    while st.result is None and not (st.turn == turn and st.decision is not None and st.decision.kind == "action"):
        d = st.decision
        assert d is not None
        ids = [o.id for o in d.options]
        st.apply("pass" if "pass" in ids else ("done" if "done" in ids else ("keep" if "keep" in ids else ids[-1])))
