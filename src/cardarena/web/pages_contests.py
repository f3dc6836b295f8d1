"""Contests on the arena's contest engine (cardarena.arena): create one (game, format, pairing, entries =
an automaton with a starter or one of the user's legal decks, checked at entry), run it in the
background, follow its progress, and read the leaderboard with ratings; every game links to its replay.
The user who made a contest may delete it (a confirmation page, then a POST)."""

from __future__ import annotations

import secrets
import threading
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import select

from ..arena import runlock
from ..arena.contest import ContestError, being_run, create_contest, delete_contest, get_contest, run_contest
from ..arena.entries import EntryError, EntrySpec
from ..arena.models import Match
from ..arena.report import contest_report, contest_status, list_contests
from ..core.registry import game_ids
from .app import Arena, arena, check_csrf, current_user, rate_limit, render, require_user
from .frames import match_words
from .pages_learn import game_or_404
from .pages_play import bot_choices, check_agent, resolve_deck

router = APIRouter()
MAX_ENTRIES = 8
#: a contest made on the web plays in the server's background: its size is bounded
MAX_GAMES_PER_PAIRING = 100


@router.get("/contests", response_class=HTMLResponse)
def contests_page(request: Request, game: str | None = None) -> Response:
    g = game_or_404(game or game_ids()[0])
    with arena(request).store.session() as s:
        contests = list_contests(s)
    user = current_user(request)
    from .pages_decks import my_decks

    decks = my_decks(request, user.id, g.id, legal_only=True) if user else []
    return render(request, "contests.html", contests=contests, game=g, game_ids=game_ids(),
                  starters=sorted(g.starter_decks()), decks=decks, bots=bot_choices(), max_entries=MAX_ENTRIES)


@router.post("/contests")
async def new_contest(request: Request) -> Response:
    user = require_user(request)
    form = await request.form()
    check_csrf(request, str(form.get("csrf", "")))
    rate_limit(request, "contest")
    g = game_or_404(str(form.get("game", "")))
    name = str(form.get("name", "")).strip()
    fmt = str(form.get("fmt", "") or g.default_format)
    if fmt not in g.formats:
        raise HTTPException(400, f"{g.id} has no format {fmt!r}")
    specs: list[EntrySpec] = []
    problems: list[str] = []
    for i in range(MAX_ENTRIES):
        agent, deck = str(form.get(f"agent{i}", "")).strip(), str(form.get(f"deck{i}", "")).strip()
        if not agent:
            continue
        try:
            spec = check_agent(agent)
            d = resolve_deck(request, g, deck, user)
        except HTTPException as e:
            problems.append(f"entry {i + 1}: {e.detail}")
            continue
        why = g.check_deck(d, fmt)  # checked at entry in the contest's format
        if why:
            problems.extend(f"entry {i + 1}: {p}" for p in why)
            continue
        specs.append(EntrySpec(f"{spec}:{d.name}", spec, d.name, d.to_dict()))
    if len(specs) < 2 and not problems:
        problems.append("a contest needs at least two entries")
    if problems:
        raise HTTPException(400, "; ".join(problems))
    try:
        gpp = int(str(form.get("games", "2")))
    except ValueError:
        raise HTTPException(400, "games per pairing must be a whole number") from None
    if gpp > MAX_GAMES_PER_PAIRING:
        raise HTTPException(400, f"at most {MAX_GAMES_PER_PAIRING} games per pairing on the web arena")
    try:
        a = arena(request)
        # a secret seed: the default derives from the name, which would tell anyone every game's deal;
        # the entries are written with the contest, in one transaction: a refused contest leaves nothing
        create_contest(a.store, name, g.id, [], pairing=str(form.get("pairing", "round-robin")),
                       games_per_pairing=gpp, game_format=fmt, seed=secrets.randbits(52), checked=specs,
                       owner=user.name)
    except (ContestError, EntryError, ValueError) as e:
        raise HTTPException(400, str(e)) from None
    return RedirectResponse(f"/contests/{quote(name, safe='')}", status_code=303)


def _runs(a: Arena) -> dict[str, threading.Thread]:
    runs: dict[str, threading.Thread] = a.extra.setdefault("contest_runs", {})
    return runs


def _unknown(name: str) -> HTTPException:
    # the arena's own words list every contest and name the command line that makes one: a page points
    # to the arena's list, where a contest is made
    return HTTPException(404, f"no contest named {name!r}: the Contests page lists every contest and makes new ones")


