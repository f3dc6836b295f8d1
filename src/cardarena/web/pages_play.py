"""Play: a person against an automaton. The page is a small script over a JSON API; every answer it
gets is a `frames.frame` for the person's seat only. Moves name the decision's seq."""

from __future__ import annotations

import math
from typing import Annotated, Any

from fastapi import APIRouter, Body, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from ..agents import AGENT_NAMES, make_agent
from ..core.decks import Deck
from ..core.registry import game_ids
from ..core.ruleset import Ruleset
from .app import arena, check_csrf, current_user, login_redirect, rate_limit, render, require_user
from .frames import frame
from .live import Live, MoveRefused
from .models import SavedDeck, User
from .pages_learn import game_or_404
from .remote import connected_bot

router = APIRouter()
#: automatons offered by the forms (any spec make_agent accepts may be typed instead)
BOT_PRESETS = ("random", "ismcts:iters=200", "ismcts:iters=1000")
#: the longest automaton spec a game or a contest keeps (live_games.agent)
MAX_AGENT = 200
#: the most thinking a searching automaton may do per decision on the server (the presets use 1,000
#: iterations, well under a second)
MAX_ITERATIONS = 20_000
MAX_MS = 10_000
#: greedy's look-ahead tries up to width ** (chain - 1) follow-ups of each option (the default 12)
MAX_GREEDY_TREE = 200
#: seeds a person may choose: what the tables keep and browsers read exactly
MAX_SEED = 2**53


def bot_choices() -> list[str]:
    from .remote import HUB

    names = list(BOT_PRESETS) + [a for a in AGENT_NAMES if a not in ("random", "ismcts", "human", "remote", "policy")]
    return [n for n in names if n.split(":")[0] in AGENT_NAMES] + [f"remote:bot={k}" for k in HUB.connected()]


def check_agent(spec: str) -> str:
    spec = spec.strip()
    if len(spec) > MAX_AGENT:
        raise HTTPException(400, f"an automaton's spec is at most {MAX_AGENT} characters")
    kind = spec.split(":")[0].strip().lower()
    # a policy loads (unpickles) a file of the server's disk; a manifest path (x.toml) starts its command
    if kind in ("human", "cmd", "bot", "policy") or spec.lower().endswith((".toml", ".json")):
        raise HTTPException(400, "the server runs only its own automatons (connect your bot: see Bots)")
    if kind == "remote":
        from .remote import HUB

        key = spec.partition("bot=")[2]
        if key not in HUB.connected():
            raise HTTPException(400, f"bot {key!r} is not connected now")
    try:
        a = make_agent(spec, seed=0)
    except Exception as e:
        raise HTTPException(400, f"automaton {spec!r}: {e}") from None
    close = getattr(a, "close", None)
    if callable(close):
        close()
    # the server's bot workers are shared: one automaton may not hold one for minutes a decision
    iters, ms = getattr(a, "iterations", 0), getattr(a, "ms", None)
    if (isinstance(iters, int) and iters > MAX_ITERATIONS) or (isinstance(ms, (int, float)) and ms > MAX_MS):
        raise HTTPException(400, f"automaton {spec!r}: at most {MAX_ITERATIONS} iterations or {MAX_MS} ms a "
                                 "decision on this server")
    chain, width = getattr(a, "chain", None), getattr(a, "width", None)
    # compared by logarithms: width ** (chain - 1) itself would take forever for chain=10**9
    if isinstance(chain, int) and isinstance(width, int) and width > 1 and \
            (chain - 1) * math.log(width) > math.log(MAX_GREEDY_TREE):
        raise HTTPException(400, f"automaton {spec!r}: at most width ** (chain - 1) = {MAX_GREEDY_TREE} follow-ups "
                                 "of each option on this server (e.g. chain=3 with width up to 14)")
    return spec


def foreign_bot(spec: str, user: User) -> bool:
    """Whether `spec` seats a bot another user connected."""
    return connected_bot(spec) and spec.partition("bot=")[2].rpartition("/")[0] != user.name


def resolve_deck(request: Request, game: Ruleset, choice: str, user: User | None) -> Deck:
    """`starter:NAME` or `deck:ID` (one of the user's legal decks: a draft cannot play)."""
    kind, _, val = choice.partition(":")
    if kind == "starter":
        starters = game.starter_decks()
        if val not in starters:
            raise HTTPException(400, f"{game.id} has no starter deck {val!r}")
        return starters[val]
    if kind == "deck" and val.isascii() and val.isdigit() and len(val) < 10 and user is not None:
        with arena(request).store.session() as s:
            d = s.get(SavedDeck, int(val))
            if d is None:
                raise HTTPException(404, f"no deck {val}")
            if d.user_id != user.id:
                raise HTTPException(403, "this deck belongs to another player")
            if d.game != game.id:
                raise HTTPException(400, f"{d.name!r} is a {d.game} deck")
            if not d.legal:
                raise HTTPException(400, f"{d.name!r} is a draft (not legal): " + "; ".join(d.problems))
            return Deck.from_dict(d.doc, source=d.name)
    raise HTTPException(400, f"unknown deck choice {choice!r}")


