"""Watch: an automaton against an automaton, streamed live over Server-Sent Events as frames of the
chosen viewpoint (a spectator by default: no hidden card), at a speed the viewer can change. The
automatons think in the bot pool; the finished match is stored with its replay."""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import APIRouter, Body, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse

from .. import __version__
from ..arena.models import Match, MatchSeat, Replay, now
from ..arena.runner import places_of, scores_of, seat_statuses
from ..arena.schedule import derive_seed, secret_seed
from ..core.engine import State
from ..core.errors import IllegalChoice
from ..core.match import INVALID, agent_failure, forfeit, illegal_answer, replay_record, turns_of
from ..core.registry import game_ids
from ..core.ruleset import Ruleset
from . import bots
from .app import Arena, arena, check_csrf, rate_limit, render, require_user
from .frames import frame
from .pages_learn import game_or_404
from .pages_play import bot_choices, check_agent, connected_bot, resolve_deck
from .pages_replays import parse_seat

router = APIRouter()
_ids = itertools.count(1)
#: finished matches kept in memory for late viewers (the replay has them all)
KEEP_FINISHED = 20


@dataclass
class Watch:
    id: int
    game: Ruleset
    state: State
    agents: list[str]
    delay: float
    #: the user who started the match: only they set its speed (every viewer watches at that speed)
    owner: int | None = None
    cond: threading.Condition = field(default_factory=threading.Condition)
    version: int = 0
    match_id: int | None = None
    stopped: bool = False
    #: stops the automaton's running search (`bots.search`): the server stopping frees its worker at once
    stop_search: Callable[[], None] | None = None


def _play(a: Arena, w: Watch) -> None:
    st = w.state
    while st.decision is not None and not w.stopped:
        d = st.decision
        spec = w.agents[d.seat]
        choice: object = None
        try:
            fut, w.stop_search = bots.search(a.pool, w.game.id, st.to_json(), spec, derive_seed("watch", w.id, d.seq))
            if w.stopped:  # stopped while this search was being handed out
                w.stop_search()
            choice = fut.result()
            if w.stopped:
                return  # a stopped search's answer means nothing
            with w.cond:
                st.apply(choice, seq=d.seq)
        except IllegalChoice:
            with w.cond:
                forfeit(st, d.seat, illegal_answer(spec, choice, d)[0], INVALID)
        except Exception as e:
            if w.stopped:
                return
            with w.cond:
                status, why, _ = agent_failure(spec, e)  # the public reason: a page shows it
                forfeit(st, d.seat, why, status)
        with w.cond:
            w.version += 1
            w.cond.notify_all()
        end = time.monotonic() + w.delay
        while not w.stopped and (left := end - time.monotonic()) > 0:
            time.sleep(min(left, 0.05))
    if st.result is None:
        return
    places = places_of(st.result, st.nseats)
    scores = scores_of(places)
    statuses, faults = seat_statuses(st)
    with a.store.session() as s:
        m = Match(game=w.game.id, game_format=st.config["format"], rules=st.config["rules"], seed=st.config["seed"],
                  status="finished", reason=st.result.reason, turns=turns_of(st), engine_version=__version__,
                  finished_at=now())
        for i in range(st.nseats):
            m.seats.append(MatchSeat(seat=i, agent=w.agents[i], status=statuses[i], fault=faults[i], place=places[i],
                                     score=scores[i]))
        m.replay = Replay(record=replay_record(st, w.agents, __version__))
        s.add(m)
        s.flush()
        mid = m.id
    with w.cond:
        w.match_id = mid
        w.version += 1
        w.cond.notify_all()


def _watches(a: Arena) -> dict[int, Watch]:
    if "watches" not in a.extra:
        a.extra["watches"] = {}

        def stop() -> None:
            for w in a.extra["watches"].values():
                w.stopped = True
                if w.stop_search is not None:
                    w.stop_search()
                with w.cond:
                    w.cond.notify_all()

        a.extra["stop"] = stop
    watches: dict[int, Watch] = a.extra["watches"]
    return watches


