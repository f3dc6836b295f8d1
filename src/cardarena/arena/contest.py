"""Contests: created with checked entries, scheduled into slots, run in parallel, resumed after any stop.

A contest's games are decided by its entries, its seed and its pairing system alone (schedule.py), and
each is written in one transaction when it ends, into the slot scheduled for it. So `run_contest`
after a kill plays exactly the games not yet written, and the same contest run with 1 or 8 workers
stores the same games.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from .. import __version__
from ..agents import remembers_games
from ..core.cardfiles import CardFiles
from ..core.errors import CardArenaError
from ..core.match import TimeControl
from ..core.registry import load_game
from ..core.ruleset import Ruleset
from . import runlock, schedule
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

#: a match not played because an entry of it was withdrawn, and that entry's seat status in it
WITHDRAWN_GAME = "withdrawn"
WITHDRAWN = "WITHDRAWN"

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


def contest_cards(c: Contest) -> CardFiles | None:
    """The card files the contest's games play with, as stored with it (None: the package's cards)."""
    return None if c.cards is None else CardFiles.from_config({"cards": c.cards})


def contest_game(c: Contest) -> Ruleset:
    """The contest's game with its card files, if it has any."""
    return load_game(c.game, contest_cards(c))


def name_problems(name: str) -> list[str]:
    """Why a contest may not be called `name` (already stripped of spaces around it), if it may not."""
    if not name:
        return ["the contest needs a name"]
    if len(name) > MAX_NAME:
        return [f"the contest's name is longer than {MAX_NAME} characters"]
    if "/" in name or not name.isprintable() or name in (".", ".."):
        return ["the contest's name may not contain '/' or control characters, nor be '.' or '..' (it is "
                "part of its address)"]
    return []


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
    cards: CardFiles | None = None,
) -> int:
    """Create a contest and enter `entries` (each `AGENT:DECK`); every problem is reported at once.
    With `time_control` every seat of every game has a clock (a seat out of time loses as TIMEOUT).
    `checked`: entries the caller already checked (the web arena's saved decks), entered with the
    others in the same transaction, so a contest never exists without its entries. `owner`: the web
    user making it, the only one who may run it from the web. `cards`: card files every game plays with
    (docs/cards.md), stored whole with the contest; the entries' decks are checked against that pool."""
    name = name.strip()
    problems = name_problems(name)
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
    ruleset = load_game(game, cards)  # broken card files: load_game's CardDataError, nothing is made
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
                    owner=owner, cards=None if cards is None else cards.to_dict())
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
        specs = check_entries(contest_game(c), entries, c.game_format)
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


def _lock_row(s: Session, c: Contest) -> bool:
    """Lock the contest's row for the rest of the transaction and reload its entries; False if it is gone.
    Pairing a Swiss round and withdrawing an entry both take it first, so a round is paired either
    with an entry or after its withdrawal, never from entries read before it."""
    done = s.execute(update(Contest).where(Contest.id == c.id).values(status=Contest.status),
                     execution_options={"synchronize_session": False})
    if getattr(done, "rowcount", 0) != 1:
        return False
    s.expire(c)
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


def _last_round(s: Session, c: Contest) -> int:
    """The last round paired so far (0: none yet)."""
    return s.scalar(select(func.max(Match.round)).where(Match.contest_id == c.id)) or 0


def _playing_on(c: Contest) -> set[int]:
    """The numbers of the entries that have not withdrawn."""
    return {e.number for e in c.entries if e.withdrawn_at is None}


def _rounds_to_pair(s: Session, c: Contest) -> int:
    """Swiss: how many rounds are still to be paired; none once fewer than two entries play on."""
    return max(0, c.rounds - _last_round(s, c)) if len(_playing_on(c)) >= 2 else 0


