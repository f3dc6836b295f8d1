"""One line of play-by-play per `circuits` event; None hides an event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardarena.guide import load_guide_from, result_words

from .schema import kind_word
from .when import THIRD_PERSON

#: a trigger's condition in the third person (when.py)
WHEN_WORDS = THIRD_PERSON


def _when(e: dict[str, Any]) -> str:
    when = str(e.get("when", ""))
    words = WHEN_WORDS.get(when, when.replace("_", " "))
    return words.format(p=_p(e)) if "player" in e else words.replace("{p}'s ", "").replace("{p} ", "")


def _healed(e: dict[str, Any]) -> str:
    """"3 → 33 HP"; a heal of 0 (already at full HP) would read "0 → 33", as if from 0 HP."""
    return f"{e['amount']} → {e['hp']} HP" if e["amount"] else f"nothing (stays at {e['hp']} HP)"


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
            return f"  {_p(e)} plays a face-down {kind_word(e['kind'])} Plan"
        on = f" on {e['target']}" if e.get("target") else ""
        return f"  {_p(e)} plays {e['card']}{on}"
    if t == "announce":
        return f"  {_p(e)} shows {e['card']}"
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
        # as the board writes an Asset: HP left of its HP (`total` is the damage it has taken)
        return f"    {e['source']} hits {e['card']} for {e['final']} → {max(0, e['hp'] - e['total'])}/{e['hp']} HP"
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
        if e.get("blocked"):
            return f"    P{e['player'] + 1}'s Hero {e['blocked']}: it stays at {e['hp']} HP"
        return f"    P{e['player'] + 1}'s Hero heals {_healed(e)}"
    if t == "breakpoint":
        return f"    {_p(e)} reaches Breakpoint {e['at']}"
    if t == "second_wind":
        return f"  {_p(e)}: Second Wind!"
    if t == "forfeit":
        if e.get("reason") == "conceded" and e.get("status") == "OK":  # a person's choice, not a fault
            return f"{_p(e)} concedes"
        return f"{_p(e)} forfeits: {e.get('reason', '')}"
    if t == "result":
        return "\nResult: " + result_words(load_guide_from(__package__ or ""), e["winner"], e["reason"], e["turns"])
    return _more(e, t)


#: what a queued next-attack effect does, by its `what`
QUEUED = {"next_attack": "+{} damage", "rider_burn": "Burn {} on the enemy Hero if it deals damage to it",
          "rider_repair": "Repair {} if it deals damage"}


def _look(e: dict[str, Any], p: str) -> str:
    """Scout, Glimpse: what was looked at, an enemy face-down Plan or, with none, the top of the enemy's
    deck (rules 12.13–12.16); the card's name only for the seat that saw it."""
    enemy = f"P{2 - e.get('player', 0)}"
    what = {"plan": f"one of {enemy}'s face-down Plans", "deck_top": f"the top card of {enemy}'s deck"}.get(
        str(e.get("what")), "a hidden card")
    return f"  {p} looks at {what}" + (f": {e['card']}" if e.get("card") else "")


def _more(e: dict[str, Any], t: str) -> str | None:
    """The rest of the play-by-play: payments, windows, triggers, Gear and Asset changes."""
    p = f"P{e.get('player', 0) + 1}"
    card = e.get("card") or "a card"  # None: a card this seat may not know
    lines: dict[str, Callable[[], str | None]] = {  # built lazily: fields differ by type
        "reserve_token_taken": lambda: f"  {p} takes the Reserve token",
        "reserve_token": lambda: f"    {p} spends the Reserve token: 1 Rally less",
        "loadout_committed": lambda: f"  {p} picks a Loadout card in secret" + (f": {card}" if e.get("card") else ""),
        "pass_window": lambda: f"    {p} passes (step {e.get('step', '?')})",
        "paid": lambda: f"    {p} pays {e.get('rally', '?')} Rally ({e.get('rally_left', '?')} left)" if e.get("rally") else None,
        "rally": lambda: f"    {p} Rally {e.get('change', 0):+d} → {e.get('rally', '?')}",
        "resolve": lambda: f"    {card} resolves",
        "reaction_fires": lambda: f"    {p}'s {card} fires",
        "reaction_discarded": lambda: f"    {p}'s {card} is discarded: what it waited for did not happen",
        "survives": lambda: f"    {card} survives with 1 HP",
        "attack_fizzles": lambda: "    the Basic Attack deals no damage: its target is gone",
        "scrap": lambda: f"    {card} goes to Scrap",
        "jam": lambda: f"    {card} is Jammed",
        "charge": lambda: f"  {p} uses the Charge of {card} ({e.get('rally', '?')} Rally)",
        "enter": lambda: f"    {card} enters {p}'s Field" + (" (put there, not played)" if e.get("put") else ""),
        "return_fails": lambda: f"    {card} stays in {p}'s discard pile: the Field is full",
        "discard": lambda: f"  {p} discards {card}" + (f" ({e['reason']})" if e.get("reason") else ""),
        "repair": lambda: f"    {card} is repaired",
        "guard_granted": lambda: f"    {card} gains Guard",
        "status": lambda: f"    {p}'s Hero: {str(e.get('status', '')).replace('_', ' ')} {e.get('change', '')}",
        "lethal_save": lambda: f"    {p}'s Hero is left at 1 HP",
        "trigger": lambda: f"    {card} triggers ({_when(e)})",
        "queued": lambda: (f"    {p}'s next Basic Attack" + (" this turn" if e.get("this_turn") else "") + ": "
                           + QUEUED.get(str(e.get("what")), "a bonus").format(e.get("amount", "?"))),
        "queued_expired": lambda: f"    {p}'s unused next-attack bonus expires ("
                                  + QUEUED.get(str(e.get("what")), "a bonus").format(e.get("amount", "?")) + ")",
        "look": lambda: _look(e, p),
        "full_battery": lambda: f"    Full Battery: {e.get('amount', '?')} extra damage",
        "deck_out": lambda: f"  {p} must draw from an empty deck: deck-out!",
        "draw_skipped": lambda: f"  {p} skips the Draw Step of their first turn",
        "plan_returned": lambda: f"    {p}'s Plan returns to the hand",
        "active_hero": lambda: f"  {p}'s Active Hero: {e.get('hero')}",
        "swap_declared": lambda: f"  {p} Swaps: {e.get('hero')} in, {e.get('out')} out",
        "swap": lambda: f"    {e.get('hero')} is now {p}'s Active Hero; {e.get('out')} goes to the Bench",
        "equip_declared": lambda: f"  {p} equips {card}" + (f" to {e['hero']}" if e.get("hero") else ""),
        "knock_out": lambda: f"    {p}'s {e.get('hero')} is knocked out ({e.get('fallen')} Fallen)",
        "promote": lambda: f"    {p} promotes {e.get('hero')}: Fresh Line, Shield {e.get('shield')}",
    }
    make = lines.get(t)
    return None if make is None else make()

