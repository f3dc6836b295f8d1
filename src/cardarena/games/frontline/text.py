"""A card's rules text, generated from its fields so that text and effects never disagree."""

from __future__ import annotations

from functools import cache
from typing import Any

from .schema import Ability, Aura, Effect

_KEYWORD_NAMES = {"cover": "Cover", "pierce": "Pierce", "swift": "Swift", "siphon": "Siphon",
                  "bulwark": "Bulwark", "relentless": "Relentless"}
_WHO = {"target": "target {t}", "self": "this unit", "each_enemy": "each enemy Front Line unit",
        "each_ally": "each of your Front Line units"}


def keyword_name(k: str) -> str:
    return _KEYWORD_NAMES[k]


def self_word(card: Any) -> str:
    """What `to = self` lands on: the unit, or Tactical Equipment, which is a card of the Tactical Zone and
    no unit (rule frontline.4.12)."""
    return "this card" if type(card).__name__ == "TacticalCard" else "this unit"


def effect_text(e: Effect, target: str = "none", me: str = "this unit") -> str:
    t = {"enemy": "enemy piece", "ally": "unit of yours"}.get(target, "piece")
    who = me if e.to == "self" else _WHO.get(e.to, "").format(t=t)
    n = e.amount
    if e.verb == "damage":
        return f"deal {n} damage to {who}"
    if e.verb == "heal":
        return f"heal {n} HP on {who}"
    if e.verb == "boost":
        return f"give {who} +{n} ATK this turn"
    if e.verb == "strike":
        return f"the opponent loses {n} LP" if e.to == "opponent" else f"you lose {n} LP"  # not "the you lose"
    if e.verb == "gain":
        return f"you gain {n} LP"
    if e.verb == "draw":
        return f"draw {n} card{'s' if n > 1 else ''}"
    if e.verb == "reclaim":
        # only cards that fell before this turn come back (ruling frontline.gap.1): the text says so
        return (f"return the {n} oldest card{'s' if n > 1 else ''} of your Fallen Zone that fell before this turn "
                "to your hand")
    return "the link below this one whiffs"


def effects_text(effects: tuple[Effect, ...], target: str = "none", me: str = "this unit") -> str:
    s = ", then ".join(effect_text(e, target, me) for e in effects)
    return s[:1].upper() + s[1:] + "."


def aura_text(a: Aura) -> str:
    who = f"Your Front Line units with {keyword_name(a.only)}" if a.only else "Your Front Line units"
    bits = []
    if a.atk:
        bits.append(f"+{a.atk} ATK")
    if a.keyword:
        bits.append(keyword_name(a.keyword))
    return f"{who} have {' and '.join(bits)}."


def ability_text(a: Ability, me: str = "this unit") -> str:
    return f"{a.name} (Expend {a.cost}, once per turn): {effects_text(a.effects, a.target, me)}"


@cache
def card_text(card: Any) -> str:
    parts: list[str] = []
    kws = getattr(card, "keywords", ())
    if kws:
        parts.append(", ".join(keyword_name(k) for k in kws) + ".")
    if getattr(card, "atk", 0) or getattr(card, "hp", 0):
        if type(card).__name__ == "EquipmentCard":
            bonus = " and ".join(b for b in (f"+{card.atk} ATK" if card.atk else "", f"+{card.hp} HP" if card.hp else "") if b)
            parts.append(f"Equipped unit gets {bonus}.")
    aura = getattr(card, "aura", None)
    if aura is not None:
        parts.append(aura_text(aura))
    for field, label in (("effects", ""), ("muster", "Muster — "), ("last_stand", "Last Stand — "),
                         ("end_phase", "At your End Phase: "), ("scavenge", "Scavenge — ")):
        eff = getattr(card, field, ())
        if eff:
            body = effects_text(eff, getattr(card, "target", "none"), self_word(card))
            parts.append(label + (body if not label else body[:1].lower() + body[1:]))
    ab = getattr(card, "ability", None)
    if ab is not None:
        parts.append(ability_text(ab, self_word(card)))
    return " ".join(parts)
