"""Tables of three: a round's table may seat 3 (with the Strohmann, preset 004 L91).

Revision ID: a6d4b2e8c1f9
Revises: f3c9a1d7b5e2
Create Date: 2026-11-28 00:40:00

Downgrading refuses while a table of three is stored (its round would have to be drawn again).
"""

from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa
from alembic import op

revision = "a6d4b2e8c1f9"
down_revision = "f3c9a1d7b5e2"
branch_labels = None
depends_on = None


@contextmanager
def _table_copied() -> Iterator[None]:
    """On SQLite the batch copies the table, which its foreign keys refuse while seats and
    entries point to it: SQLite's own procedure for a changed table (its "ALTER TABLE",
    section 7) switches them off outside a transaction, copies, checks every key with
    ``PRAGMA foreign_key_check`` and switches them on again. PostgreSQL alters in place."""
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        yield
        return
    bind.exec_driver_sql("COMMIT")
    bind.exec_driver_sql("PRAGMA foreign_keys=OFF")
    bind.exec_driver_sql("BEGIN")
    yield
    broken = bind.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if broken:
        raise RuntimeError(f"Foreign keys broken by the copy of round_table: {broken}")
    bind.exec_driver_sql("COMMIT")
    bind.exec_driver_sql("PRAGMA foreign_keys=ON")
    bind.exec_driver_sql("BEGIN")


def upgrade() -> None:
    with _table_copied(), op.batch_alter_table("round_table") as batch:
        batch.drop_constraint(op.f("ck_round_table_size_four_or_five"), type_="check")
        batch.create_check_constraint("size_three_to_five", "size IN (3, 4, 5)")


def downgrade() -> None:
    threes = op.get_bind().execute(sa.text("SELECT COUNT(*) FROM round_table WHERE size = 3"))
    if threes.scalar_one():
        raise RuntimeError(
            "Tables of three are stored: draw their rounds again before downgrading. / "
            "Es gibt Dreiertische: ihre Runden vor dem Zurückgehen neu auslosen."
        )
    with _table_copied(), op.batch_alter_table("round_table") as batch:
        batch.drop_constraint(op.f("ck_round_table_size_three_to_five"), type_="check")
        batch.create_check_constraint("size_four_or_five", "size IN (4, 5)")
