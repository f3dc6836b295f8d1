"""core/options.py: options shared between decisions stay correct and bounded."""

from __future__ import annotations

import pickle
import random

import cardarena
from cardarena.core.engine import Decision, Option
from cardarena.core.options import SharedOptions


class _Def:
    def __init__(self, name: str) -> None:
        self.name = name


def test_a_shared_option_is_found_by_its_key_and_keeps_its_definition_alive():
    table = SharedOptions()
    d = _Def("x")
    key = ("play", 3, id(d))
    assert table.get(key) is None
    o = table.put(key, d, Option("play:x", "Play x", {"card": "x"}, ("play", 3)))
    del d  # the entry holds it: its id cannot be reused by another object while the key is live
    assert table.get(key) is o


def test_a_full_table_starts_again_instead_of_growing():
    table = SharedOptions(max_entries=2)
    for k in range(3):
        table.put(k, None, Option(str(k), str(k)))
    assert len(table) == 1 and table.get(2) is not None and table.get(0) is None


def test_no_game_changes_an_option_once_asked():
    # decisions share options (core/options.py), so an option offered again must read as it did the
    # first time: a ruleset that rewrote a shared option's label or data would change other decisions
    for game_id in cardarena.game_ids():
        game = cardarena.load_game(game_id)
        rng = random.Random(1)
        first: dict[int, tuple[Option, tuple[str, str, str, str]]] = {}  # holds each option: no id reuse
        again = 0
        for seed in range(12):
            st = game.new_game(seed=seed)
            while st.decision is not None:
                for o in st.decision.options:
                    now = (o.id, o.label, repr(o.data), repr(o.value))
                    seen = first.setdefault(id(o), (o, now))
                    if seen[0] is o and seen[1] is not now:
                        assert seen[1] == now, f"{game_id}: option {o.id!r} changed after it was asked"
                        again += 1
                st.apply(rng.choice(st.decision.options).id)
        assert again > 0, f"{game_id}: no option was offered twice"


def test_a_decision_builds_its_options_when_first_read_and_once():
    calls = []

    def build() -> list[Option]:
        calls.append(1)
        return [Option("a", "A"), Option("b", "B")]

    d = Decision(0, "action", "Choose", build, seq=4)
    assert calls == []  # asking built nothing
    assert d.ids == ["a", "b"] and d.option("b").label == "B"
    assert calls == [1]
    back = pickle.loads(pickle.dumps(d))  # a builder does not travel: its options do
    assert back.ids == ["a", "b"] and back.seq == 4 and back.kind == "action"


def test_options_built_when_read_are_those_the_asker_builds():
    # every game asks its main decision with a builder (core/engine.py, `Decision`): reading the
    # options late, after a clone, must give what asking again builds (`reask` re-runs the asker),
    # and a game must meet such decisions
    for game_id in cardarena.game_ids():
        game = cardarena.load_game(game_id)
        rng = random.Random(2)
        lazy = 0
        for seed in range(6):
            st = game.new_game(seed=seed)
            while st.decision is not None:
                d = st.decision
                if d._options is None:
                    lazy += 1
                    again = st.clone()  # builds the shared decision from `st` first
                    assert d._options is not None and again.decision is d
                    again.reask()
                    assert [(o.id, o.label, o.value) for o in again.decision.options] == \
                        [(o.id, o.label, o.value) for o in d.options]
                st.apply(rng.choice(d.options).id)
        assert lazy > 0, f"{game_id}: no decision was asked with a builder"
