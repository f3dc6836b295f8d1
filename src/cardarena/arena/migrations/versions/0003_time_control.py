"""A contest's time control: the clocks every game of the contest is played under.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("contests", schema=None) as batch_op:
        batch_op.add_column(sa.Column("time_control", sa.JSON(none_as_null=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("contests", schema=None) as batch_op:
        batch_op.drop_column("time_control")
