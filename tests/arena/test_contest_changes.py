"""An organizer changes a contest: `contest rename`, `contest delete` (asked first, refused while a run
plays it) and `contest withdraw` (an entry removed before the start, withdrawn after it, even while a
run plays it: those it played stay, it is paired in no later Swiss round, its games to come are not
played bar a Swiss round already paired). Bad input changes nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import func, select
from typer.testing import CliRunner

from cardarena.arena import runlock
from cardarena.arena.contest import (
    ContestError,
    create_contest,
    delete_contest,
    get_contest,
    rename_contest,
    run_contest,
    withdraw,
)
from cardarena.arena.models import Contest, Entry, Match, MatchSeat, Rating, Replay
from cardarena.arena.report import contest_report, contest_status
from cardarena.arena.store import Store, alembic_config
from cardarena.cli import app
from process_tools import kill_group

runner = CliRunner()
THREE = ["random:mind_storm", "random:creeping_rot", "greedy:mind_storm"]
#: THREE as `contest new` options
ENTRIES = [x for e in THREE for x in ("--entry", e)]


def cli(db: str, *args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["contest", "--db", db, *args], input=input)


def status(db: str, name: str) -> dict[str, Any]:
    r = cli(db, "status", name, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.output)  # type: ignore[no-any-return]


def rows(store: Store) -> dict[str, int]:
    """How many rows each of the contest tables holds."""
    with store.session() as s:
        return {t.__tablename__: s.scalar(select(func.count()).select_from(t)) or 0
                for t in (Contest, Entry, Match, MatchSeat, Replay, Rating)}


class Stop(Exception):
    pass


def run_part(store: Store, name: str, games: int) -> None:
    """Play the contest's first `games` games, then stop the run (as Ctrl-C would)."""

    def stop(done: int, total: int, outcome: object) -> None:
        if outcome is not None and done >= games:
            raise Stop

    with pytest.raises(Stop):
        run_contest(store, name, workers=1, progress=stop)


# -- rename -----------------------------------------------------------------------------------------

def test_rename_checks_the_new_name_and_keeps_the_games(db_url: str) -> None:
    assert cli(db_url, "new", "cup", "--game", "aliens", *ENTRIES).exit_code == 0
    assert cli(db_url, "new", "other", "--game", "aliens", "--entry", "random", "--entry", "greedy").exit_code == 0
    before = status(db_url, "cup")
    for new, why in (("", "the contest needs a name"), ("   ", "the contest needs a name"), ("a/b", "may not contain '/'"),
                     ("x" * 201, "longer than 200"), ("other", "a contest named 'other' already exists"),
                     ("cup", "already named so")):
        r = cli(db_url, "rename", "cup", new)
        assert r.exit_code == 2 and why in r.output and "nothing was changed" in r.output, (new, r.output)
    r = cli(db_url, "rename", "nope", "new")
    assert r.exit_code == 2 and "no contest named 'nope'" in r.output
    assert [c["name"] for c in json.loads(cli(db_url, "status", "--json").output)] == ["cup", "other"]

    r = cli(db_url, "rename", " cup ", " big cup ")
    assert r.exit_code == 0 and "contest 'cup' is now 'big cup'" in r.output, r.output
    assert [c["name"] for c in json.loads(cli(db_url, "status", "--json").output)] == ["big cup", "other"]
    assert cli(db_url, "status", "cup").exit_code == 2
    after = status(db_url, "big cup")
    assert after["seed"] == before["seed"] and after["entries"] == before["entries"]  # the same games to play
    assert cli(db_url, "run", "big cup", "-q", "--workers", "1").exit_code == 0
    assert status(db_url, "big cup")["games"]["finished"] == 6


def test_rename_through_the_python_api(db_url: str) -> None:
    store = Store(db_url)
    create_contest(store, "a", "aliens", ["random", "greedy"])
    assert rename_contest(store, "a", "  b  ") == "b"
    with pytest.raises(ContestError, match="no contest named 'a'"):
        rename_contest(store, "a", "c")
    with store.session() as s:
        assert get_contest(s, "b").name == "b"
    store.dispose()


# -- delete -----------------------------------------------------------------------------------------

