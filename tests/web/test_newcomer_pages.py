"""Lists a newcomer read wrong (a sweep of the web arena, HTTP client): a match's result is told in the
game's words, as its replay tells it, not by the code the database keeps."""

from __future__ import annotations

import random
import re
import time

from fastapi.testclient import TestClient

import cardarena

from .conftest import signup
from .test_newcomer_errors import _finished_match
from .test_play import play_out, start


def _results(page: str, table: str) -> list[str]:
    rows = page.split(f'id="{table}"')[1].split("</table>")[0]
    return re.findall(r"<td>((?:P\d wins|Draw)[^<]*)</td>", rows)


def test_the_replays_list_tells_each_result_in_the_games_words(client: TestClient) -> None:
    # the list's "Ended by" read deck_out_mill, deckout, forfeit: codes, not what happened or who won
    tok = signup(client, "ada")
    conceded = _finished_match(client, tok)
    gid = start(client, tok, "frontline")
    played = play_out(client, tok, gid, random.Random(3))
    page = client.get("/replays").text
    assert "Ended by" not in page and f">{played['result']['reason']}<" not in page
    words = _results(page, "replay-list")
    said = played["result"]["text"]  # as the game's own page said it (which may say more of why)
    head, tail = said.split(":")[0], said.rsplit(" (after ", 1)[1]
    assert any(w.startswith(head + ": ") and w.endswith(" (after " + tail) for w in words), (said, words)
    assert any(w.startswith("P2 wins: P1 conceded (after") for w in words), words
    assert conceded != played["match_id"]


def test_a_contests_games_tell_their_results_in_the_games_words(client: TestClient) -> None:
    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("aliens").starter_decks())
    form = {"csrf": tok, "game": "aliens", "name": "words", "pairing": "round-robin", "games": "2",
            "agent0": "random", "deck0": f"starter:{s[0]}", "agent1": "random", "deck1": f"starter:{s[1]}"}
    assert client.post("/contests", data=form, follow_redirects=False).status_code == 303
    assert client.post("/contests/words/run", data={"csrf": tok}, follow_redirects=False).status_code == 303
    end = time.monotonic() + 120
    while 'data-status="finished"' not in (page := client.get("/contests/words").text) or 'data-running="yes"' in page:
        assert time.monotonic() < end
        time.sleep(0.1)
    words = _results(page, "contest-games")
    assert len(words) == 2 and all("(after " in w for w in words), words
    ids = re.findall(r'href="/replays/(\d+)"', page.split('id="contest-games"')[1])
    for mid, w in zip(ids, words, strict=True):
        result = client.get(f"/api/replays/{mid}?step=100000").json()["result"]
        assert f">{result['reason']}<" not in page
        # who won and after how long, as the replay says; the replay may say more of why (its log's
        # details, e.g. which tie-break of the safety cap decided)
        head, tail = result["text"].split(":")[0], result["text"].rsplit(" (after ", 1)[1]
        assert w.startswith(head + ": ") and w.endswith(" (after " + tail), (w, result["text"])


def test_only_the_player_who_started_a_watched_match_sets_its_speed(client: TestClient) -> None:
    # any signed-in viewer could change the speed of someone else's match, for every viewer of it
    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("aliens").starter_decks())
    r = client.post("/watch", data={"game": "aliens", "p1": "random", "p2": "random", "deck1": f"starter:{s[0]}",
                                    "deck2": f"starter:{s[1]}", "delay": "5", "csrf": tok}, follow_redirects=False)
    assert r.status_code == 303, r.text
    wid = int(r.headers["location"].rsplit("/", 1)[1])
    w = client.app.state.arena.extra["watches"][wid]  # type: ignore[attr-defined]
    other = TestClient(client.app)  # another browser (its own cookies), on the same running app
    bob = signup(other, "bob")
    assert re.search(r'<select id="speed" disabled', other.get(f"/watch/{wid}").text)
    r = other.post(f"/api/watch/{wid}/speed", json={"delay": 0.0}, headers={"x-csrf-token": bob})
    assert r.status_code == 403 and "started this match" in r.json()["error"]
    assert w.delay == 5.0  # unchanged
    assert not re.search(r'<select id="speed" disabled', client.get(f"/watch/{wid}").text)
    r = client.post(f"/api/watch/{wid}/speed", json={"delay": 0.0}, headers={"x-csrf-token": tok})
    assert r.status_code == 204 and w.delay == 0.0
