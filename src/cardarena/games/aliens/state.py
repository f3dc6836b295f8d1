"""The `aliens` game state: tables of small lists, so that `clone()` is a handful of list copies.

Cards are instance ids (ints). `defs[iid]` is the card's shared, immutable definition; everything
that changes lives here. Seats are 0 and 1; Alien slots are `seat * 3 + i` (i = 0, 1, 2).
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardarena.core.engine import Handler, State
from cardarena.core.serialize import state_from_json

from .schema import AlienCard, Card, SpawnCard, TacticCard

STATUSES = ("jammed", "corroding", "fluxed")


class AliensState(State):
    game_id = "aliens"
    HANDLERS: ClassVar[dict[str, Handler]] = {}  # filled by rules.py

    __slots__ = (
        "active", "aliens", "attacked", "blocked", "charge", "command", "deck", "defs", "discard", "equip",
        "grants", "hand", "hp", "ko_queue", "negated", "once_used", "owner", "params", "pending", "priority",
        "reactor", "rep_used", "sector", "set_turn", "settling", "shield", "status", "turn",
    )

    active: int
    aliens: tuple[int, ...]
    attacked: list[bool]
    blocked: int
    charge: list[int]
    command: list[list[int]]
    deck: list[list[int]]
    defs: list[Any]  # Card by instance id; Any because rules dispatch on `subtype` themselves
    discard: list[list[int]]
    equip: list[int]
    grants: list[str]
    hand: list[list[int]]
    hp: list[int]
    ko_queue: list[int]
    negated: bool
    once_used: list[bool]
    owner: tuple[int, ...]
    params: dict[str, Any]
    pending: list[int]  # cards being used: paid for, out of hand or field, not yet resolved
    priority: int
    reactor: list[list[int]]
    rep_used: list[bool]
    sector: int
    set_turn: dict[int, int]
    settling: bool
    shield: list[int]
    status: list[str | None]
    turn: int

    # -- copying -------------------------------------------------------------------------------
    def clone(self) -> AliensState:
        c = AliensState.__new__(AliensState)
        c._clone_base(self)
        c.active = self.active
        c.aliens = self.aliens
        c.attacked = self.attacked[:]
        c.blocked = self.blocked
        c.charge = self.charge[:]
        a, b = self.command
        c.command = [a[:], b[:]]
        a, b = self.deck
        c.deck = [a[:], b[:]]
        c.defs = self.defs  # replaced, never mutated, by determinize
        a, b = self.discard
        c.discard = [a[:], b[:]]
        c.equip = self.equip[:]
        c.grants = self.grants[:]
        a, b = self.hand
        c.hand = [a[:], b[:]]
        c.hp = self.hp[:]
        c.ko_queue = self.ko_queue[:]
        c.negated = self.negated
        c.once_used = self.once_used[:]
        c.owner = self.owner
        c.params = self.params
        c.pending = self.pending[:]
        c.priority = self.priority
        a, b = self.reactor
        c.reactor = [a[:], b[:]]
        c.rep_used = self.rep_used[:]
        c.sector = self.sector
        c.set_turn = self.set_turn.copy()
        c.settling = self.settling
        c.shield = self.shield[:]
        c.status = self.status[:]
        c.turn = self.turn
        return c

    # -- small queries used everywhere ---------------------------------------------------------
    @property
    def round(self) -> int:
        return (self.turn + 1) // 2

    def live(self, slot: int) -> bool:
        return self.hp[slot] > 0

    def live_slots(self, seat: int) -> list[int]:
        hp = self.hp
        b = seat * 3
        return [s for s in (b, b + 1, b + 2) if hp[s] > 0]

    def alien(self, slot: int) -> AlienCard:
        return self.defs[self.aliens[slot]]

    def energy(self, seat: int) -> int:
        return len(self.reactor[seat]) + self.charge[seat]

    def name(self, iid: int) -> str:
        return self.defs[iid].name

    def hidden_from(self, seat: int) -> list[int]:
        """Instance ids whose identity `seat` cannot know: the opponent's hand, deck, Reactor and
        face-down Command Zone cards (seed 004 §5, rule aliens.10.5)."""
        o = 1 - seat
        return [*self.hand[o], *self.deck[o], *self.reactor[o], *(i for i in self.command[o] if i in self.set_turn)]

    # -- hidden information --------------------------------------------------------------------
    def determinize(self, seat: int, rng: Any) -> AliensState:
        """A clone in which every card `seat` cannot see is resampled: the opponent's hidden cards
        trade identities at random, and `seat`'s own deck is reshuffled. What `seat` knows (its own
        hand, Reactor and set cards, everything face-up, every count) is unchanged."""
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
        d = self.defs[iid]
        out: dict[str, Any] = {"id": iid, "name": d.name}
        if isinstance(d, TacticCard):
            out.update(kind="tactic", subtype=d.subtype, species=d.species, cost=d.cost)
            if d.subtype == "attack":
                out.update(affinity=d.affinity, damage=d.damage)
        elif isinstance(d, SpawnCard):
            out.update(kind="spawn", subtype=d.subtype, cost=d.cost)
        return out

    def alien_view(self, slot: int) -> dict[str, Any]:
        a = self.alien(slot)
        eq = self.equip[slot]
        return {
            "id": self.aliens[slot],
            "slot": slot,
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
        """What `seat` may know, and nothing more (DESIGN.md §2)."""
        players = []
        for p in (0, 1):
            mine = p == seat
            command = []
            for i in self.command[p]:
                if i in self.set_turn:
                    entry: dict[str, Any] = {"id": i, "face_down": True, "set_turn": self.set_turn[i]}
                    if mine:
                        entry["card"] = self.card_view(i)
                else:
                    entry = {"id": i, "face_down": False, "card": self.card_view(i)}
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
        d = self.decision
        return {
            "game": "aliens",
            "seat": seat,
            "turn": self.turn,
            "round": self.round,
            "active": self.active,
            "priority": self.priority,
            "sector": None if self.sector < 0 else self.card_view(self.sector),
            "pending": [self.card_view(i) for i in self.pending],
            "players": players,
            "decision": None if d is None else (d.to_dict() if d.seat == seat else {"seat": d.seat, "kind": d.kind}),
            "result": None if self.result is None else self.result.to_dict(),
        }

    # -- saving --------------------------------------------------------------------------------
    _SAVED: ClassVar[tuple[str, ...]] = (
        "active", "attacked", "blocked", "charge", "command", "deck", "discard", "equip", "grants", "hand",
        "hp", "ko_queue", "negated", "once_used", "pending", "priority", "reactor", "rep_used", "sector", "set_turn",
        "settling", "shield", "status", "turn", "asker", "decision", "record", "result",
        "resume", "rng", "stack",
    )

    @classmethod
    def from_json(cls, data: dict[str, Any], by_id: dict[str, Card], params: dict[str, Any]) -> AliensState:
        s = state_from_json(cls, data, by_id)
        s.owner = tuple(0 if i < data["config"]["split"] else 1 for i in range(len(s.defs)))
        s.aliens = tuple(data["config"]["aliens"])
        s.params = params
        return s
