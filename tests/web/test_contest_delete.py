"""The user who made a contest on the web deletes it: a confirmation page, then a POST with the form's
CSRF token. Nobody else may, a contest made on the command line is deleted there, and a contest
being run is refused; every refusal changes nothing."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import func, select

import cardarena
from cardarena.arena import runlock
from cardarena.arena.contest import create_contest, get_contest, run_contest
from cardarena.arena.models import Contest, Match
from cardarena.web.app import Arena

from .conftest import csrf_of, signup


def contest(client: TestClient, tok: str, name: str) -> None:
    s = sorted(cardarena.load_game("aliens").starter_decks())
    form = {"csrf": tok, "game": "aliens", "name": name, "pairing": "round-robin", "games": "2",
            "agent0": "random", "deck0": f"starter:{s[0]}", "agent1": "random", "deck1": f"starter:{s[1]}"}
    assert client.post("/contests", data=form, follow_redirects=False).status_code == 303


def arena_of(client: TestClient) -> Arena:
    return client.app.state.arena  # type: ignore[attr-defined,no-any-return]


def count(client: TestClient, table: type) -> int:
    with arena_of(client).store.session() as s:
        return s.scalar(select(func.count()).select_from(table)) or 0


def test_the_maker_deletes_a_contest_after_a_confirmation_page(any_client: TestClient) -> None:
    client = any_client
    tok = signup(client, "ada")
    contest(client, tok, "club night")
    contest(client, tok, "other night")
    store = arena_of(client).store
    run_contest(store, "club night", workers=1)
    page = client.get("/contests/club night").text
    assert 'id="delete-contest-link"' in page and "/contests/club%20night/delete" in page

    confirm = client.get("/contests/club night/delete")
    assert confirm.status_code == 200 and 'id="delete-contest"' in confirm.text
    assert "its 2 entries" in confirm.text and "its 2 game(s) (2 played)" in confirm.text
    assert count(client, Contest) == 2  # asking deletes nothing

    r = client.post("/contests/club night/delete", data={"csrf": "wrong"}, follow_redirects=False)
    assert r.status_code == 403 and count(client, Match) == 2
    r = client.post("/contests/club night/delete", data={"csrf": tok}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/contests?game=aliens"
    assert client.get("/contests/club night").status_code == 404
    assert count(client, Contest) == 1 and count(client, Match) == 0
    assert "other night" in client.get("/contests?game=aliens").text
    assert client.post("/contests/club night/delete", data={"csrf": tok}).status_code == 404


def test_only_the_maker_may_delete_and_never_while_it_runs(any_client: TestClient) -> None:
    client = any_client
    tok = signup(client, "ada")
    contest(client, tok, "ada's")
    store = arena_of(client).store
    create_contest(store, "made on the command line", "aliens", ["random", "greedy"])
    client.cookies.clear()
    assert client.post("/contests/ada's/delete", data={"csrf": csrf_of(client)}).status_code == 401
    assert client.get("/contests/ada's/delete", follow_redirects=False).status_code == 303  # to the login form

    tok = signup(client, "bob")
    assert 'id="delete-contest-link"' not in client.get("/contests/ada's").text
    for name, why in (("ada's", "only ada, who made contest"), ("made on the command line", "it is deleted there")):
        assert client.get(f"/contests/{name}/delete").status_code == 403
        r = client.post(f"/contests/{name}/delete", data={"csrf": tok})
        assert r.status_code == 403 and why in r.text, r.text
    assert client.post("/contests/no such/delete", data={"csrf": tok}).status_code == 404
    assert count(client, Contest) == 2

    client.cookies.clear()
    tok = signup(client, "carol")
    contest(client, tok, "busy")
    with store.session() as s:
        cid = get_contest(s, "busy").id
    with runlock.playing(store.engine, cid):  # a run plays it (here or on the command line)
        assert 'id="delete-refused"' in client.get("/contests/busy/delete").text
        r = client.post("/contests/busy/delete", data={"csrf": tok})
        assert r.status_code == 409 and "being run right now" in r.text
    assert count(client, Contest) == 3
    assert client.post("/contests/busy/delete", data={"csrf": tok}, follow_redirects=False).status_code == 303
    assert count(client, Contest) == 2


def test_a_run_started_elsewhere_shows_as_running_and_no_second_run_is_offered(any_client: TestClient) -> None:
    client = any_client
    tok = signup(client, "dora")
    contest(client, tok, "cli run")
    store = arena_of(client).store
    with store.session() as s:
        cid = get_contest(s, "cli run").id
    assert 'id="run-contest"' in client.get("/contests/cli run").text
    with runlock.playing(store.engine, cid):  # `cardarena contest run` plays it from another process
        page = client.get("/contests/cli run").text
        assert 'data-running="yes"' in page and "(running)" in page
        assert 'id="run-contest"' not in page and 'id="delete-contest-link"' not in page
    assert 'id="run-contest"' in client.get("/contests/cli run").text


def test_the_contest_page_names_the_card_files_a_contest_plays_with(any_client: TestClient) -> None:
    """A contest made with `contest new --cards FILE` plays a changed pool: its page says so, as `contest
    status` does, and a contest of the package's cards says nothing of card files."""
    from cardarena.core.cardfiles import CardFiles

    text = cardarena.load_game("aliens").card_toml("Ember Lash").replace("damage = 2", "damage = 4")
    store = arena_of(any_client).store
    create_contest(store, "hotter", "aliens", ["random", "greedy"], cards=CardFiles([("lash.toml", text)]))
    create_contest(store, "plain", "aliens", ["random", "greedy"])
    page = any_client.get("/contests/hotter").text
    assert "Played with card files: lash.toml — changed: Ember Lash" in page
    assert "card files" not in any_client.get("/contests/plain").text
