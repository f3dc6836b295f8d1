"""A designer's sweep of the balance lab, through the commands a designer types (CliRunner)."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardarena.cli import app
from cardarena.sim.rows import play_batch, read_rows


def _sim(*args: str) -> str:
    r = CliRunner().invoke(app, ["sim", *args, "--workers", "1", "--no-report"])
    assert r.exit_code == 0, r.output
    return r.output


def test_a_game_of_rounds_reports_who_acted_first_in_round_1_and_when_each_card_came(tmp_path: Path) -> None:
    """mastery logs `round` events, no `turn` event: its first player was read from the state's `first`
    at the end, the first player of the *last* Round (it alternates, rule mastery.3.9), so the report's
    "first player wins" measured the wrong seat; every card's first-play turn was 0, and no peak (a
    `peak_share` gate on `round`) could be measured."""
    common = ["mastery", "--games", "4", "--seed", "5", "--decks", "dawn_vanguard,stone_bastion",
              "--rule", "round_cap=2"]  # every game ends after Round 2, whose first player is not Round 1's
    _sim(*common, "--logs", "--out", str(tmp_path / "log"))
    _sim(*common, "--no-cards", "--out", str(tmp_path / "fast"))
    rows = read_rows(tmp_path / "log")
    assert len(rows) == 4
    for r in rows:
        log = json.loads((tmp_path / "log" / "logs" / f"game-{r['task']:06d}.json").read_text())["log"]
        rounds = [e for e in log if e["type"] == "round"]
        assert r["first_player"] == rounds[0]["first"] != rounds[-1]["first"]
        assert r["peaks"] == {"round": 2} and r["turns"] == len(rounds) == 2  # the Round, not the AP setting
        played = [c["turn"] for c in r["cards"]]
        assert set(played) <= {0, 1, 2} and {1, 2} <= set(played)  # the Heroes at set-up, then Rounds 1 and 2
    # the log switched off after set-up (--no-cards) still gives Round 1's first player
    assert [r["first_player"] for r in read_rows(tmp_path / "fast")] == [r["first_player"] for r in rows]


def _slow_batch(batch: list[Any]) -> list[Any]:
    """A batch that takes a second (a long game), marking the moment it starts."""
    (Path(os.environ["CARDARENA_TEST_MARKS"]) / f"{batch[0].index:04d}").write_text(repr(time.time()))
    time.sleep(1.0)
    return play_batch(batch)


def test_ctrl_c_waits_only_for_the_running_batches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool was handed every batch at once and moved two of them to its workers' queue, where they
    could no longer be cancelled: after Ctrl-C a 1-worker run played two more batches than the one
    running (minutes with slow automatons), though 'games not started are cancelled'."""
    import cardarena.sim.backends as backends

    marks = tmp_path / "marks"
    marks.mkdir()
    monkeypatch.setenv("CARDARENA_TEST_MARKS", str(marks))
    monkeypatch.setattr(backends, "play_batch", _slow_batch)  # the forked workers inherit it
    pressed: list[float] = []

    def ctrl_c() -> None:
        pressed.append(time.time())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(2.5, ctrl_c)  # batches of 2 games start about each second
    timer.start()
    try:
        r = CliRunner().invoke(app, ["sim", "circuits", "--games", "16", "--workers", "1", "--no-report",
                                     "--out", str(tmp_path / "run")])
    finally:
        timer.cancel()
    said = " ".join(r.output.split())
    assert r.exit_code == 130 and pressed, said
    started = sorted(float(m.read_text()) for m in marks.iterdir())
    assert [t for t in started if t > pressed[0]] == [], said  # nothing began after Ctrl-C
    kept = len(read_rows(tmp_path / "run"))
    assert kept == 2 * len(started) < 16 and f"stopped: {kept} of 16 games kept" in said, said


