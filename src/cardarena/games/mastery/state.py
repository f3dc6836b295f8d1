"""The `mastery` game state: tables of small lists, so that `clone()` is a handful of list copies.

Seats are 0 and 1. Hero slots are `seat * 3 + i` with i = 0 Support, 1 Attacker, 2 Tank. Cards are
instance ids (ints); `defs[iid]` is the card's shared, immutable definition. Per-Hero Mastery
tables (`kit`, `loadout`, `spent`) hold tuples of pool ids, replaced (never mutated) on change.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

from cardarena.core.cardfiles import CardFiles
from cardarena.core.engine import Handler, State
from cardarena.core.fields import F
from cardarena.core.options import Shared

from .pool import CardPool, card_pool
from .schema import HeroCard, PathCard, TechniqueCard

#: instance ids below this are the 6 Heroes (id = slot) and their 18 Paths; cards come after
FIRST_CARD = 24

#: a card's view depends on its definition alone: built once (every view lists the discard piles,
#: dozens of cards) and handed out as a copy
_CARD_VIEWS: Shared[dict[str, Any]] = Shared(4096)


class MasteryState(State):
    game_id = "mastery"
    HANDLERS: ClassVar[dict[str, Handler]] = {}  # filled by rules.py

    FIELDS: ClassVar[dict[str, str]] = {
        "heroes": F.TRANSIENT, "pool": F.TRANSIENT, "params": F.VALUE,
        "deck": F.LIST2, "hand": F.LIST2, "discard": F.LIST2, "reserve": F.LIST2,
        "hp": F.LIST, "used": F.LIST, "shielded": F.LIST, "poison": F.LIST, "ward": F.LIST, "def_up": F.LIST,
        "reduce": F.LIST, "intercept": F.LIST, "redirect": F.LIST, "kit": F.LIST, "loadout": F.LIST,
        "spent": F.LIST, "path": F.LIST, "rebalanced": F.LIST, "ap": F.LIST, "pending": F.LIST, "fallen": F.LIST,
        "round": F.VALUE, "first": F.VALUE, "passes": F.VALUE,
    }

    heroes: tuple[HeroCard, ...]  # by Hero slot, never changes (rebuilt from config after a load)
    pool: CardPool  # the game's cards: the package's, or with the card files of its config (docs/cards.md)
    params: dict[str, Any]
    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    reserve: list[list[int]]  # by Hero slot: its Level Reserve, Level 2 cards outside the game (gap.28)
    hp: list[int]
    used: list[bool]  # USED (True) or READY (False)
    shielded: list[bool]
    poison: list[int]  # remaining End Phases of Poisoned; 0: not Poisoned
    ward: list[bool]  # cannot be Poisoned this Round
    def_up: list[int]  # DEF granted this Round
    reduce: list[int]  # damage reduction this Round
    intercept: list[int]  # by protected slot: the interceptor's slot this Round, or -1
    redirect: list[int]  # by seat: the slot that draws the next single-target attack, or -1
    kit: list[tuple[str, ...]]  # Mastery Kit in recording order (pool ids)
    loadout: list[tuple[str, ...]]  # Active Mastery Loadout (≤ 3)
    spent: list[tuple[str, ...]]  # Loadout skills used since the last refresh
    path: list[str]  # the chosen Level 2 Path's pool id, or ""
    rebalanced: list[bool]
    ap: list[int]
    pending: list[int]  # a card being performed: out of hand, not yet resolved (public)
    fallen: list[int]  # Hero slots defeated in the current timing step
    round: int
    first: int  # the seat that acts first this Round
    passes: int  # consecutive Action Opportunities in which nothing was done

    def after_load(self) -> None:
        self.heroes = tuple(self.defs[:6])
        self.pool = card_pool(CardFiles.from_config(self.config))

    # -- small queries -------------------------------------------------------------------------
    def live(self, slot: int) -> bool:
        return self.hp[slot] > 0

    def live_slots(self, seat: int) -> list[int]:
        # three tests, not a comprehension (a function call of its own): rules and scores ask this often
        hp = self.hp
        b = seat * 3
        out = []
        if hp[b] > 0:
            out.append(b)
        if hp[b + 1] > 0:
            out.append(b + 1)
        if hp[b + 2] > 0:
            out.append(b + 2)
        return out

    def ally_def(self, slot: int) -> int:
        """DEF this Hero gets from its allies' `ally_def` Passives: damage counts it (ruling gap.17),
        so the board shows it too."""
        from .effects import passive_amount  # effects imports this module

        b = slot - slot % 3
        return sum(passive_amount(self, s, "ally_def") for s in (b, b + 1, b + 2) if s != slot)

    def hero_ref(self, slot: int) -> dict[str, int]:
        return {"seat": slot // 3, "slot": slot % 3}

    def path_iid(self, slot: int, pid: str) -> int:
        """The instance id of Path `pid` of the Hero in `slot` (for events)."""
        return 6 + 3 * slot + self.heroes[slot].paths.index(pid)

    def path_card(self, slot: int) -> PathCard | None:
        pid = self.path[slot]
        return None if not pid else self.pool.by_id[pid]  # type: ignore[return-value]

    # -- hidden information: one knowledge function (docs/architecture.md) ---------------------
    def visible_mask(self, iid: int) -> int:
        """Who may know card `iid`: its owner while it is in hand; nobody while it is in a deck;
        everyone in the discard pile, while being performed, or in a Level Reserve."""
        if iid < FIRST_CARD:
            return 3  # a Hero or one of its Paths
        p = self.owner[iid]
        if iid in self.hand[p]:
            return 1 << p
        if iid in self.deck[p]:
            return 0
        return 3

    def prior_part(self, iid: int) -> Hashable:
        """The Heroes and their Paths (always public) are not dealt into a believed deck
        (core/belief.py)."""
        return "party" if iid < FIRST_CARD else None

    def hidden_from(self, seat: int) -> list[int]:
        o = 1 - seat
        return [*self.hand[o], *self.deck[o], *self.deck[seat]]

    def card_view(self, iid: int) -> dict[str, Any]:
        d = self.defs[iid]
        out = _CARD_VIEWS.get(id(d))
        if out is None:
            out = _CARD_VIEWS.put(id(d), d, _card_view(d))
        return dict(out)

    def hero_view(self, slot: int) -> dict[str, Any]:
        h = self.heroes[slot]
        pc = self.path_card(slot)
        return {
            "seat": slot // 3,
            "slot": slot % 3,
            "hero": h.id,
            "name": h.name,
            "class": h.cls,
            "profession": h.profession,
            "hp": self.hp[slot],
            "max_hp": h.hp,
            "def": h.defense,
            "ally_def": self.ally_def(slot),
            "defeated": self.hp[slot] <= 0,
            "state": "USED" if self.used[slot] else "READY",
            "shielded": self.shielded[slot],
            "poisoned": self.poison[slot],
            "warded": self.ward[slot],
            "def_up": self.def_up[slot],
            "reduce": self.reduce[slot],
            "passive": h.passive.name,
            "basic": h.basic.name,
            "kit": list(self.kit[slot]),
            "loadout": list(self.loadout[slot]),
            "spent": list(self.spent[slot]),
            "path": None if pc is None else pc.id,
            "path_passive": None if pc is None else pc.passive.name,
            "rebalanced": self.rebalanced[slot],
            "reserve": sorted(self.defs[i].id for i in self.reserve[slot]),
        }

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may know, and nothing more: the opponent's hand and both decks are counts."""
        self.check_seat(seat)
        players = []
        for p in (0, 1):
            pv: dict[str, Any] = {
                "seat": p,
                "ap": self.ap[p],
                "heroes": [self.hero_view(s) for s in range(p * 3, p * 3 + 3)],
                "hand_count": len(self.hand[p]),
                "deck_count": len(self.deck[p]),
                "discard": [self.card_view(i) for i in self.discard[p]],
                "redirect": None if self.redirect[p] < 0 else self.hero_ref(self.redirect[p]),
            }
            if p == seat:
                pv["hand"] = [self.card_view(i) for i in self.hand[p]]
            players.append(pv)
        return {
            "game": "mastery",
            "format": self.config["format"],
            "seat": seat,
            "turn": self.round,
            "round": self.round,
            "first": self.first,
            "passes": self.passes,
            "pending": [self.card_view(i) for i in self.pending],
            "intercepts": [[self.hero_ref(s), self.hero_ref(t)] for s, t in enumerate(self.intercept) if t >= 0],
            "players": players,
            "decision": self.decision_view(seat),
            "result": None if self.result is None else self.result.to_dict(),
        }


def _card_view(d: Any) -> dict[str, Any]:
    from .text import card_text

    out: dict[str, Any] = {"card": d.id, "name": d.name, "cost": d.cost, "target": d.target,
                           "text": card_text(d.target, d.effects)}
    if isinstance(d, TechniqueCard):
        out.update(kind="technique", level=d.level, symbol=d.symbol)
    else:
        out["kind"] = "tactic"
    return out
