"""Contests end to end on SQLite and PostgreSQL: every game stored once with its replay, mirrored
pairs, the same games whatever the workers, Swiss rounds with byes, faulty bots, ratings."""

from __future__ import annotations

from typing import Any

import pytest
from arena_support import games_of, register
from sqlalchemy import func, select

from cardarena.arena.contest import create_contest, get_contest, record_outcome, run_contest
from cardarena.arena.models import Match, MatchSeat, Rating, Replay
from cardarena.arena.report import contest_report, contest_status
from cardarena.arena.runner import GameOutcome, places_of, scores_of
from cardarena.arena.store import Store
from cardarena.core.engine import Result
from cardarena.core.replay import verify


def test_round_robin_stores_every_game_once_with_a_replay_that_verifies(db_url: str) -> None:
    store = Store(db_url)
    create_contest(store, "c", "aliens", ["random:mind_storm", "random:creeping_rot", "random:frozen_bastion"],
                   games_per_pairing=2)
    summary = run_contest(store, "c", workers=1)
    assert summary.finished and summary.played == summary.total == 6 and summary.errors == 0
    games = games_of(store)
    assert len(games) == 6 and all(g["status"] == "finished" for g in games)
    for a, b in zip(games[::2], games[1::2], strict=True):  # a mirrored pair: one seed, seats swapped
        assert a["seed"] == b["seed"] and [x[0] for x in a["seats"]] == [x[0] for x in b["seats"]][::-1]
    with store.session() as s:
        for rep in s.scalars(select(Replay)):
            assert verify(rep.record) is None
        assert s.scalar(select(func.count()).select_from(MatchSeat).where(MatchSeat.status != "OK")) == 0
        ratings = s.scalars(select(Rating)).all()
        assert len(ratings) == 3 and all(r.games == 4 for r in ratings)
        report = contest_report(s, "c")
        stored = {e.label: r.mu for e in get_contest(s, "c").entries for r in ratings if r.entry_id == e.id}
        status = contest_status(s, "c")
    assert {r["label"]: r["rating"]["mu"] for r in report["leaderboard"]} == stored
    assert status["status"] == "finished" and status["games"]["finished"] == 6
    board = report["leaderboard"]
    assert [r["rank"] for r in board] == [1, 2, 3] and sum(r["games"] for r in board) == 12
    assert sum(r["wins"] for r in board) == sum(r["losses"] for r in board)
    cells = report["matrix"]["cells"]
    for i in range(3):
        assert cells[i][i] is None
        for j in range(3):
            if i != j:
                assert cells[i][j]["games"] == 2 and cells[i][j]["score"] + cells[j][i]["score"] == 2
                lo, hi = cells[i][j]["ci95"]
                assert 0 <= lo <= cells[i][j]["rate"] <= hi <= 1
    # running a finished contest again plays nothing
    again = run_contest(store, "c", workers=1)
    assert again.played == 0 and len(games_of(store)) == 6
    store.dispose()


def test_the_same_contest_stores_the_same_games_whatever_the_number_of_workers(tmp_path: Any) -> None:
    entries = ["random:mind_storm", "random:creeping_rot", "random:wildfire_assault", "random:event_horizon"]
    results = []
    for workers in (1, 2):
        store = Store(f"sqlite:///{tmp_path / f'w{workers}.db'}")
        create_contest(store, "c", "aliens", entries, games_per_pairing=2, seed=11)
        run_contest(store, "c", workers=workers)
        with store.session() as s:
            ratings = sorted((r.entry_id, round(r.mu, 9), round(r.sigma, 9)) for r in s.scalars(select(Rating)))
        results.append((games_of(store), ratings))
        store.dispose()
    assert len(results[0][0]) == 12
    assert results[0] == results[1]


