"""Playing one scheduled game, in whatever process runs it: a pure function of its task.

A worker never touches the database: it gets a `GameTask` (game, decks, seed, agent specs and seeds)
and returns a `GameOutcome` (result, each seat's place and status, the replay record). The process
that runs the contest writes outcomes, one transaction each, so a killed run loses at most the games
in flight and never half a game.
"""

from __future__ import annotations

import contextlib
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..agents import make_agent
from ..agents.base import Agent
from ..agents.external import ExternalAgent
from ..core.cardfiles import CardFiles
from ..core.decks import Deck
from ..core.engine import Result, State
from ..core.errors import EngineError
from ..core.match import TimeControl, play_game, replay_record
from ..core.registry import load_game

#: a seat's status when its automaton did nothing wrong
OK = "OK"


@dataclass(frozen=True)
class GameTask:
    match_id: int
    game: str
    game_format: str
    rules: dict[str, Any]
    seed: int
    decks: tuple[dict[str, Any], ...]
    agents: tuple[str, ...]
    agent_seeds: tuple[int, ...]
    labels: tuple[str, ...]
    #: the contest's clocks (`TimeControl.to_dict()`), None for none
    time_control: dict[str, float] | None = None
    #: a folder for each external bot's transcript, `match-<id>-p<seat>.jsonl` (docs/protocol.md)
    bot_log: str | None = None
    #: the contest's card files (`CardFiles.to_dict()`), None for the package's cards
    cards: dict[str, Any] | None = None


@dataclass
class GameOutcome:
    match_id: int
    #: "finished", or "error" when the engine itself failed (no result; the traceback is in `error`)
    status: str
    result: dict[str, Any] | None = None
    places: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    faults: list[str | None] = field(default_factory=list)
    record: dict[str, Any] | None = None
    error: str | None = None
    duration_s: float = 0.0
    #: per seat: seconds its automaton spent choosing, its decisions, its longest decision's seconds
    seconds: list[float] = field(default_factory=list)
    decided: list[int] = field(default_factory=list)
    longest: list[float] = field(default_factory=list)


def places_of(result: Result, nseats: int) -> list[int]:
    """Each seat's place (1 = first, ties share): the Result's ranking, else winners first."""
    groups: list[tuple[int, ...]]
    if result.ranking:
        groups = [tuple(g) for g in result.ranking]
    elif result.winners:
        groups = [tuple(result.winners), tuple(s for s in range(nseats) if s not in result.winners)]
    else:
        groups = [tuple(range(nseats))]  # a draw
    places = [len(groups) + 1] * nseats
    place = 1
    for g in groups:
        for s in g:
            places[s] = place
        place += len(g)
    return places


def scores_of(places: Sequence[int]) -> list[float]:
    """Each seat's share of its head-to-heads: 1 per seat placed below it, 1/2 per seat tied, over n-1."""
    n = len(places)
    if n < 2:
        return [1.0] * n
    return [(sum(1.0 for q in places if q > p) + 0.5 * (sum(1 for q in places if q == p) - 1)) / (n - 1)
            for p in places]


# The match loop records a seat that lost by a fault as a "forfeit" event: the seat, the reason and
# (docs/protocol.md) its status, ERROR / TIMEOUT / INVALID. An event without a status (an older
# loop) is classified by its reason's words.
_FAULT_WORDS = (("timeout", "TIMEOUT"), ("timed out", "TIMEOUT"), ("out of time", "TIMEOUT"),
                ("illegal", "INVALID"), ("invalid", "INVALID"))


def seat_statuses(state: State) -> tuple[list[str], list[str | None]]:
    """(status, fault text) for every seat of a finished game."""
    n = state.nseats
    statuses: list[str] = [OK] * n
    faults: list[str | None] = [None] * n
    for ev in state.log:
        if ev.get("type") == "forfeit" and isinstance(ev.get("player"), int):
            seat, why = ev["player"], str(ev.get("reason", ""))
            faults[seat] = why
            given = ev.get("status")
            statuses[seat] = str(given) if given else next(
                (st for word, st in _FAULT_WORDS if word in why.lower()), "ERROR")
    return statuses, faults


def _close(agents: Sequence[Agent]) -> None:
    for a in agents:
        close = getattr(a, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):  # a bot that fails to stop has already played its game
                close()


def _transcripts(folder: Path, match_id: int, agents: Sequence[Agent]) -> None:
    """Each external bot's transcript to `folder`, written afresh (a game played again after a stop).
    A file that cannot be written is left out: the game is played all the same."""
    for seat, agent in enumerate(agents):
        if isinstance(agent, ExternalAgent):
            path = folder / f"match-{match_id}-p{seat + 1}.jsonl"
            try:
                path.write_text("")
            except OSError:
                continue
            agent.transcript = path


def run_task(task: GameTask) -> GameOutcome:
    """Play one game to its end. Automaton faults lose the game (the match loop records them); only
    an engine failure gives an "error" outcome, with its traceback, instead of a result."""
    start = time.perf_counter()
    agents: list[Agent] = []
    try:
        game = load_game(task.game, None if task.cards is None else CardFiles.from_config({"cards": task.cards}))
        decks = [Deck.from_dict(d, source=f"entry {label}") for d, label in zip(task.decks, task.labels, strict=True)]
        state = game.new_game(decks=decks, seed=task.seed, fmt=task.game_format, rules=task.rules)
        agents = [make_agent(spec, seed=s) for spec, s in zip(task.agents, task.agent_seeds, strict=True)]
        if task.bot_log is not None:
            _transcripts(Path(task.bot_log), task.match_id, agents)
        clocks = None if task.time_control is None else TimeControl(**task.time_control)
        report = play_game(state, agents, time_control=clocks)
        if report.engine_error is not None:
            raise EngineError(report.engine_error)
        result = state.result
        if result is None:
            raise RuntimeError("the match loop returned before the game ended")
        places = places_of(result, state.nseats)
        statuses, faults = seat_statuses(state)
        if report.fault_seat is not None and report.reason:  # the full reason, for the contest's operator
            faults[report.fault_seat] = report.reason
        record = replay_record(state, list(task.labels), __version__)
        return GameOutcome(task.match_id, "finished", result.to_dict(), places, scores_of(places), statuses,
                           faults, record, duration_s=time.perf_counter() - start, seconds=report.seconds,
                           decided=report.decided, longest=report.longest)
    except Exception:
        return GameOutcome(task.match_id, "error", error=traceback.format_exc(limit=20),
                           duration_s=time.perf_counter() - start)
    finally:
        _close(agents)
