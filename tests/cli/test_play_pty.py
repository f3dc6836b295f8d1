"""`cardarena play` in a real pseudo-terminal, as a person uses it: a whole game of every implemented game
against the random automaton, with inspect, undo and a saved replay; then concede with `q`, Ctrl-D and
Ctrl-C, none of which prints a traceback."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cardarena
from cardarena.cli import app
from cardarena.core.registry import game_ids

pexpect = pytest.importorskip("pexpect")

CLI = str(Path(sys.executable).with_name("cardarena"))
PROMPT = r"\n> "
END = r"(You win —|You lose —|\nDraw: )"
ENV = dict(os.environ, COLUMNS="110", LINES="40", NO_COLOR="1", PAGER="cat", TERM="dumb")


def _default_sigint() -> None:
    # a suite started in the background (`nohup ... &`) inherits an ignored SIGINT, which a terminal's
    # Ctrl-C could never meet: give the player's process the disposition a terminal gives it
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(CLI, list(args), env=ENV, encoding="utf-8", timeout=60, dimensions=(40, 110),
                         preexec_fn=_default_sigint)


def first_leader(game_id: str) -> str:
    """The first leader of the first starter; a game without leaders (frontline): its first card."""
    game = cardarena.load_game(game_id)
    starter = game.starter_decks()[sorted(game.starter_decks())[0]]
    if not game.leader_key:
        return next(iter(starter.cards))
    return starter.leaders[game.leader_key][0]


@pytest.mark.parametrize("game_id", game_ids())
def test_a_whole_game_with_inspect_undo_and_save(game_id: str, tmp_path: Path) -> None:
    replay = tmp_path / "mine.json"
    child = spawn("play", game_id, "--opponent", "random", "--seed", "4", "--replay", str(replay))
    child.expect("seed 4")  # the header names both seats and decks
    child.expect(PROMPT)
    leader = first_leader(game_id)
    child.sendline("i " + leader.lower())  # inspect what the board shows, any case
    child.expect(re.escape(leader) + " — ")
    child.expect(PROMPT)
    child.sendline("i no such card at all")
    child.expect("no card or ability named")
    child.expect(PROMPT)
    child.sendline("banana")
    child.expect("type a number")
    child.expect(PROMPT)
    child.sendline("?")  # the rules summary (paged; PAGER=cat here)
    child.expect("Worked example")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("u")
    child.expect(["undone", "cannot undo"])  # refused when the automaton moved or a card was drawn since
    child.expect(PROMPT)
    answered = 0
    while True:  # at a prompt: answer 1 until the game ends
        child.sendline("1")
        answered += 1
        assert answered < 3000, "the game does not end"
        if child.expect([PROMPT, END]) == 1:
            break
    child.expect("replay saved")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")
    r = CliRunner().invoke(app, ["replay", str(replay), "--verify"])
    assert r.exit_code == 0 and "OK" in r.output, r.output


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("how", ["q", "ctrl-d"])
def test_quitting_is_a_concession_with_exit_0(game_id: str, how: str, tmp_path: Path) -> None:
    replay = tmp_path / "quit.json"
    child = spawn("play", game_id, "--opponent", "random", "--seed", "2", "--replay", str(replay))
    child.expect(PROMPT)
    if how == "q":
        child.sendline("q")
        child.expect("concede the game")
        child.sendline("n")  # a stray q is taken back
        child.expect("not conceded")
        child.expect(PROMPT)
        child.sendline("q")
        child.expect("concede the game")
        child.sendline("y")
    else:
        child.sendeof()
    child.expect("conceded")
    child.expect(pexpect.EOF)
    out = child.before or ""
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in out and "crashed" not in out
    r = CliRunner().invoke(app, ["replay", str(replay), "--verify"])
    assert r.exit_code == 0, r.output


def test_ctrl_c_abandons_the_game_without_a_traceback_and_keeps_its_replay(tmp_path: Path) -> None:
    replay = tmp_path / "abandoned.json"
    child = spawn("play", "aliens", "--opponent", "random", "--seed", "2", "--replay", str(replay))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    time.sleep(1)  # the prompt is printed just before input() starts reading: interrupt the read itself
    child.sendintr()
    child.expect("interrupted")
    child.expect("unfinished game is saved")
    child.expect(pexpect.EOF)
    out = child.before or ""
    child.close()
    assert child.exitstatus == 130 and "Traceback" not in out
    data = json.loads(replay.read_text())
    assert data["choices"] and data["result"] is None
    r = CliRunner().invoke(app, ["replay", str(replay)])  # it shows the game up to where it stopped
    assert "Traceback" not in r.output, r.output
