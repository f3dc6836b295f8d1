"""The shape of a `circuits` view (`state.view(seat)`), as msgspec types: what a bot, a web page or an
RL encoder may rely on. `docs/schema/circuits-view.json` is generated from `CircuitsView`
(`python -m cardarena.games.circuits.views docs/schema`); tests check it is current and that real
views match it.

A card appears by name only where its seat may know it (docs/architecture.md, "Hidden information"):
the opponent's hand and every deck are counts; a face-down Plan is its position and Kind marker.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import msgspec
from msgspec import UNSET, UnsetType

from cardarena.core.messages import ViewEnvelope


class CardView(msgspec.Struct, forbid_unknown_fields=True):
    """A card the seat knows: instance `id`, pool id `card`, printed `name`, and its printed numbers."""

    id: int
    card: str
    name: str
    kind: str  # hero, gear, tactic, asset
    type: str | UnsetType = UNSET  # Tactics: instant, reaction, plan, combo
    cost: int | UnsetType = UNSET
    hp: int | UnsetType = UNSET  # Assets: printed HP
    slot: str | UnsetType = UNSET  # Gear: weapon, armor, relic
    circuits: list[str] | UnsetType = UNSET
    # on the Field
    damage: int | UnsetType = UNSET
    max_hp: int | UnsetType = UNSET
    guard: bool | UnsetType = UNSET
    # equipped
    jammed: bool | UnsetType = UNSET


class HeroView(msgspec.Struct, forbid_unknown_fields=True):
    id: int
    name: str
    hp: int
    max_hp: int
    shield: int
    burn: int
    marked: bool
    cannot_heal: bool
    ultimate_used: bool


class BenchHeroView(msgspec.Struct, forbid_unknown_fields=True):
    """Squad: a Bench Hero with its own HP, statuses and Gear (rule circuits.16.18)."""

    id: int
    name: str
    hp: int
    max_hp: int
    shield: int
    burn: int
    marked: bool
    cannot_heal: bool
    ultimate_used: bool
    gear: list[CardView]


class PlanView(msgspec.Struct, forbid_unknown_fields=True):
    """A Plan in the Plans zone, by position: its Kind marker (None once returned), whether it is
    delayed (face-up), and the card only for a seat that knows it."""

    index: int
    kind: str | None
    delayed: bool
    card: CardView | UnsetType = UNSET


class PendingView(msgspec.Struct, forbid_unknown_fields=True):
    """A card played and not yet resolved (in its Response Window)."""

    seat: int
    face_down: bool
    kind: str | None
    card: CardView | UnsetType = UNSET


class SeenView(msgspec.Struct, forbid_unknown_fields=True):
    """A card of the opponent's deck (`index`: depth from the top) or hand (no position: where it sits
    would tell which card left the hand face-down) that this seat looked at."""

    zone: str
    card: CardView
    index: int | UnsetType = UNSET


class PlayerView(msgspec.Struct, forbid_unknown_fields=True):
    seat: int
    hero: HeroView
    capacity: int
    rally: int
    reserve_token: bool
    hand_count: int
    deck_count: int
    discard: list[CardView]
    field: list[CardView]
    gear: list[CardView]
    loadout: list[CardView] | int  # a count until the Loadouts are revealed (rule 5.7)
    armory: list[CardView] | int
    scrap: list[CardView]
    plans: list[PlanView]
    hand: list[CardView] | UnsetType = UNSET  # only in the seat's own view
    seen: list[SeenView] | UnsetType = UNSET  # only in the other seat's view: what it looked at
    bench: list[BenchHeroView] | UnsetType = UNSET  # Squad only
    fallen: list[CardView] | UnsetType = UNSET  # Squad only: knocked-out Heroes


class CircuitsView(ViewEnvelope, forbid_unknown_fields=True):
    """`view(seat)`: the envelope every game carries (game, format, seat, turn, decision, result) and
    the table."""

    step: str  # the step of the turn under way: setup, start, rally, draw, action, end (rule circuits.7.1)
    active: int
    first: int
    players: list[PlayerView]
    pending: list[PendingView]


def schema_text() -> str:
    return json.dumps(msgspec.json.schema(CircuitsView), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":  # python -m cardarena.games.circuits.views docs/schema
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/schema")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "circuits-view.json").write_text(schema_text(), encoding="utf-8")
    print(folder / "circuits-view.json")
