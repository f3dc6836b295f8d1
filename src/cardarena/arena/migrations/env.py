"""Alembic environment: the arena's store passes its open connection (cardarena.arena.store.Store.upgrade);
`alembic -x url=...` from a shell works too, for writing a new migration."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from cardarena.arena.models import Base
from cardarena.web import models as _web_models  # noqa: F401  (the web tables join the same metadata)

config = context.config
target_metadata = Base.metadata


def run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=True)  # batch mode: SQLite can alter tables too
    with context.begin_transaction():
        context.run_migrations()


conn = config.attributes.get("connection")
if conn is not None:
    run(conn)
else:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url") or ""
    with create_engine(url).begin() as c:
        run(c)
