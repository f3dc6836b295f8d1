"""Accounts and request safety: password hashes (argon2id), CSRF tokens, rate limits, body size limits."""

from __future__ import annotations

import hmac
import json
import secrets
import threading
import time
from collections import deque
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..core.files import write_atomic

_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def check_password(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def new_token(nbytes: int = 24) -> str:
    return secrets.token_urlsafe(nbytes)


def same(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and hmac.compare_digest(str(a), str(b))


def secret_key(folder: Path) -> str:
    """The session signing key: kept in the data folder so that sessions survive a restart.

    It is written whole (a temporary file, readable by its owner only from the start, renamed into
    place): an empty key, left by a crash mid-write, would sign sessions anyone can forge, so an empty
    file is replaced by a new key."""
    path = folder / "web-secret"
    if path.exists():
        key = path.read_text().strip()
        if key:
            return key
    folder.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    write_atomic(path, key, mode=0o600)
    return key


class RateLimiter:
    """At most `limit` hits per `window` seconds per key (a client address and a bucket name)."""

    def __init__(self) -> None:
        self._hits: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str, limit: int, window: float) -> bool:
        t = time.monotonic()
        with self._lock:
            q = self._hits.setdefault(key, deque())
            while q and q[0] <= t - window:
                q.popleft()
            if len(q) >= limit:
                return False
            q.append(t)
            return True


class BodyLimit:
    """Refuses a request body larger than `max_bytes` with 413, whether its length is declared or not."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await _too_large(scope, send, self.max_bytes)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.max_bytes:
                    raise _TooLarge
            return msg

        try:
            await self.app(scope, counted, send)
        except _TooLarge:
            await _too_large(scope, send, self.max_bytes)


class _TooLarge(Exception):
    pass


async def _too_large(scope: Scope, send: Send, max_bytes: int) -> None:
    """413 in words a person can act on (the limit, and that nothing changed): JSON for scripts, like
    every other refusal, and a page with a way back for a browser's form (a deck file too large)."""
    limit = f"{max_bytes // 1024} KiB" if max_bytes >= 1024 else f"{max_bytes} bytes"
    text = (f"The request is too large: this server accepts at most {limit} (a deck file is a few KiB). "
            "Nothing was saved.")
    headers = dict(scope.get("headers") or [])
    accept = headers.get(b"accept", b"").decode("latin-1")
    if scope.get("path", "").startswith("/api/") or "text/html" not in accept:
        body, kind = json.dumps({"error": text}).encode(), b"application/json"
    else:
        body = ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                '<title>Too large · cardarena</title><link rel="stylesheet" href="/static/arena.css"></head>'
                '<body><header class="top"><a class="brand" href="/">cardarena</a></header><main><h1>413</h1>'
                f'<p class="problem">{text}</p><p><a href="javascript:history.back()">Back</a></p></main>'
                '</body></html>').encode()
        kind = b"text/html; charset=utf-8"
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