def test_delete_asks_first_and_removes_only_that_contests_rows(db_url: str) -> None:
    assert cli(db_url, "new", "gone", "--game", "aliens", *ENTRIES).exit_code == 0
    assert cli(db_url, "new", "kept", "--game", "aliens", *ENTRIES).exit_code == 0
    assert cli(db_url, "run", "gone", "-q", "--workers", "1").exit_code == 0
    assert cli(db_url, "run", "kept", "-q", "--workers", "1").exit_code == 0
    store = Store(db_url)
    both = rows(store)
    assert both == {"contests": 2, "entries": 6, "matches": 12, "match_seats": 24, "replays": 12, "ratings": 6}
    kept_report = contest_report_of(store, "kept")

    for answer in ("n\n", "\n", None):  # no, the default, no answer at all (end of input)
        r = cli(db_url, "delete", "gone", input=answer)
        assert r.exit_code == 1 and "nothing was deleted" in r.output, (answer, r.output)
        assert "3 entries and 6 game(s) (6 played) with their replays and ratings? It cannot be undone" in r.output
    assert rows(store) == both

    r = cli(db_url, "delete", "gone", input="y\n")
    assert r.exit_code == 0, r.output
    assert "deleted contest 'gone': 3 entries and 6 game(s) (6 played) with their replays and ratings" in r.output
    assert rows(store) == {k: v // 2 for k, v in both.items()}
    assert contest_report_of(store, "kept") == kept_report
    assert [c["name"] for c in json.loads(cli(db_url, "status", "--json").output)] == ["kept"]

    r = cli(db_url, "delete", "gone", "--yes")
    assert r.exit_code == 2 and "no contest named 'gone'; contests: kept" in r.output
    r = cli(db_url, "delete", "kept", "--yes")
    assert r.exit_code == 0 and "deleted contest 'kept'" in r.output
    assert rows(store) == dict.fromkeys(both, 0)
    store.dispose()


def contest_report_of(store: Store, name: str) -> dict[str, Any]:
    with store.session() as s:
        return contest_report(s, name)


def test_delete_through_the_python_api_counts_what_it_removed(db_url: str) -> None:
    store = Store(db_url)
    create_contest(store, "c", "aliens", THREE, games_per_pairing=2)
    run_part(store, "c", 2)
    removed = delete_contest(store, "c")
    assert (removed.name, removed.entries, removed.played, removed.total) == ("c", 3, 2, 6)
    assert rows(store) == dict.fromkeys(("contests", "entries", "matches", "match_seats", "replays", "ratings"), 0)
    create_contest(store, "c", "aliens", ["random", "greedy"])  # the name is free again
    store.dispose()


def test_changes_are_refused_while_a_run_plays_the_contest(db_url: str) -> None:
    store = Store(db_url)
    create_contest(store, "c", "aliens", THREE)
    with store.session() as s:
        cid = get_contest(s, "c").id
    before = rows(store)
    with runlock.playing(store.engine, cid):  # what `contest run` holds while it plays
        assert status(db_url, "c")["playing"] is True
        for args in (["delete", "c", "--yes"], ["delete", "c"], ["rename", "c", "d"]):
            r = cli(db_url, *args)
            assert r.exit_code == 2 and "contest 'c' is being run right now" in r.output, (args, r.output)
            assert "nothing was changed" in r.output and "[y/N]" not in r.output
        for change in (lambda: delete_contest(store, "c"), lambda: rename_contest(store, "c", "d")):
            with pytest.raises(ContestError, match="being run right now"):
                change()
    assert rows(store) == before
    assert status(db_url, "c")["playing"] is False
    assert cli(db_url, "rename", "c", "d").exit_code == 0
    assert cli(db_url, "delete", "d", "--yes").exit_code == 0
    store.dispose()


def test_a_contest_whose_run_was_killed_can_be_deleted_at_once(db_url: str) -> None:
    store = Store(db_url)
    create_contest(store, "c", "aliens", ["ismcts:iters=300:mind_storm", "ismcts:iters=300:creeping_rot"],
                   games_per_pairing=40)
    cmd = [sys.executable, "-m", "cardarena.cli", "contest", "--db", db_url, "run", "c", "--workers", "1", "-q"]
    proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not (st := status(db_url, "c"))["playing"] or st["status"] != "running":
            assert proc.poll() is None, proc.stderr.read()  # type: ignore[union-attr]
            assert time.monotonic() < deadline
            time.sleep(0.05)
        r = cli(db_url, "delete", "c", "--yes")
        assert r.exit_code == 2 and "is being run right now" in r.output, r.output
        r = cli(db_url, "status", "c")
        assert "status running (a run is playing it now)" in r.output, r.output
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    finally:
        kill_group(proc.pid)
    # the contest still says "running" (it has started), but no run holds it any more
    r = cli(db_url, "status", "c")
    assert "status running (no run is playing it now: `cardarena contest run c` resumes it)" in r.output, r.output
    r = cli(db_url, "delete", "c", "--yes")
    assert r.exit_code == 0 and "deleted contest 'c': 2 entries and 40 game(s)" in r.output, r.output
    assert rows(store)["matches"] == 0
    store.dispose()


# -- withdraw ---------------------------------------------------------------------------------------

def test_an_entry_withdrawn_before_the_start_is_removed(db_url: str) -> None:
    assert cli(db_url, "new", "cup", "--game", "aliens", "--entry", "random:mind_storm", "--entry", "random:mind_storm",
               "--entry", "greedy:creeping_rot", "--entry", "random:frozen_bastion").exit_code == 0
    for ref, why in (("", "which entry of contest 'cup'?"), ("9", "has no entry '9'"), ("#0", "has no entry '#0'"),
                     ("nobody", "has no entry 'nobody'; entries: #1 random:mind_storm, #2 random:mind_storm #2")):
        r = cli(db_url, "withdraw", "cup", ref)
        assert r.exit_code == 2 and why in r.output, (ref, r.output)
    r = cli(db_url, "withdraw", "nope", "1")
    assert r.exit_code == 2 and "no contest named 'nope'" in r.output
    assert len(status(db_url, "cup")["entries"]) == 4

    r = cli(db_url, "withdraw", "cup", "random:mind_storm #2")  # by its label
    assert r.exit_code == 0 and "removed entry #2 random:mind_storm #2 from contest 'cup' (it had not started)" in r.output
    r = cli(db_url, "withdraw", "cup", "#4")  # by its number
    assert r.exit_code == 0 and "removed entry #4 random:frozen_bastion" in r.output, r.output
    st = status(db_url, "cup")
    assert [(e["entry"], e["label"], e["withdrawn"]) for e in st["entries"]] == [
        (1, "random:mind_storm", False), (3, "greedy:creeping_rot", False)]
    assert cli(db_url, "enter", "cup", "--entry", "random:event_horizon").exit_code == 0
    r = cli(db_url, "run", "cup", "-q", "--workers", "1")
    assert r.exit_code == 0 and "6/6 stored, finished" in r.output, r.output
    data = json.loads(cli(db_url, "report", "cup", "--json").output)
    assert sorted(r["label"] for r in data["leaderboard"]) == [
        "greedy:creeping_rot", "random:event_horizon", "random:mind_storm"]
    assert all(r["games"] == 4 and not r["withdrawn"] for r in data["leaderboard"])


def test_an_entry_withdrawn_from_a_started_round_robin_keeps_its_played_games(db_url: str) -> None:
    store = Store(db_url)
    create_contest(store, "rr", "aliens", [*THREE, "random:frozen_bastion"], games_per_pairing=2)  # 12 games
    run_part(store, "rr", 4)
    with store.session() as s:
        played = {e.number: 0 for e in get_contest(s, "rr").entries}
        for m in s.scalars(select(Match).where(Match.status == "finished")):
            for seat in m.seats:
                played[next(e.number for e in get_contest(s, "rr").entries if e.id == seat.entry_id)] += 1
    target = next(n for n, k in played.items() if k)  # an entry that has played
    r = cli(db_url, "withdraw", "rr", str(target))
    assert r.exit_code == 0, r.output
    assert f"game(s) it had still to play will not be played; the {played[target]} game(s) it played stay" in r.output
    st = status(db_url, "rr")
    g = st["games"]
    assert g["withdrawn"] == 6 - played[target] and g["expected"] == 12 - g["withdrawn"]
    assert g["finished"] == 4 and g["scheduled"] == g["expected"] - 4
    assert [e["withdrawn"] for e in st["entries"]] == [e["entry"] == target for e in st["entries"]]
    assert st["faults"] == {}  # a withdrawal is no automaton's fault
    text = cli(db_url, "status", "rr").output
    assert f"{g['withdrawn']} not played (withdrawn)" in text and "(withdrawn)" in text

    r = cli(db_url, "withdraw", "rr", str(target))
    assert r.exit_code == 2 and "is already withdrawn" in r.output
    r = cli(db_url, "run", "rr", "-q", "--workers", "1")
    assert r.exit_code == 0 and f"{g['expected']}/{g['expected']} stored, finished" in r.output, r.output

    data = json.loads(cli(db_url, "report", "rr", "--json").output)
    row = next(x for x in data["leaderboard"] if x["entry"] == target)
    assert row["withdrawn"] and row["games"] == played[target] and row["rating"] is not None
    assert data["games"]["finished"] == data["games"]["expected"] == g["expected"]
    others = [x for x in data["leaderboard"] if x["entry"] != target]
    assert sum(x["games"] for x in others) == 2 * g["expected"] - played[target]  # their games with it stay
    assert f"#{target} " in cli(db_url, "report", "rr").output and "(withdrawn)" in cli(db_url, "report", "rr").output
    with store.session() as s:  # ratings recomputed from every played game, the withdrawn entry's too
        assert s.scalar(select(func.count()).select_from(Rating)) == 4
    r = cli(db_url, "withdraw", "rr", "1" if target != 1 else "2")
    assert r.exit_code == 2 and "has played all its games" in r.output, r.output
    store.dispose()


def test_an_entry_that_played_no_game_ranks_after_one_that_lost_every_game(db_url: str) -> None:
    # a withdrawn entry with no game has no standing, not the standing of a fresh rating
    store = Store(db_url)
    create_contest(store, "rr", "aliens", ["greedy:creeping_rot", "random:mind_storm", "random:frozen_bastion"],
                   games_per_pairing=2)
    run_part(store, "rr", 1)
    with store.session() as s:
        c = get_contest(s, "rr")
        seated = {x.entry_id for m in s.scalars(select(Match).where(Match.status == "finished")) for x in m.seats}
        idle = next(e.number for e in c.entries if e.id not in seated)
    assert cli(db_url, "withdraw", "rr", str(idle)).exit_code == 0
    assert cli(db_url, "run", "rr", "-q", "--workers", "1").exit_code == 0
    board = json.loads(cli(db_url, "report", "rr", "--json").output)["leaderboard"]
    assert any(r["games"] and r["score"] == 0 for r in board)  # an entry lost every game it played
    assert board[-1]["entry"] == idle and board[-1]["games"] == 0 and board[-1]["withdrawn"]
    assert [r["rank"] for r in board] == [1, 2, 3]
    store.dispose()


def test_an_entry_withdrawn_before_migration_0006_stays_withdrawn(db_url: str) -> None:
    store = Store(db_url)
    create_contest(store, "rr", "aliens", THREE)
    run_part(store, "rr", 1)
    withdraw(store, "rr", "3")  # a round robin's withdrawn entry was known by its withdrawn games alone
    with as_file(files("cardarena.arena").joinpath("migrations")) as where, store.engine.connect() as conn:
        if conn.dialect.name == "sqlite":  # dropping a column copies the table: no cascade from its old copy
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
        cfg = alembic_config(where)
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0005")
        conn.commit()
    store.upgrade()
    assert [e["withdrawn"] for e in status(db_url, "rr")["entries"]] == [False, False, True]
    store.dispose()


def test_withdrawing_the_last_games_finishes_the_contest(db_url: str) -> None:
    store = Store(db_url)
    create_contest(store, "duo", "aliens", ["random:mind_storm", "greedy:creeping_rot"], games_per_pairing=4)
    run_part(store, "duo", 1)
    done = withdraw(store, "duo", "greedy:creeping_rot")
    assert (done.removed, done.cancelled, done.played, done.finished) == (False, 3, 1, True)
    with store.session() as s:
        st = contest_status(s, "duo")
        assert st["status"] == "finished" and st["games"]["expected"] == st["games"]["finished"] == 1
        assert s.scalar(select(func.count()).select_from(Rating)) == 2
    store.dispose()


def entry_rounds(store: Store, name: str) -> dict[int, list[tuple[int, str]]]:
    """Each entry's (round, game status) of every slot it sits in, by entry number; byes as status "bye"."""
    with store.session() as s:
        c = get_contest(s, name)
        number = {e.id: e.number for e in c.entries}
        out: dict[int, list[tuple[int, str]]] = {e.number: [] for e in c.entries}
        for m in s.scalars(select(Match).where(Match.contest_id == c.id).order_by(Match.round, Match.id)):
            for seat in m.seats:
                out[number[seat.entry_id or 0]].append((m.round or 0, m.status))
        return out


def test_an_entry_withdrawn_from_a_started_swiss_contest_finishes_its_round_and_is_paired_no_more(
        db_url: str) -> None:
    store = Store(db_url)
    create_contest(store, "sw", "aliens", [*THREE, "random:frozen_bastion"], pairing="swiss", rounds=3)
    run_part(store, "sw", 3)  # round 1: two pairings of two games; one game left
    with store.session() as s:
        last = s.scalars(select(Match).where(Match.status == "scheduled")).one()
        target = next(e.number for e in get_contest(s, "sw").entries if e.id == last.seats[0].entry_id)
    r = cli(db_url, "withdraw", "sw", str(target))
    assert r.exit_code == 0, r.output
    assert ("it is paired in no later round, and finishes the 1 game(s) of the round already paired; 0 game(s) it "
            "had still to play will not be played; the 1 game(s) it played stay in the record") in r.output, r.output
    st = status(db_url, "sw")
    assert [e["withdrawn"] for e in st["entries"]] == [e["entry"] == target for e in st["entries"]]
    assert st["games"]["expected"] == 4 + 2 + 2  # round 1 as paired; then three entries: one pairing and a bye
    assert "(withdrawn)" in cli(db_url, "status", "sw").output
    r = cli(db_url, "withdraw", "sw", str(target))
    assert r.exit_code == 2 and "is already withdrawn" in r.output

    r = cli(db_url, "run", "sw", "-q", "--workers", "1")
    assert r.exit_code == 0 and "8/8 stored, finished" in r.output, r.output
    seen = entry_rounds(store, "sw")
    assert seen[target] == [(1, "finished"), (1, "finished")]  # its round finished, then never paired
    others = [n for n in seen if n != target]
    byes = sorted(n for n in others if any(status == "bye" for _, status in seen[n]))
    assert len(byes) == 2 and all(sum(status == "bye" for _, status in seen[n]) == 1 for n in byes)
    assert all(rnd == 1 or status in ("finished", "bye") for n in others for rnd, status in seen[n])
    data = json.loads(cli(db_url, "report", "sw", "--json").output)
    row = next(x for x in data["leaderboard"] if x["entry"] == target)
    assert row["withdrawn"] and row["games"] == 2 and row["rating"] is not None
    assert data["games"]["finished"] == data["games"]["expected"] == 8 and data["contest"]["status"] == "finished"
    # no game it did not play scores for anyone: match points are the pairings won and the byes
    assert sum(x["match_points"] for x in data["leaderboard"]) == 2 + 1 + 1 + 1 + 1
    assert "(withdrawn)" in cli(db_url, "report", "sw").output
    store.dispose()


def test_no_entry_withdraws_from_a_swiss_contest_in_its_last_round(db_url: str) -> None:
    store = Store(db_url)
    create_contest(store, "sw", "aliens", [*THREE, "random:frozen_bastion"], pairing="swiss", rounds=1)
    assert withdraw(store, "sw", "4").removed  # before the start: removed
    run_part(store, "sw", 1)
    before = rows(store)
    r = cli(db_url, "withdraw", "sw", "1")
    assert r.exit_code == 2 and "has played in the last round of contest 'sw'" in r.output, r.output
    assert rows(store) == before
    store.dispose()


def test_a_swiss_contest_with_one_entry_left_pairs_no_more_rounds(db_url: str) -> None:
    store = Store(db_url)
    create_contest(store, "sw", "aliens", THREE, pairing="swiss", rounds=2)  # round 1: a pairing and a bye
    run_part(store, "sw", 1)
    seen = entry_rounds(store, "sw")
    bye = next(n for n, slots in seen.items() if (1, "bye") in slots)
    paired = [n for n in seen if n != bye]
    assert cli(db_url, "withdraw", "sw", str(bye)).exit_code == 0
    assert status(db_url, "sw")["games"]["expected"] == 2 + 2  # two play on: round 2 pairs them
    r = cli(db_url, "withdraw", "sw", str(paired[0]))
    assert r.exit_code == 0 and "finishes the 1 game(s) of the round already paired" in r.output, r.output
    st = status(db_url, "sw")
    assert st["status"] == "running" and st["games"]["expected"] == 2  # its round still has a game to play
    r = cli(db_url, "run", "sw", "-q", "--workers", "1")
    assert r.exit_code == 0 and "2/2 stored, finished" in r.output, r.output
    assert max(rnd for slots in entry_rounds(store, "sw").values() for rnd, _ in slots) == 1
    said = " ".join(cli(db_url, "status", "sw").output.split())  # not "round 1 of 2" for a finished contest
    assert "status finished" in said and "1 of 2 rounds played (fewer than two entries left)" in said, said
    store.dispose()


def _start_run(db_url: str, name: str) -> subprocess.Popen[bytes]:
    """`contest run NAME` in a process of its own, once it plays the contest's first round (paired)."""
    cmd = [sys.executable, "-m", "cardarena.cli", "contest", "--db", db_url, "run", name, "--workers", "1", "-q"]
    proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not (st := status(db_url, name))["playing"] or not st["games"]["scheduled"]:
        assert proc.poll() is None, proc.stderr.read()  # type: ignore[union-attr]
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return proc


@pytest.mark.parametrize("pairing", ["round-robin", "swiss"])
def test_an_entry_withdraws_while_a_run_plays_the_contest_in_another_process(db_url: str, pairing: str) -> None:
    store = Store(db_url)
    entries = [f"ismcts:iters=30:{d}" for d in ("mind_storm", "creeping_rot", "frozen_bastion", "event_horizon")]
    create_contest(store, "c", "aliens", entries, pairing=pairing, rounds=2 if pairing == "swiss" else None)
    proc = _start_run(db_url, "c")
    try:
        r = cli(db_url, "withdraw", "c", "4")
        assert r.exit_code == 0 and "withdrew entry #4" in r.output, r.output
        ran, _ = proc.communicate(timeout=600)
    finally:
        kill_group(proc.pid)
    assert proc.returncode == 0 and b"stored, finished" in ran, ran
    st = status(db_url, "c")
    g = st["games"]
    assert st["status"] == "finished" and g["scheduled"] == 0 and g["finished"] == g["expected"], g
    seen = entry_rounds(store, "c")
    data = json.loads(cli(db_url, "report", "c", "--json").output)
    mine = next(x for x in data["leaderboard"] if x["entry"] == 4)
    assert mine["withdrawn"] and mine["games"] == sum(status == "finished" for _, status in seen[4])
    if pairing == "swiss":  # its round 1 played out, round 2 paired without it
        assert seen[4] == [(1, "finished"), (1, "finished")] and g["expected"] == 4 + 2
    else:  # what it had not played when it withdrew is never played, nor stored as anyone's win
        assert g["withdrawn"] >= 1 and mine["games"] + g["withdrawn"] == 6
        assert sum(x["games"] for x in data["leaderboard"]) == 2 * g["finished"]
    store.dispose()


def test_help_explains_each_command() -> None:
    for cmd, words in (("rename", "checked as `contest new` checks a name"), ("delete", "--yes"),
                       ("withdraw", "Before the contest starts the entry is removed")):
        r = runner.invoke(app, ["contest", cmd, "--help"], terminal_width=200)
        assert r.exit_code == 0 and words in " ".join(r.output.split()), r.output
    top = runner.invoke(app, ["contest", "--help"], terminal_width=200).output
    assert all(cmd in top for cmd in ("rename", "delete", "withdraw"))


def test_the_lock_file_of_a_deleted_sqlite_contest_goes_with_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'a.db'}"
    store = Store(url)
    create_contest(store, "c", "aliens", ["random", "greedy"])
    run_contest(store, "c", workers=1)
    assert [p.name for p in (tmp_path / "a.db-runs").iterdir()] == ["1"]
    delete_contest(store, "c")
    assert list((tmp_path / "a.db-runs").iterdir()) == []
    store.dispose()
