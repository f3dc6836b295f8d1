"""The Battle Phase (rulebook §6): one attack at a time, each a Ladder link; no retaliation.

Rulings frontline.gap.2 (Pierce is a keyword), gap.3 (Tactical Equipment may be attacked at any
time, Cover permitting), gap.12 (one attack per unit per turn, none the turn it arrived unless Swift).
"""

from __future__ import annotations

from typing import Any

from cardarena.core.engine import Option

from .effects import destroyed_triggers, gain_lp, lose_lp, remove_destroyed
from .state import FRONT, LP, TAC, FrontlineState
from .stats import attack_value, has_keyword


def attackers(st: FrontlineState, p: int) -> list[int]:
    """Front Line units that may declare an attack now (rules frontline.6.1, 7.14; ruling gap.12)."""
    if st.turn == 1:
        return []  # Player 1 cannot attack on Turn 1 (rule frontline.6.1)
    out = []
    for u in st.front[p * 5: p * 5 + 5]:
        if u < 0:
            continue
        if st.moved[u] == st.turn and not has_keyword(st, u, "swift"):
            continue
        limit = 2 if has_keyword(st, u, "relentless") else 1
        if st.attacks.get(u, 0) < limit:
            out.append(u)
    return out


def attack_targets(st: FrontlineState, p: int) -> list[tuple[int, int]]:
    """(target, target_zone): enemy Front Line units, else Tactical Equipment, else LP on a Breach;
    a unit with Cover must be targeted first (rules frontline.6.5–6.15)."""
    o = 1 - p
    units = st.units(o)
    cover = [u for u in units if has_keyword(st, u, "cover")]
    if cover:
        return [(u, FRONT) for u in cover]
    out = [(u, FRONT) for u in units]
    out += [(t, TAC) for t in st.tac_cards(o) if st.is_tactical(t)]
    if not units and st.turn >= 2:
        out.append((o, LP))  # the Breach (rule frontline.6.13)
    return out


def attack_options(st: FrontlineState, p: int) -> list[Option]:
    opts = []
    targets = attack_targets(st, p)
    o = 1 - p
    for a in attackers(st, p):
        slot = st.front.index(a) % 5
        an = st.name(a)
        atk = attack_value(st, a)
        for t, tz in targets:
            if tz == LP:
                oid, label = f"attack:{slot}:{o}:lp:0", f"{an} ({atk} ATK) attacks P{o + 1}'s LP directly (Breach)"
                data: dict[str, Any] = {"attacker": slot, "target": {"seat": o, "zone": "lp", "index": 0}}
            else:
                _, zn, i = st.position(t)
                where = "Front Line" if zn == "front" else "Tactical Zone"
                oid = f"attack:{slot}:{o}:{zn}:{i}"
                label = f"{an} ({atk} ATK) attacks {st.name(t)} ({st.hp[t]} HP) in the {where}"
                data = {"attacker": slot, "target": {"seat": o, "zone": zn, "index": i, "card": st.defs[t].id}}
            data["card"] = st.defs[a].id
            opts.append(Option(oid, label, data, ("attack", a, t, tz)))
    return opts


def resolve_attack(st: FrontlineState, link: tuple[Any, ...]) -> None:
    """New HP = Current HP − ATK; Pierce carries the excess to LP (rules frontline.6.16–6.23)."""
    _, p, a, sz, t, tz = link
    o = 1 - p
    if st.zone[a] != sz:
        st.emit("whiff", player=p, kind="attack", source=st.ref(a), reason="the attacker left the Front Line")
        return
    atk = attack_value(st, a)
    siphon = has_keyword(st, a, "siphon")
    if tz == LP:
        if st.units(o):
            st.emit("whiff", player=p, kind="attack", source=st.ref(a), reason="the Front Line is no longer empty")
            return
        st.emit("attack", player=p, attacker=st.ref(a), breach=o, atk=atk)
        lose_lp(st, o, atk, "direct attack", a)
        if siphon:
            gain_lp(st, p, atk, "siphon", a)
        return
    if st.zone[t] != tz:
        # the target retreated (Physical Combat Immunity) or was destroyed (rules frontline.7.8, 8.11)
        st.emit("whiff", player=p, kind="attack", source=st.ref(a), reason="the target left its zone")
        return
    dmg = atk
    if st.zone[t] in (FRONT, TAC) and st.is_unit(t) and has_keyword(st, t, "bulwark"):
        dmg = max(dmg - 1, 0)
    before = st.hp[t]
    st.hp[t] = before - dmg
    st.emit("attack", player=p, attacker=st.ref(a), target=st.ref(t), atk=atk, damage=dmg, hp=max(st.hp[t], 0))
    excess = dmg - before if has_keyword(st, a, "pierce") else 0
    dealt = min(dmg, before) + max(excess, 0)
    fell: tuple[int, ...] | None = remove_destroyed(st, t, "attack", a) if st.hp[t] <= 0 else None
    # the Pierce excess and the Siphon gain are this attack's own damage: they land before the
    # destroyed target's Last Stand or Scavenge can end the game (ruling frontline.gap.2)
    if excess > 0:
        lose_lp(st, o, excess, "pierce", a)
    if siphon and dealt > 0:
        gain_lp(st, p, dealt, "siphon", a)
    if fell is not None:
        destroyed_triggers(st, t, fell)