@router.get("/play", response_class=HTMLResponse)
def play_page(request: Request, game: str | None = None) -> Response:
    user = current_user(request)
    if user is None:
        return login_redirect(request)
    from .pages_decks import my_decks

    g = game_or_404(game or game_ids()[0])
    return render(request, "play_new.html", game=g, game_ids=game_ids(), starters=sorted(g.starter_decks()),
                  decks=my_decks(request, user.id, g.id), bots=bot_choices(),
                  my_games=arena(request).live.games_of(user.id))


def _start(request: Request, user: User, game: Ruleset, mine: str, theirs: str, agent: str, seat: int,
           seed: int | None = None, fmt: str | None = None) -> Response:
    fmt = fmt or game.default_format
    if fmt not in game.formats:
        raise HTTPException(400, f"{game.id} has no format {fmt!r}")
    my_deck = resolve_deck(request, game, mine, user)
    bot_deck = resolve_deck(request, game, theirs, user)
    problems = [f"{d.name}: {p}" for d in (my_deck, bot_deck) for p in game.check_deck(d, fmt)]
    if problems:
        raise HTTPException(400, f"not legal in {fmt}: " + "; ".join(problems))
    if seed is not None and foreign_bot(agent, user):
        # a seed of one's choosing, with both decks, deals the game: the hidden cards of the bot's seat
        raise HTTPException(400, "a game against another player's bot gets a secret seed: leave the seed empty")
    gid = arena(request).live.create(user.id, user.name, game.id, my_deck, bot_deck, check_agent(agent), seat=seat,
                                     seed=seed, game_format=fmt)
    return RedirectResponse(f"/play/{gid}", status_code=303)


@router.post("/play")
def start_game(request: Request, game: Annotated[str, Form()], mine: Annotated[str, Form()],
               theirs: Annotated[str, Form()], agent: Annotated[str, Form()], seat: Annotated[int, Form()] = 0,
               seed: Annotated[str, Form()] = "", fmt: Annotated[str, Form()] = "",
               csrf: Annotated[str, Form()] = "") -> Response:
    user = require_user(request)
    check_csrf(request, csrf)
    g = game_or_404(game)
    if seat not in range(g.seats[0]):
        raise HTTPException(400, "no such seat")
    return _start(request, user, g, mine, theirs, agent, seat, parse_seed(seed), fmt or None)


def parse_seed(text: str) -> int | None:
    """A seed typed in a form: empty for a secret one, else a whole number below MAX_SEED (400)."""
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or int(text) >= MAX_SEED:
        raise HTTPException(400, f"the seed must be a whole number from 0 to {MAX_SEED - 1}, or empty for a secret one")
    return int(text)


@router.post("/learn/{game_id}/try")
def try_game(request: Request, game_id: str, csrf: Annotated[str, Form()] = "") -> Response:
    """The guide's "try it": a game against the random automaton with the first two starters."""
    user = current_user(request)
    if user is None:
        return RedirectResponse(f"/signup?next=/learn/{game_id}", status_code=303)
    check_csrf(request, csrf)
    g = game_or_404(game_id)
    s = sorted(g.starter_decks())
    return _start(request, user, g, f"starter:{s[0]}", f"starter:{s[1 % len(s)]}", "random", 0)


def _owned(request: Request, gid: int) -> tuple[User, Live]:
    user = require_user(request)
    try:
        return user, arena(request).live.owned(gid, user.id)
    except MoveRefused as e:
        raise HTTPException(e.status, str(e)) from None


def payload(live: Live) -> dict[str, Any]:
    with live.lock:
        out = frame(live.game, live.state, live.seat)
        out.update(version=live.version, thinking=live.thinking, names=live.names, auto_pass=live.auto_pass,
                   may_auto_pass=live.may_auto_pass,
                   match_id=live.match_id, id=live.id)
    return out


@router.get("/play/{gid}", response_class=HTMLResponse)
def game_page(request: Request, gid: int) -> Response:
    if current_user(request) is None:
        return login_redirect(request)
    _, live = _owned(request, gid)
    return render(request, "play.html", live=live, game=live.game)


@router.get("/api/play/{gid}")
def game_state(request: Request, gid: int) -> JSONResponse:
    _, live = _owned(request, gid)
    return JSONResponse(payload(live))


@router.post("/api/play/{gid}/move")
def move(request: Request, gid: int, seq: Annotated[int, Body()], option: Annotated[str, Body()]) -> JSONResponse:
    user = require_user(request)
    check_csrf(request, None)
    rate_limit(request, "move")
    try:
        live = arena(request).live.move(gid, user.id, seq, option)
    except MoveRefused as e:
        raise HTTPException(e.status, str(e)) from None
    return JSONResponse(payload(live))


@router.post("/api/play/{gid}/concede")
def concede(request: Request, gid: int) -> JSONResponse:
    user = require_user(request)
    check_csrf(request, None)
    try:
        live = arena(request).live.concede(gid, user.id)
    except MoveRefused as e:
        raise HTTPException(e.status, str(e)) from None
    return JSONResponse(payload(live))


@router.post("/api/play/{gid}/autopass")
def autopass(request: Request, gid: int, on: Annotated[bool, Body(embed=True)]) -> JSONResponse:
    user = require_user(request)
    check_csrf(request, None)
    try:
        live = arena(request).live.set_auto_pass(gid, user.id, on)
    except MoveRefused as e:
        raise HTTPException(e.status, str(e)) from None
    return JSONResponse(payload(live))
