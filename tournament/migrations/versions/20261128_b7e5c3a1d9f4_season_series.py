"""Season series (Jahreswertung): a series and its tournaments (issue 35, item 1).

Revision ID: b7e5c3a1d9f4
Revises: a6d4b2e8c1f9
Create Date: 2026-11-28 04:00:14.045162
"""

import sqlalchemy as sa
from alembic import op

revision = "b7e5c3a1d9f4"
down_revision = "a6d4b2e8c1f9"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "series",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("season", sa.Integer(), nullable=False),
        sa.Column("rules_preset", sa.String(length=40), nullable=True),
        sa.Column("rules_variants", sa.JSON(), server_default="[]", nullable=False),
        sa.Column(
            "counting",
            sa.Enum(
                "all", "best", name="counting", native_enum=False, create_constraint=True, length=20
            ),
            nullable=False,
        ),
        sa.Column("best_of", sa.Integer(), nullable=True),
        sa.Column(
            "measure",
            sa.Enum(
                "total",
                "average",
                "placement",
                name="measure",
                native_enum=False,
                create_constraint=True,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("placement_points", sa.JSON(), server_default="[]", nullable=False),
        sa.Column("min_tournaments", sa.Integer(), server_default="1", nullable=False),
        sa.Column("tie_breaks", sa.JSON(), server_default="[]", nullable=False),
        sa.Column("version", sa.Integer(), server_default="1", nullable=False),
        sa.CheckConstraint(
            "best_of IS NULL OR best_of >= 1", name=op.f("ck_series_best_of_positive")
        ),
        sa.CheckConstraint("min_tournaments >= 1", name=op.f("ck_series_min_tournaments_positive")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_series")),
    )
    op.create_table(
        "series_tournament",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("series_id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["series_id"], ["series.id"], name=op.f("fk_series_tournament_series_id_series")
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_series_tournament_tournament_id_tournament"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_series_tournament")),
        sa.UniqueConstraint(
            "series_id", "tournament_id", name=op.f("uq_series_tournament_series_id_tournament_id")
        ),
    )
    with op.batch_alter_table("series_tournament", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_series_tournament_series_id"), ["series_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_series_tournament_tournament_id"), ["tournament_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("series_tournament", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_series_tournament_tournament_id"))
        batch_op.drop_index(batch_op.f("ix_series_tournament_series_id"))

    op.drop_table("series_tournament")
    op.drop_table("series")