def test_a_misspelt_starter_in_decks_lists_the_starters(tmp_path: Path) -> None:
    """`--decks dawn_vangard` said only 'file not found', where `cardarena match` names the starters."""
    for given in (["--decks", "dawn_vangard,stone_bastion"], ["--p1", "random:dawn_vangard"]):
        r = CliRunner().invoke(app, ["sim", "mastery", "--games", "2", "--workers", "1", "--no-report",
                                     "--out", str(tmp_path / "run"), *given])
        said = " ".join(r.output.split())
        assert r.exit_code == 1, said
        assert ("dawn_vangard: deck is not legal (1 problem(s)): - file not found, and no mastery starter has that "
                "name (starters: dawn_vanguard, stone_bastion, storm_scholars, venom_circle)") in said, said
        assert not (tmp_path / "run" / "rows").exists()


def test_the_help_shows_the_card_file_tables_and_where_rule_names_are_listed() -> None:
    """`sim --help` read 'its [] replace the game's cards' (the markup ate `[[cards]]`), and --rule and
    --variant did not say where a designer finds the rule parameters' names and ranges."""
    r = CliRunner().invoke(app, ["sim", "--help"], terminal_width=200)
    said = " ".join(r.output.replace("│", " ").split())
    assert r.exit_code == 0, said
    assert "its [[cards]] replace the game's cards" in said, said
    assert "`cardarena games --json` lists each game's, with its default and range" in said, said
    # what --no-cards costs besides the per-card statistics (the peaks a gate may need)
    assert "no per-card statistics, event counts or peaks" in said, said
    r = CliRunner().invoke(app, ["sim-report", "--help"], terminal_width=200)
    said = " ".join(r.output.replace("│", " ").split())
    assert "runs played with other cards (--cards) are compared, never pooled" in said, said


def test_the_report_writes_its_numbers_as_csv_for_a_spreadsheet(tmp_path: Path) -> None:
    """The report's numbers were only in HTML text ("0.625 [0.306, 0.863] (5/8)") and PNGs: a designer
    had to re-derive them from the Parquet rows to sort or chart them in a spreadsheet."""
    import csv

    out = tmp_path / "run"
    r = CliRunner().invoke(app, ["sim", "mastery", "--games", "4", "--workers", "1", "--decks",
                                 "dawn_vanguard,stone_bastion", "--variant", "ap=10", "--out", str(out)])
    said = " ".join(r.output.split())
    assert r.exit_code == 0, said
    assert ("tables (CSV): mastery-cards.csv, mastery-matchups.csv, mastery-summary.csv, "
            "mastery-variants.csv") in said, said
    rows = read_rows(out)

    def table(kind: str) -> list[dict[str, str]]:
        with (out / "report" / f"mastery-{kind}.csv").open(encoding="utf-8") as f:
            return list(csv.DictReader(f))

    for m in table("matchups"):  # every count as the rows give it, its interval in columns of its own
        games = [x for x in rows if x["variant"] == m["variant"] and m["deck"] in x["decks"]]
        wins = sum(x["winner"] is not None and x["decks"][x["winner"]] == m["deck"] for x in games)
        assert len(games) == 4 and (int(m["k"]), int(m["n"])) == (wins, 4)
        assert float(m["lo95"]) <= float(m["value"]) == wins / 4 <= float(m["hi95"])
    assert {m["variant"] for m in table("matchups")} == {"printed rules", "ap=10"}
    first = [s for s in table("summary") if s["measure"] == "first player wins" and s["variant"] == "ap=10"]
    decisive = [x for x in rows if x["variant"] == "ap=10" and x["winners"]]
    assert [int(first[0]["n"])] == [len(decisive)]
    assert {c["card"] for c in table("cards")} >= {"Mira Dawnsong", "Slash"}
    diffs = {d["measure"]: d for d in table("variants")}
    assert float(diffs["matchup dawn_vanguard vs stone_bastion"]["lo95"]) <= float(
        diffs["matchup dawn_vanguard vs stone_bastion"]["difference"])
    assert "mastery-matchups.csv" in (out / "report" / "report.html").read_text(encoding="utf-8")


