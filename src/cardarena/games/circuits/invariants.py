"""What must hold in every `circuits` state (checked by the random-play fuzzer)."""

from __future__ import annotations

from .schema import HeroCard
from .state import CircuitsState

ZONES = ("deck", "hand", "discard", "field", "loadout", "armory", "scrap", "plans")


def check_invariants(st: CircuitsState) -> list[str]:
    problems: list[str] = []
    n = len(st.defs)
    seen = [0] * n
    for p in (0, 1):
        for z in ZONES:
            for i in getattr(st, z)[p]:
                seen[i] += 1
                if st.owner[i] != p:
                    problems.append(f"P{p + 1}'s {z} holds a card of P{st.owner[i] + 1}")
        for i in st.picks[p]:
            seen[i] += 0  # picks are still in the Armory until the reveal
    for g in st.gear:
        if g >= 0:
            seen[g] += 1
    for values in st.benched.values():  # Squad: Gear stays with its Bench Hero (rule 16.11)
        for g in values[-1]:
            if g >= 0:
                seen[g] += 1
    for i in st.pending:
        seen[i] += 1
    for i in range(n):
        if isinstance(st.defs[i], HeroCard):
            continue
        if seen[i] != 1:
            problems.append(f"card {i} ({st.name(i)}) is in {seen[i]} zones")
    for p in (0, 1):
        if not 0 <= st.hp[p] <= st.max_hp(p):
            problems.append(f"P{p + 1}'s Hero has {st.hp[p]} HP")
        if not 0 <= st.rally[p] <= st.capacity[p] <= st.params["capacity_max"]:
            problems.append(f"P{p + 1} has Rally {st.rally[p]} / Capacity {st.capacity[p]}")
        if len(st.field[p]) > st.params["field_size"]:
            problems.append(f"P{p + 1} has {len(st.field[p])} Assets")
        if min(st.shield[p], st.burn_enemy[p], st.burn_self[p]) < 0:
            problems.append(f"P{p + 1} has a negative Shield or Burn")
        problems += _squad(st, p)
        kinds = [st.kind_of.get(i) for i in st.plans[p] if i not in st.delayed]
        if len(kinds) != len(set(kinds)):
            problems.append(f"P{p + 1} has two face-down Plans with one Kind marker")
    for a, dmg in st.damage.items():
        if a in st.field[st.owner[a]] and dmg >= st.asset_max_hp(a):
            problems.append(f"Asset {st.name(a)} has lethal damage but is still on the Field")
    if st.result is None and st.decision is not None and not st.decision.options:
        problems.append("a decision with no options")
    problems += plan_secrecy(st)
    problems += nothing_after_result(st)
    return problems


def plan_secrecy(st: CircuitsState) -> list[str]:
    """A face-down Plan's identity never reaches the opponent's view unless they have seen it (rules
    circuits.4.3, 12.15). (The log names cards only through refs, checked by the fuzzer.)"""
    problems = []
    for seat in (0, 1):
        o = 1 - seat
        secret = {i for i in st.kind_of if st.owner[i] == o and not st.visible_mask(i) >> seat & 1}
        if not secret:
            continue
        view = st.view(seat)
        for pl in view["players"][o]["plans"]:
            if st.plans[o][pl["index"]] in secret and "card" in pl:
                problems.append(f"seat {seat} sees the identity of face-down Plan {pl['index']}")
    return problems


def nothing_after_result(st: CircuitsState) -> list[str]:
    """Rule circuits.1.2 (and 1.1): once the game has a result, nothing else happens."""
    if st.result is None:
        return []
    k = next((i for i in range(len(st.log) - 1, -1, -1) if st.log[i]["type"] == "result"), None)
    if k is not None and k != len(st.log) - 1:
        return [f"events after the result: {[e['type'] for e in st.log[k + 1:]]}"]
    return []


def _squad(st: CircuitsState, p: int) -> list[str]:
    """Squad (rules 16.3, 16.18, 16.21): one Active Hero, the others on the Bench or Fallen."""
    if not st.squad:
        return []
    out = []
    heroes = [st.hero[p], *st.bench[p], *st.fallen[p]]
    if st.result is None and (len(set(heroes)) != 3 or (st.hero[p] in st.fallen[p] and not st.stack)):
        out.append(f"P{p + 1}'s Heroes are {heroes}")
    if set(st.bench[p]) - set(st.benched):
        out.append(f"P{p + 1} has a Bench Hero without its values")
    for h in st.bench[p]:
        if not 0 < st.benched[h][0] <= st.defs[h].hp:
            out.append(f"P{p + 1}'s Bench Hero {st.name(h)} has {st.benched[h][0]} HP")
    if len(st.fallen[p]) >= 2 and st.result is None:
        out.append(f"P{p + 1} has lost two Heroes and the game goes on")
    return out
