"""The `circuits` card schema (rulebook §2, §3, §9, §12, §13). Card data lives in cards/*.toml.

Effects are small verbs with parameters (docs/cards.md, `circuits` section); the few timing rules that
need more (Radiant Bulwark, Redline Drill, Frame Check, Hold Everything, Full Battery...) are verbs of
their own, so each rule of the rulebook lives in one obvious place in the engine.
"""

from __future__ import annotations

from typing import Literal, get_args

import msgspec

#: rulebook §3: the six Circuits of Base 001 (rule circuits.3.1)
CIRCUITS: tuple[str, ...] = ("Heat", "Kinetic", "Radiant", "Nano", "Static", "Quantum")
Circuit = Literal["Heat", "Kinetic", "Radiant", "Nano", "Static", "Quantum"]
PlanKind = Literal["offense", "defense", "utility"]
#: a Plan's Kind as the rulebook writes it ("Offense"): only for words a person reads; the card data,
#: views and events keep the lower-case value that bots read
KIND_WORDS = {k: k.capitalize() for k in get_args(PlanKind)}


def kind_word(kind: str | None) -> str:
    """A Plan's Kind marker in the rulebook's words; "?" when there is none (a marker returned)."""
    if not kind:
        return "?"
    return KIND_WORDS.get(kind, kind)

Slot = Literal["weapon", "armor", "relic"]

#: who an effect lands on, from the point of view of the card's controller
Recipient = Literal[
    "enemy_hero",  # the enemy (Active) Hero; never an Asset (rule circuits.9.1.31)
    "enemy_target",  # the chosen enemy target: the Hero or one of their Assets (rule circuits.9.1.32)
    "enemy_asset",  # the chosen enemy Asset
    "played_asset",  # the Asset whose play this window answers ("deal 2 damage to it": Overwatch)
    "each_enemy_asset",
    "your_hero",
    "your_asset",  # the chosen Asset of yours
    "your_discarded_asset",  # the chosen Asset card in your discard pile
    "each_your_asset",
    "this_asset",  # the Asset whose text this is
    "you",
    "opponent",
]
Verb = Literal[
    "damage", "heal", "shield", "burn", "mark", "draw", "gain_rally", "drain_rally", "repair", "destroy",
    "jam", "cannot_heal", "prevent", "cancel", "delay", "force_reveal", "look_plan", "return_plan",
    "next_attack", "rider_burn", "rider_repair", "guard_assets", "full_battery", "resolve_plans", "survive",
    "return_asset",
]
#: Reaction triggers (rulebook §11). Outcome triggers are declared prospectively (rules 11.24–11.29);
#: restricted triggers are the only cards allowed in restricted windows (rules 11.13–11.16).
Trigger = Literal[
    "enemy_attacks",  # an enemy Basic Attack is declared
    "enemy_plays_instant",
    "enemy_plays_tactic",  # an Instant, Plan or Combo
    "enemy_plays_asset",
    "enemy_ultimate",
    "enemy_plan_reveals",
    "your_plan_reveals",
    "hero_would_take_damage",  # prevention, applied at step 2 of the damage order (rule 8.2.2)
    "hero_takes_damage",  # outcome
    "hero_prevents_damage",  # outcome
    "asset_destroyed",  # outcome
    "asset_would_be_destroyed",  # outcome, a destruction replacement (rule 8.5.6)
    "enemy_equips",  # restricted (rule 11.13)
    "enemy_swaps",  # restricted (rule 11.14), Squad only
    "asset_would_damage_hero",  # restricted (rule 11.15)
]
OUTCOME_TRIGGERS = frozenset({"hero_takes_damage", "hero_prevents_damage", "asset_destroyed", "asset_would_be_destroyed"})
RESTRICTED_TRIGGERS = frozenset({"enemy_equips", "enemy_swaps", "asset_would_damage_hero"})
_AMOUNT_VERBS = frozenset({"damage", "heal", "shield", "burn", "draw", "gain_rally", "drain_rally", "repair", "prevent",
                           "next_attack", "rider_burn", "rider_repair", "full_battery"})
