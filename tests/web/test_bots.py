"""External bots: API tokens (made, shown once, revoked, 403 for others), the WebSocket with the
protocol's messages, a person's game and a contest against a connected bot."""

from __future__ import annotations

import contextlib
import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import cardarena

from .conftest import signup
from .test_play import my_turn


def make_token(client: TestClient, tok: str, name: str = "ember") -> str:
    r = client.post("/bots/tokens", data={"name": name, "csrf": tok})
    assert r.status_code == 200
    m = re.search(r'id="fresh-token">([^<]+)<', r.text)
    assert m
    assert m.group(1) not in client.get("/bots").text  # shown once
    return m.group(1)


def run_bot(ws: Any, seen: list[dict[str, Any]], stop: threading.Event) -> None:
    """A bot that answers every decision with its first option."""
    try:
        while not stop.is_set():
            msg = ws.receive_json()
            seen.append(msg)
            if msg["type"] == "decision":
                ws.send_json({"seq": msg["seq"], "option": msg["decision"]["options"][0]["id"]})
    except Exception:  # the socket closed at the end of the test
        pass


@contextlib.contextmanager
def ember_connected(client: TestClient, tok: str) -> Iterator[list[dict[str, Any]]]:
    """ada's bot `ember` connected (`remote:bot=ada/ember`), answering every decision with its first
    option until the block ends; yields the list of the messages it receives."""
    token = make_token(client, tok)
    seen: list[dict[str, Any]] = []
    stop = threading.Event()
    with client.websocket_connect(f"/api/bots/ws?token={token}") as ws:
        ws.send_json({"type": "hello", "name": "ember"})
        ws.receive_json()
        threading.Thread(target=run_bot, args=(ws, seen, stop), daemon=True).start()
        try:
            yield seen
        finally:
            stop.set()


def test_tokens_are_hashed_and_belong_to_their_user(client: TestClient) -> None:
    tok = signup(client, "ada")
    token = make_token(client, tok)
    from cardarena.web.models import ApiToken

    with client.app.state.arena.store.session() as s:  # type: ignore[attr-defined]
        row = s.query(ApiToken).one()
        assert token not in row.token_hash and len(row.token_hash) == 64
        tid = row.id
    eve = TestClient(client.app)
    etok = signup(eve, "eve")
    assert eve.post(f"/bots/tokens/{tid}/revoke", data={"csrf": etok}).status_code == 403
    assert client.post(f"/bots/tokens/{tid}/revoke", data={"csrf": tok}).status_code == 200
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(f"/api/bots/ws?token={token}") as ws:
        ws.receive_json()  # a revoked token cannot connect


def test_a_bad_token_cannot_connect(client: TestClient) -> None:
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/api/bots/ws?token=nope") as ws:
        ws.receive_json()


