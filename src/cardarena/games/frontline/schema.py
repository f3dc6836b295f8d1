"""The `frontline` card schema (rulebook §1, §3, §4, §9). Card data lives in cards/*.toml.

A card's rules text is generated from its fields (text.py), so text and effects never disagree;
`flavor` is free prose. Every printed stat is on the 0–3 scale (rule frontline.1.6); unit stat lines follow the Cost tiers
of §3 and are binding (ruling frontline.gap.22). The keyword set is ruling frontline.gap.1
(docs/rulings/frontline.md); the effect vocabulary is documented in docs/cards.md.
"""

from __future__ import annotations

from typing import Literal

import msgspec

#: keywords printed on units, each one sentence in docs/rulings/frontline.md (gap.1)
Keyword = Literal["cover", "pierce", "swift", "siphon", "bulwark", "relentless"]
KEYWORDS: tuple[str, ...] = ("cover", "pierce", "swift", "siphon", "bulwark", "relentless")
#: trigger keywords, present when the card lists their effects
TRIGGERS: tuple[str, ...] = ("scavenge", "muster", "last_stand", "end_phase")

#: who an effect lands on, relative to the player using the card
Recipient = Literal["target", "self", "you", "opponent", "each_enemy", "each_ally"]
Verb = Literal["damage", "strike", "heal", "draw", "gain", "boost", "reclaim", "negate"]
#: what the player picks when the card or ability is used
TargetKind = Literal["none", "enemy", "ally"]

_UNIT_VERBS = frozenset({"damage", "heal", "boost"})
_PLAYER_VERBS = frozenset({"strike", "draw", "gain", "reclaim"})
UNIT_RECIPIENTS = frozenset({"target", "self", "each_enemy", "each_ally"})

#: rulebook §3: the stat lines (ATK, HP) allowed at each Cost for Heroes (ruling frontline.gap.22)
HERO_TIERS: dict[int, frozenset[tuple[int, int]]] = {
    0: frozenset({(0, 1), (1, 1)}),
    1: frozenset({(1, 1), (2, 1), (1, 2), (0, 3)}),
    2: frozenset({(1, 1), (2, 1), (1, 2), (0, 3)}),
    3: frozenset({(3, 2), (3, 3)}),
}


def _scale(name: str, v: int, low: int = 0) -> None:
    if not low <= v <= 3:
        raise ValueError(f"{name} must be {low}–3 on the 0–3 stat scale (rule frontline.1.6), got {v}")


