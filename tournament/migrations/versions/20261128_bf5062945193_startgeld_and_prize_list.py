"""Startgeld and prize list: prize rules, categories and desk payments (issue 35, item 2).

Revision ID: bf5062945193
Revises: b7e5c3a1d9f4
Create Date: 2026-11-28 06:44:58.703040
"""

import sqlalchemy as sa
from alembic import op

revision = "bf5062945193"
down_revision = "b7e5c3a1d9f4"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "prize_rules",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("entry_fee", sa.Integer(), server_default="0", nullable=False),
        sa.Column("kept_back", sa.Integer(), server_default="0", nullable=False),
        sa.Column("shares", sa.JSON(), server_default="[]", nullable=False),
        sa.Column("fixed", sa.JSON(), server_default="[]", nullable=False),
        sa.Column("best_round_prize", sa.Integer(), server_default="0", nullable=False),
        sa.Column("category_prizes", sa.JSON(), server_default="[]", nullable=False),
        sa.Column("withdrawn_keep", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.Column("several_prizes", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("version", sa.Integer(), server_default="1", nullable=False),
        sa.CheckConstraint(
            "best_round_prize >= 0", name=op.f("ck_prize_rules_best_round_prize_not_negative")
        ),
        sa.CheckConstraint("entry_fee >= 0", name=op.f("ck_prize_rules_entry_fee_not_negative")),
        sa.CheckConstraint("kept_back >= 0", name=op.f("ck_prize_rules_kept_back_not_negative")),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_prize_rules_tournament_id_tournament"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_prize_rules")),
        sa.UniqueConstraint("tournament_id", name=op.f("uq_prize_rules_tournament_id")),
    )
    op.create_table(
        "entry_payment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "cash",
                "transfer",
                "refund",
                name="payment_kind",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("recorded_by_id", sa.Integer(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("amount >= 0", name=op.f("ck_entry_payment_amount_not_negative")),
        sa.ForeignKeyConstraint(
            ["recorded_by_id"],
            ["user_account.id"],
            name=op.f("fk_entry_payment_recorded_by_id_user_account"),
        ),
        sa.ForeignKeyConstraint(
            ["registration_id"],
            ["registration.id"],
            name=op.f("fk_entry_payment_registration_id_registration"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_entry_payment")),
    )
    with op.batch_alter_table("entry_payment", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_entry_payment_registration_id"), ["registration_id"], unique=False
        )

    op.create_table(
        "prize_category",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("category", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["registration_id"],
            ["registration.id"],
            name=op.f("fk_prize_category_registration_id_registration"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_prize_category")),
        sa.UniqueConstraint(
            "registration_id", "category", name=op.f("uq_prize_category_registration_id_category")
        ),
    )
    with op.batch_alter_table("prize_category", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_prize_category_registration_id"), ["registration_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("prize_category", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_prize_category_registration_id"))

    op.drop_table("prize_category")
    with op.batch_alter_table("entry_payment", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_entry_payment_registration_id"))

    op.drop_table("entry_payment")
    op.drop_table("prize_rules")
