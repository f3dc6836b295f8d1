"""An automaton's move, computed away from the request threads: in a worker process (the server's pool)
or a thread (tests, `--bot-threads`). The task is plain data, a saved state and an agent spec, so it
crosses process boundaries; the worker rebuilds the game from the registry.

A search can be stopped (`search` returns the future and its stop): a game that ends while its automaton
thinks (a concession) frees the worker within an iteration instead of letting the search run to its end.
The worker asks a stop flag between iterations (`ISMCTSAgent.should_stop`): in a thread pool a
`threading.Event`, in a process pool one byte of memory shared with every worker (`BotProcesses`), the
task naming its byte; a search nobody stops is the same as without the flag."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from ..agents import make_agent
from ..core.registry import load_game

#: how many searches of a process pool may be stoppable at once (running or queued); one more is
#: submitted without a flag (its stop only cancels it while it is queued)
STOP_SLOTS = 1024

#: in a worker process: the pool's stop flags (`_start_worker`)
_flags: Any = None

#: what a task is told to watch: an event (threads), a flag's index (processes), or nothing
Stop = threading.Event | int | None


def _stopper(stop: Stop) -> Callable[[], bool] | None:
    if isinstance(stop, threading.Event):
        return stop.is_set
    if isinstance(stop, int) and _flags is not None:
        flags, i = _flags, stop
        return lambda: flags[i] != 0
    return None


def choose(game_id: str, state_json: dict[str, Any], agent: str, seed: int, stop: Stop = None) -> str:
    """The option id `agent` picks at the saved state's pending decision. A stopped search (`stop`)
    answers at once with what it has: the caller stopped it because it will not use the answer."""
    game = load_game(game_id)
    state = game.load_state(state_json)
    d = state.decision
    if d is None:
        raise ValueError("the game has no pending decision")
    should_stop = _stopper(stop)
    if should_stop is not None and should_stop():
        return d.options[0].id  # stopped while queued: not worth building the automaton
    bot = make_agent(agent, seed=seed)
    if should_stop is not None and hasattr(bot, "should_stop"):
        bot.should_stop = should_stop
    try:
        return bot.choose(state.view(d.seat), d, state if bot.uses_state else None)
    finally:
        close = getattr(bot, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):
                close()


def _quiet_worker(flags: Any = None) -> None:
    global _flags
    _flags = flags
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle


class BotProcesses(ProcessPoolExecutor):
    """Spawned worker processes (the server holds threads and sockets a fork would copy) sharing
    STOP_SLOTS stop flags: a search holds one from its submission until its future is done."""

    def __init__(self, workers: int) -> None:
        ctx = multiprocessing.get_context("spawn")
        # a raw array: one writer per byte (the server, under `_slots`), readers that only compare it to 0
        self.flags = ctx.RawArray("B", STOP_SLOTS)
        self._free = list(range(STOP_SLOTS - 1, -1, -1))
        self._slots = threading.Lock()
        super().__init__(max_workers=workers, mp_context=ctx, initializer=_quiet_worker, initargs=(self.flags,))

    def search(self, game_id: str, state_json: dict[str, Any], agent: str, seed: int
               ) -> tuple[Future[str], Callable[[], None]]:
        with self._slots:
            slot = self._free.pop() if self._free else None
        try:
            fut = self.submit(choose, game_id, state_json, agent, seed, slot)
        except BaseException:
            if slot is not None:
                with self._slots:
                    self._free.append(slot)
            raise
        done = False

        def stop() -> None:
            fut.cancel()  # still queued: never runs
            with self._slots:
                if not done and slot is not None:
                    self.flags[slot] = 1

        def release(_: Future[str]) -> None:
            nonlocal done
            with self._slots:
                done = True
                if slot is not None:  # cleared before it is handed to another search
                    self.flags[slot] = 0
                    self._free.append(slot)

        fut.add_done_callback(release)
        return fut, stop


def search(pool: Executor, game_id: str, state_json: dict[str, Any], agent: str, seed: int
           ) -> tuple[Future[str], Callable[[], None]]:
    """`choose` submitted to `pool`, and a function that stops it soon (the answer then comes at once
    and is meaningless: call it only for a search whose answer will not be used)."""
    if isinstance(pool, BotProcesses):
        return pool.search(game_id, state_json, agent, seed)
    if isinstance(pool, ThreadPoolExecutor):
        ev = threading.Event()
        fut = pool.submit(choose, game_id, state_json, agent, seed, ev)

        def stop() -> None:
            fut.cancel()
            ev.set()

        return fut, stop
    plain = pool.submit(choose, game_id, state_json, agent, seed)

    def cancel() -> None:  # another executor: only a queued task stops
        plain.cancel()

    return plain, cancel


def make_pool(workers: int | None = None, processes: bool = True) -> Executor:
    """Worker processes (spawned, with stop flags: `BotProcesses`) or threads."""
    n = workers or max(1, os.cpu_count() or 1)
    if not processes:
        return ThreadPoolExecutor(max_workers=n, thread_name_prefix="bot")
    return BotProcesses(n)
