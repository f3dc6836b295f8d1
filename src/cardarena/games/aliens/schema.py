"""The `aliens` card schema (rulebook §3, §4, §12, §13). Card data lives in cards/*.toml.

The effect vocabulary is documented for authors in docs/cards.md; rulings on what each part means
are in docs/rulings/aliens.md.
"""

from __future__ import annotations

from typing import Literal

import msgspec

#: rulebook §4: the wheel, read clockwise (rule aliens.4.5)
WHEEL: tuple[str, ...] = (
    "Plasma", "Mycelial", "Cryo", "Meteoric", "Ion", "Atmospheric", "Solar", "Void", "Psionic", "Alloy",
)
UNIVERSAL = "Universal"

Affinity = Literal[
    "Plasma", "Mycelial", "Cryo", "Meteoric", "Ion", "Atmospheric", "Solar", "Void", "Psionic", "Alloy",
    "Universal",
]
StatusName = Literal["jammed", "corroding", "fluxed"]
#: what the player chooses when the card or ability is used
TargetKind = Literal["none", "enemy", "ally", "enemy_card"]
#: who an effect lands on, relative to the player using it
Recipient = Literal["target", "performer", "all_enemies", "all_allies", "all_aliens", "you", "opponent"]
#: no verb gains energy: the Reactor is fed only by the ramp, the pre-bank and mill-on-full (rule
#: aliens.7.17), so a card that would is refused when the pool loads
Verb = Literal[
    "damage", "heal", "status", "cleanse", "shield", "draw", "drain", "mill", "destroy",
    "followup", "negate", "block",
]
FollowUp = Literal["assault", "special", "any"]
Window = Literal["attack", "tactic", "any"]

ALIEN_RECIPIENTS = frozenset({"target", "performer", "all_enemies", "all_allies", "all_aliens"})
PLAYER_RECIPIENTS = frozenset({"you", "opponent"})
_ALIEN_VERBS = frozenset({"damage", "heal", "status", "cleanse", "shield"})
_PLAYER_VERBS = frozenset({"draw", "drain", "mill"})
_AMOUNT_VERBS = frozenset({"damage", "heal", "shield", "draw", "drain", "mill", "block"})
#: verbs that act on the use a Counter answers
_ANSWER_VERBS = frozenset({"negate", "block"})


