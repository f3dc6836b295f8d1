"""The deck builder: live validation with every reason, drafts, save/rename/copy, TOML export and
import, 403 on another user's deck, user text escaped."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

import cardarena

from .conftest import signup


def starter_doc(game: str = "aliens") -> dict:
    g = cardarena.load_game(game)
    return g.starter_decks()[sorted(g.starter_decks())[0]].to_dict()


def save(client: TestClient, tok: str, doc: dict, deck_id: int | None = None) -> int:
    url = f"/decks/{deck_id}" if deck_id else "/decks"
    r = client.post(url, data={"doc": json.dumps(doc), "csrf": tok}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return int(r.headers["location"].rsplit("/", 1)[1])


def test_live_check_lists_every_reason(client: TestClient) -> None:
    good = starter_doc()
    assert client.post("/api/decks/check", json=good).json() == {"legal": True, "problems": [], "problem_parts": [],
                                                                 "size": sum(good["cards"].values())}
    bad = dict(good, aliens=good["aliens"][:1], cards={"No Such Card": 2})
    res = client.post("/api/decks/check", json=bad).json()
    g = cardarena.load_game("aliens")
    from cardarena.core.decks import Deck

    assert res["legal"] is False
    assert res["problems"] == g.check_deck(Deck.from_dict(bad), "standard")  # the same checks as `validate`
    assert len(res["problems"]) >= 2


def test_save_draft_rename_copy_export_import(any_client: TestClient) -> None:
    client = any_client
    tok = signup(client, "ada")
    doc = starter_doc()
    legal_id = save(client, tok, dict(doc, name="Mine"))
    draft_id = save(client, tok, dict(doc, name="Half done", cards={}))
    page = client.get("/decks").text
    assert "Mine" in page and "Half done" in page and "draft" in page
    store = client.app.state.arena.store  # type: ignore[attr-defined]
    from cardarena.web.models import SavedDeck

    with store.session() as s:
        assert s.get(SavedDeck, legal_id).legal is True
        d = s.get(SavedDeck, draft_id)
        assert d.legal is False and d.problems
    # rename by saving under a new name
    save(client, tok, dict(doc, name="Renamed"), legal_id)
    assert "Renamed" in client.get(f"/decks/{legal_id}").text
    r = client.post(f"/decks/{legal_id}/copy", data={"csrf": tok}, follow_redirects=False)
    copy_id = int(r.headers["location"].rsplit("/", 1)[1])
    assert "Renamed (copy)" in client.get(f"/decks/{copy_id}").text
    toml = client.get(f"/decks/{legal_id}/export")
    assert toml.status_code == 200 and 'name = "Renamed"' in toml.text and "attachment" in toml.headers[
        "content-disposition"]
    imported = toml.text.replace('name = "Renamed"', 'name = "Imported"')
    r = client.post("/decks/import", data={"csrf": tok, "text": imported}, follow_redirects=False)
    assert r.status_code == 303
    new_id = int(r.headers["location"].rsplit("/", 1)[1])
    with store.session() as s:
        got = s.get(SavedDeck, new_id)
        assert got.legal and got.doc["cards"] == doc["cards"] and got.doc["aliens"] == doc["aliens"]
    # an uploaded file works the same
    r = client.post("/decks/import", data={"csrf": tok}, files={"file": ("d.toml", imported.replace("Imported", "Up"))},
                    follow_redirects=False)
    assert r.status_code == 303
    with store.session() as s:
        before = s.query(SavedDeck).count()
    # a file in another encoding is refused, not saved with its letters replaced ("Caf\ufffd")
    latin = imported.replace("Imported", "Café").encode("latin-1")
    r = client.post("/decks/import", data={"csrf": tok}, files={"file": ("c.toml", latin)}, follow_redirects=False)
    assert r.status_code == 400 and "not UTF-8" in r.text
    # a deck without a name would be a link with no text in the list
    r = client.post("/decks/import", data={"csrf": tok, "text": imported.replace('name = "Imported"', 'name = ""')},
                    follow_redirects=False)
    assert r.status_code == 400 and "needs a name" in r.text
    with store.session() as s:
        assert s.query(SavedDeck).count() == before


def test_a_draft_cannot_play(client: TestClient) -> None:
    tok = signup(client, "ada")
    draft_id = save(client, tok, dict(starter_doc(), name="Draft", cards={}))
    r = client.post("/play", data={"game": "aliens", "mine": f"deck:{draft_id}", "theirs": "starter:mind_storm",
                                   "agent": "random", "csrf": tok})
    assert r.status_code == 400 and "draft" in r.text


def test_another_users_deck_is_403(any_client: TestClient) -> None:
    client = any_client
    tok = signup(client, "ada")
    deck_id = save(client, tok, dict(starter_doc(), name="Secret"))
    eve = TestClient(client.app)
    etok = signup(eve, "eve")
    assert eve.get(f"/decks/{deck_id}").status_code == 403
    assert eve.get(f"/decks/{deck_id}/export").status_code == 403
    assert eve.post(f"/decks/{deck_id}", data={"doc": json.dumps(starter_doc()), "csrf": etok}).status_code == 403
    assert eve.post(f"/decks/{deck_id}/copy", data={"csrf": etok}).status_code == 403
    assert eve.post(f"/decks/{deck_id}/delete", data={"csrf": etok}).status_code == 403
    r = eve.post("/play", data={"game": "aliens", "mine": f"deck:{deck_id}", "theirs": "starter:mind_storm",
                                "agent": "random", "csrf": etok})
    assert r.status_code == 403
    assert "Secret" not in eve.get("/decks").text


def test_user_text_is_escaped(client: TestClient) -> None:
    tok = signup(client, "ada")
    evil = "<script>alert(1)</script>"
    deck_id = save(client, tok, dict(starter_doc(), name=evil))
    for url in ("/decks", f"/decks/{deck_id}"):
        html = client.get(url).text
        assert evil not in html, url
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in client.get("/decks").text
    # the deck document inside the editor's JSON block cannot close the script element either
    block = re.search(r'<script type="application/json" id="deck-data">(.*?)</script>', client.get(f"/decks/{deck_id}").text,
                      re.S)
    assert block and json.loads(block.group(1))["name"] == evil
