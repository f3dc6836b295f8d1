"""The terminal board of `aliens`: one seat's view as text (what `cardarena play` shows)."""

from __future__ import annotations

from typing import Any

from .pool import CardPool, card_pool

KIND_WORDS = {"once": "once per battle", "active": "active", "passive": "passive", "repeatable": "repeatable"}

def _alien(a: dict[str, Any], pool: CardPool) -> str:
    if a["ko"]:
        return f"    [KO] {a['name']}"
    bits = [f"{a['hp']}/{a['max_hp']} HP", a["affinity"], a["species"]]
    if a["status"]:
        bits.append(a["status"].upper())
    if a["shield"]:
        bits.append(f"shield {a['shield']}")
    if a["equip"]:
        bits.append(f"equip: {a['equip']['name']}")
    ab = a["ability"]
    card = pool.by_name.get(a["name"])
    cost = getattr(getattr(card, "ability", None), "cost", 0)
    how = KIND_WORDS.get(ab["kind"], ab["kind"]) + (f", cost {cost}" if cost else "")
    used = " (used)" if ab["used"] else ""
    return f"    {a['name']}: {', '.join(bits)} — {ab['name']} [{how}]{used}"


def _card(c: dict[str, Any]) -> str:
    bits = [c.get("subtype", "")]
    if "species" in c:
        bits.append(c["species"])
    if c.get("damage"):
        bits.append(f"{c['affinity']} {c['damage']} dmg")
    return f"{c['name']} ({', '.join(b for b in bits if b)}, cost {c.get('cost', 0)})"


def render(view: dict[str, Any], pool: CardPool | None = None) -> str:
    """`pool`: the game's (with its card files); the package's by default."""
    pool = pool or card_pool()
    me = view["seat"]
    if view["turn"] == 0:
        lines = [f"Set-up · P{view['priority'] + 1} has priority and takes turn 1"]
    else:
        you = " (you)" if view["active"] == me else ""
        lines = [f"Turn {view['turn']} · round {view['round']} · P{view['active'] + 1}'s turn{you} · "
                 f"Activation Phase · priority P{view['priority'] + 1}"]
    if view["sector"]:
        lines.append(f"Sector: {view['sector']['name']}")
    order = (1 - me, me) if me in (0, 1) else (0, 1)  # a spectator (seat -1) sees P1 then P2
    for p in order:
        pv = view["players"][p]
        who = ("You" if p == me else "Opponent") if me in (0, 1) else "Player"
        lines.append(f"\n{who} (P{p + 1}): energy {pv['energy']} (Reactor {pv['reactor_count']} + ramp {pv['charge']}), "
                     f"deck {pv['deck_count']}, hand {pv['hand_count']}, discard {len(pv['discard'])}")
        lines.extend(_alien(a, pool) for a in pv["aliens"])
        if pv["command"]:
            cz = []
            for c in pv["command"]:
                if c["face_down"]:
                    # the turn it was set is public: it decides whether the card may answer as a Counter
                    what = f"{c['card']['name']}, set on turn" if "card" in c else "set on turn"
                    cz.append(f"[face-down: {what} {c['set_turn']}]")
                else:
                    cz.append(c["card"]["name"])
            lines.append("    Command Zone: " + ", ".join(cz))
        if "hand" in pv:
            lines.append("    Hand: " + ("; ".join(_card(c) for c in pv["hand"]) or "empty"))
    return "\n".join(lines)
