"""Where games run: local processes (default) or Ray (the `ray` extra). A backend takes batches of
tasks and yields each batch's rows as soon as it is done, in whatever order batches finish; the rows
themselves depend only on the tasks, so every backend gives the same rows for the same seeds.

`stop()` (called on Ctrl-C) cancels what has not started; batches already running are waited for
and still yielded by `drain()`, so a stopped run keeps every game that finished. `abort()` (Ctrl-C
pressed again while they run) ends the running batches at once; their games are not kept.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

from ..core.workers import die_with_parent
from .rows import Row, Task, play_batch

BACKENDS = ("processes", "ray")


class Backend(Protocol):
    workers: int

    def run(self, batches: list[list[Task]]) -> Iterator[list[Row]]: ...

    def stop(self) -> None: ...

    def drain(self) -> Iterator[list[Row]]: ...

    def abort(self) -> None: ...

    def close(self) -> None: ...


def _start_worker(parent: int) -> None:
    # Ctrl-C reaches the whole process group: the parent decides what stops, workers finish their batch
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)  # a run killed with -9 leaves no worker behind (core/workers.py)


class ProcessBackend:
    """A pool of local worker processes, one per core by default. Fork is used where the platform has
    it (workers start in milliseconds with the games already imported), spawn elsewhere."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        self.pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context(method),
                                        initializer=_start_worker, initargs=(os.getpid(),))
        self.pending: set[Future[list[Row]]] = set()
        self.waiting: deque[list[Task]] = deque()

    def run(self, batches: list[list[Task]]) -> Iterator[list[Row]]:
        # One batch per worker in the pool at a time: the pool moves what it is given to its workers'
        # queue, where it can no longer be cancelled, so Ctrl-C waited for queued batches as well as
        # the running ones (one worker: three batches, not one). The next is handed over as one ends.
        self.waiting = deque(batches)
        self.pending = set()
        for _ in range(self.workers):
            self._submit()
        while self.pending:
            done, self.pending = wait(self.pending, return_when=FIRST_COMPLETED)
            for f in done:
                self._submit()  # before the rows are taken: the worker is not left idle meanwhile
                yield f.result()

    def _submit(self) -> None:
        if self.waiting:
            self.pending.add(self.pool.submit(play_batch, self.waiting.popleft()))

    def stop(self) -> None:
        self.waiting.clear()
        for f in list(self.pending):
            if f.cancel():
                self.pending.discard(f)

    def drain(self) -> Iterator[list[Row]]:
        for f in list(self.pending):
            try:
                yield f.result()
            except Exception:  # a batch that could not finish is simply not kept
                continue
        self.pending = set()

    def abort(self) -> None:
        self.waiting.clear()
        self.pending = set()
        terminate = getattr(self.pool, "terminate_workers", None)  # public from Python 3.14
        if terminate is not None:
            terminate()
            return
        # 3.11-3.13 offer no public way to end a running task; shutdown() would wait for it
        for proc in list((getattr(self.pool, "_processes", None) or {}).values()):
            proc.terminate()

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class RayBackend:
    """Ray tasks, one per batch. Local by default (`ray.init(num_cpus=workers)`), or an existing
    cluster with `address` ("auto" or "ray://host:10001"). A Ray session started by the caller (a test,
    a notebook) is used as it is and left running."""

    def __init__(self, workers: int, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise RuntimeError("the ray backend needs Ray: pip install 'cardarena[ray]'") from None
        self.ray = ray
        self.owned = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                      "logging_level": logging.ERROR}
            if address:
                ray.init(address=address, **kwargs)
            else:
                ray.init(num_cpus=max(1, workers), **kwargs)
            self.owned = True
        self.workers = max(1, int(ray.cluster_resources().get("CPU", workers)))
        self.remote = ray.remote(num_cpus=1)(play_batch)
        self.pending: list[Any] = []

    def run(self, batches: list[list[Task]]) -> Iterator[list[Row]]:
        self.pending = [self.remote.remote(b) for b in batches]
        while self.pending:
            done, self.pending = self.ray.wait(self.pending, num_returns=1)
            for ref in done:
                yield self.ray.get(ref)

    def stop(self) -> None:
        still: list[Any] = []
        for ref in self.pending:
            try:
                self.ray.cancel(ref)
            except Exception:
                still.append(ref)
        self.pending = still

    def drain(self) -> Iterator[list[Row]]:
        for ref in self.pending:
            try:
                yield self.ray.get(ref)
            except Exception:  # cancelled before it ran
                continue
        self.pending = []

    def abort(self) -> None:
        for ref in self.pending:
            try:
                self.ray.cancel(ref, force=True)  # force: the task's worker is killed mid-game
            except Exception:
                continue
        self.pending = []

    def close(self) -> None:
        if self.owned:
            self.ray.shutdown()


def make_backend(name: str, workers: int, address: str | None = None) -> Backend:
    if name == "processes":
        return ProcessBackend(workers)
    if name == "ray":
        return RayBackend(workers, address)
    raise ValueError(f"unknown backend {name!r}; backends: {', '.join(BACKENDS)}")
