"""Who plays whom, in which seat, with which seed.

Every pairing plays its games in pairs: the same seed twice, seats swapped, so that neither entry is
favoured by the coin (the shuffle, who goes first). An entry that remembers its games gets fresh
seeds instead (contest._insert_slots, docs/arena.md). Seeds derive from the contest's seed and the
slot alone, so a contest's games are the same whatever the number of workers or interruptions.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

#: seeds stay below 2**53 so that JSON readers that hold numbers as doubles (browsers) keep them exact
SEED_BITS = 53


def secret_seed() -> int:
    """A seed nobody can guess (for a game a person plays or watches: a known seed with both decks
    deals every hidden card)."""
    return secrets.randbits(SEED_BITS)


def derive_seed(*parts: object) -> int:
    """A seed from a contest seed and a slot: stable across machines and Python versions."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> (64 - SEED_BITS)


@dataclass(frozen=True)
class Slot:
    """One game to play: its place in the schedule and who sits where (entry numbers by seat)."""

    round: int
    pairing: int
    game_no: int
    seats: tuple[int, ...]
    seed: int

    def agent_seed(self, entry_number: int) -> int:
        """An entry's automaton seed in this game: the same in both games of a mirrored pair."""
        return derive_seed(self.seed, "agent", entry_number)


def pairing_games(contest_seed: int, rnd: int, pairing: int, a: int, b: int, k: int) -> list[Slot]:
    """The k games of entries a and b (entry numbers): game 2j has a first, 2j+1 has b first, same seed."""
    lo, hi = min(a, b), max(a, b)
    out = []
    for g in range(k):
        seed = derive_seed(contest_seed, "game", rnd, lo, hi, g // 2)
        seats = (a, b) if g % 2 == 0 else (b, a)
        out.append(Slot(rnd, pairing, g, seats, seed))
    return out


def round_robin_rounds(n: int) -> int:
    """Rounds of a round robin of n entries by the circle method."""
    return n - 1 if n % 2 == 0 else n


def round_robin(numbers: list[int], contest_seed: int, k: int) -> list[Slot]:
    """Every entry against every other, k games each; rounds by the circle method (each entry plays
    at most once per round, so a leaderboard read mid-contest compares like with like)."""
    players: list[int | None] = list(numbers)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    slots: list[Slot] = []
    for r in range(n - 1):
        pairs = [(players[i], players[n - 1 - i]) for i in range(n // 2)]
        p = 0
        for a, b in pairs:
            if a is None or b is None:
                continue
            # alternate who takes the first seat of the pair, by round
            first, second = (a, b) if r % 2 == 0 else (b, a)
            slots.extend(pairing_games(contest_seed, r + 1, p, first, second, k))
            p += 1
        players = [players[0], players[-1], *players[1:-1]]
    return slots


@dataclass
class Standing:
    """An entry's Swiss standing: match points (a pairing won 1, drawn 1/2), game points, opponents."""

    number: int
    points: float = 0.0
    game_points: float = 0.0
    opponents: tuple[int, ...] = ()
    had_bye: bool = False


def swiss_round(standings: list[Standing], rnd: int, contest_seed: int, k: int) -> tuple[list[Slot], int | None]:
    """The next Swiss round: pairs of equal or nearest score who have not met, and the entry given a
    bye (the lowest ranked without one) when the count is odd. Returns (games, bye entry or None)."""
    ranked = sorted(standings, key=lambda s: (-s.points, -s.game_points, s.number))
    bye: int | None = None
    if len(ranked) % 2:
        for s in reversed(ranked):
            if not s.had_bye:
                bye = s.number
                break
        if bye is None:
            bye = ranked[-1].number
        ranked = [s for s in ranked if s.number != bye]
    met = {s.number: set(s.opponents) for s in ranked}
    order = [s.number for s in ranked]
    pairs = _pair(order, met, allow_rematch=False) or _pair(order, met, allow_rematch=True) or []
    slots: list[Slot] = []
    for p, (a, b) in enumerate(pairs):
        slots.extend(pairing_games(contest_seed, rnd, p, a, b, k))
    return slots, bye


def _pair(order: list[int], met: dict[int, set[int]], allow_rematch: bool) -> list[tuple[int, int]] | None:
    """Top-down pairing with backtracking: the best-ranked unpaired entry meets the best-ranked one it
    may meet; None when no complete pairing exists."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if not allow_rematch and other in met[first]:
            continue
        tail = _pair(rest[:i] + rest[i + 1:], met, allow_rematch)
        if tail is not None:
            return [(first, other), *tail]
    return None


def swiss_rounds_default(n: int) -> int:
    """Enough rounds to separate n entries: ceil(log2 n), at most n - 1."""
    rounds = max(1, (n - 1).bit_length())
    return min(rounds, max(1, n - 1))


def swiss_rounds(n: int, asked: int = 0) -> int:
    """The rounds a Swiss contest of n entries plays: those asked (0: the default), at most n - 1."""
    return min(asked, max(1, n - 1)) if asked else swiss_rounds_default(n)


def expected_games(pairing: str, n: int, k: int, rounds: int) -> int:
    """How many games a contest will play in all (byes are not games)."""
    if pairing == "round-robin":
        return n * (n - 1) // 2 * k
    return rounds * (n // 2) * k