def _schedule_next(s: Session, c: Contest) -> None:
    """Swiss: pair the next round once every game of the last one is written, from the entries that
    have not withdrawn (a withdrawn entry's points still count in its opponents' Buchholz)."""
    if c.pairing != "swiss" or not _lock_row(s, c):
        return
    if not _rounds_to_pair(s, c) or _count(s, c, "scheduled"):
        return
    rnd = _last_round(s, c) + 1
    on = _playing_on(c)
    standings = [st for st in swiss_standings(s, c) if st.number in on]
    slots, bye = schedule.swiss_round(standings, rnd, c.seed, c.games_per_pairing)
    _insert_slots(s, c, slots)
    if bye is not None:
        e = next(e for e in c.entries if e.number == bye)
        m = Match(contest_id=c.id, round=rnd, pairing=len(slots) // c.games_per_pairing, game_no=0, game=c.game,
                  game_format=c.game_format, rules=c.rules, seed=0, status="bye", engine_version=__version__,
                  finished_at=now())
        m.seats = [MatchSeat(seat=0, entry_id=e.id, agent=e.agent, status=OK, place=1, score=1.0)]
        s.add(m)


def games_to_play(s: Session, c: Contest) -> int:
    """How many games a started contest plays in all, its withdrawn entries' games not played left out:
    a round robin's schedule less those; a Swiss contest's games paired so far, and those of the rounds
    still to pair between the entries that play on."""
    if c.pairing == "round-robin":
        return (schedule.expected_games(c.pairing, len(c.entries), c.games_per_pairing, c.rounds)
                - _count(s, c, WITHDRAWN_GAME))
    paired = _count(s, c, "scheduled", "finished", "error")
    return paired + _rounds_to_pair(s, c) * (len(_playing_on(c)) // 2) * c.games_per_pairing


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
                              tuple(e.label for e in seated), c.time_control, bot_log, c.cards))
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
    with store.session() as s:
        contest_id = get_contest(s, name).id
    # held while this run plays: a delete or a rename is refused meanwhile (runlock.py)
    with runlock.playing(store.engine, contest_id):
        return _play(store, name, workers, progress, worker_init, bot_log)


def _play(
    store: Store,
    name: str,
    workers: int,
    progress: ProgressHook | None,
    worker_init: Callable[[], None] | None,
    bot_log: str | None,
) -> RunSummary:
    summary = RunSummary()
    with _scheduling(store) as s:
        c = get_contest(s, name)
        if c.status == "open":
            _start(s, c)
    while True:
        with _scheduling(store) as s:
            _schedule_next(s, get_contest(s, name))
        with store.session() as s:
            c = get_contest(s, name)
            tasks = _tasks(s, c, bot_log)
            summary.done = _count(s, c, "finished", "error")
            summary.total = games_to_play(s, c)  # an entry may withdraw while the run plays
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

        execute(tasks, workers, write, worker_init, keep=lambda t: _still_scheduled(store, t.match_id))
    for attempt in range(3):
        try:
            with store.session() as s:
                c = get_contest(s, name)
                _lock_row(s, c)  # a withdrawal finishing the contest meanwhile writes the same ratings
                recompute_ratings(s, c)
                summary.done, summary.total = _count(s, c, "finished", "error"), games_to_play(s, c)
                if c.status != "finished" and not _count(s, c, "scheduled"):
                    c.status = "finished"
                    c.finished_at = now()
                summary.finished = c.status == "finished"
            break
        except IntegrityError:  # another run wrote the same ratings at the same moment: write them again
            if attempt == 2:
                raise
    return summary


def _still_scheduled(store: Store, match_id: int) -> bool:
    """Whether a game is still to play when a worker would start it (its entry may have withdrawn)."""
    with store.session() as s:
        return s.scalar(select(Match.status).where(Match.id == match_id)) == "scheduled"


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


# -- organizing: rename, delete, withdraw -----------------------------------------------------------

