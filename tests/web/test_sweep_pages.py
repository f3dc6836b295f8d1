"""Pages a user read wrong in a sweep of the web arena (HTTP client: what the server renders)."""

from __future__ import annotations

import json
import re
import time

from fastapi.testclient import TestClient

import cardarena

from .conftest import signup


def test_the_leaderboard_names_entries_by_the_numbers_of_the_win_matrix(client: TestClient) -> None:
    # the leaderboard's "#" was the rank and the win matrix's "#3" the entry number: "#1" named two
    # different entries on one page (and in its picture)
    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("frontline").starter_decks())
    form = {"csrf": tok, "game": "frontline", "name": "ranks", "pairing": "round-robin", "games": "2",
            "agent0": "random", "deck0": f"starter:{s[0]}", "agent1": "random", "deck1": f"starter:{s[1]}",
            "agent2": "greedy", "deck2": f"starter:{s[2]}"}
    assert client.post("/contests", data=form, follow_redirects=False).status_code == 303
    assert client.post("/contests/ranks/run", data={"csrf": tok}, follow_redirects=False).status_code == 303
    end = time.monotonic() + 120
    while 'data-status="finished"' not in (page := client.get("/contests/ranks").text) or 'data-running="yes"' in page:
        assert time.monotonic() < end
        time.sleep(0.1)
    board = page.split('id="leaderboard"')[1].split("</table>")[0]
    matrix = page.split('id="win-matrix"')[1].split("</table>")[0]
    assert "<th>Rank</th>" in board
    on_board = re.findall(r"<tr><td>\d+</td><td>(#\d+ [^<]+)</td>", board)
    in_matrix = re.findall(r"<tr><td>(#\d+ [^<]+)</td>", matrix)
    assert len(on_board) == 3 and sorted(on_board) == sorted(in_matrix)


def test_an_address_no_page_serves_shows_the_arenas_error_page(client: TestClient) -> None:
    # a mistyped address showed a bare {"detail":"Not Found"}, with no way back into the arena
    r = client.get("/no-such-page", headers={"accept": "text/html"})
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert '<a class="brand" href="/">' in r.text and "Not Found" in r.text
    r = client.post("/learn", headers={"accept": "text/html"})  # a method the page does not take
    assert r.status_code == 405 and '<a class="brand" href="/">' in r.text
    # scripts get the same {"error": ...} as every other refusal
    r = client.get("/api/no-such-thing")
    assert r.status_code == 404 and r.json() == {"error": "Not Found"}


def test_a_second_deck_of_the_same_name_is_refused_in_plain_words(client: TestClient) -> None:
    # "you already have a aliens deck named ...": no article fits every game's name, and no hint what to do
    tok = signup(client, "ada")
    doc = cardarena.load_game("aliens").starter_decks()["mind_storm"].to_dict()
    form = {"doc": json.dumps(doc), "csrf": tok}
    assert client.post("/decks", data=form, follow_redirects=False).status_code == 303
    r = client.post("/decks", data=form, follow_redirects=False)
    assert r.status_code == 409
    assert "a aliens" not in r.text and "another name" in r.text and "nothing was saved" in r.text


def test_a_frame_tells_only_the_deciding_seat_why_its_hand_cards_are_not_options() -> None:
    """The web shows the terminal's "Not playable now" lines (Ruleset.unplayable) to the seat asked,
    and to nobody else: they read that seat's own hand."""
    import random

    import cardarena
    from cardarena.web.frames import frame

    g = cardarena.load_game("aliens")
    st = g.new_game(seed=0)
    rng = random.Random(0)
    while not (st.decision.kind == "action" and g.unplayable(st, st.decision.seat)):
        st.apply(rng.choice(st.decision.options).id)
    seat = st.decision.seat
    mine = frame(g, st, seat)["unplayable"]
    assert mine == [list(x) for x in g.unplayable(st, seat)] and mine
    assert frame(g, st, 1 - seat)["unplayable"] == [] and frame(g, st, None)["unplayable"] == []
