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
