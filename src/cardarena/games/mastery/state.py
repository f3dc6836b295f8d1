"""The `mastery` game state: tables of small lists, so that `clone()` is a handful of list copies.

Seats are 0 and 1. Hero slots are `seat * 3 + i` with i = 0 Support, 1 Attacker, 2 Tank. Cards are
instance ids (ints); `defs[iid]` is the card's shared, immutable definition. Per-Hero Mastery
tables (`kit`, `loadout`, `spent`) hold tuples of pool ids, replaced (never mutated) on change.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardarena.core.engine import Handler, State
from cardarena.core.serialize import state_from_json

from .pool import card_pool
from .schema import HeroCard, PathCard, TechniqueCard

#: per-seat zones (lists of instance ids); `reserve` is per Hero: its Level Reserve (ruling gap.28)
_LISTS2 = ("deck", "hand", "discard", "reserve")
#: flat lists copied shallowly
_LISTS = ("hp", "used", "shielded", "poison", "ward", "def_up", "reduce", "intercept", "redirect", "kit",
          "loadout", "spent", "path", "rebalanced", "ap", "pending", "fallen")
_VALUES = ("round", "first", "passes", "settling")


class MasteryState(State):
    game_id = "mastery"
    HANDLERS: ClassVar[dict[str, Handler]] = {}  # filled by rules.py

    __slots__ = (*_LISTS2, *_LISTS, *_VALUES, "defs", "heroes", "owner", "params")

    defs: list[Any]  # TechniqueCard | TacticCard by instance id
    heroes: tuple[HeroCard, ...]  # by Hero slot, never changes
    owner: tuple[int, ...]  # seat by instance id
    params: dict[str, Any]
    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    reserve: list[list[int]]  # by Hero slot: Level 2 cards outside the game
    hp: list[int]
    used: list[bool]  # USED (True) or READY (False)
    shielded: list[bool]
    poison: list[int]  # remaining End Phases of Poisoned; 0: not Poisoned
    ward: list[bool]  # cannot be Poisoned this Round
    def_up: list[int]  # DEF granted this Round
    reduce: list[int]  # damage reduction this Round
    intercept: list[int]  # by protected slot: the interceptor's slot this Round, or -1
    redirect: list[int]  # by seat: the slot that draws the next single-target attack, or -1
    kit: list[tuple[str, ...]]  # Mastery Kit in recording order
    loadout: list[tuple[str, ...]]  # Active Mastery Loadout (≤ 3)
    spent: list[tuple[str, ...]]  # Loadout skills used since the last refresh
    path: list[str]  # the chosen Level 2 Path's pool id, or ""
    rebalanced: list[bool]
    ap: list[int]
    pending: list[int]  # a card being performed: out of hand, not yet resolved
    fallen: list[int]  # Hero slots defeated in the current timing step
    round: int
    first: int  # the seat that acts first this Round
    passes: int  # consecutive Action Opportunities in which nothing was done
    settling: bool

    # -- copying -------------------------------------------------------------------------------
    def clone(self) -> MasteryState:
        c = MasteryState.__new__(MasteryState)
        c._clone_base(self)
        c.defs = self.defs  # replaced, never mutated, by determinize
        c.heroes = self.heroes
        c.owner = self.owner
        c.params = self.params
        a, b = self.deck
        c.deck = [a[:], b[:]]
        a, b = self.hand
        c.hand = [a[:], b[:]]
        a, b = self.discard
        c.discard = [a[:], b[:]]
        c.reserve = [r[:] for r in self.reserve]
        c.hp = self.hp[:]
        c.used = self.used[:]
        c.shielded = self.shielded[:]
        c.poison = self.poison[:]
        c.ward = self.ward[:]
        c.def_up = self.def_up[:]
        c.reduce = self.reduce[:]
        c.intercept = self.intercept[:]
        c.redirect = self.redirect[:]
        c.kit = self.kit[:]
        c.loadout = self.loadout[:]
        c.spent = self.spent[:]
        c.path = self.path[:]
        c.rebalanced = self.rebalanced[:]
        c.ap = self.ap[:]
        c.pending = self.pending[:]
        c.fallen = self.fallen[:]
        c.round = self.round
        c.first = self.first
        c.passes = self.passes
        c.settling = self.settling
        return c

    # -- small queries -------------------------------------------------------------------------
    def live(self, slot: int) -> bool:
        return self.hp[slot] > 0

    def live_slots(self, seat: int) -> list[int]:
        hp = self.hp
        b = seat * 3
        return [s for s in (b, b + 1, b + 2) if hp[s] > 0]

    def name(self, iid: int) -> str:
        return str(self.defs[iid].name)

    def ref(self, iid: int) -> str:
        """How an event names a card (its pool id): identities reach events only through here."""
        return str(self.defs[iid].id)

    def hero_ref(self, slot: int) -> dict[str, int]:
        return {"seat": slot // 3, "slot": slot % 3}

    def path_card(self, slot: int) -> PathCard | None:
        pid = self.path[slot]
        return None if not pid else card_pool().by_id[pid]  # type: ignore[return-value]

    def hidden_from(self, seat: int) -> list[int]:
        """Instance ids whose identity `seat` cannot know: the opponent's hand and both decks' order
        (the opponent's deck content is hidden; one's own deck content is known only as a multiset)."""
        o = 1 - seat
        return [*self.hand[o], *self.deck[o]]

    # -- hidden information --------------------------------------------------------------------
    def determinize(self, seat: int, rng: Any) -> MasteryState:
        """A clone in which every card `seat` cannot see is resampled: the opponent's hand and deck
        trade identities at random, and `seat`'s own deck is reshuffled."""
        c = self.clone()
        hidden = self.hidden_from(seat)
        if hidden:
            defs = list(self.defs)
            pool = [defs[i] for i in hidden]
            rng.shuffle(pool)
            for i, d in zip(hidden, pool, strict=True):
                defs[i] = d
            c.defs = defs
        rng.shuffle(c.deck[seat])
        rng.shuffle(c.deck[1 - seat])
        if c.decision is not None and c.decision.seat != seat:
            c.reask()  # the opponent's options were built from the cards just resampled
        return c

    def card_view(self, iid: int) -> dict[str, Any]:
        from .text import card_text

        d = self.defs[iid]
        out: dict[str, Any] = {"card": d.id, "name": d.name, "cost": d.cost, "target": d.target,
                               "text": card_text(d.target, d.effects)}
        if isinstance(d, TechniqueCard):
            out.update(kind="technique", level=d.level, symbol=d.symbol)
        else:
            out["kind"] = "tactic"
        return out

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
        d = self.decision
        return {
            "game": "mastery",
            "seat": seat,
            "round": self.round,
            "first": self.first,
            "passes": self.passes,
            "pending": [self.card_view(i) for i in self.pending],
            "intercepts": [[self.hero_ref(s), self.hero_ref(t)] for s, t in enumerate(self.intercept) if t >= 0],
            "players": players,
            "decision": None if d is None else (d.to_dict() if d.seat == seat else {"seat": d.seat, "kind": d.kind}),
            "result": None if self.result is None else self.result.to_dict(),
        }

    # -- saving --------------------------------------------------------------------------------
    _SAVED: ClassVar[tuple[str, ...]] = (
        *_LISTS2, *_LISTS, *_VALUES, "asker", "decision", "record", "resume", "rng", "stack",
    )

    @classmethod
    def from_json(cls, data: dict[str, Any], by_id: dict[str, Any], params: dict[str, Any]) -> MasteryState:
        s = state_from_json(cls, data, by_id)
        s.kit = [tuple(k) for k in s.kit]
        s.loadout = [tuple(k) for k in s.loadout]
        s.spent = [tuple(k) for k in s.spent]
        s.owner = tuple(data["config"]["owner"])
        s.heroes = tuple(by_id[h] for h in data["config"]["heroes"])
        s.params = params
        return s
