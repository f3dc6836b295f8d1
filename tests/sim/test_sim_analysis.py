"""The report's numbers on rows made by hand: card outliers against their kind, the matchup matrix."""

from __future__ import annotations

from typing import Any

from cardarena.sim.analysis import analyse, card_stats


def _row(i: int, winner: int, cards: list[tuple[str, int]], decks: tuple[str, str] = ("x", "y")) -> dict[str, Any]:
    return {"task": i, "seed": i, "game": "circuits", "format": "standard", "variant": "printed rules",
            "rules": "{}", "matchup": 0, "decks": list(decks), "agents": ["random", "random"], "p1_seat": i % 2,
            "first_player": i % 2, "winner": winner, "winners": [winner], "reason": "hero_defeated", "turns": 20 + i % 5,
            "decisions": 100, "seconds": 0.01, "error": "", "cards": [{"card": c, "seat": s, "turn": 3} for c, s in cards],
            "events": {"turn": 20}, "peaks": {"own_turn": 10}}


def test_a_card_whose_interval_clears_its_kind_average_is_an_outlier() -> None:
    # both Instants are played in every game; the winner always played Flash Burn, the loser Mend Light
    rows = [_row(i, i % 2, [("Flash Burn", i % 2), ("Mend Light", 1 - i % 2)]) for i in range(40)]
    stats, kinds = card_stats("circuits", rows)
    by = {s.card: s for s in stats}
    assert kinds["tactic/instant"] == 0.5
    assert by["Flash Burn"].outlier == "high" and by["Flash Burn"].win_played.value == 1.0
    assert by["Mend Light"].outlier == "low" and by["Mend Light"].played.value == 0.5  # decks unknown: every seat-game
    few = card_stats("circuits", rows[:6])[0]
    assert not any(s.outlier for s in few)  # under 10 seat-games nothing is flagged


def test_matchup_matrix_pools_both_seats_and_first_player_counts_decisive_games() -> None:
    rows = [_row(i, 0, [], decks=("a", "b") if i % 2 else ("b", "a")) for i in range(10)]
    v = analyse(rows)[0].variants[0]
    assert v.matrix[("a", "b")].k == 5 and v.matrix[("a", "b")].n == 10  # seat 0 always won, a held it half the time
    assert v.seats[0].value == 1.0 and v.first_player.n == 10 and v.first_player.k == 5


def test_length_histograms_share_whole_number_bins_across_variants() -> None:
    """Each variant had 40 bins over its own range: bins held one or two turns (spikes not in the data)
    and the two variants' bars did not line up."""
    from types import SimpleNamespace

    from cardarena.sim.analysis import Lengths
    from cardarena.sim.report import plot_lengths

    a = [float(x) for x in range(10, 64)]  # 54 different lengths
    b = [float(x) for x in range(11, 63)] * 2
    variants = [SimpleNamespace(label=label, turns=Lengths(v), decisions=Lengths(v)) for label, v in
                (("printed rules", a), ("x=1", b))]
    fig = plot_lengths(SimpleNamespace(game="circuits", name="circuits", variants=variants))  # type: ignore[arg-type]
    bars = fig.axes[0].patches
    lefts = {round(p.get_x(), 6) for p in bars}
    assert {round(p.get_width(), 6) for p in bars} == {2.0}  # every bin two whole numbers wide
    assert len(lefts) == len(bars) // 2  # the variants' bins line up
    assert all((x + 0.5) % 1 == 0 for x in lefts)  # edges between whole numbers
    assert [p.get_height() for p in bars[:len(bars) // 2]] == [2.0] * 27  # 10-11, 12-13, ..., 62-63: no spikes


def test_pooled_formats_are_reported_apart_and_their_variants_compared_within_one() -> None:
    """A Duel run and a Squad run given to sim-report were one 'circuits' section: the baseline pooled
    both formats and was compared with a variant played in Duel only."""
    duel = [_row(i, 0, [], decks=("a", "b")) for i in range(8)]
    duel += [{**_row(i + 8, 1, [], decks=("a", "b")), "variant": "x=1"} for i in range(8)]
    squad = [{**_row(i + 16, 0, [], decks=("s", "t")), "format": "squad"} for i in range(4)]
    stats = analyse(duel + squad)
    assert [(gs.name, gs.games, [len(v.rows) for v in gs.variants]) for gs in stats] == [
        ("circuits (squad)", 4, [4]), ("circuits (standard)", 16, [8, 8])]
    assert not stats[0].comparisons and stats[1].comparisons[0].diffs["P1 win rate"][0].endswith("(4/8)")
    assert analyse(duel)[0].name == "circuits"  # one format: named as before


def test_a_large_run_flags_a_card_only_for_a_real_gap_from_its_kind() -> None:
    """In a large run every card's interval is narrow: a card a few points from its kind's average is
    clear of it, and that says nothing of its balance (a card played more by the side already
    winning). An outlier needs a gap of 5 points, and an interval widened for the number of cards
    tested (Bonferroni)."""
    rows = []
    for i in range(4000):
        w = i % 2
        # the side that plays each card wins this share of the games: the kind's average is 55%
        shares = {"Slight Low": 53, "Slight High": 57, "Big High": 70, "Big Low": 40}
        rows.append(_row(i, w, [(c, w if i % 100 < k else 1 - w) for c, k in shares.items()]))
    stats, kinds = card_stats("circuits", rows)
    by = {s.card: s for s in stats}
    avg = kinds[by["Slight Low"].kind]
    assert abs(avg - 0.55) < 1e-9
    # the two slight cards' intervals are clear of the average, by two points
    assert by["Slight Low"].win_played.interval[1] < avg < by["Slight High"].win_played.interval[0]
    assert by["Slight Low"].outlier == "" and by["Slight High"].outlier == ""
    assert by["Big High"].outlier == "high" and by["Big Low"].outlier == "low"
