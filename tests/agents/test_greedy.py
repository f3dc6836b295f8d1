"""Greedy: legal, reproducible under its seed, blind to hidden cards, and clearly better than random."""

from __future__ import annotations

import pytest

import cardarena
from cardarena.agents import GreedyAgent, make_agent
from cardarena.core.match import OK, play_game


def _game(game_id: str, seed: int, greedy_seat: int) -> tuple[list[str], bool]:
    agents = [make_agent("random", seed=seed), make_agent("random", seed=seed + 1)]
    agents[greedy_seat] = make_agent("greedy", seed=seed)
    st = cardarena.load_game(game_id).new_game(seed=seed)
    report = play_game(st, agents)
    assert report.status == OK
    assert st.result is not None
    return list(st.history), greedy_seat in st.result.winners


@pytest.mark.parametrize("game_id", cardarena.game_ids())
def test_same_seed_same_game(game_id: str) -> None:
    assert _game(game_id, 3, 0)[0] == _game(game_id, 3, 0)[0]


#: games where greedy does not beat random yet (issue 10 stays open for them)
NOT_YET: set[str] = set()


@pytest.mark.parametrize("game_id", [
    pytest.param(g, marks=pytest.mark.xfail(strict=True, reason="greedy does not beat random here yet"))
    if g in NOT_YET else g for g in cardarena.game_ids()
])
def test_beats_random(game_id: str) -> None:
    # About 95% over 200 games (bench/bench_agents.py); 5 of 8 leaves room for chance.
    wins = sum(_game(game_id, 100 + i, i % 2)[1] for i in range(8))
    assert wins >= 5, f"greedy won only {wins}/8 against random in {game_id}"


def test_does_not_peek_at_hidden_cards() -> None:
    """Two states that seat 0 cannot tell apart (seat 1's hidden cards resampled) get the same choice."""
    game = cardarena.load_game("aliens")
    st = game.new_game(seed=4)
    import random

    rng = random.Random(0)
    for _ in range(30):
        d = st.decision
        assert d is not None
        st.apply(rng.choice(d.options).id, seq=d.seq)
    d = st.decision
    assert d is not None
    seat = d.seat
    other = st.determinize(seat, random.Random(9))
    assert other.view(seat) == st.view(seat)
    picks = set()
    for s in (st, other):
        agent = GreedyAgent(seed=5)
        picks.add(agent.choose(s.view(seat), s.decision, s))  # type: ignore[arg-type]
    assert len(picks) == 1


def test_parameters() -> None:
    a = make_agent("greedy:chain=1,width=4")
    assert isinstance(a, GreedyAgent) and (a.chain, a.width) == (1, 4)
    with pytest.raises(ValueError, match="at least 1"):
        make_agent("greedy:chain=0")
