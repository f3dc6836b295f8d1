"""The core fuzzer on short frontline games (4 LP, a 24-turn cap), so that random play also reaches
the LP win and the turn cap under every deep check (random play at 20 LP rarely kills)."""

from __future__ import annotations

import pytest

from cardarena.games.frontline.ruleset import FrontlineRuleset
from cardarena.sim.fuzz import FuzzStats, fuzz_game


def test_short_games_end_every_way_under_the_deep_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule frontline.1.2
    # rule frontline.gap.14
    monkeypatch.setitem(FrontlineRuleset.rule_defaults, "life", 4)
    monkeypatch.setitem(FrontlineRuleset.rule_defaults, "turn_cap", 24)
    stats = FuzzStats()
    for seed in range(12):
        fuzz_game("frontline", seed, stats, deep=True)
    assert stats.games == 12
    assert stats.reasons["life_points"] >= 1, stats.reasons
