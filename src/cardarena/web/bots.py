"""An automaton's move, computed away from the request threads: in a worker process (the server's pool)
or a thread (tests, `--bot-threads`). The task is plain data, a saved state and an agent spec, so it
crosses process boundaries; the worker rebuilds the game from the registry."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from ..agents import make_agent
from ..core.registry import load_game


def choose(game_id: str, state_json: dict[str, Any], agent: str, seed: int) -> str:
    """The option id `agent` picks at the saved state's pending decision."""
    game = load_game(game_id)
    state = game.load_state(state_json)
    d = state.decision
    if d is None:
        raise ValueError("the game has no pending decision")
    bot = make_agent(agent, seed=seed)
    try:
        return bot.choose(state.view(d.seat), d, state if bot.uses_state else None)
    finally:
        close = getattr(bot, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):
                close()


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle


def make_pool(workers: int | None = None, processes: bool = True) -> Executor:
    """Worker processes (spawned: the server holds threads and sockets a fork would copy) or threads."""
    n = workers or max(1, os.cpu_count() or 1)
    if not processes:
        return ThreadPoolExecutor(max_workers=n, thread_name_prefix="bot")
    return ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_quiet_worker)
