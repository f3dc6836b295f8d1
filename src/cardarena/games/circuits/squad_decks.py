"""Deck legality for `circuits` Squad decks (rulebook §16, §17).

    format = "squad"
    heroes = ["Forgeblade", "Volt Reaver", "Cinder Oracle"]   # the first listed starts Active unless chosen
    armory = [...]                                            # nine Gear: three Weapons, three Armor, three Relics

Rules: three Heroes with distinct names (16.1–16.2, 17.9); identity = the union of their Circuits, at
most four (16.4–16.5); a card is legal if the identity covers its Circuits (16.6) and a Signature card
if its Hero is in the Squad (16.7), also passing the Circuit check (ruling circuits.gap.35); Gear is
legal for the identity (ruling circuits.gap.33); nine Gear, three per slot, at most one Legendary
(17.10, 3.11); 50 cards, at most four copies of a name (17.11–17.12); no Anomaly cards (Squad
follows Standard, ruling circuits.gap.36).
"""

from __future__ import annotations

from typing import Any

from cardarena.core.cards import unknown_card_message
from cardarena.core.decks import Deck

from .deck_rules import listed_heroes, rules
from .pool import ActionCard, CardPool
from .schema import GearCard, HeroCard

HEROES, DECK_SIZE, COPIES, IDENTITY_MAX, LEGENDARY_MAX = 3, 50, 4, 4, 1
ARMORY: dict[str, int] = {"weapon": 3, "armor": 3, "relic": 3}



def identity(heroes: list[HeroCard]) -> set[str]:
    """The Squad's Circuit identity: the union of its Heroes' Circuits (rule 16.4)."""
    return {c for h in heroes for c in h.circuits}


def squad_problem(card: GearCard | ActionCard, heroes: list[HeroCard]) -> str | None:
    """Why `card` is not legal in a Squad of `heroes`, or None (rules 16.6–16.7, ruling gap.35)."""
    names = {h.name for h in heroes}
    if card.signature and card.signature not in names:
        return (f"{card.name!r} is a Signature card of {card.signature}, who is not in this Squad "
                f"{rules('16.7', '3.8')}")
    ident = identity(heroes)
    missing = [c for c in card.circuits if c not in ident]
    if missing:
        return (f"{card.name!r} ({'/'.join(card.circuits)}) is not covered by the Squad's identity "
                f"({'/'.join(sorted(ident))}): no Hero brings {' or '.join(missing)} {rules('16.6', '3.4')}")
    return None


def check_squad_deck(deck: Deck, pool: CardPool) -> list[str]:
    """Every reason `deck` is not a legal Squad deck, each naming its rule; [] when legal."""
    problems: list[str] = []
    if deck.game != "circuits":
        problems.append(f"deck is for game {deck.game!r}, not 'circuits'")
    for k in deck.leaders:
        if k not in ("heroes", "armory"):
            problems.append(f"`{k}` is not used by circuits; list the Heroes as heroes = [...] and the Gear as "
                            f"armory = [...] {rules('17.9', '17.10')}")
    heroes = _heroes(deck, pool, problems)
    _armory(deck, pool, heroes, problems)
    _action_deck(deck, pool, heroes, problems)
    return problems


def _heroes(deck: Deck, pool: CardPool, problems: list[str]) -> list[HeroCard] | None:
    listed = deck.leaders.get("heroes") or []
    if len(listed) != HEROES:
        problems.append(f"a Squad deck registers exactly three Heroes, this one lists {len(listed)} {rules('17.9')}")
    found = listed_heroes(listed, pool, problems, "17.9", "Heroes")
    names = [h.name for h in found]
    for n in sorted({n for n in names if names.count(n) > 1}):
        titles = [h.title for h in found if h.name == n]
        variant = any(h.variant for h in found if h.name == n)
        problems.append(f"the Squad holds {' and '.join(titles)}: its Heroes must have distinct names"
                        + ("; a Hero and its Variant share a name" if variant else "")
                        + f" {rules('16.2' if variant else '16.1')}")
    ident = identity(found)
    if len(ident) > IDENTITY_MAX:
        problems.append(f"the Squad's identity has {len(ident)} Circuits ({', '.join(sorted(ident))}); at most "
                        f"{IDENTITY_MAX} {rules('16.4', '16.5')}")
    return found if len(found) == len(listed) == HEROES else None


