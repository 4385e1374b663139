"""Score lists at the table: list versions, table access codes, locks, time up.

Revision ID: 5c0f1e2a7b91
Revises: e024e6d429e6
Create Date: 2026-11-22 03:30:00

Existing rows get version 1, no access code, unlocked; existing list entries count as
entered now.
"""

import sqlalchemy as sa
from alembic import op

revision = "5c0f1e2a7b91"
down_revision = "e024e6d429e6"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.add_column(sa.Column("time_up_at", sa.DateTime(timezone=True), nullable=True))

    with op.batch_alter_table("round_table", schema=None) as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), server_default="1", nullable=False))
        batch_op.add_column(sa.Column("access_code", sa.String(length=16), nullable=True))
        batch_op.add_column(
            sa.Column("locked", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.create_unique_constraint(batch_op.f("uq_round_table_access_code"), ["access_code"])

    with op.batch_alter_table("list_entry", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "entered_at",
                sa.DateTime(timezone=True),
                server_default=sa.func.now(),
                nullable=False,
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("list_entry", schema=None) as batch_op:
        batch_op.drop_column("entered_at")

    with op.batch_alter_table("round_table", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_round_table_access_code"), type_="unique")
        batch_op.drop_column("locked")
        batch_op.drop_column("access_code")
        batch_op.drop_column("version")

    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.drop_column("time_up_at")
