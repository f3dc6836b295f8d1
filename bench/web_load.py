"""Load test of the web arena (bounded, local only): N people play N concurrent games against an
automaton through the HTTP API, as the browser does (poll the game every 250 ms while the automaton
thinks, answer when asked), for a fixed time. Prints the latency of every page/answer request
(p50, p95, max: the server's own time, not the automaton's thinking, which runs in the bot pool)
and how many moves were made.

    .venv/bin/python bench/web_load.py                      # 20 games against ismcts:iters=200, 45 s
    .venv/bin/python bench/web_load.py --games 5 --seconds 15 --agent random

The server runs in its own process (`cardarena serve` with its process pool of automatons, rate
limits raised for the one local address all the players share).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

SERVER = """
import sys, uvicorn
from cardarena.arena.store import Store
from cardarena.web import bots
from cardarena.web.app import Limits, create_app
db, port, workers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
big = 10**9
app = create_app(Store(db), bots.make_pool(workers), secret="load",
                 limits=Limits(login=big, signup=big, move=big, contest=big, token=big))
uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
"""
CSRF = re.compile(r'name="csrf-token" content="([^"]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def player(base: str, i: int, agent: str, until: float, lat: list[float], moves: list[int], errors: list[str]) -> None:
    rng = random.Random(i)
    with httpx.Client(base_url=base, timeout=30, follow_redirects=True) as c:
        def timed(method: str, url: str, **kw: object) -> httpx.Response:
            t = time.perf_counter()
            r = c.request(method, url, **kw)  # type: ignore[arg-type]
            lat.append(time.perf_counter() - t)
            return r

        tok = CSRF.search(c.get("/signup").text).group(1)  # type: ignore[union-attr]
        c.post("/signup", data={"name": f"player{i}", "password": "load test 1", "csrf": tok})
        tok = CSRF.search(c.get("/").text).group(1)  # type: ignore[union-attr]
        r = c.post("/play", data={"game": "aliens", "mine": "starter:mind_storm", "theirs": "starter:creeping_rot",
                                  "agent": agent, "seat": str(i % 2), "seed": str(i), "csrf": tok})
        assert r.status_code == 200, (r.status_code, r.text[:300])
        gid = int(str(r.url).rsplit("/", 1)[1])
        n = 0
        while time.monotonic() < until:
            f = timed("GET", f"/api/play/{gid}").json()
            if f["result"]:
                timed("GET", "/")
                r = c.post("/play", data={"game": "aliens", "mine": "starter:mind_storm",
                                          "theirs": "starter:creeping_rot", "agent": agent, "seat": str(i % 2),
                                          "seed": str(i + 1000 * n), "csrf": tok})
                gid = int(str(r.url).rsplit("/", 1)[1])
                continue
            if not (f["decision"] and "options" in f["decision"]):
                time.sleep(0.25)
                continue
            opt = rng.choice(f["decision"]["options"])["id"]
            r = timed("POST", f"/api/play/{gid}/move", json={"seq": f["seq"], "option": opt},
                      headers={"x-csrf-token": tok})
            if r.status_code != 200:
                errors.append(f"{r.status_code} {r.text[:100]}")
            n += 1
            if n % 10 == 0:
                timed("GET", f"/play/{gid}")  # the page itself now and then
        moves.append(n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=45)
    ap.add_argument("--agent", default="ismcts:iters=200")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2, help="bot worker processes")
    a = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as d:
        db = f"sqlite:///{Path(d) / 'load.db'}"
        srv = subprocess.Popen([sys.executable, "-c", SERVER, db, str(port), str(a.workers)])
        base = f"http://127.0.0.1:{port}"
        try:
            end = time.monotonic() + 30
            while True:
                try:
                    httpx.get(base + "/login", timeout=2)
                    break
                except httpx.HTTPError:
                    assert time.monotonic() < end, "server did not start"
                    time.sleep(0.2)
            lat: list[float] = []
            moves: list[int] = []
            errors: list[str] = []
            until = time.monotonic() + a.seconds
            threads = [threading.Thread(target=player, args=(base, i, a.agent, until, lat, moves, errors))
                       for i in range(a.games)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        finally:
            srv.terminate()
            srv.wait(10)
    lat.sort()
    q = statistics.quantiles(lat, n=100) if len(lat) > 1 else lat * 99
    print(f"{a.games} concurrent games against {a.agent}, {a.seconds:g} s, {a.workers} bot worker processes, "
          f"{os.cpu_count()} cores")
    print(f"requests {len(lat)}  latency p50 {q[49] * 1000:.0f} ms  p95 {q[94] * 1000:.0f} ms  "
          f"max {lat[-1] * 1000:.0f} ms")
    print(f"moves by the people {sum(moves)} ({sum(moves) / a.seconds:.1f}/s); refused moves {len(errors)}")
    for e in errors[:5]:
        print("  ", e)


if __name__ == "__main__":
    main()
