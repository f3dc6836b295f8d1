"""cardarena: four card games by their complete rules, automatons, a command line and an arena.

The names below are imported on first use, so that `cardarena.bot` (the helper for writing a bot,
standard library only) loads in any Python 3.11 without the engine's dependencies.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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


def __getattr__(name: str) -> Any:
    if name in __all__:
        value = getattr(importlib.import_module(".core", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'cardarena' has no attribute {name!r}")
