"""The arena's first schema: contests, entries, matches with their seats and replays, ratings.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

#: JSON documents kept as written (cardarena.arena.models.Doc): not JSONB, which reorders keys
DOC = sa.JSON()

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("contests",
    sa.Column("id", sa.Integer(), nullable=False),
    sa.Column("name", sa.String(length=200), nullable=False),
    sa.Column("game", sa.String(length=40), nullable=False),
    sa.Column("game_format", sa.String(length=40), nullable=False),
    sa.Column("rules", DOC, nullable=False),
    sa.Column("pairing", sa.String(length=20), nullable=False),
    sa.Column("games_per_pairing", sa.Integer(), nullable=False),
    sa.Column("rounds", sa.Integer(), nullable=False),
    sa.Column("seed", sa.BigInteger(), nullable=False),
    sa.Column("status", sa.String(length=20), nullable=False),
    sa.Column("engine_version", sa.String(length=40), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_contests")),
    sa.UniqueConstraint("name", name=op.f("uq_contests_name"))
    )
    op.create_table("entries",
    sa.Column("id", sa.Integer(), nullable=False),
    sa.Column("contest_id", sa.Integer(), nullable=False),
    sa.Column("number", sa.Integer(), nullable=False),
    sa.Column("label", sa.String(length=200), nullable=False),
    sa.Column("agent", sa.String(length=500), nullable=False),
    sa.Column("deck_name", sa.String(length=200), nullable=False),
    sa.Column("deck", DOC, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["contest_id"], ["contests.id"], name=op.f("fk_entries_contest_id_contests"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_entries")),
    sa.UniqueConstraint("contest_id", "label", name=op.f("uq_entries_contest_id_label")),
    sa.UniqueConstraint("contest_id", "number", name=op.f("uq_entries_contest_id_number"))
    )
    with op.batch_alter_table("entries", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_entries_contest_id"), ["contest_id"], unique=False)

    op.create_table("matches",
    sa.Column("id", sa.Integer(), nullable=False),
    sa.Column("contest_id", sa.Integer(), nullable=True),
    sa.Column("round", sa.Integer(), nullable=True),
    sa.Column("pairing", sa.Integer(), nullable=True),
    sa.Column("game_no", sa.Integer(), nullable=True),
    sa.Column("game", sa.String(length=40), nullable=False),
    sa.Column("game_format", sa.String(length=40), nullable=False),
    sa.Column("rules", DOC, nullable=False),
    sa.Column("seed", sa.BigInteger(), nullable=False),
    sa.Column("status", sa.String(length=20), nullable=False),
    sa.Column("reason", sa.String(length=60), nullable=True),
    sa.Column("turns", sa.Integer(), nullable=True),
    sa.Column("error", sa.Text(), nullable=True),
    sa.Column("engine_version", sa.String(length=40), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("duration_s", sa.Float(), nullable=True),
    sa.ForeignKeyConstraint(["contest_id"], ["contests.id"], name=op.f("fk_matches_contest_id_contests"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_matches")),
    sa.UniqueConstraint("contest_id", "round", "pairing", "game_no", name=op.f("uq_matches_contest_id_round_pairing_game_no"))
    )
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_matches_contest_id"), ["contest_id"], unique=False)

    op.create_table("match_seats",
    sa.Column("match_id", sa.Integer(), nullable=False),
    sa.Column("seat", sa.Integer(), nullable=False),
    sa.Column("entry_id", sa.Integer(), nullable=True),
    sa.Column("agent", sa.String(length=500), nullable=False),
    sa.Column("status", sa.String(length=20), nullable=True),
    sa.Column("fault", sa.Text(), nullable=True),
    sa.Column("place", sa.Integer(), nullable=True),
    sa.Column("score", sa.Float(), nullable=True),
    sa.ForeignKeyConstraint(["entry_id"], ["entries.id"], name=op.f("fk_match_seats_entry_id_entries"), ondelete="CASCADE"),
    sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name=op.f("fk_match_seats_match_id_matches"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("match_id", "seat", name=op.f("pk_match_seats"))
    )
    with op.batch_alter_table("match_seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_match_seats_entry_id"), ["entry_id"], unique=False)

    op.create_table("ratings",
    sa.Column("entry_id", sa.Integer(), nullable=False),
    sa.Column("model", sa.String(length=60), nullable=False),
    sa.Column("contest_id", sa.Integer(), nullable=False),
    sa.Column("mu", sa.Float(), nullable=False),
    sa.Column("sigma", sa.Float(), nullable=False),
    sa.Column("ordinal", sa.Float(), nullable=False),
    sa.Column("games", sa.Integer(), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["contest_id"], ["contests.id"], name=op.f("fk_ratings_contest_id_contests"), ondelete="CASCADE"),
    sa.ForeignKeyConstraint(["entry_id"], ["entries.id"], name=op.f("fk_ratings_entry_id_entries"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("entry_id", "model", name=op.f("pk_ratings"))
    )
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_ratings_contest_id"), ["contest_id"], unique=False)

    op.create_table("replays",
    sa.Column("match_id", sa.Integer(), nullable=False),
    sa.Column("record", DOC, nullable=False),
    sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name=op.f("fk_replays_match_id_matches"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("match_id", name=op.f("pk_replays"))
    )


def downgrade() -> None:
    op.drop_table("replays")
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ratings_contest_id"))

    op.drop_table("ratings")
    with op.batch_alter_table("match_seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_match_seats_entry_id"))

    op.drop_table("match_seats")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_matches_contest_id"))

    op.drop_table("matches")
    with op.batch_alter_table("entries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_entries_contest_id"))

    op.drop_table("entries")
    op.drop_table("contests")
