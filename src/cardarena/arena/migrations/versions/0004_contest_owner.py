"""A contest's owner: the web user who made it, the only one who may run it from the web.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("contests", schema=None) as batch_op:
        batch_op.add_column(sa.Column("owner", sa.String(length=40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("contests", schema=None) as batch_op:
        batch_op.drop_column("owner")
