"""Build `mastery` boards for rule scenarios: exactly the parties, cards, HP, statuses, AP and
Mastery a test needs.

    st = scenario(hands=(["Ember Arrow"], []))
    pick(st, "Perform", "Ember Arrow")      # choose the option whose label contains the words
    pick(st, "enemy", "Oren")
    assert st.hp[slot(st, "Oren Ashveil")] == ...

The board is built directly (no deck legality), then the rules run from the chosen point:
"opportunity" (seat `active` is asked for its Action Opportunity), "end_phase" or "setup".
"""

from __future__ import annotations

from typing import Any

from cardarena.games.mastery.pool import card_pool
from cardarena.games.mastery.rules import new_state
from cardarena.games.mastery.ruleset import MasteryRuleset
from cardarena.games.mastery.state import MasteryState
from scenario_tools import blank_table, events, find, has, labels, pick  # noqa: F401 - re-exported for tests

GAME = MasteryRuleset()
POOL = card_pool()
P1 = ["Mira Dawnsong", "Kael Emberstride", "Gorm Ironhide"]
P2 = ["Tamsin Bellwright", "Brann Stormfist", "Hild Stonewarden"]
FILLER = "Mend Wounds"


def card(name: str) -> Any:
    return POOL.by_name[name]


def slot(st: MasteryState, name: str, seat: int | None = None) -> int:
    for s in range(6):
        if st.heroes[s].name == name and (seat is None or s // 3 == seat):
            return s
    raise KeyError(f"no Hero named {name!r} on the board")


def scenario(
    parties: tuple[list[str], list[str]] = (P1, P2),
    hands: tuple[list[str], list[str]] = ([], []),
    decks: tuple[list[str], list[str]] | None = None,
    discard: tuple[list[str], list[str]] = ([], []),
    hp: dict[str, int] | None = None,
    ap: tuple[int, int] = (12, 12),
    used: list[str] | None = None,
    poison: dict[str, int] | None = None,
    shielded: list[str] | None = None,
    kit: dict[str, list[str]] | None = None,
    loadout: dict[str, list[str]] | None = None,
    spent: dict[str, list[str]] | None = None,
    path: dict[str, str] | None = None,
    round: int = 2,
    active: int = 0,
    start: str = "opportunity",
    seed: int = 0,
    rules: dict[str, Any] | None = None,
) -> MasteryState:
    """A board in Round `round` with seat `active` acting first. Decks default to 20 fillers each
    (top = last). Heroes are keyed by name (names must be unique on the board). `kit`/`loadout`/`spent`
    list Technique names; `path` maps a Hero to a Path name (its 4 cards are put in its deck)."""
    params = GAME.check_rules(rules)
    heroes = [[card(n) for n in parties[p]] for p in (0, 1)]
    config = {"game": "mastery", "format": "standard", "rules": params, "seed": seed, "decks": []}
    if decks is None:
        decks = ([FILLER] * 20, [FILLER] * 20)
    if start == "setup":
        return new_state(heroes, [[card(n) for n in decks[p]] for p in (0, 1)], seed, params, config)
    st = new_state(heroes, [[], []], seed, params, config)
    blank_table(st)

    def make(p: int, names: list[str]) -> list[int]:
        return st.deal(p, [card(n) for n in names], shuffle=False)

    for p in (0, 1):
        st.hand[p] = make(p, hands[p])
        st.deck[p] = make(p, decks[p])
        st.discard[p] = make(p, discard[p])
    for name, v in (hp or {}).items():
        st.hp[slot(st, name)] = v
        if v <= 0:
            st.used[slot(st, name)] = True
    for name in used or []:
        st.used[slot(st, name)] = True
    for name, v in (poison or {}).items():
        st.poison[slot(st, name)] = v
    for name in shielded or []:
        st.shielded[slot(st, name)] = True
    ids = {n: card(n).id for n in POOL.by_name}
    for name, ts in (kit or {}).items():
        st.kit[slot(st, name)] = tuple(ids[t] for t in ts)
        st.loadout[slot(st, name)] = tuple(ids[t] for t in ts[:3])
    for name, ts in (loadout or {}).items():
        st.loadout[slot(st, name)] = tuple(ids[t] for t in ts)
    for name, ts in (spent or {}).items():
        st.spent[slot(st, name)] = tuple(ids[t] for t in ts)
    for name, pname in (path or {}).items():
        s = slot(st, name)
        pc = card(pname)
        st.path[s] = pc.id
        for i in [i for i in st.reserve[s] if st.defs[i].id in pc.techniques]:
            st.reserve[s].remove(i)
            st.deck[s // 3].insert(0, i)
    st.ap = list(ap)
    st.round = round
    st.first = active
    if start == "opportunity":
        st.push(("opportunity", active, "open"))
    elif start == "end_phase":
        st.push(("end_phase",))
    elif start == "round_start":
        st.round = round - 1
        st.first = 1 - active
        st.push(("round_start",))
    else:
        raise ValueError(f"unknown start {start!r}")
    st.run()
    return st


def pass_opportunity(st: MasteryState) -> None:
    st.apply("pass")


def act_with(st: MasteryState, card_name: str, performer: str | None = None, target: str | None = None) -> None:
    """Card, then performer (if asked), then target (if asked): the order of seed §6."""
    st.apply(find(st, "Perform", card_name) if has(st, "Perform", card_name) else find(st, card_name))
    if performer is not None and st.decision is not None and st.decision.kind == "performer":
        pick(st, performer)
    if target is not None and st.decision is not None and st.decision.kind == "target":
        pick(st, target)


def hp_of(st: MasteryState, name: str) -> int:
    return st.hp[slot(st, name)]
