"""Replay files as the command line reads them: checked field by field before any game is built, so an
edited or corrupted file gives one clear message, never a traceback; and a replay that stops early
or diverges is reported as such.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..core.decks import Deck
from ..core.engine import State
from ..core.errors import CardArenaError, IllegalChoice, ReplayError
from ..core.match import turns_of
from ..core.replay import finish_as_recorded, load_replay, replay_game
from .runner import EngineFailure, apply_choice

FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "game": (str,),
    "game_format": (str,),
    "rules": (dict,),
    "decks": (list,),
    "seed": (int,),
    "choices": (list,),
}


def read(path: Path) -> dict[str, Any]:
    """The replay at `path`, every field of the right type; ReplayError names the first wrong one."""
    data = load_replay(path)
    for key, types in FIELD_TYPES.items():
        v = data[key]
        if not isinstance(v, types) or isinstance(v, bool):
            want = " or ".join(t.__name__ for t in types)
            raise ReplayError(f"{path}: field {key!r} should be a {want}, not {json.dumps(v)[:60]}")
    if not all(isinstance(c, str) for c in data["choices"]):
        raise ReplayError(f"{path}: every choice should be an option id (text)")
    if not all(isinstance(d, dict) for d in data["decks"]):
        raise ReplayError(f"{path}: every deck should be a table of the deck's fields")
    res = data.get("result")
    if res is not None and not (isinstance(res, dict) and {"winner", "reason", "turns"} <= set(res)):
        raise ReplayError(f"{path}: field 'result' should hold winner, reason and turns")
    if not isinstance(data.get("log", []), list):
        raise ReplayError(f"{path}: field 'log' should be a list of events")
    conceded = data.get("conceded")
    if conceded is not None and conceded not in (0, 1):
        raise ReplayError(f"{path}: field 'conceded' should be the seat 0 or 1")
    return data


def start(data: dict[str, Any], path: Path) -> State:
    """The replay's game at its first decision; ReplayError if it cannot be set up."""
    try:
        game = replay_game(data)
        decks = [Deck.from_dict(d, source=f"{path} deck {i + 1}") for i, d in enumerate(data["decks"])]
        return game.new_game(decks=decks, seed=data["seed"], fmt=data["game_format"], rules=data["rules"])
    except CardArenaError as e:
        raise ReplayError(f"{path}: cannot set the replay's game up: {e}") from None
    except (ValueError, KeyError, TypeError) as e:
        raise ReplayError(f"{path}: cannot set the replay's game up: {type(e).__name__}: {e}") from None
    except Exception as e:  # the file is well-formed: a failure to set it up is the engine's
        raise EngineFailure(e, "new_game") from e


def advance(state: State, data: dict[str, Any], upto: int, path: Path) -> None:
    """Apply choices [len(history), upto) of the replay; ReplayError at an illegal one."""
    for i in range(len(state.history), upto):
        c = data["choices"][i]
        if state.decision is None:
            raise ReplayError(f"{path}: the game ended after choice {i}, but the file records "
                              f"{len(data['choices'])} choices")
        try:
            apply_choice(state, c)
        except IllegalChoice as e:
            raise ReplayError(f"{path}: choice {i + 1} ({c!r}) is not legal when replayed: {e}") from None
    if upto == len(data["choices"]) and state.result is None and data.get("conceded") is not None:
        seat = int(data["conceded"])
        state.finish(1 - seat, "conceded", turns_of(state))
    if upto == len(data["choices"]):
        finish_as_recorded(state, data)


def compare(state: State, data: dict[str, Any], path: Path) -> str | None:
    """Why the re-run differs from what the file records (log, result), or None."""
    recorded = data.get("log", [])
    replayed = json.loads(json.dumps(state.log))
    rec_res = data.get("result")
    res = None if state.result is None else state.result.to_dict()
    for i, (a, b) in enumerate(zip(recorded, replayed, strict=False)):
        if a != b:
            return f"{path}: replay diverges — first divergence at event {i}:\n  recorded: {a}\n  replayed: {b}" \
                + _same_game_hint(rec_res, res)
    if state.result is None and rec_res is not None:
        return (f"{path}: replay stops before its recorded result: after its {len(data['choices'])} choices the "
                f"game still waits for a decision, but the file says it ended ({rec_res})")
    if recorded and len(recorded) != len(replayed):
        i = min(len(recorded), len(replayed))
        a = recorded[i] if i < len(recorded) else "<end of log>"
        b = replayed[i] if i < len(replayed) else "<end of log>"
        return f"{path}: replay diverges — first divergence at event {i}:\n  recorded: {a}\n  replayed: {b}" \
            + _same_game_hint(rec_res, res)
    if rec_res != res:
        return f"{path}: replay diverges — first divergence at the result:\n  recorded: {rec_res}\n  replayed: {res}"
    return None


def _same_game_hint(recorded: Any, replayed: Any) -> str:
    """When every recorded choice was legal again and the result is the one recorded, a log that
    differs most often means the file was written by a cardarena that logged differently (an event
    added or reworded since: docs/events.md), not that the game plays differently: say so."""
    if recorded is None or recorded != replayed:
        return ""
    return ("\n  every recorded choice is still legal and the game ends with the recorded result; if the file "
            "was written by an older cardarena, its events may have changed since (docs/events.md)")


def rerun(path: Path) -> tuple[dict[str, Any], State]:
    """Read, set up and re-run a replay file (ReplayError / EngineFailure on failure)."""
    data = read(path)
    state = start(data, path)
    advance(state, data, len(data["choices"]), path)
    return data, state


__all__ = ["EngineFailure", "advance", "compare", "read", "rerun", "start"]
