"""`cardarena sim --cards FILE` (docs/cards.md, docs/balance/README.md): every game of the run, in every
worker, is played with the card file's cards; run.json records the file's text, `--resume` refuses
another file and plays the recorded one, and the report says what the file changes."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from typer.testing import CliRunner

from card_file_tools import FLAME_WHIP, ember_lash
from cardarena.cli import app
from cardarena.core.cardfiles import CardFiles
from cardarena.sim.rows import comparable, play_batch, read_rows
from cardarena.sim.runner import Plan, run, tasks

runner = CliRunner()

#: Ember Lash (three in each Pyrrhid starter) deals 9, not 2; and a new card nobody's deck holds
LASH = ember_lash(9) + FLAME_WHIP
DECKS = ["wildfire_assault", "mind_storm"]


def _sim(*args: str) -> tuple[int, str]:
    r = runner.invoke(app, ["sim", *args])
    return r.exit_code, " ".join(r.output.split())


def _ends(rows: list[dict[str, object]]) -> list[tuple[object, ...]]:
    return [(r["task"], r["winner"], r["reason"], r["turns"], r["decisions"]) for r in rows]


@pytest.fixture
def lash(tmp_path: Path) -> Path:
    p = tmp_path / "lash.toml"
    p.write_text(LASH, encoding="utf-8")
    return p


def test_a_run_with_a_changed_card_plays_other_games_from_the_same_deals(tmp_path: Path, lash: Path) -> None:
    base = ["aliens", "--decks", ",".join(DECKS), "--games", "8", "--workers", "2", "--no-report"]
    code, out = _sim(*base, "--out", str(tmp_path / "before"))
    assert code == 0, out
    code, out = _sim(*base, "--out", str(tmp_path / "after"), "--cards", str(lash))
    assert code == 0, out
    assert "cards: " + str(lash) + " — changed: Ember Lash; added: Flame Whip" in out
    before, after = read_rows(tmp_path / "before"), read_rows(tmp_path / "after")
    assert [r["seed"] for r in before] == [r["seed"] for r in after]
    assert _ends(before) != _ends(after)  # the same deals, played with a 9-damage Ember Lash
    assert {r["card_file"] for r in before} == {""}
    assert {r["card_file"] for r in after} == {CardFiles([(str(lash), LASH)]).short}
    plan = json.loads((tmp_path / "after" / "run.json").read_text())
    assert plan["card_files"]["files"] == [{"name": str(lash), "sha256": CardFiles([("x", LASH)]).to_dict()
                                            ["files"][0]["sha256"], "text": LASH}]
    assert json.loads((tmp_path / "before" / "run.json").read_text())["card_files"] is None


def test_every_worker_and_backend_plays_the_cards_given(lash: Path) -> None:
    # one worker, two worker processes and a batch played here give the same rows, all with the file's cards
    files = CardFiles.read([lash])
    plan = Plan(game="aliens", players=["random", "random"], games=4, decks=DECKS,
                card_files=None if files is None else files.to_dict())
    ts = tasks(plan)
    assert all(t.card_files == files for t in ts)
    assert pickle.loads(pickle.dumps(ts[0])) == ts[0]  # what a worker receives
    here = [comparable(r) for r in play_batch(ts)]
    without = [comparable(r) for r in play_batch(tasks(Plan(game="aliens", players=["random", "random"], games=4,
                                                             decks=DECKS)))]
    assert _ends(here) != _ends(without)
    for workers in (1, 2):
        import tempfile

        with tempfile.TemporaryDirectory() as d:
            run(plan, Path(d), workers=workers)
            assert [comparable(r) for r in read_rows(Path(d))] == here


def test_resume_refuses_another_card_file_and_plays_the_recorded_one(tmp_path: Path, lash: Path) -> None:
    out_dir = tmp_path / "run"
    base = ["aliens", "--decks", ",".join(DECKS), "--games", "4", "--workers", "1", "--no-report"]
    code, out = _sim(*base, "--out", str(out_dir), "--cards", str(lash))
    assert code == 0, out
    rows = read_rows(out_dir)
    other = tmp_path / "other.toml"
    other.write_text(LASH.replace("damage = 9", "damage = 8"), encoding="utf-8")
    code, out = _sim("--resume", "--out", str(out_dir), "--cards", str(other))
    assert code == 2
    assert f"{out_dir} was played with the card files {lash}" in out and f"not with {other}" in out
    code, out = _sim("--resume", "--out", str(out_dir))  # without --cards: the recorded ones (nothing left to play)
    assert code == 0, out
    assert f"cards: {lash} (sha256" in out and "as recorded in" in out
    package = tmp_path / "package"
    assert _sim(*base, "--out", str(package))[0] == 0
    code, out = _sim("--resume", "--out", str(package), "--cards", str(lash))
    assert code == 2 and "was played with the package's cards" in out
    # the file changed since the run began: a resume plays the text recorded in run.json
    (out_dir / "rows").rename(tmp_path / "kept-rows")
    (out_dir / "rows").mkdir()
    lash.write_text(LASH.replace("damage = 9", "damage = 1"), encoding="utf-8")
    code, out = _sim("--resume", "--out", str(out_dir))
    assert code == 0, out
    assert [comparable(r) for r in read_rows(out_dir)] == [comparable(r) for r in rows]


def test_the_report_says_which_cards_changed_and_compares_a_run_before_with_one_after(
        tmp_path: Path, lash: Path) -> None:
    """`sim-report BEFORE AFTER` refused rows of two card sets ("compare the two reports side by side"):
    a designer's decision rested on two figures with no interval for their difference. Each set is now a
    variant of its own, compared with the first run given, its matchups and changed cards included."""
    base = ["aliens", "--decks", ",".join(DECKS), "--games", "4", "--workers", "1"]
    code, out = _sim(*base, "--out", str(tmp_path / "after"), "--cards", str(lash))
    assert code == 0, out
    line = f"cards: {lash} — changed: Ember Lash; added: Flame Whip"
    assert out.count(line) == 2  # when it starts, and in the report's summary
    assert line in (tmp_path / "after" / "report" / "report.html").read_text(encoding="utf-8")
    r = runner.invoke(app, ["sim-report", str(tmp_path / "after" / "rows"), "--out", str(tmp_path / "r")])
    assert r.exit_code == 0 and line in " ".join(r.output.split())
    assert _sim(*base, "--out", str(tmp_path / "before"), "--no-report")[0] == 0
    r = runner.invoke(app, ["sim-report", str(tmp_path / "before"), str(tmp_path / "after"), "--out",
                            str(tmp_path / "both")])
    out = " ".join(r.output.split())
    assert r.exit_code == 0, out
    assert "cards: the package's cards, as printed" in out and line in out
    # its summary (a table title, wrapped inside a long path: compared without spaces), the comparison
    assert "".join(f"aliens — cards {lash} (sha256".split()) in "".join(out.split()), r.output
    assert "against printed rules" in out
    page = (tmp_path / "both" / "report.html").read_text(encoding="utf-8")
    for measure in ("matchup mind_storm vs wildfire_assault", "Ember Lash: play rate", "Ember Lash: win when played"):
        assert f"<td>{measure}</td>" in page, measure
    before = read_rows(tmp_path / "before")
    assert len(before) == len(read_rows(tmp_path / "after")) == 4  # each game once, on its own side


def test_a_bad_card_file_stops_the_run_before_any_game(tmp_path: Path, lash: Path) -> None:
    out_dir = tmp_path / "run"
    code, out = _sim("aliens", "--games", "2", "--out", str(out_dir), "--cards", str(tmp_path / "missing.toml"))
    assert code == 2 and "missing.toml: card file not found" in out
    bad = tmp_path / "bad.toml"
    bad.write_text(LASH.replace("damage = 9", "damag = 9"), encoding="utf-8")
    code, out = _sim("aliens", "--games", "2", "--out", str(out_dir), "--cards", str(bad))
    assert code == 2 and "bad.toml: card 'Ember Lash': Object contains unknown field `damag`" in out
    code, out = _sim("circuits", "--games", "2", "--out", str(out_dir), "--cards", str(lash))
    assert code == 2 and "looks like a card file for the game 'aliens', not 'circuits'" in out
    assert not out_dir.exists()
