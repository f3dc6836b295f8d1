"""One line of play-by-play per event (the CLI's `match` and `replay`); None hides an event."""

from __future__ import annotations

from typing import Any

from cardarena.guide import load_guide_from, result_words


def _p(e: dict[str, Any], key: str = "player") -> str:
    return f"P{e[key] + 1}"


def _target(e: dict[str, Any]) -> str:
    """A target by name, or by position when the reader may not know the card (a face-down card)."""
    at = e["target_at"]
    if e.get("target"):
        # an Alien by its seat as well: both squads may hold the same one
        return f"P{at['seat'] + 1}'s {e['target']}" if at.get("zone") == "aliens" else str(e["target"])
    return f"P{at['seat'] + 1}'s face-down card at position {at['index'] + 1}"


def narrate(e: dict[str, Any]) -> str | None:
    t = e["type"]
    if t == "coin":
        if e.get("purpose") == "priority":
            return f"Coin flip: {e['result']} — P{e['winner'] + 1} has priority and takes turn 1"
        return f"  coin for {e['purpose']}: {', '.join(e['results'])}"
    if t == "reveal":
        return f"{_p(e)} reveals {', '.join(e['aliens'])}"
    if t == "draw":
        what = ", ".join(e["cards"]) if None not in e["cards"] else f"{e['count']} card(s)"
        return f"  {_p(e)} draws {what} ({e['reason']})"
    if t == "bank":
        return f"  {_p(e)} banks {e.get('card') or 'a card'} into the Reactor"
    if t == "turn":
        return f"\n— Turn {e['turn']} (round {e['round']}): P{e['player'] + 1} —"
    if t == "ramp":
        return f"  {_p(e)} Reactor Ramp +{e['amount']}"
    if t == "mill_to_reactor":
        return f"  {_p(e)} has a full hand: mills {e.get('card') or 'the top card'} into the Reactor"
    if t == "deck_out":
        return f"  {_p(e)} cannot {'mill' if e.get('mill') else 'draw'}: deck-out!"
    if t == "pass":
        return f"  {_p(e)} passes" + (" (nothing to do)" if e.get("forced") else "")
    if t == "set":
        return f"  {_p(e)} sets {e.get('card') or 'a card'} face-down"
    if t == "use_declared":
        # the card's own line: its performer and target are asked after it, and `activate` follows
        src = "from hand" if e["origin"] == "hand" else f"from the field (position {e['index'] + 1})"
        if e.get("answering"):
            return f"    {_p(e)} turns up {e['card']} {src} to answer the {e['answering']}"
        return f"  {_p(e)} turns up {e['card']} {src} to use it"
    if t == "activate":
        who = f" with {e['performer']}" if e.get("performer") else ""
        on = f" on {_target(e)}" if e.get("target_at") else ""
        verb = "attacks" if e["subtype"] == "attack" else ("answers" if e.get("answering") else "plays")
        return f"  {_p(e)} {verb}{' with' if verb == 'attacks' else ''} {e['card']}{who}{on} (cost {e['cost']})"
    if t == "ability":
        on = f" on {_target(e)}" if e.get("target_at") else ""
        return f"  {_p(e)}'s {e['name']} uses {e['ability']} ({e['kind']}){on}"
    if t == "damage":
        parts = [f"base {e['base']}"]
        if e["bonus"]:
            parts.append(f"+{e['bonus']} super-effective")
        if e["modifier"]:
            parts.append(f"{e['modifier']:+d} modifiers")
        if e["blocked"]:
            parts.append(f"-{e['blocked']} blocked")
        if e["armor"]:
            parts.append(f"{-e['armor']:+d} armor")  # negative armor adds damage
        if e["shielded"]:
            parts.append(f"-{e['shielded']} shield")
        src = e["source"] or (e.get("status") or "a hidden card").capitalize()
        return f"    {src} hits {e['target_name']} for {e['final']} ({', '.join(parts)}) → {e['hp']} HP"
    if t == "ko":
        return f"    {e['name']} is KO'd!"
    if t == "recycle":
        return f"    Recycling: {len(e['cards'])} card(s) back into P{e['player'] + 1}'s deck, {e['stays']} stay"
    if t == "status":
        return f"    {e['name']} {'is now' if e['change'] == 'gained' else 'recovers from'} {e['status'].capitalize()}"
    if t == "status_ignored":
        return f"    {e['name']} is already {e['has'].capitalize()}: {e['status'].capitalize()} is ignored"
    if t == "heal":
        # a heal of 0 (already at full HP) would read "0 → 13 HP", as if from 0 HP
        healed = f"{e['amount']} → {e['hp']} HP" if e["amount"] else f"nothing (stays at {e['hp']} HP)"
        return f"    {e['source']}: {e['name']} heals {healed}"
    if t == "shield":
        return f"    {e['name']} gains a {e['amount']} shield"
    if t == "energy_lost":
        return f"    {_p(e)} loses {e['amount']} energy"
    if t == "mill":
        return f"    {e['source']}: {_p(e)} mills {', '.join(e['cards']) or 'nothing'}"
    if t == "destroy":
        return f"    {e['card']} is destroyed"
    if t == "followup_granted":
        return f"    {_p(e)} gets a follow-up: {e['action']}"
    if t == "equip":
        return f"    {e['card']} is attached to {e['name']}"
    if t == "enter":
        return f"    {e['card']} enters the {e['zone'].capitalize()} Zone"
    if t == "fizzle":
        what = f"{e['card']}'s {e['ability']}" if e.get("ability") else e["card"]
        return f"    {what} fizzles: {e['reason']}"
    if t == "negated":
        what = f"{e['card']}'s {e['ability']}" if e.get("ability") else e["card"]
        return f"    {what} is negated!"
    if t == "move":
        return f"    {e['card']} goes to the discard ({e['reason']})"
    if t == "safety_cap":
        # the result line says who won and by what; here, the two counts it compared (rules 14.2–14.6)
        alive, hp = e["survivors"], e["squad_hp"]
        return (f"\nSafety cap after {e['rounds']} rounds: live Aliens P1 {alive[0]}, P2 {alive[1]}; "
                f"Squad HP P1 {hp[0]}, P2 {hp[1]}")
    if t == "energy_paid":
        return f"    {_p(e)} pays {e.get('amount', '?')} energy" if e.get("amount") else None
    if t == "no_answer":
        return f"    {_p(e)} does not answer"
    if t == "prebank_done":
        return f"  {_p(e)} ends the pre-bank ({e.get('banked', 0)} banked)"
    if t == "draw_phase":
        return f"  {_p(e)} holds 5 on turn 1: no draw, no mill"
    if t == "forfeit":
        if e.get("reason") == "conceded" and e.get("status") == "OK":  # a person's choice, not a fault
            return f"{_p(e)} concedes"
        return f"{_p(e)} forfeits: {e['reason']}"
    if t == "result":
        return "\nResult: " + result_words(load_guide_from(__package__ or ""), e["winner"], e["reason"], e["turns"])
    return None
