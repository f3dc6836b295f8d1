"""The `mastery` card pool: every card of cards/*.toml, validated once and shared by all games."""

from __future__ import annotations

from functools import cache

from cardarena.core.cards import convert_cards, index_cards, load_card_tables
from cardarena.core.errors import CardDataError

from .schema import SYMBOLS, Card, HeroCard, PathCard, TacticCard, TechniqueCard


class CardPool:
    __slots__ = ("by_id", "by_name", "cards", "heroes", "level1", "level2", "paths", "professions", "tactics")

    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards
        by_name, by_id = index_cards("mastery", cards)
        self.by_name: dict[str, Card] = by_name
        self.by_id: dict[str, Card] = by_id
        self.heroes = [c for c in cards if isinstance(c, HeroCard)]
        self.paths = [c for c in cards if isinstance(c, PathCard)]
        self.tactics = [c for c in cards if isinstance(c, TacticCard)]
        self.level1 = [c for c in cards if isinstance(c, TechniqueCard) and c.level == 1]
        self.level2 = [c for c in cards if isinstance(c, TechniqueCard) and c.level == 2]
        self.professions = sorted({h.profession for h in self.heroes})
        self._check()

    def _check(self) -> None:
        """Cross-card references, checked at load so a typo names the card and field."""
        by_id = self.by_id
        for h in self.heroes:
            symbols = []
            for pid in h.paths:
                p = by_id.get(pid)
                if not isinstance(p, PathCard):
                    raise CardDataError(f"mastery: hero {h.name!r}: paths: {pid!r} is not a Path")
                symbols.append(p.symbol)
            if sorted(symbols) != sorted(SYMBOLS):
                raise CardDataError(f"mastery: hero {h.name!r}: paths must be one per symbol, got {symbols}")
        for p in self.paths:
            for tid in p.techniques:
                t = by_id.get(tid)
                if not isinstance(t, TechniqueCard) or t.level != 2 or t.symbol != p.symbol:
                    raise CardDataError(f"mastery: path {p.name!r}: techniques: {tid!r} is not a Level 2 "
                                        f"{p.symbol} Technique")
        for t in self.level1:
            a = t.access
            assert a is not None
            if a.kind == "native" and not isinstance(by_id.get(a.hero or ""), HeroCard):
                raise CardDataError(f"mastery: technique {t.name!r}: access.hero: {a.hero!r} is not a Hero")
            for prof in a.professions:
                if prof not in self.professions:
                    raise CardDataError(f"mastery: technique {t.name!r}: access.professions: no Hero is a {prof!r}")

    def path_of(self, tech_id: str) -> PathCard:
        return next(p for p in self.paths if tech_id in p.techniques)


@cache
def card_pool() -> CardPool:
    tables = load_card_tables("cardarena.games.mastery", "cards")
    return CardPool(convert_cards(tables, Card))
