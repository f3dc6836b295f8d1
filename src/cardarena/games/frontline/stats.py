"""A card's current ATK, HP cap and keywords: printed values plus equipment, auras and boosts
(ruling frontline.gap.7: modifiers may lift a stat above 3; ATK never drops below 0)."""

from __future__ import annotations

from .schema import Aura, GeneralCard, TacticalCard
from .state import COMMAND, FRONT, FrontlineState


def _auras(st: FrontlineState, p: int) -> list[Aura]:
    """Auras that reach p's Front Line: the General in the Command Zone and Tactical Equipment."""
    out = []
    defs = st.defs
    g = st.command[p]
    if g >= 0 and defs[g].aura is not None:
        out.append(defs[g].aura)
    for i in st.tac[p * 3: p * 3 + 3]:
        if i >= 0:
            d = defs[i]
            if isinstance(d, TacticalCard) and d.aura is not None:
                out.append(d.aura)
    return out


def printed_keywords(st: FrontlineState, iid: int) -> tuple[str, ...]:
    kws: tuple[str, ...] = tuple(getattr(st.defs[iid], "keywords", ()))
    for e in st.gear.get(iid, ()):
        kws += st.defs[e].keywords
    return kws


def has_keyword(st: FrontlineState, iid: int, kw: str) -> bool:
    """Printed, from equipment (also while tucked, ruling frontline.gap.6), or from an aura while on
    the Front Line. Cover works only on the Front Line: Retreat deactivates it (rule frontline.7.10,
    ruling frontline.gap.17)."""
    if st.zone[iid] != FRONT:
        return kw != "cover" and kw in printed_keywords(st, iid)
    own = printed_keywords(st, iid)
    if kw in own:
        return True
    p = st.owner[iid]
    return any(a.keyword == kw and (a.only is None or a.only in own) for a in _auras(st, p))


def attack_value(st: FrontlineState, iid: int) -> int:
    d = st.defs[iid]
    atk = d.atk
    defs = st.defs
    for e in st.gear.get(iid, ()):
        atk += defs[e].atk
    if st.zone[iid] == FRONT:
        own = printed_keywords(st, iid)
        for a in _auras(st, st.owner[iid]):
            if a.atk and (a.only is None or a.only in own):
                atk += a.atk
    atk += st.boost.get(iid, 0)
    return max(atk, 0)


def max_hp(st: FrontlineState, iid: int) -> int:
    d = st.defs[iid]
    hp = d.hp
    defs = st.defs
    for e in st.gear.get(iid, ()):
        hp += defs[e].hp
    return hp


def is_general_in_command(st: FrontlineState, iid: int) -> bool:
    return st.zone[iid] == COMMAND and isinstance(st.defs[iid], GeneralCard)
