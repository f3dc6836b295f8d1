"""Start an external bot's process inside limits (docs/protocol.md, "Sandbox").

The arena runs `python -m cardarena.agents.sandbox CONFIG_JSON` (as its own user) and this launcher:

1. when run as root and the kernel allows it, enters new PID, mount and network namespaces: the bot
   is process 1 of its own PID namespace (when it dies every process it started dies with it), has
   no network but a loopback that is down, and sees the file system read-only except its working
   folder and a private /dev/shm;
2. sets resource limits: CPU seconds, address space, processes, file size, open files, no core;
3. when root, drops to an unprivileged user id of its own (so the process limit binds and a
   fork bomb cannot reach other bots), and execs the bot in its fresh working folder.

What could not be set is reported on stderr (one `sandbox:` line each).
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import resource
import signal
import sys
from typing import Any

CLONE_NEWNS = 0x00020000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_RDONLY = 1
MS_NOSUID = 2
MS_NODEV = 4
MS_NOEXEC = 8
MS_REMOUNT = 32
MS_BIND = 4096
MS_REC = 16384
MS_PRIVATE = 1 << 18
PR_SET_PDEATHSIG = 1

_libc: Any = None


def _c() -> Any:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
    return _libc


def _die_with_parent(notes: list[str]) -> bool:
    """Ask the kernel to kill this process when its parent dies (Linux); False, with a note, elsewhere.
    (`core/workers.py` does the same for worker processes; this script runs with `python -I -S` and
    imports nothing of the package.)"""
    try:
        _c().prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError) as e:
        notes.append(f"no parent-death signal ({e}): a bot may outlive an arena killed outright")
        return False
    return True


def _check(rc: int, what: str) -> None:
    if rc != 0:
        e = ctypes.get_errno()
        raise OSError(e, f"{what}: {os.strerror(e)}")


def _mount(src: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    c = _c()
    rc = c.mount(None if src is None else src.encode(), target.encode(),
                 None if fstype is None else fstype.encode(), ctypes.c_ulong(flags),
                 None if data is None else data.encode())
    _check(rc, f"mount {target}")


def set_limits(cfg: dict[str, Any], cpu_grace: bool = True) -> None:
    """Set the bot's resource limits. With `cpu_grace` the CPU time limit's hard part is a second above
    its soft one, which sends SIGXCPU (the name of the cause; at the same value the kernel sends only
    SIGKILL). Process 1 of a PID namespace ignores SIGXCPU: there the launcher names the cause."""
    lim = cfg["limits"]
    table = [
        (resource.RLIMIT_CPU, lim.get("cpu_seconds")),
        (resource.RLIMIT_AS, lim.get("address_space")),
        (resource.RLIMIT_NPROC, lim.get("processes")),
        (resource.RLIMIT_FSIZE, lim.get("file_size")),
        (resource.RLIMIT_NOFILE, lim.get("open_files")),
        (resource.RLIMIT_CORE, 0),
    ]
    for which, value in table:
        if value is not None:
            hard = int(value)
            if which == resource.RLIMIT_CPU and cpu_grace:
                top = resource.getrlimit(which)[1]
                hard = hard + 1 if top == resource.RLIM_INFINITY else min(hard + 1, top)
            resource.setrlimit(which, (int(value), hard))


def _isolate(workdir: str) -> None:
    """In the new mount namespace: nothing propagates out; the root is read-only but for the working
    folder; a private /dev/shm and a /proc showing only this PID namespace."""
    _mount(None, "/", None, MS_REC | MS_PRIVATE)
    _mount(workdir, workdir, None, MS_BIND)
    with contextlib.suppress(OSError):
        _mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "size=16m,mode=1777")
    _mount(None, "/", None, MS_REMOUNT | MS_BIND | MS_RDONLY)
    with contextlib.suppress(OSError):
        _mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)


def main(argv: list[str]) -> int:
    cfg = json.loads(argv[1])
    notes: list[str] = []
    # killed with the arena process that started it (a contest run killed with -9), and with it its bot
    if _die_with_parent(notes):
        parent = cfg.get("parent")
        if parent is not None and os.getppid() != parent:  # it died before the request was made
            return 1
    workdir: str = cfg["workdir"]
    uid: int | None = cfg.get("uid")
    isolated = False
    if os.geteuid() == 0 and cfg.get("namespaces", True):
        try:
            _check(_c().unshare(CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET), "unshare")
            isolated = True
        except OSError as e:
            notes.append(f"no namespaces ({e}): the bot has the network and the file system of its user")
    if isolated:
        pid = os.fork()
        if pid:
            # The launcher waits for the bot (process 1 of the new PID namespace) and passes on its end.
            # It lets go of the pipes: a bot that closes its output is then seen to close it at once.
            null = os.open(os.devnull, os.O_RDWR)
            os.dup2(null, 0)
            os.dup2(null, 1)
            os.close(null)
            def stop(signum: int, frame: Any) -> None:
                with contextlib.suppress(ProcessLookupError):  # it may have ended (and been reaped) just now
                    os.kill(pid, signal.SIGKILL)

            for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                signal.signal(sig, stop)
            _, status, usage = os.wait4(pid, 0)
            if os.WIFSIGNALED(status):
                signum = os.WTERMSIG(status)
                cpu = cfg["limits"].get("cpu_seconds")
                if signum == signal.SIGKILL and cpu is not None and usage.ru_utime + usage.ru_stime >= cpu - 0.1:
                    # process 1 of a PID namespace ignores SIGXCPU: the CPU time limit's SIGKILL ended it
                    # (the usage is sampled: it may read a few milliseconds under the limit)
                    signum = signal.SIGXCPU
                if signum not in (signal.SIGKILL, signal.SIGSTOP):  # those two keep their default action
                    signal.signal(signum, signal.SIG_DFL)
                with contextlib.suppress(OSError, ValueError):  # passing on SIGXCPU, SIGSEGV...: no core
                    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
                os.kill(os.getpid(), signum)
            return os.waitstatus_to_exitcode(status)
        _c().prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        try:
            _isolate(workdir)
        except OSError as e:
            notes.append(f"file system not isolated ({e})")
    if uid is None or os.geteuid() != 0:
        # RLIMIT_NPROC counts every process of the user: without an own user id it would count the
        # arena's processes too (and starve a bot's threads), so it is left unset
        cfg["limits"]["processes"] = None
        notes.append("no own user id: the process limit is not set")
    try:
        set_limits(cfg, cpu_grace=not isolated)
    except (OSError, ValueError) as e:
        notes.append(f"resource limits not all set ({e})")
    if uid is not None and os.geteuid() == 0:
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
    else:
        notes.append("not root: the bot runs as the arena's user, with its files and network")
    for n in notes:
        print(f"sandbox: {n}", file=sys.stderr, flush=True)
    os.chdir(workdir)
    # again: a change of user id clears it (prctl(2)); the bot dies with the launcher (or, not isolated,
    # with the arena) however that ends
    _die_with_parent([])
    cmd: list[str] = cfg["command"]
    try:
        os.execvpe(cmd[0], cmd, cfg["env"])
    except OSError as e:
        print(f"sandbox: cannot start {cmd[0]!r}: {e}{_start_hint(cmd[0], cfg['env'], e)}", file=sys.stderr,
              flush=True)
        return 127
    return 127  # not reached


def _start_hint(program: str, env: dict[str, str], error: OSError) -> str:
    """What to do about a program the bot could not start (execvpe names only the last folder tried)."""
    if isinstance(error, PermissionError):
        return ("; the bot runs as an unprivileged user, so the program and every folder above it must be "
                "readable by everyone (a system python3 or node; not one under /root)")
    if not isinstance(error, FileNotFoundError):
        return ""
    if "/" in program:
        return "; no such file (a relative path is read from the bot's folder)"
    path = env.get("PATH", "")
    alt = {"python": " (python3?)", "pip": " (pip3?)", "nodejs": " (node?)"}.get(program, "")
    return f"; no program {program!r} on the bot's PATH ({path}): name one that is there{alt} or give its full path"


if __name__ == "__main__":
    sys.exit(main(sys.argv))
