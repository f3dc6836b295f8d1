"""The web arena under test: an app on a fresh SQLite file, automatons in threads (fast to start),
and helpers to sign up and act as a user through the HTTP client."""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardarena.arena.store import Store
from cardarena.web import bots
from cardarena.web.app import Limits, create_app

CSRF = re.compile(r'name="csrf-token" content="([^"]+)"')


def make_client(db: str, limits: Limits | None = None) -> TestClient:
    app = create_app(Store(db), bots.make_pool(2, processes=False), secret="test-secret", limits=limits)
    return TestClient(app)


def csrf_of(client: TestClient) -> str:
    m = CSRF.search(client.get("/login").text)
    assert m, "every page carries the session's CSRF token"
    return m.group(1)


def signup(client: TestClient, name: str, password: str = "correct horse") -> str:
    tok = csrf_of(client)
    r = client.post("/signup", data={"name": name, "password": password, "csrf": tok}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return csrf_of(client)  # a new session after signing up: a new token


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'arena.db'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The storage tests run on both back ends: SQLite, and a fresh database on the PostgreSQL server
    scripts/test.sh starts (CARDARENA_TEST_PG; skipped without it)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'arena.db'}"
        return
    server_url = os.environ.get("CARDARENA_TEST_PG")
    if not server_url:
        pytest.skip("CARDARENA_TEST_PG is not set (scripts/test.sh starts a PostgreSQL server for these tests)")
    import psycopg
    from sqlalchemy.engine import make_url

    server = make_url(server_url)
    name = f"cardarena_web_{uuid.uuid4().hex[:12]}"
    dsn = server.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def any_client(any_db: str) -> Iterator[TestClient]:
    with make_client(any_db) as c:
        yield c