@router.post("/contests/{name}/run")
async def run(request: Request, name: str) -> Response:
    user = require_user(request)
    form = await request.form()
    check_csrf(request, str(form.get("csrf", "")))
    rate_limit(request, "contest")
    a = arena(request)
    with a.store.session() as s:
        try:
            owner = get_contest(s, name).owner
        except ContestError:
            raise _unknown(name) from None
    if owner is not None and owner != user.name:  # running spends the server's CPU: its maker decides when
        raise HTTPException(403, f"only {owner}, who made this contest, may run it")
    runs = _runs(a)
    if name not in runs or not runs[name].is_alive():
        failures: dict[str, str] = a.extra.setdefault("contest_failures", {})
        failures.pop(name, None)

        def go() -> None:
            try:
                run_contest(a.store, name, workers=1)
            except Exception as e:  # shown on the contest's page; `Run it` again resumes it
                failures[name] = f"{type(e).__name__}: {e}"

        t = threading.Thread(target=go, daemon=True, name=f"contest-{name}")
        runs[name] = t
        t.start()
    return RedirectResponse(f"/contests/{quote(name, safe='')}", status_code=303)


@router.get("/contests/{name}", response_class=HTMLResponse)
def contest_page(request: Request, name: str) -> Response:
    a = arena(request)
    # asked before the report is read: a run that ends in between then still reloads the page, which
    # would otherwise keep a report of before its end with no run left to reload it
    running = name in _runs(a) and _runs(a)[name].is_alive()
    with a.store.session() as s:
        try:
            report: dict[str, Any] = contest_report(s, name)
            c = get_contest(s, name)
        except ContestError:
            raise _unknown(name) from None
        # a run of this server's, or one started elsewhere (`cardarena contest run`): no second run is offered
        running = running or runlock.is_playing(s, c.id)
        labels = {e.id: e.label for e in c.entries}
        games = [{"id": m.id, "round": m.round, "pairing": m.pairing, "game_no": m.game_no, "status": m.status,
                  "result": match_words(m.game, m.reason, m.turns, list(m.seats)),
                  "seats": [(labels.get(x.entry_id or 0, x.agent), x.place) for x in m.seats]}
                 for m in s.scalars(select(Match).where(Match.contest_id == c.id).order_by(Match.id))]
    failure = a.extra.get("contest_failures", {}).get(name)
    return render(request, "contest.html", report=report, games=games, running=running, name=name, failure=failure)


def _own(request: Request, name: str) -> tuple[Arena, dict[str, Any]]:
    """The contest's status, for its maker only: 401 without a login, 404 unknown, 403 for anyone else (a
    contest made on the command line has no maker on the web: it is deleted there)."""
    user = require_user(request)
    a = arena(request)
    with a.store.session() as s:
        try:
            st = contest_status(s, name)
        except ContestError:
            raise _unknown(name) from None
    if st["owner"] is None:
        raise HTTPException(403, f"contest {st['name']!r} was made on the command line: it is deleted there")
    if st["owner"] != user.name:
        raise HTTPException(403, f"only {st['owner']}, who made contest {st['name']!r}, may delete it")
    return a, st


@router.get("/contests/{name}/delete", response_class=HTMLResponse)
def delete_page(request: Request, name: str) -> Response:
    """The confirmation step: what deleting the contest removes, and the button that does it."""
    a, st = _own(request, name)
    running = name in _runs(a) and _runs(a)[name].is_alive()
    return render(request, "contest_delete.html", st=st, running=running or st["playing"])


@router.post("/contests/{name}/delete")
async def delete(request: Request, name: str) -> Response:
    form = await request.form()
    check_csrf(request, str(form.get("csrf", "")))
    a, st = _own(request, name)
    runs = _runs(a)
    if name in runs and runs[name].is_alive():
        raise HTTPException(409, being_run(st["name"]))
    try:
        delete_contest(a.store, name)
    except ContestError as e:  # a run started meanwhile, here or on the command line
        raise HTTPException(409, str(e)) from None
    runs.pop(name, None)
    a.extra.get("contest_failures", {}).pop(name, None)
    kept: dict[tuple[str, int, int], bytes] = a.extra.get("contest_pictures", {})
    for key in [k for k in kept if k[0] == name]:
        del kept[key]
    return RedirectResponse(f"/contests?game={quote(st['game'], safe='')}", status_code=303)


#: contest pictures kept, keyed by what they show (the contest and how many of its games ended)
PICTURES_KEPT = 16


@router.get("/contests/{name}/report.png")
def contest_picture(request: Request, name: str) -> Response:
    """The report drawn (arena/plots.py): scores, ratings and the win matrix. Drawn once per count of
    ended games and kept, so reloading a page, or many readers, do not redraw it."""
    from ..arena.plots import png

    a = arena(request)
    with a.store.session() as s:
        try:
            report: dict[str, Any] = contest_report(s, name)
        except ContestError:
            raise _unknown(name) from None
    if not report["games"]["finished"]:
        raise HTTPException(404, f"contest {name!r} has no finished game to draw yet")
    kept: dict[tuple[str, int, int], bytes] = a.extra.setdefault("contest_pictures", {})
    key = (name, report["games"]["finished"], report["games"]["errors"])
    picture = kept.get(key)
    if picture is None:
        rate_limit(request, "picture")
        picture = png(report)
        while len(kept) >= PICTURES_KEPT:
            del kept[next(iter(kept))]
        kept[key] = picture
    return Response(picture, media_type="image/png")
