"""The engine's report stored with each table's list.

Revision ID: 7a3d9c1e4b20
Revises: 5c0f1e2a7b91
Create Date: 2026-11-25 06:20:00

Existing lists get none; each gets its report the next time it is stored.
"""

import sqlalchemy as sa
from alembic import op

revision = "7a3d9c1e4b20"
down_revision = "5c0f1e2a7b91"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("round_table", schema=None) as batch_op:
        batch_op.add_column(sa.Column("report", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("round_table", schema=None) as batch_op:
        batch_op.drop_column("report")
