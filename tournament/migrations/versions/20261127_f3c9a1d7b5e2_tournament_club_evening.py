"""A club evening: a tournament marked as one game night at one table (issue 33, item 6).

Revision ID: f3c9a1d7b5e2
Revises: e7b3c5a9d214
Create Date: 2026-11-27 22:30:00

Every existing tournament is a tournament, with no Punktwert of its own.
"""

import sqlalchemy as sa
from alembic import op

revision = "f3c9a1d7b5e2"
down_revision = "e7b3c5a9d214"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "tournament",
        sa.Column("evening", sa.Boolean(), server_default=sa.false(), nullable=False),
    )
    op.add_column("tournament", sa.Column("point_value", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("tournament", "point_value")
    op.drop_column("tournament", "evening")
