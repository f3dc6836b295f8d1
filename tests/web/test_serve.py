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


def test_serve_refuses_to_start_on_broken_card_data(tmp_path: Path) -> None:
    # a designer's typo in a card file: named at start, not a bare 500 on the gallery later
    import shutil

    import cardarena

    copy = tmp_path / "src"
    shutil.copytree(Path(cardarena.__file__).parent, copy / "cardarena",
                    ignore=shutil.ignore_patterns("__pycache__"))
    cards = copy / "cardarena" / "games" / "circuits" / "cards" / "static.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace('name = "Short Out"\n',
                                                               'name = "Short Out"\nefects = []\n', 1),
                     encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "cardarena.cli", "serve", "--check", "--db",
                          f"sqlite:///{tmp_path / 'arena.db'}"], capture_output=True, text=True, timeout=120,
                         env={"CARDARENA_DATA": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(copy)})
    assert out.returncode == 2, out.stdout + out.stderr
    assert "static.toml" in out.stderr and "efects" in out.stderr and "Traceback" not in out.stderr
    assert not (tmp_path / "arena.db").exists()  # nothing made
