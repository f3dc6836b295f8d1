"""Small helpers shared by the rule scenarios of rulebook §11, §12, §13, §18 and §19
(test_c11_windows.py ... test_c19_glossary.py). Built on circuits_scenario."""

from __future__ import annotations

from typing import Any

import msgspec
from circuits_scenario import POOL, events, labels, pass_all, scenario

from cardarena.games.circuits.schema import Card
from cardarena.games.circuits.state import CircuitsState

#: a Reaction with a trigger that never applies in these scenarios ("when the enemy equips"), used as
#: deck filler so a card drawn mid-scenario is never an answer the test did not ask for
FILLER = "Lockout Pulse"


def board(**kw: Any) -> CircuitsState:
    """`scenario(...)` with inert decks (ten `FILLER` each) unless the test gives its own."""
    kw.setdefault("decks", ([FILLER] * 10, [FILLER] * 10))
    return scenario(**kw)


def make_card(**fields: Any) -> Any:
    """A card that exists only in a test, converted with the real schema (and its checks)."""
    return msgspec.convert({"text": "test-only card", **fields}, Card)


def put(st: CircuitsState, iid: int, card_: Any) -> None:
    """Make instance `iid` (created by the scenario) a test-only card."""
    st.defs[iid] = card_
    if iid in st.kind_of:
        st.kind_of[iid] = card_.plan_kind


def asked(st: CircuitsState, seat: int, step: int) -> list[str]:
    """Assert that `seat` is asked to respond at `step` of a window; return the offered labels."""
    d = st.decision
    assert d is not None, st.result
    assert (d.seat, d.kind) == (seat, "respond"), (d, d.prompt)
    assert f"step {step}" in d.prompt, d.prompt
    return labels(st)


def answers_offered(st: CircuitsState) -> list[str]:
    """The card names offered in the pending respond decision (Pass left out)."""
    return sorted(lbl.removeprefix("Answer with ").rsplit(" (cost", 1)[0] for lbl in labels(st) if lbl != "Pass")


def resolved(st: CircuitsState) -> list[str]:
    """Names in order of every card that resolved (including Plans), from the log."""
    return [e["card"] for e in events(st, "resolve")]


def to_next_action(st: CircuitsState, seat: int) -> None:
    """End Action Steps (and pass every window) until `seat` is asked for its Action Step."""
    pass_all(st)
    while st.decision is not None and not (st.decision.kind == "action" and st.decision.seat == seat):
        st.apply("end")
        pass_all(st)


def types(st: CircuitsState) -> list[str]:
    return [e["type"] for e in st.log]


def index(st: CircuitsState, type_: str, **match: Any) -> int:
    """Position in the log of the first event of `type_` whose fields match."""
    for k, e in enumerate(st.log):
        if e["type"] == type_ and all(e.get(f) == v for f, v in match.items()):
            return k
    raise AssertionError(f"no {type_} event with {match} in the log")


def amount(name: str, verb: str) -> int:
    """The printed amount of `name`'s first `verb` effect (Tactic effects, else its Charge)."""
    c = POOL.by_name[name]
    effects = getattr(c, "effects", ()) or (c.charge.effects if getattr(c, "charge", None) else ())
    return next(e.amount for e in effects if e.verb == verb)


def cost(name: str) -> int:
    return POOL.by_name[name].cost


def attack(hero: str) -> int:
    """A Basic Attack's damage with no Gear and no bonus: 1 plus the Hero's Passive."""
    return 1 + POOL.heroes[hero].passive.attack
