"""The terminal board of `circuits`: one seat's view as text (what `cardarena play` shows)."""

from __future__ import annotations

from typing import Any

from .pool import CardPool, card_pool
from .schema import kind_word

#: the rulebook's names of the turn's steps (rule circuits.7.1), by the view's `step`
STEP_NAMES = {"start": "Start Step", "rally": "Rally Step", "draw": "Draw Step", "action": "Action Step",
              "end": "End Step"}
#: what a pending decision of these kinds is about, beside the step it is asked in (the other seat
#: sees the kind of a decision, not its prompt)
CONTEXT = {"respond": "Response Window", "trigger_order": "triggers", "reserve": "paying", "promote": "knock-out"}


def heading_step(view: dict[str, Any]) -> str:
    """The step under way and what the pending decision is about: a target, a Plan order or a Field
    discard is asked in whatever step its card, reveal, knock-out or destruction replacement comes."""
    step = STEP_NAMES.get(view.get("step", ""), "")
    context = CONTEXT.get((view.get("decision") or {}).get("kind", ""), "")
    return " · ".join(x for x in (step, context) if x)


def _powers(h: dict[str, Any], pool: CardPool, fallen: int = 0) -> list[str]:
    """The Hero's Passive and Ultimate, with their text: what the player plans around. Its cost is 7,
    1 less per Fallen Hero in Squad (Last Stand), never below 5."""
    card = pool.heroes.get(h["name"])
    if card is None:
        return []
    state = "used" if h["ultimate_used"] else "ready"
    return [f"      Passive {card.passive.name}: {card.passive.text}",
            f"      Ultimate {card.ultimate.name} ({max(5, 7 - fallen)} Rally, once per match, {state}): "
            f"{card.ultimate.text}"]


def _hero(pv: dict[str, Any], pool: CardPool) -> str:
    h = pv["hero"]
    bits = [f"{h['hp']}/{h['max_hp']} HP"]
    if h["shield"]:
        bits.append(f"Shield {h['shield']}")
    if h["burn"]:
        bits.append(f"Burn {h['burn']}")
    if h["marked"]:
        bits.append("Marked")
    if h["cannot_heal"]:
        bits.append("cannot heal")
    if h["ultimate_used"]:
        bits.append("Ultimate used")
    return "\n".join([f"    {h['name']}: {', '.join(bits)}", *_powers(h, pool, len(pv.get("fallen", ())))])


def render(view: dict[str, Any], pool: CardPool | None = None) -> str:
    """`pool`: the game's (with its card files); the package's by default."""
    pool = pool or card_pool()
    me = view["seat"]
    step = heading_step(view)
    if view["turn"] == 0:
        lines = ["Set-up"]
    else:
        lines = [f"Turn {view['turn']} · P{view['active'] + 1}'s turn{' (you)' if view['active'] == me else ''}"
                 + (f" · {step}" if step else "") + f" · P{view['first'] + 1} started"]
    order = (1 - me, me) if me in (0, 1) else (0, 1)  # a spectator (seat -1) sees P1 then P2
    for p in order:
        pv = view["players"][p]
        who = ("You" if p == me else "Opponent") if me in (0, 1) else "Player"
        token = " · Reserve token" if pv["reserve_token"] else ""
        lines.append(f"\n{who} (P{p + 1}): Rally {pv['rally']}/{pv['capacity']}{token} · deck {pv['deck_count']} · "
                     f"hand {pv['hand_count']} · discard {len(pv['discard'])}")
        lines.append(_hero(pv, pool))
        if pv["gear"]:
            lines.append("    Gear: " + ", ".join(g["name"] + (" (Jammed)" if g["jammed"] else "") for g in pv["gear"]))
        for b in pv.get("bench", []):  # Squad: a Bench Hero keeps its HP, statuses and Gear
            # its statuses stay with it on the Bench (rule 15.2), shown as the Active Hero's are
            extra = [f"Shield {b['shield']}"] * bool(b["shield"]) + [f"Burn {b['burn']}"] * bool(b["burn"]) \
                + ["Marked"] * b["marked"] + ["cannot heal"] * b["cannot_heal"] + ["Ultimate used"] * b["ultimate_used"]
            gear = ", ".join(g["name"] + (" (Jammed)" if g["jammed"] else "") for g in b["gear"])
            lines.append(f"    Bench: {b['name']}: {b['hp']}/{b['max_hp']} HP" + "".join(f", {x}" for x in extra)
                         + (f" · Gear: {gear}" if gear else ""))
            card = pool.heroes.get(b["name"])
            if card is not None:  # what a swap would bring in (its Ultimate: `i NAME`)
                lines.append(f"      Passive {card.passive.name}: {card.passive.text}")
        if pv.get("fallen"):
            lines.append("    Fallen: " + ", ".join(h["name"] for h in pv["fallen"]))
        if isinstance(pv.get("loadout"), list) and pv["loadout"]:  # a spectator's view has none before the reveal
            lines.append("    Loadout: " + ", ".join(g["name"] for g in pv["loadout"]))
        if pv["field"]:
            lines.append("    Field: " + ", ".join(
                f"{a['name']} ({a['max_hp'] - a['damage']}/{a['max_hp']} HP{', Guard' if a['guard'] else ''})"
                for a in pv["field"]))
        if pv["plans"]:
            lines.append("    Plans: " + ", ".join(
                f"[{kind_word(pl['kind'])}{': ' + pl['card']['name'] if 'card' in pl else ''}{' (delayed)' if pl['delayed'] else ''}]"
                for pl in pv["plans"]))
        if "hand" in pv:
            lines.append("    Hand: " + ("; ".join(f"{c['name']} ({c['kind'] if c['kind'] != 'tactic' else c['type']}, "
                                                   f"cost {c.get('cost', 0)})" for c in pv["hand"]) or "empty"))
    return "\n".join(lines)
