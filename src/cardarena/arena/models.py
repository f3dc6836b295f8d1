"""The arena's tables (docs/arena.md): contests, their entries, matches with their seats and replays,
and ratings. The contest engine writes them; the web arena reads them and adds its own tables (users,
saved decks, live games, bot tokens: cardarena.web.models, migration 0002) to the same metadata.

The Alembic migrations in `migrations/versions/` create exactly these tables; a test compares them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

#: JSON documents, kept as written: not JSONB, which reorders object keys, and the order of a deck's
#: cards decides the order of its shuffled deck (a replay must re-run to the same game everywhere)
Doc = JSON()

# named constraints, so that later migrations can alter them on every backend (SQLite batch mode)
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Contest(Base):
    """A contest between automaton entries: its game, pairing system and the seed every game derives from."""

    __tablename__ = "contests"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    game: Mapped[str] = mapped_column(String(40))
    game_format: Mapped[str] = mapped_column(String(40))
    rules: Mapped[dict[str, Any]] = mapped_column(Doc, default=dict)
    #: "round-robin" or "swiss"
    pairing: Mapped[str] = mapped_column(String(20))
    games_per_pairing: Mapped[int] = mapped_column(Integer)
    #: Swiss rounds; 1 for a round robin (every pairing once)
    rounds: Mapped[int] = mapped_column(Integer, default=1)
    seed: Mapped[int] = mapped_column(BigInteger)
    #: clocks of every seat of every game (`TimeControl.to_dict()`: per_decision, bank, startup
    #: seconds); None: in-process automatons untimed, external bots on their own limits
    time_control: Mapped[dict[str, float] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    #: the card files every game plays with (`CardFiles.to_dict()`: names, texts, sha256; docs/cards.md),
    #: kept whole so that a run resumed elsewhere plays the same cards; None: the package's (migration 0007)
    cards: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    #: the web user (by name) who made it, the only one who may run it from the web; None: made on the
    #: command line by whoever runs the arena (any signed-in user may run it). No foreign key: the
    #: arena's tables stand without the web's.
    owner: Mapped[str | None] = mapped_column(String(40), nullable=True)
    #: "open" (taking entries), "running" (games scheduled), "finished"
    status: Mapped[str] = mapped_column(String(20), default="open")
    engine_version: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    entries: Mapped[list[Entry]] = relationship(back_populates="contest", order_by="Entry.number",
                                                cascade="all, delete-orphan")


class Entry(Base):
    """One automaton with one deck in a contest. The deck is stored as validated when it entered."""

    __tablename__ = "entries"
    __table_args__ = (UniqueConstraint("contest_id", "number"), UniqueConstraint("contest_id", "label"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    contest_id: Mapped[int] = mapped_column(ForeignKey("contests.id", ondelete="CASCADE"), index=True)
    #: 1, 2, 3... in the order of entering; seeds derive from it
    number: Mapped[int] = mapped_column(Integer)
    label: Mapped[str] = mapped_column(String(200))
    #: the agent spec given to `cardarena.agents.make_agent`
    agent: Mapped[str] = mapped_column(String(500))
    #: a starter name or the deck's own name (the deck itself is in `deck`)
    deck_name: Mapped[str] = mapped_column(String(200))
    deck: Mapped[dict[str, Any]] = mapped_column(Doc)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: when it withdrew from the started contest (None: it plays on); its played games stay, it is
    #: paired in no later round and its games not played yet are not played (migration 0006)
    withdrawn_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    contest: Mapped[Contest] = relationship(back_populates="entries")


class Match(Base):
    """One game. In a contest it has a slot (round, pairing, game) that is scheduled once and filled
    once: the unique slot is what lets a killed run resume without playing a game twice. Outside a
    contest (the web arena's casual games) the slot is empty."""

    __tablename__ = "matches"
    __table_args__ = (UniqueConstraint("contest_id", "round", "pairing", "game_no"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    contest_id: Mapped[int | None] = mapped_column(ForeignKey("contests.id", ondelete="CASCADE"), index=True)
    round: Mapped[int | None] = mapped_column(Integer)
    pairing: Mapped[int | None] = mapped_column(Integer)
    game_no: Mapped[int | None] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(40))
    game_format: Mapped[str] = mapped_column(String(40))
    rules: Mapped[dict[str, Any]] = mapped_column(Doc, default=dict)
    seed: Mapped[int] = mapped_column(BigInteger)
    #: "scheduled", "finished", "error" (the engine failed: no result) or "bye" (Swiss, no game)
    status: Mapped[str] = mapped_column(String(20), default="scheduled")
    #: the Result's reason ("hero_defeated", "forfeit"...) and turn count
    reason: Mapped[str | None] = mapped_column(String(60))
    turns: Mapped[int | None] = mapped_column(Integer)
    #: why the engine failed (status "error")
    error: Mapped[str | None] = mapped_column(Text)
    engine_version: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    duration_s: Mapped[float | None] = mapped_column(Float)

    seats: Mapped[list[MatchSeat]] = relationship(back_populates="match", order_by="MatchSeat.seat",
                                                  cascade="all, delete-orphan")
    replay: Mapped[Replay | None] = relationship(back_populates="match", cascade="all, delete-orphan")


class MatchSeat(Base):
    """Who sat where in a match, how they placed, and whether their automaton failed (its status)."""

    __tablename__ = "match_seats"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry_id: Mapped[int | None] = mapped_column(ForeignKey("entries.id", ondelete="CASCADE"), index=True)
    agent: Mapped[str] = mapped_column(String(500))
    #: "OK", or the fault that lost the game: "ERROR", "TIMEOUT", "INVALID"
    status: Mapped[str | None] = mapped_column(String(20))
    #: the fault in words (the forfeit reason)
    fault: Mapped[str | None] = mapped_column(Text)
    #: 1 = first; seats that tie share a place
    place: Mapped[int | None] = mapped_column(Integer)
    #: 1 for a win, 0.5 for a draw, 0 for a loss (a bye scores 1)
    score: Mapped[float | None] = mapped_column(Float)
    #: seconds its automaton spent choosing, its decisions, its longest decision's seconds (None before
    #: migration 0005, and for a web game's person)
    seconds: Mapped[float | None] = mapped_column(Float)
    decisions: Mapped[int | None] = mapped_column(Integer)
    longest: Mapped[float | None] = mapped_column(Float)

    match: Mapped[Match] = relationship(back_populates="seats")


class Replay(Base):
    """The replay record of a finished match (`cardarena.core.match.replay_record`): it re-runs to the
    identical log with `cardarena replay --verify`."""

    __tablename__ = "replays"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    record: Mapped[dict[str, Any]] = mapped_column(Doc)

    match: Mapped[Match] = relationship(back_populates="replay")


class Rating(Base):
    """An entry's skill estimate, recomputed from the contest's stored games in schedule order."""

    __tablename__ = "ratings"

    entry_id: Mapped[int] = mapped_column(ForeignKey("entries.id", ondelete="CASCADE"), primary_key=True)
    #: the rating system, e.g. "openskill-plackett-luce"
    model: Mapped[str] = mapped_column(String(60), primary_key=True)
    contest_id: Mapped[int] = mapped_column(ForeignKey("contests.id", ondelete="CASCADE"), index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    #: a conservative single number (mu - 3 sigma) for ranking
    ordinal: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
