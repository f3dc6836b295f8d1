"""The few statistics the balance lab needs, written out so that no heavy dependency is required:
Wilson score intervals for rates, two-sample z-tests for A/B variants and, for variants played on the
same games, a z-test on the per-game differences (docs/balance/README.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: z for a two-sided 95% interval
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rate:
    """`k` successes out of `n`, with its Wilson 95% interval."""

    k: int
    n: int

    @property
    def value(self) -> float:
        return self.k / self.n if self.n else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.k, self.n)

    def text(self, digits: int = 3) -> str:
        if not self.n:
            return "n/a (0 games)"
        lo, hi = self.interval
        return f"{self.value:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}] ({self.k}/{self.n})"


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion; (nan, nan) without trials. Unlike the normal
    approximation it stays inside [0, 1] and behaves at 0/n and n/n, which small samples hit often."""
    if n <= 0:
        return (math.nan, math.nan)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def normal_sf2(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(frozen=True)
class Diff:
    """B minus A: the difference, its 95% interval and the two-sided p-value of the test."""

    diff: float
    lo: float
    hi: float
    p: float
    #: from per-game differences of the same games in both arms (`paired`), not two independent samples
    paired: bool = False

    def text(self, digits: int = 3) -> str:
        if math.isnan(self.diff):
            return "n/a"
        return f"{self.diff:+.{digits}f} [{self.lo:+.{digits}f}, {self.hi:+.{digits}f}] p={self.p:.3g}"


def two_proportions(a: Rate, b: Rate) -> Diff:
    """Two-proportion z-test (pooled variance for the test, unpooled for the interval)."""
    if not a.n or not b.n:
        return Diff(math.nan, math.nan, math.nan, math.nan)
    pa, pb = a.k / a.n, b.k / b.n
    d = pb - pa
    se = math.sqrt(pa * (1 - pa) / a.n + pb * (1 - pb) / b.n)
    pool = (a.k + b.k) / (a.n + b.n)
    se0 = math.sqrt(pool * (1 - pool) * (1 / a.n + 1 / b.n))
    p = 1.0 if se0 == 0 else normal_sf2(d / se0)
    return Diff(d, d - Z95 * se, d + Z95 * se, p)


def two_means(a: list[float], b: list[float]) -> Diff:
    """Difference of means with a z-test on Welch's standard error (samples here are hundreds of games,
    where the normal approximation is as good as Student's t)."""
    if len(a) < 2 or len(b) < 2:
        return Diff(math.nan, math.nan, math.nan, math.nan)
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / (len(a) - 1)
    vb = sum((x - mb) ** 2 for x in b) / (len(b) - 1)
    se = math.sqrt(va / len(a) + vb / len(b))
    d = mb - ma
    p = (1.0 if d == 0 else 0.0) if se == 0 else normal_sf2(d / se)
    return Diff(d, d - Z95 * se, d + Z95 * se, p)


def paired(pairs: Sequence[tuple[float, float]]) -> Diff:
    """B minus A over pairs (a, b), one game measured in both arms (the same seed, decks and seats): the
    mean per-game difference, a normal 95% interval on its standard error and a z-test. The arms share
    their deals, so they are correlated: the two-sample tests ignore that, and their intervals are wider
    than the data allow."""
    n = len(pairs)
    if n < 2:
        return Diff(math.nan, math.nan, math.nan, math.nan, True)
    ds = [b - a for a, b in pairs]
    d = sum(ds) / n
    se = math.sqrt(sum((x - d) ** 2 for x in ds) / (n - 1) / n)
    p = (1.0 if d == 0 else 0.0) if se == 0 else normal_sf2(d / se)
    return Diff(d, d - Z95 * se, d + Z95 * se, p, True)


def quantile(xs: list[float], q: float) -> float:
    """The q-quantile by linear interpolation (numpy's default); nan when empty."""
    if not xs:
        return math.nan
    s = sorted(xs)
    pos = (len(s) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)