def _armory(deck: Deck, pool: CardPool, heroes: list[HeroCard] | None, problems: list[str]) -> None:
    listed = deck.leaders.get("armory") or []
    if len(listed) != sum(ARMORY.values()):
        problems.append(f"the Armory has {len(listed)} Gear; a Squad Armory has exactly nine {rules('17.10')}")
    slots = dict.fromkeys(ARMORY, 0)
    legendary: list[str] = []
    for n in listed:
        card = pool.by_name.get(n)
        if card is None:
            problems.append(f"{unknown_card_message(n, [g.name for g in pool.gear])} {rules('17.10')}")
            continue
        if not isinstance(card, GearCard):
            problems.append(f"{n!r} is not Gear; the Armory holds only Gear {rules('2.2', '17.10')}")
            continue
        slots[card.slot] += 1
        if card.legendary:
            legendary.append(n)
        if heroes is not None and (why := squad_problem(card, heroes)) is not None:
            problems.append(f"Armory: {why} (ruling circuits.gap.33)")
    if any(slots[s] != k for s, k in ARMORY.items()):
        have = ", ".join(f"{slots[s]} {s}" for s in ARMORY)
        problems.append(f"the Armory has {have}; a Squad Armory needs three of each slot (Legendary Gear is a "
                        f"Relic) {rules('17.10', '3.12')}")
    if len(legendary) > LEGENDARY_MAX:
        problems.append(f"the Armory holds {len(legendary)} Legendary Gear ({', '.join(legendary)}); at most one "
                        f"{rules('3.11')}")


def _action_deck(deck: Deck, pool: CardPool, heroes: list[HeroCard] | None, problems: list[str]) -> None:
    total = 0
    for n, count in deck.cards.items():
        total += count
        card = pool.by_name.get(n)
        if card is None:
            problems.append(f"{unknown_card_message(n, [c.name for c in pool.actions])} {rules('17.11')}")
            continue
        if isinstance(card, HeroCard | GearCard):
            problems.append(f"{n!r} is a {'Hero' if isinstance(card, HeroCard) else 'Gear'}: never in the Action "
                            f"Deck {rules('2.2')}")
            continue
        if count > COPIES:
            problems.append(f"{count} copies of {n!r}; at most {COPIES} copies of a name {rules('17.12')}")
        if heroes is not None and (why := squad_problem(card, heroes)) is not None:
            problems.append(why)
        if card.anomaly:
            problems.append(f"{n!r} is an Anomaly card (Season Mark X), legal only in Open and Raid; Squad follows "
                            f"Standard {rules('3.13', 'ruling circuits.gap.36')}")
    if total != DECK_SIZE:
        problems.append(f"the Action Deck has {total} cards; a Squad deck has exactly {DECK_SIZE} {rules('17.11')}")


def random_squad_deck(pool: CardPool, rng: Any) -> Deck:
    """A random legal Squad deck: three Heroes of distinct names within four Circuits, a legal 3/3/3
    Armory with at most one Legendary, and 50 legal cards of 13–25 names. rng is a random.Random."""
    heroes: list[HeroCard] = []
    while len(heroes) < HEROES:
        heroes = [rng.choice(list(pool.heroes.values()))]
        options = list(pool.heroes.values())
        rng.shuffle(options)
        for h in options:
            if len(heroes) < HEROES and h.name not in {x.name for x in heroes} \
                    and len(identity([*heroes, h])) <= IDENTITY_MAX:
                heroes.append(h)
    armory: list[str] = []
    for slot, k in ARMORY.items():
        choices = [g for g in pool.gear if g.slot == slot and squad_problem(g, heroes) is None]
        picked: list[GearCard] = []
        for _ in range(k):
            left = [g for g in choices if not (g.legendary and any(p.legendary for p in [*picked, *_gear(pool, armory)]))]
            picked.append(rng.choice(left))
        armory += [g.name for g in picked]
    names = [c.name for c in pool.actions if not c.anomaly and squad_problem(c, heroes) is None]
    rng.shuffle(names)
    chosen = names[: rng.randint(13, min(25, len(names)))]
    counts = dict.fromkeys(chosen, 1)
    while sum(counts.values()) < DECK_SIZE:
        counts[rng.choice([n for n in chosen if counts[n] < COPIES])] += 1
    return Deck(game="circuits", name="random squad " + " / ".join(h.title for h in heroes), format="squad",
                leaders={"heroes": [h.title for h in heroes], "armory": armory}, cards=counts, source="<random deck>")


def _gear(pool: CardPool, names: list[str]) -> list[GearCard]:
    return [g for g in pool.gear if g.name in names]
