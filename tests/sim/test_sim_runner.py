"""The run plan, rows, resume and a clean stop (tiny random games)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardarena.sim.rows import comparable, play_batch, read_rows, write_rows
from cardarena.sim.runner import Plan, run, tasks
from process_tools import children, group_gone, kill_group


def _plan(**kw: object) -> Plan:
    base = {"game": "circuits", "players": ["random", "random"], "games": 4, "seed": 3,
            "decks": ["forgeblade", "lumen_warden"]}
    return Plan(**{**base, **kw})  # type: ignore[arg-type]


def test_pairs_exchange_decks_swap_seats_and_share_seeds_across_variants() -> None:
    ts = tasks(_plan(variants=[{"reserve_token": False}]))
    assert [t.index for t in ts] == list(range(8))
    base, var = ts[:4], ts[4:]
    # P1's deck alternates, and P1's seat changes every second game
    assert [t.decks[t.p1_seat] for t in base] == ["forgeblade", "lumen_warden"] * 2
    assert [t.p1_seat for t in base] == [0, 0, 1, 1]
    assert [t.seed for t in base] == [t.seed for t in var] == [3, 4, 5, 6]
    assert {t.variant for t in var} == {"reserve_token=false"}
    assert json.loads(var[0].rules) == {"reserve_token": False}


def test_decks_all_plays_every_starter_pair() -> None:
    from cardarena.core.registry import load_game

    n = len(load_game("aliens").starter_decks())
    ts = tasks(Plan(game="aliens", players=["random", "random"], games=2, decks=["all"]))
    assert len({t.matchup for t in ts}) == n * (n - 1) // 2


def test_decks_all_refuses_a_starter_illegal_in_its_own_format(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken starter is named with its problems, never quietly left out of `--decks all`."""
    from cardarena.core.registry import load_game

    game = load_game("aliens")
    real = type(game).check_deck

    def check(self: object, deck: object, fmt: str | None = None) -> list[str]:
        return ["too many copies of X"] if getattr(deck, "name", "").lower().startswith("mind") else real(
            self, deck, fmt)  # type: ignore[arg-type]

    monkeypatch.setattr(type(game), "check_deck", check)
    with pytest.raises(ValueError, match=r"mind_storm.*too many copies of X"):
        tasks(Plan(game="aliens", players=["random", "random"], games=2, decks=["all"]))


def test_a_format_without_starters_asks_for_decks_by_name() -> None:
    """circuits Limited has no starters: a plan that leaves a deck out is refused with what to give
    (it used to fall back to a Duel starter, refused only when its first game began)."""
    for decks in ([], ["all"]):
        with pytest.raises(ValueError, match=r"no starter decks for the format 'limited'.*cardarena sealed"):
            tasks(_plan(fmt="limited", decks=decks))


def test_rows_hold_the_game_and_its_cards(tmp_path: Path) -> None:
    rows = play_batch(tasks(_plan(games=2)))
    r = rows[0]
    assert r["game"] == "circuits" and r["reason"] in ("hero_defeated", "deck_out", "both_heroes_defeated")
    assert r["winners"] and r["winner"] == r["winners"][0]
    assert r["first_player"] in (0, 1) and r["turns"] > 0 and r["decisions"] > 0
    assert {c["card"] for c in r["cards"]} >= {"Forgeblade", "Lumen Warden"}  # the Heroes are revealed
    assert r["peaks"]["own_turn"] >= 1 and r["events"]["turn"] == r["peaks"]["turn"]
    write_rows(rows, tmp_path / "x.parquet")
    back = read_rows(tmp_path / "x.parquet")
    assert [comparable(x) for x in back] == [comparable(x) for x in rows]


def test_same_task_same_row() -> None:
    ts = tasks(_plan(games=2))
    assert [comparable(r) for r in play_batch(ts)] == [comparable(r) for r in play_batch(ts)]


def test_resume_skips_stored_games_and_a_stop_keeps_finished_ones(tmp_path: Path) -> None:
    plan = _plan(games=6)
    calls = 0

    def interrupt(done: int, total: int) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:  # Ctrl-C once the first batch is stored (the first call comes before any game)
            raise KeyboardInterrupt

    stopped = run(plan, tmp_path, workers=2, progress=interrupt)
    assert stopped.stopped
    kept = read_rows(tmp_path)
    assert 0 < len(kept) < 6 or stopped.done == 6
    with pytest.raises(FileExistsError):
        run(plan, tmp_path, workers=1)
    resumed = run(plan, tmp_path, workers=2, resume=True)
    assert resumed.skipped == len(kept) and not resumed.stopped
    rows = read_rows(tmp_path)
    assert [r["task"] for r in rows] == list(range(6))  # every game once
    again = run(plan, tmp_path, resume=True)
    assert again.skipped == 6 and len(read_rows(tmp_path)) == 6


