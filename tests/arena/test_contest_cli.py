"""`cardarena contest ...` as a user types it: new, status, run, report, replay."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from arena_support import illegal_deck
from typer.testing import CliRunner

from cardarena.cli import app

runner = CliRunner()


def cli(db: str, *args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["contest", "--db", db, *args])


def test_a_contest_from_the_command_line(sqlite_url: str, tmp_path: Path) -> None:
    r = cli(sqlite_url, "new", "cup", "--game", "aliens", "--entry", "random:mind_storm", "--entry",
            f"random:{illegal_deck(tmp_path)}", "--entry", "nosuchbot:mind_storm")
    assert r.exit_code == 2
    assert "4 problem(s)" in r.output and "exactly 3 Aliens" in r.output and "unknown agent 'nosuchbot'" in r.output

    r = cli(sqlite_url, "new", "cup", "--game", "aliens", "--format", "round-robin", "--games-per-pairing", "2",
            "--entry", "random:mind_storm", "--entry", "random:creeping_rot", "--entry", "ismcts:iters=5:mind_storm")
    assert r.exit_code == 0, r.output
    assert "3 entries, 6 games to play" in r.output
    assert "cup" in cli(sqlite_url, "status").output

    r = cli(sqlite_url, "run", "cup", "--workers", "1")
    assert r.exit_code == 0, r.output
    assert "6 game(s) played now, 6/6 stored, finished" in r.output

    r = cli(sqlite_url, "status", "cup")
    assert "games: 6 finished, 0 engine errors, 0 scheduled, 6 in all" in r.output

    r = cli(sqlite_url, "report", "cup")
    assert r.exit_code == 0 and "leaderboard" in r.output and "win matrix" in r.output and "openskill" in r.output
    data = json.loads(cli(sqlite_url, "report", "cup", "--json").output)
    assert data["games"]["finished"] == 6 and len(data["leaderboard"]) == 3
    # how long each entry thought: every decision of its 4 games counted, the search slower than random
    think = {r["agent"]: r["thinking"] for r in data["leaderboard"]}
    assert all(t["decisions"] > 4 and t["longest"] <= t["seconds"] for t in think.values())
    assert think["ismcts:iters=5"]["mean"] > think["random"]["mean"]
    assert "s/decision (longest)" in r.output

    status = json.loads(cli(sqlite_url, "status", "cup", "--json").output)
    assert status["status"] == "finished" and [e["entry"] for e in status["entries"]] == [1, 2, 3]

    # every game with its match id, what `contest replay` asks for
    games = data["matches"]
    assert len(games) == 6 and all(len(g["entries"]) == 2 and len(g["winners"]) <= 1 for g in games)
    assert {g["reason"] for g in games} == set(data["games"]["reasons"])
    match_id = games[0]["match"]
    out = tmp_path / "game.json"
    r = cli(sqlite_url, "replay", "cup", str(match_id), "--out", str(out))
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["replay", str(out), "--verify"])
    assert r.exit_code == 0 and "OK" in r.output


def test_swiss_from_the_command_line_and_unknown_contests(sqlite_url: str) -> None:
    r = cli(sqlite_url, "new", "sw", "--game", "circuits", "--format", "swiss", "--rounds", "2",
            "--entry", "random:forgeblade", "--entry", "random:lumen_warden", "--entry", "random:volt_reaver")
    assert r.exit_code == 0, r.output
    assert cli(sqlite_url, "run", "sw", "--workers", "1", "-q").exit_code == 0
    r = cli(sqlite_url, "report", "sw")
    assert "points" in r.output and "Buchholz" in r.output
    r = cli(sqlite_url, "report", "nope")
    assert r.exit_code == 2 and "no contest named 'nope'; contests: sw" in r.output
    r = cli(sqlite_url, "run", "nope")  # refused before any progress bar is drawn
    assert r.exit_code == 2 and "no contest named 'nope'" in r.output and "0:00" not in r.output
    r = cli(sqlite_url, "new", "odd", "--game", "aliens", "--games-per-pairing", "3", "--entry", "random")
    assert r.exit_code == 2 and "must be even" in r.output


def test_a_contest_whose_name_seed_or_counts_cannot_be_kept_is_refused_whole(db_url: str, tmp_path: Path) -> None:
    long_name = tmp_path / "long.toml"
    from cardarena import load_game

    # a deck file's name has no limit; the entries table keeps 200 characters
    deck = dataclasses.replace(load_game("aliens").starter_decks()["mind_storm"], name="N" * 300)
    long_name.write_text(deck.to_toml())
    for args in (["a/b"], ["x" * 201], ["cup", "--seed", str(2**70)], ["cup", "--format", "swiss", "--rounds",
                                                                          str(2**40)]):
        r = cli(db_url, "new", *args, "--game", "aliens", "--entry", "random", "--entry", "greedy")
        assert r.exit_code == 2 and isinstance(r.exception, SystemExit), (args, r.exception, r.output)
    assert json.loads(cli(db_url, "status", "--json").output) == []
    r = cli(db_url, "new", "cup", "--game", "aliens", "--entry", f"ismcts:iters=5:{long_name}", "--entry",
            "random:" + str(long_name))
    assert r.exit_code == 0, (r.exception, r.output)
    status = json.loads(cli(db_url, "status", "cup", "--json").output)
    assert [len(e["deck"]) for e in status["entries"]] == [200, 200]


def test_the_report_says_who_made_a_web_contest(sqlite_url: str) -> None:
    from cardarena.arena.contest import create_contest
    from cardarena.arena.store import Store

    create_contest(Store(sqlite_url), "ada's", "aliens", ["random:mind_storm", "random:creeping_rot"], owner="ada")
    create_contest(Store(sqlite_url), "mine", "aliens", ["random:mind_storm", "random:creeping_rot"])
    assert "made by ada on the web" in cli(sqlite_url, "report", "ada's").output
    assert "made by" not in cli(sqlite_url, "report", "mine").output
    assert json.loads(cli(sqlite_url, "report", "ada's", "--json").output)["contest"]["owner"] == "ada"


def test_the_report_draws_scores_ratings_and_the_win_matrix(sqlite_url: str, tmp_path: Path) -> None:
    r = cli(sqlite_url, "new", "pic", "--game", "aliens", "--games-per-pairing", "2", "--entry", "random:mind_storm",
            "--entry", "greedy:creeping_rot", "--entry", "random:creeping_rot")
    assert r.exit_code == 0, r.output
    png = tmp_path / "pic.png"
    r = cli(sqlite_url, "report", "pic", "--plot", str(png))  # nothing played yet: nothing to draw
    assert r.exit_code == 1 and "no finished game to plot yet" in r.output and not png.exists()
    assert cli(sqlite_url, "run", "pic", "--workers", "1", "-q").exit_code == 0

    r = cli(sqlite_url, "report", "pic", "--json", "--plot", str(png))
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)  # the JSON stays clean: "wrote ..." goes to stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    import matplotlib.image

    assert matplotlib.image.imread(str(png)).shape[1] >= 900  # pixels wide: a readable picture

    from cardarena.arena.plots import contest_figure

    fig = contest_figure(data)
    score = next(ax for ax in fig.axes if ax.get_title().startswith("score"))
    board = data["leaderboard"]
    assert [t.get_text().split()[0] for t in score.get_yticklabels()] == [f"#{row['entry']}" for row in board]
    assert [round(p.get_width(), 6) for p in score.patches] == [round(row["rate"], 6) for row in board]
    matrix = next(ax for ax in fig.axes if ax.get_title().startswith("win matrix"))
    shown = matrix.images[0].get_array()
    for a, line in enumerate(data["matrix"]["cells"]):
        for b, cell in enumerate(line):
            assert (cell is None and bool(shown.mask[a][b])) or shown[a][b] == cell["rate"]

    for bad, why in ((tmp_path / "no" / "x.png", "does not exist"), (tmp_path / "x.svg", "writes a PNG")):
        r = cli(sqlite_url, "report", "pic", "--plot", str(bad))
        assert r.exit_code == 1 and why in r.output and not bad.exists()


def test_run_with_bot_log_keeps_each_external_bots_transcript(sqlite_url: str, tmp_path: Path) -> None:
    bot = Path(__file__).resolve().parents[2] / "examples" / "bots" / "random_bot.py"
    r = cli(sqlite_url, "new", "logged", "--game", "aliens", "--games-per-pairing", "2",
            "--entry", "random:mind_storm", "--entry", f'cmd:"python3 {bot}":creeping_rot')
    assert r.exit_code == 0, r.output
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    r = cli(sqlite_url, "run", "logged", "--bot-log", str(blocked / "logs"))
    assert r.exit_code == 2 and "cannot make that folder" in r.output, r.output
    logs = tmp_path / "logs"
    r = cli(sqlite_url, "run", "logged", "--workers", "2", "--bot-log", str(logs), "--quiet")
    assert r.exit_code == 0 and "2/2 stored, finished" in r.output, r.output
    files = sorted(logs.iterdir())
    assert len(files) == 2 and all(f.name.startswith("match-") for f in files)  # one per game: the bot's seat only
    for f in files:
        lines = [json.loads(x) for x in f.read_text().splitlines()]
        seat = int(f.stem.rsplit("-p", 1)[1]) - 1
        assert lines[1]["sent"]["type"] == "start" and lines[1]["sent"]["seat"] == seat
        assert lines[-2]["sent"]["type"] == "end" and lines[-1]["stderr"] == ""