def test_a_misspelt_value_of_an_optional_field_in_a_card_file_says_what_it_may_be(tmp_path: Path) -> None:
    """A mastery Technique's `access.cls = "Atacker"` said only "Invalid enum value 'Atacker'", where a
    misspelt verb names the verbs: an optional field (`cls: HeroClass | None`) got no hint."""
    slash = CliRunner().invoke(app, ["cards", "mastery", "slash", "--toml"])
    assert slash.exit_code == 0, slash.output
    card = tmp_path / "slash.toml"
    card.write_text(slash.output.replace('cls = "Attacker"', 'cls = "Atacker"'), encoding="utf-8")
    r = CliRunner().invoke(app, ["sim", "mastery", "--games", "2", "--workers", "1", "--no-report",
                                 "--cards", str(card), "--out", str(tmp_path / "run")])
    said = " ".join(r.output.split())
    assert r.exit_code == 2, said
    assert ("card 'Slash': Invalid enum value 'Atacker' - at `access.cls` (did you mean 'Attacker'? one of: "
            "Attacker, Support, Tank)") in said, said
    assert not (tmp_path / "run" / "rows").exists()


def test_a_run_says_its_seeds_and_pooling_says_where_a_run_adding_games_starts(tmp_path: Path) -> None:
    """'give another run another --seed to add games': a designer giving --seed 1 after --seed 0 replayed
    most of the first run's deals (seeds S + m×games + j overlap), some of them exactly (dropped)."""
    base = ["mastery", "--games", "4", "--p1", "random:dawn_vanguard", "--p2", "random:stone_bastion"]
    said = " ".join(_sim(*base, "--out", str(tmp_path / "a")).split())
    assert "mastery: 4 games (4 per pair and variant, seeds 0–3)" in said, said
    _sim(*base, "--seed", "2", "--out", str(tmp_path / "b"))
    r = CliRunner().invoke(app, ["sim-report", str(tmp_path / "a"), str(tmp_path / "b"), "--out", str(tmp_path / "r")])
    said = " ".join(r.output.split())
    assert r.exit_code == 0, said
    assert "2 game(s) are stored twice" in said and "a run adding games starts at --seed 6" in said, said


def test_a_player_deciding_by_the_clock_is_said_not_to_reproduce(tmp_path: Path) -> None:
    """'The same task gives the same row on any machine': not with `ismcts:ms=N`, whose search stops at a
    time, so two runs of one seed differ (and variants are no longer played on the same games)."""
    said = " ".join(_sim("mastery", "--games", "1", "--p1", "ismcts:ms=1", "--out", str(tmp_path / "run")).split())
    assert "mastery: 1 game (1 per pair and variant, seed 0)" in said, said
    assert ("warning: ismcts:ms=1 decides by the clock: the same seed may give other games (another machine, "
            "another load), so the rows do not reproduce") in said, said
    said = " ".join(_sim("mastery", "--games", "1", "--p1", "ismcts:iters=2", "--out", str(tmp_path / "b")).split())
    assert "decides by the clock" not in said, said


def test_a_deck_file_of_another_game_is_one_clear_problem(tmp_path: Path) -> None:
    """`sim aliens --decks mastery_deck.toml,...` listed 21 problems (every aliens deck rule the mastery
    deck breaks) where `cardarena match` says the one that matters."""
    deck = tmp_path / "dv.toml"
    deck.write_text(CliRunner().invoke(app, ["decks", "mastery", "dawn_vanguard"]).output, encoding="utf-8")
    r = CliRunner().invoke(app, ["sim", "aliens", "--games", "2", "--workers", "1", "--no-report",
                                 "--decks", f"{deck},mind_storm", "--out", str(tmp_path / "run")])
    said = " ".join(r.output.split())
    assert r.exit_code == 1, said
    assert "deck is not legal (1 problem(s)): - this deck is for mastery, not for aliens" in said, said


def test_a_card_no_deck_lists_has_no_play_rate(tmp_path: Path) -> None:
    """A mastery Path's Level 2 Techniques are in no deck list: counted only in the seat-games that played
    them, their play rate read 1.00 ("played in every game holding it") with no game not played."""
    import csv

    out = tmp_path / "run"
    _ = " ".join(CliRunner().invoke(app, [
        "sim", "mastery", "--p1", "greedy", "--p2", "greedy", "--games", "4", "--workers", "1", "--decks",
        "dawn_vanguard,stone_bastion", "--out", str(out)]).output.split())
    with (out / "report" / "mastery-cards.csv").open(encoding="utf-8") as f:
        cards = {c["card"]: c for c in csv.DictReader(f)}
    elsewhere = [c for c in cards.values() if c["in_deck_lists"] == "no"]
    assert elsewhere and cards["Slash"]["in_deck_lists"] == "yes" and cards["Slash"]["play_value"]
    for c in elsewhere:
        info = json.loads(CliRunner().invoke(app, ["cards", "mastery", c["card"], "--json"]).output)
        assert info["level"] == 2 and c["play_value"] == "" and int(c["win_played_n"]) == int(c["seat_games"]) > 0
    page = (out / "report" / "report.html").read_text(encoding="utf-8")
    assert f"<td>{elsewhere[0]['kind']}</td><td>{elsewhere[0]['seat_games']}</td><td>not in a deck list</td>" in page