@router.get("/watch", response_class=HTMLResponse)
def watch_page(request: Request, game: str | None = None) -> Response:
    g = game_or_404(game or game_ids()[0])
    live = [w for w in _watches(arena(request)).values() if w.match_id is None and not w.stopped]
    return render(request, "watch_new.html", game=g, game_ids=game_ids(), starters=sorted(g.starter_decks()),
                  bots=bot_choices(), running=live)


@router.post("/watch")
def start_watch(request: Request, game: Annotated[str, Form()], p1: Annotated[str, Form()],
                p2: Annotated[str, Form()], deck1: Annotated[str, Form()], deck2: Annotated[str, Form()],
                delay: Annotated[float, Form()] = 0.5, csrf: Annotated[str, Form()] = "") -> Response:
    user = require_user(request)
    check_csrf(request, csrf)
    rate_limit(request, "contest")
    g = game_or_404(game)
    decks = [resolve_deck(request, g, deck1, user), resolve_deck(request, g, deck2, user)]
    agents = [check_agent(p1), check_agent(p2)]
    wid = next(_ids)
    # a secret seed: the stream of each seat opens to everyone once the match is over, but until then
    # a seed guessable from the clock would deal every hidden card to whoever knows both decks
    state = g.new_game(decks=decks, seed=secret_seed(), fmt=g.default_format)
    w = Watch(wid, g, state, agents, max(0.0, min(delay, 5.0)), owner=user.id)
    a = arena(request)
    watches = _watches(a)
    finished = [k for k, x in watches.items() if x.match_id is not None or x.stopped]
    for k in finished[:-KEEP_FINISHED]:  # finished matches live on as replays
        del watches[k]
    watches[wid] = w
    threading.Thread(target=_play, args=(a, w), daemon=True, name=f"watch-{wid}").start()
    return RedirectResponse(f"/watch/{wid}", status_code=303)


def _get(request: Request, wid: int) -> Watch:
    w = _watches(arena(request)).get(wid)
    if w is None:
        raise HTTPException(404, f"no live match {wid} (finished matches are under Replays)")
    return w


@router.get("/watch/{wid}", response_class=HTMLResponse)
def watch_game(request: Request, wid: int, seat: str = "spectator") -> Response:
    w = _get(request, wid)
    parse_seat(seat, w.state.nseats)  # a seat the match has not: 400, not a page that shows another
    return render(request, "watch.html", w=w, game=w.game, seat=seat)


@router.post("/api/watch/{wid}/speed")
def speed(request: Request, wid: int, delay: Annotated[float, Body(embed=True)]) -> Response:
    user = require_user(request)
    check_csrf(request, None)
    w = _get(request, wid)
    if w.owner != user.id:  # the speed is the match's, for every viewer: another viewer's pause is their own
        raise HTTPException(403, "only the player who started this match sets its speed; Pause holds your own view")
    w.delay = max(0.0, min(delay, 5.0))
    return Response(status_code=204)


@router.get("/api/watch/{wid}/stream")
async def stream(request: Request, wid: int, seat: str = "spectator") -> StreamingResponse:
    """Server-Sent Events: a frame at every move, then `end`. Each viewer is a coroutine on the event
    loop (not a thread of the pool that serves pages), looking for a new move every 50 ms."""
    w = _get(request, wid)
    who = parse_seat(seat, w.state.nseats)
    if who is not None and w.match_id is None and any(
            connected_bot(a) for i, a in enumerate(w.agents) if i != who):
        # anyone may open a stream: a connected bot's owner would read the seat its bot plays against
        raise HTTPException(403, "while a connected bot plays, only the spectator and its own seat are streamed")

    async def events() -> AsyncIterator[str]:
        seen, quiet = -1, 0.0
        while not w.stopped and not await request.is_disconnected():
            if w.version == seen:
                await asyncio.sleep(0.05)
                quiet += 0.05
                if quiet >= 15:
                    quiet = 0.0
                    yield ": keep-alive\n\n"
                continue
            with w.cond:
                seen = w.version
                data = frame(w.game, w.state, who)
                data["match_id"] = w.match_id
                data["delay"] = w.delay
                done = w.match_id is not None
            quiet = 0.0
            yield f"data: {json.dumps(data)}\n\n"
            if done:
                yield "event: end\ndata: {}\n\n"
                return

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"cache-control": "no-cache", "x-accel-buffering": "no"})
