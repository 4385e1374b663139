"""When the data behind a live page may have changed, without asking the database each time.

A live page's poll (:mod:`tournament.web.live`) may be answered from memory only while
nothing was written since its state was computed. The *change generation* says that: a
number that moves on whenever anything may have been written, from any connection or
process, or ``None`` while the process cannot tell (then every poll asks the database).

- **SQLite** (the laptop: one server worker, but the command line, a restore or a second
  app may write beside it): ``PRAGMA data_version`` on a connection of its own, which changes
  whenever any other connection commits. Reading it costs a few microseconds, no file I/O
  beyond SQLite's shared memory.
- **PostgreSQL** (gunicorn, several workers): every transaction of the app that writes sends
  ``NOTIFY doko_changes`` inside it (an engine event, so it is delivered exactly when the
  transaction commits); each worker listens on one connection in a thread of its own and
  counts what it hears. While that connection is down, or its thread has not been heard from
  for :data:`LAG_SECONDS`, the generation is ``None``.

The signal also keeps the client addresses with a failed guess (a wrong table code, login or
set-up code: ``tournament.throttle.failed``) for :data:`SUSPECT_SECONDS`, the longest window
of the throttle's limits: only such a client can be throttled, so a poll from any other
client may be answered without asking Flask-Limiter. On PostgreSQL a failure is announced to
every worker on the same channel (``fail:<address>``) before its answer leaves the server.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
import weakref
from typing import Any

from flask import Flask, current_app
from sqlalchemy import Engine, event, make_url

CHANNEL = "doko_changes"
_FAILED = "fail:"
#: A listener not heard from for this long counts as lagging: polls ask the database.
LAG_SECONDS = 3.0
#: How often the listener shows it is alive while nothing is sent.
_BEAT_SECONDS = 0.5
#: How long a client with a failed guess is never answered from memory (a day: the longest
#: window of the throttle's limits, ``tournament.throttle.DEFAULTS``).
SUSPECT_SECONDS = 24 * 3600
#: More suspects than this and nobody is answered from memory (a flood of addresses).
_MAX_SUSPECTS = 100_000
_KEY = "doko_changes"

log = logging.getLogger(__name__)


class Signal:
    """No signal (a database in memory, or switched off): nothing is answered from memory."""

    def __init__(self) -> None:
        self._suspects: dict[str, float] = {}
        self._lock = threading.Lock()

    def generation(self, start: bool = True) -> int | None:
        """The number that moves on with every write; ``None`` while it cannot be told.
        ``start=False``: ``None`` too while this process does not follow the database yet
        (a page load does not make it)."""
        return None

    def start(self, seconds: float) -> None:
        """Begin to follow the database in this process now rather than at the first poll,
        waiting up to ``seconds`` for it (a server process at its start)."""

    def close(self) -> None:
        """Let go of the database."""

    def failed(self, client: str) -> None:
        """A failed guess from ``client``: keep it from answers from memory."""
        self._suspect(client)

    def suspect(self, client: str) -> bool:
        """Whether ``client`` may be throttled (a failed guess within the day), or too many
        clients are to tell."""
        if len(self._suspects) > _MAX_SUSPECTS:
            return True
        until = self._suspects.get(client)
        return until is not None and until > time.monotonic()

    def _suspect(self, client: str) -> None:
        now = time.monotonic()
        with self._lock:
            if len(self._suspects) > _MAX_SUSPECTS // 2:
                for known, until in list(self._suspects.items()):
                    if until <= now:
                        del self._suspects[known]
            self._suspects[client] = now + SUSPECT_SECONDS


class SqliteSignal(Signal):
    """``PRAGMA data_version`` of the database file, on a connection of its own. Each new
    connection counts afresh, so the generation also holds how often it was opened."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self._path = path
        self._connection: sqlite3.Connection | None = None
        self._pid = 0
        self._opened = 0
        self._read_lock = threading.Lock()

    def generation(self, start: bool = True) -> int | None:
        with self._read_lock:
            try:
                if self._connection is None or self._pid != os.getpid():
                    if not start:
                        return None
                    self._connection = sqlite3.connect(
                        self._path, check_same_thread=False, isolation_level=None
                    )
                    self._pid = os.getpid()
                    self._opened += 1
                version = self._connection.execute("PRAGMA data_version").fetchone()[0]
            except sqlite3.Error:
                self.close()
                return None
        return (self._opened << 40) + int(version)

    def close(self) -> None:
        """Let go of the database file (a restore needs it to itself)."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None


class PostgresSignal(Signal):
    """``LISTEN doko_changes`` in a thread of each server process (started on first use, so
    after gunicorn's fork)."""

    def __init__(self, conninfo: str) -> None:
        super().__init__()
        self._conninfo = conninfo
        self._count = 0
        self._up = False
        self._beat = 0.0
        self._pid = 0
        self._start_lock = threading.Lock()
        self._stopped = threading.Event()

    def generation(self, start: bool = True) -> int | None:
        if self._pid != os.getpid():
            if not start:
                return None
            self._start()
        if not self._up or time.monotonic() - self._beat > LAG_SECONDS:
            return None
        return self._count

    def start(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while self.generation() is None and time.monotonic() < deadline:
            time.sleep(0.01)

    def failed(self, client: str) -> None:
        self._suspect(client)
        try:
            import psycopg

            with psycopg.connect(self._conninfo, autocommit=True, connect_timeout=5) as conn:
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, _FAILED + client))
        except Exception:  # the other workers then ask the database
            log.warning("could not announce a failed guess to the other workers", exc_info=True)

    def stop(self) -> None:
        self._stopped.set()

    def _start(self) -> None:
        with self._start_lock:
            if self._pid == os.getpid():
                return
            self._up = False
            self._pid = os.getpid()
            threading.Thread(
                target=_listen, args=(weakref.ref(self),), name="doko-changes", daemon=True
            ).start()

    def _heard(self, payload: str) -> None:
        if payload.startswith(_FAILED):
            self._suspect(payload[len(_FAILED) :])
        else:
            self._count += 1


