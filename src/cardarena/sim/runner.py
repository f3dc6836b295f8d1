"""A simulation run: the plan (which games, with which seeds), running it on a backend with a
progress bar, storing rows as they come, stopping cleanly on Ctrl-C and resuming without playing a
game twice (docs/balance/README.md).

A run directory holds `run.json` (the plan's parameters: the tasks are re-derived from it, so a task
index names the same game on every resume) and `rows/part-NNNNN.parquet` (rows, written in small
parts as batches finish).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from cardarena.core.cardfiles import CardFiles
from cardarena.core.registry import load_game
from cardarena.core.ruleset import Ruleset

from .backends import make_backend
from .rows import Row, Task, read_rows, write_rows

RUN_FILE = "run.json"


@dataclass
class Plan:
    """What to play. `players` are `AGENT[:params][:DECK]` specs (P1, P2, ...). With `decks`, every
    pair of those decks meets (`["all"]`: every starter): `games` per pair and variant, half with P1
    holding the first deck, half with P1 holding the second. Seats are swapped game by game.
    `variants` are rule overrides compared with `rules` alone (the baseline, first). `card_files` are
    the card files every game is played with (`CardFiles.to_dict()`: their names and texts, so that a
    resumed run plays the recorded cards, whatever the files hold now; docs/cards.md). `agent_names`:
    how the report names each agent spec (a bot manifest's `name`), read when the run starts, so that a
    report made later from another folder, where a relative manifest path no longer resolves, still
    names the bot (`recorded_names`); empty in a run.json written before it was kept."""

    game: str
    players: list[str]
    games: int
    seed: int = 0
    rules: dict[str, Any] = field(default_factory=dict)
    variants: list[dict[str, Any]] = field(default_factory=list)
    decks: list[str] = field(default_factory=list)
    fmt: str | None = None
    cards: bool = True
    keep_log: bool = False
    card_files: dict[str, Any] | None = None
    agent_names: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Plan:
        return cls(**d)

    def files(self) -> CardFiles | None:
        """The card files of the plan (None: the package's cards)."""
        return None if self.card_files is None else CardFiles.from_dict(self.card_files, RUN_FILE)

    def ruleset(self) -> Ruleset:
        """The game the plan plays: with its card files, if it has any."""
        return load_game(self.game, self.files())


def split_player(spec: str) -> tuple[str, str | None]:
    """`AGENT[:params][:DECK]` -> (agent spec, deck or None), read as `match` and the arena read a
    player: an external bot's quoted command (`cmd:"python3 bot.py":DECK`) stays whole."""
    from cardarena.arena.entries import split_entry

    return split_entry(spec)


def rules_label(rules: dict[str, Any]) -> str:
    return ",".join(f"{k}={_text(v)}" for k, v in sorted(rules.items())) or "printed rules"


def _text(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def recorded_names(plan: Plan) -> dict[str, str]:
    """The plan's `agent_names` with every agent spec of its players named (`analysis.agent_label`). A
    name recorded before is kept: a resumed run does not rename the bot of the games it already holds,
    nor lose its name when the manifest is not found from where it resumes."""
    from .analysis import agent_label

    fresh = {spec: agent_label(spec) for spec in dict.fromkeys(split_player(p)[0] for p in plan.players)}
    return {**fresh, **{spec: name for spec, name in plan.agent_names.items() if name != spec}}


def matchups(plan: Plan) -> list[tuple[str, ...]]:
    """The deck pairs of the plan, P1's deck first (each pair also plays with the decks exchanged)."""
    g = plan.ruleset()
    specs = [split_player(p) for p in plan.players]
    # the starters legal in the plan's format (a circuits Squad starter never meets a Duel one); a
    # starter made for that format but illegal in it is a data error, never silently left out
    fmt = plan.fmt or g.default_format
    if fmt not in g.formats:  # else read as a format without starters
        raise ValueError(f"{g.id} has no format {fmt!r}; its formats: {', '.join(g.formats)}")
    if plan.decks and any(d is not None for _, d in specs):  # the player's deck would be silently dropped
        raise ValueError("--decks gives both players their decks, pair by pair: give --p1 and --p2 without a deck "
                         "(or drop --decks to play the players' own decks)")
    starters = []
    for name, deck in sorted(g.starter_decks().items()):
        problems = g.check_deck(deck, fmt)
        if not problems:
            starters.append(name)
        elif (deck.format or g.default_format) == fmt:
            raise ValueError(f"starter {name!r} is not a legal {fmt} deck: " + "; ".join(problems))
    if not starters and (plan.decks == ["all"] or (not plan.decks and any(d is None for _, d in specs))):
        # circuits Limited: each deck is built from its own pool, so no starter can stand in
        raise ValueError(f"{g.id} has no starter decks for the format {fmt!r}: give each player a deck "
                         "(--p1 AGENT:FILE --p2 AGENT:FILE, or --decks FILE,FILE)"
                         + ("; `cardarena sealed circuits --seed N --out FILE` builds a Limited one"
                            if fmt == "limited" else ""))
    if not plan.decks:
        return [tuple(d or starters[i % len(starters)] for i, (_, d) in enumerate(specs))]
    pool = starters if plan.decks == ["all"] else list(dict.fromkeys(plan.decks))  # a deck named twice is one deck
    if len(plan.players) != 2:
        raise ValueError("--decks pairs decks for two players")
    if len(pool) < 2:
        raise ValueError("--decks needs at least two different decks: every pair of them meets, and mirror "
                         "matches are not played (to play one deck against itself, give it to both players: "
                         "--p1 AGENT:DECK --p2 AGENT:DECK)")
    return [(a, b) for i, a in enumerate(pool) for b in pool[i + 1:]]


#: the most games one run plans (its tasks are listed in memory first, about 1 KB each)
MAX_GAMES = 2_000_000


def tasks(plan: Plan) -> list[Task]:
    """Every game of the plan, in a fixed order. The seed depends on the matchup and the game number,
    not on the variant: variants are compared on the same deals (common random numbers), which makes
    their difference much less noisy."""
    g = plan.ruleset()
    g.check_rules(plan.rules)
    agents = [split_player(p)[0] for p in plan.players]
    pairs = matchups(plan)
    exchange = bool(plan.decks)
    variants = [dict(plan.rules)] + [{**plan.rules, **v} for v in plan.variants]
    total = len(variants) * len(pairs) * plan.games
    if total > MAX_GAMES:  # planned in memory before the first game: refuse rather than hang
        raise ValueError(f"{total:,} games in one run is more than {MAX_GAMES:,}; split it into several runs "
                         f"(`cardarena sim-report` pools them)")
    labels: list[str] = []
    for v in variants:
        g.check_rules(v)
        label = rules_label(v)
        if label in labels:  # its rows would pool with the earlier one's: every deal counted twice
            raise ValueError(f"--variant {label!r} repeats " + ("the baseline (--rule)" if label == labels[0]
                                                             else "another --variant") + ": give each variant once")
        labels.append(label)
    n = len(plan.players)
    files = plan.files()
    out: list[Task] = []
    for vi, rules in enumerate(variants):
        label = rules_label(rules)
        for mi, pair in enumerate(pairs):
            for j in range(plan.games):
                decks = list(pair)
                if exchange and j % 2 == 1:
                    decks.reverse()
                shift = (j // 2 if exchange else j) % n  # seats swapped game by game
                seat_of = [(p + shift) % n for p in range(n)]  # player p sits at seat_of[p]
                by_seat_deck = [""] * n
                by_seat_agent = [""] * n
                for p in range(n):
                    by_seat_deck[seat_of[p]] = decks[p]
                    by_seat_agent[seat_of[p]] = agents[p]
                index = (vi * len(pairs) + mi) * plan.games + j
                out.append(Task(index=index, game=plan.game, seed=plan.seed + mi * plan.games + j,
                                decks=tuple(by_seat_deck), agents=tuple(by_seat_agent), p1_seat=seat_of[0],
                                fmt=plan.fmt, rules=json.dumps(rules, sort_keys=True), variant=label,
                                matchup=mi, cards=plan.cards, keep_log=plan.keep_log, card_files=files))
    return out


def cores() -> int:
    """The cores this process may run on (the affinity mask where the platform has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def check_plan(plan: Plan) -> list[Task]:
    """The plan's tasks, after checking in this process what would otherwise fail in every worker:
    agent specs, decks (legal in the format) and rules. Raises ValueError or CardArenaError."""
    from cardarena.agents import make_agent

    out = tasks(plan)
    g = plan.ruleset()
    for spec in {a for t in out for a in t.agents}:
        make_agent(spec, seed=0)
    # each deck legal, and each pair able to meet (a circuits Limited deck never meets a Duel one)
    for decks in dict.fromkeys(tuple(sorted(t.decks)) for t in out):
        g.resolve_decks(list(decks), plan.fmt)
    return out


def batch_size(n: int, workers: int) -> int:
    """Enough batches to keep every worker busy to the end, few enough that the per-batch overhead
    vanishes; never more than 25 games, so the last batches end together and Ctrl-C stays responsive."""
    return max(1, min(25, n // (workers * 8) or 1))


@dataclass
class RunStats:
    done: int = 0
    total: int = 0
    skipped: int = 0
    seconds: float = 0.0
    stopped: bool = False
    #: games played now that an automaton lost by its fault (a crash, time, an illegal answer), and the first few
    faults: int = 0
    fault_examples: list[str] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return (self.done - self.skipped) / self.seconds if self.seconds else 0.0


Progress = Callable[[int, int], None]  # (games stored so far, total games); first called before any game


def save_plan(plan: Plan, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / RUN_FILE).write_text(json.dumps(plan.to_dict(), indent=1) + "\n")


def load_plan(out: Path) -> Plan:
    f = out / RUN_FILE
    if not f.exists():
        raise FileNotFoundError(f"{out} holds no {RUN_FILE}: nothing to resume")
    try:
        return Plan.from_dict(json.loads(f.read_text(encoding="utf-8")))
    except (ValueError, TypeError) as e:  # not JSON, or not a plan of `cardarena sim` (another tool's run.json)
        raise ValueError(f"{f} is not the plan of a `cardarena sim` run ({e}): nothing to resume") from None


def done_tasks(out: Path) -> set[int]:
    rows_dir = out / "rows"
    if not rows_dir.exists():
        return set()
    return {r["task"] for r in read_rows(out)}


def a_run(game: str) -> str:
    """'a circuits run', 'an aliens run'."""
    return f"{'an' if game[:1].lower() in 'aeiou' else 'a'} {game} run"


def check_out(out: Path, resume: bool) -> None:
    """Raise FileExistsError when `out` cannot take this run: a file, or (without `resume`) a folder
    that already holds a run's rows, named with the game of its plan."""
    if out.exists() and not out.is_dir():
        raise FileExistsError(f"--out {out} is a file: a run is a folder (run.json, rows/, report/)")
    if not resume and (out / "rows").is_dir() and any((out / "rows").iterdir()):
        try:
            held = f" of {a_run(load_plan(out).game)}"
        except (OSError, ValueError):
            held = ""
        raise FileExistsError(f"{out} already holds rows{held}: use --resume to continue that run, or another --out")


def run(plan: Plan, out: Path, backend: str = "processes", workers: int | None = None,
        address: str | None = None, progress: Progress | None = None, resume: bool = False,
        flush_every: float = 5.0, stopping: Callable[[], None] | None = None) -> RunStats:
    """Play the plan into `out`. With `resume`, tasks already stored are skipped. KeyboardInterrupt
    stops the run: unstarted games are cancelled, running batches finish and are stored, and the
    returned stats say `stopped`; a second one ends the running batches too and is raised. `stopping`
    is called once the first has cancelled what had not started."""
    all_tasks = tasks(plan)
    check_out(out, resume)
    done = done_tasks(out) if resume else set()
    save_plan(replace(plan, agent_names=recorded_names(plan)), out)
    todo = [t for t in all_tasks if t.index not in done]
    stats = RunStats(done=len(all_tasks) - len(todo), total=len(all_tasks), skipped=len(all_tasks) - len(todo))
    if not todo:
        return stats
    workers = workers or cores()
    size = batch_size(len(todo), workers)
    batches = [todo[i:i + size] for i in range(0, len(todo), size)]
    rows_dir = out / "rows"
    rows_dir.mkdir(parents=True, exist_ok=True)
    part = max((int(p.stem.split("-")[1]) for p in rows_dir.glob("part-*.parquet")), default=-1) + 1
    buffer: list[Row] = []
    last = time.monotonic()

    def flush() -> None:
        nonlocal part, buffer, last
        if buffer:
            _keep_logs(buffer, out)
            write_rows(buffer, rows_dir / f"part-{part:05d}.parquet")
            part += 1
            buffer = []
        last = time.monotonic()

    def take(rows: list[Row]) -> None:
        for r in rows:
            fault = r.pop("_fault", None)
            if fault:
                stats.faults += 1
                if len(stats.fault_examples) < 3:
                    stats.fault_examples.append(fault)
        buffer.extend(rows)
        stats.done += len(rows)
        if progress is not None:
            progress(stats.done, stats.total)
        if time.monotonic() - last >= flush_every or len(buffer) >= 2000:
            flush()

    be = make_backend(backend, workers, address)
    t0 = time.perf_counter()
    try:
        try:
            if progress is not None:
                progress(stats.done, stats.total)
            for rows in be.run(batches):
                take(rows)
        except KeyboardInterrupt:
            stats.stopped = True
            be.stop()
            if stopping is not None:
                stopping()
            try:
                for rows in be.drain():
                    take(rows)
            except KeyboardInterrupt:  # Ctrl-C again: the running batches are not waited for
                be.abort()
                raise
    finally:
        stats.seconds = time.perf_counter() - t0
        flush()
        be.close()
    return stats


def _keep_logs(rows: list[Row], out: Path) -> None:
    """Replay records asked for with --logs: one JSON file per game, readable by `cardarena replay`."""
    for r in rows:
        rec = r.pop("_replay", None)
        if rec is not None:
            d = out / "logs"
            d.mkdir(exist_ok=True)
            (d / f"game-{r['task']:06d}.json").write_text(json.dumps(rec))
