"""Rounds, their tables and seats, score-list entries; late entry, fixed tables, versions.

Revision ID: e024e6d429e6
Revises: e9550b633d47
Create Date: 2026-11-22 02:16:28.038401

Portable as the initial migration: enums are VARCHAR with a named CHECK, booleans default to
``sa.false()``.
"""

import sqlalchemy as sa
from alembic import op

revision = "e024e6d429e6"
down_revision = "e9550b633d47"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "round",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=20), server_default="drawn", nullable=False),
        sa.Column("method", sa.String(length=20), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("separate_clubs", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("repeats", sa.Integer(), nullable=False),
        sa.Column("five_tables", sa.Integer(), nullable=False),
        sa.Column("draw_request", sa.Text(), nullable=False),
        sa.Column("drawn_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("number >= 1", name=op.f("ck_round_number_positive")),
        sa.CheckConstraint(
            "status IN ('drawn', 'running', 'finished')", name=op.f("ck_round_status")
        ),
        sa.CheckConstraint("method IN ('random', 'standings')", name=op.f("ck_round_method")),
        sa.ForeignKeyConstraint(
            ["tournament_id"], ["tournament.id"], name=op.f("fk_round_tournament_id_tournament")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_round")),
        sa.UniqueConstraint("tournament_id", "number", name=op.f("uq_round_tournament_id_number")),
    )
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_round_tournament_id"), ["tournament_id"], unique=False)

    op.create_table(
        "round_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.CheckConstraint("size IN (4, 5)", name=op.f("ck_round_table_size_four_or_five")),
        sa.ForeignKeyConstraint(
            ["round_id"], ["round.id"], name=op.f("fk_round_table_round_id_round")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_round_table")),
        sa.UniqueConstraint("round_id", "number", name=op.f("uq_round_table_round_id_number")),
    )
    with op.batch_alter_table("round_table", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_round_table_round_id"), ["round_id"], unique=False)

    op.create_table(
        "list_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        sa.CheckConstraint("number >= 1", name=op.f("ck_list_entry_number_positive")),
        sa.ForeignKeyConstraint(
            ["table_id"], ["round_table.id"], name=op.f("fk_list_entry_table_id_round_table")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_list_entry")),
        sa.UniqueConstraint("table_id", "number", name=op.f("uq_list_entry_table_id_number")),
    )
    with op.batch_alter_table("list_entry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_list_entry_table_id"), ["table_id"], unique=False)

    op.create_table(
        "seat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), server_default="0", nullable=False),
        sa.CheckConstraint("position >= 1 AND position <= 5", name=op.f("ck_seat_position_range")),
        sa.ForeignKeyConstraint(
            ["registration_id"],
            ["registration.id"],
            name=op.f("fk_seat_registration_id_registration"),
        ),
        sa.ForeignKeyConstraint(["round_id"], ["round.id"], name=op.f("fk_seat_round_id_round")),
        sa.ForeignKeyConstraint(
            ["table_id"], ["round_table.id"], name=op.f("fk_seat_table_id_round_table")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seat")),
        sa.UniqueConstraint(
            "round_id", "registration_id", name=op.f("uq_seat_round_id_registration_id")
        ),
        sa.UniqueConstraint("table_id", "position", name=op.f("uq_seat_table_id_position")),
    )
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_seat_registration_id"), ["registration_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_seat_round_id"), ["round_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_seat_table_id"), ["table_id"], unique=False)

    with op.batch_alter_table("registration", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("first_round", sa.Integer(), server_default="1", nullable=False)
        )
        batch_op.add_column(sa.Column("fixed_table", sa.Integer(), nullable=True))

    with op.batch_alter_table("tournament", schema=None) as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), server_default="1", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("tournament", schema=None) as batch_op:
        batch_op.drop_column("version")

    with op.batch_alter_table("registration", schema=None) as batch_op:
        batch_op.drop_column("fixed_table")
        batch_op.drop_column("first_round")

    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seat_table_id"))
        batch_op.drop_index(batch_op.f("ix_seat_round_id"))
        batch_op.drop_index(batch_op.f("ix_seat_registration_id"))

    op.drop_table("seat")
    with op.batch_alter_table("list_entry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_list_entry_table_id"))

    op.drop_table("list_entry")
    with op.batch_alter_table("round_table", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_round_table_round_id"))

    op.drop_table("round_table")
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_round_tournament_id"))

    op.drop_table("round")
