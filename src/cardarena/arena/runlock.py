"""Whether a `contest run` is playing a contest right now: asked by the commands that may not change a
contest under a run (delete it, rename it; withdrawing an entry may: contest.withdraw) and shown by
`contest status`.

A contest's status says whether it has started, not whether a process plays it: a run killed with -9
leaves it "running". So a run holds a lock for as long as it plays, one that the database or the
operating system lets go of when its process ends, however it ends:

- PostgreSQL: a session advisory lock (keys `PG_SPACE` and the contest's id) on a connection the run
  keeps for itself;
- SQLite: `flock` on the file `ID` of the folder `NAME.db-runs/` beside the database file.

A run takes it shared (two runs of one contest may overlap: each game's slot is filled once). A change
takes it exclusively, without waiting, for its whole transaction: it is refused while a run holds it,
and a run that starts meanwhile waits until the change is written (and then finds the contest deleted,
or renamed). A database without a file (SQLite in memory) has no such lock.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, text
from sqlalchemy.orm import Session

from .store import StoreError

#: the first key of the arena's PostgreSQL advisory locks ("CArr"); the second is the contest's id
PG_SPACE = 0x43417272
#: how long a change tries before it is refused (a status probe holds the SQLite lock for a moment)
TRY_FOR_S = 0.5


class RunActive(Exception):
    """A run is playing the contest (or another change holds it): the change is refused."""


def _postgres(engine: Engine) -> bool:
    return engine.url.get_backend_name() == "postgresql"


def lock_path(engine: Engine, contest_id: int) -> Path | None:
    """The SQLite lock file of a contest, or None (PostgreSQL; SQLite without a file)."""
    if engine.url.get_backend_name() != "sqlite" or engine.url.database in (None, "", ":memory:"):
        return None
    db = Path(str(engine.url.database)).expanduser()
    return db.with_name(db.name + "-runs") / str(contest_id)


def _open_locked(path: Path, how: int) -> int | None:
    """A descriptor of `path` holding `flock(how)`, or None when `how` has LOCK_NB and a conflicting
    lock is held. The file a descriptor locks is checked to be the one the path names: a delete
    removes the file, and a lock on the removed file would guard nothing."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as e:
        raise StoreError(f"cannot make the folder {path.parent} of the contests' run locks: {e.strerror or e}") from None
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as e:
            raise StoreError(f"cannot open the run lock {path}: {e.strerror or e}") from None
        try:
            fcntl.flock(fd, how)
        except BlockingIOError:
            os.close(fd)
            return None
        except BaseException:
            os.close(fd)
            raise
        try:
            if os.stat(path).st_ino == os.fstat(fd).st_ino:
                return fd
        except FileNotFoundError:
            pass
        os.close(fd)  # removed or replaced meanwhile: lock the file that is there now


@contextmanager
def playing(engine: Engine, contest_id: int) -> Iterator[None]:
    """Held by a run for as long as it plays the contest: shared, waiting for a change to be written."""
    path = lock_path(engine, contest_id)
    if path is not None:
        fd = _open_locked(path, fcntl.LOCK_SH)
        try:
            yield
        finally:
            if fd is not None:
                os.close(fd)
        return
    if not _postgres(engine):
        yield
        return
    conn = engine.connect()
    keys = {"a": PG_SPACE, "b": contest_id}
    try:
        conn.execute(text("SELECT pg_advisory_lock_shared(:a, :b)"), keys)
        conn.commit()
        yield
        conn.execute(text("SELECT pg_advisory_unlock_shared(:a, :b)"), keys)
        conn.commit()
    except BaseException:
        conn.invalidate()  # its lock goes with the server's session, never back into the pool
        raise
    finally:
        conn.close()


@contextmanager
def changing(engine: Engine, contest_id: int, remove: bool = False) -> Iterator[None]:
    """Around a transaction that changes the contest (opened inside it): raises RunActive while a run
    plays it. SQLite: the file lock, held until the transaction is written; `remove` deletes the lock
    file then (the contest is gone). PostgreSQL: `claim` takes the lock inside the transaction."""
    path = lock_path(engine, contest_id)
    if path is None:
        yield
        return
    deadline = time.monotonic() + TRY_FOR_S
    while (fd := _open_locked(path, fcntl.LOCK_EX | fcntl.LOCK_NB)) is None:
        if time.monotonic() > deadline:
            raise RunActive
        time.sleep(0.02)
    try:
        yield
        if remove:
            path.unlink(missing_ok=True)
    finally:
        os.close(fd)


def claim(s: Session, contest_id: int) -> None:
    """PostgreSQL: the exclusive lock for the rest of the session's transaction, or RunActive.
    Elsewhere nothing (`changing` holds the lock)."""
    bind = s.get_bind()
    if not isinstance(bind, Engine) or not _postgres(bind):
        return
    deadline = time.monotonic() + TRY_FOR_S
    while not s.scalar(text("SELECT pg_try_advisory_xact_lock(:a, :b)"), {"a": PG_SPACE, "b": contest_id}):
        if time.monotonic() > deadline:
            raise RunActive
        time.sleep(0.02)


def is_playing(s: Session, contest_id: int) -> bool:
    """Whether a run plays the contest now (a look: nothing is kept locked)."""
    bind = s.get_bind()
    if not isinstance(bind, Engine):
        return False
    if _postgres(bind):
        return bool(s.scalar(text(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid::bigint = :a "
            "AND objid::bigint = :b AND objsubid = 2 AND mode = 'ShareLock' AND granted "
            # advisory locks are the database's own, but pg_locks lists every database's
            "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"),
            {"a": PG_SPACE, "b": contest_id}))
    path = lock_path(bind, contest_id)
    if path is None:
        return False
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False  # never run, or the folder is not ours to read
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False
