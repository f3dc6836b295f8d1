"""Deck legality for `frontline` (rulebook §2, rules frontline.2.1–2.7)."""

from __future__ import annotations

from typing import Any

from cardarena.core.cards import unknown_card_message
from cardarena.core.decks import Deck

from .pool import CardPool
from .schema import GeneralCard

FORMATS = {"standard": "40–60 cards, at most 3 copies of a title and 3 Generals, the only format of the rulebook"}
DECK_MIN, DECK_MAX, COPIES, GENERALS = 40, 60, 3, 3


def check_deck(deck: Deck, pool: CardPool, fmt: str | None = None) -> list[str]:
    """Every reason `deck` is illegal. Generals are part of the main deck: they count toward its size
    (rule frontline.2.7) and there is no separate leader list."""
    problems: list[str] = []
    if deck.game != "frontline":
        problems.append(f"deck is for game {deck.game!r}, not 'frontline'")
    fmt = fmt or deck.format or "standard"
    if fmt not in FORMATS:
        problems.append(f"unknown format {fmt!r}; frontline formats: {', '.join(FORMATS)}")
    for k in deck.leaders:
        problems.append(f"`{k}` is not used by frontline: Generals are shuffled into the main deck, list them under [cards]")
    total = generals = 0
    for name, count in deck.cards.items():
        card = pool.by_name.get(name)
        total += count
        if card is None:
            problems.append(unknown_card_message(name, pool.by_name))
            continue
        if count > COPIES:  # counted by title (rule frontline.2.5)
            problems.append(f"{count} copies of {name!r}; at most {COPIES} of a title (rule frontline.2.4)")
        if isinstance(card, GeneralCard):
            generals += count
    if generals > GENERALS:
        problems.append(f"{generals} Generals; at most {GENERALS} in a deck (rule frontline.2.6)")
    if not DECK_MIN <= total <= DECK_MAX:
        problems.append(f"the deck has {total} cards; it needs {DECK_MIN}–{DECK_MAX} (rules frontline.2.1–2.3)")
    return problems


def random_deck(pool: CardPool, rng: Any) -> Deck:
    """A random legal deck: 0–3 Generals, a mix of every card type, 40–60 cards. rng: random.Random."""
    counts: dict[str, int] = {}
    for g in rng.sample(pool.generals, rng.randint(0, 3)):
        counts[g.name] = 1
    target = rng.randint(DECK_MIN, DECK_MAX)
    others = [c for c in pool.cards if not isinstance(c, GeneralCard)]
    names = [c.name for c in rng.sample(others, rng.randint(max(16, -(-target // COPIES)), 30))]
    for n in names:
        counts[n] = 1
    while sum(counts.values()) < target:
        n = rng.choice(names)
        if counts[n] < COPIES:
            counts[n] += 1
    return Deck(game="frontline", name="random", format="standard", cards=counts, source="<random deck>")
