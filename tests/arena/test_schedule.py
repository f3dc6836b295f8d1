"""Who meets whom: round robin and Swiss pairings, mirrored seeds and swapped seats."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from cardarena.arena.schedule import (
    Standing,
    derive_seed,
    expected_games,
    round_robin,
    round_robin_rounds,
    swiss_round,
    swiss_rounds_default,
)


def test_seeds_are_stable_and_below_2_53() -> None:
    # pinned: a contest's games must not change between versions or machines
    assert derive_seed("contest", "x") == derive_seed("contest", "x") == 8817389620689520
    assert all(0 <= derive_seed(i) < 2**53 for i in range(200))


def test_round_robin_meets_every_pair_k_times_with_seats_swapped_on_one_seed() -> None:
    for n in (2, 3, 4, 5, 6):
        slots = round_robin(list(range(1, n + 1)), contest_seed=7, k=4)
        assert len(slots) == expected_games("round-robin", n, 4, round_robin_rounds(n))
        by_pair: dict[frozenset[int], list] = {}
        for s in slots:
            by_pair.setdefault(frozenset(s.seats), []).append(s)
        assert set(by_pair) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
        for games in by_pair.values():
            assert len(games) == 4
            for a, b in zip(games[::2], games[1::2], strict=True):
                assert a.seed == b.seed and a.seats == b.seats[::-1]  # the mirrored pair
                assert all(a.agent_seed(e) == b.agent_seed(e) for e in a.seats)
            assert len({g.seed for g in games}) == 2
        rounds: dict[int, set[tuple[int, frozenset[int]]]] = {}
        for s in slots:
            rounds.setdefault(s.round, set()).add((s.pairing, frozenset(s.seats)))
        assert len(rounds) == round_robin_rounds(n)
        for pairings in rounds.values():  # at most one pairing per entry per round
            seen = Counter(e for _, pair in pairings for e in pair)
            assert max(seen.values()) == 1


def test_round_robin_balances_first_seats_of_the_mirrored_pairs() -> None:
    firsts = Counter(s.seats[0] for s in round_robin([1, 2, 3, 4], contest_seed=1, k=2))
    assert sorted(firsts.values()) == [3, 3, 3, 3]


def test_swiss_pairs_equal_scores_without_rematches_and_gives_the_bye_to_the_lowest() -> None:
    standings = [Standing(1, 2.0, 6, (2, 3)), Standing(2, 1.0, 4, (1, 4)), Standing(3, 1.0, 3, (4, 1)),
                 Standing(4, 1.0, 2, (3, 2)), Standing(5, 0.0, 0, (), had_bye=False)]
    slots, bye = swiss_round(standings, rnd=3, contest_seed=5, k=2)
    assert bye == 5
    pairs = {frozenset(s.seats) for s in slots}
    assert pairs == {frozenset({1, 4}), frozenset({2, 3})}  # 1 has met 2 and 3; 2 and 3 have not met
    assert len(slots) == 4 and all(s.round == 3 for s in slots)


def test_swiss_bye_skips_an_entry_that_had_one() -> None:
    standings = [Standing(1, 1.0), Standing(2, 1.0), Standing(3, 0.0, had_bye=True)]
    _, bye = swiss_round(standings, rnd=2, contest_seed=5, k=2)
    assert bye == 2


def test_swiss_allows_a_rematch_only_when_no_other_pairing_exists() -> None:
    standings = [Standing(1, 1.0, 1, (2,)), Standing(2, 1.0, 1, (1,))]
    slots, bye = swiss_round(standings, rnd=2, contest_seed=5, k=2)
    assert bye is None and {frozenset(s.seats) for s in slots} == {frozenset({1, 2})}


def test_swiss_round_count() -> None:
    assert [swiss_rounds_default(n) for n in (2, 3, 4, 5, 8, 9, 16)] == [1, 2, 2, 3, 3, 4, 4]
