"""Storage back ends for the arena tests: a SQLite file always, and a fresh database on the PostgreSQL
server that scripts/with_postgres.sh starts (CARDARENA_TEST_PG); those tests skip only without it."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

PG = os.environ.get("CARDARENA_TEST_PG")


def _pg_database() -> Iterator[str]:
    import psycopg
    from sqlalchemy.engine import make_url

    assert PG is not None
    server = make_url(PG)
    name = f"cardarena_test_{uuid.uuid4().hex[:12]}"
    dsn = server.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database URL with nothing in it, on each back end."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'arena.db'}"
        return
    if not PG:
        pytest.skip("CARDARENA_TEST_PG is not set (scripts/test.sh starts a PostgreSQL server for these tests)")
    yield from _pg_database()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'arena.db'}"
