"""The day under a rule set: games per round or until the pot is empty, the pot's start, the
Zwangssolo's Frist and a time limit.

Revision ID: e7b3c5a9d214
Revises: d5a1e8c3f702
Create Date: 2026-11-27 21:45:00

Every existing tournament keeps what it had: no setting of its own (the set's games, else 24
at four and 30 at five; no pot start; no Frist; under a set no time limit).
"""

import sqlalchemy as sa
from alembic import op

revision = "e7b3c5a9d214"
down_revision = "d5a1e8c3f702"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tournament", sa.Column("round_games", sa.Integer(), nullable=True))
    op.add_column(
        "tournament",
        sa.Column("until_pot_empty", sa.Boolean(), server_default=sa.false(), nullable=False),
    )
    op.add_column("tournament", sa.Column("pot_start", sa.Integer(), nullable=True))
    op.add_column("tournament", sa.Column("zwangssolo_frist", sa.Integer(), nullable=True))
    op.add_column("tournament", sa.Column("time_limit", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("tournament", "time_limit")
    op.drop_column("tournament", "zwangssolo_frist")
    op.drop_column("tournament", "pot_start")
    op.drop_column("tournament", "until_pot_empty")
    op.drop_column("tournament", "round_games")
