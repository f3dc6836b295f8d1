"""The balance lab's statistics against known values."""

import math

from cardarena.sim.stats import Rate, quantile, two_means, two_proportions, wilson


def test_wilson_matches_published_values() -> None:
    # Wilson 95% for 8/10 is [0.490, 0.943] (Newcombe 1998, table I)
    lo, hi = wilson(8, 10)
    assert round(lo, 3) == 0.490 and round(hi, 3) == 0.943


def test_wilson_stays_inside_zero_one_at_the_extremes() -> None:
    lo, hi = wilson(0, 5)
    assert lo == 0.0 and 0.4 < hi < 0.5
    lo, hi = wilson(5, 5)
    assert hi == 1.0 and 0.5 < lo < 0.6
    assert all(math.isnan(x) for x in wilson(0, 0))


def test_two_proportion_z_test() -> None:
    # 60/100 vs 40/100: z = 2.828, two-sided p = 0.00468
    d = two_proportions(Rate(60, 100), Rate(40, 100))
    assert round(d.diff, 3) == -0.2 and round(d.p, 4) == 0.0047
    assert d.lo < -0.2 < d.hi < 0
    same = two_proportions(Rate(5, 10), Rate(5, 10))
    assert same.diff == 0 and same.p == 1.0


def test_two_means_and_quantiles() -> None:
    d = two_means([1.0, 2.0, 3.0, 4.0], [11.0, 12.0, 13.0, 14.0])
    assert d.diff == 10 and d.p < 1e-6
    assert quantile([1, 2, 3, 4], 0.5) == 2.5 and math.isnan(quantile([], 0.5))