def test_a_game_of_rounds_reports_its_length_in_rounds(tmp_path: Path) -> None:
    """mastery counts Rounds (its result says 'after 7 Rounds'); the report said 'turns'."""
    out = tmp_path / "run"
    r = CliRunner().invoke(app, ["sim", "mastery", "--games", "2", "--workers", "1", "--out", str(out)],
                           terminal_width=200)
    assert r.exit_code == 0, r.output
    assert "│ rounds " in r.output and "│ turns " not in r.output, r.output
    page = (out / "report" / "report.html").read_text(encoding="utf-8")
    assert "<td>rounds</td>" in page and "<td>turns</td>" not in page
    r = CliRunner().invoke(app, ["sim", "aliens", "--games", "2", "--workers", "1", "--out", str(tmp_path / "a")])
    assert r.exit_code == 0 and "<td>turns</td>" in (tmp_path / "a" / "report" / "report.html").read_text(encoding="utf-8")


def test_a_manifest_bot_is_named_by_its_manifest_name(tmp_path: Path) -> None:
    """A bot manifest's `name` (docs/protocol.md) is how the report names that player; the report said
    `bot:/path/to/file.toml`. A manifest without a name keeps its file name."""
    bot = Path(__file__).resolve().parents[2] / "examples" / "bots" / "random_bot.py"
    named, plain = tmp_path / "named.toml", tmp_path / "plain.toml"
    named.write_text(f'command = ["python3", "{bot}"]\nname = "Ada\'s random"\nauthor = "Ada"\n')
    plain.write_text(f'command = ["python3", "{bot}"]\n')
    r = CliRunner().invoke(app, ["sim", "mastery", "--p1", f"bot:{named}", "--p2", f"bot:{plain}", "--games", "2",
                                 "--workers", "1", "--out", str(tmp_path / "run")])
    assert r.exit_code == 0, r.output
    measures = [line.split(",")[2] for line in
                (tmp_path / "run" / "report" / "mastery-summary.csv").read_text().splitlines()[1:]]
    players = [m.rsplit(" (", 1)[0] for m in measures if m.startswith("P")]
    assert players == ["P1 Ada's random", f"P2 bot:{plain}"]


