"""The `frontline` card pool: every card of cards/*.toml, validated once and shared by all games."""

from __future__ import annotations

from functools import cache

from cardarena.core.cardfiles import CardFiles, merge
from cardarena.core.cards import convert_cards, index_cards, load_card_tables

from .schema import ActionCard, Card, EquipmentCard, GeneralCard, HeroCard, ReactionCard, TacticalCard


class CardPool:
    __slots__ = ("actions", "by_id", "by_name", "cards", "equipment", "generals", "heroes", "reactions", "tactical")

    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards
        by_name, by_id = index_cards("frontline", cards)
        self.by_name: dict[str, Card] = by_name
        self.by_id: dict[str, Card] = by_id
        self.heroes = [c for c in cards if isinstance(c, HeroCard)]
        self.generals = [c for c in cards if isinstance(c, GeneralCard)]
        self.equipment = [c for c in cards if isinstance(c, EquipmentCard)]
        self.tactical = [c for c in cards if isinstance(c, TacticalCard)]
        self.actions = [c for c in cards if isinstance(c, ActionCard)]
        self.reactions = [c for c in cards if isinstance(c, ReactionCard)]


@cache
def card_pool(files: CardFiles | None = None) -> CardPool:
    """The pool: the package's cards, or with card files (docs/cards.md) replacing and adding cards;
    one pool per content of the files, never mixed with another."""
    tables = merge(load_card_tables("cardarena.games.frontline", "cards"), files)
    return CardPool(convert_cards(tables, Card))