class Effect(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One verb: damage / heal / boost land on units or Tactical Equipment; strike (LP damage), draw,
    gain (LP), reclaim (Fallen Zone to hand) land on a player; negate makes the link below whiff."""

    verb: Verb
    amount: int = 1
    to: Recipient = "target"

    def __post_init__(self) -> None:
        _scale("amount", self.amount, 1)
        if self.verb in _UNIT_VERBS and self.to not in UNIT_RECIPIENTS:
            raise ValueError(f"`{self.verb}` lands on a unit; `to` must be one of {sorted(UNIT_RECIPIENTS)}")
        if self.verb in _PLAYER_VERBS and self.to not in ("you", "opponent"):
            raise ValueError(f"`{self.verb}` lands on a player; `to` must be you or opponent")
        if self.verb in ("draw", "gain", "reclaim") and self.to != "you":
            # the engine resolves these for the card's own player: `to = opponent` would be ignored
            raise ValueError(f"`{self.verb}` is for the card's own player; `to` must be you")
        if self.verb == "negate" and self.to != "target":
            raise ValueError("`negate` always lands on the link below it; leave `to` out")


def _check_effects(where: str, effects: tuple[Effect, ...], target: str) -> None:
    targeted = any(e.to == "target" and e.verb != "negate" for e in effects)
    if targeted and target == "none":
        raise ValueError(f"{where}: an effect goes `to = target` but there is no target = enemy | ally")
    if not targeted and target != "none":
        raise ValueError(f"{where}: target = {target} but no effect goes `to = target`")


def _check_trigger(where: str, effects: tuple[Effect, ...]) -> None:
    """Triggered effects resolve at once, with no choice (ruling frontline.gap.1): no target, no negate."""
    for e in effects:
        if e.to == "target" or e.verb == "negate":
            raise ValueError(f"{where}: a triggered effect has no target and cannot negate")


def _no_self(where: str, effects: tuple[Effect, ...], why: str) -> None:
    """`to = self` lands on the card itself, which only a Hero on the Front Line or Tactical Equipment
    in the Tactical Zone is when the effect resolves: anywhere else it would land on nothing."""
    for e in effects:
        if e.to == "self":
            raise ValueError(f"{where}: `{e.verb}` goes `to = self`, but {why}")


class Ability(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """An active ability: once per turn, in your Main Phase, for `cost` Expended cards (rule frontline.3.3)."""

    name: str
    effects: tuple[Effect, ...]
    cost: int = 0
    target: TargetKind = "none"

    def __post_init__(self) -> None:
        _scale("ability cost", self.cost)
        if not self.effects:
            raise ValueError("an ability needs effects")
        if any(e.verb == "negate" for e in self.effects):
            raise ValueError("only Reactions negate")
        _check_effects("ability", self.effects, self.target)


class Aura(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A static bonus to your Front Line units while the card is in play (ruling frontline.gap.7)."""

    atk: int = 0
    hp: int = 0
    keyword: Keyword | None = None
    only: Keyword | None = None  # only units with this printed keyword

    def __post_init__(self) -> None:
        _scale("aura atk", self.atk)  # a printed bonus, on the 0–3 scale like equipment's (rule frontline.1.6)
        if self.hp:
            raise ValueError("auras give ATK or keywords, not HP (ruling frontline.gap.7)")
        if not self.atk and self.keyword is None:
            raise ValueError("an aura needs atk or keyword")


class _Common(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    cost: int
    flavor: str = ""
    scavenge: tuple[Effect, ...] = ()

    def _check_common(self) -> None:
        _scale("cost", self.cost)
        _check_trigger("scavenge", self.scavenge)
        _no_self("scavenge", self.scavenge, "a Scavenged card is in the Fallen Zone, not in play")


class HeroCard(_Common, tag="hero", tag_field="kind", frozen=True):
    atk: int = 0
    hp: int = 1
    keywords: tuple[Keyword, ...] = ()
    muster: tuple[Effect, ...] = ()
    last_stand: tuple[Effect, ...] = ()
    ability: Ability | None = None

    def __post_init__(self) -> None:
        self._check_common()
        _scale("atk", self.atk)
        _scale("hp", self.hp, 1)
        if (self.atk, self.hp) not in HERO_TIERS[self.cost]:
            lines = ", ".join(f"{a}/{h}" for a, h in sorted(HERO_TIERS[self.cost]))
            raise ValueError(f"a Cost-{self.cost} Hero is {lines}, not {self.atk}/{self.hp} "
                             "(rules frontline.3.9–3.11, ruling frontline.gap.22)")
        _check_trigger("muster", self.muster)
        _check_trigger("last_stand", self.last_stand)
        _no_self("last_stand", self.last_stand, "a Hero's Last Stand resolves once it has left the field")
        if len(set(self.keywords)) != len(self.keywords):
            raise ValueError("a keyword is listed twice")


class GeneralCard(_Common, tag="general", tag_field="kind", frozen=True):
    """A General leads from the Command Zone: its aura or ability works there (ruling frontline.gap.9)."""

    atk: int = 0
    hp: int = 1
    keywords: tuple[Keyword, ...] = ()
    aura: Aura | None = None
    ability: Ability | None = None
    end_phase: tuple[Effect, ...] = ()

    def __post_init__(self) -> None:
        self._check_common()
        _scale("atk", self.atk)
        _scale("hp", self.hp, 1)
        _check_trigger("end_phase", self.end_phase)
        if self.aura is None and self.ability is None and not self.end_phase:
            raise ValueError("a General needs an aura, an ability or end_phase effects")
        why = "a General's ability and End Phase work from the Command Zone, where it is not a unit (ruling frontline.gap.9)"
        _no_self("end_phase", self.end_phase, why)
        if self.ability is not None:
            _no_self("ability", self.ability.effects, why)


class EquipmentCard(_Common, tag="equipment", tag_field="kind", frozen=True):
    """Hero Equipment: attaches to one of your Front Line units (rules frontline.4.3–4.7)."""

    atk: int = 0
    hp: int = 0
    keywords: tuple[Keyword, ...] = ()

    def __post_init__(self) -> None:
        self._check_common()
        if not 1 <= self.cost <= 2:
            raise ValueError("standard equipment costs 1–2 (rule frontline.3.10)")
        _scale("atk bonus", self.atk)
        _scale("hp bonus", self.hp)
        if not (self.atk or self.hp or self.keywords):
            raise ValueError("equipment needs an atk or hp bonus or a keyword")


class TacticalCard(_Common, tag="tactical", tag_field="kind", frozen=True):
    """Tactical Equipment: stationary in the Tactical Zone, 0 ATK and 1–3 HP (rule frontline.4.12)."""

    atk: int = 0
    hp: int = 1
    aura: Aura | None = None
    ability: Ability | None = None
    end_phase: tuple[Effect, ...] = ()

    def __post_init__(self) -> None:
        self._check_common()
        if self.atk != 0:
            raise ValueError("Tactical Equipment has 0 ATK (rule frontline.4.12)")
        _scale("hp", self.hp, 1)
        _check_trigger("end_phase", self.end_phase)
        if self.aura is None and self.ability is None and not self.end_phase:
            raise ValueError("Tactical Equipment needs an aura, an ability or end_phase effects")


class ActionCard(_Common, tag="action", tag_field="kind", frozen=True):
    """Played in your own Main Phase; opens a Reaction Ladder (rules frontline.4.22, 8.1)."""

    target: TargetKind = "none"
    effects: tuple[Effect, ...] = ()

    def __post_init__(self) -> None:
        self._check_common()
        if not self.effects:
            raise ValueError("an Action needs effects")
        if any(e.verb == "negate" for e in self.effects):
            raise ValueError("only Reactions negate")
        _check_effects("action", self.effects, self.target)
        _no_self("action", self.effects, "an Action is not a unit: use target, each_ally or each_enemy")


class ReactionCard(_Common, tag="reaction", tag_field="kind", frozen=True):
    """A hand trap: cast from hand onto an open Ladder, on either player's turn (rules frontline.4.23–4.24)."""

    target: TargetKind = "none"
    effects: tuple[Effect, ...] = ()

    def __post_init__(self) -> None:
        self._check_common()
        if not self.effects:
            raise ValueError("a Reaction needs effects")
        _check_effects("reaction", self.effects, self.target)
        _no_self("reaction", self.effects, "a Reaction is not a unit: use target, each_ally or each_enemy")


Card = HeroCard | GeneralCard | EquipmentCard | TacticalCard | ActionCard | ReactionCard
UNIT_TYPES = (HeroCard, GeneralCard)
