"""Gates: the committed gates hold on their sample; a broken gate fails the run, naming itself with
its measured value and interval."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from cardarena.cli import app
from cardarena.sim.gates import GateFileError, load_gates

ROOT = Path(__file__).resolve().parents[2]
GATE_FILES = sorted((ROOT / "docs" / "balance").glob("*.gates.toml"))
runner = CliRunner()


@pytest.mark.parametrize("path", GATE_FILES, ids=lambda p: p.stem)
def test_committed_gates_hold_on_their_sample(path: Path, tmp_path: Path) -> None:
    gf = load_gates(path)
    s = gf.sample
    assert gf.game and s, f"{path.name} needs game and [sample]"
    args = ["sim", gf.game, "--p1", s["players"][0], "--p2", s["players"][1], "--games", str(s["games"]),
            "--seed", str(s.get("seed", 0)), "--workers", "2", "--out", str(tmp_path / "run"), "--gates", str(path),
            "--no-report"]
    for d in s.get("decks", []):
        args += ["--decks", d]
    if gf.format:  # e.g. circuits Squad (circuits-squad.gates.toml)
        args += ["--format", gf.format]
    if "check" in s:  # a small sample checks its gates as "plausible" (docs/balance/README.md)
        args += ["--check", s["check"]]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    assert "0 broken" in r.output


def test_every_game_has_a_gates_file_with_the_starter_matchup_gate() -> None:
    games = {p.name.split(".")[0].split("-")[0] for p in GATE_FILES}
    assert games >= {"aliens", "circuits", "frontline", "mastery"}
    for path in GATE_FILES:
        gf = load_gates(path)
        pairs = [g for g in gf.gates if g.metric == "matchup_win_rate"]
        assert pairs and (pairs[0].min, pairs[0].max) == (0.30, 0.70), path.name
        assert gf.sample["players"] == ["greedy", "greedy"], path.name


def test_plausible_check_breaks_only_when_the_whole_interval_is_outside() -> None:
    from cardarena.sim.gates import Gate, _judge

    gate = Gate("pairs", "matchup_win_rate", min=0.30, max=0.70, check="plausible")
    assert _judge(gate, 0.8, (0.62, 0.91))  # outside by value, but 0.62-0.70 is still plausible
    assert _judge(gate, 0.25, (0.12, 0.45))
    assert not _judge(gate, 0.95, (0.76, 0.99))  # the data contradict the gate
    assert not _judge(gate, 0.05, (0.01, 0.24))
    assert not _judge(Gate("v", "matchup_win_rate", min=0.30, max=0.70), 0.8, (0.62, 0.91))  # "value"


def test_a_gates_file_with_a_format_judges_only_that_formats_games(tmp_path: Path) -> None:
    gates = tmp_path / "squad.gates.toml"
    gates.write_text('game = "circuits"\nformat = "squad"\n[[gate]]\nname = "short games"\n'
                     'metric = "turns_median"\nmax = 500\n')
    def run(out: str, *play: str) -> Result:
        return runner.invoke(app, ["sim", "circuits", "--games", "2", *play, "--workers", "1", "--no-report",
                                   "--gates", str(gates), "--out", str(tmp_path / out)])

    duel = runner.invoke(app, ["sim", "circuits", "--games", "2", "--decks", "forgeblade,sparkwright", "--workers",
                               "1", "--no-report", "--out", str(tmp_path / "duel")])
    assert duel.exit_code == 0, duel.output
    judged = runner.invoke(app, ["sim-report", str(tmp_path / "duel"), "--gates", str(gates)])
    said = " ".join(judged.output.split())
    assert judged.exit_code == 1 and "BROKEN: short games" in said and "no games of circuits (squad)" in said, said
    squad = run("squad", "--format", "squad", "--decks", "squad_sunwall,squad_forge_circuit")
    assert squad.exit_code == 0 and "ok: short games" in squad.output and "(2 games)" in squad.output


@pytest.mark.parametrize(("play", "says"), [
    (["circuits", "--decks", "forgeblade,sparkwright"], "judges circuits (squad) games; this run plays circuits "
                                                        "(standard)"),
    (["aliens"], "judges circuits (squad) games; this run plays aliens (standard)"),
])
def test_sim_refuses_gates_of_another_game_or_format_before_playing(play: list[str], says: str,
                                                                    tmp_path: Path) -> None:
    """The whole run used to be played, then every gate broken for measuring no game."""
    gates = tmp_path / "squad.gates.toml"
    gates.write_text('game = "circuits"\nformat = "squad"\n[[gate]]\nname = "g"\nmetric = "turns_median"\n'
                     'max = 500\n')
    r = runner.invoke(app, ["sim", *play, "--games", "2", "--workers", "1", "--gates", str(gates),
                            "--out", str(tmp_path / "run")])
    said = " ".join(r.output.split())
    assert r.exit_code == 2 and says in said and not (tmp_path / "run").exists(), said


def test_a_known_broken_gate_does_not_fail_the_run_until_it_holds() -> None:
    from dataclasses import replace

    from cardarena.sim.gates import Gate, GateResult, failures

    target = Gate("pairs", "matchup_win_rate", min=0.3, max=0.7, known_broken="not rebalanced yet")
    plain = Gate("errors", "engine_errors", max=0)
    broken_pair = GateResult(target, False, 0.9, (0.8, 0.95), "a vs b: 0.9", "")
    fine_pair = GateResult(target, True, 0.5, (0.4, 0.6), "a vs c: 0.5", "")
    assert broken_pair.line().startswith("KNOWN BROKEN: pairs")
    assert failures([broken_pair, fine_pair]) == []
    held = failures([fine_pair, fine_pair])
    assert len(held) == 1 and held[0].startswith("HOLDS NOW: pairs")
    assert failures([GateResult(plain, False, 2.0, None, "2 of 9 games", "")])[0].startswith("BROKEN: errors")
    loose = replace(target, check="plausible")  # not contradicted is not met: the mark stays
    assert failures([GateResult(loose, True, 0.8, (0.6, 0.9), "a vs b: 0.8", "")]) == []



def _sim_with_gates(tmp_path: Path, gate_tables: str, games: int, workers: int) -> tuple[Path, Path, Result]:
    """A circuits run (seed 5) checked against a gates file made of `gate_tables`: (gates file, run folder, result)."""
    gates = tmp_path / "gates.toml"
    gates.write_text('game = "circuits"\n' + gate_tables)
    run_dir = tmp_path / "run"
    r = runner.invoke(app, ["sim", "circuits", "--games", str(games), "--seed", "5", "--workers", str(workers),
                            "--out", str(run_dir), "--gates", str(gates), "--no-report"])
    return gates, run_dir, r

def test_check_option_overrides_every_gate(tmp_path: Path) -> None:
    # a gate no 4 games can pass by their value (a draw in 2 of 4 circuits games is unheard of), not
    # a gate on who wins, which a rules change to those games may turn around
    gates, run_dir, r = _sim_with_gates(tmp_path, """