def test_swiss_rounds_pair_by_score_and_give_byes(db_url: str) -> None:
    store = Store(db_url)
    create_contest(store, "c", "circuits", ["random:forgeblade", "random:lumen_warden", "random:volt_reaver",
                                            "random:sparkwright", "random:prism_tactician"],
                   pairing="swiss", games_per_pairing=2)
    summary = run_contest(store, "c", workers=1)
    assert summary.finished and summary.total == 3 * 2 * 2 == summary.played  # 3 rounds, 2 pairings, 2 games
    with store.session() as s:
        byes = s.scalars(select(Match).where(Match.status == "bye")).all()
        assert sorted(m.round for m in byes) == [1, 2, 3]
        assert len({m.seats[0].entry_id for m in byes}) == 3  # nobody gets a second bye
        report = contest_report(s, "c")
    board = report["leaderboard"]
    assert sum(r["match_points"] for r in board) == 3 * 3  # 2 pairings and a bye per round, 1 point each
    points = [r["match_points"] for r in board]
    assert points == sorted(points, reverse=True)
    store.dispose()


def test_a_50_game_contest_with_faulty_bots_records_every_game(sqlite_url: str) -> None:
    register()  # in this process too, so that the entries are accepted
    store = Store(sqlite_url)
    entries = ["crashy:mind_storm", "cheater:mind_storm"] + [f"random:{d}" for d in
                                                             ("creeping_rot", "frozen_bastion", "mind_storm",
                                                              "event_horizon", "wildfire_assault",
                                                              "sunforge_vanguard", "creeping_rot", "frozen_bastion")]
    create_contest(store, "c", "aliens", entries, pairing="swiss", games_per_pairing=2, rounds=5)
    summary = run_contest(store, "c", workers=2, worker_init=register)
    assert summary.finished and summary.played == summary.total == 50 and summary.errors == 0
    with store.session() as s:
        seats = s.scalars(select(MatchSeat).join(Match).where(Match.status == "finished")).all()
        assert len({x.match_id for x in seats}) == 50
        by_agent: dict[str, set[str]] = {}
        for x in seats:
            by_agent.setdefault(x.agent, set()).add(x.status or "")
        assert by_agent["cheater"] == {"INVALID"}
        assert by_agent["crashy"] == {"OK", "ERROR"}  # it crashes only in some games
        assert by_agent["random"] == {"OK"}
        crashed = s.scalars(select(MatchSeat).where(MatchSeat.status == "ERROR")).all()
        assert all("the bot fell over" in (x.fault or "") and x.score == 0 for x in crashed)
        # every stored game re-runs to its record, a forfeit too (it is re-applied from the log)
        faulted = {x.match_id for x in seats if x.status != "OK"}
        assert faulted and all(verify(s.get(Replay, m).record) is None for m in faulted)  # type: ignore[union-attr]
        report = contest_report(s, "c")
    faulty = {r["label"]: r for r in report["leaderboard"]}
    assert faulty["cheater:mind_storm"]["faults"] == {"INVALID": 10} and faulty["cheater:mind_storm"]["wins"] == 0
    store.dispose()