def test_a_person_plays_a_connected_bot(client: TestClient) -> None:
    tok = signup(client, "ada")
    token = make_token(client, tok)
    seen: list[dict[str, Any]] = []
    stop = threading.Event()
    with client.websocket_connect("/api/bots/ws", headers={"authorization": f"Bearer {token}"}) as ws:
        ws.send_json({"type": "hello", "name": "ember"})
        assert ws.receive_json() == {"type": "ready", "agent": "remote:bot=ada/ember"}
        bot = threading.Thread(target=run_bot, args=(ws, seen, stop), daemon=True)
        bot.start()
        assert "remote:bot=ada/ember" in client.get("/play?game=aliens").text
        s = sorted(cardarena.load_game("aliens").starter_decks())
        r = client.post("/play", data={"game": "aliens", "mine": f"starter:{s[0]}", "theirs": f"starter:{s[1]}",
                                       "agent": "remote:bot=ada/ember", "seat": "1", "seed": "3", "csrf": tok},
                        follow_redirects=False)
        assert r.status_code == 303, r.text
        gid = int(r.headers["location"].rsplit("/", 1)[1])
        for _ in range(15):
            f = my_turn(client, gid)
            client.post(f"/api/play/{gid}/move", json={"seq": f["seq"], "option": f["decision"]["options"][-1]["id"]},
                        headers={"x-csrf-token": tok})
        f = client.post(f"/api/play/{gid}/concede", json={}, headers={"x-csrf-token": tok}).json()
        assert f["result"]["winner"] == 0
        end = time.monotonic() + 10
        while not any(m["type"] == "end" for m in seen):
            assert time.monotonic() < end
            time.sleep(0.01)
        stop.set()
    kinds = [m["type"] for m in seen]
    assert kinds[0] == "start" and kinds.count("start") == 1 and "decision" in kinds and kinds[-1] == "end"
    assert seen[0]["seat"] == 0 and seen[0]["deck"]["game"] == "aliens"
    d = next(m for m in seen if m["type"] == "decision")
    assert d["view"]["seat"] == 0 and d["decision"]["seq"] == d["seq"]
    # the messages of docs/protocol.md, as over a pipe: start lacked seats, rules and the bank, end said
    # only "OK" (no seat, no result)
    assert set(seen[0]) == {"type", "protocol", "game", "format", "seat", "seats", "rules", "deck", "time"}
    assert seen[0]["seats"] == 2 and set(seen[0]["time"]) == {"per_decision", "bank", "startup"}
    assert set(d["time"]) == {"limit", "bank"}
    assert seen[-1] == {"type": "end", "seat": 0, "result": seen[-1]["result"], "status": "OK"}
    assert seen[-1]["result"]["winner"] == 0 and seen[-1]["result"]["reason"] == "conceded"  # a person conceded


def test_a_disconnected_bot_loses_by_forfeit(client: TestClient) -> None:
    tok = signup(client, "ada")
    token = make_token(client, tok)
    s = sorted(cardarena.load_game("aliens").starter_decks())
    with client.websocket_connect(f"/api/bots/ws?token={token}") as ws:
        ws.send_json({"type": "hello", "name": "flaky"})
        ws.receive_json()
        r = client.post("/play", data={"game": "aliens", "mine": f"starter:{s[0]}", "theirs": f"starter:{s[1]}",
                                       "agent": "remote:bot=ada/flaky", "seat": "1", "seed": "3", "csrf": tok},
                        follow_redirects=False)
        gid = int(r.headers["location"].rsplit("/", 1)[1])
        ws.receive_json()  # start
        ws.receive_json()  # the first decision; the bot leaves without answering
    f = my_turn(client, gid)
    assert f["result"] and f["result"]["reason"] == "forfeit" and f["result"]["winner"] == 1


def test_a_contest_seats_a_connected_bot(client: TestClient) -> None:
    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("aliens").starter_decks())
    with ember_connected(client, tok) as seen:
        form = {"csrf": tok, "game": "aliens", "name": "bots", "games": "2", "agent0": "remote:bot=ada/ember",
                "deck0": f"starter:{s[0]}", "agent1": "random", "deck1": f"starter:{s[1]}"}
        assert client.post("/contests", data=form, follow_redirects=False).status_code == 303
        client.post("/contests/bots/run", data={"csrf": tok})
        end = time.monotonic() + 120
        while 'data-status="finished"' not in (page := client.get("/contests/bots").text) or 'data-running="yes"' in page:
            assert time.monotonic() < end
            time.sleep(0.05)
    board = page.split('id="leaderboard"')[1].split("</table>")[0]
    assert "remote:bot=ada/ember" in board and board.count("<tr><td>") == 2
    assert [m["type"] for m in seen].count("start") == 2  # one per game
    # a connected bot's program lives on between games: the mirrored deal would show it, from the
    # other seat, the cards it met in the first game, so its games are dealt afresh
    from sqlalchemy import select

    from cardarena.arena.models import Match

    with client.app.state.arena.store.session() as ses:  # type: ignore[attr-defined]
        seeds = ses.scalars(select(Match.seed).order_by(Match.game_no)).all()
    assert len(seeds) == 2 and seeds[0] != seeds[1]


