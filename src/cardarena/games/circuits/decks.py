"""Deck legality for `circuits` Duel decks, Standard and Open (rulebook §3, §17); Squad decks are
checked by squad_decks.py.

A deck file lists its Hero and Armory as leader lists and the Action Deck under [cards]:

    heroes = ["Forgeblade"]                 # a Variant is written "Forgeblade (Stormforged)"
    armory = ["Redline Drill", ...]         # six Gear: two Weapons, two Armor, two Relics

Rulings: a Signature card must also pass the Circuit check (circuits.gap.35); "at most two Anomaly
cards" counts copies; Standard and Open differ only in Anomaly legality (rule 17.7, gap.36); the
Armory may repeat a Gear name (the rulebook limits only Legendary Gear, rule 3.11).
"""

from __future__ import annotations

from typing import Any

from cardarena.core.cards import unknown_card_message
from cardarena.core.decks import Deck

from .deck_rules import listed_heroes, rules
from .limited import check_limited_deck
from .pool import ActionCard, CardPool
from .schema import GearCard, HeroCard
from .squad_decks import check_squad_deck, random_squad_deck

FORMATS = {
    "standard": "Duel: one Hero, an Armory of six Gear (2 Weapon, 2 Armor, 2 Relic), 40 cards; no Anomaly cards",
    "open": "Duel: the Standard deck rules, plus at most two Anomaly (Season Mark X) cards",
    "squad": "Squad: three Heroes (identity of at most four Circuits), an Armory of nine Gear (3/3/3), 50 cards",
    "limited": "Limited (Sealed, Draft): a Duel with a Hero of your Recruit pack, any Gear you opened, 30+ cards "
               "from your pool, no Circuit legality",
}
DUEL_FORMATS = frozenset({"standard", "open"})
ANOMALY_FORMATS = frozenset({"open"})
HEROES, DECK_SIZE, COPIES, ANOMALY_MAX, LEGENDARY_MAX = 1, 40, 4, 2, 1
ARMORY: dict[str, int] = {"weapon": 2, "armor": 2, "relic": 2}
SLOT_NAMES = {"weapon": ("Weapon", "Weapons"), "armor": ("Armor", "Armor"), "relic": ("Relic", "Relics")}



def circuits_label(card: HeroCard | GearCard | ActionCard) -> str:
    return "/".join(card.circuits) or "Universal"


def legality_problem(card: GearCard | ActionCard, hero: HeroCard) -> tuple[str, tuple[str, ...]] | None:
    """Why `card` is not legal for `hero` and the rules that say so, or None when it is legal
    (rules circuits.3.4–3.9; ruling circuits.gap.35: a Signature card also passes the Circuit check)."""
    if card.signature and card.signature != hero.name:
        return (f"{card.name!r} is a Signature card of {card.signature}; it is legal only for a Hero named "
                f"{card.signature} (or its Variants), not {hero.title}", ("3.8",))
    missing = [c for c in card.circuits if c not in hero.circuits]
    if not missing:
        return None  # Universal (3.5), covered mono-Circuit (3.6) or Hero-pair (3.7) card
    who = f"{hero.title} ({circuits_label(hero)})"
    if len(card.circuits) == 1:
        why = f"{card.name!r} ({card.circuits[0]}) is not legal for {who}: the Hero has no {card.circuits[0]} Circuit"
        ids: tuple[str, ...] = ("3.4", "3.6")
    else:
        why = (f"{card.name!r} ({circuits_label(card)}) is a Hero-pair card, legal only for a Hero with both "
               f"{' and '.join(card.circuits)}; {who} lacks {' and '.join(missing)}")
        ids = ("3.4", "3.7")
    if card.signature:
        why += "; a Signature card must also pass the Circuit check even for its own Hero"
        ids = (*ids, "ruling circuits.gap.35")
    return why, ids


def is_legal_for(card: GearCard | ActionCard, hero: HeroCard) -> bool:
    return legality_problem(card, hero) is None


