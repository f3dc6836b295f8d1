"""What must hold in every `mastery` state, whatever the choices (checked by the random-play fuzzer)."""

from __future__ import annotations

from .mastery import LOADOUT_SIZE
from .state import FIRST_CARD, MasteryState


def check_invariants(st: MasteryState) -> list[str]:
    problems: list[str] = []
    n = len(st.defs)
    seen = [0] * n
    for p in (0, 1):
        for zone_name in ("deck", "hand", "discard"):
            for i in getattr(st, zone_name)[p]:
                seen[i] += 1
                if st.owner[i] != p:
                    problems.append(f"P{p + 1}'s {zone_name} holds card {i} owned by P{st.owner[i] + 1}")
    for s in range(6):
        for i in st.reserve[s]:
            seen[i] += 1
            if st.owner[i] != s // 3:
                problems.append(f"the Level Reserve of {st.heroes[s].name} holds another player's card {i}")
    for i in st.pending:
        seen[i] += 1
    for i in range(n):
        if i < FIRST_CARD:
            if seen[i]:
                problems.append(f"Hero or Path {st.name(i)} is in a card zone")
        elif seen[i] != 1:
            problems.append(f"card {i} ({st.name(i)}) is in {seen[i]} zones")
    for s in range(6):
        h = st.heroes[s]
        if not 0 <= st.hp[s] <= h.hp:
            problems.append(f"{h.name} has {st.hp[s]} HP (max {h.hp})")
        if st.hp[s] == 0 and (st.shielded[s] or st.poison[s] or not st.used[s]):
            problems.append(f"defeated {h.name} still has a status or is READY")
        if not 0 <= st.poison[s] <= 2:
            problems.append(f"{h.name} has Poisoned duration {st.poison[s]}")
        kit, lo = st.kit[s], st.loadout[s]
        if len(set(kit)) != len(kit):
            problems.append(f"{h.name}'s Mastery Kit names a Technique twice")
        if len(lo) > LOADOUT_SIZE or not set(lo) <= set(kit):
            problems.append(f"{h.name}'s Loadout {lo} is not ≤ 3 Techniques of its Kit")
        if not set(st.spent[s]) <= set(lo):
            problems.append(f"{h.name} has spent skills outside its Loadout")
        if len(lo) == LOADOUT_SIZE and set(st.spent[s]) == set(lo) and st.decision is not None \
                and st.decision.kind == "opportunity":
            problems.append(f"{h.name} has a full Loadout all spent after resolution (no refresh)")
    for p in (0, 1):
        if st.ap[p] < 0:
            problems.append(f"P{p + 1} has negative AP")
    if st.round > st.params["round_cap"]:
        problems.append(f"round {st.round} is past the Round cap")
    if st.result is None and st.decision is not None and not st.decision.options:
        problems.append("a decision with no options")
    return problems
