"""The fault matrix: each way a bot can fail is a loss with a status and a reason, nothing of the bot
survives its game, and the match goes on (docs/protocol.md)."""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

import pytest

import cardarena
from cardarena.agents import make_agent
from cardarena.agents.external import ExternalAgent, _has_processes
from cardarena.core.match import ERROR, INVALID, OK, TIMEOUT, GameReport, TimeControl, play_game

ROOT = Path(__file__).resolve().parents[2]
FAULTY = ROOT / "examples" / "bots" / "faulty" / "faulty_bot.py"
TC = TimeControl(per_decision=0.3, bank=0.6, startup=1.5)


def _bot(mode: str, arg: str = "", **limits: int) -> ExternalAgent:
    manifest = {"command": ["python3", str(FAULTY), mode, *([arg] if arg else [])], "name": f"faulty-{mode}",
                "limits": limits}
    path = Path(os.environ.get("PYTEST_TMP", "/tmp")) / f"cardarena-test-{os.getpid()}-{mode}.json"
    path.write_text(json.dumps(manifest))
    try:
        agent = make_agent(f"bot:{path}")
    finally:
        path.unlink()
    assert isinstance(agent, ExternalAgent)
    return agent


def _play(agent: ExternalAgent, seed: int = 3, time_control: TimeControl = TC) -> GameReport:
    state = cardarena.load_game("aliens").new_game(seed=seed)
    seat = state.decision.seat  # type: ignore[union-attr]
    agents = [make_agent("random", seed=1), make_agent("random", seed=2)]
    agents[seat] = agent
    uid_seen: list[int | None] = []
    start = agent.start

    def spy(*a: object, **k: object) -> None:
        start(*a, **k)  # type: ignore[arg-type]
        uid_seen.append(agent.uid)

    agent.start = spy  # type: ignore[method-assign]
    report = play_game(state, agents, time_control=time_control)
    assert report.engine_error is None
    assert report.fault_seat in (None, seat)
    assert agent.proc is None and agent.dir is None
    for uid in uid_seen:  # nothing of the bot survives its game
        if uid is not None:
            assert not _has_processes(uid)
    return report


@pytest.mark.parametrize(
    ("mode", "status", "words"),
    [
        ("crash_start", ERROR, "exited with code 1"),
        ("crash_mid", ERROR, "crash in the middle"),
        ("exit_silent", ERROR, "exited with code 0 without answering"),
        ("hang", TIMEOUT, "no answer within its time"),
        # the arena's deadline, or its clock once a late answer came in first (a busy machine): both are TIMEOUT
        ("slow", TIMEOUT, ("no answer within its time", "ran out of time")),
        ("illegal", INVALID, "illegal option for decision"),
        ("malformed", INVALID, "malformed reply"),
        ("stale_seq", INVALID, "stale reply"),
        ("huge_line", INVALID, "longer than"),
        ("close_output", ERROR, "closed its output without answering"),
        ("float_seq", INVALID, "seq must be an integer"),
        ("nan", INVALID, "malformed reply"),
    ],
)
def test_fault_is_a_loss_with_status(mode: str, status: str, words: str | tuple[str, ...]) -> None:
    report = _play(_bot(mode))
    seat = report.fault_seat
    assert seat is not None
    assert report.statuses[seat] == status, report.reason
    assert any(w in (report.reason or "") for w in ((words,) if isinstance(words, str) else words)), report.reason
    r = report.result
    assert r is not None and r.reason == "forfeit" and seat not in r.winners
    forfeit = [e for e in report.state.log if e["type"] == "forfeit"]
    assert forfeit and forfeit[0]["status"] == status


def test_stderr_flood_hits_the_file_size_limit() -> None:
    report = _play(_bot("stderr_flood", file_size=1 << 20))
    assert report.status == ERROR
    assert "file size limit" in (report.reason or ""), report.reason


def test_memory_hog_hits_the_address_space_limit() -> None:
    report = _play(_bot("memory_hog", address_space=256 << 20))
    assert report.status == ERROR
    assert "MemoryError" in (report.reason or ""), report.reason


def test_cpu_burn_is_named_as_the_cpu_time_limit() -> None:
    """RLIMIT_CPU soft and hard at the same value: the kernel sent SIGKILL, and the reason read "killed by
    SIGKILL", which does not tell the bot's author that the CPU time ran out."""
    # a clock far longer than its CPU second: on a busy machine 1 s of CPU takes several seconds of wall
    # time, and the 2.4 s of TC's first decision ran out first (TIMEOUT) under load
    report = _play(_bot("cpu_burn", cpu_seconds=1), time_control=TimeControl(per_decision=0.3, bank=30, startup=30))
    assert report.status == ERROR
    assert "SIGXCPU (CPU time limit)" in (report.reason or ""), report.reason


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="own user id, namespaces: the arena runs as root")


@needs_root
def test_fork_bomb_is_contained() -> None:
    report = _play(_bot("fork_bomb", processes=16))
    assert report.status == ERROR
    assert "Resource temporarily unavailable" in (report.reason or ""), report.reason


@needs_root
def test_writing_outside_the_working_folder_fails(tmp_path: Path) -> None:
    for target in (tmp_path / "escape.txt", ROOT / "escape.txt", Path("/tmp/cardarena-escape.txt")):
        report = _play(_bot("write_outside", str(target)))
        assert not target.exists()
        assert report.status == ERROR
        assert "Read-only file system" in (report.reason or "") or "Permission denied" in (report.reason or "")
    # /tmp itself is writable by anyone: there only the read-only mount stops the bot
    assert "Read-only file system" in (report.reason or ""), report.reason


