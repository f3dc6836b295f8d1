"""Replays: every stored match steps forward and back through its decisions, from either seat or as a
spectator (each step a `frames.frame` of that viewpoint), with a shareable URL and the replay file."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from sqlalchemy import select

from ..arena.models import Contest, Match, Replay
from ..core.errors import CardArenaError
from ..core.replay import finish_as_recorded, replay_game, start
from .app import HERE, arena, check_csrf, render, require_user, templates
from .frames import frame, match_words

router = APIRouter()


def _record(request: Request, match_id: int) -> dict[str, Any]:
    with arena(request).store.session() as s:
        r = s.get(Replay, match_id)
        if r is None:
            raise HTTPException(404, f"no replay for match {match_id}")
        m = s.get(Match, match_id)
        if m is not None and m.contest_id is not None:
            c = s.get(Contest, m.contest_id)
            if c is not None and c.status != "finished":
                # the games of a pairing share their seed (arena/schedule.py): this one's seed and decks
                # would deal the hidden cards of a game still to play, to its players too
                raise HTTPException(403, f"the replays of contest {c.name!r} open when it is over")
        return dict(r.record)


def parse_seat(seat: str | None, nseats: int) -> int | None:
    if seat in (None, "", "spectator"):
        return None
    if seat.isascii() and seat.isdigit() and int(seat) < nseats:
        return int(seat)
    raise HTTPException(400, f"seat must be spectator or 0..{nseats - 1}")


@lru_cache(maxsize=256)
def _frame_at(record_json: str, step: int, seat: int | None) -> dict[str, Any]:
    record = json.loads(record_json)
    state = start(record)
    for c in record["choices"][:step]:
        state.apply(c)
    if step >= len(record["choices"]):  # a game an automaton's fault ended: its forfeit, as recorded
        finish_as_recorded(state, record)
    return frame(replay_game(record), state, seat, step)


@router.get("/replays", response_class=HTMLResponse)
def replays_page(request: Request, page: Annotated[int, Query(ge=0)] = 0) -> Response:
    with arena(request).store.session() as s:
        rows = s.scalars(select(Match).join(Replay).order_by(Match.id.desc()).offset(page * 50).limit(50)).all()
        matches = [{"id": m.id, "game": m.game, "turns": m.turns, "contest": m.contest_id,
                    "result": match_words(m.game, m.reason, m.turns, list(m.seats)),
                    "seats": [(x.agent, x.place) for x in m.seats], "when": m.finished_at} for m in rows]
    return render(request, "replays.html", matches=matches, page=page)


@router.get("/replays/{match_id}", response_class=HTMLResponse)
def replay_page(request: Request, match_id: int, seat: str = "spectator", step: int = 0) -> Response:
    record = _record(request, match_id)
    parse_seat(seat, len(record["decks"]))  # a seat the match has not: 400, not a page that shows another
    game = replay_game(record)
    from .pages_play import bot_choices

    return render(request, "replay.html", match_id=match_id, record=record, game=game, seat=seat,
                  step=max(0, min(step, len(record["choices"]))), total=len(record["choices"]),
                  agents=record.get("agents", []), bots=bot_choices())


@router.get("/api/replays/{match_id}")
def replay_frame(request: Request, match_id: int, step: int = 0, seat: str = "spectator") -> JSONResponse:
    record = _record(request, match_id)
    total = len(record["choices"])
    who = parse_seat(seat, len(record["decks"]))
    try:
        out = dict(_frame_at(json.dumps(record), max(0, min(step, total)), who))
    except CardArenaError as e:
        raise HTTPException(409, f"the replay does not re-run: {e}") from None
    out["total"] = total
    return JSONResponse(out)


@router.post("/replays/{match_id}/fork")
def fork(request: Request, match_id: int, step: Annotated[int, Form()], seat: Annotated[int, Form()],
         agent: Annotated[str, Form()], csrf: Annotated[str, Form()] = "") -> Response:
    """Play on from here: the game as it stood at `step`, continued by the user against an automaton."""
    user = require_user(request)
    check_csrf(request, csrf)
    record = _record(request, match_id)
    if seat not in range(len(record["decks"])) or not 0 <= step <= len(record["choices"]):
        raise HTTPException(400, "no such seat or step")
    from .pages_play import check_agent, foreign_bot

    if foreign_bot(agent, user):
        # the record's seed, decks and choices deal the rest of the game: the hidden cards of the bot's seat
        raise HTTPException(400, "play on from a replay against your own bot or a built-in automaton, "
                                 "not another player's bot")
    gid = arena(request).live.fork(user.id, record, step, seat, check_agent(agent))
    return RedirectResponse(f"/play/{gid}", status_code=303)


@router.get("/replays/{match_id}/offline")
def offline(request: Request, match_id: int, seat: str = "spectator") -> Response:
    """A self-contained HTML page that steps through the match without the server (its frames, the
    board script and the style inline). The log of a seat only grows, so each step keeps its length."""
    record = _record(request, match_id)
    who = parse_seat(seat, len(record["decks"]))
    game = replay_game(record)
    state = start(record)
    frames = []
    for i in range(len(record["choices"]) + 1):
        if i == len(record["choices"]):
            finish_as_recorded(state, record)
        f = frame(game, state, who, i)
        f["log_n"] = len(f.pop("log"))
        frames.append(f)
        if i < len(record["choices"]):
            state.apply(record["choices"][i])
    log = frame(game, state, who)["log"]
    static = HERE / "static"
    html = templates.get_template("offline.html").render(
        match_id=match_id, game=game, agents=record.get("agents", []), seat=who, frames=frames, log=log,
        css=(static / "arena.css").read_text(encoding="utf-8"), js=(static / "board.js").read_text(encoding="utf-8"))
    return Response(html, media_type="text/html",
                    headers={"content-disposition": f'attachment; filename="match-{match_id}.html"'})


@router.get("/replays/{match_id}/download")
def download(request: Request, match_id: int) -> Response:
    record = _record(request, match_id)
    return Response(json.dumps(record, indent=1) + "\n", media_type="application/json",
                    headers={"content-disposition": f'attachment; filename="match-{match_id}.replay.json"'})
