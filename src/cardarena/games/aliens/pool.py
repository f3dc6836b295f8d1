"""The `aliens` card pool: every card of cards/*.toml, validated once and shared by all games."""

from __future__ import annotations

from functools import cache

from cardarena.core.cardfiles import CardFiles, merge
from cardarena.core.cards import closest_names, convert_cards, index_cards, load_card_tables, where
from cardarena.core.errors import CardDataError

from .schema import WHEEL, AlienCard, Card, SpawnCard, TacticCard


class CardPool:
    __slots__ = ("aliens", "by_id", "by_name", "cards", "spawns", "species", "tactics")

    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards
        by_name, by_id = index_cards("aliens", cards)
        self.by_name: dict[str, Card] = by_name
        self.by_id: dict[str, Card] = by_id
        self.aliens = [c for c in cards if isinstance(c, AlienCard)]
        self.tactics = [c for c in cards if isinstance(c, TacticCard)]
        self.spawns = [c for c in cards if isinstance(c, SpawnCard)]
        self.species = sorted({c.species for c in self.aliens} | {c.species for c in self.tactics})
        self._check()

    def _check(self) -> None:
        """Pool-wide facts a single card's schema cannot see."""
        species = sorted({a.species for a in self.aliens})
        for t in self.tactics:
            if t.species not in species:
                # only an Alien of its species uses a Species Tactic (ruling aliens.gap.1): with none in the
                # pool, no squad could ever use it; a misspelled species is the likely cause
                close = closest_names(t.species, species, 1)
                hint = f"did you mean {close[0]!r}? " if close else ""
                raise CardDataError(f"{where('aliens', self.cards, t)}: species: no Alien is a {t.species!r}, so no "
                                    f"squad could use it ({hint}species: {', '.join(species)})")


@cache
def card_pool(files: CardFiles | None = None) -> CardPool:
    """The pool: the package's cards, or with card files (docs/cards.md) replacing and adding cards;
    one pool per content of the files, never mixed with another."""
    tables = merge(load_card_tables("cardarena.games.aliens", "cards"), files)
    return CardPool(convert_cards(tables, Card))


def beats(attack: str, defender: str) -> bool:
    """rulebook §4: an affinity is super-effective against the next two clockwise on the wheel."""
    if attack not in WHEEL or defender not in WHEEL:
        return False  # Universal never gives or takes the bonus (rules aliens.4.18, aliens.4.19)
    d = (WHEEL.index(defender) - WHEEL.index(attack)) % len(WHEEL)
    return d in (1, 2)


#: BEATS[a][d] precomputed for the hot path
BEATS: dict[str, frozenset[str]] = {
    a: frozenset(d for d in WHEEL if beats(a, d)) for a in (*WHEEL, "Universal")
}
