"""Booster Draft for `circuits` Limited (ruling circuits.gap.37, docs/rulings/circuits.md "Limited"):
2–8 drafters, a Recruit pack each (never passed) and three booster packs; pick one card, pass the rest,
left for packs 1 and 3 and right for pack 2, until the packs are empty.

Picks are hidden information: `view(seat)` holds that drafter's Recruit pack, its own picks and the
pack in front of it, never another drafter's picks or packs. A draft is deterministic from its seed
and the picks, so `record()` + `replay()` rebuild it and check every pool.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .limited import DRAFT_PACKS, MAX_DRAFTERS, MIN_DRAFTERS, PACK_SIZE, open_pack, open_recruits, rating
from .pool import CardPool
from .schema import GearCard


class Draft:
    def __init__(self, pool: CardPool, seats: int, seed: int) -> None:
        if not MIN_DRAFTERS <= seats <= MAX_DRAFTERS:
            raise ValueError(f"a draft has {MIN_DRAFTERS}–{MAX_DRAFTERS} drafters, not {seats}")
        rng = random.Random(f"circuits-draft-{seed}-{seats}")
        self.pool = pool
        self.seats = seats
        self.seed = seed
        self.recruits = [open_recruits(pool, rng) for _ in range(seats)]
        self.boosters = [[open_pack(pool, rng) for _ in range(seats)] for _ in range(DRAFT_PACKS)]
        self.round = 0
        self.packs: list[list[str]] = [list(p) for p in self.boosters[0]]  # the pack in front of each seat
        self.picks: list[list[str]] = [[] for _ in range(seats)]
        self.pending: dict[int, str] = {}  # this pick's choices, revealed together when all have picked

    @property
    def done(self) -> bool:
        return self.round >= DRAFT_PACKS

    def direction(self) -> int:
        """+1: pass left (to seat + 1) in packs 1 and 3; -1: right in pack 2."""
        return -1 if self.round % 2 == 1 else 1

    def view(self, seat: int) -> dict[str, Any]:
        """What drafter `seat` may know: its Recruit pack, its picks, the pack in front of it."""
        return {"seat": seat, "round": self.round + 1, "pick": len(self.picks[seat]) % PACK_SIZE + 1,
                "recruits": list(self.recruits[seat]), "picks": list(self.picks[seat]),
                "pack": [] if self.done else list(self.packs[seat]), "passing": "left" if self.direction() > 0 else "right"}

    def choose(self, seat: int, card: str) -> None:
        """Seat `seat` picks `card` from the pack in front of it (secret until every seat picked)."""
        if self.done or seat in self.pending:
            raise ValueError(f"seat {seat} has no pick to make")
        if card not in self.packs[seat]:
            raise ValueError(f"{card!r} is not in the pack in front of seat {seat}")
        self.pending[seat] = card
        if len(self.pending) == self.seats:
            self._pass()

    def _pass(self) -> None:
        for s, card in self.pending.items():
            self.packs[s].remove(card)
            self.picks[s].append(card)
        self.pending = {}
        d = self.direction()
        self.packs = [self.packs[(s - d) % self.seats] for s in range(self.seats)]  # seat s gets its neighbour's
        if not any(self.packs):
            self.round += 1
            if not self.done:
                self.packs = [list(p) for p in self.boosters[self.round]]

    def record(self) -> dict[str, Any]:
        return {"format": "cardarena-draft/1", "game": "circuits", "seats": self.seats, "seed": self.seed,
                "picks": [list(p) for p in self.picks]}


def replay(pool: CardPool, data: dict[str, Any]) -> Draft:
    """Rebuild a saved draft pick by pick; a pick that the packs do not allow raises ValueError."""
    if data.get("format") != "cardarena-draft/1" or data.get("game") != "circuits":
        raise ValueError(f"not a circuits draft (format {data.get('format')!r}, game {data.get('game')!r}; "
                         f"expected 'cardarena-draft/1', 'circuits')")
    seats, seed, picks = data["seats"], data["seed"], data["picks"]
    if not (isinstance(seats, int) and isinstance(seed, int)) or isinstance(seats, bool) or isinstance(seed, bool):
        raise ValueError("seats and seed are whole numbers")
    if not (isinstance(picks, list) and len(picks) == seats and all(isinstance(p, list) for p in picks)):
        raise ValueError(f"picks is one list of card names per seat ({seats})")
    d = Draft(pool, seats, seed)
    for k in range(max((len(p) for p in picks), default=0)):
        for s in range(d.seats):
            try:
                d.choose(s, picks[s][k])
            except ValueError as e:  # the file counts seats from 1, as the command line does
                raise ValueError(f"seat {s + 1}, pick {k + 1}: {str(e).replace(f'seat {s}', f'seat {s + 1}')}") from None
    if d.picks != picks:
        raise ValueError("the replayed draft gave other pools")
    return d


def bot_pick(pool: CardPool, view: dict[str, Any]) -> str:
    """The built-in drafting bot: the best-rated card, and after five picks greedy commitment to the two
    Circuits it has picked most (a Hero of its Recruit pack with those Circuits plays them best)."""
    pack = view["pack"]
    counts: Counter[str] = Counter(c for n in view["picks"] for c in getattr(pool.by_name[n], "circuits", ()))
    committed = {c for c, _ in counts.most_common(2)} if len(view["picks"]) >= 5 else set()

    slots = Counter(g.slot for n in view["picks"] if isinstance(g := pool.by_name[n], GearCard))

    def score(n: str) -> tuple[float, str]:
        card = pool.by_name[n]
        s = rating(card)  # type: ignore[arg-type]
        if committed and set(card.circuits) <= committed:
            s += 1.5
        if isinstance(card, GearCard) and slots[card.slot] >= 2:  # enough of that slot: the deck needs 30 cards
            s -= 3
        return s, n

    return max(pack, key=score)
