"""Replay files: re-run a recorded game from its decks, seed and choices, and verify it.

A replay holds the engine version, game, format, rules, decks, seed, agents, choices, result and the
event log, and for a game played with card files (`--cards`, docs/cards.md) their names and texts
(`cards`), so that it is re-run with the same cards. `verify` re-runs it and reports the first event
(or choice) where the new run differs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .cardfiles import CardFiles
from .decks import Deck
from .engine import State
from .errors import CardArenaError, CardDataError, IllegalChoice, ReplayError
from .files import write_atomic
from .match import forfeit
from .registry import load_game
from .ruleset import Ruleset

REQUIRED = ("format", "game", "game_format", "rules", "decks", "seed", "choices")


def load_replay(path: str | Path) -> dict[str, Any]:
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ReplayError(f"{p}: file not found") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ReplayError(f"{p}: not a readable JSON replay: {e}") from None
    except RecursionError:  # lists nested thousands deep: no replay looks like that
        raise ReplayError(f"{p}: not a readable JSON replay: nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != "cardarena-replay/1":
        raise ReplayError(f"{p}: not a cardarena replay (expected format = cardarena-replay/1)")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise ReplayError(f"{p}: replay is missing {', '.join(missing)}")
    return data


def save_replay(data: dict[str, Any], path: str | Path) -> None:
    """Write a replay file whole (an existing file at `path` is replaced only by a complete one)."""
    write_atomic(path, json.dumps(data, indent=1) + "\n")


def replay_game(data: dict[str, Any]) -> Ruleset:
    """The game a replay was played in: with the card files it records, if any. ReplayError when they
    cannot be read back or no longer load (the package's cards changed so that they do not fit)."""
    cards = data.get("cards")
    try:
        files = None if cards is None else CardFiles.from_dict(cards, "the replay")
        return load_game(data["game"], files)
    except CardDataError as e:
        if cards is None:
            raise
        raise ReplayError(f"the replay was played with card files that do not load now: {e}") from None


def start(data: dict[str, Any]) -> State:
    game = replay_game(data)
    decks = [Deck.from_dict(d, source=f"replay deck {i + 1}") for i, d in enumerate(data["decks"])]
    try:
        return game.new_game(decks=decks, seed=data["seed"], fmt=data["game_format"], rules=data["rules"])
    except CardArenaError as e:
        raise ReplayError(f"cannot set the replay's game up: {e}") from None


def recorded_forfeit(data: dict[str, Any]) -> tuple[int, str, str] | None:
    """(seat, reason, status) of the automaton's fault that ended a recorded game: a forfeit is not a
    choice, so a re-run that has applied every choice applies it from the log's `forfeit` event."""
    res = data.get("result")
    if not isinstance(res, dict) or res.get("reason") not in ("forfeit", "conceded"):  # conceded: on the web
        return None
    log = data.get("log")
    for e in reversed(log if isinstance(log, list) else []):
        if isinstance(e, dict) and e.get("type") == "forfeit" and isinstance(e.get("player"), int) \
                and not isinstance(e.get("player"), bool):
            return e["player"], str(e.get("reason", "")), str(e.get("status") or "ERROR")
    return None


def finish_as_recorded(state: State, data: dict[str, Any]) -> None:
    """After the last recorded choice: end the game the way the record says it ended without a choice
    (an automaton's forfeit), if it did."""
    fault = recorded_forfeit(data)
    if state.result is None and fault is not None and 0 <= fault[0] < state.nseats:
        forfeit(state, fault[0], fault[1], fault[2])


def rerun(data: dict[str, Any]) -> State:
    """The replayed game, with every recorded choice applied (and a recorded forfeit after them)."""
    state = start(data)
    for i, c in enumerate(data["choices"]):
        try:
            state.apply(c)
        except IllegalChoice as e:
            raise ReplayError(f"choice {i + 1} ({c!r}) is not legal when replayed: {e}") from None
    finish_as_recorded(state, data)
    return state


@dataclass
class Divergence:
    index: int
    recorded: Any
    replayed: Any
    what: str = "event"

    def __str__(self) -> str:
        return (f"first divergence at {self.what} {self.index}:\n  recorded: {self.recorded}\n"
                f"  replayed: {self.replayed}")


def verify(data: dict[str, Any]) -> Divergence | None:
    """Re-run the replay; None if it reproduces the recorded log and result exactly."""
    try:
        state = rerun(data)
    except ReplayError as e:
        return Divergence(-1, "a legal choice", str(e), "choice")
    recorded = data.get("log", [])
    replayed = json.loads(json.dumps(state.log))  # compare as JSON, as it was saved
    for i, (a, b) in enumerate(zip(recorded, replayed, strict=False)):
        if a != b:
            return Divergence(i, a, b)
    if len(recorded) != len(replayed):
        i = min(len(recorded), len(replayed))
        return Divergence(i, recorded[i] if i < len(recorded) else "<end of log>",
                          replayed[i] if i < len(replayed) else "<end of log>")
    res = None if state.result is None else state.result.to_dict()
    if data.get("result") != res:
        return Divergence(len(replayed), data.get("result"), res, "result")
    return None
