"""Game-agnostic core: engine contract, RNG, decks, cards, registry, replays."""

from .decks import Deck, load_deck, parse_deck
from .engine import Decision, Option, Result, State
from .errors import CardArenaError, CardDataError, DeckError, IllegalChoice, ReplayError, UnknownGame
from .registry import game_ids, list_games, load_game
from .rng import Rng
from .ruleset import Ruleset

__all__ = [
    "CardArenaError",
    "CardDataError",
    "Decision",
    "Deck",
    "DeckError",
    "IllegalChoice",
    "Option",
    "ReplayError",
    "Result",
    "Rng",
    "Ruleset",
    "State",
    "UnknownGame",
    "game_ids",
    "list_games",
    "load_deck",
    "load_game",
    "parse_deck",
]
