"""Playing one game between agents: the loop every front end (CLI, sim, contests, arena) shares.

A seat whose agent fails loses that game and the rest of the match goes on (docs/protocol.md):

- ERROR: the automaton raised, or the external bot crashed, exited or broke a resource limit;
- TIMEOUT: it used more than its time (a per-decision limit plus a bank for the whole game);
- INVALID: it answered an option the decision does not offer, a stale seq or a malformed reply.

The game is finished as a forfeit naming every other seat as winner (N seats), and the report says
which seat failed, with what status and why. An exception of the engine itself (a ruleset raising on
a legal choice or on a view) is an engine error: no seat is blamed and the game has no result.
"""

from __future__ import annotations

import contextlib
import math
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .engine import Decision, State
from .errors import AgentFault, EngineError, IllegalChoice

if TYPE_CHECKING:
    from cardarena.agents.base import Agent

EventHook = Callable[[State, int], None]

OK = "OK"
ERROR = "ERROR"
TIMEOUT = "TIMEOUT"
INVALID = "INVALID"
#: the report status of a game stopped by an exception of the engine (no seat is at fault)
ENGINE_ERROR = "ENGINE_ERROR"
STATUSES = (OK, ERROR, TIMEOUT, INVALID)
#: the reason of a person's concession (a forfeit with status OK): the game's result says "conceded"
CONCEDED = "conceded"


@dataclass(frozen=True)
class TimeControl:
    """Kaggle-style clocks: each decision may take `per_decision` seconds; time beyond that is drawn
    from a `bank` of seconds for the whole game. Using more than both loses the game as TIMEOUT.
    `startup` seconds are added to a seat's first decision (starting a bot's interpreter)."""

    per_decision: float = 2.0
    bank: float = 30.0
    startup: float = 5.0

    def __post_init__(self) -> None:
        for name in ("per_decision", "bank", "startup"):
            v = getattr(self, name)
            if not (v >= 0 and math.isfinite(v)):
                raise ValueError(f"time control: {name} must be a number of seconds, 0 or more, got {v}")
        if self.per_decision + self.bank <= 0:  # every decision would be a loss on time
            raise ValueError("time control: a decision needs some time: per decision and bank are both 0")

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """`"2+30"` (per decision + bank, seconds) or `"2+30+5"` (+ startup)."""
        parts = text.split("+")
        try:
            nums = [float(p) for p in parts]
        except ValueError:
            nums = []
        if not 2 <= len(nums) <= 3:
            raise ValueError(f"time control {text!r} must be PER_DECISION+BANK[+STARTUP] seconds, e.g. 2+30")
        return cls(*nums)

    def to_dict(self) -> dict[str, float]:
        return {"per_decision": self.per_decision, "bank": self.bank, "startup": self.startup}


@dataclass
class Clock:
    """One seat's clock under a TimeControl."""

    tc: TimeControl
    bank: float = 0.0
    first: bool = True

    def __post_init__(self) -> None:
        self.bank = self.tc.bank

    def allowance(self) -> float:
        """Seconds the next decision may take."""
        return self.tc.per_decision + self.bank + (self.tc.startup if self.first else 0.0)

    def charge(self, seconds: float) -> bool:
        """Account one decision's time; False when it went over the allowance."""
        extra = self.tc.startup if self.first else 0.0
        self.first = False
        over = seconds - self.tc.per_decision - extra
        if over > 0:
            self.bank -= over
        return self.bank >= 0


@dataclass
class GameReport:
    """How a played game went: the state (with its result), each seat's status and the fault."""

    state: State
    #: per seat: OK, or the status of the seat that failed
    statuses: list[str]
    #: the failing seat (None when no seat failed)
    fault_seat: int | None = None
    #: why that seat lost (None when no seat failed)
    reason: str | None = None
    #: set when the engine raised: the exception and traceback; then `result` is None and no seat is at fault
    engine_error: str | None = None
    decisions: int = 0
    #: seconds each seat spent choosing, how many decisions it made, and its longest decision's seconds
    seconds: list[float] = field(default_factory=list)
    decided: list[int] = field(default_factory=list)
    longest: list[float] = field(default_factory=list)

    @property
    def result(self) -> Any:
        return self.state.result

    @property
    def status(self) -> str:
        """OK, the failing seat's status, or ENGINE_ERROR."""
        if self.engine_error is not None:
            return ENGINE_ERROR
        return OK if self.fault_seat is None else self.statuses[self.fault_seat]

    def to_dict(self) -> dict[str, Any]:
        r = self.state.result
        return {"result": None if r is None else r.to_dict(), "statuses": list(self.statuses),
                "fault_seat": self.fault_seat, "reason": self.reason, "engine_error": self.engine_error,
                "decisions": self.decisions, "seconds": [round(s, 4) for s in self.seconds],
                "decided": list(self.decided), "longest": [round(s, 4) for s in self.longest]}


