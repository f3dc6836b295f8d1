"""Bots: API tokens (made, listed, revoked by their user) and the WebSocket external bots connect to."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import select

from .app import arena, check_csrf, current_user, login_redirect, rate_limit, render, require_user
from .models import ApiToken, User, now
from .remote import HUB, Connection, token_hash
from .security import new_token

router = APIRouter()
NAME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
MAX_MESSAGE = 64 * 1024


@router.get("/bots", response_class=HTMLResponse)
def bots_page(request: Request) -> Response:
    user = current_user(request)
    if user is None:
        return login_redirect(request)
    with arena(request).store.session() as s:
        tokens = list(s.scalars(select(ApiToken).where(ApiToken.user_id == user.id).order_by(ApiToken.id)))
    fresh = request.session.pop("fresh_token", None)
    return render(request, "bots.html", tokens=tokens, fresh=fresh, connected=HUB.connected())


@router.post("/bots/tokens")
def make_token(request: Request, name: Annotated[str, Form()], csrf: Annotated[str, Form()] = "") -> Response:
    user = require_user(request)
    check_csrf(request, csrf)
    rate_limit(request, "token")
    name = name.strip()[:100] or "bot"
    tok = new_token(32)
    with arena(request).store.session() as s:
        s.add(ApiToken(user_id=user.id, name=name, token_hash=token_hash(tok)))
    request.session["fresh_token"] = tok  # shown once, on the next page
    return RedirectResponse("/bots", status_code=303)


@router.post("/bots/tokens/{token_id}/revoke")
def revoke(request: Request, token_id: int, csrf: Annotated[str, Form()] = "") -> Response:
    user = require_user(request)
    check_csrf(request, csrf)
    with arena(request).store.session() as s:
        t = s.get(ApiToken, token_id)
        if t is None:
            raise HTTPException(404, "no such token")
        if t.user_id != user.id:
            raise HTTPException(403, "this token belongs to another player")
        s.delete(t)
    return RedirectResponse("/bots", status_code=303)


def _user_of(ws: WebSocket, token: str) -> User | None:
    a = ws.app.state.arena
    with a.store.session() as s:
        t = s.scalar(select(ApiToken).where(ApiToken.token_hash == token_hash(token)))
        if t is None:
            return None
        t.last_used = now()
        return s.get(User, t.user_id)


@router.websocket("/api/bots/ws")
async def bot_socket(ws: WebSocket) -> None:
    a = ws.app.state.arena
    auth = ws.headers.get("authorization", "")
    token = auth[7:] if auth.lower().startswith("bearer ") else ws.query_params.get("token", "")
    who = ws.client.host if ws.client else "?"
    if not a.limiter.allow(f"token:{who}", a.limits.token, 60.0):
        await ws.close(code=1008, reason="too many connections: wait a minute")
        return
    user = _user_of(ws, token) if token else None
    if user is None:
        await ws.close(code=1008, reason="unknown or missing API token")
        return
    await ws.accept()
    hello = await _receive(ws)
    name = str(hello.get("name", "bot")) if hello.get("type") == "hello" else ""
    if not name or not set(name) <= NAME_CHARS or len(name) > 40:
        await ws.send_json({"type": "error", "error": "first send {\"type\": \"hello\", \"name\": \"ember\"} "
                                                      "(a name of letters, digits, '_', '.', '-')"})
        await ws.close(code=1008)
        return
    import asyncio

    conn = Connection(f"{user.name}/{name}", asyncio.get_running_loop(), ws.send_json)
    HUB.add(conn)
    await ws.send_json({"type": "ready", "agent": f"remote:bot={conn.key}"})
    try:
        while True:
            msg = await _receive(ws)
            if msg.get("type") == "error":
                await ws.send_json(msg)
                continue
            conn.replies.put_nowait(msg)
    except WebSocketDisconnect:
        pass
    finally:
        HUB.remove(conn)
        conn.replies.put_nowait({"type": "closed"})


async def _receive(ws: WebSocket) -> dict[str, Any]:
    text = await ws.receive_text()
    if len(text) > MAX_MESSAGE:
        return {"type": "error", "error": f"message larger than {MAX_MESSAGE} bytes"}
    try:
        msg = json.loads(text)
    except json.JSONDecodeError:
        return {"type": "error", "error": "not JSON"}
    return msg if isinstance(msg, dict) else {"type": "error", "error": "not a JSON object"}
