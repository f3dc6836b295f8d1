"""Deck legality for `aliens` (rulebook §2; rulings aliens.gap.3–gap.6)."""

from __future__ import annotations

from typing import Any

from cardarena.core.cards import unknown_card_message
from cardarena.core.decks import Deck

from .pool import CardPool
from .schema import AlienCard, TacticCard

FORMATS = {"standard": "3 unique Aliens and a 50–60 card Tactic deck, the only format of the rulebook"}
DECK_MIN, DECK_MAX, COPIES, MIN_SPECIES, MIN_AFFINITIES = 50, 60, 3, 4, 2


def check_deck(deck: Deck, pool: CardPool, fmt: str | None = None) -> list[str]:
    """Every reason `deck` is illegal; the same checks run when a deck is saved, validated, or enters
    a match or contest (rules aliens.2.1–2.10)."""
    problems: list[str] = []
    if deck.game != "aliens":
        problems.append(f"deck is for game {deck.game!r}, not 'aliens'")
    fmt = fmt or deck.format or "standard"
    if fmt not in FORMATS:
        problems.append(f"unknown format {fmt!r}; aliens formats: {', '.join(FORMATS)}")
    for k in deck.leaders:
        if k != "aliens":
            problems.append(f"`{k}` is not used by aliens; list the squad as aliens = [...]")
    squad = deck.leaders.get("aliens")
    names = pool.by_name
    if squad is None:
        problems.append("missing `aliens = [...]`: a deck needs exactly 3 Aliens")
        squad = []
    elif len(squad) != 3:
        problems.append(f"a deck needs exactly 3 Aliens, this one has {len(squad)} (rule aliens.2.1)")
    seen: set[str] = set()
    affinities: set[str] = set()
    known = 0  # squad entries that are Aliens of the pool
    for n in squad:
        card = names.get(n)
        if card is None:
            problems.append(unknown_card_message(n, (a.name for a in pool.aliens)))
        elif not isinstance(card, AlienCard):
            problems.append(f"{n!r} is not an Alien; put it under [cards]")
        else:
            affinities.add(card.affinity)
            known += 1
        if n in seen:
            problems.append(f"Alien {n!r} is listed twice; the 3 Aliens must be unique (rule aliens.2.2)")
        seen.add(n)
    if len(squad) == 3 and known == 3 and len(affinities) < MIN_AFFINITIES:
        problems.append(f"the 3 Aliens must span at least {MIN_AFFINITIES} affinities, all are "
                        f"{', '.join(sorted(affinities))} (rule aliens.2.7)")
    total = 0
    species: set[str] = set()
    for n, count in deck.cards.items():
        card = names.get(n)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            # a Deck built through the API is not checked by the TOML loader (rule aliens.2.3)
            problems.append(f"{count!r} copies of {n!r}: a card's count must be a whole number ≥ 1 "
                            f"(rule aliens.2.3)")
            continue
        total += count
        if card is None:
            problems.append(unknown_card_message(n, (c.name for c in pool.cards if not isinstance(c, AlienCard))))
            continue
        if isinstance(card, AlienCard):
            problems.append(f"{n!r} is an Alien: Aliens go in `aliens = [...]`, not the Tactic deck (rule aliens.2.5)")
            continue
        if count > COPIES:
            problems.append(f"{count} copies of {n!r}; at most {COPIES} of any card (rule aliens.2.6)")
        if isinstance(card, TacticCard):
            species.add(card.species)
    if not DECK_MIN <= total <= DECK_MAX:
        problems.append(f"the Tactic deck has {total} cards; it needs {DECK_MIN}–{DECK_MAX} (rule aliens.2.3)")
    if len(species) < MIN_SPECIES:
        have = ", ".join(sorted(species)) or "none"
        problems.append(f"the Tactic deck's Species Tactics cover {len(species)} species ({have}); "
                        f"it needs at least {MIN_SPECIES} (rule aliens.2.8; Spawns are not a species)")
    return problems


def random_deck(pool: CardPool, rng: Any) -> Deck:
    """A random legal deck: 3 Aliens of 3 species (≥ 2 affinities), their species' Tactics, a splash
    of a 4th species and some Spawns, 50–60 cards. rng is a random.Random."""
    by_species: dict[str, list[AlienCard]] = {}
    for a in pool.aliens:
        by_species.setdefault(a.species, []).append(a)
    while True:
        species = rng.sample(sorted(by_species), 3)
        squad = [rng.choice(by_species[s]) for s in species]
        if len({a.affinity for a in squad}) >= MIN_AFFINITIES:
            break
    splash = rng.choice([s for s in pool.species if s not in species])
    counts: dict[str, int] = {}
    for t in pool.tactics:
        if t.species in species:
            counts[t.name] = rng.randint(1, COPIES)
    splash_cards = [t.name for t in pool.tactics if t.species == splash]
    for n in rng.sample(splash_cards, min(2, len(splash_cards))):
        counts[n] = 1
    spawns = [s.name for s in pool.spawns]
    for n in rng.sample(spawns, min(len(spawns), rng.randint(5, 10))):
        counts[n] = rng.randint(1, COPIES)
    target = rng.randint(DECK_MIN, DECK_MAX)
    names = sorted(counts)
    while sum(counts.values()) < target:
        n = rng.choice(names)
        if counts[n] < COPIES:
            counts[n] += 1
    while sum(counts.values()) > target:
        # only trim extra copies: every name keeps one, so the species count stays ≥ 4
        n = rng.choice([x for x in names if counts[x] > 1])
        counts[n] -= 1
    return Deck(game="aliens", name=f"random {'/'.join(species)}", format="standard",
                leaders={"aliens": [a.name for a in squad]}, cards=counts, source="<random deck>")