def statuses_from_log(state: State) -> list[str]:
    """Each seat's status as the forfeits in its log give it (OK where there is none): for loops that
    do not keep a GameReport as they go (the terminal's, the web arena's)."""
    statuses = [OK] * state.nseats
    for ev in state.log:
        p = ev.get("player")
        if ev.get("type") == "forfeit" and isinstance(p, int) and 0 <= p < state.nseats:
            statuses[p] = str(ev.get("status") or ERROR)
    return statuses


def turns_of(state: State) -> int:
    """Turns played so far, as the game counts them in its result (mastery counts Rounds)."""
    if state.result is not None:
        return state.result.turns
    for name in ("turn", "round"):
        n = getattr(state, name, None)
        if isinstance(n, int):
            return n
    return 0


def play_game(
    state: State,
    agents: Sequence[Agent],
    on_decision: EventHook | None = None,
    max_decisions: int = 1_000_000,
    time_control: TimeControl | None = None,
) -> GameReport:
    """Run `state` to its end, asking `agents[seat]` at each decision; never raises for an agent's fault.

    `on_decision(state, seat)` is called after each applied choice (for printing events as they
    come). With `time_control` every seat has a clock; without, in-process automatons are not timed
    and external bots use their own default limits (docs/protocol.md)."""
    n = state.nseats
    report = GameReport(state, [OK] * n, seconds=[0.0] * n, decided=[0] * n, longest=[0.0] * n)
    clocks = [Clock(time_control) for _ in range(n)] if time_control is not None else None
    started: list[int] = []
    try:
        started = start_agents(state, agents, report, time_control)
        if report.fault_seat is not None:
            return report
        perf = time.perf_counter
        while state.decision is not None:
            d = state.decision
            seat = d.seat
            agent = agents[seat]
            try:
                view = state.view(seat)
            except Exception:
                report.engine_error = f"the engine failed building the view of seat {seat}:\n{traceback.format_exc()}"
                return report
            clock = clocks[seat] if clocks is not None else None
            t0 = perf()
            agent.deadline = None if clock is None else t0 + clock.allowance()
            try:
                choice = agent.choose(view, d, state if agent.uses_state else None)
            except Exception as e:
                _fault(report, seat, *agent_failure(agent.name, e))
                return report
            spent = perf() - t0
            report.seconds[seat] += spent
            report.decided[seat] += 1
            if spent > report.longest[seat]:
                report.longest[seat] = spent
            if clock is not None and not clock.charge(spent):
                why = out_of_time(agent.name, spent, d.seq, clock)
                _fault(report, seat, TIMEOUT, why, why)
                return report
            if not isinstance(choice, str) or choice not in d.ids:
                _fault(report, seat, INVALID, *illegal_answer(agent.name, choice, d))
                return report
            try:
                state.apply(choice, seq=d.seq)
            except IllegalChoice as e:  # cannot happen for an offered id; kept as the engine's word
                report.engine_error = f"the engine refused offered option {choice!r}: {e}"
                return report
            except Exception:
                report.engine_error = (f"the engine failed applying {choice!r} to decision {d.seq} "
                                       f"({d.kind!r}, seat {seat}):\n{traceback.format_exc()}")
                return report
            report.decisions += 1
            if on_decision is not None:
                on_decision(state, seat)
            if report.decisions >= max_decisions:
                report.engine_error = f"game did not end after {max_decisions} decisions"
                return report
        return report
    finally:
        end_agents(state, agents, started, report)


def start_agents(state: State, agents: Sequence[Agent], report: GameReport,
                 time_control: TimeControl | None = None) -> list[int]:
    """Tell every agent its game begins (an external bot starts its process here). An agent that fails
    to start forfeits the game (`report` says so) and the others are not started. Returns the seats to
    pass to `end_agents`, the one that failed included."""
    started: list[int] = []
    for seat, agent in enumerate(agents):
        agent.deadline = None
        started.append(seat)
        try:
            agent.start(state, seat, time_control)
        except Exception as e:  # an automaton's crash is its loss, not the arena's
            status, public, full = agent_failure(agent.name, e)
            _fault(report, seat, status, public, full)
            break
    return started


