"""Running game tasks across processes (concurrent.futures), handing each outcome back as it ends.

Workers are spawned, not forked: the parent holds database connections and a progress display's
thread, neither of which survives a fork safely. A worker process that dies (killed, out of memory)
breaks the pool; the games it had not returned are run again in a fresh pool, since a game is a pure
function of its task.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from ..core.errors import CardArenaError
from ..core.workers import die_with_parent
from .runner import GameOutcome, GameTask, run_task

#: fresh pools tried after a worker died, before giving up (a later `contest run` resumes)
MAX_POOL_RESTARTS = 3


def execute(
    tasks: Sequence[GameTask],
    workers: int,
    on_outcome: Callable[[GameOutcome], None],
    worker_init: Callable[[], None] | None = None,
    keep: Callable[[GameTask], bool] | None = None,
) -> None:
    """Run every task; `on_outcome` is called in this process, in completion order. `keep`, asked as
    each task is about to start: False drops it (its game was called off meanwhile, e.g. withdrawn)."""
    if workers <= 1:
        if worker_init is not None:
            worker_init()
        for t in tasks:
            if keep is None or keep(t):
                on_outcome(run_task(t))
        return
    remaining = {t.match_id: t for t in tasks}
    restarts = 0
    while remaining:
        try:
            _run_pool(list(remaining.values()), workers, on_outcome, worker_init, remaining, keep)
        except BrokenProcessPool:
            restarts += 1
            if restarts > MAX_POOL_RESTARTS:
                raise CardArenaError(f"worker processes kept dying ({restarts} times); {len(remaining)} game(s) "
                                     "not played. `cardarena contest run` resumes them.") from None


def _kept(tasks: list[GameTask], remaining: dict[int, GameTask],
          keep: Callable[[GameTask], bool] | None) -> Iterator[GameTask]:
    """The tasks still wanted, each asked as it is about to start; one dropped leaves `remaining`."""
    for t in tasks:
        if keep is None or keep(t):
            yield t
        else:
            remaining.pop(t.match_id, None)


def _start_worker(worker_init: Callable[[], None] | None, parent: int) -> None:
    # Ctrl-C is the parent's to handle (it cancels the pool and says how to resume); a worker that
    # caught it too would print a traceback per process
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)  # a run killed with -9 leaves no worker behind (core/workers.py)
    if worker_init is not None:
        worker_init()


def _run_pool(
    tasks: list[GameTask],
    workers: int,
    on_outcome: Callable[[GameOutcome], None],
    worker_init: Callable[[], None] | None,
    remaining: dict[int, GameTask],
    keep: Callable[[GameTask], bool] | None = None,
) -> None:
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=min(workers, len(tasks)), mp_context=ctx, initializer=_start_worker,
                               initargs=(worker_init, os.getpid()))
    try:
        # at most two tasks per worker in flight: an interrupted run leaves little half-done work
        pending: set[Future[GameOutcome]] = set()
        queue = _kept(tasks, remaining, keep)
        for t in queue:
            pending.add(pool.submit(run_task, t))
            if len(pending) >= 2 * workers:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                out = f.result()
                remaining.pop(out.match_id, None)
                on_outcome(out)
                nxt = next(queue, None)
                if nxt is not None:
                    pending.add(pool.submit(run_task, nxt))
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
