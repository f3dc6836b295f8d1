"""The `mastery` card schema: Heroes, Level 1 and Level 2 Techniques, Immediate Tactics and Level 2
Paths. Card data lives in cards/*.toml; each card's printed text is generated from its effects
(text.py), so text and rules never disagree. Authoring notes: docs/cards.md; rulings:
docs/rulings/mastery.md.
"""

from __future__ import annotations

from typing import Literal

import msgspec

Symbol = Literal["Support", "Attack", "Guard"]
HeroClass = Literal["Support", "Attacker", "Tank"]
SYMBOLS: tuple[str, ...] = ("Support", "Attack", "Guard")
#: party order: slot seat*3 + i holds the Hero of CLASSES[i] (rule mastery.1.1)
CLASSES: tuple[str, ...] = ("Support", "Attacker", "Tank")

#: who a card's effects land on; the player picks only for enemy / ally / another_ally (ruling gap.10)
Target = Literal["none", "enemy", "ally", "another_ally", "self", "all_enemies", "all_allies"]
CHOSEN_TARGETS = frozenset({"enemy", "ally", "another_ally"})
Verb = Literal[
    "damage", "heal", "shield", "poison", "cure", "ward", "def_up", "reduce", "redirect", "intercept",
    "draw", "ap", "ready",
]
#: verbs that land on a Hero (the others land on the acting team)
HERO_VERBS = frozenset({"damage", "heal", "shield", "poison", "cure", "ward", "def_up", "reduce", "redirect",
                        "intercept", "ready"})
AMOUNT_VERBS = frozenset({"damage", "heal", "def_up", "reduce", "draw", "ap"})
#: verbs whose target must be an enemy / must be an ally
ENEMY_VERBS = frozenset({"damage", "poison"})
PassiveKind = Literal["damage_bonus", "heal_bonus", "guard_bonus", "poison_immune", "ally_def", "end_heal"]


class Effect(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One printed instruction. `to`: the card's targets, or the performing Hero."""

    verb: Verb
    amount: int = 0
    to: Literal["target", "performer"] = "target"
    zero_ok: bool = False  # "this may deal 0 damage" (rule mastery.7.5)

    def __post_init__(self) -> None:
        if self.verb in AMOUNT_VERBS and self.amount < 1:
            raise ValueError(f"`{self.verb}` needs amount ≥ 1")
        if self.verb not in AMOUNT_VERBS and self.amount:
            raise ValueError(f"`{self.verb}` takes no amount")
        if self.zero_ok and self.verb != "damage":
            raise ValueError("only `damage` may set zero_ok")
        if self.verb not in HERO_VERBS and self.to != "target":
            raise ValueError(f"`{self.verb}` lands on your team; leave `to` out")


class Passive(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """An always-on Hero Passive or Path Passive (rulings gap.13, gap.27)."""

    name: str
    kind: PassiveKind
    amount: int = 0

    def __post_init__(self) -> None:
        if self.kind != "poison_immune" and self.amount < 1:
            raise ValueError(f"passive `{self.kind}` needs amount ≥ 1")


def _check_effects(target: str, effects: tuple[Effect, ...], performer: bool) -> None:
    if not effects:
        raise ValueError("a card needs effects")
    for e in effects:
        # the performer becomes USED once its action resolves (rule mastery.5.8) and cannot guard
        # itself against itself: readying or intercepting for the performer would do nothing
        if e.verb in ("ready", "intercept") and performer and (e.to == "performer" or target == "self"):
            raise ValueError(f"`{e.verb}` on the performer does nothing; target another ally")
        if e.verb not in HERO_VERBS or e.to != "target":
            if e.to == "performer" and not performer:
                raise ValueError("an Immediate Tactic has no performer: `to = performer` is not allowed")
            continue
        if target == "none":
            raise ValueError(f"`{e.verb}` lands on a Hero but the card's target is none")
        enemy = target in ("enemy", "all_enemies")
        if (e.verb in ENEMY_VERBS) != enemy:
            side = "an enemy" if e.verb in ENEMY_VERBS else "an ally"
            raise ValueError(f"`{e.verb}` must target {side}, not target = {target}")
        if e.verb == "intercept" and not performer:
            raise ValueError("`intercept` moves damage to the performer: only Hero actions may use it")
        if e.verb == "redirect" and target not in ("another_ally", "ally", "self"):
            raise ValueError("`redirect` protects one ally: target = ally | another_ally | self")
        if e.verb == "intercept" and target != "another_ally":
            raise ValueError("`intercept` moves an ally's damage to the performer: target = another_ally")
    if target in ("another_ally", "self") and not performer:
        raise ValueError(f"target = {target} needs a performer; Immediate Tactics cannot use it")


class Access(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Who may perform a Level 1 Technique (seed §6; rulings gap.12, gap.15)."""

    kind: Literal["native", "class", "teachable"]
    hero: str | None = None  # native: the Hero's pool id
    cls: HeroClass | None = None  # class: the printed Class
    professions: tuple[str, ...] = ()  # teachable: Professions that may learn it

    def __post_init__(self) -> None:
        want = {"native": self.hero, "class": self.cls, "teachable": self.professions or None}
        for k, v in want.items():
            if (k == self.kind) != (v is not None):
                raise ValueError("access: native needs only `hero`, class only `cls`, teachable only `professions`")


class TechniqueCard(msgspec.Struct, tag="technique", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    level: Literal[1, 2]
    symbol: Symbol
    cost: int
    target: Target
    effects: tuple[Effect, ...]
    access: Access | None = None  # Level 1 only; Level 2 Techniques belong to their Path (ruling gap.16)

    def __post_init__(self) -> None:
        if self.cost < 0:
            raise ValueError("cost must be ≥ 0")
        if (self.level == 1) != (self.access is not None):
            raise ValueError("a Level 1 Technique needs `access`; a Level 2 Technique has none")
        _check_effects(self.target, self.effects, performer=True)


class TacticCard(msgspec.Struct, tag="tactic", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    """An Immediate Tactic: played by the player, no performer (ruling gap.10)."""

    id: str
    name: str
    cost: int
    target: Target
    effects: tuple[Effect, ...]

    def __post_init__(self) -> None:
        if self.cost < 0:
            raise ValueError("cost must be ≥ 0")
        _check_effects(self.target, self.effects, performer=False)


class BasicAction(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    cost: int
    target: Target
    effects: tuple[Effect, ...]

    def __post_init__(self) -> None:
        if self.cost < 0:
            raise ValueError("cost must be ≥ 0")
        _check_effects(self.target, self.effects, performer=True)


class HeroCard(msgspec.Struct, tag="hero", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    cls: HeroClass
    profession: str
    hp: int
    defense: int
    passive: Passive
    basic: BasicAction
    paths: tuple[str, ...]  # one Path pool id per symbol

    def __post_init__(self) -> None:
        if self.hp < 1 or self.defense < 0:
            raise ValueError("hp must be ≥ 1 and defense ≥ 0")
        if len(self.paths) != 3:
            raise ValueError("a Hero lists exactly 3 paths, one per symbol (Support, Attack, Guard)")


class PathCard(msgspec.Struct, tag="path", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    """A Level 2 Path: its persistent Path Passive and its two Level 2 Techniques (seed §9)."""

    id: str
    name: str
    symbol: Symbol
    passive: Passive
    techniques: tuple[str, str]


Card = HeroCard | TechniqueCard | TacticCard | PathCard
Playable = TechniqueCard | TacticCard
