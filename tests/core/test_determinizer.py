"""`State.determinizer` (what a search calls once per iteration) gives the states `determinize` is
defined to give: the believed deal, then `resample`, then a fresh game RNG (and no record the seat
may not know), with the same draws in the same order."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardarena
from cardarena.core import belief
from cardarena.core.registry import game_ids
from cardarena.core.rng import Rng


def _known(event: dict[str, Any], bit: int) -> dict[str, Any]:
    """`event` with each card field the seat of `bit` may not know set to None, `~see` kept."""
    e = dict(event)
    for k, m in event.get("~see", {}).items():
        e[k] = (e[k] if m & bit else None) if isinstance(m, int) else [v if x & bit else None for v, x in zip(e[k], m, strict=True)]
    return e


def _reference(st: cardarena.State, seat: int, rng: Any, keep_own: bool, known_lists: bool) -> cardarena.State:
    """`determinize` step by step, as its docstring says, without anything worked out in advance."""
    c = st.clone()
    hidden = st.hidden_from(seat)
    if keep_own:
        hidden = [i for i in hidden if st.owner[i] != seat]
    if hidden:
        defs = list(st.defs)
        if not known_lists:
            belief.deal_from(belief.believed_deals(st, seat, hidden), defs, rng)
        st.resample(defs, hidden, rng)
        c.defs = defs
    if c.decision is not None and c.decision.seat != seat:
        c.reask()
    if not known_lists:  # what the seat may not know: the future chance, the record of the game
        c.rng = Rng(rng.getrandbits(64))
        c.history = []
        c.log = [_known(e, 1 << seat) for e in st.log]
        c.config = {k: v for k, v in st.config.items() if k not in ("seed", "decks")}
    return c


@pytest.mark.parametrize("game_id", game_ids())
def test_determinizer_gives_the_reference_states_with_the_same_draws(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    pick = random.Random(3)
    compared = 0
    for k in range(6):
        st = game.new_game(seed=k)
        for _ in range(pick.randrange(0, 120)):
            if st.decision is None:
                break
            st.apply(pick.choice(st.decision.options).id)
        if st.decision is None:
            continue
        for seat in range(st.nseats):
            for keep_own in (False, True):
                for known_lists in (False, True):
                    det = st.determinizer(seat, keep_own, known_lists)
                    ours, theirs = random.Random(k), random.Random(k)
                    for _ in range(3):
                        a = det(ours)
                        b = _reference(st, seat, theirs, keep_own, known_lists)
                        assert [id(d) for d in a.defs] == [id(d) for d in b.defs]
                        assert a.to_json() == b.to_json()
                        assert a.log == b.log
                        assert ours.getstate() == theirs.getstate()
                        compared += 1
    assert compared


@pytest.mark.parametrize("game_id", game_ids())
def test_a_determinization_does_not_carry_the_real_games_future_chance(game_id: str) -> None:
    # docs/architecture.md, "Hidden information": the game's RNG is what no seat knows (the next
    # shuffle, draw or coin); a copy holding it lets a search foresee the real game's chance events
    game = cardarena.load_game(game_id)
    st = game.new_game(seed=4)
    pick = random.Random(4)
    for _ in range(30):
        st.apply(pick.choice(st.decision.options).id)
    for seat in range(st.nseats):
        a = st.determinize(seat, random.Random(1))
        assert a.rng.s != st.rng.s
        # a state the seat cannot tell apart from `st` (another RNG) gives the same determinization
        other = st.clone()
        other.rng = Rng(st.rng.s ^ 0x5DEECE66D)
        assert other.determinize(seat, random.Random(1)).to_json() == a.to_json()
        assert st.determinizer(seat)(random.Random(1)).to_json() == a.to_json()
        # a differential copy of a check (the real deck lists) stays the same game: same chance
        assert st.determinize(seat, random.Random(1), known_lists=True).rng.s == st.rng.s


def test_determinize_names_the_rng_it_needs() -> None:
    st = cardarena.load_game("aliens").new_game(seed=1)
    for bad in (None, 7):
        with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
            st.determinize(0, bad)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_determinization_holds_no_record_of_what_its_seat_may_not_know(game_id: str) -> None:
    # docs/architecture.md, "Hidden information": a determinization is a state `seat` cannot tell from
    # the real one. Its log, history and config were the real game's: the other seat's draws and
    # face-down cards by name, its secret choices (a set card, a Gear Loadout), the game's seed and
    # both deck lists, from which the whole deal follows.
    game = cardarena.load_game(game_id)
    st = game.new_game(seed=5)
    pick = random.Random(5)
    for _ in range(40):
        st.apply(pick.choice(st.decision.options).id)
    for seat in range(st.nseats):
        bit = 1 << seat
        det = st.determinize(seat, random.Random(2))
        assert det.history == [] and "seed" not in det.config and "decks" not in det.config
        assert det.config["format"] == st.config["format"]
        assert len(det.log) == len(st.log) and det.visible_log(seat) == st.visible_log(seat)
        for e in det.log:
            for k, m in e.get("~see", {}).items():
                if isinstance(m, int):
                    assert m & bit or e[k] is None, e
                else:
                    assert all(mm & bit or x is None for x, mm in zip(e[k], m, strict=True)), e
        assert det.to_json()["history"] == [] and "seed" not in det.to_json()["config"]
        assert st.determinizer(seat)(random.Random(2)).to_json() == det.to_json()
        # a differential copy of a check is the same game, record and all
        same = st.determinize(seat, random.Random(2), known_lists=True)
        assert same.history == st.history and same.config == st.config and same.log == st.log
    masks = [x for e in st.log for m in e.get("~see", {}).values() for x in ([m] if isinstance(m, int) else m)]
    assert any(x != 3 for x in masks), "the game's log had something to hide"
