"""The terminal board of `frontline`: one seat's view as text (what `cardarena play` shows)."""

from __future__ import annotations

from typing import Any

#: the rulebook's names of the five phases (rule frontline.5), by the view's phase id
PHASE_NAMES = {"draw": "Draw Phase", "main1": "Main Phase 1", "battle": "Battle Phase", "main2": "Main Phase 2",
               "end": "End Phase"}


#: a Reaction Ladder link in words, after its player's name ("P2's Retreat of Relay Runner"), by its
#: kind (rule frontline.8): the source's name goes in {}
LINK_WORDS = {"card": "{}", "ability": "ability of {}", "attack": "attack with {}", "retreat": "Retreat of {}",
              "emergency": "Emergency Defender, {}", "negated": "negated {}"}


def link_words(kind: str, source: str) -> str:
    """"War Cry", "attack with Scrap Runner": never the link's kind id ("card by War Cry")."""
    return LINK_WORDS.get(kind, kind + " of {}").format(source)


def _piece(c: dict[str, Any] | None) -> str:
    if c is None:
        return "·"
    if "atk_now" in c:
        kws = f" [{', '.join(c['keywords'])}]" if c["keywords"] else ""
        gear = f" +{'/'.join(g['name'] for g in c['gear'])}" if c["gear"] else ""
        return f"{c['name']} {c['atk_now']}/{c['hp_now']}{kws}{gear}"
    return f"{c['name']} ({c['hp_now']} HP)"


def _card(c: dict[str, Any]) -> str:
    stats = f" {c['atk']}/{c['hp']}" if "atk" in c and c["kind"] in ("hero", "general") else ""
    text = f": {c['text']}" if c.get("text") else ""  # a vanilla Hero has none
    return f"{c['name']} ({c['kind']}{stats}, cost {c['cost']}){text}"


def render(view: dict[str, Any]) -> str:
    me = view["seat"]
    phase = PHASE_NAMES.get(view["phase"], view["phase"])
    # the rulebook's "Player 1" is whoever went first, not always P1
    lines = [f"Turn {view['turn']} · {phase} · P{view['active'] + 1} to play · "
             f"P{view['first'] + 1} went first (the rules' Player 1)"]
    order = (1 - me, me) if me in (0, 1) else (0, 1)  # a spectator (seat -1) sees P1 then P2
    for p in order:
        pv = view["players"][p]
        who = ("You" if p == me else "Opponent") if me in (0, 1) else "Player"
        lines.append(f"\n{who} (P{p + 1}): {pv['lp']} LP · deck {pv['deck_count']} · hand {pv['hand_count']} · "
                     f"Fallen Zone {len(pv['fallen'])}")
        lines.append("  Command:  " + _piece(pv["command"]))
        lines.append("  Front:    " + " | ".join(_piece(c) for c in pv["front"]))
        lines.append("  Tactical: " + " | ".join(_piece(c) for c in pv["tactical"]))
        if pv["fallen"]:  # all of it, oldest first: reclaim effects take the oldest
            lines.append("  Fallen (oldest first): " + ", ".join(c["name"] for c in pv["fallen"]))
        if p == me:
            lines.append("  Hand:" + ("" if pv["hand"] else " empty"))  # not a heading over nothing
            # bullets, not numbers: the numbers below the board are the menu's
            lines.extend("    - " + _card(c) for c in pv["hand"])
        else:
            known = [c["name"] for c in pv["hand"] if "name" in c]
            if known:
                lines.append("  Known in hand: " + ", ".join(known))
    if view["being_played"]:
        lines.append("\nBeing played: " + ", ".join(c["name"] for c in view["being_played"]))
    if view["ladder"]:
        lines.append("\nReaction Ladder (bottom first):")
        for k, link in enumerate(view["ladder"], 1):
            tgt = link.get("target")
            on = ""
            if tgt:
                on = f" → P{tgt['seat'] + 1}'s LP" if tgt["zone"] == "lp" else f" → {tgt.get('name', '?')}"
            # "link 1", not "1.": the numbers below the board are the menu's
            lines.append(f"  link {k}: P{link['seat'] + 1}'s {link_words(link['kind'], link['source'])}{on}")
    return "\n".join(lines)
