"""Check (f) of the fuzzer trades two cards hidden from a seat only where the seat cannot tell them
apart (docs/architecture.md, "Hidden information"): in `circuits` a face-down Plan shows its Kind
marker and the Rally paid for it, so it trades only with a Plan of that Kind and cost."""

from __future__ import annotations

import random

import pytest

from cardarena.core.engine import State
from cardarena.games.circuits.schema import TacticCard
from cardarena.games.circuits.state import CircuitsState
from cardarena.sim import fuzz


def test_a_face_down_plan_trades_only_with_a_plan_of_its_kind_and_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule circuits.12.1: the Kind marker is the card's own; rule circuits.10.1: its cost is paid openly
    real = fuzz._trade
    plans: list[tuple[str | None, int, str | None, int]] = []

    def watched(state: State, moved: State, seat: int, rng: random.Random) -> tuple[int, int] | None:
        pair = real(state, moved, seat, rng)
        if pair is not None and isinstance(state, CircuitsState):
            i, j = pair
            for p, k in ((i, j), (j, i)):
                if p in state.kind_of and p not in state.delayed:
                    d = state.defs[k]
                    plans.append((state.kind_of[p], state.defs[p].cost,
                                  d.plan_kind if isinstance(d, TacticCard) else None, d.cost))
        return pair

    monkeypatch.setattr(fuzz, "_trade", watched)
    for seed in range(2):
        fuzz.fuzz_game("circuits", seed, deep=True)
    assert plans, "no face-down Plan was traded: the seeds no longer cover it"
    assert all(kind == other_kind and cost == other_cost for kind, cost, other_kind, other_cost in plans), plans
