"""Deck legality for `mastery` (seed §1, §2; rulings gap.2, gap.3). The same checks run at
`cardarena validate` and whenever a deck enters a match (`Ruleset.resolve_deck`)."""

from __future__ import annotations

from typing import Any

from cardarena.core.cards import unknown_card_message
from cardarena.core.decks import Deck

from .pool import CardPool
from .schema import CLASSES, HeroCard, TacticCard, TechniqueCard

FORMATS = {"standard": "a party of one Support, one Attacker and one Tank, and a 30-card Main Deck"}
DECK_SIZE, COPIES, MAX_TACTICS = 30, 2, 10


def can_access(t: TechniqueCard, hero: HeroCard) -> bool:
    """Seed §6: native Hero, printed Class, or a teachable rule naming the Hero's Profession (gap.15)."""
    a = t.access
    if a is None:
        return False  # Level 2 Techniques: only the Hero on that Path (ruling gap.16)
    if a.kind == "native":
        return a.hero == hero.id
    if a.kind == "class":
        return a.cls == hero.cls
    return hero.profession in a.professions


def check_deck(deck: Deck, pool: CardPool, fmt: str | None = None) -> list[str]:
    """Every reason `deck` is illegal (rules mastery.1.1, ruling gap.3)."""
    problems: list[str] = []
    if deck.game != "mastery":
        problems.append(f"deck is for game {deck.game!r}, not 'mastery'")
    fmt = fmt or deck.format or "standard"
    if fmt not in FORMATS:
        problems.append(f"unknown format {fmt!r}; mastery formats: {', '.join(FORMATS)}")
    for k in deck.leaders:
        if k != "heroes":
            problems.append(f"`{k}` is not used by mastery; list the party as heroes = [Support, Attacker, Tank]")
    names = pool.by_name
    party: list[HeroCard] = []
    listed = deck.leaders.get("heroes")
    if listed is None:
        problems.append("missing `heroes = [...]`: a party is one Support, one Attacker and one Tank")
        listed = []
    for n in listed:
        c = names.get(n)
        if c is None:
            problems.append(unknown_card_message(n, (h.name for h in pool.heroes)))
        elif not isinstance(c, HeroCard):
            problems.append(f"{n!r} is not a Hero; put it under [cards]")
        else:
            party.append(c)
    classes = [h.cls for h in party]
    if len(listed) != 3 or sorted(classes) != sorted(CLASSES):
        problems.append(f"the party must be exactly one Support, one Attacker and one Tank; got "
                        f"{', '.join(classes) or 'none'} (rule mastery.1.1)")
    total = tactics = 0
    for n, count in deck.cards.items():
        c = names.get(n)
        total += count
        if c is None:
            problems.append(unknown_card_message(n, [*(x.name for x in pool.level1), *(x.name for x in pool.tactics)]))
            continue
        if count > COPIES:
            problems.append(f"{count} copies of {n!r}; at most {COPIES} of any card (ruling mastery.gap.3)")
        if isinstance(c, TacticCard):
            tactics += count
        elif isinstance(c, TechniqueCard) and c.level == 1:
            if party and not any(can_access(c, h) for h in party):
                problems.append(f"no Hero of the party can perform {n!r} (ruling mastery.gap.3)")
        elif isinstance(c, TechniqueCard):
            problems.append(f"{n!r} is a Level 2 Technique: it enters the deck only when a Hero chooses its Path")
        else:
            problems.append(f"{n!r} is a {type(c).__name__.removesuffix('Card')}, not a Technique or Tactic")
    if total != DECK_SIZE:
        problems.append(f"the Main Deck has {total} cards; it needs exactly {DECK_SIZE} (ruling mastery.gap.3)")
    if tactics > MAX_TACTICS:
        problems.append(f"{tactics} Immediate Tactics; at most {MAX_TACTICS} (ruling mastery.gap.3)")
    return problems


def random_deck(pool: CardPool, rng: Any) -> Deck:
    """A random legal deck: a random party, then 30 cards its Heroes can use (≤ 2 copies, ≤ 10 Tactics).
    rng is a random.Random."""
    party = [rng.choice([h for h in pool.heroes if h.cls == c]) for c in CLASSES]
    techs = [t.name for t in pool.level1 if any(can_access(t, h) for h in party)]
    counts: dict[str, int] = {}
    for n in rng.sample(sorted(t.name for t in pool.tactics), rng.randint(3, 5)):
        counts[n] = 2
    names = sorted(techs)
    while sum(counts.values()) < DECK_SIZE:
        n = rng.choice(names)
        if counts.get(n, 0) < COPIES:
            counts[n] = counts.get(n, 0) + 1
    return Deck(game="mastery", name="random " + "/".join(h.name for h in party), format="standard",
                leaders={"heroes": [h.name for h in party]}, cards=counts, source="<random deck>")
