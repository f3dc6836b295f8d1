"""Decision quality: how good an agent's single choices are, measured on a fixed set of positions.

Whole games are a slow and noisy way to compare two settings of a search (a 30-game sample is good to
about ±17 points). This bench scores choices instead. It first collects positions (non-forced
decisions met in greedy games with some random moves, so the positions vary), then values every
option of each position by playouts: from a determinization of what the deciding seat knows, the
option is applied and two greedy agents play the game out; the option's value is the deciding
seat's win rate. That is a one-step improvement over greedy play, judged by who wins, not by a
score. An agent is then rated by the mean value of the options it picks (paired: the same positions
for every agent), minus each position's mean option value, so 0 is a random choice.

    .venv/bin/python bench/bench_decisions.py collect circuits --positions 100 --out /tmp/dq/circuits.pkl
    .venv/bin/python bench/bench_decisions.py value /tmp/dq/circuits.pkl --playouts 40 --jobs 2
    .venv/bin/python bench/bench_decisions.py rate /tmp/dq/circuits.pkl greedy ismcts:iters=50 ismcts:iters=400
    .venv/bin/python bench/bench_decisions.py objective /tmp/dq/circuits.pkl --spec ismcts:iters=6400
    .venv/bin/python bench/bench_decisions.py rate /tmp/dq/circuits.pkl ismcts:iters=50 ismcts:iters=400 --by objective

`objective` values the options by what the search itself maximises (a long search's mean rewards)
and says how often that order agrees with the playout values; `rate --by objective` then tells how
close a budget comes to the search's own optimum, apart from whether that optimum wins games.

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from bench_engine import starters_of  # the starters that can meet in one game (run from bench/)

import cardarena
from cardarena.agents import make_agent

T = TypeVar("T")


def collect(game_id: str, positions: int, seed: int, keep: float, eps: float) -> list[dict[str, Any]]:
    """Non-forced decisions met in greedy-vs-greedy games (a move in `eps` is random), each kept with
    chance `keep`, until `positions` are held."""
    game = cardarena.load_game(game_id)
    starters = starters_of(game, None)
    rng = random.Random(seed)  # the bench's own stream (an instance, never the module's)
    out: list[dict[str, Any]] = []
    g = 0
    while len(out) < positions:
        decks = [starters[rng.randrange(len(starters))], starters[rng.randrange(len(starters))]]
        st = game.new_game(decks=decks, seed=seed * 1000 + g)
        agents = [make_agent("greedy", seed=seed + 2 * g), make_agent("greedy", seed=seed + 2 * g + 1)]
        g += 1
        while st.decision is not None and len(out) < positions:
            d = st.decision
            if len(d.options) > 1 and rng.random() < keep:
                out.append({"game": game_id, "state": st.clone(), "seat": d.seat})
            if len(d.options) > 1 and rng.random() < eps:
                oid = d.options[rng.randrange(len(d.options))].id
            else:
                oid = agents[d.seat].choose({}, d, st)
            st.apply(oid)
    print(f"{g} games played to collect {len(out)} positions")
    return out


def _map(fn: Callable[[Any], T], work: list[Any], jobs: int, chunksize: int = 1) -> list[T]:
    """fn over work, in order: on `jobs` processes when more than one, else in this process."""
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            return list(ex.map(fn, work, chunksize=chunksize))
    return [fn(w) for w in work]


def _value_one(args: tuple[bytes, int, int]) -> dict[str, float]:
    """Win rate of each option of one position over `playouts` greedy playouts per option."""
    blob, playouts, seed = args
    pos = pickle.loads(blob)
    cardarena.load_game(pos["game"])  # registers the game's step handlers in this process
    st = pos["state"]
    seat = pos["seat"]
    rng = random.Random(seed)
    values: dict[str, float] = {}
    for o in st.decision.options:
        won = 0.0
        for k in range(playouts):
            s = st.determinize(seat, rng)  # with a game RNG of its own, drawn from rng
            s.record = False
            s.apply(o.id)
            agents = [make_agent("greedy", seed=seed + 7 * k), make_agent("greedy", seed=seed + 7 * k + 3)]
            while s.decision is not None:
                d = s.decision
                s.apply(agents[d.seat].choose({}, d, s))
            r = s.result
            won += 0.5 if not r.winners else (1.0 if seat in r.winners else 0.0)
        values[o.id] = won / playouts
    return values


def value(positions: list[dict[str, Any]], playouts: int, jobs: int) -> None:
    work = [(pickle.dumps(p), playouts, 9000 + i) for i, p in enumerate(positions)]
    t = time.perf_counter()
    vals = _map(_value_one, work, jobs)
    for p, v in zip(positions, vals, strict=True):
        p["values"] = v
    spread = sum(max(v.values()) - min(v.values()) for v in vals) / len(vals)
    print(f"valued {len(vals)} positions, {playouts} playouts an option, mean best-worst spread "
          f"{spread:.3f}, {time.perf_counter() - t:.0f} s")


def _objective_one(args: tuple[bytes, str, int, int]) -> dict[str, float]:
    """Mean reward of each root option of one long search (`spec`), for options it visited at least
    `min_visits` times: the search's own objective, which fewer iterations estimate more noisily."""
    blob, spec, seed, min_visits = args
    pos = pickle.loads(blob)
    cardarena.load_game(pos["game"])
    st = pos["state"]
    agent = make_agent(spec, seed=seed)
    root = agent._search(st.clone(), pos["seat"])  # type: ignore[attr-defined]
    kids = root.kids.get(pos["seat"], {})
    return {k: ch.reward / ch.visits for k, ch in kids.items() if ch.visits >= min_visits}


