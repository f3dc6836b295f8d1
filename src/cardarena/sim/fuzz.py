"""Random-play fuzzing: play seeded games with random choices and check the engine contract at
every decision. Used by the test suite (tests/fuzz) and by `cardarena fuzz GAME --seed N`, the
one-line command a failing test prints to reproduce a failure.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cardarena.core.engine import State
from cardarena.core.registry import load_game


class FuzzFailure(AssertionError):
    pass


@dataclass
class FuzzStats:
    games: int = 0
    decisions: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    played: Counter[str] = field(default_factory=Counter)


def _same_view(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def fuzz_game(game_id: str, seed: int, stats: FuzzStats | None = None, deep: bool = True) -> State:
    """Play one random game (random legal decks from the ruleset) and check every decision.

    deep: also check determinize/clone/JSON at every decision (the full contract); without it only
    the ruleset's own invariants run (fast).
    """
    game = load_game(game_id)
    rng = random.Random(seed)
    decks = [game.random_deck(rng), game.random_deck(rng)]
    state = game.new_game(decks=decks, seed=seed)
    n = 0

    def fail(msg: str) -> None:
        raise FuzzFailure(f"{game_id} seed {seed}, decision {n}: {msg}\n"
                          f"  reproduce: cardarena fuzz {game_id} --seed {seed}")

    while True:
        for problem in game.check_invariants(state):
            fail(problem)
        d = state.decision
        if d is None:
            if state.result is None:
                fail("no decision and no result")
            break
        if not d.options:
            fail(f"seat {d.seat} must choose but has no option")
        ids = [o.id for o in d.options]
        if len(set(ids)) != len(ids):
            fail(f"duplicate option ids {ids}")
        choice = ids[rng.randrange(len(ids))]
        if deep:
            before = state.view(d.seat)
            det = state.determinize(d.seat, random.Random(seed * 1_000_003 + n))
            if not _same_view(det.view(d.seat), before):
                fail("determinize changed what the acting seat can see")
            clone = state.clone()
            saved = json.loads(json.dumps(state.to_json()))
            mark = len(state.log)
        try:
            state.apply(choice)
        except Exception as exc:  # any engine exception is the finding
            fail(f"applying {choice!r} raised {type(exc).__name__}: {exc}")
        if deep:
            clone.apply(choice)
            if clone.log[mark:] != state.log[mark:]:
                fail(f"a clone fed the same choice {choice!r} produced a different log")
            resumed = game.load_state(saved)
            resumed.apply(choice)
            if json.loads(json.dumps(resumed.log[mark:])) != json.loads(json.dumps(state.log[mark:])):
                fail(f"a state saved to JSON and resumed gave a different log after {choice!r}")
        n += 1
        if n > 100_000:
            fail("the game does not end")
    if stats is not None:
        stats.games += 1
        stats.decisions += n
        assert state.result is not None
        stats.reasons[state.result.reason] += 1
        for e in state.log:
            stats.played.update(game.played_cards(e))
    return state
