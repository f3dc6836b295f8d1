"""Bad input on the web arena: a clear 4xx that changes nothing, on SQLite and on PostgreSQL (whose
columns refuse what SQLite would quietly keep), never a 500 or a half-written record."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

import cardarena
from cardarena.arena.models import Contest, Entry
from cardarena.web.app import Limits
from cardarena.web.models import LiveGame, SavedDeck

from .conftest import make_client, signup


@pytest.fixture
def web(any_db: str) -> Iterator[TestClient]:
    """A client that answers 500 instead of raising, with room for many contests a minute."""
    with make_client(any_db, Limits(contest=1000)) as c:
        yield TestClient(c.app, raise_server_exceptions=False)


def counts(client: TestClient) -> tuple[int, int, int, int]:
    with client.app.state.arena.store.session() as s:  # type: ignore[attr-defined]
        return tuple(s.scalar(select(func.count()).select_from(t)) for t in (Contest, Entry, SavedDeck, LiveGame))  # type: ignore[return-value]


def starter(name: str = "mind_storm") -> dict:
    return cardarena.load_game("aliens").starter_decks()[name].to_dict()


def save_deck(client: TestClient, tok: str, doc: dict) -> int:
    r = client.post("/decks", data={"doc": json.dumps(doc), "csrf": tok}, follow_redirects=False)
    assert r.status_code == 303, r.text[-300:]
    return int(r.headers["location"].rsplit("/", 1)[1])


def contest_form(tok: str, **fields: str) -> dict[str, str]:
    return {"game": "aliens", "name": "cup", "agent0": "random", "deck0": "starter:mind_storm", "agent1": "greedy",
            "deck1": "starter:frozen_bastion", "games": "2", "csrf": tok, **fields}


def test_a_deck_name_its_table_cannot_keep_is_refused_not_stored(web: TestClient) -> None:
    tok = signup(web, "ada")
    for name in ("x" * 201, "a\x00b"):
        before = counts(web)
        r = web.post("/decks", data={"doc": json.dumps(dict(starter(), name=name)), "csrf": tok},
                     follow_redirects=False)
        assert r.status_code == 400, (name[:5], r.status_code)
        assert counts(web) == before
        r = web.post("/decks/import", data={"csrf": tok, "text": f'game = "aliens"\nname = {json.dumps(name)}\n'},
                     follow_redirects=False)
        assert r.status_code == 400 and counts(web) == before
    long = save_deck(web, tok, dict(starter(), name="N" * 200))  # the longest name, and its copy
    r = web.post(f"/decks/{long}/copy", data={"csrf": tok}, follow_redirects=False)
    assert r.status_code == 303
    r = web.post("/decks", data={"doc": "[" * 50_000, "csrf": tok}, follow_redirects=False)
    assert r.status_code == 400 and "nested too deeply" in r.text
    r = web.post("/decks/import", data={"csrf": tok, "text": "game = " + "[" * 50_000}, follow_redirects=False)
    assert r.status_code == 400 and "nested too deeply" in r.text


def test_a_refused_contest_leaves_nothing_and_labels_fit_their_column(web: TestClient) -> None:
    tok = signup(web, "ada")
    long_deck = save_deck(web, tok, dict(starter(), name="N" * 200))
    before = counts(web)
    for fields in ({"name": "a/b"}, {"name": "x" * 201}, {"name": "."}, {"name": ".."}, {"games": "1000"},
                   {"games": "many"}, {"agent1": "ismcts:iters=" + "0" * 300 + "1"},
                   {"agent1": "policy:path=/etc/passwd"}, {"agent1": "greedy:chain=1000,width=1000"}):
        r = web.post("/contests", data=contest_form(tok, **fields), follow_redirects=False)
        assert r.status_code == 400, (fields, r.status_code)
        assert counts(web) == before, fields
    # an ISMCTS entry with a saved deck of the longest name: its label is longer than its column
    r = web.post("/contests", data=contest_form(tok, name="long cup", agent1="ismcts:iters=200",
                                                deck1=f"deck:{long_deck}"), follow_redirects=False)
    assert r.status_code == 303, r.text[-300:]
    with web.app.state.arena.store.session() as s:  # type: ignore[attr-defined]
        c = s.scalars(select(Contest).where(Contest.name == "long cup")).one()
        assert len(c.entries) == 2 and all(len(e.label) <= 200 for e in c.entries)
    r = web.post("/contests", data=contest_form(tok, name="a ?#% b"), follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/contests/a%20%3F%23%25%20b"
    assert web.get(r.headers["location"]).status_code == 200


def test_seeds_agents_and_ids_out_of_range_are_refused_clearly(web: TestClient) -> None:
    tok = signup(web, "ada")
    base = {"game": "aliens", "mine": "starter:mind_storm", "theirs": "starter:frozen_bastion", "agent": "random",
            "csrf": tok}
    before = counts(web)
    for fields in ({"seed": "9" * 30}, {"seed": str(2**63)}, {"seed": "abc"}, {"seed": "-5"}, {"seed": "²"},
                   {"agent": "ismcts:iters=" + "0" * 300 + "1"}, {"agent": "policy:path=/etc/passwd"},
                   {"agent": "greedy:chain=1000,width=1000"}, {"agent": "greedy:chain=4,width=6"},
                   {"agent": "greedy:chain=1000000000,width=12"},  # refused at once, not computed
                   {"mine": "deck:²"}, {"mine": "deck:" + "9" * 30}):
        r = web.post("/play", data=dict(base, **fields), follow_redirects=False)
        assert r.status_code in (400, 404), (fields, r.status_code)
        assert counts(web) == before, fields
    r = web.post("/play", data=dict(base, seed=str(2**53 - 1)), follow_redirects=False)
    assert r.status_code == 303
    r = web.post("/play", data=dict(base, agent="greedy:chain=3,width=14"), follow_redirects=False)
    assert r.status_code == 303  # a deeper look-ahead within the server's bound
    for url in ("/decks/" + "9" * 30, "/replays/" + "9" * 30, "/play/" + "9" * 30, "/api/play/" + "9" * 30,
                "/replays?page=" + "9" * 30, "/decks/" + "9" * 30 + "/export"):
        assert web.get(url).status_code in (400, 404), url
    from cardarena.web.pages_play import bot_choices

    assert "policy" not in bot_choices()  # it loads a model file from the server's disk


def test_the_session_key_is_never_empty_nor_readable_by_others(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from cardarena.web.security import secret_key

    key = secret_key(tmp_path)
    path = tmp_path / "web-secret"
    assert len(key) == 64 and path.read_text() == key and path.stat().st_mode & 0o077 == 0
    assert secret_key(tmp_path) == key  # kept: sessions survive a restart
    path.write_text("")  # a crash between creating the file and writing it
    again = secret_key(tmp_path)
    assert again and again != key and path.read_text() == again and path.stat().st_mode & 0o077 == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["web-secret"]
