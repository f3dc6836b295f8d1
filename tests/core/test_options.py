"""core/options.py: options shared between decisions stay correct and bounded."""

from __future__ import annotations

import random

import cardarena
from cardarena.core.engine import Option
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
