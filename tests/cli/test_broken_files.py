"""A corpus of broken replay and deck files: each gives exit 1 or 2 with a message, never a traceback."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cardarena
from cardarena.cli import app

runner = CliRunner()
Edit = Callable[[dict[str, Any]], Any]


@pytest.fixture(scope="module")
def good_replay(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    p = tmp_path_factory.mktemp("replay") / "good.json"
    r = runner.invoke(app, ["match", "aliens", "--p1", "random", "--p2", "random", "--seed", "5", "--replay", str(p),
                            "-q"])
    assert r.exit_code == 0, r.output
    data: dict[str, Any] = json.loads(p.read_text())
    return data


def _set(key: str, value: Any) -> Edit:
    return lambda d: d.__setitem__(key, value)


def _del(key: str) -> Edit:
    return lambda d: d.pop(key)


REPLAY_EDITS: dict[str, tuple[Edit, str]] = {
    "game changed": (_set("game", "circuits"), "cannot set the replay's game up"),
    "unknown game": (_set("game", "chess"), "unknown game"),
    "choices is a number": (_set("choices", 5), "'choices' should be a list"),
    "choices hold numbers": (_set("choices", [1, 2]), "option id"),
    "an illegal choice": (lambda d: d["choices"].__setitem__(3, "no-such-option"), "not legal when replayed"),
    "a bad rule value": (_set("rules", {"hand_size": -3}), "between"),
    "an unknown rule": (_set("rules", {"gravity": 2}), "unknown rule"),
    "a rule of the wrong type": (_set("rules", {"hand_size": "many"}), "expects int"),
    "rules is a list": (_set("rules", []), "'rules' should be a dict"),
    "seed is text": (_set("seed", "seven"), "'seed' should be a int"),
    "decks is text": (_set("decks", "mind_storm"), "'decks' should be a list"),
    "one deck only": (lambda d: d["decks"].pop(), "2 players"),
    "a deck with an unknown card": (lambda d: d["decks"][0]["cards"].__setitem__("Banana", 3), "unknown card"),
    "a deck that is not a table": (_set("decks", [1, 2]), "table of the deck's fields"),
    "missing choices": (_del("choices"), "missing choices"),
    "wrong format tag": (_set("format", "cardarena-replay/0"), "not a cardarena replay"),
    "result is text": (_set("result", "P1 won"), "'result' should hold"),
    "stops before its result": (lambda d: d.__setitem__("choices", d["choices"][:10]), "stops before its recorded result"),
    "more choices than the game": (lambda d: d["choices"].extend(["pass", "pass"]), "the game ended after choice"),
    "a tampered event": (lambda d: d["log"][4].__setitem__("type", "tampered"), "first divergence at event 4"),
    "a changed result": (lambda d: d["result"].__setitem__("winner", 1 - d["result"]["winner"]), "diverges"),
    # an event the recording cardarena did not log yet: the same game, told so
    "an event left out": (lambda d: d["log"].pop(4), "game ends with the recorded result"),
    "an unknown format": (_set("game_format", "wild"), "cannot set the replay's game up"),
    "log is text": (_set("log", "nothing"), "'log' should be a list"),
}


@pytest.mark.parametrize("case", REPLAY_EDITS)
@pytest.mark.parametrize("verify", [False, True])
def test_a_broken_replay_is_reported_cleanly(case: str, verify: bool, good_replay: dict[str, Any],
                                             tmp_path: Path) -> None:
    edit, message = REPLAY_EDITS[case]
    data = json.loads(json.dumps(good_replay))
    edit(data)
    p = tmp_path / "broken.json"
    p.write_text(json.dumps(data))
    r = runner.invoke(app, ["replay", str(p), *(["--verify"] if verify else [])])
    assert r.exit_code in (1, 2), (case, r.output)
    assert isinstance(r.exception, SystemExit), (case, r.exception)
    assert "Traceback" not in r.output
    assert message in " ".join(r.output.split()), (case, r.output[-800:])
    # the hint that only the log differs is given only when the choices reach the recorded result
    only_log = case in ("a tampered event", "an event left out")
    assert ("recorded result; if the file" in " ".join(r.output.split())) == only_log, case


RAW_REPLAYS = {
    "empty file": "",
    "not JSON": "{game: aliens",
    "a JSON list": "[1, 2, 3]",
    "binary": "\x00\x01\x02",
    "nested too deeply": "[" * 100_000,
}


@pytest.mark.parametrize("case", RAW_REPLAYS)
def test_an_unreadable_replay_is_reported_cleanly(case: str, tmp_path: Path) -> None:
    p = tmp_path / "raw.json"
    p.write_text(RAW_REPLAYS[case])
    r = runner.invoke(app, ["replay", str(p)])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit) and "Traceback" not in r.output
    assert str(p) in " ".join(r.output.split()).replace(" ", "") or "replay" in r.output


def _starter_toml(game: str, key: str) -> str:
    return cardarena.load_game(game).starter_decks()[key].to_toml()


DECKS: dict[str, tuple[Callable[[], str], str]] = {
    "not TOML": (lambda: "game = [\n", "not valid TOML"),
    "no game": (lambda: 'name = "x"\n[cards]\n"Ember Lash" = 3\n', "missing `game`"),
    "game not a string": (lambda: 'game = 5\nname = "x"\n[cards]\n', "`game` must be a string"),
    "unknown game": (lambda: 'game = "chess"\nname = "x"\n[cards]\n', "unknown game"),
    "cards not a table": (lambda: 'game = "aliens"\nname = "x"\ncards = 3\n', "cards"),
    "counts not numbers": (lambda: _starter_toml("aliens", "mind_storm").replace(" = 3", ' = "three"'), "count"),
    "two Aliens": (lambda: _starter_toml("aliens", "mind_storm").replace('"The Hive Chorus", ', ""), "exactly 3 Aliens"),
    "too many copies": (lambda: _starter_toml("aliens", "mind_storm").replace('"Neural Surge" = 3', '"Neural Surge" = 5'),
                        "copies"),
    "unknown card": (lambda: _starter_toml("aliens", "mind_storm") + '"Banana Split" = 1\n', "unknown card"),
    "circuits deck short": (lambda: _starter_toml("circuits", "forgeblade").replace(" = 4", " = 1"), "40"),
    "nested too deeply": (lambda: "game = " + "[" * 100_000, "nested too deeply"),
}


@pytest.mark.parametrize("case", DECKS)
def test_a_broken_deck_is_reported_cleanly(case: str, tmp_path: Path) -> None:
    text, message = DECKS[case]
    p = tmp_path / "deck.toml"
    p.write_text(text())
    r = runner.invoke(app, ["validate", str(p)])
    assert r.exit_code == 1, (case, r.output)
    assert isinstance(r.exception, SystemExit) and "Traceback" not in r.output
    assert message in r.output, (case, r.output)
    r = runner.invoke(app, ["match", "aliens", "--p1", f"random:{p}", "-q"])  # exit 1: a file not usable (README)
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit) and "Traceback" not in r.output, r.output


def test_a_deck_for_the_wrong_game_is_one_clear_problem(tmp_path: Path) -> None:
    p = tmp_path / "forgeblade.toml"
    p.write_text(_starter_toml("circuits", "forgeblade"))
    r = runner.invoke(app, ["match", "aliens", "--p1", f"random:{p}", "-q"])
    assert r.exit_code == 1
    assert "1 problem(s)" in r.output and "this deck is for circuits, not for aliens" in r.output
    r = runner.invoke(app, ["play", "aliens", "--deck", str(p)], input="q\n")
    assert r.exit_code == 1 and "for circuits" in r.output


DRAFT_REPLAYS = {
    "missing": (None, "file not found"),
    "not JSON": ('{"seats": 2', "not a readable JSON draft"),
    "nested too deeply": ("[" * 100_000, "not a readable JSON draft"),
    "a JSON list": ("[1, 2]", "not a draft replay"),
    "wrong types": ('{"format": "cardarena-draft/1", "game": "circuits", "seats": 2, "seed": "1", "picks": []}',
                    "seats and seed are whole numbers"),
    "another game": ('{"format": "cardarena-draft/1", "game": "aliens", "seats": 2, "seed": 1, "picks": [[], []]}',
                     "not a circuits draft"),
    "another format": ('{"format": "x/9", "game": "circuits", "seats": 2, "seed": 1, "picks": [[], []]}',
                       "not a circuits draft"),
    "a pick not in the pack": ('{"format": "cardarena-draft/1", "game": "circuits", "seats": 2, "seed": 1, '
                               '"picks": [["Nope"], ["Nope"]]}', "seat 1, pick 1: 'Nope' is not in the pack in front "
                                                                 "of seat 1"),
}


@pytest.mark.parametrize("case", DRAFT_REPLAYS)
def test_a_broken_draft_replay_is_reported_cleanly(case: str, tmp_path: Path) -> None:
    text, message = DRAFT_REPLAYS[case]
    p = tmp_path / "draft.json"
    if text is not None:
        p.write_text(text)
    r = runner.invoke(app, ["draft", "circuits", "--replay", str(p)])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit), (case, r.exception, r.output)
    assert message in r.output, (case, r.output)


OUTPUTS = {
    "match": (["match", "aliens", "--p1", "random", "--p2", "random", "-q", "--replay"], ""),
    "play": (["play", "aliens", "--opponent", "random", "--replay"], "1\n" * 400),
    "sealed": (["sealed", "circuits", "--out"], ""),
    "draft": (["draft", "circuits", "--seats", "2", "--bots", "2", "--save"], ""),
}


@pytest.mark.parametrize("command", OUTPUTS)
@pytest.mark.parametrize("where", ["a directory", "a missing folder"])
def test_an_unwritable_output_is_refused_before_any_game(command: str, where: str, tmp_path: Path) -> None:
    # it used to be found only at the end: a person's whole game (or hand-built deck) lost to "internal error"
    args, answers = OUTPUTS[command]
    target = tmp_path if where == "a directory" else tmp_path / "no" / "such" / "file"
    r = runner.invoke(app, [*args, str(target)], input=answers)
    assert r.exit_code == 2 and isinstance(r.exception, SystemExit), (r.exception, r.output[-500:])
    assert "cannot write there" in r.output and "Turn 1" not in r.output and "Pick" not in r.output, r.output[-500:]


def test_a_saved_file_is_replaced_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from cardarena.core import files

    p = tmp_path / "mine.toml"
    p.write_text("my deck\n")
    files.write_atomic(p, "new deck\n")
    assert p.read_text() == "new deck\n"

    def broken(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError):
        files.write_atomic(p, "half of a deck")
    assert p.read_text() == "new deck\n" and sorted(x.name for x in tmp_path.iterdir()) == ["mine.toml"]
    r = runner.invoke(app, ["sealed", "circuits", "--out", str(p)])  # the failed write of a command's file
    assert r.exit_code == 1 and "cannot write" in r.output and p.read_text() == "new deck\n"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["mine.toml"]
