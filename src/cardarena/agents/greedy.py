"""Greedy: one-ply lookahead scored by the game's position score, deterministic under its seed.

For each option it applies the choice to one determinization (a state consistent with what the seat
knows: it never sees the opponent's hand or any deck order) and scores the result. A play often
takes several decisions in a row by the same seat (pick a card, then its target, then pay); those
follow-ups are searched too, up to `chain` decisions deep, and an opponent's response window is
assumed passed (and the order of its simultaneous triggers taken as it comes), so the play is scored
once it resolved, not halfway. A win scores above any position and a loss below. Ties go to a seeded random pick.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.engine import Decision, State
from ..core.registry import load_game
from .base import Agent, forced_option
from .heuristics import ALTERNATIVES, Score, scorer


class GreedyAgent(Agent):
    kind: ClassVar[str] = "greedy"
    uses_state: ClassVar[bool] = True
    spec_params: ClassVar[dict[str, tuple[str, Any]]] = {
        "chain": ("chain", int), "width": ("width", int), "score": ("score", str)}

    def __init__(self, seed: int = 0, name: str | None = None, chain: int = 2, width: int = 12,
                 score: str = "") -> None:
        super().__init__(seed, name)
        if chain < 1 or width < 1:
            raise ValueError(f"greedy: chain and width must be at least 1, got chain={chain}, width={width}")
        self.chain = chain
        self.width = width
        if score and score not in ALTERNATIVES:  # refused when the agent is made, not as a forfeit mid-game
            raise ValueError(f"greedy: unknown score {score!r}; known: {', '.join(sorted(ALTERNATIVES))}")
        self.score_name = score  # an earlier score from heuristics.ALTERNATIVES, to measure against
        self._scores: dict[str, Score] = {}
        self._turn = 0

    def _score(self, state: State) -> Score:
        f = self._scores.get(state.game_id)
        if f is None:
            f = self._scores[state.game_id] = scorer(load_game(state.game_id), self.score_name)
        return f

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        only = forced_option(decision)
        if only is not None:
            return only
        options = decision.options
        if state is None:
            raise ValueError("GreedyAgent needs the game state to look ahead: call choose(view, decision, state)")
        seat = decision.seat
        base = state.determinizer(seat)(self.rng)  # with a game RNG of its own: the real game's future draws stay unknown
        base.record = False
        score = self._score(state)
        self._turn = getattr(state, "turn", 0)
        best: list[str] = []
        best_v = -9.0
        tried = base.decision.options if base.decision is not None else options
        last = len(tried) - 1
        for k, o in enumerate(tried):
            s = base.clone() if k < last else base  # the last option may use the copy itself
            s.apply(o.id)
            v = self._value(s, seat, score, self.chain - 1)
            s.release()
            if v > best_v + 1e-9:
                best_v = v
                best = [o.id]
            elif v > best_v - 1e-9:
                best.append(o.id)
        ids = set(decision.ids)
        best = [b for b in best if b in ids] or [options[0].id]
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]

    def _value(self, s: State, seat: int, score: Score, chain: int) -> float:
        res = s.result
        if res is not None:
            if not res.winners:
                return 0.0
            return 2.0 if seat in res.winners else -2.0
        d = s.decision
        passes = 0
        turn = getattr(s, "turn", 0)
        if turn != self._turn:  # the turn is over: score it, do not plan the next one
            return score(s, seat)
        while d is not None and d.seat != seat and passes < 4:
            # an opponent's window in this turn (a Counter, a response): assume it lets the play resolve;
            # an order of its simultaneous triggers (every order has them all resolve): take the first,
            # else the play would be scored before the opponent's triggers hit back (a circuits Burn)
            if any(o.id == "pass" for o in d.options):
                s.apply("pass")
            elif d.kind.endswith("_order"):
                s.apply(d.options[0].id)
            else:
                break
            passes += 1
            res = s.result
            if res is not None:
                return 0.0 if not res.winners else (2.0 if seat in res.winners else -2.0)
            d = s.decision
            if getattr(s, "turn", 0) != turn:
                return score(s, seat)
        if d is None or d.seat != seat or chain <= 0:
            return score(s, seat)
        opts = d.options
        if len(opts) > self.width:  # a wide follow-up: sample it rather than try every option
            opts = self.rng.sample(opts, self.width)
        best = -9.0
        last = len(opts) - 1
        for k, o in enumerate(opts):
            c = s.clone() if k < last else s  # s is not read again after its last option
            c.apply(o.id)
            v = self._value(c, seat, score, chain - 1)
            c.release()
            if v > best:
                best = v
        return best
