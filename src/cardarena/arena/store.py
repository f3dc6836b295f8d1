"""Where the arena keeps its data (docs/arena.md): a database URL, its engine, and its schema kept
current by the Alembic migrations shipped in this package.

The URL is `--db`, else `$CARDARENA_DB` (e.g. `postgresql+psycopg://user@host/cardarena`), else a
SQLite file `cardarena.db` in the data folder: `$CARDARENA_DATA`, else `$XDG_DATA_HOME/cardarena`,
else `~/.local/share/cardarena`. Opening a store upgrades its schema to the newest migration.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DatabaseError
from sqlalchemy.orm import Session, sessionmaker

from ..core.errors import CardArenaError


class StoreError(CardArenaError):
    """The database cannot be reached, or its URL is not one we can use."""


def data_dir() -> Path:
    """The folder the default SQLite database lives in."""
    if os.environ.get("CARDARENA_DATA"):
        return Path(os.environ["CARDARENA_DATA"]).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "cardarena"


def default_url() -> str:
    url = os.environ.get("CARDARENA_DB")
    if url:
        return url
    return f"sqlite:///{data_dir() / 'cardarena.db'}"


def _normalize(url: str) -> str:
    """`postgresql://...` means psycopg 3 here (SQLAlchemy's bare default is psycopg2, which we do not ship)."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    # WAL: `contest status` can read while `contest run` writes; each commit survives a kill -9
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")  # in WAL mode: a killed process loses no commit
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def _owner_only(path: Path) -> None:
    """The SQLite file readable by its owner only (its -wal and -shm files take its mode): it holds the
    seeds of games not yet played and every entry's deck, which a bot running under another user id
    (docs/protocol.md, "Sandbox") must not read to foresee its games' shuffles."""
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)  # an empty file is an empty database
    except FileExistsError:
        try:
            st = path.stat()
            if st.st_uid == os.geteuid() and st.st_mode & 0o077:
                path.chmod(st.st_mode & 0o700)
        except OSError:
            pass  # not ours to change: opening it says what is wrong, if anything
        return
    except OSError:
        return  # a read-only folder: opening it says so
    os.close(fd)


class Store:
    """One database: `with store.session() as s:` gives a session that commits on success."""

    def __init__(self, url: str | None = None, migrate: bool = True, must_exist: bool = False) -> None:
        """`must_exist`: a SQLite file that is not there is an error, and nothing is made (a command that
        only reads or adds to contests: a mistyped path made folders and an empty database)."""
        text = _normalize(url or default_url())
        try:
            parsed = make_url(text)
        except ArgumentError:
            raise StoreError(f"{text!r} is not a database URL (e.g. sqlite:///arena.db or "
                             "postgresql://user@host/db)") from None
        self.url = parsed
        if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
            if must_exist and not Path(parsed.database).expanduser().is_file():
                raise StoreError(f"no database at {Path(parsed.database).expanduser()} (nothing was made): check --db "
                                 "or $CARDARENA_DB; `cardarena contest new` makes one")
            folder = Path(parsed.database).expanduser().parent
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise StoreError(f"cannot make the folder {folder} for the database: {e.strerror or e}") from None
            _owner_only(Path(parsed.database).expanduser())
        try:
            self.engine: Engine = create_engine(parsed, pool_pre_ping=True)
        except ModuleNotFoundError as e:
            raise StoreError(f"the driver for {parsed.get_backend_name()} is not installed ({e.name}); "
                             "for PostgreSQL: pip install 'cardarena[postgres]'") from None
        except ArgumentError as e:  # NoSuchModuleError: an unknown scheme (foo://...)
            raise StoreError(f"{self.display_url!r} is not a database URL we can use ({e}); e.g. "
                             "sqlite:///arena.db or postgresql://user@host/db") from None
        if parsed.get_backend_name() == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        if migrate:
            self.upgrade()

    def __repr__(self) -> str:
        return f"Store({self.url.render_as_string(hide_password=True)!r})"

    @property
    def display_url(self) -> str:
        return self.url.render_as_string(hide_password=True)

    def upgrade(self, revision: str = "head") -> None:
        """Bring the schema to `revision` with the shipped migrations (a no-op when it is current)."""
        self._migrate("upgrade", revision)

    def downgrade(self, revision: str) -> None:
        """Take the schema back to `revision` (e.g. "0005") before going back to the cardarena release
        that wrote it; the data of what that schema lacks (a newer column) is dropped, nothing else."""
        self._migrate("downgrade", revision)

    def _migrate(self, way: str, revision: str) -> None:
        from alembic import command

        sqlite = self.url.get_backend_name() == "sqlite"
        try:
            with as_file(files("cardarena.arena").joinpath("migrations")) as where, self.engine.connect() as conn:
                if sqlite:
                    # SQLite alters a table by copying it and dropping the old one (Alembic's batch mode):
                    # with foreign keys on, that drop deletes every row that refers to it (ON DELETE
                    # CASCADE: a contest's entries and matches). Off outside the transaction, as SQLite
                    # asks; each new connection of the pool turns them on again (_sqlite_pragmas).
                    conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
                    conn.commit()
                try:
                    with conn.begin():
                        cfg = alembic_config(where)
                        cfg.attributes["connection"] = conn
                        getattr(command, way)(cfg, revision)
                        if sqlite and conn.exec_driver_sql("PRAGMA foreign_key_check").first() is not None:
                            raise StoreError(f"migrating {self.display_url} to {revision} would break its "
                                             "references; nothing was changed")
                finally:
                    if sqlite:
                        conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                        conn.commit()
        except DatabaseError as e:  # cannot connect (OperationalError), or not a database (a SQLite file of text)
            raise StoreError(f"cannot open the database {self.display_url}: {e.orig}") from None

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self._sessions.begin() as s:
            yield s

    def dispose(self) -> None:
        self.engine.dispose()


def alembic_config(script_location: Path) -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(script_location))
    return cfg