[[gate]]
name = "draws are common"
metric = "draw_rate"
min = 0.4
""", games=4, workers=1)
    assert r.exit_code == 1, r.output
    # 4 games: every interval reaches far; "plausible" only breaks when even its top is under 0.4
    # (the Wilson interval of 0/4 reaches 0.49)
    again = runner.invoke(app, ["sim-report", str(run_dir), "--gates", str(gates), "--check", "plausible"])
    line = next(x for x in again.output.splitlines() if "draws are common" in x)
    assert "(plausible)" in line
    bad = runner.invoke(app, ["sim-report", str(run_dir), "--gates", str(gates), "--check", "loose"])
    assert bad.exit_code == 2 and "check must be one of" in bad.output


def test_a_broken_gate_fails_the_run_naming_its_value_and_interval(tmp_path: Path) -> None:
    gates, run_dir, r = _sim_with_gates(tmp_path, """
[[gate]]
name = "first player always wins"
metric = "first_player_win_rate"
min = 0.99
[[gate]]
name = "games end"
metric = "turns_max"
max = 500
""", games=6, workers=2)
    assert r.exit_code == 1, r.output
    line = next(x for x in r.output.splitlines() if x.startswith("BROKEN"))
    assert "first player always wins" in line and "wanted >= 0.99" in line
    assert "[" in line and "/6)" in line  # the value, its Wilson interval and the count
    assert "ok: games end" in r.output and "1 ok, 1 broken" in r.output
    # the same verdict from the stored rows, with the report written
    again = runner.invoke(app, ["sim-report", str(run_dir), "--gates", str(gates)])
    assert again.exit_code == 1 and "BROKEN: first player always wins" in again.output
    assert (run_dir / "report" / "report.html").exists()


def test_gate_file_problems_are_all_listed(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("""
[[gate]]
name = "a"
metric = "wins_per_hour"
max = 1
[[gate]]
name = "b"
metric = "reason_share"
max = 0.1
[[gate]]
name = "c"
metric = "turns_median"
""")
    with pytest.raises(GateFileError) as e:
        load_gates(bad)
    msg = str(e.value)
    assert "a: unknown metric 'wins_per_hour'" in msg and "b: metric reason_share needs reason" in msg
    assert "c: give min, max or both" in msg
    r = runner.invoke(app, ["sim", "circuits", "--games", "1", "--out", str(tmp_path / "x"), "--gates", str(bad)])
    assert r.exit_code == 2 and "unknown metric" in r.output and not (tmp_path / "x").exists()


def test_a_format_the_game_does_not_have_is_refused_when_the_file_is_read(tmp_path: Path) -> None:
    bad = tmp_path / "typo.gates.toml"
    bad.write_text('game = "circuits"\nformat = "sqaud"\n[[gate]]\nname = "a"\nmetric = "turns_median"\nmax = 9\n')
    with pytest.raises(GateFileError, match=r"circuits has no format 'sqaud'; its formats: .*squad"):
        load_gates(bad)
    r = runner.invoke(app, ["sim", "circuits", "--games", "1", "--out", str(tmp_path / "x"), "--gates", str(bad)])
    assert r.exit_code == 2 and "no format 'sqaud'" in r.output and not (tmp_path / "x").exists()


def test_resume_from_the_command_line_plays_nothing_twice(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first = runner.invoke(app, ["sim", "circuits", "--games", "2", "--workers", "1", "--out", str(out), "--no-report"])
    assert first.exit_code == 0 and "2/2 games stored (2 played now" in first.output
    again = runner.invoke(app, ["sim", "--resume", "--out", str(out), "--no-report"])
    assert again.exit_code == 0 and "2/2 games stored (0 played now" in again.output
    clash = runner.invoke(app, ["sim", "circuits", "--games", "2", "--out", str(out)])
    assert clash.exit_code == 2 and "--resume" in clash.output


def test_a_run_says_when_games_ended_by_an_automatons_fault(tmp_path: Path) -> None:
    faulty = ROOT / "examples" / "bots" / "faulty" / "faulty_bot.py"
    r = runner.invoke(app, ["sim", "mastery", "--p1", f'cmd:"python3 {faulty} illegal"', "--games", "2",
                            "--workers", "1", "--out", str(tmp_path / "f"), "--no-report"])
    assert r.exit_code == 0 and "2/2 games stored" in r.output, r.output
    assert "warning: 2 game(s) ended by an automaton's fault" in r.output and "INVALID" in r.output, r.output
    r = runner.invoke(app, ["sim", "mastery", "--games", "2", "--workers", "1", "--out", str(tmp_path / "ok"),
                            "--no-report"])
    assert r.exit_code == 0 and "fault" not in r.output, r.output


def test_matchup_gate_checks_each_pair_once_and_an_unknown_rule_breaks_its_gate() -> None:
    from cardarena.sim.gates import Gate, GateFile, check_gates
    from cardarena.sim.rows import play_batch
    from cardarena.sim.runner import Plan, tasks

    rows = play_batch(tasks(Plan(game="aliens", players=["random", "random"], games=2,
                                 decks=["mind_storm", "frozen_bastion"])))
    gf = GateFile("aliens", [
        Gate("pairs", "matchup_win_rate", min=0.0, max=1.0),
        Gate("overtime", "peak_share", max=1.0, params=(("at_least", "rule:overtime_start"), ("peak", "turn"))),
    ], {})
    pairs, overtime = check_gates(gf, rows)
    assert pairs.ok and pairs.detail.startswith("frozen_bastion vs mind_storm: ") and "(" in pairs.detail
    assert not overtime.ok and "no rule 'overtime_start'" in overtime.detail


@pytest.mark.parametrize(("args", "says", "code"), [
    (["--p1", "random:nosuchdeck"], "nosuchdeck", 1),  # a deck that is not usable: exit 1, as in `match`
    (["--p1", "nosuchagent"], "unknown agent 'nosuchagent'", 2),
    (["--rule", "nope=1"], "unknown rule 'nope'", 2),
    (["--variant", "overtime_start"], "NAME=VALUE", 2),
    (["--backend", "threads"], "unknown backend", 2),
    (["--decks", "forgeblade,forgeblade"], "at least two different decks", 2),  # mirror matches are not played
    (["--decks", "forgeblade,squad_sunwall"], "needs a Squad deck", 1),  # a pair that can never meet
])
def test_a_bad_plan_fails_before_any_game(args: list[str], says: str, code: int, tmp_path: Path) -> None:
    r = runner.invoke(app, ["sim", "circuits", "--games", "1", "--out", str(tmp_path / "x"), *args])
    said = " ".join(r.output.split())
    assert r.exit_code == code and says in said and not (tmp_path / "x").exists(), said


def test_gate_values_that_cannot_judge_anything_are_refused_when_the_file_is_read(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "circuts"\n[[gate]]\nname = "a"\nmetric = "turns_median"\nmax = "high"\n'
                   '[[gate]]\nname = "b"\nmetric = "seat_win_rate"\nseat = 0\nmax = 0.6\n'
                   '[[gate]]\nname = "c"\nmetric = "player_win_rate"\nplayer = "P1"\nmin = 0.4\n')
    with pytest.raises(GateFileError) as e:
        load_gates(bad)
    msg = str(e.value)
    assert "a: max must be a number, not 'high'" in msg
    assert "b: seat is a number from 1 (P1), not 0" in msg and "c: player is a number from 1" in msg
    bad.write_text('game = "circuts"\n[[gate]]\nname = "a"\nmetric = "turns_median"\nmax = 9\n')
    with pytest.raises(GateFileError, match="unknown game 'circuts'"):
        load_gates(bad)


def test_a_gate_that_judges_no_game_or_no_such_seat_is_broken_not_held() -> None:
    from cardarena.sim.gates import Gate, GateFile, check_gates

    row = {"game": "circuits", "format": "standard", "variant": "printed rules", "error": "", "decks": ["a", "b"],
           "agents": ["random", "random"], "p1_seat": 0, "winners": [0], "turns": 9, "decisions": 90}
    errors = Gate("engine ok", "engine_errors", max=0)
    other_game = check_gates(GateFile("aliens", [errors], {}), [row])
    assert [r.ok for r in other_game] == [False] and "no games of aliens" in other_game[0].detail
    no_variant = check_gates(GateFile("circuits", [Gate("e", "engine_errors", max=0, variant="nope")], {}), [row])
    assert not no_variant[0].ok and "of variant 'nope'" in no_variant[0].detail
    fifth = check_gates(GateFile("circuits", [Gate("p5", "player_win_rate", max=1.0, params=(("player", 5),))], {}),
                        [row])
    assert not fifth[0].ok and "player 5, but the games have 2 seats" in fifth[0].detail
    assert check_gates(GateFile("circuits", [errors], {}), [row])[0].ok


def test_sim_report_counts_each_stored_game_once_and_refuses_files_that_are_not_rows(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first = runner.invoke(app, ["sim", "frontline", "--games", "4", "--decks", "all", "--workers", "1",
                                "--out", str(out), "--no-report"])
    assert first.exit_code == 0, first.output
    part = next((out / "rows").glob("part-*.parquet"))
    # the same run twice, or a run and one of its own parts: 24 games, not 48 or more
    twice = runner.invoke(app, ["sim-report", str(out), str(out), str(part), "--out", str(tmp_path / "r")])
    said = " ".join(twice.output.split())
    assert twice.exit_code == 0 and ": 24 games" in said and ": 48 games" not in said, said
    # two of these games are turn-cap draws: the summary shows them, so that the rates add up
    assert "(12/24)" in said and "(10/24)" in said and "draws 0.083" in said.replace("│", "").replace("  ", " "), said
    junk = tmp_path / "junk.parquet"
    junk.write_text("garbage")
    bad = runner.invoke(app, ["sim-report", str(junk)])
    said = " ".join(bad.output.split())
    assert bad.exit_code == 1 and "not a Parquet file of `cardarena sim` rows" in said and "bug" not in said, said
    import pyarrow as pa
    import pyarrow.parquet as pq

    other = tmp_path / "other.parquet"  # another table with a task column: was an internal KeyError 'game'
    pq.write_table(pa.table({"task": [1, 2], "score": [3, 4]}), other)
    bad = runner.invoke(app, ["sim-report", str(other), "--out", str(tmp_path / "r2")])
    said = " ".join(bad.output.split())
    assert bad.exit_code == 1 and "not a Parquet file of `cardarena sim` rows (no column seed, game" in said, said
    a_file = tmp_path / "deck.toml"
    a_file.write_text("x = 1\n")
    clash = runner.invoke(app, ["sim-report", str(out), "--out", str(a_file)])
    assert clash.exit_code == 2 and "is a file" in clash.output and a_file.read_text() == "x = 1\n"


def test_gates_that_could_never_judge_as_meant_are_refused_when_the_file_is_read(tmp_path: Path) -> None:
    """min above max or a nan bound never held (every run broke it); `known_broken = false` was read as
    the text "False", marking the gate known broken; a `sample` that is not a table was an internal error."""
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "circuits"\n[[gate]]\nname = "a"\nmetric = "draw_rate"\nmin = 0.6\nmax = 0.4\n'
                   '[[gate]]\nname = "b"\nmetric = "draw_rate"\nmax = nan\n'
                   '[[gate]]\nname = "c"\nmetric = "draw_rate"\nmax = 0.1\nknown_broken = false\n')
    with pytest.raises(GateFileError) as e:
        load_gates(bad)
    msg = str(e.value)
    assert "a: min 0.6 is above max 0.4" in msg and "b: max must be a number, not nan" in msg
    assert "c: known_broken is the reason" in msg
    bad.write_text('game = "circuits"\nsample = 3\n[[gate]]\nname = "a"\nmetric = "draw_rate"\nmax = 0.1\n')
    r = runner.invoke(app, ["sim-report", str(tmp_path), "--gates", str(bad)])
    assert r.exit_code == 2 and "sample must be a table" in " ".join(r.output.split()), r.output


def test_a_taken_out_folder_or_a_file_is_refused_before_the_progress_bar_and_kept(tmp_path: Path) -> None:
    """A folder holding another game's run drew an empty '0/?' bar before its error, which did not say
    whose rows it held; a file given as --out read '[Errno 17] File exists'."""
    out = tmp_path / "run"
    first = runner.invoke(app, ["sim", "frontline", "--games", "2", "--workers", "1", "--out", str(out),
                                "--no-report"])
    assert first.exit_code == 0, first.output
    plan, parts = (out / "run.json").read_text(), sorted((out / "rows").iterdir())
    r = runner.invoke(app, ["sim", "circuits", "--games", "2", "--workers", "1", "--out", str(out)])
    said = " ".join(r.output.split())
    assert r.exit_code == 2 and "already holds rows of a frontline run" in said and "0/?" not in said, said
    assert (out / "run.json").read_text() == plan and sorted((out / "rows").iterdir()) == parts
    r = runner.invoke(app, ["sim", "circuits", "--resume", "--workers", "1", "--out", str(out)])
    said = " ".join(r.output.split())  # it went on with the frontline plan, saying only "other options ignored"
    assert r.exit_code == 2 and "holds a frontline run, not a circuits run" in said, said
    r = runner.invoke(app, ["sim", "aliens", "--resume", "--workers", "1", "--out", str(out)])
    said = " ".join(r.output.split())  # it said 'not a aliens one'
    assert r.exit_code == 2 and "holds a frontline run, not an aliens run" in said, said
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    r = runner.invoke(app, ["sim", "circuits", "--games", "2", "--workers", "1", "--out", str(a_file)])
    said = " ".join(r.output.split())
    assert r.exit_code == 2 and "is a file: a run is a folder" in said and "Errno" not in said, said
    assert a_file.read_text() == "mine"


def test_sim_report_counts_once_the_games_two_runs_of_the_same_seed_both_played(tmp_path: Path) -> None:
    """Two runs of one plan at the same --seed hold the same games: pooled, 24 games were reported as 48,
    with intervals narrower than the data."""
    for name, seed in (("a", "0"), ("b", "0"), ("c", "100")):
        r = runner.invoke(app, ["sim", "frontline", "--games", "4", "--decks", "all", "--workers", "1", "--seed", seed,
                                "--out", str(tmp_path / name), "--no-report"])
        assert r.exit_code == 0, r.output
    same = runner.invoke(app, ["sim-report", str(tmp_path / "a"), str(tmp_path / "b"), "--out", str(tmp_path / "r")])
    said = " ".join(same.output.split())
    assert same.exit_code == 0 and ": 24 games" in said and "24 game(s) are stored twice" in said, said
    other = runner.invoke(app, ["sim-report", str(tmp_path / "a"), str(tmp_path / "c"), "--out", str(tmp_path / "r")])
    said = " ".join(other.output.split())
    assert other.exit_code == 0 and ": 48 games" in said and "twice" not in said, said


def test_event_and_peak_gates_on_games_without_a_log_cannot_be_measured(tmp_path: Path) -> None:
    """--no-cards rows kept the set-up's part of the log: every game 'had' a turn event and peaked at
    turn 1, so a gate such as 'Overtime in under 2% of games' held on games it never saw."""
    gates = tmp_path / "g.toml"
    gates.write_text('game = "frontline"\n[[gate]]\nname = "short"\nmetric = "peak_share"\npeak = "turn"\n'
                     'at_least = 30\nmax = 0.01\n[[gate]]\nname = "draws"\nmetric = "event_share"\nevent = "turn"\n'
                     'max = 0.01\n')
    r = runner.invoke(app, ["sim", "frontline", "--games", "2", "--workers", "1", "--no-cards", "--no-report",
                            "--out", str(tmp_path / "run"), "--gates", str(gates)])
    said = " ".join(r.output.split())
    assert r.exit_code == 1 and said.count("cannot be measured: the games kept no event log") == 2, said
    from cardarena.sim.rows import read_rows

    rows = read_rows(tmp_path / "run")
    assert all(not x["events"] and not x["peaks"] and not x["cards"] for x in rows)
    assert all(x["first_player"] in (0, 1) for x in rows)  # the set-up's first turn still tells it
