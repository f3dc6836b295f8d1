"""Replay files re-run to the identical log; verify reports the first divergence."""

import json
from pathlib import Path

import cardarena
from cardarena.agents import make_agent
from cardarena.core.match import play, replay_record
from cardarena.core.replay import load_replay, rerun, save_replay, verify


def _recorded(tmp_path: Path) -> Path:
    game = cardarena.load_game("aliens")
    state = game.new_game(seed=21)
    play(state, [make_agent("random", 1), make_agent("random", 2)])
    p = tmp_path / "g.json"
    save_replay(replay_record(state, ["random", "random"], cardarena.__version__), p)
    return p


def test_replay_reruns_to_the_identical_log(tmp_path: Path) -> None:
    data = load_replay(_recorded(tmp_path))
    state = rerun(data)
    assert json.loads(json.dumps(state.log)) == data["log"]
    assert verify(data) is None


def test_verify_reports_the_first_divergence(tmp_path: Path) -> None:
    data = load_replay(_recorded(tmp_path))
    data["log"][40]["tampered"] = True
    d = verify(data)
    assert d is not None and d.index == 40


def test_verify_reports_an_illegal_recorded_choice(tmp_path: Path) -> None:
    data = load_replay(_recorded(tmp_path))
    data["choices"][3] = "bogus"
    d = verify(data)
    assert d is not None and d.what == "choice" and "choice 4" in str(d)
