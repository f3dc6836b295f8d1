"""How long each seat's automaton thought in a match: seconds in all, decisions, the longest decision.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("match_seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seconds", sa.Float(), nullable=True))
        batch_op.add_column(sa.Column("decisions", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("longest", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("match_seats", schema=None) as batch_op:
        batch_op.drop_column("longest")
        batch_op.drop_column("decisions")
        batch_op.drop_column("seconds")