def end_agents(state: State, agents: Sequence[Agent], started: Sequence[int], report: GameReport) -> None:
    """The game is over (or was stopped): tell the agents `start_agents` started; their processes end."""
    for seat in started:
        with contextlib.suppress(Exception):  # a bot that fails after its game changes nothing
            agents[seat].end(state, seat, report)


def play(
    state: State,
    agents: Sequence[Agent],
    on_decision: EventHook | None = None,
    max_decisions: int = 1_000_000,
    time_control: TimeControl | None = None,
) -> State:
    """`play_game` returning the state; an engine error is raised as EngineError (agent faults are
    forfeits recorded in the log and the result, never raised)."""
    report = play_game(state, agents, on_decision, max_decisions, time_control)
    if report.engine_error is not None:
        raise EngineError(report.engine_error)
    return state


def _fault(report: GameReport, seat: int, status: str, public: str, full: str) -> None:
    """`seat` loses by its fault: the log gets the public reason, the report (its owner's and the
    operator's) the reason with the bot's own text."""
    report.statuses[seat] = status
    report.fault_seat = seat
    report.reason = full
    forfeit(report.state, seat, public, status)


def out_of_time(agent: str, spent: float, seq: int, clock: Clock) -> str:
    """The forfeit reason of an answer over its seat's clock."""
    return f"agent {agent!r} ran out of time: {spent:.3f} s for decision {seq}, over its " \
           f"{clock.tc.per_decision:g} s limit and its bank"


def agent_failure(agent: str, e: BaseException) -> tuple[str, str, str]:
    """(status, public reason, full reason) of an exception an automaton raised while choosing: an
    AgentFault keeps its status (TIMEOUT, INVALID, ERROR), anything else is a crash (ERROR). The public
    reason (the log) holds nothing the automaton wrote, which may name cards it holds (a KeyError's
    key, the tail of its stderr); the full one, for its owner and the operator, does."""
    if isinstance(e, AgentFault):
        public = f"agent {agent!r}: {e}"
        return e.status, public, public + e.detail
    public = f"agent {agent!r} crashed: {type(e).__name__}"
    return ERROR, public, f"{public}: {e}"


def illegal_answer(agent: str, choice: object, d: Decision) -> tuple[str, str]:
    """(public reason, full reason) of an illegal answer. The public one (the log) names neither the
    answer (a stale id names a card the seat held) nor the options offered, nor how many: they would
    tell of the seat's hand or secret cards. Its own replay shows them."""
    public = f"agent {agent!r} chose an illegal option for decision {d.seq} ({d.kind!r})"
    return public, f"{public}: {choice!r}{_slip(choice, d)}"


def _slip(choice: object, d: Decision) -> str:
    """The likely fix of a bot's illegal answer, for its full reason only (it names an option): the
    label sent instead of the id, or the option's position."""
    for o in d.options:
        if choice == o.label:
            return f" (the label of option {o.id!r}: reply with an option's id, not its label)"
    if isinstance(choice, str) and choice.isdigit() and int(choice) < len(d.options):
        return " (a position? reply with the option's id)"
    return ""


def forfeit(state: State, seat: int, why: str, status: str = ERROR) -> None:
    """`seat` loses with `status` (ERROR, TIMEOUT, INVALID); every other seat wins. A person's
    concession (`why` CONCEDED, status OK) ends the game as "conceded", as the terminal's does, not as
    an automaton's fault."""
    if state.result is not None:
        return
    state.emit("forfeit", player=seat, status=status, reason=why)
    others = tuple(s for s in range(state.nseats) if s != seat)
    reason = CONCEDED if why == CONCEDED and status == OK else "forfeit"
    state.finish(others[0] if len(others) == 1 else None, reason, turns_of(state), winners=others,
                 ranking=(others, (seat,)))


def replay_record(state: State, agents: Sequence[str], engine_version: str) -> dict[str, Any]:
    """A replay file (docs/architecture.md): everything needed to re-run the game to the identical log."""
    cfg = state.config
    extra = {"cards": cfg["cards"]} if "cards" in cfg else {}  # card files: their texts (docs/cards.md)
    return {
        "format": "cardarena-replay/1",
        "engine": engine_version,
        "game": cfg["game"],
        "game_format": cfg["format"],
        "rules": cfg["rules"],
        "decks": cfg["decks"],
        "seed": cfg["seed"],
        "agents": list(agents),
        "choices": list(state.history),
        "result": None if state.result is None else state.result.to_dict(),
        "log": state.log,
        **extra,
    }
