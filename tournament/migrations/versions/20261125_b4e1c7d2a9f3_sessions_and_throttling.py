"""Sessions that can be ended, and the counters of failed attempts.

Revision ID: b4e1c7d2a9f3
Revises: 7a3d9c1e4b20
Create Date: 2026-11-25 16:30:00

Every account starts at session epoch 0: sessions signed in before this revision carry no
epoch in their id and end (their users sign in again).
"""

import sqlalchemy as sa
from alembic import op

revision = "b4e1c7d2a9f3"
down_revision = "7a3d9c1e4b20"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("session_epoch", sa.Integer(), server_default="0", nullable=False)
        )
    op.create_table(
        "throttle_counter",
        sa.Column("key", sa.Text(), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_throttle_counter")),
    )
    with op.batch_alter_table("throttle_counter", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_throttle_counter_expires_at"), ["expires_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("throttle_counter", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_throttle_counter_expires_at"))
    op.drop_table("throttle_counter")
    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.drop_column("session_epoch")
