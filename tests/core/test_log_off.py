"""A game with its log off (`State.record = False`, how a search plays its private copies) is the same
game: the same decisions, options, results and tables. Rulesets may take shorter paths when nothing is
logged (aliens runs the steps after its Activation Phase as one, docs/architecture.md); this pins that
they change nothing else."""

from __future__ import annotations

import random

import pytest

import cardarena

#: fields that name steps, which a log-off path may group differently
_STEPS = ("stack", "asker", "resume")


def _tables(st: object) -> dict[str, object]:
    data = st.to_json()  # type: ignore[attr-defined]
    return {k: v for k, v in data.items() if k not in _STEPS and k != "record"}


@pytest.mark.parametrize("game_id", cardarena.game_ids())
def test_a_game_plays_the_same_with_its_log_off(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    for seed in range(8):
        logged = game.new_game(seed=seed)
        quiet = game.new_game(seed=seed)
        quiet.record = False
        setup = len(quiet.log)  # what the set-up logged before the log was turned off
        rng = random.Random(seed)
        while logged.decision is not None:
            d, q = logged.decision, quiet.decision
            assert q is not None, f"{game_id} seed {seed}: the log-off game ended early"
            assert (q.seat, q.kind, q.ids) == (d.seat, d.kind, d.ids)
            choice = rng.choice(d.options).id
            logged.apply(choice)
            quiet.apply(choice)
        assert quiet.decision is None and quiet.result == logged.result
        assert _tables(quiet) == _tables(logged), f"{game_id} seed {seed}: the tables differ at the end"
        assert len(logged.log) > setup and len(quiet.log) == setup