def test_an_external_bot_command_stays_whole_in_the_plan() -> None:
    ts = tasks(Plan(game="circuits", players=['cmd:"python3 my:bot.py":forgeblade', "ismcts:iters=3:lumen_warden"],
                    games=2))
    assert ts[0].agents == ('cmd:"python3 my:bot.py"', "ismcts:iters=3")
    assert ts[0].decks == ("forgeblade", "lumen_warden") and ts[1].decks == ("lumen_warden", "forgeblade")


def test_workers_die_with_a_run_killed_on_its_own(tmp_path: Path) -> None:
    # `kill -9 PID` of `cardarena sim` alone: its workers must not play on for nobody (core/workers.py)
    cmd = [sys.executable, "-m", "cardarena.cli", "sim", "circuits", "--games", "20000", "--workers", "2",
           "--out", str(tmp_path / "run"), "--no-report"]
    proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "run" / "rows").exists() or len(children(proc.pid)) < 2:
            assert proc.poll() is None and time.monotonic() < deadline, "the run did not start its workers"
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert group_gone(proc.pid), "the run's workers outlived it"
    finally:
        kill_group(proc.pid)


def test_a_variant_repeating_the_baseline_or_another_variant_is_refused() -> None:
    """Rows are grouped by their rules label: a repeated variant pooled both copies of every deal
    (8 rows reported as 8 games from 4 deals, intervals too narrow)."""
    with pytest.raises(ValueError, match="repeats the baseline"):
        tasks(_plan(rules={"overtime_start": 11}, variants=[{"overtime_start": 11}]))
    with pytest.raises(ValueError, match="repeats another --variant"):
        tasks(_plan(variants=[{"reserve_token": False}, {"reserve_token": False}]))
    assert len(tasks(_plan(variants=[{"reserve_token": False}, {"overtime_start": 11}]))) == 12


@pytest.mark.parametrize("text", ['{"game": "circuits"', '{"game": "circuits", "players": [], "games": 2, "x": 1}',
                                  '[1, 2]', '\xff'])
def test_resume_from_a_run_json_that_is_not_a_plan_names_the_file(text: str, tmp_path: Path) -> None:
    """A broken or foreign run.json was an internal error, or a JSON message naming no file."""
    from typer.testing import CliRunner

    from cardarena.cli import app

    (tmp_path / "run.json").write_text(text, encoding="latin-1")
    r = CliRunner().invoke(app, ["sim", "--resume", "--out", str(tmp_path)])
    said = " ".join(r.output.split())
    assert r.exit_code == 2 and "run.json is not the plan of a `cardarena sim` run" in said, said


def test_the_progress_speed_stops_at_the_last_game() -> None:
    """The bar went on dividing by a growing time while the pool or Ray shut down: a local Ray run ended
    showing 7.6 games/s for a run of 15.8."""
    from rich.progress import Progress

    from cardarena.sim.command import speed_text

    clock = [0.0]
    bar = Progress(get_time=lambda: clock[0], disable=True)
    task = bar.add_task("games", total=None)
    bar.reset(task, total=100, completed=20, skipped=20)  # a resumed run: 20 games already stored
    clock[0] = 2.0
    bar.update(task, completed=100)
    clock[0] = 8.0  # shutting down
    assert speed_text(bar.tasks[0]) == "40.0 games/s"


def test_an_unknown_format_and_a_player_deck_beside_decks_are_refused() -> None:
    """`--format nosuch` was read as a format without starters (and asked for decks); a deck in --p1 next
    to --decks was silently dropped, every pair played instead."""
    with pytest.raises(ValueError, match=r"circuits has no format 'nosuch'; its formats: .*squad"):
        tasks(_plan(fmt="nosuch"))
    with pytest.raises(ValueError, match="--decks gives both players their decks"):
        tasks(_plan(players=["random:forgeblade", "random"]))


