"""Accounts and request safety: hashed passwords, sessions, CSRF, 401 without login, 413, 429."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import select

from cardarena.web.app import Limits
from cardarena.web.models import User

from .conftest import csrf_of, make_client, signup


def test_signup_login_logout_and_the_password_is_hashed(any_client: TestClient) -> None:
    client = any_client
    tok = signup(client, "ada")
    assert 'id="whoami">ada<' in client.get("/").text
    with client.app.state.arena.store.session() as s:  # type: ignore[attr-defined]
        u = s.scalar(select(User).where(User.name == "ada"))
        assert u is not None and u.password_hash.startswith("$argon2id$") and "correct horse" not in u.password_hash
    r = client.post("/logout", data={"csrf": tok}, follow_redirects=False)
    assert r.status_code == 303
    assert "whoami" not in client.get("/").text
    tok = csrf_of(client)
    bad = client.post("/login", data={"name": "ada", "password": "wrong password", "csrf": tok})
    assert bad.status_code == 401 and "wrong name or password" in bad.text
    ok = client.post("/login", data={"name": "ada", "password": "correct horse", "csrf": tok}, follow_redirects=False)
    assert ok.status_code == 303 and "whoami" in client.get("/").text


def test_signup_refuses_a_taken_name_and_a_short_password(client: TestClient) -> None:
    signup(client, "ada")
    other = TestClient(client.app)
    tok = csrf_of(other)
    r = other.post("/signup", data={"name": "ada", "password": "another one", "csrf": tok})
    assert r.status_code == 400 and "taken" in r.text
    r = other.post("/signup", data={"name": "bob", "password": "short", "csrf": tok})
    assert r.status_code == 400 and "at least 8" in r.text


def test_forms_without_the_csrf_token_are_refused(client: TestClient) -> None:
    csrf_of(client)
    r = client.post("/signup", data={"name": "eve", "password": "correct horse"})
    assert r.status_code == 403
    tok = signup(client, "ada")
    assert client.post("/logout", data={"csrf": "forged"}).status_code == 403
    r = client.post("/api/play/1/move", json={"seq": 1, "option": "pass"})  # a script without the header
    assert r.status_code == 403
    assert tok


def test_changing_anything_needs_a_login(client: TestClient) -> None:
    tok = csrf_of(client)
    assert client.post("/decks", data={"doc": "{}", "csrf": tok}).status_code == 401
    assert client.post("/play", data={"game": "aliens", "mine": "starter:x", "theirs": "starter:x", "agent": "random",
                                      "csrf": tok}).status_code == 401
    assert client.post("/api/play/1/move", json={"seq": 1, "option": "pass"},
                       headers={"x-csrf-token": tok}).status_code == 401
    # a page that needs a login sends a browser to the login form
    r = client.get("/decks", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/login")


def test_large_bodies_are_refused_with_413(db: str) -> None:
    with make_client(db, Limits(body_bytes=1000)) as c:
        tok = csrf_of(c)
        r = c.post("/login", data={"name": "x" * 5000, "password": "y", "csrf": tok})
        assert r.status_code == 413


def test_login_is_rate_limited_with_429(db: str) -> None:
    with make_client(db, Limits(login=3)) as c:
        tok = csrf_of(c)
        codes = [c.post("/login", data={"name": "nobody", "password": "nothing!", "csrf": tok}).status_code
                 for _ in range(5)]
        assert codes == [401, 401, 401, 429, 429]


def test_moves_tokens_and_contests_are_rate_limited(db: str) -> None:
    import cardarena

    from .test_play import my_turn, start

    with make_client(db, Limits(move=2, token=1, contest=1)) as c:
        tok = signup(c, "ada")
        gid = start(c, tok)
        codes = []
        for _ in range(3):
            f = my_turn(c, gid)
            codes.append(c.post(f"/api/play/{gid}/move", json={"seq": f["seq"], "option": "no-such-option"},
                                headers={"x-csrf-token": tok}).status_code)
        assert codes == [409, 409, 429]
        assert c.post("/bots/tokens", data={"name": "a", "csrf": tok}).status_code == 200
        assert c.post("/bots/tokens", data={"name": "b", "csrf": tok}).status_code == 429
        s = sorted(cardarena.load_game("aliens").starter_decks())
        form = {"csrf": tok, "game": "aliens", "name": "c1", "agent0": "random", "deck0": f"starter:{s[0]}",
                "agent1": "random", "deck1": f"starter:{s[1]}"}
        assert c.post("/contests", data=form, follow_redirects=False).status_code == 303
        assert c.post("/contests", data={**form, "name": "c2"}).status_code == 429
