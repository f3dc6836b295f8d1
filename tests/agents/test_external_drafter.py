"""External drafters in a circuits Booster Draft (docs/protocol.md, "Booster Draft"): a draft with one
completes with legal picks, a faulty one is replaced by the built-in bot and reported, and a drafter
only ever receives its own seat's view."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardarena.agents.drafter import ExternalDrafter, drafter_from_spec, run_draft
from cardarena.core.match import TimeControl
from cardarena.core.registry import load_game
from cardarena.games.circuits import draft as drafting
from cardarena.games.circuits.limited import DRAFT_PACKS, PACK_SIZE

ROOT = Path(__file__).resolve().parents[2]
DRAFT_BOT = ROOT / "examples" / "bots" / "draft_bot.py"
FAULTY = ROOT / "examples" / "bots" / "faulty" / "faulty_drafter.py"
GAME = load_game("circuits")
TC = TimeControl(per_decision=0.5, bank=1.0, startup=3.0)


class Spy(ExternalDrafter):
    """An external drafter that keeps every message it was sent (what the program received)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: list[dict[str, Any]] = []

    def _send(self, msg: dict[str, Any], deadline: float) -> None:
        self.sent.append(json.loads(json.dumps(msg)))
        super()._send(msg, deadline)


def spy(command: str) -> Spy:
    ext = drafter_from_spec(f'cmd:"{command}"')
    return Spy(ext.bot, name=ext.name)


def bot(view: dict[str, Any]) -> str:
    return drafting.bot_pick(GAME.pool, view)


def draft_with(seat: int, drafter: ExternalDrafter, seats: int = 4, seed: int = 3) -> tuple[drafting.Draft, list[Any]]:
    d = drafting.Draft(GAME.pool, seats, seed)
    faults = run_draft(d, "circuits", DRAFT_PACKS, PACK_SIZE, bot, drafters={seat: drafter}, time_control=TC)
    return d, faults


def test_a_draft_with_an_external_drafter_completes_with_legal_picks() -> None:
    ext = spy(f"python3 {DRAFT_BOT}")
    d, faults = draft_with(1, ext)
    assert faults == []
    assert d.done and all(len(p) == DRAFT_PACKS * PACK_SIZE for p in d.picks)
    drafting.replay(GAME.pool, d.record())  # every pick was in the pack in front of its seat
    picks = [m for m in ext.sent if m["type"] == "pick"]
    assert len(picks) == DRAFT_PACKS * PACK_SIZE
    assert [m["seq"] for m in picks] == list(range(1, len(picks) + 1))
    bots_only = drafting.Draft(GAME.pool, 4, 3)
    run_draft(bots_only, "circuits", DRAFT_PACKS, PACK_SIZE, bot)
    assert d.picks[1] != bots_only.picks[1]  # the program, not the built-in bot, drafted seat 2
    deck = GAME.limited.build_deck(GAME.pool, d.recruits[1], d.picks[1])
    assert GAME.check_deck(deck, "limited") == []
    start, end = ext.sent[0], ext.sent[-1]
    assert start["type"] == "draft_start"
    assert {k: start[k] for k in ("game", "seat", "seats", "packs", "pack_size")} == {
        "game": "circuits", "seat": 1, "seats": 4, "packs": DRAFT_PACKS, "pack_size": PACK_SIZE}
    assert end == {"type": "draft_end", "pool": d.picks[1]}
    assert ext.proc is None  # the process ended with the draft