def test_a_stopped_run_shows_its_speed_over_its_playing_time_and_the_games_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After Ctrl-C the bar went on dividing by a growing time while the running batches finished and
    the pool closed (40 games in 4 s of play, shown as 1.3 games/s after 26 s of stopping); the stop
    said only 'the finished games are kept'."""
    from typer.testing import CliRunner

    import cardarena.sim.runner as runner_module
    from cardarena.cli import app
    from cardarena.sim import command
    from cardarena.sim.runner import RunStats

    clock = [0.0]
    monkeypatch.setattr(command.out, "get_time", lambda: clock[0])  # the progress bar's clock

    def stopped_run(plan: Plan, out: Path, progress: object = None, **kw: object) -> RunStats:
        assert callable(progress)
        progress(0, 100)
        for t, done in ((2.0, 25), (4.0, 40)):  # two batches stored, then Ctrl-C
            clock[0] = t
            progress(done, 100)
        clock[0] = 30.0  # the running batches finish, the pool closes
        return RunStats(done=40, total=100, seconds=4.0, stopped=True)

    monkeypatch.setattr(runner_module, "run", stopped_run)
    r = CliRunner().invoke(app, ["sim", "circuits", "--games", "100", "--out", str(tmp_path / "run"), "--no-report"])
    said = " ".join(r.output.split())
    assert r.exit_code == 130, said
    assert "40/100 10.0 games/s" in said and "1.3 games/s" not in said, said  # the bar's last line
    assert "40/100 games stored (40 played now in 4.0 s, 10.0 games/s)" in said, said
    assert f"stopped: 40 of 100 games kept in {tmp_path / 'run'} (60 not played); continue with --resume" in said


def test_the_time_left_follows_the_speed_shown_not_the_last_two_batches() -> None:
    """Rich's column divides by the time between the last updates: two batches landing together showed
    2,950 games left as 0:00:01. Nothing is left to wait for once stopped."""
    from rich.progress import Progress

    from cardarena.sim.command import left_text, speed_text

    clock = [0.0]
    bar = Progress(get_time=lambda: clock[0], disable=True)
    task = bar.add_task("games", total=None)
    bar.reset(task, total=3000, completed=0, skipped=0)
    assert left_text(bar.tasks[0]) == "-:--:--"
    for t, done in ((1.0, 25), (1.001, 50)):
        clock[0] = t
        bar.update(task, completed=done, played_for=t)
    assert speed_text(bar.tasks[0]) == "50.0 games/s" and left_text(bar.tasks[0]) == "0:00:59"
    bar.update(task, stopped=True)
    assert left_text(bar.tasks[0]) == ""


def test_a_second_ctrl_c_still_says_how_many_games_are_kept_and_how_to_resume(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C pressed again while a stopped run waited for its running batches ended on 'interrupted'
    alone: no count of the games kept, no word of --resume."""
    from typer.testing import CliRunner

    import cardarena.sim.runner as runner_module
    from cardarena.cli import app

    plan_rows = play_batch(tasks(_plan(games=2)))

    def interrupted_twice(plan: Plan, out: Path, **kw: object) -> None:
        (out / "rows").mkdir(parents=True)
        write_rows(plan_rows, out / "rows" / "part-00000.parquet")  # what the stop stored
        raise KeyboardInterrupt

    monkeypatch.setattr(runner_module, "run", interrupted_twice)
    out = tmp_path / "run"
    r = CliRunner().invoke(app, ["sim", "circuits", "--games", "100", "--out", str(out), "--no-report"])
    said = " ".join(r.output.split())
    assert r.exit_code == 130, said
    assert f"stopped: 2 of 100 games kept in {out} (98 not played); continue with --resume --out {out}" in said


def test_a_taken_folder_names_its_run_with_the_right_article(tmp_path: Path) -> None:
    """'already holds rows of a aliens run'."""
    from cardarena.sim.runner import check_out, save_plan

    save_plan(Plan(game="aliens", players=["random", "random"], games=2), tmp_path)
    (tmp_path / "rows").mkdir()
    (tmp_path / "rows" / "part-00000.parquet").write_bytes(b"")
    with pytest.raises(FileExistsError, match="already holds rows of an aliens run: use --resume"):
        check_out(tmp_path, resume=False)


def _batch_that_hangs(batch: list[object]) -> list[object]:
    """A batch whose game runs long: it leaves a mark only if it ever finishes."""
    marks = Path(os.environ["CARDARENA_TEST_MARKS"])
    for _ in range(1200):
        time.sleep(0.1)
    (marks / f"finished-{os.getpid()}").touch()
    return []


def test_a_second_ctrl_c_ends_the_running_batches_instead_of_waiting_for_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first Ctrl-C waits for the running batches; the second one ended the run only once they had
    finished (ProcessPoolExecutor.shutdown waits for running tasks), minutes later in a big run."""
    import threading

    import cardarena.sim.backends as backends

    marks = tmp_path / "marks"
    marks.mkdir()
    monkeypatch.setenv("CARDARENA_TEST_MARKS", str(marks))
    monkeypatch.setattr(backends, "play_batch", _batch_that_hangs)  # the forked workers inherit it
    said: list[str] = []

    def ctrl_c_soon() -> None:
        threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()

    def first_ctrl_c(done: int, total: int) -> None:
        if not said:  # the first call, before any game: Ctrl-C once the batches run
            said.append("progress")
            ctrl_c_soon()

    def stopping() -> None:  # the run waits for its batches now: Ctrl-C again
        said.append("stopping")
        ctrl_c_soon()

    with pytest.raises(KeyboardInterrupt):
        run(_plan(games=4), tmp_path / "run", workers=2, progress=first_ctrl_c, stopping=stopping)
    assert said == ["progress", "stopping"]
    assert list(marks.iterdir()) == []  # no batch was waited for
