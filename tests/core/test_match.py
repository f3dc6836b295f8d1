"""An automaton that crashes or answers an illegal option loses that game; the runner goes on."""

from typing import Any

import cardarena
from cardarena.agents import make_agent
from cardarena.agents.base import Agent
from cardarena.core.engine import Decision, State
from cardarena.core.match import play


class Crasher(Agent):
    kind = "crasher"

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        raise RuntimeError("boom")


class Liar(Agent):
    kind = "liar"

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        return "not-an-option"


def test_a_crashing_agent_forfeits() -> None:
    state = cardarena.load_game("aliens").new_game(seed=1)
    seat = state.decision.seat  # type: ignore[union-attr]
    agents = [make_agent("random"), make_agent("random")]
    agents[seat] = Crasher()
    play(state, agents)
    assert state.result is not None and state.result.winner == 1 - seat and state.result.reason == "forfeit"
    # the log says it crashed; what it said (its message may name its cards) is the operator's
    assert "crashed: RuntimeError" in state.log[-2]["reason"] and "boom" not in state.log[-2]["reason"]


def test_an_illegal_answer_forfeits() -> None:
    state = cardarena.load_game("aliens").new_game(seed=1)
    seat = state.decision.seat  # type: ignore[union-attr]
    agents = [make_agent("random"), make_agent("random")]
    agents[seat] = Liar()
    play(state, agents)
    assert state.result is not None and state.result.winner == 1 - seat
    assert "illegal option" in state.log[-2]["reason"]


class LateLiar(Agent):
    """Plays its first options, then answers an illegal id once it holds cards in hand."""

    kind = "late-liar"

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        return "not-an-option" if decision.kind == "action" else decision.options[0].id


def test_an_illegal_answer_is_reported_without_the_seats_options() -> None:
    # the forfeit reason is public (every seat's log, contest reports): the ids offered to the faulty
    # seat would name cards in its hand
    state = cardarena.load_game("aliens").new_game(seed=1)
    hidden = state.decision.seat  # type: ignore[union-attr]
    agents: list[Agent] = [make_agent("random"), make_agent("random")]
    agents[hidden] = LateLiar()
    play(state, agents)
    forfeit = state.visible_log(1 - hidden)[-2]
    assert forfeit["type"] == "forfeit" and "illegal option for decision" in forfeit["reason"]
    assert "not-an-option" not in forfeit["reason"]  # a stale id would name a card the seat held
    hand = {state.defs[i].id for i in state.hand[hidden]}
    assert hand and not any(card in forfeit["reason"] for card in hand)


# -- statuses: ERROR, TIMEOUT, INVALID for the faulty seat; an engine exception blames no seat -----

import time  # noqa: E402

import pytest  # noqa: E402

from cardarena.core.errors import AgentTimeout, EngineError  # noqa: E402
from cardarena.core.match import ENGINE_ERROR, ERROR, INVALID, OK, TIMEOUT, TimeControl, play_game  # noqa: E402


class Sleeper(Agent):
    kind = "sleeper"

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        time.sleep(0.05)
        return decision.options[0].id


class Timer(Agent):
    kind = "timer"

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        raise AgentTimeout("too slow")


def _report(bad: Agent, tc: TimeControl | None = None):  # type: ignore[no-untyped-def]
    state = cardarena.load_game("aliens").new_game(seed=1)
    seat = state.decision.seat  # type: ignore[union-attr]
    agents: list[Agent] = [make_agent("random"), make_agent("random")]
    agents[seat] = bad
    return seat, play_game(state, agents, time_control=tc)


@pytest.mark.parametrize(("bad", "status"), [(Crasher(), ERROR), (Liar(), INVALID), (Timer(), TIMEOUT)])
def test_statuses(bad: Agent, status: str) -> None:
    seat, report = _report(bad)
    assert report.fault_seat == seat and report.statuses[seat] == status and report.status == status
    assert report.statuses[1 - seat] == OK
    assert report.result.reason == "forfeit" and report.result.winners == (1 - seat,)
    ev = report.state.log[-2]
    # the log has the public reason; the report, for the operator, that and what the automaton said
    assert ev["type"] == "forfeit" and ev["status"] == status and (report.reason or "").startswith(ev["reason"])


def test_time_control_for_automatons_in_process() -> None:
    seat, report = _report(Sleeper(), TimeControl(per_decision=0.01, bank=0.3, startup=0))
    assert report.statuses[seat] == TIMEOUT, report.reason
    assert "ran out of time" in (report.reason or "")
    assert report.decisions >= 2  # the bank covered the first few slow decisions


def test_time_control_parse() -> None:
    assert TimeControl.parse("2+30") == TimeControl(2.0, 30.0)
    assert TimeControl.parse("1+5+0.5") == TimeControl(1.0, 5.0, 0.5)
    with pytest.raises(ValueError, match="PER_DECISION"):
        TimeControl.parse("fast")
    with pytest.raises(ValueError, match="both 0"):  # every decision would be lost on time
        TimeControl.parse("0+0")
    for bad in ("inf+1", "nan+5", "-1+5"):  # said as a number of seconds, not "must be >= 0, got nan"
        with pytest.raises(ValueError, match="a number of seconds, 0 or more"):
            TimeControl.parse(bad)


def test_an_engine_exception_blames_no_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    state = cardarena.load_game("aliens").new_game(seed=1)
    cls = type(state)

    def broken_view(self: State, seat: int) -> dict[str, Any]:
        raise KeyError("engine bug")

    monkeypatch.setattr(cls, "view", broken_view)
    report = play_game(state, [make_agent("random"), make_agent("random")])
    assert report.status == ENGINE_ERROR and report.fault_seat is None and report.result is None
    assert "engine bug" in (report.engine_error or "")
    assert report.statuses == [OK, OK]
    with pytest.raises(EngineError, match="engine bug"):
        from cardarena.core.match import play

        play(cardarena.load_game("aliens").new_game(seed=1), [make_agent("random"), make_agent("random")])


def test_a_crash_at_start_forfeits_before_any_decision() -> None:
    class BadStart(Agent):
        kind = "badstart"

        def start(self, state: State, seat: int, time_control: TimeControl | None = None) -> None:
            raise OSError("no such program")

        def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
            raise AssertionError("never asked")

    state = cardarena.load_game("aliens").new_game(seed=1)
    report = play_game(state, [make_agent("random"), BadStart()])
    assert report.fault_seat == 1 and report.statuses == [OK, ERROR] and report.decisions == 0
    assert "crashed: OSError: no such program" in (report.reason or "")


def test_turns_of_counts_as_the_games_result_does() -> None:
    # mastery counts Rounds and has no `turn`: its stored matches and sim rows said 0 turns
    import random

    from cardarena.core.match import forfeit, turns_of

    st = cardarena.load_game("mastery").new_game(seed=4)
    rng = random.Random(4)
    while st.result is None and getattr(st, "round", 0) < 3:
        st.apply(rng.choice(st.decision.options).id)
    assert turns_of(st) == st.round >= 2
    forfeit(st, 0, "test")
    assert st.result is not None and st.result.turns == turns_of(st) >= 2
