"""What a newcomer met when mistyping an address (a sweep of the web arena, HTTP client): each address
a person can get wrong answers with a page that says, in plain words, what was wrong with it, and
changes nothing."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from .conftest import signup
from .test_play import my_turn, start

HTML = {"accept": "text/html"}


def _problem(r: object) -> str:
    text = r.text  # type: ignore[attr-defined]
    return str(text.split('<p class="problem">')[1].split("</p>")[0])


def _finished_match(client: TestClient, tok: str) -> int:
    gid = start(client, tok, "circuits")
    my_turn(client, gid)
    r = client.post(f"/api/play/{gid}/concede", json={}, headers={"x-csrf-token": tok})
    assert r.status_code == 200, r.text
    end = time.monotonic() + 30
    while not (mid := client.get(f"/api/play/{gid}").json().get("match_id")):
        assert time.monotonic() < end
        time.sleep(0.01)
    return int(mid)


def test_an_address_no_page_serves_names_the_address_and_a_way_home(client: TestClient) -> None:
    # the page said only "404" and "Not Found", with a Back link that leads where the person came from
    r = client.get("/replay/3", headers=HTML)
    assert r.status_code == 404
    assert "<h1>404 · Not Found</h1>" in r.text
    assert "no page at /replay/3" in _problem(r)
    assert '<a href="/">Home</a>' in r.text


def test_a_part_of_the_address_of_the_wrong_kind_is_named_with_what_it_must_be(client: TestClient) -> None:
    # /replays/abc said "the request's fields are not of the expected kind: match_id": a person typed
    # an address, not fields
    r = client.get("/replays/abc", headers=HTML)
    assert r.status_code == 400
    said = _problem(r)
    assert "match_id &#39;abc&#39; in the address" in said and "integer" in said and "fields" not in said
    # a page before the first listed the newest matches, as if it were the first
    r = client.get("/replays?page=-1", headers=HTML)
    assert r.status_code == 400 and "page &#39;-1&#39; in the address" in _problem(r) and "0" in _problem(r)
    # a script gets the same words
    r = client.get("/api/replays/abc")
    assert r.status_code == 400 and "match_id 'abc' in the address" in r.json()["error"]


def test_a_seat_the_match_has_not_is_refused_not_shown_as_the_spectator(client: TestClient) -> None:
    # /replays/N?seat=7 drew the page with "spectator" selected and the status reading an API error;
    # /watch/N?seat=5 showed the spectator's board under the address of a seat
    tok = signup(client, "ada")
    mid = _finished_match(client, tok)
    assert client.get(f"/replays/{mid}?seat=1").status_code == 200
    for seat in ("7", "-1", "P1"):
        r = client.get(f"/replays/{mid}?seat={seat}", headers=HTML)
        assert r.status_code == 400, seat
        assert "seat must be spectator or 0..1" in _problem(r)
    r = client.post("/watch", data={"game": "circuits", "p1": "random", "p2": "random", "deck1": "starter:" +
                                    _a_starter("circuits"), "deck2": "starter:" + _a_starter("circuits"),
                                    "delay": "5", "csrf": tok}, follow_redirects=False)
    assert r.status_code == 303, r.text
    where = r.headers["location"]
    assert client.get(f"{where}?seat=0").status_code == 200
    r = client.get(f"{where}?seat=5", headers=HTML)
    assert r.status_code == 400 and "seat must be spectator or 0..1" in _problem(r)


def _a_starter(game: str) -> str:
    import cardarena

    return sorted(cardarena.load_game(game).starter_decks())[0]


def test_an_unknown_contest_points_to_the_contests_page_not_the_command_line(client: TestClient) -> None:
    # "contests: none yet (cardarena contest new ...)": a web user makes contests on the Contests page,
    # and with many contests the sentence listed every one of them
    tok = signup(client, "ada")
    r = client.get("/contests/nope", headers=HTML)
    assert r.status_code == 404
    said = _problem(r)
    assert "no contest named &#39;nope&#39;" in said and "Contests page" in said and "cardarena contest" not in said
    for path in ("/contests/nope/run", "/contests/nope/delete"):
        r = client.post(path, data={"csrf": tok}, headers=HTML)
        assert r.status_code == 404 and "cardarena contest" not in _problem(r), path
    r = client.get("/contests/nope/delete", headers=HTML)
    assert r.status_code == 404 and "Contests page" in _problem(r)


def test_import_with_nothing_chosen_says_so(client: TestClient) -> None:
    # pressing Import with no file and nothing pasted answered "missing `game` (for example game = ...)"
    tok = signup(client, "ada")
    for text in ("", "  \n"):
        r = client.post("/decks/import", data={"csrf": tok, "text": text}, headers=HTML)
        assert r.status_code == 400 and "nothing to import" in _problem(r)
    r = client.post("/decks/import", data={"csrf": tok}, files={"file": ("empty.toml", b"", "text/plain")},
                    headers=HTML)
    assert r.status_code == 400 and "nothing to import" in _problem(r)
    assert "No deck yet" in client.get("/decks").text  # nothing saved
