"""`cardarena serve` starts, prints its address, serves the arena, and stops on a signal."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def test_serve_prints_its_address_and_serves(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'arena.db'}"
    proc = subprocess.Popen([sys.executable, "-m", "cardarena.cli", "serve", "--port", "0", "--db", db,
                             "--bot-threads", "--workers", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={"CARDARENA_DATA": str(tmp_path), "PATH": "/usr/bin:/bin"})
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert m, line + (proc.stderr.read() if proc.stderr and proc.poll() is not None else "")
        end = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(m.group(0) + "learn/aliens", timeout=5) as r:
                    assert r.status == 200 and b"Affinities and the wheel" in r.read()
                break
            except OSError:
                assert time.monotonic() < end, "the server did not answer"
                time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(20)
