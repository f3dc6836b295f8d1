"""The `frontline` game state: small flat tables, so that `clone()` is a handful of list copies.

Cards are instance ids; `defs[iid]` is the shared definition. Per seat `p`: Front Line slots are
`front[p * 5 + i]`, Tactical Zone slots `tac[p * 3 + i]` (-1 = empty), the Command Zone `command[p]`.
`zone[iid]` says where every card is; `gear[unit]` is the tuple of equipment attached to a unit
(in the Equipment Row behind it, or tucked under it in the Tactical Zone; rulings frontline.gap.5–6).
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardarena.core.engine import Handler, State
from cardarena.core.fields import F

from .schema import GeneralCard, HeroCard, TacticalCard

# zones (zone[iid])
DECK, HAND, FRONT, TAC, COMMAND, GEAR, FALLEN, LADDER = range(8)
LP = 8  # the target zone of a Breach: an attack on the defending seat's LP
ZONE_NAMES = ("deck", "hand", "front", "tac", "command", "gear", "fallen", "ladder")
PUBLIC = frozenset({FRONT, TAC, COMMAND, GEAR, FALLEN, LADDER})
FRONT_SLOTS, TAC_SLOTS, GEAR_MAX, HAND_CAP = 5, 3, 5, 7

class FrontlineState(State):
    game_id = "frontline"
    HANDLERS: ClassVar[dict[str, Handler]] = {}  # filled by rules.py

    FIELDS: ClassVar[dict[str, str]] = {
        "params": F.VALUE, "turn": F.VALUE, "active": F.VALUE, "first": F.VALUE, "phase": F.VALUE,
        "lp": F.LIST, "front": F.LIST, "tac": F.LIST, "command": F.LIST, "hp": F.LIST, "zone": F.LIST,
        "moved": F.LIST, "links": F.LIST,
        "deck": F.LIST2, "hand": F.LIST2, "fallen": F.LIST2,
        "gear": F.DICT, "attacks": F.DICT, "boost": F.DICT,
        "used": F.SET, "revealed": F.SET,
    }

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
    revealed: set[int]  # hand cards both seats know: reclaimed from the public Fallen Zone

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

    def field_count(self, p: int) -> int:
        """len(field_cards(p)), without building the list (the hot path of every cost check)."""
        gear = self.gear
        n = 0
        for i in self.front[p * 5: p * 5 + 5]:
            if i >= 0:
                n += 1
                if i in gear:
                    n += len(gear[i])
        for i in self.tac[p * 3: p * 3 + 3]:
            if i >= 0:
                n += 1
                if i in gear:
                    n += len(gear[i])
        return n + (self.command[p] >= 0)

    def host_of(self, eq: int) -> int:
        for u, items in self.gear.items():
            if eq in items:
                return u
        return -1

    def enter_phase(self, phase: str) -> None:
        """rulebook §5: Draw, Main 1, Battle, Main 2, End; logged when the phase changes."""
        if self.phase != phase:
            self.phase = phase
            if self.record:
                self.emit("phase", phase=phase, player=self.active)

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
        for its owner (and for both once reclaimed from the Fallen Zone), nobody for a deck."""
        z = self.zone[iid]
        if z in PUBLIC:
            return 3
        if z == HAND:
            return 3 if iid in self.revealed else 1 << self.owner[iid]
        return 0

    def hidden_from(self, seat: int) -> list[int]:
        """Same as the default derived from `visible_mask` (both decks, and the other seat's hand less
        its revealed cards), in the same order, without asking it of every card (a search asks this at
        each determinization)."""
        revealed = self.revealed
        return sorted([*self.deck[0], *self.deck[1], *(i for i in self.hand[1 - seat] if i not in revealed)])

    def view(self, seat: int) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, self.check_seat(seat))
