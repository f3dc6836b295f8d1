"""Running a game for the command line, telling an engine failure from an automaton's.

`core.match.play` makes every exception raised while an automaton chooses a forfeit. A search
automaton runs the engine on its own clones, so an engine bug surfaces there too, and `match` used to
report it as "P2 wins by forfeit". Here an exception whose innermost frame is in the engine (core or a
game package) is an `EngineFailure`: the CLI reports it with everything needed to reproduce it, and
forfeits stay for automatons that crash in their own code or answer an illegal option.
"""

from __future__ import annotations

import json
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..core import match
from ..core.engine import State
from ..core.errors import AgentFault, IllegalChoice
from ..core.match import (
    INVALID,
    OK,
    TIMEOUT,
    Clock,
    GameReport,
    TimeControl,
    agent_failure,
    forfeit,
    illegal_answer,
    out_of_time,
    replay_record,
    statuses_from_log,
)
from ..core.replay import save_replay

if TYPE_CHECKING:
    from ..agents.base import Agent

ENGINE_DIRS = ("cardarena/core/", "cardarena/games/")


class EngineFailure(Exception):
    """The engine raised: a bug to report, never a player's loss."""

    def __init__(self, error: BaseException, where: str) -> None:
        super().__init__(f"{type(error).__name__}: {error}")
        self.error = error
        self.where = where


def engine_fault(exc: BaseException) -> str | None:
    """'file:line' of the innermost engine frame if `exc` came out of the engine, else None.

    The automaton's own frames come first; if any engine frame (core or a game package) runs after
    the last of them, the engine was running when it raised (a search agent applying a choice on its
    clone), so it is the engine's failure, not the automaton's."""
    frames = traceback.extract_tb(exc.__traceback__)
    paths = [f.filename.replace("\\", "/") for f in frames]
    last_agent = max((i for i, p in enumerate(paths) if "cardarena/agents/" in p), default=-1)
    engine = [i for i, p in enumerate(paths) if i > last_agent and any(d in p for d in ENGINE_DIRS)]
    if not engine:
        return None
    f = frames[engine[-1]]
    return f"{paths[engine[-1]].rsplit('cardarena/', 1)[-1]}:{f.lineno}"


def start_agents(state: State, agents: Sequence[Agent], time_control: TimeControl | None = None,
                 ) -> tuple[list[int], GameReport]:
    """`core.match.start_agents` for the terminal's own game loops (`match`, `play`): an agent that fails
    to start forfeits the game. Returns the started seats and the report to hand to `end_agents`."""
    report = GameReport(state, [OK] * len(agents), seconds=[0.0] * len(agents))
    return match.start_agents(state, agents, report, time_control), report


def end_agents(state: State, agents: Sequence[Agent], begun: tuple[list[int], GameReport]) -> None:
    """The game is over (or was stopped): the agents `start_agents` started are told, with each
    seat's status as its forfeits in the log give it."""
    started, report = begun
    for p, status in enumerate(statuses_from_log(state)[: len(agents)]):
        if status != OK:
            report.statuses[p] = status
    match.end_agents(state, agents, started, report)


@dataclass
class Thinking:
    """How long one seat's automaton took to choose: in all, at its longest, over how many decisions."""

    seconds: float = 0.0
    longest: float = 0.0
    decisions: int = 0

    def add(self, spent: float) -> None:
        self.seconds += spent
        self.longest = max(self.longest, spent)
        self.decisions += 1

    def to_dict(self) -> dict[str, float]:
        return {"seconds": round(self.seconds, 4), "longest": round(self.longest, 4), "decisions": self.decisions}


