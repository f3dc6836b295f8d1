"""The `frontline` game state: small flat tables, so that `clone()` is a handful of list copies.

Cards are instance ids; `defs[iid]` is the shared definition. Per seat `p`: Front Line slots are
`front[p * 5 + i]`, Tactical Zone slots `tac[p * 3 + i]` (-1 = empty), the Command Zone `command[p]`.
`zone[iid]` says where every card is; `gear[unit]` is the tuple of equipment attached to a unit
(in the Equipment Row behind it, or tucked under it in the Tactical Zone; rulings frontline.gap.5–6).
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardarena.core.engine import Handler, State

from .schema import GeneralCard, HeroCard, TacticalCard

# zones (zone[iid])
DECK, HAND, FRONT, TAC, COMMAND, GEAR, FALLEN, LADDER = range(8)
ZONE_NAMES = ("deck", "hand", "front", "tac", "command", "gear", "fallen", "ladder")
PUBLIC = frozenset({FRONT, TAC, COMMAND, GEAR, FALLEN, LADDER})
FRONT_SLOTS, TAC_SLOTS, GEAR_MAX, HAND_CAP = 5, 3, 5, 7

# field kinds, declared once: clone and save derive from them
VALUE, LIST, LIST2, DICT, SET = "value", "list", "list2", "dict", "set"
FIELDS: dict[str, str] = {
    "turn": VALUE, "active": VALUE, "first": VALUE, "phase": VALUE,
    "lp": LIST, "front": LIST, "tac": LIST, "command": LIST, "hp": LIST, "zone": LIST, "moved": LIST,
    "links": LIST,
    "deck": LIST2, "hand": LIST2, "fallen": LIST2,
    "gear": DICT, "attacks": DICT, "boost": DICT,
    "used": SET,
}


class FrontlineState(State):
    game_id = "frontline"
    HANDLERS: ClassVar[dict[str, Handler]] = {}  # filled by rules.py

    __slots__ = (*FIELDS, "defs", "owner", "params")

    defs: list[Any]
    owner: tuple[int, ...]
    params: dict[str, Any]
    turn: int
    active: int
    first: int  # the seat of Player 1 (ruling frontline.gap.13)
    phase: str
    lp: list[int]
    front: list[int]
    tac: list[int]
    command: list[int]
    hp: list[int]  # current HP by instance id (0 off the field)
    zone: list[int]
    moved: list[int]  # turn the card last entered the Front Line or retreated
    links: list[tuple[Any, ...]]  # the Reaction Ladder, bottom first
    deck: list[list[int]]
    hand: list[list[int]]
    fallen: list[list[int]]
    gear: dict[int, tuple[int, ...]]
    attacks: dict[int, int]  # attacks declared this turn, by unit
    boost: dict[int, int]  # +ATK until end of turn
    used: set[int]  # abilities used this turn, by source

    # -- copying -------------------------------------------------------------------------------
    def clone(self) -> FrontlineState:
        c = FrontlineState.__new__(FrontlineState)
        c._clone_base(self)
        c.defs = self.defs  # replaced, never mutated, by determinize
        c.owner = self.owner
        c.params = self.params
        c.turn = self.turn
        c.active = self.active
        c.first = self.first
        c.phase = self.phase
        c.lp = self.lp[:]
        c.front = self.front[:]
        c.tac = self.tac[:]
        c.command = self.command[:]
        c.hp = self.hp[:]
        c.zone = self.zone[:]
        c.moved = self.moved[:]
        c.links = self.links[:]
        a, b = self.deck
        c.deck = [a[:], b[:]]
        a, b = self.hand
        c.hand = [a[:], b[:]]
        a, b = self.fallen
        c.fallen = [a[:], b[:]]
        c.gear = self.gear.copy()
        c.attacks = self.attacks.copy()
        c.boost = self.boost.copy()
        c.used = self.used.copy()
        return c

    # -- small queries -------------------------------------------------------------------------
    def name(self, iid: int) -> str:
        return self.defs[iid].name

    def units(self, p: int) -> list[int]:
        """The units on p's Front Line, slot order."""
        return [i for i in self.front[p * 5: p * 5 + 5] if i >= 0]

    def tac_cards(self, p: int) -> list[int]:
        return [i for i in self.tac[p * 3: p * 3 + 3] if i >= 0]

    def open_front(self, p: int) -> int:
        """The leftmost open Front Line slot index of p, or -1 (rule frontline.4.1)."""
        f = self.front
        for i in range(p * 5, p * 5 + 5):
            if f[i] < 0:
                return i
        return -1

    def open_tac(self, p: int) -> int:
        t = self.tac
        for i in range(p * 3, p * 3 + 3):
            if t[i] < 0:
                return i
        return -1

    def heroes_on_front(self, p: int) -> int:
        defs = self.defs
        return sum(1 for i in self.front[p * 5: p * 5 + 5] if i >= 0 and isinstance(defs[i], HeroCard))

    def active_general(self, p: int) -> int:
        """p's one active General, wherever it is on the field (ruling frontline.gap.11), or -1."""
        if self.command[p] >= 0:
            return self.command[p]
        defs = self.defs
        for i in (*self.front[p * 5: p * 5 + 5], *self.tac[p * 3: p * 3 + 3]):
            if i >= 0 and isinstance(defs[i], GeneralCard):
                return i
        return -1

    def field_cards(self, p: int) -> list[int]:
        """Every card of p in play that may be Expended (ruling frontline.gap.4)."""
        out = [i for i in self.front[p * 5: p * 5 + 5] if i >= 0]
        out += [i for i in self.tac[p * 3: p * 3 + 3] if i >= 0]
        gear = self.gear
        for u in list(out):
            out += gear.get(u, ())
        if self.command[p] >= 0:
            out.append(self.command[p])
        return out

    def host_of(self, eq: int) -> int:
        for u, items in self.gear.items():
            if eq in items:
                return u
        return -1

    def is_unit(self, iid: int) -> bool:
        return isinstance(self.defs[iid], HeroCard | GeneralCard)

    def is_tactical(self, iid: int) -> bool:
        return isinstance(self.defs[iid], TacticalCard)

    def position(self, iid: int) -> tuple[int, str, int]:
        """(seat, zone name, index) of a card in play, for option ids and views."""
        z = self.zone[iid]
        if z == FRONT:
            i = self.front.index(iid)
            return i // 5, "front", i % 5
        if z == TAC:
            i = self.tac.index(iid)
            return i // 3, "tac", i % 3
        if z == COMMAND:
            return self.owner[iid], "command", 0
        return self.owner[iid], ZONE_NAMES[z], -1

    # -- hidden information --------------------------------------------------------------------
    def visible_mask(self, iid: int) -> int:
        """Bit s is set when seat s may know this card's identity now: public zones for both, the hand
        for its owner, nobody for a deck (not even its order for the owner)."""
        z = self.zone[iid]
        if z in PUBLIC:
            return 3
        if z == HAND:
            return 1 << self.owner[iid]
        return 0

    def resample_key(self, iid: int) -> int:
        """Hidden cards trade identities only with hidden cards of the same owner."""
        return self.owner[iid]

    def ref(self, iid: int) -> dict[str, int]:
        """How a card appears in an event: by instance id, named per seat by visible_log."""
        return {"ref": iid}

    def determinize(self, seat: int, rng: Any) -> FrontlineState:
        """A clone in which every card `seat` cannot know is resampled among the hidden cards of the
        same resample key; every deck is reshuffled. What `seat` sees is unchanged."""
        c = self.clone()
        groups: dict[int, list[int]] = {}
        bit = 1 << seat
        for i in range(len(self.defs)):
            if not self.visible_mask(i) & bit:
                groups.setdefault(self.resample_key(i), []).append(i)
        defs = list(self.defs)
        for ids in groups.values():
            pool = [defs[i] for i in ids]
            rng.shuffle(pool)
            for i, d in zip(ids, pool, strict=True):
                defs[i] = d
        c.defs = defs
        rng.shuffle(c.deck[0])
        rng.shuffle(c.deck[1])
        if c.decision is not None and c.decision.seat != seat:
            c.reask()  # the other seat's options were built from the cards just resampled
        return c

    def card_ref_view(self, iid: int, seat: int | None) -> dict[str, Any]:
        if seat is not None and self.visible_mask(iid) >> seat & 1:
            d = self.defs[iid]
            return {"card": d.id, "name": d.name}
        return {"hidden": True}

    def visible_log(self, seat: int | None) -> list[dict[str, Any]]:
        """The log with every card reference named only for seats that may know it now."""
        out = []
        for e in self.log:
            out.append({k: self._render(v, seat) for k, v in e.items()})
        return out

    def _render(self, v: Any, seat: int | None) -> Any:
        if isinstance(v, dict) and "ref" in v:
            return self.card_ref_view(v["ref"], seat)
        if isinstance(v, list):
            return [self._render(x, seat) for x in v]
        return v

    def view(self, seat: int) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, seat)

    # -- saving --------------------------------------------------------------------------------
    _SAVED: ClassVar[tuple[str, ...]] = (
        *FIELDS, "asker", "decision", "record", "result", "resume", "rng", "stack",
    )

    @classmethod
    def from_json(cls, data: dict[str, Any], by_id: dict[str, Any], params: dict[str, Any]) -> FrontlineState:
        from cardarena.core.serialize import state_from_json

        s = state_from_json(cls, data, by_id)
        s.owner = tuple(data["config"]["owner"])
        s.params = params
        return s
