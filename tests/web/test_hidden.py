"""Hidden information: the JSON and HTML sent to a seat never name a card another seat holds hidden
(in hand, deck, Reactor, face-down), at every decision of whole games, live and in replays."""

from __future__ import annotations

import json
import random
import re

import pytest
from fastapi.testclient import TestClient

import cardarena
from cardarena.web.frames import card_index

from .conftest import signup
from .test_play import my_turn, play_out, start


def secret_names(state: cardarena.core.engine.State, seat: int | None) -> set[str]:
    """Names of cards hidden from `seat` now that it has no way to know: no copy of that name is known
    to it, and the engine's own view and log for it never showed the name (a card played face-up
    earlier may have copies still hidden in the deck: its name is public). None: the spectator."""
    seats = range(state.nseats) if seat is None else (seat,)
    hidden = {i for s in seats for i in state.hidden_from(s)}
    known = {state.defs[i].name for i in range(len(state.defs)) if i not in hidden}
    views = [state.view(s) for s in seats]  # a spectator may know what every seat knows, no more
    shown: list[object] = [views, state.visible_log(seat)] if seat is not None else [state.visible_log(None)]
    # the printed text of a card the seat sees is public too ("adds 2 copies of Whirling Blades")
    index = card_index(state.config["game"])
    shown += [index.describe(index.entries[n.lower()]) for n in index.names_in(shown)]
    engine_shown = json.dumps(shown)
    return {n for n in {state.defs[i].name for i in hidden} - known if n not in engine_shown}


def names_in(text: str, names: set[str]) -> set[str]:
    return {n for n in names if re.search(r"(?<![\w'])" + re.escape(n) + r"(?![\w'])", text)}


@pytest.mark.parametrize("game", cardarena.core.registry.game_ids())
def test_no_hidden_card_reaches_a_seat(client: TestClient, game: str) -> None:
    tok = signup(client, "ada")
    gid = start(client, tok, game, seed=11)
    live = client.app.state.arena.live  # type: ignore[attr-defined]
    checked = {"n": 0, "secrets": 0}

    def check(frame: dict) -> None:
        g = live.get(gid)
        with g.lock:
            if g.state.decision is not None and g.state.decision.seq != frame["seq"]:
                return  # the automaton moved between the request and this check
            secrets = secret_names(g.state, 0)
        text = json.dumps(frame, ensure_ascii=False)
        assert not names_in(text, secrets), f"seat 0 was sent hidden cards: {names_in(text, secrets)}"
        # the frame depends on the seat's information set only: resampling every card hidden from
        # it (determinize) gives the same frame
        from cardarena.web.frames import frame as make_frame

        with g.lock:
            if g.state.decision is not None and g.state.decision.seq == frame["seq"]:
                clone = g.state.determinize(0, random.Random(checked["n"]))
                again = make_frame(g.game, clone, 0)
                assert {k: again[k] for k in ("view", "decision", "log", "cards")} == \
                    {k: frame[k] for k in ("view", "decision", "log", "cards")}
        checked["n"] += 1
        checked["secrets"] += bool(secrets)
        if checked["n"] % 25 == 1:
            html = client.get(f"/play/{gid}").text
            assert not names_in(html, secrets)

    f = play_out(client, tok, gid, random.Random(2), each=check)
    assert checked["n"] > 10 and checked["secrets"] > 10  # the check had secrets to keep
    # the replay, from each seat, as the game went
    mid = f["match_id"]
    rec = client.get(f"/replays/{mid}/download").json()
    from cardarena.core.replay import start as replay_start

    st = replay_start(rec)
    for step, choice in enumerate([*rec["choices"], None]):
        if step % 7 == 0 or choice is None:
            for seat in (0, 1):
                text = client.get(f"/api/replays/{mid}?step={step}&seat={seat}").text
                assert not names_in(text, secret_names(st, seat)), (step, seat)
            spectator = client.get(f"/api/replays/{mid}?step={step}&seat=spectator").text
            assert not names_in(spectator, secret_names(st, None)), step
        if choice is not None:
            st.apply(choice)
    for seat in (0, 1):  # the offline page holds every step of the seat's view
        text = client.get(f"/replays/{mid}/offline?seat={seat}").text
        assert not names_in(text, secret_names(st, seat))
    assert my_turn  # imported for the harness
