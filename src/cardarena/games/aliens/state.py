"""The `aliens` game state: tables of small lists, so that `clone()` is a handful of list copies.

Cards are instance ids (ints). `defs[iid]` is the card's shared, immutable definition; everything
that changes lives here. Seats are 0 and 1; Alien slots are `seat * 3 + i` (i = 0, 1, 2).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

from cardarena.core.engine import Handler, State
from cardarena.core.fields import F
from cardarena.core.options import Shared

from .schema import AlienCard, SpawnCard, TacticCard

STATUSES = ("jammed", "corroding", "fluxed")

#: a card's view depends on its definition alone: built once and handed out as a copy
_CARD_VIEWS: Shared[dict[str, Any]] = Shared(4096)


class AliensState(State):
    game_id = "aliens"
    HANDLERS: ClassVar[dict[str, Handler]] = {}  # filled by rules.py

    FIELDS: ClassVar[dict[str, str]] = {
        "active": F.VALUE, "aliens": F.VALUE, "attacked": F.LIST, "blocked": F.VALUE, "charge": F.LIST,
        "command": F.LIST2, "deck": F.LIST2, "discard": F.LIST2, "equip": F.LIST, "grants": F.LIST,
        "hand": F.LIST2, "hp": F.LIST, "ko_queue": F.LIST, "negated": F.VALUE, "once_used": F.LIST,
        "params": F.VALUE, "pending": F.LIST, "priority": F.VALUE, "reactor": F.LIST2, "rep_used": F.LIST,
        "sector": F.VALUE, "set_turn": F.DICT, "shield": F.LIST, "status": F.LIST,
        "turn": F.VALUE,
    }

    active: int
    aliens: tuple[int, ...]
    attacked: list[bool]
    blocked: int
    charge: list[int]
    command: list[list[int]]
    deck: list[list[int]]
    discard: list[list[int]]
    equip: list[int]
    grants: list[str]
    hand: list[list[int]]
    hp: list[int]
    ko_queue: list[int]
    negated: bool
    once_used: list[bool]
    params: dict[str, Any]
    pending: list[int]  # cards being used: paid for, out of hand or field, not yet resolved
    priority: int
    reactor: list[list[int]]
    rep_used: list[bool]
    sector: int
    set_turn: dict[int, int]
    shield: list[int]
    status: list[str | None]
    turn: int

    # -- small queries used everywhere ---------------------------------------------------------
    @property
    def round(self) -> int:
        return (self.turn + 1) // 2

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

    def alien(self, slot: int) -> AlienCard:
        return self.defs[self.aliens[slot]]

    def energy(self, seat: int) -> int:
        return len(self.reactor[seat]) + self.charge[seat]

    # -- hidden information (rulebook §5, rule aliens.10.5) ------------------------------------
    def visible_mask(self, iid: int) -> int:
        """Who may know card `iid`: its owner while it sits in hand, Reactor or face-down in the
        Command Zone; nobody while it is in a deck; everyone once it is face-up (Aliens, the
        Discard, face-up cards in play, a card being used)."""
        if iid in self.set_turn:
            return 1 << self.owner[iid]
        if self.defs[iid].__class__ is AlienCard or iid in self.pending:
            return 3  # the common case in events: an Alien or the card being used (no zone scan)
        p = self.owner[iid]
        if iid in self.hand[p] or iid in self.reactor[p]:
            return 1 << p
        if iid in self.deck[p]:
            return 0
        return 3

    def copies_known_apart(self) -> bool:
        """Never: who may know a card depends only on its zone (`visible_mask`), so identical copies in
        one zone are known alike and `distinct` keeps the first (the Activation Phase relies on it)."""
        return False

    def prior_part(self, iid: int) -> Hashable:
        """The 3 Aliens (always public) are not dealt into a believed Tactic deck (core/belief.py)."""
        return "aliens" if self.defs[iid].__class__ is AlienCard else None

    def hidden_from(self, seat: int) -> list[int]:
        o = 1 - seat
        return [*self.hand[o], *self.deck[o], *self.reactor[o], *(i for i in self.command[o] if i in self.set_turn),
                *self.deck[seat]]

    # -- views: cards by pool id, positions for what the seat may not know ------------------------
    def card_view(self, iid: int) -> dict[str, Any]:
        d = self.defs[iid]
        out = _CARD_VIEWS.get(id(d))
        if out is None:
            out = _CARD_VIEWS.put(id(d), d, _card_view(d))
        return dict(out)

    def alien_view(self, slot: int) -> dict[str, Any]:
        a = self.alien(slot)
        eq = self.equip[slot]
        return {
            "id": a.id,
            "index": slot % 3,
            "name": a.name,
            "species": a.species,
            "affinity": a.affinity,
            "hp": self.hp[slot],
            "max_hp": a.hp,
            "ko": self.hp[slot] <= 0,
            "status": self.status[slot],
            "shield": self.shield[slot],
            "attacked": self.attacked[slot],
            "equip": None if eq < 0 else self.card_view(eq),
            "ability": {"name": a.ability.name, "kind": a.ability.kind, "used": self.once_used[slot]},
        }

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may know, and nothing more (docs/architecture.md; shape: views.AliensView).
        A face-down card is shown by its position and the turn it was set, its card only to its owner."""
        self.check_seat(seat)
        players = []
        for p in (0, 1):
            mine = p == seat
            command = []
            for k, i in enumerate(self.command[p]):
                t = self.set_turn.get(i)
                entry: dict[str, Any] = {"index": k, "face_down": t is not None}
                if t is not None:
                    entry["set_turn"] = t
                if t is None or mine:
                    entry["card"] = self.card_view(i)
                command.append(entry)
            pv: dict[str, Any] = {
                "seat": p,
                "aliens": [self.alien_view(s) for s in range(p * 3, p * 3 + 3)],
                "hand_count": len(self.hand[p]),
                "deck_count": len(self.deck[p]),
                "reactor_count": len(self.reactor[p]),
                "charge": self.charge[p],
                "energy": self.energy(p),
                "discard": [self.card_view(i) for i in self.discard[p]],
                "command": command,
            }
            if mine:
                pv["hand"] = [self.card_view(i) for i in self.hand[p]]
                pv["reactor"] = [self.card_view(i) for i in self.reactor[p]]
            players.append(pv)
        return {
            "game": "aliens",
            "format": self.config["format"],
            "seat": seat,
            "turn": self.turn,
            "round": self.round,
            "active": self.active,
            "priority": self.priority,
            "sector": None if self.sector < 0 else self.card_view(self.sector),
            "pending": [self.card_view(i) for i in self.pending],
            "players": players,
            "decision": self.decision_view(seat),
            "result": None if self.result is None else self.result.to_dict(),
        }


def _card_view(d: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"id": d.id, "name": d.name}
    if isinstance(d, TacticCard):
        out.update(kind="tactic", subtype=d.subtype, species=d.species, cost=d.cost)
        if d.subtype == "attack":
            out.update(affinity=d.affinity, damage=d.damage)
    elif isinstance(d, SpawnCard):
        out.update(kind="spawn", subtype=d.subtype, cost=d.cost)
    return out
