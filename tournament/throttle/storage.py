"""The app's PostgreSQL database as the counter store of the ``limits`` library (fixed windows).

Every server worker that uses the same database sees the same counts, with no Redis. Its
scheme is ``doko-database://``; the database comes as the storage option ``engine``
(:func:`tournament.throttle.init_app` passes the app's). One row per counter: its key, the
hits of its current window and the moment the window ends (seconds since the epoch).

Every request to a throttled page (a list-keeper's, by table code) reads its counters before
the view runs, so the reads must cost one round trip each: the storage keeps a small pool of
its own, in autocommit (no BEGIN and ROLLBACK around a read) and without the app's ping before
each use. A connection the database has dropped fails one read, which lets that request
through (``RATELIMIT_SWALLOW_ERRORS``), and is replaced.
"""

from __future__ import annotations

import random
import time
from typing import Any, ClassVar

from limits.storage import Storage
from sqlalchemy import Engine, case, create_engine, delete, select
from sqlalchemy.dialects import postgresql
from sqlalchemy.exc import SQLAlchemyError

from tournament.models import ThrottleCounter, core_table

SCHEME = "doko-database"
#: One counter write in this many also deletes the counters whose windows have ended.
_SWEEP_EVERY = 100

#: Connections kept for the counters in each server process, and more while many requests
#: read at once.
POOL_SIZE = 4
POOL_OVERFLOW = 16

_table = core_table(ThrottleCounter)


class DatabaseStorage(Storage):
    """Fixed-window counters in the ``throttle_counter`` table."""

    STORAGE_SCHEME: ClassVar[list[str]] = [SCHEME]  # type: ignore[misc]

    def __init__(
        self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any
    ) -> None:
        engine = options.get("engine")
        if not isinstance(engine, Engine) or engine.dialect.name != "postgresql":
            raise ValueError(f"{SCHEME}:// needs the storage option 'engine', on PostgreSQL")
        super().__init__(uri, wrap_exceptions)
        self.engine = create_engine(
            engine.url,
            isolation_level="AUTOCOMMIT",
            pool_size=POOL_SIZE,
            max_overflow=POOL_OVERFLOW,
            pool_pre_ping=False,
        )

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return SQLAlchemyError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Add ``amount`` to the counter; a window that has ended starts again at ``amount``.
        One statement, so concurrent workers never lose a hit."""
        now = time.time()
        insert = postgresql.insert(_table).values(key=key, hits=amount, expires_at=now + expiry)
        ended = _table.c.expires_at <= now
        statement = insert.on_conflict_do_update(
            index_elements=[_table.c.key],
            set_={
                "hits": case((ended, amount), else_=_table.c.hits + amount),
                "expires_at": case((ended, now + expiry), else_=_table.c.expires_at),
            },
        ).returning(_table.c.hits)
        with self.engine.begin() as connection:
            hits: int = connection.execute(statement).scalar_one()
            if random.randrange(_SWEEP_EVERY) == 0:
                connection.execute(delete(_table).where(_table.c.expires_at <= now))
        return hits

    def get(self, key: str) -> int:
        query = select(_table.c.hits).where(_table.c.key == key, _table.c.expires_at > time.time())
        with self.engine.connect() as connection:
            hits = connection.execute(query).scalar_one_or_none()
        return int(hits or 0)

    def get_expiry(self, key: str) -> float:
        query = select(_table.c.expires_at).where(_table.c.key == key)
        with self.engine.connect() as connection:
            expires_at = connection.execute(query).scalar_one_or_none()
        return float(expires_at) if expires_at is not None else time.time()

    def check(self) -> bool:
        try:
            with self.engine.connect() as connection:
                connection.execute(select(1))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        with self.engine.begin() as connection:
            return connection.execute(delete(_table)).rowcount

    def clear(self, key: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(delete(_table).where(_table.c.key == key))