@contextmanager
def _changing(store: Store, name: str, remove: bool = False) -> Iterator[tuple[Session, Contest]]:
    """A transaction changing contest `name` while no run plays it (runlock.py): refused, with nothing
    changed, while one does. `remove`: the contest is deleted (its lock file goes with it)."""
    with store.session() as s:
        contest_id = get_contest(s, name).id
    try:
        with runlock.changing(store.engine, contest_id, remove), store.session() as s:
            runlock.claim(s, contest_id)
            c = get_contest(s, name)
            if c.id != contest_id:  # deleted and made again meanwhile: the lock was another contest's
                raise ContestError(f"contest {name.strip()!r} changed meanwhile: try again (nothing was changed)")
            yield s, c
    except runlock.RunActive:
        raise ContestError(being_run(name)) from None


def being_run(name: str) -> str:
    """Why a change to a contest a run plays is refused; said the same on the command line and on a web
    page (no command to type)."""
    return (f"contest {name.strip()!r} is being run right now: wait for the run to end or stop it, then try "
            "again (nothing was changed)")


def rename_contest(store: Store, name: str, new_name: str) -> str:
    """Give contest `name` the name `new_name` (checked as a new contest's name is); returns it as stored.
    Its seed stays, so its games stay the same (a seed left to its default was derived from the name it
    was made with)."""
    new_name = new_name.strip()
    problems = name_problems(new_name)
    if problems:
        raise ContestError(f"cannot rename contest {name.strip()!r}: " + "; ".join(problems) + " (nothing was changed)")
    try:
        with _changing(store, name) as (s, c):
            if c.name == new_name:
                raise ContestError(f"contest {c.name!r} is already named so (nothing was changed)")
            if s.scalar(select(Contest.id).where(Contest.name == new_name)) is not None:
                raise ContestError(f"a contest named {new_name!r} already exists: choose another name (nothing was "
                                   "changed)")
            c.name = new_name
    except IntegrityError:  # the same name taken by another command in the meantime
        raise ContestError(f"a contest named {new_name!r} already exists: choose another name (nothing was "
                           "changed)") from None
    return new_name


@dataclass
class Removed:
    """What deleting a contest removed: its entries, and its games by status."""

    name: str
    entries: int
    games: dict[str, int]

    @property
    def played(self) -> int:
        return self.games.get("finished", 0)

    @property
    def total(self) -> int:
        """Every game row: played, failed by the engine, still to play, withdrawn (a bye is no game)."""
        return sum(n for status, n in self.games.items() if status != "bye")


def delete_contest(store: Store, name: str) -> Removed:
    """Delete contest `name` with its entries, games (their seats and replays) and ratings, and nothing of
    any other contest; refused while a run plays it."""
    with _changing(store, name, remove=True) as (s, c):
        games = {status: n for status, n in s.execute(
            select(Match.status, func.count()).where(Match.contest_id == c.id).group_by(Match.status)).all()}
        removed = Removed(c.name, len(c.entries), games)
        ids = select(Match.id).where(Match.contest_id == c.id).scalar_subquery()
        for q in (delete(Replay).where(Replay.match_id.in_(ids)), delete(MatchSeat).where(MatchSeat.match_id.in_(ids)),
                  delete(Match).where(Match.contest_id == c.id), delete(Rating).where(Rating.contest_id == c.id),
                  delete(Entry).where(Entry.contest_id == c.id), delete(Contest).where(Contest.id == c.id)):
            s.execute(q, execution_options={"synchronize_session": False})
        s.expunge_all()
    return removed


@dataclass
class Withdrawal:
    """An entry taken out of a contest: removed (the contest had not started) or withdrawn (paired in no
    later round, its games not played yet are not played; those it played stay)."""

    label: str
    number: int
    removed: bool
    #: games it will not play, games it played (they stay in the record), and a Swiss round's games
    #: already paired that it still plays (a round already paired finishes its games)
    cancelled: int = 0
    played: int = 0
    finishing: int = 0
    #: a Swiss contest: the entry is paired in no later round
    swiss: bool = False
    #: the contest has no game left to play: it is finished now
    finished: bool = False


