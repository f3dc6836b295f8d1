"""Worker processes that do not outlive the process that started them.

A contest or a simulation runs its games in a process pool. If its own process is killed outright
(`kill -9`, the OOM killer), nothing tells the workers: a worker that was handing back a result blocks
forever on a pipe nobody reads, and the others wait on its lock. So each worker asks the kernel to
kill it when its parent dies (Linux `PR_SET_PDEATHSIG`; elsewhere this does nothing).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """In a worker started by process `parent`: be killed when it dies, and exit now if it already has."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # no libc to ask: the worker lives as before
        return
    if os.getppid() != parent:  # it died before the request was made
        os._exit(1)
