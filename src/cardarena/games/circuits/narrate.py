"""One line of play-by-play per `circuits` event; None hides an event."""

from __future__ import annotations

from typing import Any


def _p(e: dict[str, Any]) -> str:
    return f"P{e['player'] + 1}"


def narrate(e: dict[str, Any]) -> str | None:
    t = e["type"]
    if t == "reveal_hero":
        return f"{_p(e)} reveals {e['hero']}"
    if t == "loadout":
        return f"{_p(e)} Loadout: {', '.join(e['cards'])}"
    if t == "mulligan":
        return f"  {_p(e)} {'takes a mulligan' if e['taken'] else 'keeps'}"
    if t == "coin":
        return f"Coin flip: P{e['first'] + 1} starts"
    if t == "turn":
        return f"\n— Turn {e['turn']}: P{e['player'] + 1} (their turn {e['own_turn']}) —"
    if t == "rally_step":
        return f"  {_p(e)} Capacity {e['capacity']}, Rally {e['rally']}"
    if t == "draw":
        return f"  {_p(e)} draws {(e.get('card') or 'a card')}"
    if t == "play":
        if e["card_type"] == "plan" and e.get("card") is None:
            return f"  {_p(e)} plays a face-down {e['kind']} Plan"
        on = f" on {e['target']}" if e.get("target") else ""
        return f"  {_p(e)} plays {e['card']}{on}"
    if t == "answer":
        return f"    {_p(e)} answers with {e['card']} (step {e['step']})"
    if t == "attack":
        return f"  {_p(e)} makes a Basic Attack on {e['target']}"
    if t == "equip":
        return f"  {_p(e)} equips {e['card']} ({e['slot']})"
    if t == "ultimate":
        return f"  {_p(e)} uses the Ultimate {e['name']}!"
    if t == "damage":
        if e["target"] == "hero":
            parts = [f"base {e['base']}"]
            for k, label in (("marked", "+{} Marked"), ("prevented_by_reactions", "-{} Reactions"),
                             ("reduced_by_gear", "-{} Gear"), ("shielded", "-{} Shield")):
                if e.get(k):
                    parts.append(label.format(e[k]))
            return f"    {e['source']} hits P{e['player'] + 1}'s Hero for {e['final']} ({', '.join(parts)}) → {e['hp']} HP"
        return f"    {e['source']} hits {e['card']} for {e['final']} ({e['total']}/{e['hp']})"
    if t == "destroyed":
        return f"    {e['card']} is destroyed"
    if t == "plan_revealed":
        return f"  {_p(e)}'s Plan reveals: {e['card']}"
    if t == "delayed":
        return f"    {e['card']} is delayed"
    if t == "cancelled":
        return f"    {e['card']} is cancelled"
    if t == "burn":
        return f"    P{e['player'] + 1}'s Hero: Burn {e['total']}"
    if t == "shield":
        return f"    P{e['player'] + 1}'s Hero: Shield {e['total']}"
    if t == "heal":
        return f"    P{e['player'] + 1}'s Hero heals {e['amount']} → {e['hp']} HP"
    if t == "breakpoint":
        return f"    {_p(e)} reaches Breakpoint {e['at']}"
    if t == "second_wind":
        return f"  {_p(e)}: Second Wind!"
    if t == "result":
        who = "draw" if e["winner"] is None else f"P{e['winner'] + 1} wins"
        return f"\nResult: {who} ({e['reason']}) after {e['turns']} turns"
    return None