class Effect(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    verb: Verb
    amount: int = 0
    to: Recipient = "target"
    status: StatusName | None = None
    action: FollowUp | None = None

    def __post_init__(self) -> None:
        if self.verb in _AMOUNT_VERBS and self.amount <= 0:
            raise ValueError(f"`{self.verb}` needs amount ≥ 1")
        if self.verb == "status" and self.status is None:
            raise ValueError("`status` needs status = jammed | corroding | fluxed")
        if self.verb == "followup" and self.action is None:
            raise ValueError("`followup` needs action = assault | special | any")
        if self.verb in _ALIEN_VERBS and self.to not in ALIEN_RECIPIENTS:
            raise ValueError(f"`{self.verb}` lands on Aliens; `to` must be one of {sorted(ALIEN_RECIPIENTS)}")
        if self.verb in _PLAYER_VERBS and self.to not in PLAYER_RECIPIENTS:
            raise ValueError(f"`{self.verb}` lands on a player; `to` must be you or opponent")


class Modifiers(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Static numbers a card in play or a Passive adds. Scope depends on where it sits (docs/cards.md)."""

    attack: int = 0  # + damage of Attacks declared by Aliens in scope
    armor: int = 0  # - damage dealt by cards to Aliens in scope
    cost: int = 0  # + energy cost of Tactics used by Aliens in scope (Sector: every Tactic)
    # (no ramp: the Reactor Ramp is +2, rule aliens.8.2; only the `ramp` rule parameter changes it)


class Ability(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """rulebook §13: Passive, Active, Once-per-battle or Repeatable."""

    kind: Literal["passive", "active", "once", "repeatable"]
    name: str
    text: str
    cost: int = 0
    target: TargetKind = "none"
    effects: tuple[Effect, ...] = ()
    modifiers: Modifiers | None = None
    scope: Literal["self", "squad"] = "self"
    each_turn: tuple[Effect, ...] = ()

    def __post_init__(self) -> None:
        if self.kind == "passive":
            if self.effects or self.cost or self.target != "none":
                raise ValueError("a passive ability has no cost, target or effects: use modifiers / each_turn")
            if self.modifiers is None and not self.each_turn:
                raise ValueError("a passive ability needs modifiers or each_turn effects")
        else:
            if not self.effects:
                raise ValueError(f"a {self.kind} ability needs effects")
            if self.modifiers is not None or self.each_turn:
                raise ValueError(f"only passive abilities have modifiers / each_turn, not {self.kind}")
            if self.cost < 0:
                raise ValueError("ability.cost must be ≥ 0")
        if any(e.verb in _ANSWER_VERBS for e in (*self.effects, *self.each_turn)):
            raise ValueError("negate / block answer a use: only a Counter has them (ruling aliens.gap.21)")
        _check_each_turn(self.each_turn)
        _check_target(self.target, self.effects, "the ability")


class AlienCard(msgspec.Struct, tag="alien", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    species: str
    affinity: Affinity
    hp: int
    ability: Ability
    text: str = ""

    def __post_init__(self) -> None:
        if self.hp < 1:
            raise ValueError("hp must be ≥ 1")


def _check_playable(card: TacticCard | SpawnCard, counter: bool) -> None:
    if card.cost < 0:
        raise ValueError("cost must be ≥ 0")
    if not counter and any(e.verb in _ANSWER_VERBS for e in (*card.effects, *getattr(card, "each_turn", ()))):
        # they act on the use a Counter answers: anywhere else they would silently do nothing
        raise ValueError("negate / block answer a use: only a Counter has them (ruling aliens.gap.21)")
    if counter and card.window is None:
        raise ValueError("a Counter needs window = attack | tactic | any")
    if not counter and card.window is not None:
        raise ValueError("only Counters have a window")
    if isinstance(card, SpawnCard):
        lands = [e for e in card.effects if e.to == "performer" and e.verb in _ALIEN_VERBS]
        if card.subtype != "equip":
            lands += [e for e in card.each_turn if e.to == "performer" and e.verb in _ALIEN_VERBS]
        if lands:
            # no Alien uses a Spawn (rule aliens.3.8): the effect would land on nobody
            raise ValueError(f"`{lands[0].verb}` goes `to = performer`, but a Spawn has no performer"
                             + ("" if card.subtype == "equip" else " (only an Equip's each_turn: the equipped Alien)"))
        _check_each_turn(card.each_turn)
    if (isinstance(card, TacticCard) and card.subtype == "attack") or card.subtype == "equip":
        return  # their target is fixed by the rules (see target_kind)
    _check_target(card.target, card.effects, "the card")


def _check_each_turn(each_turn: tuple[Effect, ...]) -> None:
    """Effects that resolve by themselves at the Energy Phase: nobody chooses a target then."""
    for e in each_turn:
        if e.verb in ("followup", "destroy"):
            # the Activation Phase is over (no action to follow up) and no card is chosen to destroy
            raise ValueError(f"each_turn: `{e.verb}` would do nothing at the Energy Phase: no action follows it "
                             "and nothing is chosen then")
        if e.to == "target" and e.verb in _ALIEN_VERBS:
            raise ValueError(f"each_turn: `{e.verb}` goes `to = target` (the default), but nothing is chosen at "
                             "the Energy Phase: use performer, all_allies, all_enemies or all_aliens")


def _check_target(target: str, effects: tuple[Effect, ...], what: str) -> None:
    """`target` (what the player picks) and the effects that go `to = target` must agree."""
    # only verbs that land on an Alien use `to`; negate, block, followup and destroy ignore it
    needs_target = any(e.to == "target" and e.verb in _ALIEN_VERBS for e in effects)
    destroys = any(e.verb == "destroy" for e in effects)
    if needs_target and target in ("none", "enemy_card") and not destroys:
        raise ValueError(f"an effect goes `to = target` (the default) but {what} has no target = enemy | ally")
    if destroys and target != "enemy_card":
        raise ValueError("`destroy` needs target = enemy_card")
    if target == "enemy_card" and not destroys:
        raise ValueError("target = enemy_card is only for `destroy`")
    if target in ("enemy", "ally") and not needs_target:
        # a target no effect uses would be a choice the card does not give (docs/rulings/aliens.md, gap.22)
        raise ValueError(f"target = {target} but no effect goes `to = target`; leave `target` out")


class TacticCard(msgspec.Struct, tag="tactic", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    """rulebook §3: Species Tactics, in three subtypes."""

    id: str
    name: str
    species: str
    subtype: Literal["attack", "special", "counter"]
    cost: int
    text: str
    affinity: Affinity | None = None
    damage: int = 0
    super_effective: tuple[Affinity, ...] = ()
    target: TargetKind = "none"
    effects: tuple[Effect, ...] = ()
    window: Window | None = None

    def __post_init__(self) -> None:
        if self.subtype == "attack":
            if self.affinity is None:
                raise ValueError("an Attack needs an affinity (rule aliens.4.1)")
            if self.damage < 1:
                raise ValueError("an Attack needs damage ≥ 1")
            if UNIVERSAL in self.super_effective:
                raise ValueError("super_effective cannot name Universal (it never takes the bonus)")
            if self.target not in ("none", "enemy"):
                raise ValueError("an Attack always targets an enemy Alien; leave `target` out")
        else:
            if self.damage or self.super_effective:
                raise ValueError("only Attacks have damage / super_effective")
            if not self.effects:
                raise ValueError(f"a {self.subtype} needs effects")
        _check_playable(self, self.subtype == "counter")


class SpawnCard(msgspec.Struct, tag="spawn", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    """rulebook §3: neutral cards with no Alien requirement."""

    id: str
    name: str
    subtype: Literal["basic", "counter", "sector", "equip", "continuous"]
    cost: int
    text: str
    target: TargetKind = "none"
    effects: tuple[Effect, ...] = ()
    window: Window | None = None
    modifiers: Modifiers | None = None
    each_turn: tuple[Effect, ...] = ()

    def __post_init__(self) -> None:
        lasting = self.subtype in ("sector", "equip", "continuous")
        if lasting and self.effects:
            raise ValueError(f"a {self.subtype} Spawn works through modifiers / each_turn, not effects")
        if lasting and self.modifiers is None and not self.each_turn:
            raise ValueError(f"a {self.subtype} Spawn needs modifiers or each_turn effects")
        if not lasting and (self.modifiers is not None or self.each_turn):
            raise ValueError(f"a {self.subtype} Spawn has effects, not modifiers / each_turn")
        if not lasting and not self.effects:
            raise ValueError(f"a {self.subtype} Spawn needs effects")
        if self.subtype == "equip" and self.target not in ("none", "ally"):
            raise ValueError("an Equip always attaches to one of your Aliens; leave `target` out")
        _check_playable(self, self.subtype == "counter")


Card = AlienCard | TacticCard | SpawnCard


def target_kind(card: TacticCard | SpawnCard) -> str:
    """What the player picks when using the card: Attacks hit an enemy Alien, Equips go on an ally."""
    if card.subtype == "attack":
        return "enemy"
    if card.subtype == "equip":
        return "ally"
    return card.target