def test_the_drafter_never_receives_another_seats_picks() -> None:
    ext = spy(f"python3 {DRAFT_BOT}")
    seat, seats = 2, 4
    d = drafting.Draft(GAME.pool, seats, 8)
    expected: list[dict[str, Any]] = []
    real_view = d.view

    def view(s: int) -> dict[str, Any]:
        v = real_view(s)
        if s == seat:
            expected.append(json.loads(json.dumps(v)))
        return v

    d.view = view  # type: ignore[method-assign]
    assert run_draft(d, "circuits", DRAFT_PACKS, PACK_SIZE, bot, drafters={seat: ext}, time_control=TC) == []
    picks = [m for m in ext.sent if m["type"] == "pick"]
    assert [m["view"] for m in picks] == expected[:len(picks)]  # exactly its own seat's views, nothing else
    assert all(set(m) == {"type", "seq", "view", "time"} for m in picks)
    assert all(m["view"]["seat"] == seat for m in picks)
    others = [c for s in range(seats) if s != seat for c in d.picks[s]]
    for k, m in enumerate(picks):
        # its picks so far are its own, and nothing past the pack in front of it can reveal another seat's
        assert m["view"]["picks"] == d.picks[seat][:k]
        seen = set(m["view"]["recruits"]) | set(m["view"]["pack"]) | set(d.picks[seat])
        text = json.dumps(m)
        assert not [c for c in set(others) - seen if json.dumps(c) in text]
    assert ext.sent[-1] == {"type": "draft_end", "pool": d.picks[seat]}


@pytest.mark.parametrize(("mode", "status", "words"), [
    ("crash_start", "ERROR", "crash at start"),
    ("crash_mid", "ERROR", "crash in the middle"),
    ("hang", "TIMEOUT", "no answer within its time"),
    ("illegal", "INVALID", "not in the pack"),
    ("stale_seq", "INVALID", "stale reply"),
])
def test_a_faulty_drafter_is_contained(mode: str, status: str, words: str) -> None:
    ext = spy(f"python3 {FAULTY} {mode}")
    d, faults = draft_with(0, ext)
    assert [(f.seat, f.status) for f in faults] == [(0, status)]
    assert words in faults[0].reason
    assert faults[0].seq == (1 if mode == "crash_start" else 3)  # a crash at start shows at its first pick
    assert d.done and all(len(p) == DRAFT_PACKS * PACK_SIZE for p in d.picks)  # the draft went on
    drafting.replay(GAME.pool, d.record())
    assert ext.proc is None
    assert not [m for m in ext.sent if m["type"] == "pick" and m["seq"] > 3]  # no pick asked after the fault
    assert "built-in bot" in faults[0].describe()


def test_the_draft_command_seats_external_drafters_and_reports_faults(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from cardarena.cli import app

    monkeypatch.chdir(ROOT)
    saved = tmp_path / "draft.json"
    r = CliRunner().invoke(app, ["draft", "circuits", "--seats", "3", "--seed", "5", "--save", str(saved),
                                 "--drafter", '2=cmd:"python3 examples/bots/draft_bot.py"',
                                 "--drafter", f'3=cmd:"python3 {FAULTY} illegal"', "--time", "1+2+3",
                                 "--bot-log", str(tmp_path / "logs")])
    assert r.exit_code == 0, r.output
    assert "Seat 2 (cmd:" in r.output and "draft_bot.py" in r.output
    # each drafter's transcript: what it was sent and answered (the illegal pick too), and its end
    good, bad = (tmp_path / "logs" / f"drafter-seat{n}.jsonl" for n in (2, 3))
    sent = [json.loads(x) for x in good.read_text().splitlines()]
    assert sent[1]["sent"]["type"] == "draft_start" and sent[-2]["sent"]["type"] == "draft_end"
    assert any("received" in x for x in sent) and "stderr" in sent[-1]
    assert any("received" in json.loads(x) for x in bad.read_text().splitlines())
    assert "drafter fault: seat 3: INVALID at pick 3" in r.output and "built-in bot" in r.output
    assert "Seat 1 (bot)" in r.output
    drafting.replay(GAME.pool, json.loads(saved.read_text()))
    for bad in (["--drafter", "9=cmd:x"], ["--drafter", "2=random"], ["--drafter", "1=cmd:x", "--drafter", "1=cmd:y"],
                ["--drafter", "1=cmd:x", "--time", "soon"]):
        r = CliRunner().invoke(app, ["draft", "circuits", "--seats", "3", *bad])
        assert r.exit_code == 2, (bad, r.output)