def check_deck(deck: Deck, pool: CardPool, fmt: str | None = None) -> list[str]:
    """Every reason `deck` is illegal in the Duel format `fmt` (Standard or Open), each naming its rule
    (rulebook §3, §17: rules circuits.3.4–3.14, 17.1–17.8). An empty list means the deck is legal."""
    problems: list[str] = []
    if deck.game != "circuits":
        problems.append(f"deck is for game {deck.game!r}, not 'circuits'")
    fmt = fmt or deck.format or "standard"
    if family(fmt) != family(deck.format or "standard") and fmt in FORMATS:
        return [format_mismatch(deck, fmt)]
    if fmt == "squad":
        return check_squad_deck(deck, pool)
    if fmt == "limited":
        return check_limited_deck(deck, pool)
    if fmt not in FORMATS:
        problems.append(f"unknown format {fmt!r}; circuits formats: {', '.join(FORMATS)} {rules('17.7')}")
    for k in deck.leaders:
        if k not in ("heroes", "armory"):
            problems.append(f"`{k}` is not used by circuits; list the Hero as heroes = [...] and the Gear as "
                            f"armory = [...] {rules('17.1', '17.2')}")
    hero = _check_hero(deck, pool, problems)
    _check_armory(deck, pool, hero, problems)
    _check_action_deck(deck, pool, hero, fmt, problems)
    return problems


#: what each family of formats needs, for the one reason a deck of another family is refused
FAMILY_NEEDS = {"Duel": ("one Hero, six Gear and 40 cards", "17.1"),
                "Squad": ("three Heroes, nine Gear and 50 cards", "17.9"),
                "Limited": ("a Hero of its Recruit pack and 30+ cards of its own pool", "17.13")}


def family(fmt: str) -> str:
    return {"squad": "Squad", "limited": "Limited"}.get(fmt, "Duel")


def format_mismatch(deck: Deck, fmt: str) -> str:
    """The one reason a Duel deck cannot enter a Squad or Limited game, or the reverse (rules 17.1, 17.9,
    17.13)."""
    kind, want = family(deck.format or "standard"), family(fmt)
    needs, rule = FAMILY_NEEDS[want]
    return (f"{deck.name or deck.source} is a {kind} deck (format {deck.format or 'standard'!r}); a {want} game "
            f"({fmt}) needs a {want} deck: {needs} {rules(rule)}")


def _check_hero(deck: Deck, pool: CardPool, problems: list[str]) -> HeroCard | None:
    listed = deck.leaders.get("heroes")
    if listed is None:
        problems.append(f"missing `heroes = [...]`: a Duel deck registers exactly one Hero {rules('17.1')}")
        return None
    if len(listed) != HEROES:
        problems.append(f"a Duel deck registers exactly one Hero, this one lists {len(listed)} {rules('17.1')}")
    found = listed_heroes(listed, pool, problems, "17.1", "the Hero")
    return found[0] if len(listed) == HEROES and len(found) == 1 else None



def _check_armory(deck: Deck, pool: CardPool, hero: HeroCard | None, problems: list[str]) -> None:
    listed = deck.leaders.get("armory")
    if listed is None:
        problems.append(f"missing `armory = [...]`: a Duel Armory has exactly six Gear {rules('17.2')}")
        return
    if len(listed) != sum(ARMORY.values()):
        problems.append(f"the Armory has {len(listed)} Gear; a Duel Armory has exactly {sum(ARMORY.values())} "
                        f"{rules('17.2')}")
    slots = dict.fromkeys(ARMORY, 0)
    legendary: list[str] = []
    gear_names = [g.name for g in pool.gear]
    for n in listed:
        card = pool.by_name.get(n)
        if card is None:
            problems.append(f"{unknown_card_message(n, gear_names)} {rules('17.3')}")
            continue
        if not isinstance(card, GearCard):
            problems.append(f"{n!r} is not Gear; the Armory holds only Gear, and Tactics and Assets go under "
                            f"[cards] {rules('2.2', '17.2')}")
            continue
        slots[card.slot] += 1
        if card.legendary:
            legendary.append(n)
        if hero is not None and (bad := legality_problem(card, hero)) is not None:
            why, ids = bad
            problems.append(f"Armory: {why} {rules(*ids, '17.3')}")
    if any(slots[s] != k for s, k in ARMORY.items()):
        have = ", ".join(f"{slots[s]} {SLOT_NAMES[s][0] if slots[s] == 1 else SLOT_NAMES[s][1]}" for s in ARMORY)
        note = ""
        slot_rules: tuple[str, ...] = ("17.2",)
        if legendary:
            note = "; Legendary Gear counts as a Relic"
            slot_rules = ("17.2", "3.12")
        problems.append(f"the Armory has {have}{note}; a Duel Armory needs two Weapons, two Armor and two Relics "
                        f"{rules(*slot_rules)}")
    if len(legendary) > LEGENDARY_MAX:
        problems.append(f"the Armory holds {len(legendary)} Legendary Gear ({', '.join(legendary)}); Legendary Gear "
                        f"is Unique: at most {LEGENDARY_MAX} per Armory {rules('3.11')}")


