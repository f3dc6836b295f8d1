"""Processes as the kill tests see them (from /proc): who is whose child, whose command line holds what,
and whether a process group has emptied."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (its stat's fourth field)."""
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(d.name))
    return out


def running(marker: str) -> list[int]:
    """Processes whose command line holds `marker`."""
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if marker.encode() in (d / "cmdline").read_bytes():
                    out.append(int(d.name))
            except OSError:
                continue
    return out


def group_gone(pgid: int, within: float = 20.0) -> bool:
    """Whether process group `pgid` has no process left within `within` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, signal.SIGKILL)
