"""Initial schema: accounts, tournaments, players, registrations and the audit log.

Revision ID: e9550b633d47
Revises:
Create Date: 2026-11-22 01:24:28.481875

Written to run unchanged on SQLite and PostgreSQL: enums are VARCHAR with a named CHECK
(no PostgreSQL ENUM type to migrate later), the boolean default is ``sa.true()``, and every
constraint carries the name the models' naming convention gives it.
"""

import sqlalchemy as sa
from alembic import op

revision = "e9550b633d47"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "user_account",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=40), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.Column("active", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.CheckConstraint(
            "role IN ('turnierleitung', 'schiedsrichter')", name=op.f("ck_user_account_role")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_user_account")),
        sa.UniqueConstraint("username", name=op.f("uq_user_account_username")),
    )
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("date", sa.Date(), nullable=False),
        sa.Column("venue", sa.String(length=120), server_default="", nullable=False),
        sa.Column("organiser", sa.String(length=120), server_default="", nullable=False),
        sa.Column("rule_set", sa.String(length=40), server_default="TSR 2026", nullable=False),
        sa.Column("rounds_planned", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=20), server_default="planned", nullable=False),
        sa.CheckConstraint(
            "rounds_planned >= 1", name=op.f("ck_tournament_rounds_planned_positive")
        ),
        sa.CheckConstraint(
            "status IN ('planned', 'running', 'finished')", name=op.f("ck_tournament_status")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament")),
    )
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("club", sa.String(length=120), server_default="", nullable=False),
        sa.Column("ddv_number", sa.String(length=20), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player")),
        sa.UniqueConstraint("ddv_number", name=op.f("uq_player_ddv_number")),
    )
    op.create_table(
        "registration",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("start_number", sa.Integer(), nullable=False),
        sa.Column("withdrawn_after_round", sa.Integer(), nullable=True),
        sa.CheckConstraint("start_number >= 1", name=op.f("ck_registration_start_number_positive")),
        sa.CheckConstraint(
            "withdrawn_after_round IS NULL OR withdrawn_after_round >= 0",
            name=op.f("ck_registration_withdrawn_after_round_not_negative"),
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_registration_player_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_registration_tournament_id_tournament"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_registration")),
        sa.UniqueConstraint(
            "tournament_id", "player_id", name=op.f("uq_registration_tournament_id_player_id")
        ),
        sa.UniqueConstraint(
            "tournament_id",
            "start_number",
            name=op.f("uq_registration_tournament_id_start_number"),
        ),
    )
    op.create_index(op.f("ix_registration_player_id"), "registration", ["player_id"])
    op.create_index(op.f("ix_registration_tournament_id"), "registration", ["tournament_id"])
    op.create_table(
        "audit_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("object_type", sa.String(length=40), nullable=False),
        sa.Column("object_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("old_value", sa.Text(), nullable=True),
        sa.Column("new_value", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_audit_event_user_id_user_account")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_event")),
    )
    op.create_index(op.f("ix_audit_event_at"), "audit_event", ["at"])
    op.create_index(op.f("ix_audit_event_object"), "audit_event", ["object_type", "object_id"])
    op.create_index(op.f("ix_audit_event_user_id"), "audit_event", ["user_id"])


def downgrade() -> None:
    # Indexes go with their tables.
    op.drop_table("audit_event")
    op.drop_table("registration")
    op.drop_table("player")
    op.drop_table("tournament")
    op.drop_table("user_account")
