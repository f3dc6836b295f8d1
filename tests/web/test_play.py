"""Play against an automaton through the API: whole games, stale and foreign moves refused, resume
after a restart, the finished game stored with a replay that steps from every viewpoint."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import cardarena

from .conftest import make_client, signup


def start(client: TestClient, tok: str, game: str = "aliens", agent: str = "random", seat: int = 0,
          seed: int = 5) -> int:
    s = sorted(cardarena.load_game(game).starter_decks())
    r = client.post("/play", data={"game": game, "mine": f"starter:{s[0]}", "theirs": f"starter:{s[1]}",
                                   "agent": agent, "seat": str(seat), "seed": str(seed), "csrf": tok},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    return int(r.headers["location"].rsplit("/", 1)[1])


def my_turn(client: TestClient, gid: int, timeout: float = 30) -> dict[str, Any]:
    """The frame once the game waits for the person (or is over)."""
    end = time.monotonic() + timeout
    while True:
        f = client.get(f"/api/play/{gid}").json()
        if f["result"] or (f["decision"] and "options" in f["decision"]):
            return f
        assert time.monotonic() < end, "the automaton did not answer"
        time.sleep(0.005)


def play_out(client: TestClient, tok: str, gid: int, rng: random.Random, limit: int = 3000,
             each: Any = None) -> dict[str, Any]:
    for _ in range(limit):
        f = my_turn(client, gid)
        if each is not None:
            each(f)
        if f["result"]:
            return f
        opt = rng.choice(f["decision"]["options"])["id"]
        r = client.post(f"/api/play/{gid}/move", json={"seq": f["seq"], "option": opt}, headers={"x-csrf-token": tok})
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", cardarena.core.registry.game_ids())
def test_a_whole_game_against_random_is_stored_with_its_replay(client: TestClient, game: str) -> None:
    tok = signup(client, "ada")
    gid = start(client, tok, game)
    f = play_out(client, tok, gid, random.Random(1))
    assert f["result"]["text"] and f["match_id"]
    mid = f["match_id"]
    assert f"/replays/{mid}" in client.get("/").text or "Replay" in client.get("/").text
    rec = client.get(f"/replays/{mid}/download").json()
    assert rec["format"] == "cardarena-replay/1" and rec["agents"][0] == "human:ada"
    total = len(rec["choices"])
    for seat in ("spectator", "0", "1"):
        first = client.get(f"/api/replays/{mid}?step=0&seat={seat}").json()
        last = client.get(f"/api/replays/{mid}?step={total}&seat={seat}").json()
        assert first["step"] == 0 and last["step"] == total and last["result"] is not None
        assert len(first["log"]) < len(last["log"])
    assert client.get(f"/replays/{mid}?seat=1&step=3").status_code == 200
    # the offline page carries every step
    page = client.get(f"/replays/{mid}/offline?seat=0").text
    assert page.count('"log_n"') == total + 1 and "<script>" in page
    # play on from here: the game as it stood at step k, continued against an automaton
    k = total // 2
    r = client.post(f"/replays/{mid}/fork", data={"step": str(k), "seat": "1", "agent": "random", "csrf": tok},
                    follow_redirects=False)
    assert r.status_code == 303
    fork_id = int(r.headers["location"].rsplit("/", 1)[1])
    forked = my_turn(client, fork_id)
    live = client.app.state.arena.live  # type: ignore[attr-defined]
    assert live.get(fork_id).state.history[:k] == rec["choices"][:k] and forked["seat"] == 1


def test_stale_repeated_and_foreign_moves_are_refused(client: TestClient) -> None:
    tok = signup(client, "ada")
    gid = start(client, tok)
    f = my_turn(client, gid)
    opt = f["decision"]["options"][0]["id"]
    hdr = {"x-csrf-token": tok}
    assert client.post(f"/api/play/{gid}/move", json={"seq": f["seq"] + 7, "option": opt}, headers=hdr).status_code == 409
    assert client.post(f"/api/play/{gid}/move", json={"seq": f["seq"], "option": "no-such"}, headers=hdr).status_code == 409
    # a body of the wrong shape gets the page's {"error": ...}, naming the field, not FastAPI's 422 list
    r = client.post(f"/api/play/{gid}/move", json={"seq": "soon", "option": opt}, headers=hdr)
    assert r.status_code == 400 and "seq" in r.json()["error"], r.text
    eve = TestClient(client.app)
    etok = signup(eve, "eve")
    r = eve.post(f"/api/play/{gid}/move", json={"seq": f["seq"], "option": opt}, headers={"x-csrf-token": etok})
    assert r.status_code == 403
    assert eve.get(f"/api/play/{gid}").status_code == 403 and eve.get(f"/play/{gid}").status_code == 403
    ok = client.post(f"/api/play/{gid}/move", json={"seq": f["seq"], "option": opt}, headers=hdr)
    assert ok.status_code == 200
    again = client.post(f"/api/play/{gid}/move", json={"seq": f["seq"], "option": opt}, headers=hdr)
    assert again.status_code == 409  # the resent click answers a decision that is gone


def test_a_game_resumes_after_the_server_restarts(any_db: str) -> None:
    db = any_db
    with make_client(db) as c:
        tok = signup(c, "ada")
        gid = start(c, tok)
        rng = random.Random(3)
        for _ in range(6):
            f = my_turn(c, gid)
            c.post(f"/api/play/{gid}/move", json={"seq": f["seq"], "option": rng.choice(f["decision"]["options"])["id"]},
                   headers={"x-csrf-token": tok})
        before = my_turn(c, gid)
        cookies = dict(c.cookies)
    with make_client(db) as c2:  # a new server process over the same database; the same browser cookie
        c2.cookies.update(cookies)
        after = my_turn(c2, gid)
        for k in ("seq", "view", "decision", "log"):
            assert after[k] == before[k], k


def test_concede_and_auto_pass(client: TestClient) -> None:
    tok = signup(client, "ada")
    gid = start(client, tok)
    my_turn(client, gid)
    hdr = {"x-csrf-token": tok}
    on = client.post(f"/api/play/{gid}/autopass", json={"on": True}, headers=hdr).json()
    assert on["auto_pass"] is True and on["may_auto_pass"] is True
    f = client.post(f"/api/play/{gid}/concede", json={}, headers=hdr).json()
    assert f["result"]["winner"] == 1 and f["match_id"]
    # a concession is stored as the person's choice, not as a fault (ERROR is an automaton's crash)
    from sqlalchemy import select

    from cardarena.arena.models import MatchSeat, Replay

    with client.app.state.arena.store.session() as s:  # type: ignore[attr-defined]
        seats = s.scalars(select(MatchSeat).where(MatchSeat.match_id == f["match_id"]).order_by(MatchSeat.seat)).all()
        assert [x.status for x in seats] == ["OK", "OK"] and seats[0].fault == "conceded"
        record = s.get(Replay, f["match_id"]).record  # type: ignore[union-attr]
    # the game ends as "conceded", as a concession in the terminal does: its play-by-play read "P1 forfeits:
    # conceded" and "Result: P2 wins: P1 forfeited", an automaton's fault
    from cardarena.core.replay import rerun

    assert record["result"]["reason"] == "conceded"
    game = cardarena.load_game("aliens")
    lines = [x for e in record["log"] if (x := game.narrate(e))]
    assert lines[-2] == "P1 concedes" and lines[-1].startswith("\nResult: P2 wins: P1 conceded (after ")
    again = rerun(record)  # re-run from its choices, it ends the same way
    assert again.result is not None and again.result.to_dict() == record["result"] and again.log == record["log"]


def test_an_unknown_or_outside_automaton_is_refused(client: TestClient, tmp_path: Path) -> None:
    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("aliens").starter_decks())
    # the last two would hold a shared bot worker for hours a decision
    # a manifest file of the server's disk would start its command
    manifest = tmp_path / "evil.toml"
    manifest.write_text('command = "python3 evil.py"\n')
    for agent in ("cmd:python3 evil.py", "nosuchbot", "ismcts:iters=10000000", "ismcts:ms=1000000000", str(manifest)):
        r = client.post("/play", data={"game": "aliens", "mine": f"starter:{s[0]}", "theirs": f"starter:{s[1]}",
                                       "agent": agent, "csrf": tok})
        assert r.status_code == 400, agent


def test_the_format_is_chosen_and_checked(client: TestClient) -> None:
    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("circuits").starter_decks())
    base = {"game": "circuits", "mine": f"starter:{s[0]}", "theirs": f"starter:{s[1]}", "agent": "random",
            "csrf": tok}
    r = client.post("/play", data={**base, "fmt": "open"}, follow_redirects=False)
    assert r.status_code == 303
    gid = int(r.headers["location"].rsplit("/", 1)[1])
    assert my_turn(client, gid)["view"]["format"] == "open"
    assert client.post("/play", data={**base, "fmt": "nonesuch"}).status_code == 400
