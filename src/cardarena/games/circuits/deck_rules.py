"""What every circuits deck check shares (Duel decks.py, Squad squad_decks.py, Limited limited.py):
reasons that name their rule, and the lookup of the Heroes a deck lists."""

from __future__ import annotations

from cardarena.core.cards import unknown_card_message

from .pool import CardPool
from .schema import HeroCard


def rules(*ids: str) -> str:
    """`(rule circuits.3.4)` or `(rules circuits.3.4, circuits.17.6)`: every reason names its rule."""
    refs = ", ".join(i if i.startswith("ruling ") else f"circuits.{i}" for i in ids)
    return f"({'rule' if len(ids) == 1 else 'rules'} {refs})"


def listed_heroes(listed: list[str], pool: CardPool, problems: list[str], rule: str, what: str) -> list[HeroCard]:
    """The Hero cards a deck's `heroes = [...]` names; each unknown name or non-Hero is a problem
    citing `rule` (Duel 17.1, Squad 17.9)."""
    found: list[HeroCard] = []
    for n in listed:
        card = pool.by_name.get(n)
        if isinstance(card, HeroCard):
            found.append(card)
        elif card is None:
            problems.append(f"{unknown_card_message(n, pool.heroes)} {rules(rule)}")
        else:
            problems.append(f"{n!r} is not a Hero; `heroes = [...]` lists only {what} {rules(rule, '2.2')}")
    return found