def choose_step(state: State, agents: Sequence[Agent], clocks: Sequence[Clock] | None = None,
                thinking: Sequence[Thinking] | None = None, details: list[str] | None = None) -> str | None:
    """Ask the agent to move, apply its answer; return None, or the forfeit reason if it lost by it.
    With `clocks` (one a seat, `core.match.Clock`) an answer over its seat's time loses as TIMEOUT;
    `thinking` (one a seat) adds up each seat's time. The reason returned is the public one (the log's);
    `details` gets the full one, with what the bot wrote, for the operator of a `match`."""
    d = state.decision
    assert d is not None
    agent = agents[d.seat]
    try:
        view = state.view(d.seat)
    except Exception as e:
        raise EngineFailure(e, engine_fault(e) or "view") from e
    clock = clocks[d.seat] if clocks is not None else None
    t0 = time.perf_counter()
    agent.deadline = None if clock is None else t0 + clock.allowance()
    try:
        choice = agent.choose(view, d, state if agent.uses_state else None)
    except (KeyboardInterrupt, EngineFailure):
        raise
    except Exception as e:
        where = None if isinstance(e, AgentFault) else engine_fault(e)
        if where is not None:
            raise EngineFailure(e, where) from e
        status, why, full = agent_failure(agent.name, e)  # its status (ERROR, TIMEOUT, INVALID), as in contests
        forfeit(state, d.seat, why, status)
        if details is not None:
            details.append(full)
        return why
    spent = time.perf_counter() - t0
    if thinking is not None:
        thinking[d.seat].add(spent)
    if clock is not None and not clock.charge(spent):
        why = out_of_time(agent.name, spent, d.seq, clock)
        forfeit(state, d.seat, why, TIMEOUT)
        return why
    return apply_choice(state, choice, agent_name=agent.name, details=details)


def apply_choice(state: State, choice: str, agent_name: str | None = None,
                 details: list[str] | None = None) -> str | None:
    """Apply one choice; an illegal one from an automaton is its forfeit (INVALID; returns the public
    reason, which names neither the answer nor the options: `core.match.illegal_answer`), an exception
    the engine's."""
    d = state.decision
    assert d is not None
    if agent_name is not None and (not isinstance(choice, str) or choice not in d.ids):
        why, full = illegal_answer(agent_name, choice, d)
        forfeit(state, d.seat, why, INVALID)
        if details is not None:
            details.append(full)
        return why
    try:
        seq = getattr(d, "seq", None)
        if seq is not None:
            state.apply(choice, seq=seq)
        else:
            state.apply(choice)
    except IllegalChoice:
        raise  # a person's choice (an automaton's was checked above): the caller asks again
    except Exception as e:
        raise EngineFailure(e, engine_fault(e) or "apply") from e
    return None


def run(state: State, agents: Sequence[Agent], after: Callable[[State, int], None] | None = None) -> State:
    """Play to the end like `core.match.play`, raising EngineFailure for engine bugs."""
    while state.decision is not None:
        seat = state.decision.seat
        choose_step(state, agents)
        if after is not None:
            after(state, seat)
    return state


def save_failure(state: State, agents: Sequence[str], version: str, path: Path | None = None) -> Path:
    """Save the choices up to an engine failure as a replay (to a temporary file if no path)."""
    data = dict(replay_record(state, agents, version), result=None, log=[])
    if path is None:
        with tempfile.NamedTemporaryFile("w", prefix=f"cardarena-engine-error-{state.config.get('game')}-",
                                         suffix=".json", delete=False, encoding="utf-8") as f:
            json.dump(data, f)
            return Path(f.name)
    save_replay(data, path)
    return path


def engine_report(failure: EngineFailure, state: State, saved_to: Path) -> str:
    """One paragraph: what failed, in which game, and the replay that reproduces it."""
    cfg = state.config
    decks = " vs ".join(str(d.get("name", "?")) for d in cfg.get("decks", []))
    return (f"engine error: {failure} (at {failure.where}) in {cfg.get('game')}, seed {cfg.get('seed')}, "
            f"decks {decks}, rules {json.dumps(cfg.get('rules', {}), sort_keys=True)}, after "
            f"{len(state.history)} choices. This is a bug in cardarena, not a player's loss; the game up to "
            f"the failure is in {saved_to} (`cardarena replay {saved_to}` reproduces it).")
