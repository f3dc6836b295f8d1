"""The shape of an `aliens` view (`AliensState.view(seat)`), as msgspec types: what a bot, a web page
or an RL encoder may rely on. `docs/schema/aliens-view.json` is generated from `AliensView`
(`python -m cardarena.games.aliens.views docs/schema`); tests check the file is current and that real
views match it.

Cards are named by pool id (`id`) and name, only where the seat may know them; a face-down card is an
entry with its position (`index`) and the turn it was set, its `card` only for its owner.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import msgspec
from msgspec import UNSET, UnsetType

from cardarena.core.messages import ViewEnvelope


class CardView(msgspec.Struct, forbid_unknown_fields=True):
    """A card the seat may know: its pool id, name and printed numbers."""

    id: str
    name: str
    kind: str | UnsetType = UNSET  # tactic | spawn
    subtype: str | UnsetType = UNSET
    species: str | UnsetType = UNSET  # Species Tactics only
    cost: int | UnsetType = UNSET
    affinity: str | UnsetType = UNSET  # Attacks only
    damage: int | UnsetType = UNSET  # Attacks only


class AbilityView(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    kind: str  # passive | active | once | repeatable
    used: bool  # a once-per-battle ability already used


class AlienView(msgspec.Struct, forbid_unknown_fields=True):
    """One Alien in its owner's Alien Zone (position `index`, 0–2), KO'd or not: Aliens are public."""

    id: str
    index: int
    name: str
    species: str
    affinity: str
    hp: int
    max_hp: int
    ko: bool
    status: str | None
    shield: int
    attacked: bool  # has declared an Attack this turn
    equip: CardView | None
    ability: AbilityView


class CommandEntry(msgspec.Struct, forbid_unknown_fields=True):
    """One card of a Command Zone, by position. Face-down: `set_turn`, and `card` for its owner only."""

    index: int
    face_down: bool
    set_turn: int | UnsetType = UNSET
    card: CardView | UnsetType = UNSET


class PlayerView(msgspec.Struct, forbid_unknown_fields=True):
    """One player's side. `hand` and `reactor` are present only in that player's own view."""

    seat: int
    aliens: list[AlienView]
    hand_count: int
    deck_count: int
    reactor_count: int
    charge: int  # unspent ramp energy
    energy: int  # reactor_count + charge
    discard: list[CardView]
    command: list[CommandEntry]
    hand: list[CardView] | UnsetType = UNSET
    reactor: list[CardView] | UnsetType = UNSET


class AliensView(ViewEnvelope, forbid_unknown_fields=True):
    """`view(seat)` of an `aliens` game: the envelope every game carries, plus the board."""

    round: int
    active: int  # the seat whose turn it is
    priority: int  # the seat with priority (aliens.6.1)
    sector: CardView | None
    pending: list[CardView]  # cards being used: paid for or chosen, not yet resolved (face-up)
    players: list[PlayerView]


def schema_text() -> str:
    return json.dumps(msgspec.json.schema(AliensView), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":  # python -m cardarena.games.aliens.views docs/schema
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/schema")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "aliens-view.json").write_text(schema_text(), encoding="utf-8")
    print(folder / "aliens-view.json")