@pytest.mark.parametrize("spec", ["remote:bot=ada/ember", "Remote:bot=ada/ember"])  # a spec's name has any case
def test_a_watched_match_does_not_stream_the_other_seat_to_a_connected_bot(client: TestClient, spec: str) -> None:
    """A watched match that seats a connected bot streams, while it runs, no viewpoint of the other seat:
    anyone may open the stream, so the bot's owner could read the hand its bot plays against (and
    feed it to the bot). The bot's own seat and the spectator stay open; every seat once it is over."""
    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("aliens").starter_decks())
    with ember_connected(client, tok):
        r = client.post("/watch", data={"game": "aliens", "p1": spec, "p2": "random",
                                        "deck1": f"starter:{s[0]}", "deck2": f"starter:{s[1]}", "delay": "5",
                                        "csrf": tok}, follow_redirects=False)
        assert r.status_code == 303, r.text
        wid = int(r.headers["location"].rsplit("/", 1)[1])
        with client.stream("GET", f"/api/watch/{wid}/stream", params={"seat": "1"}) as resp:
            assert resp.status_code == 403
        with client.stream("GET", f"/api/watch/{wid}/stream", params={"seat": "0"}) as resp:
            assert resp.status_code == 200
            line = next(x for x in resp.iter_lines() if x.startswith("data: "))
            assert json.loads(line[6:])["seat"] == 0
        client.app.state.arena.extra["stop"]()  # type: ignore[attr-defined]


def test_another_players_connected_bot_cannot_be_dealt_a_game_its_opponent_can_compute(client: TestClient) -> None:
    """Leak: eve could seat ada's connected bot in a game whose seed she chose (the Play form's seed),
    or "play on" from a replay (whose record holds the seed, both decks and every choice). Knowing the
    seed and both decks, she deals the game herself and reads the hand and deck order of the bot's seat,
    cards hidden from her (docs/architecture.md, information sets). A seed of her own, and forks, are
    refused against another player's bot; her own bot, or a built-in automaton, may still be given one."""
    tok = signup(client, "ada")
    eve = TestClient(client.app)
    etok = signup(eve, "eve")
    game = cardarena.load_game("aliens")
    s = sorted(game.starter_decks())
    with ember_connected(client, tok):
        form = {"game": "aliens", "mine": f"starter:{s[0]}", "theirs": f"starter:{s[1]}",
                "agent": "remote:bot=ada/ember", "seat": "0", "seed": "3", "csrf": etok}
        r = eve.post("/play", data=form, follow_redirects=False)
        if r.status_code == 303:  # the leak: eve deals the same game and reads the bot's seat
            gid = int(r.headers["location"].rsplit("/", 1)[1])
            mine = my_turn(eve, gid)
            twin = game.new_game(decks=[game.starter_decks()[s[0]], game.starter_decks()[s[1]]], seed=3)
            assert twin.view(0)["players"][0] == mine["view"]["players"][0]  # the same deal
            bot_hand = twin.view(1)["players"][1]["hand"]
            assert bot_hand and "hand" not in mine["view"]["players"][1]
        assert r.status_code == 400, "a chosen seed deals eve the cards of ada's bot"
        # a finished game's replay, forked against ada's bot: its record deals every card still hidden
        gid = eve.post("/play", data={**form, "agent": "random", "seed": ""}, follow_redirects=False)
        gid = int(gid.headers["location"].rsplit("/", 1)[1])
        mid = eve.post(f"/api/play/{gid}/concede", json={}, headers={"x-csrf-token": etok}).json()["match_id"]
        assert mid is not None
        r = eve.post(f"/replays/{mid}/fork", data={"step": "0", "seat": "0", "agent": "remote:bot=ada/ember",
                                                   "csrf": etok}, follow_redirects=False)
        assert r.status_code == 400, "a fork deals eve the cards of ada's bot"
        # ada may still give her own bot a seed (reproducible tests of one's own bot)
        r = client.post("/play", data={**form, "csrf": tok}, follow_redirects=False)
        assert r.status_code == 303, r.text


