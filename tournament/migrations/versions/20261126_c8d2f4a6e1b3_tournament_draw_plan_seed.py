"""The seed of the tournament's draw plan.

Revision ID: c8d2f4a6e1b3
Revises: b4e1c7d2a9f3
Create Date: 2026-11-26 01:10:00

A tournament that already has rounds takes the seed of its round 1: that round's draw made the
plan from it, so the next rounds follow the same plan.
"""

import sqlalchemy as sa
from alembic import op

revision = "c8d2f4a6e1b3"
down_revision = "b4e1c7d2a9f3"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tournament", sa.Column("draw_plan_seed", sa.BigInteger(), nullable=True))
    tournament = sa.table("tournament", sa.column("id"), sa.column("draw_plan_seed"))
    round_ = sa.table("round", sa.column("tournament_id"), sa.column("number"), sa.column("seed"))
    first_seed = (
        sa.select(round_.c.seed)
        .where(round_.c.tournament_id == tournament.c.id, round_.c.number == 1)
        .scalar_subquery()
    )
    op.execute(tournament.update().values(draw_plan_seed=first_seed))


def downgrade() -> None:
    # Plain ALTER TABLE (SQLite 3.35 and later drop a column in place): a batch operation would
    # copy the table, which SQLite's foreign keys refuse while rounds point to it.
    op.drop_column("tournament", "draw_plan_seed")
