"""cardarena: four card games by their complete rules, automatons, a command line and an arena."""

from .core import (
    CardArenaError,
    Decision,
    Deck,
    DeckError,
    IllegalChoice,
    Option,
    Result,
    State,
    game_ids,
    list_games,
    load_deck,
    load_game,
)

__version__ = "0.1.0"

__all__ = [
    "CardArenaError",
    "Decision",
    "Deck",
    "DeckError",
    "IllegalChoice",
    "Option",
    "Result",
    "State",
    "__version__",
    "game_ids",
    "list_games",
    "load_deck",
    "load_game",
]