def objective(positions: list[dict[str, Any]], spec: str, min_visits: int, jobs: int) -> None:
    work = [(pickle.dumps(p), spec, 7000 + i, min_visits) for i, p in enumerate(positions)]
    t = time.perf_counter()
    objs = _map(_objective_one, work, jobs)
    for p, o in zip(positions, objs, strict=True):
        p["objective"] = o
    used = [o for o in objs if len(o) > 1]
    spread = sorted(max(o.values()) - min(o.values()) for o in used)
    print(f"{spec}: {len(used)} of {len(objs)} positions with two or more well-visited options, "
          f"median best-worst spread {spread[len(spread) // 2] if spread else 0:.3f}, {time.perf_counter() - t:.0f} s")
    # how well the search's objective ranks options by who wins (the playout values), when present
    pairs = agree = 0
    for p in positions:
        o, v = p["objective"], p.get("values")
        if v is None:
            continue
        ids = [k for k in o if k in v]
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                if abs(v[a] - v[b]) < 1e-9 or abs(o[a] - o[b]) < 1e-9:
                    continue
                pairs += 1
                agree += (v[a] > v[b]) == (o[a] > o[b])
    if pairs:
        print(f"  the objective orders {agree}/{pairs} = {agree / pairs:.0%} of option pairs as the playout values do")


def _rate_one(args: tuple[bytes, str, int, str]) -> tuple[float, float, float]:
    """(chosen value minus the position's mean option value, 1 if the best-valued option, seconds)."""
    blob, spec, seed, by = args
    pos = pickle.loads(blob)
    cardarena.load_game(pos["game"])
    st = pos["state"]
    vals = pos[by]
    agent = make_agent(spec, seed=seed)
    t = time.perf_counter()
    oid = agent.choose({}, st.decision, st)
    secs = time.perf_counter() - t
    mean = sum(vals.values()) / len(vals)
    if oid not in vals:  # by objective: an option the long search hardly visited counts as its worst
        return min(vals.values()) - mean, 0.0, secs
    return vals[oid] - mean, float(vals[oid] >= max(vals.values()) - 1e-9), secs


def rate(positions: list[dict[str, Any]], specs: list[str], seeds: int, jobs: int, by: str = "values") -> None:
    # a position the long search left with one well-visited option has nothing to rate by its objective
    blobs = [pickle.dumps(p) for p in positions if len(p[by]) > 1]
    for spec in specs:
        work = [(b, spec, 100 * s + i, by) for s in range(seeds) for i, b in enumerate(blobs)]
        rows = _map(_rate_one, work, jobs, chunksize=4)
        n = len(rows)
        gain = [r[0] for r in rows]
        m = sum(gain) / n
        sd = math.sqrt(sum((x - m) ** 2 for x in gain) / max(1, n - 1))
        print(f"{spec:40} gain {100 * m:+6.2f} ± {196 * sd / math.sqrt(n):.2f} pts   best {sum(r[1] for r in rows) / n:.0%}"
              f"   {sum(r[2] for r in rows) / n * 1000:.0f} ms/choice  ({n} choices)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect", help="collect positions from greedy games")
    c.add_argument("game")
    c.add_argument("--positions", type=int, default=100)
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--keep", type=float, default=0.1, help="chance a non-forced decision is kept")
    c.add_argument("--eps", type=float, default=0.15, help="chance a move of the collecting games is random")
    c.add_argument("--out", type=Path, required=True)
    v = sub.add_parser("value", help="value every option of every position by greedy playouts")
    v.add_argument("file", type=Path)
    v.add_argument("--playouts", type=int, default=40)
    v.add_argument("--jobs", type=int, default=1)
    o = sub.add_parser("objective", help="value every option by a long search's own mean rewards")
    o.add_argument("file", type=Path)
    o.add_argument("--spec", default="ismcts:iters=6400")
    o.add_argument("--min-visits", type=int, default=20, help="options visited less often are left out")
    o.add_argument("--jobs", type=int, default=1)
    r = sub.add_parser("rate", help="rate agents by the value of the options they choose")
    r.add_argument("file", type=Path)
    r.add_argument("specs", nargs="+")
    r.add_argument("--seeds", type=int, default=1, help="choices per position (agent seeds)")
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--by", choices=("values", "objective"), default="values",
                   help="rate by the playout values (who wins) or by the long search's objective")
    a = ap.parse_args()
    if a.cmd == "collect":
        pos = collect(a.game, a.positions, a.seed, a.keep, a.eps)
        a.out.parent.mkdir(parents=True, exist_ok=True)
        a.out.write_bytes(pickle.dumps(pos))
        print(f"{len(pos)} positions of {a.game} -> {a.out}")
    elif a.cmd == "value":
        pos = pickle.loads(a.file.read_bytes())
        value(pos, a.playouts, a.jobs)
        a.file.write_bytes(pickle.dumps(pos))
    elif a.cmd == "objective":
        pos = pickle.loads(a.file.read_bytes())
        objective(pos, a.spec, a.min_visits, a.jobs)
        a.file.write_bytes(pickle.dumps(pos))
    else:
        pos = pickle.loads(a.file.read_bytes())
        if not all(a.by in p for p in pos):
            raise SystemExit(f"{a.file}: run `{'value' if a.by == 'values' else 'objective'}` first")
        rate(pos, a.specs, a.seeds, a.jobs, a.by)


if __name__ == "__main__":
    main()