def _listen(ref: weakref.ref[PostgresSignal]) -> None:
    """The listener's thread; it ends with its signal (an app no longer used) or its process.
    A lost connection is tried again after a second, then less often."""
    import psycopg

    pid = os.getpid()
    wait = 1.0
    while (signal := ref()) is not None and not signal._stopped.is_set() and signal._pid == pid:
        conninfo, stopped = signal._conninfo, signal._stopped
        try:
            with psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as conn:
                conn.execute(f"LISTEN {CHANNEL}")
                # Whatever was written before the LISTEN was not heard: a new generation.
                signal._count += 1
                signal._beat = time.monotonic()
                signal._up = True
                wait = 1.0
                del signal
                while not stopped.is_set() and (signal := ref()) is not None:
                    for note in conn.notifies(timeout=_BEAT_SECONDS):
                        signal._heard(note.payload)
                    signal._beat = time.monotonic()
                    del signal
        except Exception as error:  # polls ask the database until it is back
            log.warning(
                "change listener: %s", (str(error).strip().splitlines() or [repr(error)])[0]
            )
        signal = ref()
        if signal is None:
            return
        signal._up = False
        signal._count += 1
        del signal
        stopped.wait(wait)
        wait = min(wait * 2, 30.0)


def of(app: Flask) -> Signal:
    """The change signal of ``app`` (set up by :func:`init_app`)."""
    found = app.extensions.get(_KEY)
    return found if isinstance(found, Signal) else Signal()


def failed(client: str) -> None:
    """A failed guess from ``client`` (see the module's text)."""
    of(current_app._get_current_object()).failed(client)  # type: ignore[attr-defined]


def init_app(app: Flask, engine: Engine) -> Signal:
    """The signal for the app's database; on PostgreSQL every writing transaction of
    ``engine`` also notifies (``LIVE_FROM_MEMORY`` false: no signal)."""
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    signal: Signal
    if not app.config.get("LIVE_FROM_MEMORY", True):
        signal = Signal()
    elif url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        signal = SqliteSignal(str(url.database))
    elif url.get_backend_name() == "postgresql":
        signal = PostgresSignal(
            url.set(drivername="postgresql").render_as_string(hide_password=False)
        )
        _notify_on_write(engine, signal)
    else:
        signal = Signal()
    app.extensions[_KEY] = signal
    return signal


_READS = ("SELECT", "SHOW", "SET", "BEGIN", "ROLLBACK", "COMMIT", "SAVEPOINT", "RELEASE")
_NOTIFIED = "doko_notified"


def _notify_on_write(engine: Engine, signal: PostgresSignal) -> None:
    """Each transaction on ``engine`` that writes sends ``NOTIFY`` once, before its first
    write; PostgreSQL delivers it when (and only if) the transaction commits. The writing
    process moves its own generation on as the commit is sent, so its next poll never waits
    for its own notice: a poll in between may remember the state before the commit, under
    that generation, until the notice moves it on again."""

    @event.listens_for(engine, "before_cursor_execute")
    def _before(
        connection: Any, cursor: Any, statement: str, _params: Any, _context: Any, _many: bool
    ) -> None:
        if connection.info.get(_NOTIFIED) or statement.lstrip()[:9].upper().startswith(_READS):
            return
        cursor.execute(f"NOTIFY {CHANNEL}")
        connection.info[_NOTIFIED] = True

    @event.listens_for(engine, "commit")
    def _committed(connection: Any) -> None:
        if connection.info.pop(_NOTIFIED, None):
            signal._count += 1

    @event.listens_for(engine, "begin")
    @event.listens_for(engine, "rollback")
    def _ended(connection: Any) -> None:
        connection.info.pop(_NOTIFIED, None)
