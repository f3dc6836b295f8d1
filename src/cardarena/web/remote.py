"""External bots over a WebSocket (docs/web.md): a registered user makes an API token, and a bot
program connects with it to `/api/bots/ws`, sends `{"type": "hello", "name": "ember"}` and is then
an automaton named `remote:bot=USER/NAME` that games and contests can seat. The messages are those of
docs/protocol.md (start, decision, reply, end); the server never runs the bot's code.

A connection plays one game at a time: its games take turns. The arena's threads ask through
`BotHub.ask`, which runs on the event loop that owns the socket and waits at most `timeout` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import threading
from dataclasses import dataclass, field
from typing import Any

from ..agents import Agent, register_agent
from ..agents.external import start_message
from ..core.engine import Decision, State
from ..core.errors import AgentFault, CardArenaError
from ..core.match import GameReport, TimeControl


class BotGone(CardArenaError):
    """The bot is not connected, disconnected, timed out or answered out of turn."""


def connected_bot(spec: str) -> bool:
    """Whether `spec` seats a bot connected over the web (`remote:bot=USER/NAME`, any case)."""
    return spec.split(":")[0].strip().lower() == "remote"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Connection:
    key: str
    loop: asyncio.AbstractEventLoop
    send: Any  # async (dict) -> None
    replies: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: the game this connection is playing now (its token), to send "start" once per game
    game: str | None = None
    closed: bool = False


class BotHub:
    def __init__(self, timeout: float = 30.0) -> None:
        self.timeout = timeout
        self._bots: dict[str, Connection] = {}
        self._lock = threading.Lock()

    def connected(self) -> list[str]:
        with self._lock:
            return sorted(k for k, c in self._bots.items() if not c.closed)

    def add(self, conn: Connection) -> None:
        with self._lock:
            old = self._bots.get(conn.key)
            if old is not None:
                old.closed = True
            self._bots[conn.key] = conn

    def remove(self, conn: Connection) -> None:
        conn.closed = True
        with self._lock:
            if self._bots.get(conn.key) is conn:
                del self._bots[conn.key]

    def _get(self, key: str) -> Connection:
        with self._lock:
            conn = self._bots.get(key)
        if conn is None or conn.closed:
            raise BotGone(f"bot {key!r} is not connected")
        return conn

    def ask(self, key: str, game: str, start: dict[str, Any], decision: dict[str, Any]) -> str:
        """The option the bot `key` picks; called from any thread but the connection's loop."""
        conn = self._get(key)
        fut = asyncio.run_coroutine_threadsafe(self._ask(conn, game, start, decision), conn.loop)
        try:
            return fut.result(self.timeout + 1)
        except TimeoutError:
            fut.cancel()
            raise BotGone(f"bot {key!r} did not answer within {self.timeout:g} s") from None

    async def _ask(self, conn: Connection, game: str, start: dict[str, Any], decision: dict[str, Any]) -> str:
        async with conn.lock:
            if conn.closed:
                raise BotGone(f"bot {conn.key!r} disconnected")
            if conn.game != game:
                conn.game = game
                await conn.send(start)
            seq = decision["seq"]
            await conn.send(decision)
            while not conn.replies.empty():  # late answers to decisions gone by
                conn.replies.get_nowait()
            try:
                reply = await asyncio.wait_for(conn.replies.get(), self.timeout)
            except TimeoutError:
                raise BotGone(f"bot {conn.key!r} did not answer within {self.timeout:g} s") from None
            if reply.get("type") == "closed":
                raise BotGone(f"bot {conn.key!r} disconnected")
            if reply.get("seq") != seq or not isinstance(reply.get("option"), str):
                raise BotGone(f"bot {conn.key!r} sent a malformed reply {reply!r} to decision {seq}")
            return str(reply["option"])

    def end(self, key: str, game: str, message: dict[str, Any]) -> None:
        with self._lock:
            conn = self._bots.get(key)
        if conn is None or conn.closed or conn.game != game:
            return

        async def send() -> None:
            async with conn.lock:
                with contextlib.suppress(Exception):
                    await conn.send(message)
                conn.game = None

        asyncio.run_coroutine_threadsafe(send(), conn.loop)


#: the hub of this process (the server's); agents built by make_agent("remote:bot=...") use it
HUB = BotHub()
_games = itertools.count(1)


class RemoteAgent(Agent):
    """A connected external bot, seen by the arena as any automaton."""

    kind = "remote"
    remembers = True  # the owner's program keeps running from one game to the next

    def __init__(self, seed: int = 0, name: str | None = None, bot: str = "", hub: BotHub | None = None) -> None:
        super().__init__(seed, name)
        if "/" not in bot:
            raise ValueError("remote bots are named remote:bot=USER/NAME")
        self.bot = bot
        self.hub = hub or HUB
        self.game = f"g{next(_games)}"
        self._start: dict[str, Any] | None = None

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        self.game = f"g{next(_games)}"
        self._start = None

    def start(self, state: State, seat: int, time_control: TimeControl | None = None) -> None:
        """The `start` message of docs/protocol.md, as over a pipe; it is sent with the first decision
        (the connection stays open between games). The clock is the server's per-decision timeout,
        with no bank."""
        self._start = start_message(state, seat, {"per_decision": self.hub.timeout, "bank": 0.0, "startup": 0.0})

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        if self._start is None:
            raise AgentFault("the bot was not started (start() was not called for this game)")
        msg = {"type": "decision", "seq": decision.seq, "view": state_view, "decision": decision.to_dict(),
               "time": {"limit": self.hub.timeout, "bank": 0.0}}
        return self.hub.ask(self.bot, self.game, self._start, msg)

    def end(self, state: State, seat: int, report: GameReport) -> None:
        """The `end` message: the seat, the result and the seat's status (a forfeit for an illegal
        option, a stale seq or a crash is the bot's loss, and it is told so)."""
        res = state.result
        self.hub.end(self.bot, self.game, {"type": "end", "seat": seat, "result": None if res is None else res.to_dict(),
                                           "status": report.statuses[seat] if seat < len(report.statuses) else None})


def register() -> None:
    register_agent("remote", RemoteAgent, {"bot": ("bot", str)}, replace=True)