def find_entry(c: Contest, ref: str) -> Entry:
    """A contest's entry by its number (`2` or `#2`) or its label (`random:mind_storm`)."""
    ref = ref.strip()
    listed = ", ".join(f"#{e.number} {e.label}" for e in c.entries) or "none"
    if not ref:
        raise ContestError(f"which entry of contest {c.name!r}? give its number (#2) or its label; entries: {listed}")
    number = re.fullmatch(r"#?(\d+)", ref)
    for e in c.entries:
        if (number is not None and e.number == int(number.group(1))) or e.label == ref:
            return e
    raise ContestError(f"contest {c.name!r} has no entry {ref!r}; entries: {listed}")


def withdrawn_entries(c: Contest) -> set[int]:
    """The ids of the contest's withdrawn entries."""
    return {e.id for e in c.entries if e.withdrawn_at is not None}


def withdraw(store: Store, name: str, ref: str) -> Withdrawal:
    """Take entry `ref` (number or label) out of contest `name`. Before the contest starts it is removed, as
    if it had never entered. Once it has started the entry is withdrawn: the games it played stay and
    count, for it and for its opponents; it is paired in no later Swiss round; its games not played yet
    are not played (no one scores them), except a Swiss round's already paired, which it finishes. Works
    while a run plays the contest (it picks the withdrawal up: a round robin game of the entry that is
    being played when it withdraws is not stored)."""
    with store.session() as s:
        c = get_contest(s, name)
        # the row lock a run's start, `enter` and a Swiss pairing take: each sees the entries before or after
        if not _lock_row(s, c):
            raise ContestError(f"contest {name.strip()!r} changed meanwhile: try again (nothing was changed)")
        e = find_entry(c, ref)
        who = f"entry #{e.number} {e.label}"
        done = Withdrawal(e.label, e.number, removed=c.status == "open", swiss=c.pairing == "swiss")
        if c.status == "open":
            c.entries.remove(e)  # delete-orphan: the row goes
            return done
        if e.withdrawn_at is not None:
            raise ContestError(f"{who} is already withdrawn from contest {c.name!r} (nothing was changed)")
        mine = select(MatchSeat.match_id).where(MatchSeat.entry_id == e.id)
        of_mine = (Match.contest_id == c.id, Match.id.in_(mine))
        # a round robin's games to come are not played; a Swiss round already paired finishes its games
        unplayed = ("scheduled", "error") if c.pairing == "round-robin" else ("error",)
        left = list(s.scalars(select(Match.id).where(*of_mine, Match.status.in_(unplayed))))
        done.played = _count_of(s, c, mine, "finished")
        done.finishing = _count_of(s, c, mine, "scheduled") if c.pairing == "swiss" else 0
        if not left and (c.pairing == "round-robin" or not _rounds_to_pair(s, c)):
            last = "all its games" if c.pairing == "round-robin" else "in the last round"
            raise ContestError(f"{who} has played {last} of contest {c.name!r}: there is nothing left to withdraw "
                               "it from, and the games it played stay in the record (delete the contest to remove "
                               "them; nothing was changed)")
        e.withdrawn_at = now()
        if left:
            s.execute(update(Match).where(Match.id.in_(left)).values(status=WITHDRAWN_GAME, finished_at=now()))
            s.execute(update(MatchSeat).where(MatchSeat.match_id.in_(left), MatchSeat.entry_id == e.id)
                      .values(status=WITHDRAWN))
        done.cancelled = len(left)
        s.flush()
        more = c.pairing == "swiss" and _rounds_to_pair(s, c)
        if c.status == "running" and not _count(s, c, "scheduled") and not more:
            recompute_ratings(s, c)
            c.status, c.finished_at = "finished", now()
            done.finished = True
        return done


def _count_of(s: Session, c: Contest, ids: Any, status: str) -> int:
    return s.scalar(select(func.count()).select_from(Match).where(
        Match.contest_id == c.id, Match.id.in_(ids), Match.status == status)) or 0
