"""A base for the toy games of these tests: games without a card pool or decks."""

from __future__ import annotations

from typing import Any

from cardarena.core.decks import Deck
from cardarena.core.engine import State
from cardarena.core.ruleset import Ruleset


class CardlessRuleset(Ruleset):
    """The card and deck part of the Ruleset contract for a game that has neither."""

    def card_names(self) -> list[str]:
        return []

    def card_info(self, name: str) -> dict[str, Any]:
        raise KeyError(name)

    def starter_decks(self) -> dict[str, Deck]:
        return {}

    def check_deck(self, deck: Deck, fmt: str | None = None) -> list[str]:
        return [f"{self.id} is played without decks"]

    def random_deck(self, rng: Any) -> Deck:
        raise NotImplementedError(f"{self.id} is played without decks")

    def cards_by_id(self) -> dict[str, Any]:
        return {}

    def build(self, decks: list[Deck], seed: int, params: dict[str, Any], config: dict[str, Any]) -> State:
        raise NotImplementedError(f"{self.id} is played without decks: its new_game builds the state")
