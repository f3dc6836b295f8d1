"""The terminal board of `mastery`: one seat's view as text (what `cardarena play` shows)."""

from __future__ import annotations

from typing import Any

from .pool import CardPool, card_pool


def _n(card_id: str, pool: CardPool) -> str:
    return pool.by_id[card_id].name


def _hero(h: dict[str, Any], guards: list[str], pool: CardPool) -> str:
    """`guards`: this Round's redirect and intercepts on this Hero, in words (public, they move attacks)."""
    if h["defeated"]:
        return f"    [defeated] {h['name']} ({h['class']})"
    # DEF granted this Round and from allies' Passives: the DEF damage is computed with (ruling gap.17)
    more = h["def_up"] + h.get("ally_def", 0)
    bits = [f"{h['hp']}/{h['max_hp']} HP", f"DEF {h['def']}" + (f"+{more}" if more else ""), h["state"]]
    if h["shielded"]:
        bits.append("Shielded")
    if h["poisoned"]:
        bits.append(f"Poisoned ({h['poisoned']})")
    if h["reduce"]:
        bits.append(f"reduce {h['reduce']}")
    if h["warded"]:
        bits.append("warded")
    bits += guards
    line = f"    {h['name']} ({h['class']}, {h['profession']}): {', '.join(bits)} — Passive {h['passive']}"
    if h["path"]:
        line += f"; Path {_n(h['path'], pool)} ({h['path_passive']})"
    if h["kit"]:
        lo = [(_n(t, pool) + (" (spent)" if t in h["spent"] else "")) for t in h["loadout"]]
        line += f"\n      Mastery: {', '.join(_n(t, pool) for t in h['kit'])}; Active: {', '.join(lo) or '—'}"
    return line


def render(view: dict[str, Any], pool: CardPool | None = None) -> str:
    """`pool`: the game's (with its card files); the package's by default."""
    pool = pool or card_pool()
    me = view["seat"]
    if view["round"] == 0:
        lines = [f"Set-up · P{view['first'] + 1} acts first in Round 1"]
    else:
        lines = [f"Round {view['round']} · P{view['first'] + 1} acts first this Round"]
    if view["pending"]:
        lines.append("Being performed: " + ", ".join(f"{c['name']} — {c['text']}" for c in view["pending"]))
    names = {(h["seat"], h["slot"]): h["name"] for pv in view["players"] for h in pv["heroes"]}
    guards: dict[tuple[int, int], list[str]] = {}
    for pv in view["players"]:
        r = pv["redirect"]
        if r is not None:
            guards.setdefault((r["seat"], r["slot"]), []).append("draws the next single-target attack")
    for protected, by in view.get("intercepts", []):
        guards.setdefault((protected["seat"], protected["slot"]), []).append(f"guarded by {names[(by['seat'], by['slot'])]}")
    order = (1 - me, me) if me in (0, 1) else (0, 1)  # a spectator (seat -1) sees P1 then P2
    for p in order:
        pv = view["players"][p]
        who = ("You" if p == me else "Opponent") if me in (0, 1) else "Player"
        lines.append(f"\n{who} (P{p + 1}): {pv['ap']} AP, deck {pv['deck_count']}, hand {pv['hand_count']}, "
                     f"discard {len(pv['discard'])}")
        lines.extend(_hero(h, guards.get((h["seat"], h["slot"]), []), pool) for h in pv["heroes"])
        if "hand" in pv:
            lines.append("    Hand: " + ("; ".join(f"{c['name']} ({c['cost']} AP)" for c in pv["hand"]) or "empty"))
    return "\n".join(lines)
