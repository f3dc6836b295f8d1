"""The `circuits` card pool: every card of cards/*.toml, validated once and shared by all games.

A Hero and its Variants share a `name` (ruling circuits.gap.9), so the pool keys Heroes by their
*title* — "Forgeblade", "Forgeblade (Stormforged)" — which is also how a deck file lists them.
Every other card is keyed by its name, and no other card may share a Hero's name or title.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from cardarena.core.cardfiles import CardFiles, merge
from cardarena.core.cards import closest_names, convert_cards, index_cards, load_card_tables, where
from cardarena.core.errors import CardDataError

from .schema import AssetCard, Card, GearCard, HeroCard, TacticCard

#: Action Deck cards (rule circuits.2.2)
ActionCard = TacticCard | AssetCard


def title(card: Card) -> str:
    """The name a deck file uses for `card`: a Hero's title, otherwise the card name."""
    return card.title if isinstance(card, HeroCard) else card.name


class CardPool:
    __slots__ = ("actions", "assets", "by_id", "by_name", "cards", "gear", "hero_names", "heroes", "tactics")

    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards
        by_name, by_id = index_cards("circuits", cards, title)
        self.by_name: dict[str, Card] = by_name
        self.by_id: dict[str, Card] = by_id
        self.heroes: dict[str, HeroCard] = {c.title: c for c in cards if isinstance(c, HeroCard)}
        self.hero_names = frozenset(h.name for h in self.heroes.values())
        self.gear = [c for c in cards if isinstance(c, GearCard)]
        self.tactics = [c for c in cards if isinstance(c, TacticCard)]
        self.assets = [c for c in cards if isinstance(c, AssetCard)]
        self.actions: list[ActionCard] = [c for c in cards if isinstance(c, TacticCard | AssetCard)]
        self._check()

    def _check(self) -> None:
        """Pool-wide facts a single card's schema cannot see."""
        for h in self.heroes.values():
            if h.circuits[0] == h.circuits[1]:
                raise CardDataError(f"{where('circuits', self.cards, h, h.title)}: circuits: lists {h.circuits[0]} "
                                    "twice; every Hero has two different Circuits (rule circuits.3.2)")
        for c in self.cards:
            if isinstance(c, HeroCard):
                continue
            if c.name in self.hero_names:
                raise CardDataError(f"{where('circuits', self.cards, c)}: has the name of a Hero")
            if c.signature and c.signature not in self.hero_names:
                close = closest_names(c.signature, self.hero_names, 1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise CardDataError(f"{where('circuits', self.cards, c)}: signature: it is a Signature of "
                                    f"{c.signature!r}, which is not a Hero of the pool{hint} (rule circuits.3.8)")


#: Mechanics the rulebook reserves for boss cards of a later Season (rules circuits.20.10–20.11); it
#: never defines them (docs/rulings/circuits.md, gaps 39–40), and player cards may never carry them.
RESERVED_MECHANICS = frozenset({"corrode", "frost", "suppressed", "exposed", "displace"})
_WORDING = frozenset({"id", "name", "title", "text", "variant"})  # free text: "Frost" may name a card


def _reserved_mechanic(value: Any) -> str | None:
    """The first reserved mechanic used as a field or a value anywhere in a raw card table."""
    if isinstance(value, dict):
        for k, v in value.items():
            if str(k).lower() in RESERVED_MECHANICS:
                return str(k)
            found = None if k in _WORDING else _reserved_mechanic(v)
            if found:
                return found
    elif isinstance(value, list):
        for v in value:
            found = _reserved_mechanic(v)
            if found:
                return found
    elif isinstance(value, str) and value.lower() in RESERVED_MECHANICS:
        return value
    return None


def player_cards(tables: Iterable[tuple[str, dict[str, Any]]]) -> list[Card]:
    """Validate player card tables. A reserved mechanic is refused by name (rule circuits.20.11) before
    the schema, which has no verb for one, would refuse it less clearly."""
    tables = list(tables)
    for label, t in tables:
        word = _reserved_mechanic(t)
        if word is not None:
            raise CardDataError(f"{label}: card {t.get('name', '?')!r}: {word!r} is a reserved mechanic, which "
                                "only boss cards may carry (rule circuits.20.11)")
    return convert_cards(tables, Card)


@cache
def card_pool(files: CardFiles | None = None) -> CardPool:
    """The pool: the package's cards, or with card files (docs/cards.md) replacing and adding cards;
    one pool per content of the files, never mixed with another."""
    return CardPool(player_cards(merge(load_card_tables("cardarena.games.circuits", "cards"), files)))
