"""The web arena's tables, beside the contest engine's (cardarena.arena.models, same metadata):
users, their saved decks and drafts, live games against an automaton, and bot tokens.

Migration `0002_web` creates exactly these; tests/arena/test_store.py compares them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..arena.models import Base, Doc, now


class User(Base):
    """A person with an account. Only the password's hash is kept (argon2id)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SavedDeck(Base):
    """A user's deck. `legal` is False for a draft: it is kept with its reasons, and cannot enter a
    game or a contest until it is fixed."""

    __tablename__ = "decks"
    __table_args__ = (UniqueConstraint("user_id", "game", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(200))
    #: the deck as `Deck.to_dict()` writes it (card order kept: it decides the shuffle)
    doc: Mapped[dict[str, Any]] = mapped_column(Doc)
    legal: Mapped[bool] = mapped_column(Boolean, default=False)
    problems: Mapped[list[str]] = mapped_column(JSON(), default=list)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class LiveGame(Base):
    """A person's game against an automaton. The game is its set-up plus the choices made so far:
    re-running them rebuilds it exactly (a restarted server, a closed tab)."""

    __tablename__ = "live_games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(40))
    game_format: Mapped[str] = mapped_column(String(40))
    rules: Mapped[dict[str, Any]] = mapped_column(Doc, default=dict)
    seed: Mapped[int] = mapped_column(BigInteger)
    #: one deck document per seat
    decks: Mapped[list[dict[str, Any]]] = mapped_column(Doc)
    #: the person's seat; every other seat is `agent`
    seat: Mapped[int] = mapped_column(Integer)
    agent: Mapped[str] = mapped_column(String(200))
    choices: Mapped[list[str]] = mapped_column(Doc, default=list)
    #: "playing" or "finished"
    status: Mapped[str] = mapped_column(String(20), default="playing")
    #: the stored match (with its replay) once finished
    match_id: Mapped[int | None] = mapped_column(ForeignKey("matches.id", ondelete="SET NULL"))
    auto_pass: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ApiToken(Base):
    """A user's token for connecting an external bot over the WebSocket. Only its SHA-256 is kept:
    the token itself is shown once, when it is made."""

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    last_used: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
