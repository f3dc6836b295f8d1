"""The one way the rest of cardarena reaches a game: `load_game(id)`.

Games register through the `cardarena.games` entry-point group (see pyproject.toml), so core imports
no ruleset, and a game package installed by a third party appears here without code changes.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING

from .errors import UnknownGame

if TYPE_CHECKING:
    from .ruleset import Ruleset


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group="cardarena.games")}


def game_ids() -> list[str]:
    return sorted(_entry_points())


@cache
def load_game(game_id: str) -> Ruleset:
    eps = _entry_points()
    if game_id not in eps:
        known = ", ".join(sorted(eps)) or "none installed"
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}")
    factory = eps[game_id].load()
    game: Ruleset = factory()
    return game


def list_games() -> list[Ruleset]:
    return [load_game(g) for g in game_ids()]
