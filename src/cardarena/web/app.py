"""The FastAPI application: `create_app(store)` wires the storage, the live games, the bot pool and
every page (auth, learn, decks, play, replays, watch, contests). `cardarena serve` runs it with Uvicorn."""

from __future__ import annotations

from concurrent.futures import Executor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy.exc import DataError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware

from ..arena.store import Store, data_dir
from ..core.registry import game_ids
from . import bots
from .live import LiveGames
from .models import User
from .rule_links import rule_links
from .security import BodyLimit, RateLimiter, new_token, same, secret_key

HERE = Path(__file__).parent


@dataclass
class Limits:
    """Requests per minute per client address, by bucket, and the largest request body."""

    login: int = 20
    signup: int = 10
    move: int = 600
    contest: int = 10
    token: int = 10
    picture: int = 30  # contest pictures drawn (arena/plots.py): each costs a fraction of a second
    body_bytes: int = 256 * 1024


@dataclass
class Arena:
    store: Store
    pool: Executor
    live: LiveGames
    limits: Limits
    limiter: RateLimiter = field(default_factory=RateLimiter)
    extra: dict[str, Any] = field(default_factory=dict)


templates = Jinja2Templates(directory=str(HERE / "templates"))
templates.env.globals["games"] = lambda: game_ids()
templates.env.filters["rule_links"] = rule_links  # "rule aliens.2.1" -> a link to the item (rule_links.py)


def arena(request: Request) -> Arena:
    a: Arena = request.app.state.arena
    return a


def current_user(request: Request) -> User | None:
    uid = request.session.get("uid")
    if uid is None:
        return None
    with arena(request).store.session() as s:
        return s.get(User, uid)


def require_user(request: Request) -> User:
    """The logged-in user; 401 for a request that would change something without one."""
    user = current_user(request)
    if user is None:
        raise HTTPException(401, "log in first")
    return user


def csrf_token(request: Request) -> str:
    tok = request.session.get("csrf")
    if not tok:
        tok = request.session["csrf"] = new_token()
    return str(tok)


def check_csrf(request: Request, sent: str | None) -> None:
    """Forms carry the session's token in a hidden field; scripts in the X-CSRF-Token header."""
    if not same(sent or request.headers.get("x-csrf-token"), request.session.get("csrf")):
        raise HTTPException(403, "missing or wrong CSRF token: reload the page and try again")


def rate_limit(request: Request, bucket: str) -> None:
    a = arena(request)
    who = request.client.host if request.client else "?"
    if not a.limiter.allow(f"{bucket}:{who}", getattr(a.limits, bucket), 60.0):
        raise HTTPException(429, f"too many {bucket} requests: wait a minute")


def render(request: Request, template: str, status_code: int = 200, **ctx: Any) -> HTMLResponse:
    ctx.update(request=request, user=current_user(request), csrf=csrf_token(request))
    return templates.TemplateResponse(request, template, ctx, status_code=status_code)


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return ""


def login_redirect(request: Request) -> RedirectResponse:
    return RedirectResponse(f"/login?next={request.url.path}", status_code=303)


def create_app(
    store: Store | None = None,
    pool: Executor | None = None,
    secret: str | None = None,
    limits: Limits | None = None,
) -> FastAPI:
    store = store or Store()
    pool = pool or bots.make_pool()
    folder = Path(store.url.database).expanduser().parent if store.url.get_backend_name() == "sqlite" \
        and store.url.database not in (None, "", ":memory:") else data_dir()
    a = Arena(store, pool, LiveGames(store, pool), limits or Limits())

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        yield
        a.extra.get("stop", lambda: None)()
        a.live.stop_searches()
        pool.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="cardarena", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.arena = a
    app.add_middleware(SessionMiddleware, secret_key=secret or secret_key(folder), same_site="lax",
                       session_cookie="cardarena", max_age=30 * 24 * 3600)
    app.add_middleware(BodyLimit, max_bytes=a.limits.body_bytes)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    # Starlette's own (an address no route serves: 404, a method a route does not take: 405) too, so a
    # mistyped address shows the arena's error page, not a bare {"detail": "Not Found"}
    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if request.url.path.startswith("/api/") or "application/json" in request.headers.get("accept", ""):
            return JSONResponse({"error": exc.detail}, status_code=exc.status_code)
        if exc.status_code == 401 and request.method == "GET":
            return login_redirect(request)
        message = exc.detail
        if exc.status_code == 404 and message == "Not Found":  # Starlette's own: no route serves the address
            message = f"there is no page at {request.url.path}: check the address, or start again from the links above"
        try:
            return render(request, "error.html", status_code=exc.status_code, status=exc.status_code,
                          phrase=_phrase(exc.status_code), message=message)
        except Exception:
            return PlainTextResponse(str(exc.detail), status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def _bad_fields(request: Request, exc: RequestValidationError) -> Response:
        # a body of the wrong shape ({"seq": "x"}): the same {"error": ...} as any refusal, naming the fields;
        # a part of the address (/replays/abc, ?page=-1) is named with what it must be, as a person typed it
        errors = exc.errors()
        address = [e for e in errors if e.get("loc", ("",))[0] in ("path", "query")]
        if address:
            said = "; ".join(f"{'.'.join(str(p) for p in e['loc'][1:])} {e.get('input')!r} in the address: "
                             f"{str(e.get('msg', 'not valid')).lower()}" for e in address)
            return await _http_error(request, HTTPException(400, said))
        where = ", ".join(".".join(str(p) for p in e.get("loc", ())[1:]) or "body" for e in errors)
        return await _http_error(request, HTTPException(400, f"the request's fields are not of the expected kind: "
                                                             f"{where}"))

    @app.exception_handler(OverflowError)
    @app.exception_handler(DataError)
    async def _out_of_range(request: Request, exc: Exception) -> Response:
        # an id, a page or a seed too large for the database's integers, a text too long for its column:
        # the request's mistake, refused like any other bad input (the transaction was rolled back)
        return await _http_error(request, HTTPException(400, "a number or a text in the request is out of range"))

    from . import (
        pages_auth,
        pages_bots,
        pages_contests,
        pages_decks,
        pages_learn,
        pages_play,
        pages_replays,
        pages_watch,
        remote,
    )

    remote.register()  # `remote:bot=USER/NAME` names a connected external bot in this process
    for mod in (pages_auth, pages_learn, pages_decks, pages_play, pages_replays, pages_watch, pages_contests,
                pages_bots):
        app.include_router(mod.router)
    return app
