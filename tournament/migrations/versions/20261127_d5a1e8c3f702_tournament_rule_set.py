"""The tournament's rule set: a preset of the rules engine, its chosen variants and overrides.

Revision ID: d5a1e8c3f702
Revises: c8d2f4a6e1b3
Create Date: 2026-11-27 19:15:00

Every existing tournament was played under the DDV Turnier-Spielregeln: it gets the preset
``ddv`` without variants. The free-text column ``rule_set`` ("TSR 2026"), which nothing could
change, gives way to the three columns.
"""

import sqlalchemy as sa
from alembic import op

revision = "d5a1e8c3f702"
down_revision = "c8d2f4a6e1b3"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "tournament",
        sa.Column("rules_preset", sa.String(length=40), server_default="ddv", nullable=False),
    )
    op.add_column(
        "tournament", sa.Column("rules_variants", sa.JSON(), server_default="[]", nullable=False)
    )
    op.add_column(
        "tournament", sa.Column("rules_overrides", sa.JSON(), server_default="{}", nullable=False)
    )
    # Plain ALTER TABLE (SQLite 3.35 and later drop a column in place): a batch operation would
    # copy the table, which SQLite's foreign keys refuse while rounds point to it.
    op.drop_column("tournament", "rule_set")


def downgrade() -> None:
    op.add_column(
        "tournament",
        sa.Column("rule_set", sa.String(length=40), server_default="TSR 2026", nullable=False),
    )
    op.drop_column("tournament", "rules_overrides")
    op.drop_column("tournament", "rules_variants")
    op.drop_column("tournament", "rules_preset")
