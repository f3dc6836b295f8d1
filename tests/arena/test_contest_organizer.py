"""What an organizer types and reads: the counts and names `contest new` announces match what is stored
and played."""

from __future__ import annotations

import dataclasses
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardarena.cli import app

runner = CliRunner()


def cli(db: str, *args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["contest", "--db", db, *args])


def test_swiss_rounds_beyond_what_the_entries_allow_are_announced_as_played(sqlite_url: str) -> None:
    # four entries meet each other in three rounds: --rounds 10 plays 3 rounds, 12 games, and says so
    r = cli(sqlite_url, "new", "sw", "--game", "aliens", "--format", "swiss", "--rounds", "10",
            "--entry", "random", "--entry", "greedy", "--entry", "random", "--entry", "greedy")
    assert r.exit_code == 0, r.output
    assert "4 entries, 3 rounds (not 10: at most entries - 1), 12 games to play" in r.output, r.output
    assert cli(sqlite_url, "run", "sw", "-q", "--workers", "1").exit_code == 0
    data = json.loads(cli(sqlite_url, "status", "sw", "--json").output)
    assert data["games"]["finished"] == data["games"]["expected"] == 12 and data["rounds"] == 3


def test_a_name_typed_with_spaces_around_it_finds_the_contest_it_made(sqlite_url: str) -> None:
    r = cli(sqlite_url, "new", " cup ", "--game", "aliens", "--entry", "random", "--entry", "greedy")
    assert r.exit_code == 0, r.output  # was: created, yet "error: no contest named ' cup '", exit 2
    assert "contest 'cup'" in r.output and "contest run cup`" in r.output
    assert [c["name"] for c in json.loads(cli(sqlite_url, "status", "--json").output)] == ["cup"]
    assert cli(sqlite_url, "run", " cup ", "-q", "--workers", "1").exit_code == 0
    assert json.loads(cli(sqlite_url, "status", "cup ", "--json").output)["status"] == "finished"


def test_status_names_the_swiss_round_being_played(sqlite_url: str) -> None:
    from cardarena.arena.contest import create_contest, run_contest
    from cardarena.arena.report import contest_status
    from cardarena.arena.store import Store

    store = Store(sqlite_url)
    create_contest(store, "sw", "aliens", ["random", "greedy", "random", "greedy"], "swiss", rounds=2)
    seen: list[tuple[int, int | None]] = []

    def progress(done: int, total: int, outcome: object) -> None:
        with store.session() as s:
            st = contest_status(s, "sw")
        seen.append((st["games"]["finished"], st["round"]))

    run_contest(store, "sw", workers=1, progress=progress)
    # before any game of round 1 is written, status says round 1 of 2 (it said round 0)
    assert seen[0] == (0, 1), seen
    assert (4, 2) in seen and seen[-1] == (8, 2), seen


