"""The web arena's tables: users, saved decks (and drafts), live games, bot tokens (cardarena.web.models).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

DOC = sa.JSON()

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("users",
    sa.Column("id", sa.Integer(), nullable=False),
    sa.Column("name", sa.String(length=40), nullable=False),
    sa.Column("password_hash", sa.String(length=200), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
    sa.UniqueConstraint("name", name=op.f("uq_users_name"))
    )
    op.create_table("decks",
    sa.Column("id", sa.Integer(), nullable=False),
    sa.Column("user_id", sa.Integer(), nullable=False),
    sa.Column("game", sa.String(length=40), nullable=False),
    sa.Column("name", sa.String(length=200), nullable=False),
    sa.Column("doc", DOC, nullable=False),
    sa.Column("legal", sa.Boolean(), nullable=False),
    sa.Column("problems", sa.JSON(), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_decks_user_id_users"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_decks")),
    sa.UniqueConstraint("user_id", "game", "name", name=op.f("uq_decks_user_id_game_name"))
    )
    with op.batch_alter_table("decks", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_decks_user_id"), ["user_id"], unique=False)
    op.create_table("live_games",
    sa.Column("id", sa.Integer(), nullable=False),
    sa.Column("user_id", sa.Integer(), nullable=False),
    sa.Column("game", sa.String(length=40), nullable=False),
    sa.Column("game_format", sa.String(length=40), nullable=False),
    sa.Column("rules", DOC, nullable=False),
    sa.Column("seed", sa.BigInteger(), nullable=False),
    sa.Column("decks", DOC, nullable=False),
    sa.Column("seat", sa.Integer(), nullable=False),
    sa.Column("agent", sa.String(length=200), nullable=False),
    sa.Column("choices", DOC, nullable=False),
    sa.Column("status", sa.String(length=20), nullable=False),
    sa.Column("match_id", sa.Integer(), nullable=True),
    sa.Column("auto_pass", sa.Boolean(), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name=op.f("fk_live_games_match_id_matches"),
                            ondelete="SET NULL"),
    sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_live_games_user_id_users"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_live_games"))
    )
    with op.batch_alter_table("live_games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_live_games_user_id"), ["user_id"], unique=False)
    op.create_table("api_tokens",
    sa.Column("id", sa.Integer(), nullable=False),
    sa.Column("user_id", sa.Integer(), nullable=False),
    sa.Column("name", sa.String(length=100), nullable=False),
    sa.Column("token_hash", sa.String(length=64), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("last_used", sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_api_tokens_user_id_users"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_api_tokens")),
    sa.UniqueConstraint("token_hash", name=op.f("uq_api_tokens_token_hash"))
    )
    with op.batch_alter_table("api_tokens", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_api_tokens_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_table("api_tokens")
    op.drop_table("live_games")
    op.drop_table("decks")
    op.drop_table("users")
