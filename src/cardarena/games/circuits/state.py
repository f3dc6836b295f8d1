"""The `circuits` game state (Duel and Squad): tables of small lists and dicts, so `clone()` stays cheap.

Seats are 0 and 1. Cards are instance ids; `defs[iid]` is the shared definition. Gear slots are
`gear[seat * 3 + SLOT[slot]]`. Response Window frames live in `frames` (see windows.py).

Squad (rulebook §16): the per-seat Hero tables (`hp`, `shield`, `burn_*`, `marked`, `ult_used`, the
Gear slots, the Breakpoints...) always describe the Active Hero, so every Duel rule reads "your Hero"
as the Active Hero (rule 16.17). A Bench Hero keeps its own values in `benched` (rule 16.18), swapped
in and out by squad.py.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import Any, ClassVar

import msgspec

from cardarena.core.cardfiles import CardFiles
from cardarena.core.engine import Handler, State, canonical
from cardarena.core.fields import F
from cardarena.core.rng import search_shuffle

from .pool import card_pool
from .schema import AssetCard, GearCard, HeroCard, TacticCard


@cache
def plans_marked(kind: str, cost: int, files: CardFiles | None = None) -> list[TacticCard]:
    """The pool's Plan cards of a Kind and cost (what a face-down Plan shows), in canonical order; the
    pool with the card files of the game (docs/cards.md) if it has any."""
    return canonical(c for c in card_pool(files).tactics if c.plan_kind == kind and c.cost == cost)


SLOT = {"weapon": 0, "armor": 1, "relic": 2}
KNOCKOUTS_TO_WIN = 2  # rule 1.4: a Squad with two Heroes knocked out loses
#: steps that finish a resolution already under way (the victory check waits for them)
RESOLVING = frozenset({"order_triggers", "effects", "breakpoints", "attack_riders", "burn_down", "battery_hit",
                       "save_pick", "deal_each", "destroy_each"})

_LISTS2 = ("deck", "hand", "discard", "field", "loadout", "armory", "scrap", "plans")
_INTS2 = ("hp", "burn_enemy", "burn_self", "shield", "no_heal_until", "capacity", "rally", "own_turns")
_BOOLS2 = ("marked", "second_wind", "ult_used", "mulliganed")
_DICTS = ("damage", "jammed", "kind_of", "guarded", "frame_data")
_SETS = ("delayed", "delay_used", "flags", "match_flags")


def _plan_marks(d: Any) -> Hashable:
    """What a face-down Plan shows of card `d`: its Kind marker (honest, rule 12.1) and the Rally paid
    for it (its cost, rule 10.1)."""
    return (d.plan_kind if d.__class__ is TacticCard else None, getattr(d, "cost", None))


class CircuitsState(State):
    game_id = "circuits"
    HANDLERS: ClassVar[dict[str, Handler]] = {}

    FIELDS: ClassVar[dict[str, str]] = {
        **dict.fromkeys(_LISTS2, F.LIST2), **dict.fromkeys(_INTS2, F.LIST), **dict.fromkeys(_BOOLS2, F.LIST),
        **dict.fromkeys(_DICTS, F.DICT), **dict.fromkeys(_SETS, F.SET),
        "active": F.VALUE, "battery": F.LIST, "breakpoints": F.LIST, "first": F.VALUE, "frames": F.LIST,
        "gear": F.LIST, "hero": F.VALUE, "params": F.VALUE, "pending": F.LIST, "picks": F.LIST2,
        "queued": F.LIST, "reserve": F.VALUE, "seen": F.SETS, "turn": F.VALUE,
        "next_frame": F.VALUE, "bench": F.LIST2, "fallen": F.LIST2, "benched": F.DICT, "turn_step": F.VALUE,
    }

    params: dict[str, Any]
    hero: tuple[int, int]
    # per seat: zones (lists of instance ids)
    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    field: list[list[int]]  # Assets (rule circuits.9.1.2)
    loadout: list[list[int]]  # chosen Gear not yet equipped
    armory: list[list[int]]  # the Armory reserve: outside the game (rule 5.9)
    scrap: list[list[int]]
    plans: list[list[int]]  # face-down (and delayed, face-up) Plans
    # per seat: numbers and flags
    hp: list[int]
    burn_enemy: list[int]  # Burn applied by the enemy (counts for Breakpoint, rule 6.21)
    burn_self: list[int]  # Burn you applied to yourself (rule 6.20)
    shield: list[int]
    no_heal_until: list[int]  # cannot heal while turn < this (rule 9.1.19)
    capacity: list[int]
    rally: list[int]
    own_turns: list[int]  # for Overtime (rule 7.20)
    marked: list[bool]
    second_wind: list[bool]
    ult_used: list[bool]
    mulliganed: list[bool]
    # per card
    damage: dict[int, int]  # marked damage on Assets
    jammed: dict[int, int]  # Gear -> the turn at whose start the Jam ends
    kind_of: dict[int, str]  # Plan -> its Kind marker
    guarded: dict[int, int]  # Asset -> end of a granted Guard (Hold Everything)
    frame_data: dict[int, dict[str, Any]]
    delayed: set[int]
    delay_used: set[int]
    flags: set[str]  # "this turn" facts: attacked, equipped, scouted, charge:<id>, t:<id>:<when> ...
    match_flags: set[str]  # once-per-match facts
    # game
    active: int
    battery: list[tuple[int, int]]
    breakpoints: list[bool]  # seat * 2 + (0: ≤ 10, 1: ≤ 5)
    first: int
    frames: list[int]
    gear: list[int]
    pending: list[int]  # cards played and not yet resolved
    picks: list[list[int]]  # secret Loadout picks before the reveal
    queued: list[tuple[Any, ...]]  # next-attack bonuses and riders: (seat, verb, amount, Frame Check's Asset or -1, this turn only)
    reserve: int  # the seat holding the Reserve token, or -1
    seen: list[set[int]]  # hidden cards each seat has looked at
    settling: bool
    turn: int
    turn_step: str  # the step of the turn under way (rule 7.1): setup, start, rally, draw, action, end
    next_frame: int
    # Squad (rulebook §16)
    bench: list[list[int]]  # Bench Heroes, in order (empty in Duel)
    fallen: list[list[int]]  # knocked-out Heroes (rule 16.21)
    benched: dict[int, tuple[Any, ...]]  # Bench Hero -> its own values (squad.STASHED order)

    def flush(self) -> None:
        """Schedule the victory check after the effect now resolving (ruling circuits.gap.44), and after
        what is still part of it: triggers waiting for their player's order, the rest of the card that
        fired them, riders, Burn going down, the next Full Battery hit (circuits ruling 50)."""
        if self.settling:
            self.settling = False
            k = len(self.stack)
            while k and self.stack[k - 1][0] in RESOLVING:
                k -= 1
            self.stack.insert(k, ("settle",))

    # -- Response Window frames (windows.py); frames are replaced, never mutated (clones share them)
    def current_frame(self) -> dict[str, Any] | None:
        return self.frame_data[self.frames[-1]] if self.frames else None

    def update_frame(self, **changes: Any) -> None:
        fid = self.frames[-1]
        self.frame_data[fid] = {**self.frame_data[fid], **changes}

    def until_my_next_turn(self, seat: int) -> int:
        """The turn number at whose start "until the start of <seat>'s next turn" ends."""
        return self.turn + 2 if self.active == seat else self.turn + 1

    # -- queries -----------------------------------------------------------------------------------
    @property
    def squad(self) -> bool:
        return self.config["format"] == "squad"

    def is_hero(self, iid: int) -> bool:
        return self.defs[iid].__class__ is HeroCard

    def loses_by_knockout(self, seat: int) -> bool:
        """Whether the victory check now pending would make `seat` lose by its Hero's 0 HP: in Duel its
        Hero is at 0 (rule 1.1); in Squad the knock-out is its second, or leaves no Bench Hero (1.4)."""
        if self.hp[seat] > 0:
            return False
        if not self.squad:
            return True
        fallen = len(self.fallen[seat]) + (self.hero[seat] not in self.fallen[seat])
        return fallen >= KNOCKOUTS_TO_WIN or not self.bench[seat]

    def hero_card(self, seat: int) -> HeroCard:
        return self.defs[self.hero[seat]]

    def name(self, iid: int) -> str:
        d = self.defs[iid]
        return d.title if isinstance(d, HeroCard) else d.name

    def max_hp(self, seat: int) -> int:
        return self.hero_card(seat).hp

    def face_down_plans(self, seat: int) -> list[int]:
        """The seat's Plans still face-down: neither delayed (face-up, ruling gap.27) nor being revealed
        now, whose reveal window is open (rule 12.5: it is face-up while its window runs)."""
        plans = self.plans[seat]
        if not plans:
            return []
        frames = self.frames
        revealing = {self.frame_data[f]["item"][1] for f in frames
                     if self.frame_data[f]["item"][0] == "reveal"} if frames else ()
        delayed = self.delayed
        return [i for i in plans if i not in delayed and i not in revealing]

    def equipped(self, seat: int) -> list[int]:
        """Gear the seat's Hero has in its slots (Weapon, Armor, Relic order)."""
        # three tests, not a slice and a comprehension (a call of its own): asked at every Action
        # Step, attack and trigger
        gear = self.gear
        b = seat * 3
        out = []
        if gear[b] >= 0:
            out.append(gear[b])
        if gear[b + 1] >= 0:
            out.append(gear[b + 1])
        if gear[b + 2] >= 0:
            out.append(gear[b + 2])
        return out

    def working_gear(self, seat: int) -> list[GearCard]:
        """Equipped Gear whose text is on: not Jammed (rules circuits.9.2.4–9.2.5)."""
        defs, jammed = self.defs, self.jammed
        out = []
        for g in self.equipped(seat):
            if g not in jammed:
                out.append(defs[g])
        return out

    def asset_max_hp(self, iid: int) -> int:
        """Printed HP plus continuous bonuses from working Gear (rulebook §8.4)."""
        o = self.owner[iid]
        return self.defs[iid].hp + sum(g.asset_hp for g in self.working_gear(o))

    def has_guard(self, iid: int) -> bool:
        return bool(self.defs[iid].guard) or iid in self.guarded

    def may_know(self, seat: int, iid: int) -> bool:
        """Whether `seat` is entitled to know card `iid` (rules circuits.4.1–4.5)."""
        return bool(self.visible_mask(iid) >> seat & 1)

    def loadouts_revealed(self) -> bool:
        """The Loadouts are revealed together, face-up, before the mulligans (rules circuits.5.7, 4.4)."""
        return self.turn > 0 or any(self.loadout)

    def position(self, iid: int) -> dict[str, Any]:
        """Where card `iid` is on the table, as every seat may name it: seat, zone and index."""
        o = self.owner[iid]
        if iid == self.hero[o]:
            return {"seat": o, "zone": "hero", "index": 0}
        for zone in ("bench", "fallen"):
            z = getattr(self, zone)[o]
            if iid in z:
                return {"seat": o, "zone": zone, "index": z.index(iid)}
        for zone in ("field", "plans", "hand", "discard", "loadout", "scrap"):
            z = getattr(self, zone)[o]
            if iid in z:
                return {"seat": o, "zone": zone, "index": z.index(iid)}
        if iid in self.gear:
            return {"seat": o, "zone": "gear", "index": self.gear.index(iid) - o * 3}
        if iid in self.pending:
            return {"seat": o, "zone": "pending", "index": self.pending.index(iid)}
        for k, h in enumerate(self.bench[o]):  # Gear of a Bench Hero: 3 slots per Bench position
            gear = self.benched[h][-1]
            if iid in gear:
                return {"seat": o, "zone": "bench_gear", "index": k * 3 + gear.index(iid)}
        return {"seat": o, "zone": "elsewhere", "index": 0}

    def src(self, source: int | str) -> Any:
        """An event's `source`: a card (an instance id, rendered through `ref`) or a rule keyword."""
        return self.ref(source) if source.__class__ is int else source

    def inspect(self, seat: int, iid: int) -> dict[str, Any]:
        """Every field and the rules text of a card `seat` may know (rules 4.5–4.8): not a game action,
        it changes nothing, spends nothing and opens no window. Raises PermissionError otherwise."""
        if not 0 <= iid < len(self.defs) or not self.may_know(seat, iid):
            raise PermissionError(f"seat {seat} may not inspect card {iid}")
        info: dict[str, Any] = msgspec.to_builtins(self.defs[iid])
        info["id"] = iid
        return info

    # -- hidden information ------------------------------------------------------------------------
    def visible_mask(self, iid: int) -> int:
        """Who may know card `iid` now (rules circuits.4.1–4.5, 5.3, 12.15): a hand, a face-down Plan and
        the Armory before the Loadout reveal are their owner's; a deck card is known to no one but a
        seat that looked at it (Scout). A looker keeps knowing a card it saw while the card stays in
        the deck, goes to the hand or sits face-down (`seen`); once the card leaves the hand face-down
        its owner's opponent can no longer tell it apart (actions.h_declare forgets it)."""
        o = self.owner[iid]
        seen = self.seen
        # the hand before the deck: `distinct` asks of hand cards, and the hand is the shorter list
        if iid in self.hand[o]:  # a looker still knows a card it saw go into this hand
            return 1 << o | (1 if iid in seen[0] else 0) | (2 if iid in seen[1] else 0)
        if iid in self.deck[o]:
            return (1 if iid in seen[0] else 0) | (2 if iid in seen[1] else 0)
        if iid in self.kind_of and iid not in self.delayed:  # face-down, in the Plans or in its window
            return 1 << o | (1 if iid in seen[0] else 0) | (2 if iid in seen[1] else 0)
        if iid in self.armory[o] and not self.loadouts_revealed():
            return 1 << o
        return 3

    def copies_known_apart(self) -> bool:
        """Copies in one zone differ in who knows them only through a look (`seen`, see visible_mask)."""
        return bool(self.seen[0] or self.seen[1])

    def hidden_from(self, seat: int) -> list[int]:
        """Same as the default derived from `visible_mask`, without scanning every card."""
        o = 1 - seat
        known = self.seen[seat]
        out = [i for i in (*self.hand[o], *self.deck[o], *self.deck[seat]) if i not in known]
        out += [i for i in self.kind_of if self.owner[i] == o and i not in self.delayed and i not in known]
        if not self.loadouts_revealed():
            out += self.armory[o]
        return out

    def prior_part(self, iid: int) -> Hashable:
        """An Armory card is dealt from the believed Armory of its slot, a Hero (always public) never,
        any other card from the believed deck (core/belief.py)."""
        d = self.defs[iid]
        if d.__class__ is HeroCard:
            return "heroes"
        if iid in self.armory[self.owner[iid]]:
            return ("armory", d.slot)
        return None

    def public_marks(self, iid: int, d: Any) -> Hashable:
        """A face-down Plan shows its Kind marker (honest, rule 12.1) and the Rally paid for it (its cost,
        rule 10.1); a hand, deck or Armory card shows nothing but its zone (and its slot's part)."""
        if iid in self.kind_of and iid not in self.delayed:
            return _plan_marks(d)
        return None

    def resample(self, defs: list[Any], hidden: list[int], rng: Any) -> None:
        """The hidden hand, deck and face-down cards of each owner trade identities, each unseen
        face-down Plan taking a Plan card of the same Kind (its marker is honest, rule 12.1) and the
        same cost (its Rally was paid openly, rule 10.1); the Armory before its reveal trades within a
        slot. Pools are taken in canonical order (`State.resample`), so the result depends only on
        what the seat knows and on `rng`."""
        loose: dict[int, list[int]] = {}
        armory: dict[tuple[int, str], list[int]] = {}
        face_down: dict[int, list[int]] = {}
        for i in hidden:
            o = self.owner[i]
            if i in self.kind_of:
                face_down.setdefault(o, []).append(i)
            elif i in self.armory[o]:
                armory.setdefault((o, self.defs[i].slot), []).append(i)
            else:
                loose.setdefault(o, []).append(i)
        for o, down in face_down.items():
            ids = loose.get(o, [])
            pool = canonical(defs[i] for i in (*ids, *down))
            # each face-down Plan draws among the pool's cards of its Kind and cost (its public marks);
            # the marks of different Plans never overlap in a card, so drawing in turn is uniform. The
            # marks a pool card would show as a face-down Plan, worked out once (kept beside the pool)
            pool_marks = [_plan_marks(d) for d in pool]
            for i in sorted(down):
                marks = _plan_marks(self.defs[i])  # the real card's: `defs` may hold believed cards
                fits = [k for k, m in enumerate(pool_marks) if m == marks]
                if fits:
                    k = fits[rng.randrange(len(fits))]
                    defs[i] = pool[k]
                else:  # a believed deck list without such a Plan (core/belief.py): one from the card pool
                    marked = plans_marked(self.kind_of[i], self.defs[i].cost, CardFiles.from_config(self.config))
                    defs[i] = marked[rng.randrange(len(marked))]
                    k = rng.randrange(len(pool))
                del pool[k], pool_marks[k]
            search_shuffle(rng, pool)
            for i, d in zip(ids, pool, strict=True):
                defs[i] = d
            loose.pop(o, None)
        for ids in (*loose.values(), *armory.values()):
            pool = canonical(defs[i] for i in ids)
            search_shuffle(rng, pool)
            for i, d in zip(ids, pool, strict=True):
                defs[i] = d

    # -- views ---------------------------------------------------------------------------------------
    def card_view(self, iid: int) -> dict[str, Any]:
        d = self.defs[iid]
        out: dict[str, Any] = {"id": iid, "card": d.id, "name": self.name(iid),
                               "kind": type(d).__name__.removesuffix("Card").lower()}
        if isinstance(d, TacticCard):
            out.update(type=d.type, cost=d.cost, circuits=list(d.circuits))
        elif isinstance(d, AssetCard):
            out.update(cost=d.cost, hp=d.hp, circuits=list(d.circuits))
        elif isinstance(d, GearCard):
            out.update(slot=d.slot, cost=d.cost, circuits=list(d.circuits))
        return out

    def _seen_view(self, seat: int, p: int) -> list[dict[str, Any]]:
        """Cards of `p`'s deck and hand that `seat` looked at and still knows (rule 12.15: the seen
        card stays in the scout's own view): a deck card by its depth from the top, a hand card without a
        position (in instance-id order), since where it sits would tell whether a card that left the
        hand face-down sat before or after it."""
        known = self.seen[seat]
        deck = self.deck[p]
        out = [{"zone": "deck", "index": len(deck) - 1 - k, "card": self.card_view(i)}
               for k, i in enumerate(deck) if i in known]
        out += [{"zone": "hand", "card": self.card_view(i)} for i in sorted(self.hand[p]) if i in known]
        return out

    def _bench_view(self, h: int) -> dict[str, Any]:
        """A Bench Hero with its own HP, statuses and Gear (rule 16.18)."""
        hp, be, bs, shield, no_heal, marked, ult, *_ = self.benched[h]
        return {"id": h, "name": self.name(h), "hp": hp, "max_hp": self.defs[h].hp, "shield": shield,
                "burn": be + bs, "marked": marked, "cannot_heal": no_heal > self.turn, "ultimate_used": ult,
                "gear": [{**self.card_view(g), "jammed": g in self.jammed} for g in self.benched[h][-1] if g >= 0]}

    def _pending_view(self, iid: int, seat: int) -> dict[str, Any]:
        """A card played and not yet resolved: a face-down Plan shows its Kind, and its identity only
        to the seats that know it (rule 12.1, 4.3)."""
        out: dict[str, Any] = {"seat": self.owner[iid], "face_down": iid in self.kind_of, "kind": self.kind_of.get(iid)}
        if self.visible_mask(iid) >> seat & 1:
            out["card"] = self.card_view(iid)
        return out

    def view(self, seat: int) -> dict[str, Any]:
        self.check_seat(seat)
        players = []
        # the Loadouts are revealed together, face-up, before the mulligans (rules circuits.5.7, 4.4)
        revealed = self.loadouts_revealed()
        for p in (0, 1):
            mine = p == seat
            plans = []
            for k, i in enumerate(self.plans[p]):
                entry: dict[str, Any] = {"index": k, "kind": self.kind_of.get(i), "delayed": i in self.delayed}
                if self.visible_mask(i) >> seat & 1:
                    entry["card"] = self.card_view(i)
                plans.append(entry)
            pv: dict[str, Any] = {
                "seat": p,
                "hero": {"id": self.hero[p], "name": self.name(self.hero[p]), "hp": self.hp[p], "max_hp": self.max_hp(p),
                         "shield": self.shield[p], "burn": self.burn_enemy[p] + self.burn_self[p],
                         "marked": self.marked[p], "cannot_heal": self.no_heal_until[p] > self.turn,
                         "ultimate_used": self.ult_used[p]},
                "capacity": self.capacity[p],
                "rally": self.rally[p],
                "reserve_token": self.reserve == p,
                "hand_count": len(self.hand[p]),
                "deck_count": len(self.deck[p]),
                "discard": [self.card_view(i) for i in self.discard[p]],
                "field": [{**self.card_view(i), "damage": self.damage.get(i, 0), "max_hp": self.asset_max_hp(i),
                           "guard": self.has_guard(i)} for i in self.field[p]],
                "gear": [{**self.card_view(g), "jammed": g in self.jammed} for g in self.equipped(p)],
                "loadout": [self.card_view(i) for i in self.loadout[p]] if revealed or mine else len(self.loadout[p]),
                "armory": [self.card_view(i) for i in self.armory[p]] if revealed or mine else len(self.armory[p]),
                "scrap": [self.card_view(i) for i in self.scrap[p]],
                "plans": plans,
            }
            if self.squad:  # the Bench and the Fallen pile are public (rule 4.4)
                pv["bench"] = [self._bench_view(h) for h in self.bench[p]]
                pv["fallen"] = [self.card_view(h) for h in self.fallen[p]]
            if mine:
                pv["hand"] = [self.card_view(i) for i in self.hand[p]]
            else:
                pv["seen"] = self._seen_view(seat, p)
            players.append(pv)
        return {
            "game": "circuits",
            "format": self.config["format"],
            "seat": seat,
            "turn": self.turn,
            "step": self.turn_step,
            "active": self.active,
            "first": self.first,
            "players": players,
            "pending": [self._pending_view(i, seat) for i in self.pending],
            "decision": self.decision_view(seat),
            "result": None if self.result is None else self.result.to_dict(),
        }