def test_an_entry_checked_while_the_contest_starts_is_refused_not_left_without_games(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`contest enter` checks its entries (a deck, a bot) before it writes; a `contest run` that starts the
    contest meanwhile must not leave a running contest with an entry that has no games (it had: 3 entries,
    2 games scheduled, 6 announced)."""
    from cardarena.arena import contest
    from cardarena.arena.report import contest_status
    from cardarena.arena.store import Store

    store = Store(db_url)
    contest.create_contest(store, "r", "aliens", ["random", "random"])
    checking, started = threading.Event(), threading.Event()
    check = contest.check_entries

    def slow_check(*args: Any, **kwargs: Any) -> Any:
        checked = check(*args, **kwargs)
        checking.set()
        assert started.wait(30)
        return checked

    monkeypatch.setattr(contest, "check_entries", slow_check)
    result: list[object] = []

    def enter() -> None:
        try:
            result.append(contest.enter(store, "r", ["greedy"]))
        except contest.ContestError as e:
            result.append(e)

    t = threading.Thread(target=enter)
    t.start()
    assert checking.wait(30)
    with contest._scheduling(store) as s:
        contest._start(s, contest.get_contest(s, "r"))
    started.set()
    t.join(30)
    assert len(result) == 1 and isinstance(result[0], contest.ContestError), result
    assert "entries are closed" in str(result[0])
    with store.session() as s:
        st = contest_status(s, "r")
    assert len(st["entries"]) == 2 and st["games"]["scheduled"] == st["games"]["expected"] == 2, st


def test_run_draws_no_progress_bar_when_there_is_nothing_to_play(sqlite_url: str) -> None:
    assert cli(sqlite_url, "new", "one", "--game", "aliens", "--entry", "random").exit_code == 0
    r = cli(sqlite_url, "run", "one")  # one entry: refused, with no empty bar drawn first ("one ━━━ 0/? 0:00:00")
    assert r.exit_code == 2 and "needs at least 2" in r.output and "0/?" not in r.output, r.output
    assert cli(sqlite_url, "enter", "one", "--entry", "greedy").exit_code == 0
    r = cli(sqlite_url, "run", "one", "--workers", "1")
    assert r.exit_code == 0 and "2/2" in r.output, r.output  # the bar of the games played
    r = cli(sqlite_url, "run", "one")  # finished: only the summary
    assert r.exit_code == 0 and "0/?" not in r.output and "0 game(s) played now, 2/2 stored" in r.output, r.output


def test_names_labels_and_decks_with_brackets_are_shown_as_typed(sqlite_url: str, tmp_path: Path) -> None:
    from cardarena import load_game

    deck = dataclasses.replace(load_game("aliens").starter_decks()["mind_storm"], name="Storm [/i] deck")
    path = tmp_path / "[b]d.toml"
    path.write_text(deck.to_toml())
    assert cli(sqlite_url, "new", "[b]cup", "--game", "aliens", "--entry", f"random:{path}",
               "--entry", "greedy").exit_code == 0
    r = cli(sqlite_url, "status", "[b]cup")  # was: MarkupError, "internal error"
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert text.startswith("[b]cup: aliens") and "Storm [/i] deck" in text and "[b]d.toml" in text, r.output
    assert "[b]cup" in cli(sqlite_url, "status").output
    assert cli(sqlite_url, "run", "[b]cup", "-q", "--workers", "1").exit_code == 0
    r = cli(sqlite_url, "report", "[b]cup")
    assert r.exit_code == 0 and r.output.startswith("[b]cup: aliens") and "[b]d.toml" in r.output, r.output


def test_status_and_report_name_the_rules_a_contest_changed(sqlite_url: str) -> None:
    assert cli(sqlite_url, "new", "v", "--game", "aliens", "--rule", "hand_size=6", "--entry", "random",
               "--entry", "greedy").exit_code == 0
    assert cli(sqlite_url, "new", "plain", "--game", "aliens", "--entry", "random", "--entry", "greedy").exit_code == 0
    for cmd in ("status", "report"):
        assert "2 games per pairing, rules hand_size=6, " in cli(sqlite_url, cmd, "v").output
        assert "rules" not in cli(sqlite_url, cmd, "plain").output.splitlines()[0]
    assert json.loads(cli(sqlite_url, "status", "v", "--json").output)["rules"]["hand_size"] == 6


def test_the_plot_draws_dollar_signs_as_typed(sqlite_url: str, tmp_path: Path) -> None:
    name = r"cup $\frac{$"  # matplotlib read it as mathematics and failed: "internal error: ValueError"
    assert cli(sqlite_url, "new", name, "--game", "aliens", "--entry", "random", "--entry", "greedy").exit_code == 0
    assert cli(sqlite_url, "run", name, "-q", "--workers", "1").exit_code == 0
    r = cli(sqlite_url, "report", name, "--plot", str(tmp_path / "cup.png"))
    assert r.exit_code == 0, (r.output, r.exception)
    assert (tmp_path / "cup.png").read_bytes().startswith(b"\x89PNG")


def test_a_taken_name_is_refused_in_words_that_fit_the_web_page_too(sqlite_url: str) -> None:
    # the message named a command (`cardarena contest status`), shown on the web arena's page as well
    assert cli(sqlite_url, "new", "cup", "--game", "aliens", "--entry", "random", "--entry", "greedy").exit_code == 0
    r = cli(sqlite_url, "new", "cup", "--game", "aliens", "--entry", "random", "--entry", "random")
    assert r.exit_code == 2 and "already exists: choose another name (it is unchanged)" in r.output, r.output
    assert "cardarena" not in r.output
    assert [e["agent"] for e in json.loads(cli(sqlite_url, "status", "cup", "--json").output)["entries"]] == [
        "random", "greedy"]


def test_the_text_report_shows_who_had_a_swiss_bye(sqlite_url: str) -> None:
    # a bye scores a match point without a game: the leaderboard showed the point but not why (only --json)
    r = cli(sqlite_url, "new", "odd", "--game", "aliens", "--format", "swiss", "--rounds", "2",
            "--games-per-pairing", "2", "--entry", "random", "--entry", "greedy", "--entry", "random")
    assert r.exit_code == 0, r.output
    assert cli(sqlite_url, "run", "odd", "-q", "--workers", "1").exit_code == 0
    data = json.loads(cli(sqlite_url, "report", "odd", "--json").output)
    had = {r["entry"] for r in data["leaderboard"] if r["byes"]}
    assert len(had) == 2  # three entries, two rounds: one bye a round, never twice to one entry
    text = runner.invoke(app, ["contest", "--db", sqlite_url, "report", "odd"], terminal_width=250).output
    header = next(line for line in text.splitlines() if "Buchholz" in line)
    assert "bye" in header
    rows = [line for line in text.splitlines() if line.count("│") > 5 and "#" in line]
    assert sum("yes" in line for line in rows) == 2, text


def test_a_mistyped_database_path_makes_nothing(tmp_path: Path) -> None:
    # `status` on a path with a typo made its folders and an empty database, then listed no contests
    url = f"sqlite:///{tmp_path}/typo/dir/x.db"
    for args in (["status"], ["report", "cup"], ["run", "cup"], ["enter", "cup", "--entry", "random"]):
        r = cli(url, *args)
        assert r.exit_code == 2 and "no database at" in r.output and "contest new" in r.output, (args, r.output)
    assert not (tmp_path / "typo").exists()
    assert cli(url, "new", "cup", "--game", "aliens", "--entry", "random", "--entry", "greedy").exit_code == 0
    assert cli(url, "status").exit_code == 0
