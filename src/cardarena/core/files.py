"""Files the user asked for (replays, deck files, drafts): checked before the work that fills them, and
written whole or not at all.

`write_atomic` writes a temporary file beside the target and renames it over the target, so a crash,
a full disk or an error mid-write leaves the old file (or no file) — never half of either.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path


def output_problem(path: str | Path) -> str | None:
    """Why `path` cannot be written (a missing folder, a directory, no permission), else None."""
    p = Path(path)
    parent = p.parent if str(p.parent) else Path(".")
    if p.is_dir():
        return f"{p} is a directory"
    if not parent.is_dir():
        return f"the folder {parent} does not exist"
    if p.exists() and not os.access(p, os.W_OK):
        return f"{p} is not writable"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"the folder {parent} is not writable"
    return None


def write_atomic(path: str | Path, text: str, mode: int = 0o666) -> None:
    """Write `text` (UTF-8) to `path` whole: a temporary file in the same folder, synced, renamed over it.
    An OSError leaves `path` as it was. `mode` is the new file's permissions before the umask (0o600:
    its owner's only, from the first byte)."""
    p = Path(path)
    tmp = p.with_name(f".{p.name}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)  # the umask applies, as for open()
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
