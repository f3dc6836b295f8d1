"""What must hold in every `frontline` state, whatever the choices (checked by the random-play fuzzer)."""

from __future__ import annotations

from .schema import EquipmentCard, GeneralCard, TacticalCard
from .state import COMMAND, DECK, FALLEN, FRONT, GEAR, GEAR_MAX, HAND, LADDER, TAC, ZONE_NAMES, FrontlineState
from .stats import max_hp


def check_invariants(st: FrontlineState) -> list[str]:
    problems: list[str] = []
    n = len(st.defs)
    where: list[list[int]] = [[] for _ in range(n)]
    for p in (0, 1):
        for z, zone in ((DECK, st.deck[p]), (HAND, st.hand[p]), (FALLEN, st.fallen[p])):
            for i in zone:
                where[i].append(z)
                if st.owner[i] != p:
                    problems.append(f"P{p + 1}'s {ZONE_NAMES[z]} holds card {i} of the other player")
        if len(st.units(p)) > 5 or len(st.tac_cards(p)) > 3:
            problems.append(f"P{p + 1} has too many cards in a row")
        generals = [i for i in st.field_cards(p) if isinstance(st.defs[i], GeneralCard)]
        if len(generals) > 1:
            problems.append(f"P{p + 1} has {len(generals)} Generals on the field (rule frontline.4.14)")
    for z, row in ((FRONT, st.front), (TAC, st.tac)):
        size = 5 if z == FRONT else 3
        for k, i in enumerate(row):
            if i >= 0:
                where[i].append(z)
                if st.owner[i] != k // size:
                    problems.append(f"{st.name(i)} sits on the wrong side")
                if st.hp[i] < 1:
                    problems.append(f"{st.name(i)} is in play with {st.hp[i]} HP (rule frontline.1.7)")
                if st.hp[i] > max_hp(st, i):
                    problems.append(f"{st.name(i)} has {st.hp[i]} HP, above its maximum {max_hp(st, i)}")
                if z == FRONT and not st.is_unit(i):
                    problems.append(f"{st.name(i)} is not a unit but is on the Front Line (rule frontline.4.2)")
                if z == TAC and not (st.is_unit(i) or isinstance(st.defs[i], TacticalCard)):
                    problems.append(f"{st.name(i)} cannot sit in the Tactical Zone (rule frontline.4.11)")
    for p in (0, 1):
        g = st.command[p]
        if g >= 0:
            where[g].append(COMMAND)
            if not isinstance(st.defs[g], GeneralCard):
                problems.append(f"{st.name(g)} is in the Command Zone but is not a General (rule frontline.4.9)")
    for u, items in st.gear.items():
        if st.zone[u] not in (FRONT, TAC) or not st.is_unit(u):
            problems.append(f"{st.name(u)} holds equipment but is not a unit on the field")
        if len(items) > GEAR_MAX or len({st.name(e) for e in items}) != len(items):
            problems.append(f"{st.name(u)} has too many or duplicate equipment (rules frontline.4.5–4.6)")
        for e in items:
            where[e].append(GEAR)
            if not isinstance(st.defs[e], EquipmentCard):
                problems.append(f"{st.name(e)} is attached but is not Hero Equipment")
    on_ladder = {link[2] for link in st.links if link[0] in ("card", "negated")}
    for i in range(n):
        if st.zone[i] == LADDER:
            where[i].append(LADDER)  # cast: on the Ladder, or being paid for before its link is added
            if i not in on_ladder and st.decision is not None and st.decision.kind not in ("expend", "target"):
                problems.append(f"{st.name(i)} waits on the Ladder without a link")
    for i in range(n):
        if len(where[i]) != 1:
            problems.append(f"card {i} ({st.name(i)}) is in {len(where[i])} zones")
        elif where[i][0] != st.zone[i]:
            problems.append(f"card {i} ({st.name(i)}) is in {ZONE_NAMES[where[i][0]]} but marked {ZONE_NAMES[st.zone[i]]}")
    if st.turn > st.params["turn_cap"]:
        problems.append(f"turn {st.turn} is past the turn cap")
    if st.result is None and st.decision is not None and not st.decision.options:
        problems.append("a decision with no options")
    return problems
