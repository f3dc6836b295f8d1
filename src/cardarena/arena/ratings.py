"""Ratings from the stored games, by OpenSkill's Plackett-Luce model (a maintained Bayesian rating
library; it takes any number of seats and ties). Recomputed from scratch in schedule order, so they
are the same whatever order the games finished in."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = "openskill-plackett-luce"


@dataclass(frozen=True)
class SkillEstimate:
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """A conservative single number to rank by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


def compute_ratings(entries: Iterable[int], games: Iterable[Sequence[tuple[int, int]]]) -> dict[int, SkillEstimate]:
    """`games`: for each game in schedule order, its (entry, place) per seat, place 1 = first."""
    model = PlackettLuce()
    current = {e: model.rating(name=str(e)) for e in entries}
    played = dict.fromkeys(current, 0)
    for seats in games:
        teams = [[current[e]] for e, _ in seats]
        rated = model.rate(teams, ranks=[float(place) for _, place in seats])
        for (e, _), team in zip(seats, rated, strict=True):
            current[e] = team[0]
            played[e] += 1
    return {e: SkillEstimate(r.mu, r.sigma, played[e]) for e, r in current.items()}
