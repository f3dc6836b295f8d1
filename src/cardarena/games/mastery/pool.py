"""The `mastery` card pool: every card of cards/*.toml, validated once and shared by all games."""

from __future__ import annotations

from functools import cache
from typing import Any

from cardarena.core.cardfiles import CardFiles, merge
from cardarena.core.cards import closest_names, convert_cards, index_cards, load_card_tables, where
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
        """Cross-card references, checked at load so a typo names the file, the card and the field."""
        by_id = self.by_id

        def at(card: Card) -> str:
            return where("mastery", self.cards, card)

        def hint(ref: str, cards: list[Any]) -> str:
            close = closest_names(ref, [c.id for c in cards], 1)
            return f" (did you mean {close[0]!r}?)" if close else ""

        for h in self.heroes:
            symbols = []
            for pid in h.paths:
                p = by_id.get(pid)
                if not isinstance(p, PathCard):
                    raise CardDataError(f"{at(h)}: paths: {pid!r} is not the id of a Path{hint(pid, self.paths)}")
                symbols.append(p.symbol)
            if sorted(symbols) != sorted(SYMBOLS):
                raise CardDataError(f"{at(h)}: paths must be one per symbol, got {symbols}")
        for p in self.paths:
            for tid in p.techniques:
                t = by_id.get(tid)
                if not isinstance(t, TechniqueCard) or t.level != 2 or t.symbol != p.symbol:
                    raise CardDataError(f"{at(p)}: techniques: {tid!r} is not the id of a Level 2 {p.symbol} "
                                        f"Technique{hint(tid, self.level2)}")
        on_paths = {tid for p in self.paths for tid in p.techniques}
        for t in self.level2:
            if t.id not in on_paths:  # only the Hero on its Path performs it (ruling gap.16)
                raise CardDataError(f"{at(t)}: no Path lists this Level 2 Technique in its `techniques`, so no Hero "
                                    "could ever perform it (ruling mastery.gap.27)")
        chosen = {pid for h in self.heroes for pid in h.paths}
        for p in self.paths:
            if p.id not in chosen:
                raise CardDataError(f"{at(p)}: no Hero lists this Path in its `paths`, so no Hero could ever choose "
                                    "it (ruling mastery.gap.27)")
        for t in self.level1:
            a = t.access
            assert a is not None
            if a.kind == "native" and not isinstance(by_id.get(a.hero or ""), HeroCard):
                raise CardDataError(f"{at(t)}: access.hero: {a.hero!r} is not the id of a Hero{hint(a.hero or '', self.heroes)}")
            for prof in a.professions:
                if prof not in self.professions:
                    raise CardDataError(f"{at(t)}: access.professions: no Hero is a {prof!r} (Professions: "
                                        f"{', '.join(self.professions)})")

    def path_of(self, tech_id: str) -> PathCard:
        return next(p for p in self.paths if tech_id in p.techniques)


@cache
def card_pool(files: CardFiles | None = None) -> CardPool:
    """The pool: the package's cards, or with card files (docs/cards.md) replacing and adding cards;
    one pool per content of the files, never mixed with another."""
    tables = merge(load_card_tables("cardarena.games.mastery", "cards"), files)
    return CardPool(convert_cards(tables, Card))