def _second_game_raises(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The engine raises in the second game played (a rules bug); returns the real `play_game`."""
    import cardarena.arena.runner as runner

    real = runner.play_game
    calls = {"n": 0}

    def flaky(state: Any, agents: Any, **kw: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyError("a rules bug")
        return real(state, agents, **kw)

    monkeypatch.setattr(runner, "play_game", flaky)
    return real


def test_an_engine_failure_is_recorded_and_the_contest_goes_on(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _second_game_raises(monkeypatch)
    store = Store(sqlite_url)
    create_contest(store, "c", "aliens", ["random:mind_storm", "random:creeping_rot"], games_per_pairing=4)
    summary = run_contest(store, "c", workers=1)
    assert summary.played == 4 and summary.errors == 1
    with store.session() as s:
        (bad,) = s.scalars(select(Match).where(Match.status == "error")).all()
        assert "KeyError: 'a rules bug'" in (bad.error or "") and s.get(Replay, bad.id) is None
        assert all(r.games == 3 for r in s.scalars(select(Rating)))  # ratings count only finished games
        assert contest_status(s, "c")["games"]["errors"] == 1
    store.dispose()


def test_a_slot_is_filled_once(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    create_contest(store, "c", "aliens", ["random:mind_storm", "random:creeping_rot"])
    run_contest(store, "c", workers=1)
    with store.session() as s:
        m = s.scalars(select(Match)).first()
        assert m is not None
        mid = m.id
    out = GameOutcome(mid, "finished", {"reason": "x", "turns": 1}, [1, 2], [1.0, 0.0], ["OK", "OK"], [None, None],
                      {"choices": []})
    assert record_outcome(store, out) is False  # a second writer (a concurrent run) changes nothing
    assert games_of(store)[0]["reason"] != "x"


def test_places_and_scores_from_results() -> None:
    assert places_of(Result(1, "ko", 3), 2) == [2, 1]
    assert places_of(Result(None, "draw", 3), 2) == [1, 1]
    assert places_of(Result(None, "x", 3, winners=(0, 2), ranking=((0, 2), (1,), (3,))), 4) == [1, 3, 1, 4]
    assert scores_of([2, 1]) == [0.0, 1.0] and scores_of([1, 1]) == [0.5, 0.5]
    assert scores_of([1, 3, 1, 4]) == [2.5 / 3, 1 / 3, 2.5 / 3, 0.0]


def test_search_outranks_random(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    create_contest(store, "c", "circuits", ["random:forgeblade", "ismcts:iters=20:forgeblade"], games_per_pairing=4)
    run_contest(store, "c", workers=1)
    with store.session() as s:
        board = contest_report(s, "c")["leaderboard"]
    assert [r["label"] for r in board] == ["ismcts:iters=20:forgeblade", "random:forgeblade"]
    assert board[0]["rating"]["mu"] > board[1]["rating"]["mu"]


def test_seat_statuses_come_from_the_forfeit_event() -> None:
    import cardarena
    from cardarena.arena.runner import seat_statuses

    st = cardarena.load_game("aliens").new_game(seed=1)
    st.emit("forfeit", player=1, status="TIMEOUT", reason="agent 'bot' ran out of time")
    assert seat_statuses(st) == (["OK", "TIMEOUT"], [None, "agent 'bot' ran out of time"])
    st = cardarena.load_game("aliens").new_game(seed=1)
    st.emit("forfeit", player=0, reason="agent 'x' chose an illegal option: no")  # a loop without statuses
    assert seat_statuses(st)[0] == ["INVALID", "OK"]


def test_games_the_engine_failed_are_played_again_with_retry_errors(sqlite_url: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine error is a bug, no seat's loss: once fixed, `run --retry-errors` plays those games with
    their seeds, and the contest ends as if they had never failed."""
    from typer.testing import CliRunner

    import cardarena.arena.runner as runner
    from cardarena.cli import app

    real = _second_game_raises(monkeypatch)
    cli = CliRunner()
    assert cli.invoke(app, ["contest", "--db", sqlite_url, "new", "c", "--game", "aliens", "--games-per-pairing", "4",
                            "--entry", "random:mind_storm", "--entry", "greedy:creeping_rot"]).exit_code == 0
    assert cli.invoke(app, ["contest", "--db", sqlite_url, "run", "c", "-q", "--workers", "1"]).exit_code == 1  # an error
    report = cli.invoke(app, ["contest", "--db", sqlite_url, "report", "c"], terminal_width=250).output
    assert "1 engine errors" in report and "contest run c --retry-errors" in report, report
    monkeypatch.setattr(runner, "play_game", real)  # the bug is fixed
    r = cli.invoke(app, ["contest", "--db", sqlite_url, "run", "c", "-q", "--workers", "1", "--retry-errors"])
    assert r.exit_code == 0 and "1 game(s) the engine failed scheduled again" in r.output, r.output
    store = Store(sqlite_url)
    with store.session() as s:
        assert s.scalar(select(func.count()).select_from(Match).where(Match.status == "error")) == 0
        status = contest_status(s, "c")
        assert status["status"] == "finished" and status["games"]["finished"] == 4
        assert all(r.games == 4 for r in s.scalars(select(Rating)))
        finished = s.scalars(select(Match).where(Match.status == "finished")).all()
        assert all(verify(s.get(Replay, m.id).record) is None for m in finished)  # type: ignore[union-attr]
    store.dispose()
