"""When an entry withdrew from a started contest (a Swiss entry that withdraws may have no game left
unplayed to mark it by); entries withdrawn from a round robin before it are found by their games.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

#: a round robin's withdrawn entry until now: its seat in a game not played because it withdrew
_WITHDRAWN_SEATS = ("FROM match_seats ms JOIN matches m ON m.id = ms.match_id "
                    "WHERE ms.entry_id = entries.id AND m.status = 'withdrawn' AND ms.status = 'WITHDRAWN'")


def upgrade() -> None:
    with op.batch_alter_table("entries", schema=None) as batch_op:
        batch_op.add_column(sa.Column("withdrawn_at", sa.DateTime(timezone=True), nullable=True))
    op.execute(f"UPDATE entries SET withdrawn_at = (SELECT COALESCE(MAX(m.finished_at), CURRENT_TIMESTAMP) "
               f"{_WITHDRAWN_SEATS}) WHERE EXISTS (SELECT 1 {_WITHDRAWN_SEATS})")


def downgrade() -> None:
    with op.batch_alter_table("entries", schema=None) as batch_op:
        batch_op.drop_column("withdrawn_at")