def _check_action_deck(deck: Deck, pool: CardPool, hero: HeroCard | None, fmt: str, problems: list[str]) -> None:
    total = 0
    anomalies = 0
    action_names = [c.name for c in pool.actions]
    for n, count in deck.cards.items():
        total += count
        card = pool.by_name.get(n)
        if card is None:
            problems.append(f"{unknown_card_message(n, action_names)} {rules('17.6')}")
            continue
        if isinstance(card, HeroCard):
            problems.append(f"{n!r} is a Hero: it goes in `heroes = [...]`, never in the Action Deck {rules('2.2')}")
            continue
        if isinstance(card, GearCard):
            problems.append(f"{n!r} is Gear: it goes in `armory = [...]`, never in the Action Deck {rules('2.2')}")
            continue
        if count > COPIES:
            problems.append(f"{count} copies of {n!r}; at most {COPIES} copies of a name {rules('17.5')}")
        if hero is not None and (bad := legality_problem(card, hero)) is not None:
            why, ids = bad
            problems.append(f"{why} {rules(*ids, '17.6')}")
        if card.anomaly:
            anomalies += count
            if fmt not in ANOMALY_FORMATS:
                problems.append(f"{n!r} is an Anomaly card (Season Mark X), legal only in Open and Raid, not in "
                                f"{fmt.title()} {rules('3.13')}")
    if total != DECK_SIZE:
        problems.append(f"the Action Deck has {total} cards; a Duel deck has exactly {DECK_SIZE} {rules('17.4')}")
    if anomalies > ANOMALY_MAX:
        problems.append(f"the deck holds {anomalies} Anomaly cards; at most {ANOMALY_MAX} per deck {rules('3.14')}")


def random_deck(pool: CardPool, rng: Any, fmt: str | None = None) -> Deck:
    """A random legal deck: Squad (squad_decks.random_squad_deck) about a third of the time, else a
    Duel deck (Standard, or Open with Anomaly cards) for a random Hero: a legal 2/2/2 Armory with at
    most one Legendary, and 40 legal non-Anomaly cards, 10–20 names of at most four copies. `fmt`
    forces Squad ("squad") or a Duel format. rng is a random.Random."""
    if (fmt is None and rng.random() < 0.35) or fmt == "squad":
        return random_squad_deck(pool, rng)
    hero = rng.choice(list(pool.heroes.values()))
    armory: list[str] = []
    for slot, k in ARMORY.items():
        choices = [g for g in pool.gear if g.slot == slot and is_legal_for(g, hero)]
        picked: list[GearCard] = []
        for _ in range(k):
            left = [g for g in choices if g not in picked
                    and not (g.legendary and sum(p.legendary for p in picked) >= LEGENDARY_MAX)]
            picked.append(rng.choice(left))
        armory += [g.name for g in picked]
    names = [c.name for c in pool.actions if not c.anomaly and is_legal_for(c, hero)]
    rng.shuffle(names)
    chosen = names[: rng.randint(10, min(20, len(names)))]
    counts = dict.fromkeys(chosen, 1)
    fmt = fmt or ("open" if rng.random() < 0.3 else "standard")
    if fmt == "open":  # up to two Anomaly cards (rules circuits.3.13–3.14)
        anomalies = [c.name for c in pool.actions if c.anomaly and is_legal_for(c, hero)]
        for n in rng.sample(anomalies, min(2, len(anomalies))):
            counts[n] = 1
    while sum(counts.values()) < DECK_SIZE:
        counts[rng.choice([n for n in chosen if counts[n] < COPIES])] += 1
    return Deck(game="circuits", name=f"random {hero.title}", format=fmt,
                leaders={"heroes": [hero.title], "armory": armory}, cards=counts, source="<random deck>")

