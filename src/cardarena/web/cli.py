"""`cardarena serve`: the web arena on Uvicorn (FastAPI loads only when the command runs)."""

from __future__ import annotations

import socket
from typing import Annotated

import typer


def _port_free(host: str, port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def _load_every_game() -> None:
    """Load every game's cards and starters before serving: broken card data (a designer's edit) is a
    clear error at start (its file and card named) rather than a bare 500 on a page later."""
    from ..core.registry import game_ids, load_game

    for gid in game_ids():
        game = load_game(gid)
        game.card_names()
        game.starter_decks()


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 for a club's network).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port (0, or a busy one: any free port).")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="Database URL (default: $CARDARENA_DB, else a SQLite "
                                                        "file in the data folder).")] = None,
    workers: Annotated[int, typer.Option(help="Bot worker processes (0: one per core).")] = 0,
    bot_threads: Annotated[bool, typer.Option("--bot-threads", help="Run automatons in threads, not "
                                                                    "processes.")] = False,
    check: Annotated[bool, typer.Option("--check", help="Open (and migrate) the database, build the "
                                                        "application, print what would be served, and exit.")] = False,
) -> None:
    """Serve the web arena: learn, decks, play, watch, replays, contests, bots.

    Example: cardarena serve --check --db sqlite:///arena.db
    """
    try:
        import uvicorn

        from ..arena.store import Store
        from . import bots
        from .app import create_app
    except ModuleNotFoundError as e:
        typer.echo(f"error: the web arena needs its extra: pip install 'cardarena[web]' ({e.name} is missing)",
                   err=True)
        raise typer.Exit(2) from None
    from ..core.errors import CardArenaError

    try:
        _load_every_game()
        store = Store(db)
    except CardArenaError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    if port == 0 or not _port_free(host, port):
        with socket.socket() as s:
            s.bind((host, 0))
            port = s.getsockname()[1]
    pool = bots.make_pool(workers or None, processes=not bot_threads and not check)
    app = create_app(store, pool, secret="check" if check else None)  # a check writes no session key
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    if check:
        pool.shutdown()
        typer.echo(f"ok: the application builds, database {store.display_url} is at its newest schema; "
                   f"would serve http://{shown}:{port}/")
        return
    typer.echo(f"cardarena web arena: http://{shown}:{port}/  (database {store.display_url}; Ctrl-C stops)", err=False)
    uvicorn.run(app, host=host, port=port, log_level="warning")