@pytest.mark.parametrize("spec", ["remote:bot=ada/ember", "Remote:bot=ada/ember"])  # a spec's name has any case
def test_no_auto_pass_against_a_connected_bot(client: TestClient, spec: str) -> None:
    """Auto-pass answers a lone `pass` at once, an answer held waits for the person: a connected bot's
    program could time its next decision and learn whether the person holds an answer. Against a
    connected bot the person therefore answers every window themselves (a built-in automaton keeps it:
    test_play.test_concede_and_auto_pass). The game itself is played by the connected bot, whatever the
    case of its spec."""
    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("aliens").starter_decks())
    with ember_connected(client, tok) as seen:
        r = client.post("/play", data={"game": "aliens", "mine": f"starter:{s[0]}", "theirs": f"starter:{s[1]}",
                                       "agent": spec, "seat": "1", "seed": "3", "csrf": tok}, follow_redirects=False)
        assert r.status_code == 303, r.text
        gid = int(r.headers["location"].rsplit("/", 1)[1])
        f = my_turn(client, gid)
        assert f["result"] is None  # the bot was reached and answered
        hdr = {"x-csrf-token": tok}
        r = client.post(f"/api/play/{gid}/autopass", json={"on": True}, headers=hdr)
        assert r.status_code == 400 and "connected bot" in r.text
        f = my_turn(client, gid)
        assert f["auto_pass"] is False and f["may_auto_pass"] is False
        client.post(f"/api/play/{gid}/concede", json={}, headers=hdr)
    assert any(m["type"] == "decision" for m in seen)


def test_a_bot_connects_to_a_real_server_over_a_real_websocket(db: str) -> None:
    # Starlette's TestClient speaks WebSocket by itself; uvicorn needs a WebSocket library installed
    # (the web extra's `websockets`), without which /api/bots/ws answers 404 in a real deployment
    import socket

    import uvicorn
    from websockets.sync.client import connect

    from cardarena.arena.store import Store
    from cardarena.web import bots
    from cardarena.web.app import create_app

    app = create_app(Store(db), bots.make_pool(1, processes=False), secret="ws-test")
    with TestClient(app) as client:
        token = make_token(client, signup(client, "ada"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    try:
        end = time.monotonic() + 20
        while not srv.started:
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.05)
        with connect(f"ws://127.0.0.1:{port}/api/bots/ws", additional_headers={"Authorization": f"Bearer {token}"},
                     open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "name": "ember"}))
            assert json.loads(ws.recv(timeout=10)) == {"type": "ready", "agent": "remote:bot=ada/ember"}
    finally:
        srv.should_exit = True
        t.join(10)


def test_a_connected_bot_that_answers_an_illegal_option_is_told_it_lost(client: TestClient) -> None:
    """Its `end` carries the result and its status, INVALID, as over a pipe (it always said "OK")."""
    tok = signup(client, "ada")
    token = make_token(client, tok)
    s = sorted(cardarena.load_game("aliens").starter_decks())
    with client.websocket_connect(f"/api/bots/ws?token={token}") as ws:
        ws.send_json({"type": "hello", "name": "cheat"})
        ws.receive_json()
        r = client.post("/play", data={"game": "aliens", "mine": f"starter:{s[0]}", "theirs": f"starter:{s[1]}",
                                       "agent": "remote:bot=ada/cheat", "seat": "1", "seed": "3", "csrf": tok},
                        follow_redirects=False)
        gid = int(r.headers["location"].rsplit("/", 1)[1])
        assert ws.receive_json()["type"] == "start"
        d = ws.receive_json()
        ws.send_json({"seq": d["seq"], "option": "no-such-option"})
        end = ws.receive_json()
    assert end["type"] == "end" and end["seat"] == 0 and end["status"] == "INVALID", end
    assert end["result"]["winner"] == 1
    assert my_turn(client, gid)["result"]["winner"] == 1
