"""What must hold in every `aliens` state, whatever the choices (checked by the random-play fuzzer)."""

from __future__ import annotations

from .schema import AlienCard
from .state import AliensState


def check_invariants(st: AliensState) -> list[str]:
    problems: list[str] = []
    n = len(st.defs)
    seen = [0] * n
    for p in (0, 1):
        for zone_name in ("deck", "hand", "reactor", "discard", "command"):
            for i in getattr(st, zone_name)[p]:
                seen[i] += 1
                if st.owner[i] != p:
                    problems.append(f"P{p + 1}'s {zone_name} holds card {i} owned by P{st.owner[i] + 1}")
    if st.sector >= 0:
        seen[st.sector] += 1
    for i in st.pending:
        seen[i] += 1
    alien_ids = set(st.aliens)
    for i in range(n):
        if i in alien_ids:
            if seen[i]:
                problems.append(f"Alien {st.name(i)} left the Alien Zone")
            if not isinstance(st.defs[i], AlienCard):
                problems.append(f"Alien slot holds the non-Alien {st.name(i)}")
        elif seen[i] != 1:
            problems.append(f"card {i} ({st.name(i)}) is in {seen[i]} zones")
    for s in range(6):
        top = st.alien(s).hp
        if not 0 <= st.hp[s] <= top:
            problems.append(f"{st.alien(s).name} has {st.hp[s]} HP (max {top})")
        if st.shield[s] < 0:
            problems.append(f"{st.alien(s).name} has a negative shield")
        if st.hp[s] == 0 and (st.status[s] is not None or st.equip[s] >= 0):
            problems.append(f"KO'd {st.alien(s).name} still has a status or an Equip")
        eq = st.equip[s]
        if eq >= 0 and (eq not in st.command[s // 3] or eq in st.set_turn):
            problems.append(f"Equip {st.name(eq)} is not face-up in its owner's Command Zone")
    for p in (0, 1):
        if st.charge[p] < 0:
            problems.append(f"P{p + 1} has negative ramp energy")
        if sum(1 for i in st.command[p] if i in st.set_turn) > st.params["set_limit"]:
            problems.append(f"P{p + 1} has more set cards than the limit")
    for i in st.set_turn:
        if i not in st.command[st.owner[i]]:
            problems.append(f"card {i} is marked set but is not in the Command Zone")
    if st.turn > 2 * st.params["safety_cap_rounds"]:
        problems.append(f"turn {st.turn} is past the safety cap")
    if st.result is None and st.decision is not None and not st.decision.options:
        problems.append("a decision with no options")
    return problems
