"""Contests: created with checked entries, scheduled into slots, run in parallel, resumed after any stop.

A contest's games are decided by its entries, its seed and its pairing system alone (schedule.py), and
each is written in one transaction when it ends, into the slot scheduled for it. So `run_contest`
after a kill plays exactly the games not yet written, and the same contest run with 1 or 8 workers
stores the same games.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from .. import __version__
from ..agents import remembers_games
from ..core.errors import CardArenaError
from ..core.match import TimeControl
from ..core.registry import load_game
from . import schedule
from .entries import MAX_LABEL, EntrySpec, check_entries, unique_labels
from .executor import execute
from .models import Contest, Entry, Match, MatchSeat, Rating, Replay, now
from .ratings import MODEL, SkillEstimate, compute_ratings
from .runner import OK, GameOutcome, GameTask
from .store import Store

PAIRINGS = ("round-robin", "swiss")
#: the longest contest name (models.Contest.name), and the largest count a column keeps
MAX_NAME = 200
MAX_INT = 2**31 - 1

#: called after each written game: (games done, games in all, the outcome)
ProgressHook = Callable[[int, int, GameOutcome | None], None]


class ContestError(CardArenaError):
    pass


@dataclass
class RunSummary:
    played: int = 0
    errors: int = 0
    done: int = 0
    total: int = 0
    finished: bool = False
    faults: dict[str, int] = field(default_factory=dict)


def get_contest(s: Session, name: str) -> Contest:
    """The contest of that name; spaces around it are not part of a name (create_contest strips them)."""
    name = name.strip()
    c = s.scalars(select(Contest).where(Contest.name == name).options(selectinload(Contest.entries))).first()
    if c is None:
        names = s.scalars(select(Contest.name).order_by(Contest.id)).all()
        known = ", ".join(names) if names else "none yet (cardarena contest new ...)"
        raise ContestError(f"no contest named {name!r}; contests: {known}")
    return c


def create_contest(
    store: Store,
    name: str,
    game: str,
    entries: list[str],
    pairing: str = "round-robin",
    games_per_pairing: int = 2,
    rounds: int | None = None,
    seed: int | None = None,
    game_format: str | None = None,
    rules: dict[str, Any] | None = None,
    time_control: TimeControl | None = None,
    checked: list[EntrySpec] | None = None,
    owner: str | None = None,
) -> int:
    """Create a contest and enter `entries` (each `AGENT:DECK`); every problem is reported at once.
    With `time_control` every seat of every game has a clock (a seat out of time loses as TIMEOUT).
    `checked`: entries the caller already checked (the web arena's saved decks), entered with the
    others in the same transaction, so a contest never exists without its entries. `owner`: the web
    user making it, the only one who may run it from the web."""
    name = name.strip()
    problems: list[str] = []
    if not name:
        problems.append("the contest needs a name")
    elif len(name) > MAX_NAME:
        problems.append(f"the contest's name is longer than {MAX_NAME} characters")
    elif "/" in name or not name.isprintable() or name in (".", ".."):
        problems.append("the contest's name may not contain '/' or control characters, nor be '.' or '..' (it is "
                        "part of its address)")
    if pairing not in PAIRINGS:
        problems.append(f"the pairing format {pairing!r} is not one of {', '.join(PAIRINGS)}")
    if games_per_pairing < 2 or games_per_pairing % 2:
        problems.append(f"the games per pairing must be even and at least 2 (got {games_per_pairing}): each seed "
                        "is played twice with the seats swapped, so that no entry is favoured by the coin")
    elif games_per_pairing > MAX_INT:
        problems.append(f"the games per pairing must be at most {MAX_INT}")
    if rounds is not None and (pairing != "swiss" or not 1 <= rounds <= MAX_INT):
        problems.append(f"--rounds is for Swiss contests, and from 1 to {MAX_INT}")
    if seed is not None and not -(2**63) <= seed < 2**63:
        problems.append("--seed must fit in 64 bits (from -2**63 to 2**63 - 1)")
    ruleset = load_game(game)
    if not ruleset.info.min_seats <= 2 <= ruleset.info.max_seats:
        problems.append(f"contests pair two entries a game; {game} seats {ruleset.info.min_seats} to "
                        f"{ruleset.info.max_seats} players")
    fmt = game_format or ruleset.default_format
    if fmt not in ruleset.formats:
        problems.append(f"{game} has no format {fmt!r}; formats: {', '.join(ruleset.formats)}")
    try:
        checked_rules = ruleset.check_rules(rules)
    except ValueError as e:
        problems.append(str(e))
    if problems:
        raise ContestError("; ".join(problems))
    specs = check_entries(ruleset, entries, fmt) + list(checked or [])
    with store.session() as s:
        if s.scalar(select(Contest.id).where(Contest.name == name)) is not None:
            # said the same on the command line and on a web page: no command to type
            raise ContestError(f"a contest named {name!r} already exists: choose another name (it is unchanged)")
        c = Contest(name=name, game=game, game_format=fmt, rules=checked_rules, pairing=pairing,
                    games_per_pairing=games_per_pairing, rounds=rounds or 0,
                    seed=schedule.derive_seed("contest", name) if seed is None else seed,
                    time_control=None if time_control is None else time_control.to_dict(), status="open", engine_version=__version__,
                    owner=owner)
        s.add(c)
        _add_entries(c, specs)
        s.flush()
        return c.id


def enter(store: Store, name: str, entries: list[str]) -> list[str]:
    """Add entries to a contest that has not started; returns their labels."""
    with store.session() as s:
        c = get_contest(s, name)
        if c.status != "open":
            raise ContestError(f"contest {name!r} has started: entries are closed")
        specs = check_entries(load_game(c.game), entries, c.game_format)
        # checking took a while: a run may have started the contest meanwhile. Still open now, under the
        # contest's row lock (held to the commit, so the run's _start waits and then sees these entries)?
        if not _lock_open(s, c):
            raise ContestError(f"contest {name!r} has started: entries are closed")
        return _add_entries(c, specs)


def _lock_open(s: Session, c: Contest, status: str = "open") -> bool:
    """Lock the contest's row while it is open (setting `status`) and reload its entries; False if it
    is no longer open. Both `enter` and `_start` take this lock, so no entry enters a started contest."""
    done = s.execute(update(Contest).where(Contest.id == c.id, Contest.status == "open").values(status=status),
                     execution_options={"synchronize_session": False})
    if getattr(done, "rowcount", 0) != 1:
        return False
    s.expire(c)  # entries as they are under the lock
    return True


def _add_entries(c: Contest, specs: list[Any]) -> list[str]:
    labels = unique_labels([e.label for e in c.entries], [sp.text for sp in specs])
    start = max((e.number for e in c.entries), default=0)
    for i, (sp, label) in enumerate(zip(specs, labels, strict=True)):
        # a deck file's name has no length limit; its column has (PostgreSQL refuses a longer one)
        c.entries.append(Entry(number=start + i + 1, label=label, agent=sp.agent, deck_name=sp.deck_name[:MAX_LABEL],
                               deck=sp.deck))
    return labels


# -- scheduling -------------------------------------------------------------------------------------

def _insert_slots(s: Session, c: Contest, slots: list[schedule.Slot]) -> None:
    by_number = {e.number: e for e in c.entries}
    remembering = {e.number for e in c.entries if remembers_games(e.agent)}
    for sl in slots:
        seed = sl.seed
        if remembering.intersection(sl.seats):
            # an entry that remembers its games would meet again, from the other seat, the deal it saw:
            # its games are dealt afresh (derived from the slot, so still the same on every rerun)
            seed = schedule.derive_seed(sl.seed, "fresh", sl.game_no)
        m = Match(contest_id=c.id, round=sl.round, pairing=sl.pairing, game_no=sl.game_no, game=c.game,
                  game_format=c.game_format, rules=c.rules, seed=seed, status="scheduled",
                  engine_version=__version__)
        m.seats = [MatchSeat(seat=i, entry_id=by_number[n].id, agent=by_number[n].agent)
                   for i, n in enumerate(sl.seats)]
        s.add(m)


def _start(s: Session, c: Contest) -> None:
    if not _lock_open(s, c, "running"):
        return  # another run started it
    n = len(c.entries)
    if n < 2:
        raise ContestError(f"contest {c.name!r} has {n} entr{'y' if n == 1 else 'ies'}; it needs at least 2 "
                           "(cardarena contest enter NAME --entry AGENT:DECK)")
    if c.pairing == "round-robin":
        c.rounds = schedule.round_robin_rounds(n)
        _insert_slots(s, c, schedule.round_robin([e.number for e in c.entries], c.seed, c.games_per_pairing))
    else:
        c.rounds = schedule.swiss_rounds(n, c.rounds)
    c.status = "running"
    c.started_at = now()


def swiss_standings(s: Session, c: Contest, before_round: int | None = None) -> list[schedule.Standing]:
    """Match points, game points, opponents and byes of every entry, from the stored games."""
    by_id = {e.id: e.number for e in c.entries}
    st = {n: schedule.Standing(n) for n in by_id.values()}
    q = select(Match).where(Match.contest_id == c.id, Match.status.in_(("finished", "bye")))
    if before_round is not None:
        q = q.where(Match.round < before_round)
    pairings: dict[tuple[int, int], dict[int, float]] = {}
    for m in s.scalars(q.options(selectinload(Match.seats))):
        if m.status == "bye":
            lone = st[by_id[m.seats[0].entry_id or 0]]
            lone.points += 1.0
            lone.had_bye = True
            continue
        tally = pairings.setdefault((m.round or 0, m.pairing or 0), {})
        for seat in m.seats:
            tally[by_id[seat.entry_id or 0]] = tally.get(by_id[seat.entry_id or 0], 0.0) + (seat.score or 0.0)
    for tally in pairings.values():
        if len(tally) != 2:
            continue
        (a, sa), (b, sb) = tally.items()
        st[a].game_points += sa
        st[b].game_points += sb
        st[a].opponents += (b,)
        st[b].opponents += (a,)
        st[a].points += 1.0 if sa > sb else 0.5 if sa == sb else 0.0
        st[b].points += 1.0 if sb > sa else 0.5 if sa == sb else 0.0
    return sorted(st.values(), key=lambda x: x.number)


def _schedule_next(s: Session, c: Contest) -> None:
    """Swiss: pair the next round once every game of the last one is written."""
    if c.pairing != "swiss":
        return
    last = s.scalar(select(func.max(Match.round)).where(Match.contest_id == c.id)) or 0
    if last >= c.rounds or _count(s, c, "scheduled"):
        return
    rnd = last + 1
    slots, bye = schedule.swiss_round(swiss_standings(s, c), rnd, c.seed, c.games_per_pairing)
    _insert_slots(s, c, slots)
    if bye is not None:
        e = next(e for e in c.entries if e.number == bye)
        m = Match(contest_id=c.id, round=rnd, pairing=len(slots) // c.games_per_pairing, game_no=0, game=c.game,
                  game_format=c.game_format, rules=c.rules, seed=0, status="bye", engine_version=__version__,
                  finished_at=now())
        m.seats = [MatchSeat(seat=0, entry_id=e.id, agent=e.agent, status=OK, place=1, score=1.0)]
        s.add(m)


def _count(s: Session, c: Contest, *statuses: str) -> int:
    return s.scalar(select(func.count()).select_from(Match).where(
        Match.contest_id == c.id, Match.status.in_(statuses))) or 0


def _tasks(s: Session, c: Contest, bot_log: str | None = None) -> list[GameTask]:
    entries = {e.id: e for e in c.entries}
    q = (select(Match).where(Match.contest_id == c.id, Match.status == "scheduled")
         .order_by(Match.round, Match.pairing, Match.game_no).options(selectinload(Match.seats)))
    tasks = []
    for m in s.scalars(q):
        seated = [entries[seat.entry_id or 0] for seat in m.seats]
        agent_seed = schedule.Slot(m.round or 0, m.pairing or 0, m.game_no or 0, (), m.seed).agent_seed
        tasks.append(GameTask(m.id, m.game, m.game_format, dict(m.rules), m.seed, tuple(e.deck for e in seated),
                              tuple(e.agent for e in seated), tuple(agent_seed(e.number) for e in seated),
                              tuple(e.label for e in seated), c.time_control, bot_log))
    return tasks


@contextmanager
def _scheduling(store: Store) -> Iterator[Session]:
    """A transaction that schedules slots: if another run scheduled the same slots first, its
    commit fails on the unique slot and this run goes on with the slots already there."""
    try:
        with store.session() as s:
            yield s
    except IntegrityError:
        pass


# -- running ----------------------------------------------------------------------------------------

def record_outcome(store: Store, out: GameOutcome) -> bool:
    """Write one game in one transaction; False if its slot was already filled (a concurrent run)."""
    with store.session() as s:
        filled = s.execute(update(Match).where(Match.id == out.match_id, Match.status == "scheduled").values(
            status=out.status, reason=(out.result or {}).get("reason"), turns=(out.result or {}).get("turns"),
            error=out.error, finished_at=now(), duration_s=out.duration_s))
        if getattr(filled, "rowcount", 0) != 1:
            return False  # nothing was changed
        if out.status == "finished":
            seats = s.scalars(select(MatchSeat).where(MatchSeat.match_id == out.match_id).order_by(MatchSeat.seat))
            for seat in seats:
                i = seat.seat
                seat.place, seat.score = out.places[i], out.scores[i]
                seat.status, seat.fault = out.statuses[i], out.faults[i]
                if i < len(out.decided):
                    seat.seconds, seat.decisions, seat.longest = out.seconds[i], out.decided[i], out.longest[i]
            s.add(Replay(match_id=out.match_id, record=out.record))
        return True


def retry_errors(store: Store, name: str) -> int:
    """Schedule again, with their seeds, the games of contest `name` that the engine failed (status
    "error": no result, never blamed on a seat), so that `run` plays them once the engine is fixed; a
    finished contest runs again. Returns how many. In a Swiss contest the later rounds stay as paired."""
    with store.session() as s:
        c = get_contest(s, name)
        ids = list(s.scalars(select(Match.id).where(Match.contest_id == c.id, Match.status == "error")))
        if ids:
            s.execute(update(Match).where(Match.id.in_(ids), Match.status == "error").values(
                status="scheduled", reason=None, turns=None, error=None, finished_at=None, duration_s=None,
                engine_version=__version__))
            s.execute(update(MatchSeat).where(MatchSeat.match_id.in_(ids)).values(
                status=None, fault=None, place=None, score=None, seconds=None, decisions=None, longest=None))
            if c.status == "finished":
                c.status, c.finished_at = "running", None
    return len(ids)


def run_contest(
    store: Store,
    name: str,
    workers: int | None = None,
    progress: ProgressHook | None = None,
    worker_init: Callable[[], None] | None = None,
    bot_log: str | None = None,
) -> RunSummary:
    """Play every game of the contest not yet written, `workers` processes at a time (1: in this
    process), then recompute the ratings. Safe to call again after any interruption. `bot_log`: a
    folder for each external bot's transcript of each game (docs/protocol.md, "Debugging a bot")."""
    workers = workers or os.cpu_count() or 1
    summary = RunSummary()
    with _scheduling(store) as s:
        c = get_contest(s, name)
        if c.status == "open":
            _start(s, c)
    with store.session() as s:
        c = get_contest(s, name)
        summary.total = schedule.expected_games(c.pairing, len(c.entries), c.games_per_pairing, c.rounds)
    while True:
        with _scheduling(store) as s:
            _schedule_next(s, get_contest(s, name))
        with store.session() as s:
            c = get_contest(s, name)
            tasks = _tasks(s, c, bot_log)
            summary.done = _count(s, c, "finished", "error")
        if not tasks:
            break
        if progress is not None:
            progress(summary.done, summary.total, None)

        def write(out: GameOutcome) -> None:
            if not record_outcome(store, out):
                return
            summary.done += 1
            summary.played += 1
            summary.errors += out.status == "error"
            for st in out.statuses:
                if st != OK:
                    summary.faults[st] = summary.faults.get(st, 0) + 1
            if progress is not None:
                progress(summary.done, summary.total, out)

        execute(tasks, workers, write, worker_init)
    for attempt in range(3):
        try:
            with store.session() as s:
                c = get_contest(s, name)
                recompute_ratings(s, c)
                if c.status != "finished" and not _count(s, c, "scheduled"):
                    c.status = "finished"
                    c.finished_at = now()
                summary.finished = c.status == "finished"
            break
        except IntegrityError:  # another run wrote the same ratings at the same moment: write them again
            if attempt == 2:
                raise
    return summary


def rated_games(s: Session, c: Contest) -> list[list[tuple[int, int]]]:
    """(entry id, place) per seat of every finished game of the contest, in schedule order."""
    q = (select(Match).where(Match.contest_id == c.id, Match.status == "finished")
         .order_by(Match.round, Match.pairing, Match.game_no).options(selectinload(Match.seats)))
    return [[(seat.entry_id or 0, seat.place or 1) for seat in m.seats] for m in s.scalars(q)]


def recompute_ratings(s: Session, c: Contest) -> dict[int, SkillEstimate]:
    """Ratings of every entry from the contest's finished games, stored in `ratings`."""
    estimates = compute_ratings([e.id for e in c.entries], rated_games(s, c))
    s.execute(delete(Rating).where(Rating.contest_id == c.id, Rating.model == MODEL))
    for entry_id, est in estimates.items():
        s.add(Rating(entry_id=entry_id, model=MODEL, contest_id=c.id, mu=est.mu, sigma=est.sigma,
                     ordinal=est.ordinal, games=est.games, updated_at=now()))
    return estimates


def expected_games_now(s: Session, name: str) -> tuple[int, int, int]:
    """(entries, rounds, games) the contest would play if it started now."""
    c = get_contest(s, name)
    n = len(c.entries)
    rounds = schedule.round_robin_rounds(n) if c.pairing == "round-robin" else schedule.swiss_rounds(n, c.rounds)
    return n, rounds, schedule.expected_games(c.pairing, n, c.games_per_pairing, rounds)


def match_replay(s: Session, name: str, match_id: int) -> dict[str, Any]:
    """The stored replay record of one of the contest's games."""
    c = get_contest(s, name)
    m = s.get(Match, match_id)
    if m is None or m.contest_id != c.id:
        raise ContestError(f"contest {name!r} has no match {match_id}")
    r = s.get(Replay, match_id)
    if r is None:
        raise ContestError(f"match {match_id} has no replay (status {m.status})")
    return dict(r.record)
