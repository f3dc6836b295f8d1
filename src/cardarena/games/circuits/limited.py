"""Limited (Sealed and Draft) for `circuits` (rulebook §17; rulings in docs/rulings/circuits.md,
"Limited"): booster packs and the Recruit pack from the Base 001 pool, Limited deck legality, and a
simple automatic deck builder.

A Limited deck file carries what its player opened, so it can be checked anywhere:

    format = "limited"
    heroes = ["Forgeblade"]                 # one Hero, from the Recruit pack
    recruits = ["Forgeblade", "Lumen Warden", "Sparkwright", "Plated Harness", ...]   # the Recruit pack
    pool = ["Brace", "Brace", "Redline Drill", ...]                                   # every card opened
    armory = [...]                          # any Gear opened, at least one of each slot
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardarena.core.decks import Deck

from .deck_rules import rules
from .pool import ActionCard, CardPool
from .schema import GearCard, HeroCard

#: a booster pack (ruling circuits.gap.37): 10 commons (mono-Circuit or Universal Action cards),
#: 2 uncommons (Hero-pair Action cards), 1 Gear, 1 rare (a Legendary Gear one time in three, else a
#: Hero-pair card). Signature, Anomaly and Squad-only cards are not in packs.
COMMONS, UNCOMMONS, GEAR_SLOTS, RARES, LEGENDARY_ODDS = 10, 2, 1, 1, 3
PACK_SIZE = COMMONS + UNCOMMONS + GEAR_SLOTS + RARES
SEALED_PACKS, DRAFT_PACKS = 4, 3
RECRUIT_HEROES = 3  # distinct names; plus one plain Gear of each slot, so a Loadout always exists
MIN_DECK, COPIES, LEGENDARY_MAX = 30, 4, 1  # rules 17.13, §2 (four copies), 3.11
MIN_DRAFTERS, MAX_DRAFTERS = 2, 8
SLOTS = ("weapon", "armor", "relic")


#: Reactions whose trigger only a Squad game has (a Swap, rule 16.19): a Limited game is a Duel, where
#: such a card could never be played, so no pack holds one (ruling circuits.gap.37)
SQUAD_ONLY_TRIGGERS = frozenset({"enemy_swaps"})


def in_packs(card: ActionCard) -> bool:
    """Whether booster packs hold `card`: no Signature, Anomaly or Squad-only card (ruling circuits.gap.37)."""
    return not card.signature and not card.anomaly and getattr(card, "trigger", None) not in SQUAD_ONLY_TRIGGERS


def _commons(pool: CardPool) -> list[ActionCard]:
    return [c for c in pool.actions if len(c.circuits) < 2 and in_packs(c)]


def _pairs(pool: CardPool) -> list[ActionCard]:
    return [c for c in pool.actions if len(c.circuits) == 2 and in_packs(c)]


def _plain_gear(pool: CardPool) -> list[GearCard]:
    return [g for g in pool.gear if not g.signature and not g.legendary]


def open_pack(pool: CardPool, rng: Any) -> list[str]:
    """One booster pack of PACK_SIZE card names, by rarity slot."""
    commons, pairs, gear = _commons(pool), _pairs(pool), _plain_gear(pool)
    legendary = [g for g in pool.gear if g.legendary and not g.signature]
    out = [c.name for c in rng.sample(commons, COMMONS)]
    out += [c.name for c in rng.sample(pairs, UNCOMMONS)]
    out += [rng.choice(gear).name]
    rare = rng.choice(legendary) if legendary and rng.randrange(LEGENDARY_ODDS) == 0 else rng.choice(
        [p for p in pairs if p.name not in out] or pairs)
    out.append(rare.name)
    return out


def open_recruits(pool: CardPool, rng: Any) -> list[str]:
    """The Recruit pack: three Heroes of distinct names, then one plain Gear of each slot."""
    heroes: list[HeroCard] = []
    for h in rng.sample(list(pool.heroes.values()), len(pool.heroes)):
        if len(heroes) < RECRUIT_HEROES and h.name not in {x.name for x in heroes}:
            heroes.append(h)
    gear = [rng.choice([g for g in _plain_gear(pool) if g.slot == s]).name for s in SLOTS]
    return [h.title for h in heroes] + gear


def sealed_pool(pool: CardPool, seed: int) -> tuple[list[str], list[str]]:
    """What a Sealed player opens: (Recruit pack, SEALED_PACKS packs as one list of names)."""
    rng = random.Random(f"circuits-sealed-{seed}")
    recruits = open_recruits(pool, rng)
    opened = [n for _ in range(SEALED_PACKS) for n in open_pack(pool, rng)]
    return recruits, opened


# -- legality ---------------------------------------------------------------------------------------



def _opened_problems(pool: CardPool, recruits: list[str], opened: list[str]) -> list[str]:
    """What no Recruit pack or booster could hold: a deck's recorded pool must be one that was opened
    (ruling circuits.gap.37: packs hold no Signature or Anomaly card and no Hero; a Recruit pack holds
    three Heroes of distinct names and one plain Gear of each slot)."""
    out: list[str] = []
    heroes: list[HeroCard] = []
    slots: Counter[str] = Counter()
    for n in recruits:
        card = pool.by_name.get(n)
        if isinstance(card, HeroCard):
            heroes.append(card)
        elif isinstance(card, GearCard) and not card.signature and not card.legendary:
            slots[card.slot] += 1
        else:
            out.append(f"{n!r} cannot be in a Recruit pack: it holds Heroes and plain Gear "
                       f"{rules('ruling circuits.gap.37')}")
    names = {h.name for h in heroes}
    if len(heroes) != RECRUIT_HEROES or len(names) != len(heroes):
        out.append(f"a Recruit pack holds {RECRUIT_HEROES} Heroes of distinct names; `recruits` lists "
                   f"{len(heroes)} Heroes of {len(names)} name(s) {rules('ruling circuits.gap.37')}")
    if any(slots[s] != 1 for s in SLOTS) or len(slots) != len(SLOTS):
        out.append(f"a Recruit pack holds one plain Gear of each slot; `recruits` has "
                   f"{', '.join(f'{slots[s]} {s}' for s in SLOTS)} {rules('ruling circuits.gap.37')}")
    for n in dict.fromkeys(opened):
        card = pool.by_name.get(n)
        if card is None:
            out.append(f"{n!r} in `pool` is not a card of the pool {rules('2.2')}")
        elif isinstance(card, HeroCard):
            out.append(f"{n!r} in `pool`: Heroes come only in the Recruit pack {rules('ruling circuits.gap.37')}")
        elif card.signature or getattr(card, "anomaly", False):
            kind = "a Signature" if card.signature else "an Anomaly"
            out.append(f"{n!r} in `pool`: no pack holds {kind} card {rules('ruling circuits.gap.37')}")
        elif not isinstance(card, GearCard) and not in_packs(card):
            out.append(f"{n!r} in `pool`: no pack holds a Squad-only card (a Limited game has no Swap) "
                       f"{rules('16.19', 'ruling circuits.gap.37')}")
    return out


def check_limited_deck(deck: Deck, pool: CardPool) -> list[str]:
    """Every reason a Limited deck is illegal (rules 17.13–17.16, 3.11; ruling circuits.gap.37)."""
    problems: list[str] = []
    recruits = deck.leaders.get("recruits")
    opened = deck.leaders.get("pool")
    if recruits is None or opened is None:
        problems.append(f"a Limited deck lists what its player opened: `recruits = [...]` (the Recruit pack) and "
                        f"`pool = [...]` (the packs) {rules('17.15', '17.16')}")
        return problems
    problems += _opened_problems(pool, recruits, opened)
    have = Counter(opened) + Counter(n for n in recruits if not isinstance(pool.by_name.get(n), HeroCard))
    heroes = deck.leaders.get("heroes") or []
    if len(heroes) != 1:
        problems.append(f"a Limited deck registers exactly one Hero, this one lists {len(heroes)} {rules('17.16')}")
    for h in heroes:
        if h not in recruits or not isinstance(pool.by_name.get(h), HeroCard):
            problems.append(f"{h!r} is not a Hero of this player's Recruit pack {rules('17.16')}")
    armory = deck.leaders.get("armory") or []
    slots: Counter[str] = Counter()
    legendary = []
    for n, k in Counter(armory).items():
        card = pool.by_name.get(n)
        if not isinstance(card, GearCard):
            problems.append(f"{n!r} is not Gear; the Armory holds only Gear {rules('2.2')}")
            continue
        slots[card.slot] += k
        legendary += [n] * k * card.legendary
        if k > have[n]:
            problems.append(f"the Armory has {k} {n!r} but {have[n]} were opened {rules('17.15')}")
    missing = [s for s in SLOTS if not slots[s]]
    if missing:
        problems.append(f"the Armory has no {' and no '.join(missing)}; the Loadout needs one Gear of each slot "
                        f"{rules('5.4', 'ruling circuits.gap.37')}")
    if len(legendary) > LEGENDARY_MAX:
        problems.append(f"the Armory holds {len(legendary)} Legendary Gear; at most one {rules('3.11')}")
    total = 0
    for n, k in deck.cards.items():
        total += k
        card = pool.by_name.get(n)
        if card is None or isinstance(card, HeroCard | GearCard):
            problems.append(f"{n!r} is not an Action card of the pool {rules('2.2')}")
            continue
        if k > have[n]:
            problems.append(f"the deck has {k} {n!r} but {have[n]} were opened {rules('17.15', 'ruling circuits.gap.37')}")
        if k > COPIES:
            problems.append(f"{k} copies of {n!r}; at most {COPIES} copies of a name (ruling circuits.gap.37)")
    if total < MIN_DECK:
        problems.append(f"the Action Deck has {total} cards; a Limited deck has at least {MIN_DECK} {rules('17.13')}")
    return problems


# -- building -----------------------------------------------------------------------------------------


def rating(card: ActionCard | GearCard) -> float:
    """A simple card rating for bots: cheaper and two-Circuit cards first (they are stronger per Rally)."""
    return 2.0 + 0.5 * len(card.circuits) - 0.25 * card.cost


def build_deck(pool: CardPool, recruits: list[str], opened: list[str], name: str = "sealed deck") -> Deck:
    """A legal Limited deck from what was opened: the Recruit Hero whose Circuits cover the most of the
    pool, the best-rated cards on its Circuits first (Circuit legality is not required, rule 17.14, but
    on-Circuit cards are what its Passive and Gear work with), then the rest, to MIN_DECK cards; every
    Gear opened goes to the Armory (at most one Legendary)."""
    heroes = [pool.heroes[n] for n in recruits if n in pool.heroes]
    actions: list[ActionCard] = [c for n in opened if isinstance(c := pool.by_name[n], ActionCard)]

    def fit(h: HeroCard, c: Any) -> bool:
        return all(x in h.circuits for x in c.circuits)

    def score(h: HeroCard) -> tuple[float, str]:
        return sum(rating(c) for c in actions if fit(h, c)), h.title

    hero = max(heroes, key=score)
    ranked = sorted(actions, key=lambda c: (not fit(hero, c), -rating(c), c.name))
    cards: Counter[str] = Counter()
    for c in ranked:
        if sum(cards.values()) >= MIN_DECK:
            break
        if cards[c.name] < COPIES:
            cards[c.name] += 1
    gear_names = [n for n in [*opened, *recruits] if isinstance(pool.by_name.get(n), GearCard)]
    armory: list[str] = []
    for n in sorted(gear_names, key=lambda n: (not pool.by_name[n].legendary, n)):  # type: ignore[union-attr]
        g = pool.by_name[n]
        if g.legendary and any(pool.by_name[a].legendary for a in armory):  # type: ignore[union-attr]
            continue
        armory.append(n)
    return Deck(game="circuits", name=name, format="limited",
                leaders={"heroes": [hero.title], "armory": armory, "recruits": list(recruits), "pool": list(opened)},
                cards=dict(sorted(cards.items())), source=f"<{name}>")
