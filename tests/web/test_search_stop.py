"""A game that ends while its automaton searches stops the search: a concession answers at once and the
bot worker is free again within a moment, not after the search's whole budget (docs/web.md, live.py).
On a pool of one worker, in threads (as the other web tests) and in spawned processes (as the server)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import cardarena
from cardarena.arena.store import Store
from cardarena.web import bots
from cardarena.web.app import create_app

from .conftest import signup
from .test_play import start

#: within the web's MAX_ITERATIONS: about ten seconds a decision in aliens on the development machine
SLOW = "ismcts:iters=20000"


def _quick_task(pool: object) -> float:
    """Seconds a random automaton's move takes on `pool` (it waits for a free worker)."""
    g = cardarena.load_game("aliens")
    names = sorted(g.starter_decks())
    st = g.new_game(decks=[g.starter_decks()[names[0]], g.starter_decks()[names[1]]], seed=1)
    t = time.monotonic()
    fut, _ = bots.search(pool, "aliens", st.to_json(), "random", 0)  # type: ignore[arg-type]
    fut.result(timeout=60)
    return time.monotonic() - t


@pytest.mark.parametrize("processes", [False, True], ids=["threads", "processes"])
def test_a_concession_stops_the_automatons_search(tmp_path: Path, processes: bool) -> None:
    pool = bots.make_pool(1, processes=processes)
    try:
        _quick_task(pool)  # a spawned worker has started and imported the games
        app = create_app(Store(f"sqlite:///{tmp_path / 'arena.db'}"), pool, secret="t")
        with TestClient(app) as client:
            tok = signup(client, "ada")
            hdr = {"x-csrf-token": tok}
            gid = start(client, tok, agent=SLOW, seat=1)
            rng = random.Random(2)
            since = None
            end = time.monotonic() + 120
            while True:  # play until the automaton has been searching a while
                assert time.monotonic() < end, "the automaton never searched"
                f = client.get(f"/api/play/{gid}").json()
                assert not f["result"], "the game ended before a long search"
                if f["decision"] and "options" in f["decision"]:
                    since = None
                    opt = rng.choice(f["decision"]["options"])["id"]
                    client.post(f"/api/play/{gid}/move", json={"seq": f["seq"], "option": opt}, headers=hdr)
                    continue
                since = since or time.monotonic()
                if time.monotonic() - since > 0.5:
                    break
                time.sleep(0.02)
            t = time.monotonic()
            r = client.post(f"/api/play/{gid}/concede", json={}, headers=hdr)
            conceded = time.monotonic() - t
            assert r.status_code == 200 and r.json()["result"]["winner"] == 0
            assert conceded < 1.5, f"the concession took {conceded:.2f} s"
            # the one worker is free again: the next task does not wait for the rest of the search
            waited = _quick_task(pool)
            assert waited < 2.5, f"the worker was busy {waited:.2f} s more after the concession"
            live = app.state.arena.live.get(gid)
            assert live is not None and live.state.result is not None and live.stop_search is None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def test_a_stop_frees_a_process_pools_flag_for_the_next_search() -> None:
    """A process pool's stop flags are reused: a stopped search's flag is cleared before another
    search gets it, and a stop that comes after its search ended stops nothing else."""
    pool = bots.make_pool(1, processes=True)
    assert isinstance(pool, bots.BotProcesses)
    try:
        g = cardarena.load_game("aliens")
        names = sorted(g.starter_decks())
        st = g.new_game(decks=[g.starter_decks()[names[0]], g.starter_decks()[names[1]]], seed=1)
        fut, stop = pool.search("aliens", st.to_json(), "random", 0)
        fut.result(timeout=60)
        free = len(pool._free)
        assert free == bots.STOP_SLOTS and not any(pool.flags)
        stop()  # after its end: no flag is raised for whoever takes its place
        assert not any(pool.flags)
        fut2, stop2 = pool.search("aliens", st.to_json(), SLOW, 0)
        time.sleep(0.5)  # running, not queued (a queued task is cancelled instead)
        assert fut2.running()
        t = time.monotonic()
        stop2()
        assert fut2.result(timeout=60) in st.decision.ids  # type: ignore[union-attr]  # a move, meaningless
        assert time.monotonic() - t < 2
        time.sleep(0.05)  # the done callback runs on the pool's thread
        assert len(pool._free) == bots.STOP_SLOTS and not any(pool.flags)
    finally:
        pool.shutdown(wait=True)


def test_a_server_stopping_stops_a_watched_matchs_search(tmp_path: Path) -> None:
    """Watch: the server stopping (its lifespan's end) stops the automaton's running search too."""
    pool = bots.make_pool(1, processes=False)
    try:
        app = create_app(Store(f"sqlite:///{tmp_path / 'arena.db'}"), pool, secret="t")
        s = sorted(cardarena.load_game("aliens").starter_decks())
        with TestClient(app) as client:
            tok = signup(client, "ada")
            r = client.post("/watch", data={"game": "aliens", "p1": SLOW, "p2": SLOW, "deck1": f"starter:{s[0]}",
                                            "deck2": f"starter:{s[1]}", "delay": "0", "csrf": tok},
                            follow_redirects=False)
            assert r.status_code == 303
            watch = next(iter(app.state.arena.extra["watches"].values()))
            end = time.monotonic() + 120
            seen, since = -1, time.monotonic()
            while True:  # until one search has run half a second
                assert time.monotonic() < end, "the watched match never searched long"
                moves = len(watch.state.history)
                if moves != seen or watch.stop_search is None:
                    seen, since = moves, time.monotonic()
                elif time.monotonic() - since > 0.5:
                    break
                time.sleep(0.02)
        # the lifespan has ended and shut the pool down without waiting: waiting now takes only as long
        # as the stopped search's last iteration, not the rest of its budget
        t = time.monotonic()
        pool.shutdown(wait=True)
        assert time.monotonic() - t < 2.5, "the worker was still searching after the server stopped"
        assert len(watch.state.history) == seen  # the stopped search's answer was not applied
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
