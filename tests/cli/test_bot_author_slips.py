"""A bot author's usual slips, each through `cardarena match` as the author runs it: the fault's full
reason names the fix, so that the bot can be mended without reading the arena's code (docs/protocol.md,
"Faults" and "Debugging a bot")."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardarena.cli import app

SLIPS = r'''
import json, sys, time
slip = sys.argv[1]
if slip == "read_all":
    sys.stdin.read()  # waits for the end of the input, which stays open all game
answered = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] != "decision":
        continue
    option, seq = msg["decision"]["options"][0], msg["seq"]
    reply = {"seq": seq, "option": option["id"]}
    if slip == "debug_on_stdout":
        print("thinking about", len(msg["decision"]["options"]), "options")
    elif slip == "python_repr":
        print(repr(reply), flush=True)
        continue
    elif slip == "label":
        reply["option"] = option["label"]
    elif slip == "seq_as_string":
        reply["seq"] = str(seq)
    elif slip == "position":
        reply["option"] = 0
    elif slip == "position_as_string":
        reply["option"] = "0"
    elif slip == "whole_option":
        reply["option"] = option
    elif slip == "exit_early":
        sys.exit(0)
    elif slip == "no_newline":
        sys.stdout.write(json.dumps(reply))
        sys.stdout.flush()
        continue
    elif slip == "answer_twice":
        print(json.dumps(reply), flush=True)
    elif slip == "count_seq":
        reply["seq"] = answered + 1
    elif slip == "slow_later" and answered == 3:
        time.sleep(5)
    print(json.dumps(reply), flush=True)
    answered += 1
'''

CASES = [
    ("debug_on_stdout", "INVALID", "print debug text to stderr"),
    ("python_repr", "INVALID", "write each reply with a JSON encoder"),
    ("label", "INVALID", "the label of option 'keep': reply with an option's id, not its label"),
    ("seq_as_string", "INVALID", "copied as a JSON number"),
    ("position", "INVALID", "a position? send the option's id"),
    ("position_as_string", "INVALID", "'0' (a position? reply with the option's id)"),
    ("whole_option", "INVALID", 'the whole option: send only its "id"'),
    ("answer_twice", "INVALID", "answer each decision once"),
    ("count_seq", "INVALID", "copy the seq of the decision message, do not count"),
    ("exit_early", "ERROR", "keeps reading its input until the `end` message"),
    ("read_all", "TIMEOUT", "it has answered nothing yet: read the input a line at a time"),
    ("no_newline", "TIMEOUT", "without its ending newline"),
    ("slow_later", "TIMEOUT", "it answered before: this answer took longer than its clock had left"),
]


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder everyone may read: the bot runs as a user of its own when the arena is root."""
    folder = Path(tempfile.mkdtemp())
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


@pytest.mark.parametrize(("slip", "status", "fix"), CASES, ids=[c[0] for c in CASES])
def test_each_slip_is_reported_with_its_fix(open_folder: Path, tmp_path: Path, slip: str, status: str,
                                            fix: str) -> None:
    bot = open_folder / "bot.py"
    bot.write_text(SLIPS)
    bot.chmod(0o644)
    r = CliRunner().invoke(app, ["match", "mastery", "--p1", f'cmd:"python3 {bot} {slip}"', "--p2", "random",
                                 "--seed", "1", "--quiet", "--time-control", "0.3+0.3+1",
                                 "--bot-log", str(tmp_path / "logs")])
    said = " ".join(r.output.split())  # Rich wraps long lines
    assert r.exit_code == 0, said[-2000:]
    assert f"lost as {status}" in said, said[-2000:]
    full = said.split("the fault in full", 1)[1]
    assert fix in full, full
    if status == "TIMEOUT":  # which decision, and the time it had
        assert " s for decision " in said, said


@pytest.mark.skipif(os.geteuid() != 0, reason="the bot runs as a user of its own only when the arena is root")
def test_a_bot_its_own_user_cannot_read_is_named_with_the_fix(tmp_path: Path) -> None:
    closed = tmp_path / "mine"  # pytest's folders are its owner's only, as /root is
    closed.mkdir()
    bot = closed / "bot.py"
    bot.write_text(SLIPS)
    r = CliRunner().invoke(app, ["match", "mastery", "--p1", f'cmd:"python3 {bot} ok"', "--quiet"])
    said = " ".join(r.output.split())
    assert r.exit_code == 0 and "lost as ERROR" in said, said[-2000:]
    assert f"{bot} is not readable by the unprivileged user the bot runs as" in said, said[-2000:]
    assert "chmod o+rx" in said
    # a contest refuses the entry before any game, with the same reason
    r = CliRunner().invoke(app, ["contest", "--db", f"sqlite:///{tmp_path / 'a.db'}", "new", "cup", "--game",
                                 "mastery", "--entry", f'cmd:"python3 {bot}":dawn_vanguard', "--entry", "random:dawn_vanguard"])
    said = " ".join(r.output.split())
    assert r.exit_code == 2 and "not readable by the unprivileged user" in said, said[-2000:]


@pytest.mark.parametrize(("manifest", "says"), [
    ('name = "Ember"\ncomand = "python3 bot.py"\n', "no `command` (its keys: name, comand;"),
    ('command = "python3 bot.py"\n[limits]\nper_decision = "2"\n', "limit per_decision must be a number, got '2'"),
    ('command = "python3 bot.py"\n[limits]\ntime = 2\n', "unknown limit 'time' (limits: cpu_seconds,"),
], ids=["misspelt_command", "limit_as_string", "unknown_limit"])
def test_a_manifest_slip_names_the_key(tmp_path: Path, manifest: str, says: str) -> None:
    path = tmp_path / "ember.toml"
    path.write_text(manifest)
    r = CliRunner().invoke(app, ["match", "mastery", "--p1", str(path), "--quiet"])
    assert r.exit_code == 2 and says in " ".join(r.output.split()), r.output


def test_a_misspelt_script_is_named_where_it_was_looked_for(open_folder: Path) -> None:
    # the bot starts in a fresh folder, so python's own message names a path the author never made
    r = CliRunner().invoke(app, ["match", "mastery", "--p1", f'cmd:"python3 {open_folder}/bto.py"', "--quiet"])
    said = " ".join(r.output.split())
    assert "lost as ERROR" in said and f"script '{open_folder}/bto.py' not found" in said, said[-2000:]


def test_a_bot_fault_points_to_bot_log_when_no_transcript_was_kept(open_folder: Path, tmp_path: Path) -> None:
    bot = open_folder / "bot.py"
    bot.write_text(SLIPS)
    bot.chmod(0o644)
    spec = f'cmd:"python3 {bot} debug_on_stdout"'
    hint = "play again with --bot-log DIR"
    said = " ".join(CliRunner().invoke(app, ["match", "mastery", "--p1", spec, "--quiet"]).output.split())
    assert "lost as INVALID" in said and hint in said, said[-2000:]
    said = " ".join(CliRunner().invoke(app, ["match", "mastery", "--p1", spec, "--quiet", "--bot-log",
                                             str(tmp_path / "logs")]).output.split())
    assert "bot transcript(s)" in said and hint not in said, said[-2000:]
    r = CliRunner().invoke(app, ["play", "mastery", "--opponent", spec, "--seat", "2"], input="1\n" * 50)
    said = " ".join(r.output.split())
    assert "P1 forfeits" in said and hint in said, said[-2000:]
    # the bot's own faults only: no hint after a game it played to its end
    r = CliRunner().invoke(app, ["match", "mastery", "--p1", f'cmd:"python3 {bot} fine"', "--quiet"])
    assert hint not in " ".join(r.output.split())