@needs_root
def test_no_network() -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(0.1)
    port = server.getsockname()[1]
    try:
        report = _play(_bot("network", f"127.0.0.1:{port}"))
        with pytest.raises(TimeoutError):
            server.accept()
    finally:
        server.close()
    assert report.status == ERROR
    assert "unreachable" in (report.reason or "").lower(), report.reason


def test_the_match_goes_on_after_faults() -> None:
    """One faulty bot after another, then a correct one: each game ends, the last one normally."""
    for mode in ("crash_start", "illegal", "exit_silent"):
        assert _play(_bot(mode)).status != OK
    good = make_agent(f'cmd:"{sys.executable if False else "python3"} {ROOT}/examples/bots/random_bot.py"')
    assert isinstance(good, ExternalAgent)
    report = _play(good)
    assert report.status == OK and report.result is not None and report.result.reason != "forfeit"


def test_a_program_the_bot_cannot_start_is_named_with_what_to_do() -> None:
    # execvpe's own error names only the last folder of PATH it tried (b'/bin/python')
    report = _play(make_agent('cmd:"no-such-interpreter bot.py"'))  # type: ignore[arg-type]
    assert report.status == ERROR
    assert "no program 'no-such-interpreter' on the bot's PATH (/usr/local/bin:/usr/bin:/bin)" in (
        report.reason or ""), report.reason
    report = _play(make_agent('cmd:"python bot.py"'))  # type: ignore[arg-type]
    assert "(python3?)" in (report.reason or "") or "exited with code 2" in (report.reason or ""), report.reason


@pytest.mark.parametrize(
    ("manifest", "words"),
    [
        ('command = "python3 x.py"\nlimits = 3\n', "`limits` must be a table"),
        ('command = "python3 x.py"\nworkdir = "no/such/folder"\n', "is not a folder"),
        ('command = "python3 x.py"\nworkdir = 7\n', "`workdir` must be a string"),
        ('command = "python3 x.py"\nname = 5\n', "`name` must be a string"),
        ('command = "python3 x.py"\n[limits]\nper_decision = -1\n', "must be a positive number"),
        ('command = "python3 x.py"\n[limits]\nbank = true\n', "limit bank must be a number, got True"),
        ('command = "python3 x.py"\n[limits]\ncpu_seconds = 0.5\n', "cpu_seconds must be a whole number"),
        ('command = "python3 x.py"\n[limits]\naddress_space = 1.5e8\n', None),
        # setrlimit takes a 64-bit number: this one stopped the bot's start with an OverflowError
        ('command = "python3 x.py"\n[limits]\naddress_space = 1e30\n', "address_space must be below"),
    ],
)
def test_a_broken_manifest_is_a_clear_error(tmp_path: Path, manifest: str, words: str | None) -> None:
    """(A fractional count was cut down by int(): `cpu_seconds = 0.5` gave the bot a CPU limit of 0.)"""
    path = tmp_path / "bot.toml"
    path.write_text(manifest)
    if words is None:  # a whole number written as a float is that number
        agent = make_agent(f"bot:{path}")
        assert isinstance(agent, ExternalAgent) and agent.bot.limits.address_space == 150_000_000
        return
    with pytest.raises(ValueError, match=words):
        make_agent(f"bot:{path}")


def test_a_missing_manifest_says_so(tmp_path: Path) -> None:
    for spec in (f"bot:{tmp_path / 'gone.toml'}", str(tmp_path / "gone.toml")):
        with pytest.raises(ValueError, match="no such file"):
            make_agent(spec)


def test_a_manifest_name_names_the_bot(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    path.write_text(f'command = ["python3", "{FAULTY}", "illegal"]\nname = "Ember"\n')
    agent = make_agent(f"bot:{path}")
    assert agent.name == f"Ember (bot:{path})"
    report = _play(agent)  # type: ignore[arg-type]
    assert "Ember" in (report.reason or ""), report.reason


def test_folders_left_by_an_arena_killed_outright_are_swept(monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess
    import tempfile

    from cardarena.agents import external

    dead = subprocess.Popen(["true"])
    dead.wait()  # a process id no process has now
    left = Path(tempfile.mkdtemp(prefix=f"{external.FOLDER_PREFIX}{dead.pid}-"))
    mine = Path(tempfile.mkdtemp(prefix=f"{external.FOLDER_PREFIX}{os.getpid()}-"))
    monkeypatch.setattr(external, "_swept", False)
    try:
        external.sweep_stale_folders()
        assert not left.exists() and mine.exists()
    finally:
        for d in (left, mine):
            if d.exists():
                d.rmdir()


def test_a_command_with_an_escaped_quoted_path_starts(tmp_path: Path) -> None:
    from cardarena.agents.external import BotSpec, pinned_spec

    bot = BotSpec.from_command('"python3 \\"my bots/x y.py\\" --fast"')
    assert bot.command == ["python3", "my bots/x y.py", "--fast"]
    folder = tmp_path / "my bots"
    folder.mkdir()
    (folder / 'odd"name.py').write_text("")
    pinned = pinned_spec(f'cmd:"python3 \'{folder}/odd\\"name.py\'"')
    again = BotSpec.from_command(pinned.partition(":")[2])
    assert again.command == ["python3", f'{folder}/odd"name.py']
