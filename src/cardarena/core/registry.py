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
    from .cardfiles import CardFiles
    from .engine import State
    from .ruleset import Ruleset


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group="cardarena.games")}


def game_ids() -> list[str]:
    return sorted(_entry_points())


def load_game(game_id: str, cards: CardFiles | None = None) -> Ruleset:
    """The game `game_id`, with the package's cards, or with those of the card files `cards` replacing
    and adding to them (docs/cards.md): one Ruleset per game and card files, cached by their content.
    A card file that is not valid for the game raises CardDataError (nothing is cached then)."""
    return _package_game(game_id) if cards is None else _game_with(game_id, cards)


@cache
def _package_game(game_id: str) -> Ruleset:
    eps = _entry_points()
    if game_id not in eps:
        known = ", ".join(sorted(eps)) or "none installed"
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}")
    factory = eps[game_id].load()
    game: Ruleset = factory()
    return game


@cache
def _game_with(game_id: str, cards: CardFiles) -> Ruleset:
    return _package_game(game_id).with_cards(cards)


def game_of(state: State) -> Ruleset:
    """The Ruleset a state was set up by: its game, with the card files of its config if it has any."""
    from .cardfiles import CardFiles

    return load_game(state.config.get("game", state.game_id), CardFiles.from_config(state.config))


def list_games() -> list[Ruleset]:
    return [load_game(g) for g in game_ids()]