#: the verbs that queue a bonus or rider for the next Basic Attack (rulebook §8.6)
QUEUED_VERBS = frozenset({"next_attack", "rider_burn", "rider_repair"})
_HEROES = frozenset({"your_hero", "enemy_hero"})
_PLAYERS = frozenset({"you", "opponent"})
_ASSETS = frozenset({"enemy_asset", "played_asset", "each_enemy_asset", "your_asset", "each_your_asset", "this_asset"})
#: the recipients a verb can land on (the engine reads `to` as one of them: any other value landed on
#: the other side or on nothing); the verbs not listed act on what their own rule names
RECIPIENTS: dict[str, frozenset[str]] = {
    "damage": _HEROES | _ASSETS | {"enemy_target"},
    "heal": _HEROES, "shield": _HEROES, "burn": _HEROES, "mark": _HEROES, "cannot_heal": _HEROES,
    "draw": _PLAYERS, "gain_rally": _PLAYERS, "drain_rally": _PLAYERS,
    "repair": _ASSETS, "destroy": _ASSETS,
    "return_asset": frozenset({"your_discarded_asset"}),
}


class Effect(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    verb: Verb
    amount: int = 0
    to: Recipient = "enemy_hero"
    reward: int = 0  # resolve_plans: damage to the enemy Hero per Plan that resolved
    this_turn: bool = False  # a queued bonus or rider that expires unused at the end of this turn (rule 8.6.8)

    def __post_init__(self) -> None:
        if self.verb in _AMOUNT_VERBS and self.amount <= 0:
            raise ValueError(f"`{self.verb}` needs amount ≥ 1")
        allowed = RECIPIENTS.get(self.verb)
        if allowed is not None and self.to not in allowed:
            default = " (the default)" if self.to == "enemy_hero" else ""
            raise ValueError(f"`{self.verb}` cannot go `to = {self.to}`{default}; `to` must be one of "
                             f"{', '.join(sorted(allowed))}")
        if self.to == "your_discarded_asset" and self.verb != "return_asset":
            raise ValueError("`to = your_discarded_asset` is only for `return_asset`")
        if self.this_turn and self.verb not in QUEUED_VERBS:
            raise ValueError(f"`this_turn` is for a next-attack bonus or rider ({', '.join(sorted(QUEUED_VERBS))}), "
                             f"not `{self.verb}`")


class Trigger_(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A printed triggered ability of a Hero Passive, Gear or Asset ("when X, do Y")."""

    when: Literal[
        "turn_start", "you_heal", "you_prevent", "you_take_damage", "shield_depleted", "you_play_plan",
        "you_play_asset", "asset_enters", "this_destroyed", "end_step",
    ]  # a lethal save ("when damage would reduce your Hero to 0 HP", rule 8.2.6) is Gear's `lethal_save`
    effects: tuple[Effect, ...]
    once_per: Literal["turn", "match", "none"] = "turn"  # recurring Gear triggers: once per turn (rule 9.2.6)


class Charge(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Charge N (rulebook §9.1): once per turn, in your Action Step, pay N Rally for the effects."""

    cost: int
    effects: tuple[Effect, ...]

    def __post_init__(self) -> None:
        _check_cost(self.cost, "charge.cost")


class Ultimate(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    text: str
    effects: tuple[Effect, ...]


class Passive(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    text: str
    attack: int = 0  # + Basic Attack damage
    triggers: tuple[Trigger_, ...] = ()


class HeroCard(msgspec.Struct, tag="hero", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    hp: int
    circuits: tuple[Circuit, Circuit]
    passive: Passive
    ultimate: Ultimate
    variant: str = ""  # a Variant shares its Hero's name (ruling circuits.gap.9)
    text: str = ""

    def __post_init__(self) -> None:
        if self.hp < 1:
            raise ValueError("hp must be ≥ 1 (rule circuits.2.1)")

    @property
    def title(self) -> str:
        return f"{self.name} ({self.variant})" if self.variant else self.name


class GearCard(msgspec.Struct, tag="gear", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    slot: Slot
    cost: int
    text: str
    circuits: tuple[Circuit, ...] = ()
    legendary: bool = False
    signature: str = ""
    attack: int = 0  # Weapon: + Basic Attack damage
    reduce: int = 0  # Gear reduction per damage event (rule 8.2.3)
    asset_hp: int = 0  # continuous HP bonus to your Assets (rulebook §8.4)
    lethal_save: bool = False  # once per match: lethal damage leaves the Hero at 1 HP (rule 8.2.6)
    charge: Charge | None = None
    triggers: tuple[Trigger_, ...] = ()

    def __post_init__(self) -> None:
        _check_circuits(self.circuits)
        _check_cost(self.cost)
        if self.legendary and (len(self.circuits) != 2 or self.slot != "relic"):
            raise ValueError("Legendary Gear is a dual-Circuit Relic (rules circuits.3.10, 3.12)")


class TacticCard(msgspec.Struct, tag="tactic", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    type: Literal["instant", "reaction", "plan", "combo"]
    cost: int
    text: str
    circuits: tuple[Circuit, ...] = ()
    signature: str = ""
    anomaly: bool = False
    plan_kind: PlanKind | None = None
    trigger: Trigger | None = None
    effects: tuple[Effect, ...] = ()

    def __post_init__(self) -> None:
        _check_circuits(self.circuits)
        _check_cost(self.cost)
        if (self.type == "plan") != (self.plan_kind is not None):
            raise ValueError("a Plan, and only a Plan, prints a Kind (plan_kind)")
        if (self.type == "reaction") != (self.trigger is not None):
            raise ValueError("a Reaction, and only a Reaction, has a trigger")
        if not self.effects:
            raise ValueError("a Tactic needs effects")
        if self.plan_kind is not None and any(
                e.verb in ("jam", "force_reveal", "return_plan") or e.to in ("enemy_target", "enemy_asset", "your_asset")
                for e in self.effects):
            # a target chosen when a face-down Plan is played would tell what the Plan is (rules 4.3, 11.7)
            raise ValueError("a Plan chooses no target: it is played face-down")
        if self.plan_kind is not None and self.plan_kind != honest_kind(self.effects):
            raise ValueError(f"the Kind marker must be honest (rules 12.2–12.4): this Plan is {honest_kind(self.effects)}")


class AssetCard(msgspec.Struct, tag="asset", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    cost: int
    hp: int
    text: str
    circuits: tuple[Circuit, ...] = ()
    signature: str = ""
    anomaly: bool = False
    guard: bool = False
    strike: int = 0
    charge: Charge | None = None
    on_play: tuple[Effect, ...] = ()
    triggers: tuple[Trigger_, ...] = ()

    def __post_init__(self) -> None:
        _check_circuits(self.circuits)
        _check_cost(self.cost)
        if not self.circuits:
            raise ValueError("an Asset has one or two Circuits (rulebook §9.1; ruling circuits.gap.45)")
        if self.guard and self.strike:
            raise ValueError("no base Asset has both Guard and Strike (rule circuits.9.1.24)")
        if self.hp < 1:
            raise ValueError("an Asset needs hp ≥ 1")


Card = HeroCard | GearCard | TacticCard | AssetCard


def _check_cost(cost: int, field: str = "cost") -> None:
    if cost < 0:  # paid from Available Rally (rule circuits.10.1): a negative cost would give Rally
        raise ValueError(f"{field} must be ≥ 0 (rule circuits.10.1)")


def _check_circuits(circuits: tuple[str, ...]) -> None:
    if len(circuits) > 2:
        raise ValueError("a card has at most two Circuits (rule circuits.3.3)")
    if len(set(circuits)) != len(circuits):
        raise ValueError("a Circuit is listed twice")


OFFENSE_VERBS = frozenset({"damage", "burn", "mark"})
DEFENSE_VERBS = frozenset({"heal", "shield", "prevent", "repair"})


def honest_kind(effects: tuple[Effect, ...]) -> str:
    """The Kind a Plan must print (rules 12.2–12.4): Offense if it harms the enemy, else Defense if it
    protects, else Utility. A mixed Plan is Offense (ruling circuits.gap.28)."""
    if any(e.verb in OFFENSE_VERBS and e.to in ("enemy_hero", "enemy_target", "enemy_asset", "each_enemy_asset")
           for e in effects):
        return "offense"
    if any(e.verb in DEFENSE_VERBS for e in effects):
        return "defense"
    return "utility"
