"""The arena's storage: the shipped migrations build exactly the tables the models declare, on SQLite
and PostgreSQL, on first use; the database is found where docs/arena.md says."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, select, text

from cardarena.arena.models import Base, Contest, Entry
from cardarena.arena.store import Store, StoreError, default_url
from cardarena.web import models as _web_models  # noqa: F401  (its tables share the metadata)

TABLES = {"contests", "entries", "matches", "match_seats", "replays", "ratings", "alembic_version",
          "users", "decks", "live_games", "api_tokens"}


def test_first_use_migrates_to_the_models_exactly(db_url: str) -> None:
    store = Store(db_url)
    assert set(inspect(store.engine).get_table_names()) == TABLES
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        version = conn.execute(text("select version_num from alembic_version")).scalar()
    assert diff == [], f"the migrations and models.py disagree: {diff}"
    assert version == "0007"
    Store(db_url)  # opening again is a no-op upgrade
    store.dispose()


def test_documents_keep_their_key_order(db_url: str) -> None:
    # a deck's card order decides its shuffle: JSONB (sorted keys) would change the game a replay re-runs
    store = Store(db_url)
    deck = {"game": "aliens", "name": "x", "cards": {"Zeta": 1, "Alpha": 2, "Mu": 3}}
    with store.session() as s:
        c = Contest(name="c", game="aliens", game_format="standard", rules={}, pairing="round-robin",
                    games_per_pairing=2, seed=1, engine_version="0")
        c.entries.append(Entry(number=1, label="e", agent="random", deck_name="x", deck=deck))
        s.add(c)
    with store.session() as s:
        stored = s.scalars(select(Entry)).one().deck
    assert list(stored["cards"]) == ["Zeta", "Alpha", "Mu"]
    store.dispose()


def test_migrations_ship_inside_the_package() -> None:
    root = files("cardarena.arena").joinpath("migrations")
    assert root.joinpath("env.py").is_file() and root.joinpath("script.py.mako").is_file()
    assert any(p.name.startswith("0001_") for p in root.joinpath("versions").iterdir())


def test_the_database_url_comes_from_the_environment_or_the_data_folder(monkeypatch: pytest.MonkeyPatch,
                                                                        tmp_path: Path) -> None:
    monkeypatch.delenv("CARDARENA_DB", raising=False)
    monkeypatch.setenv("CARDARENA_DATA", str(tmp_path / "data"))
    assert default_url() == f"sqlite:///{tmp_path / 'data' / 'cardarena.db'}"
    store = Store()
    assert (tmp_path / "data" / "cardarena.db").is_file()
    store.dispose()
    monkeypatch.setenv("CARDARENA_DB", "sqlite:///elsewhere.db")
    assert default_url() == "sqlite:///elsewhere.db"


def test_a_plain_postgresql_url_means_psycopg_3() -> None:
    store = Store("postgresql://nobody@127.0.0.1:1/none", migrate=False)
    assert store.url.drivername == "postgresql+psycopg"


def test_bad_urls_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="not a database URL"):
        Store("no such thing")
    with pytest.raises(StoreError, match="cannot open the database"):
        Store("postgresql://nobody@127.0.0.1:1/none")
    with pytest.raises(StoreError, match="not a database URL we can use"):
        Store("foo://somewhere/db")  # an unknown scheme used to escape as NoSuchModuleError
    deck = tmp_path / "deck.toml"
    deck.write_text('game = "aliens"\n')
    with pytest.raises(StoreError, match="file is not a database"):
        Store(f"sqlite:///{deck}")  # a file that is not a database used to escape as DatabaseError
    assert deck.read_text() == 'game = "aliens"\n'


def test_a_contest_keeps_its_time_control(db_url: str) -> None:
    from cardarena.arena.contest import create_contest
    from cardarena.core.match import TimeControl

    store = Store(db_url)
    create_contest(store, "timed", "aliens", ["random", "random"], time_control=TimeControl.parse("0.5+10+3"))
    create_contest(store, "free", "aliens", ["random", "random"])
    with store.session() as s:
        timed = s.scalars(select(Contest).where(Contest.name == "timed")).one()
        assert timed.time_control == {"per_decision": 0.5, "bank": 10.0, "startup": 3.0}
        # no time control is SQL NULL, not a JSON null, so it can be queried as such
        assert s.scalars(select(Contest.name).where(Contest.time_control.is_(None))).all() == ["free"]
    store.dispose()


def test_a_sqlite_database_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    """It holds the seeds of games to come: a sandboxed bot, under a user id of its own, must not read
    them (docs/arena.md, "Storage")."""
    new = tmp_path / "new.db"
    store = Store(f"sqlite:///{new}")
    with store.session() as s:  # a write: the -wal file exists now
        s.add(Contest(name="c", game="aliens", game_format="open", pairing="round-robin", games_per_pairing=1,
                      seed=1, engine_version="test"))
    for path in (new, tmp_path / "new.db-wal"):
        assert path.exists() and path.stat().st_mode & 0o777 == 0o600, (path, oct(path.stat().st_mode))
    store.dispose()
    old = tmp_path / "old.db"
    old.touch(mode=0o644)
    old.chmod(0o644)
    Store(f"sqlite:///{old}").dispose()
    assert old.stat().st_mode & 0o777 == 0o600


def test_migrating_down_and_up_keeps_every_contest_entry_and_match(db_url: str) -> None:
    """On SQLite a migration that drops a column copies the table and drops the old one; with foreign keys
    on, that drop deleted every row referring to it: taking 0007 back (its column of `contests`) emptied
    `entries`. Rolling back a release must keep what was saved."""
    from cardarena.arena.models import Match

    store = Store(db_url)
    with store.session() as s:
        c = Contest(name="kept", game="aliens", game_format="standard", rules={}, pairing="round-robin",
                    games_per_pairing=2, seed=1, engine_version="0")
        c.entries.append(Entry(number=1, label="a", agent="random", deck_name="x", deck={"game": "aliens"}))
        c.entries.append(Entry(number=2, label="b", agent="greedy", deck_name="y", deck={"game": "aliens"}))
        s.add(c)
        s.flush()
        s.add(Match(contest_id=c.id, round=1, pairing=1, game_no=1, game="aliens", game_format="standard",
                    rules={}, seed=5, status="scheduled", engine_version="0"))

    def counts() -> tuple[int, int, int]:
        with store.engine.connect() as conn:
            return tuple(int(conn.execute(text(f"select count(*) from {t}")).scalar() or 0)  # type: ignore[return-value]
                         for t in ("contests", "entries", "matches"))

    assert counts() == (1, 2, 1)
    store.downgrade("0005")  # drops contests.cards (0007) and entries.withdrawn_at (0006)
    assert counts() == (1, 2, 1)
    store.upgrade()
    assert counts() == (1, 2, 1)
    with store.session() as s:
        assert [e.label for e in s.scalars(select(Entry).order_by(Entry.number))] == ["a", "b"]
    with store.engine.connect() as conn:  # and the pool's connections enforce references again
        if store.url.get_backend_name() == "sqlite":
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    store.dispose()
