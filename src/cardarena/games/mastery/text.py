"""Printed text of `mastery` cards, generated from their effects so the two never disagree."""

from __future__ import annotations

from functools import cache

from .schema import Effect, Passive

_WHO = {
    "enemy": "an enemy Hero",
    "ally": "an allied Hero",
    "another_ally": "another allied Hero",
    "self": "the performer",
    "all_enemies": "each enemy Hero",
    "all_allies": "each allied Hero",
    "none": "",
}


_AGAIN = {"enemy": "that Hero", "ally": "that Hero", "another_ally": "that Hero", "self": "the performer",
          "all_enemies": "each of them", "all_allies": "each of them", "none": ""}


def effect_text(e: Effect, target: str, again: bool = False) -> str:
    """One effect's sentence; `again`: the card's targets were already named by an earlier effect."""
    who = "the performer" if e.to == "performer" else (_AGAIN if again else _WHO)[target]
    v, n = e.verb, e.amount
    if v == "damage":
        zero = " (this may deal 0)" if e.zero_ok else ""
        return f"Deal {n} damage to {who}{zero}"
    if v == "heal":
        return f"Heal {who} {n} HP"
    if v == "shield":
        return f"{who[0].upper()}{who[1:]} becomes Shielded"
    if v == "poison":
        return f"Poison {who}"
    if v == "cure":
        return f"{who[0].upper()}{who[1:]} is cured of Poisoned"
    if v == "ward":
        return f"{who[0].upper()}{who[1:]} cannot be Poisoned this Round"
    if v == "def_up":
        return f"{who[0].upper()}{who[1:]} gains +{n} DEF this Round"
    if v == "reduce":
        return f"Damage to {who} is reduced by {n} this Round"
    if v == "redirect":
        return f"This Round, the next single-target enemy attack on your party is redirected to {who}"
    if v == "intercept":
        return f"This Round, the performer intercepts the damage of the next attack on {who}"
    if v == "ready":
        return f"{who[0].upper()}{who[1:]} becomes READY"
    if v == "draw":
        return f"Draw {n} card{'s' if n > 1 else ''}"
    if v == "ap":
        return f"Your team gains {n} AP this Round"
    raise ValueError(v)


@cache  # labels are built at every decision; cards never change
def card_text(target: str, effects: tuple[Effect, ...]) -> str:
    parts = []
    named = False
    for e in effects:
        parts.append(effect_text(e, target, named))
        named = named or e.to == "target"
    return ". ".join(parts) + "."


def passive_text(p: Passive) -> str:
    n = p.amount
    return {
        "damage_bonus": f"Attacks this Hero performs deal +{n} damage.",
        "heal_bonus": f"Healing this Hero performs restores +{n} HP.",
        "guard_bonus": f"DEF grants and damage reductions this Hero performs are +{n}.",
        "poison_immune": "This Hero cannot be Poisoned.",
        "ally_def": f"While this Hero survives, its allies have +{n} DEF.",
        "end_heal": f"At each End Phase, this Hero heals {n} HP.",
    }[p.kind]