def test_a_variant_is_compared_game_by_game_on_the_same_deals(tmp_path: Path) -> None:
    """A run's variants play the same deals as the baseline (same seed, decks and seats), but each
    difference was computed as if the arms were two independent samples (the twins' correlation
    ignored): paired, the interval is the per-game differences' own. Pooled with games of another seed
    in one arm only, the arms are no longer twins, and the report says so."""
    import csv
    import math
    import statistics

    out = tmp_path / "run"
    r = CliRunner().invoke(app, ["sim", "mastery", "--games", "12", "--workers", "1", "--variant", "ap=10",
                                 "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "paired: each of the 12 games has its twin" in " ".join(r.output.split())
    rows = read_rows(out)

    def table(report: Path) -> dict[str, dict[str, str]]:
        with (report / "mastery-variants.csv").open(encoding="utf-8") as f:
            return {d["measure"]: d for d in csv.DictReader(f)}

    def twin(x: dict[str, Any]) -> tuple[Any, ...]:
        return x["seed"], tuple(x["decks"]), x["p1_seat"]

    base = {twin(x): x for x in rows if x["variant"] == "printed rules"}
    for measure, of_game in (("P1 win rate", lambda x: float(x["p1_seat"] in x["winners"])),
                             ("mean turns", lambda x: float(x["turns"]))):
        ds = [of_game(x) - of_game(base[twin(x)]) for x in rows if x["variant"] == "ap=10"]
        mean, half = statistics.fmean(ds), 1.959964 * statistics.stdev(ds) / math.sqrt(len(ds))
        got = table(out / "report")[measure]
        assert got["paired"] == "yes"
        assert math.isclose(float(got["lo95"]), mean - half, abs_tol=1e-5), (measure, got, ds)
        assert math.isclose(float(got["hi95"]), mean + half, abs_tol=1e-5), (measure, got, ds)
    assert table(out / "report")["first-player win rate"]["paired"] == "no"  # over decisive games, not the same in both
    more = tmp_path / "more"  # four baseline games of other seeds: the baseline arm has games with no twin
    r = CliRunner().invoke(app, ["sim", "mastery", "--games", "4", "--seed", "12", "--workers", "1",
                                 "--out", str(more), "--no-report"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(app, ["sim-report", str(out), str(more), "--out", str(tmp_path / "pooled")])
    assert r.exit_code == 0, r.output
    assert "not paired: 4 baseline and 0 variant games have no twin" in " ".join(r.output.split())
    assert {d["paired"] for d in table(tmp_path / "pooled").values()} == {"no"}
    page = (tmp_path / "pooled" / "report.html").read_text(encoding="utf-8")
    assert "not paired: 4 baseline and 0 variant games" in page


def test_a_report_made_elsewhere_names_a_manifest_bot_as_its_run_did(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The report read the manifest when it was made: `sim-report` run later from another folder, where
    the manifest's relative path no longer resolves, named the bot `bot:bots/mine.toml`, not its `name`.
    run.json records the names when the run starts; a run.json written before that still resumes."""
    bot = Path(__file__).resolve().parents[2] / "examples" / "bots" / "random_bot.py"
    home, elsewhere, run = tmp_path / "home", tmp_path / "elsewhere", tmp_path / "run"
    (home / "bots").mkdir(parents=True)
    elsewhere.mkdir()
    (home / "bots" / "mine.toml").write_text(f'command = ["python3", "{bot}"]\nname = "My Bot"\n')
    monkeypatch.chdir(home)
    _sim("mastery", "--p1", "bot:bots/mine.toml", "--games", "2", "--out", str(run))
    plan = json.loads((run / "run.json").read_text())
    assert plan["agent_names"] == {"bot:bots/mine.toml": "My Bot", "random": "random"}
    monkeypatch.chdir(elsewhere)
    r = CliRunner().invoke(app, ["sim-report", str(run)], terminal_width=200)
    assert r.exit_code == 0, r.output
    assert "P1 My Bot" in r.output and "bots/mine.toml" not in r.output, r.output
    measures = [line.split(",")[2] for line in (run / "report" / "mastery-summary.csv").read_text().splitlines()[1:]]
    assert [m.rsplit(" (", 1)[0] for m in measures if m.startswith("P")] == ["P1 My Bot", "P2 random"]
    # a run.json written before the names were kept: the run resumes, and its names are recorded then
    del plan["agent_names"]
    (run / "run.json").write_text(json.dumps(plan))
    monkeypatch.chdir(home)
    _sim("--resume", "--out", str(run))
    assert json.loads((run / "run.json").read_text())["agent_names"]["bot:bots/mine.toml"] == "My Bot"


def test_runs_that_named_one_spec_otherwise_give_the_report_both_names(tmp_path: Path) -> None:
    """The same relative manifest path read from two folders is two bots: the report says both names."""
    from cardarena.sim.command import _agent_names
    from cardarena.sim.runner import Plan, save_plan

    for folder, name in (("a", "Ada"), ("b", "Bob"), ("c", "Ada")):
        save_plan(Plan(game="mastery", players=["bot:mine.toml", "random"], games=1,
                       agent_names={"bot:mine.toml": name, "random": "random"}), tmp_path / folder)
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "run.json").write_text(json.dumps({"game": "mastery", "players": ["random"], "games": 1}))
    dirs = [tmp_path / f for f in ("a", "b", "c", "old")]
    assert _agent_names(dirs) == {"bot:mine.toml": "Ada/Bob", "random": "random"}
