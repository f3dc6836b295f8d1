"""Targets of Actions, Reactions and abilities (effects, not attacks: Cover does not bind them and
retreated units stay targetable; rules frontline.7.11–7.13, ruling frontline.gap.17)."""

from __future__ import annotations

from cardarena.core.engine import Option

from .expend import fuel
from .state import FrontlineState


def legal_targets(st: FrontlineState, p: int, tkind: str) -> list[int]:
    if tkind == "enemy":
        o = 1 - p
        return st.units(o) + st.tac_cards(o)
    if tkind == "ally":
        return [u for u in st.units(p) + st.tac_cards(p) if st.is_unit(u)]
    return []


def payable_targets(st: FrontlineState, p: int, tkind: str, cost: int, exclude: tuple[int, ...]) -> list[int]:
    """The legal targets p can still pay `cost` for when the target itself is not fuel (an own unit
    chosen as the target cannot be Expended for the play aimed at it; its equipment can: ruling
    frontline.gap.4). `exclude` holds the play's own source."""
    return [t for t in legal_targets(st, p, tkind) if fuel(st, p, with_target(exclude, t)) >= cost]


def with_target(exclude: tuple[int, ...], t: int) -> tuple[int, ...]:
    """`exclude` and the target, once: a source may target itself (Mend on the Battle Cleric)."""
    return exclude if t in exclude else (*exclude, t)


def target_label(st: FrontlineState, t: int) -> str:
    seat, zone, i = st.position(t)
    where = {"front": "Front Line", "tac": "Tactical Zone"}[zone]
    return f"{st.name(t)} ({st.hp[t]} HP) in P{seat + 1}'s {where} slot {i + 1}"


def target_option(st: FrontlineState, t: int) -> Option:
    """`data` nests the target under `target`, as an attack's does (docs/protocol.md, "Option data");
    targets are face-up, so the card is always named."""
    seat, zone, i = st.position(t)
    return Option(f"target:{seat}:{zone}:{i}", target_label(st, t),
                  {"target": {"seat": seat, "zone": zone, "index": i, "card": st.defs[t].id}}, t)
