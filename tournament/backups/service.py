"""Backups of the SQLite database: consistent copies in ``instance/backups/``.

A copy is made with SQLite's online backup API (``sqlite3.Connection.backup``, in one step,
through a connection of its own to the database file): it is the database as one committed
transaction left it, taken while the app goes on serving (WAL lets the copy read while
lists are saved). The copy is written to a hidden temporary file, switched to a single file
(``journal_mode=DELETE``) and then renamed into place, so a file with the backups' name is
always whole. Its name says when and why it was made, in local time::

    instance/backups/doko-2026-11-26T14-05-00-runde-3-start.sqlite3

Copies are written

- after every round start and close: :func:`after_commit` asks for one in the service, and
  it is written once the transaction has committed (a failed copy is logged, the round
  start or close stands);
- every five minutes while a round of any tournament runs: :class:`Schedule`, a daemon
  thread that ``doko-turnier`` starts beside waitress, looks at start and then once a minute
  whether the newest copy is five minutes old and writes one if so (a copy never delays a
  request; a server started again after a crash copies a running round at once). Other ways
  of serving (``flask run``, gunicorn) write only the round start and close copies.

The newest :data:`KEEP` copies are kept, older ones deleted; only files named like the
backups count, and the copy of the database set aside before a restore
(:data:`BEFORE_RESTORE`) is never deleted.

With PostgreSQL the app writes no copies (it says so once in the log); ``pg_dump`` does that
job there (``docs/server.md``).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import os
import re
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, current_app, has_app_context
from sqlalchemy import event, make_url, select
from sqlalchemy.orm import Session

from tournament.extensions import db
from tournament.models import Round, RoundStatus
from tournament.texts.console import (
    BACKUP_FAILED,
    BACKUP_WRITTEN,
    BACKUPS_NOT_ON_POSTGRESQL,
)

FOLDER = "backups"
#: How many copies are kept.
KEEP = 20
#: A copy is due this long after the newest one, while a round runs.
INTERVAL = dt.timedelta(minutes=5)
#: How often the schedule looks whether a copy is due.
CHECK_SECONDS = 60.0
#: The reason in the name of the copy set aside before a restore; such copies are kept.
BEFORE_RESTORE = "vor-wiederherstellung"

_STAMP = "%Y-%m-%dT%H-%M-%S"
_NAME = re.compile(r"doko-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d)-([a-z0-9-]+)\.sqlite3")
_TEMPORARY_PREFIX = ".doko-backup-"
#: A temporary file older than this is left over from a crash and deleted.
_STALE_TEMPORARY = dt.timedelta(hours=1)
# One copy at a time in this process (the schedule's thread and a round's request).
_WRITING = threading.Lock()
_PENDING = "doko_backup_reasons"

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Backup:
    """A copy in the backups folder, as its name describes it."""

    path: Path
    taken: dt.datetime  # local time, from the name
    reason: str
    written: int  # the file's time in ns: orders copies of the same second


def folder_of(app: Flask) -> Path:
    """Where the app's copies live: ``backups/`` in the instance folder."""
    return Path(app.instance_path) / FOLDER


def database_file(app: Flask) -> Path | None:
    """The SQLite file the app serves; ``None`` for PostgreSQL or a database in memory."""
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    database = url.database
    if url.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    if database.startswith("file:"):
        return None
    return Path(database)


def name_for(taken: dt.datetime, reason: str) -> str:
    """The file name of a copy taken at ``taken`` (local time) for ``reason``."""
    return f"doko-{taken.strftime(_STAMP)}-{reason}.sqlite3"


def parse_name(name: str) -> tuple[dt.datetime, str] | None:
    """(when, why) of a copy's file name; ``None`` for any other file."""
    found = _NAME.fullmatch(name)
    if found is None:
        return None
    try:
        taken = dt.datetime.strptime(found[1], _STAMP)
    except ValueError:
        return None
    return taken, found[2]


def round_reason(number: int, event_name: str) -> str:
    """The reason of a round's copy, e.g. ``runde-3-start``."""
    return f"runde-{number}-{event_name}"


def backups_in(folder: Path) -> list[Backup]:
    """The copies in ``folder``, oldest first."""
    if not folder.is_dir():
        return []
    found = []
    for entry in os.scandir(folder):
        parsed = parse_name(entry.name)
        if parsed is not None and entry.is_file(follow_symlinks=False):
            found.append(Backup(Path(entry.path), *parsed, entry.stat().st_mtime_ns))
    return sorted(found, key=lambda b: (b.taken, b.written, b.path.name))


def write_backup(app: Flask, reason: str, *, now: dt.datetime | None = None) -> Path | None:
    """Copy the app's SQLite database into the backups folder now; the copy's path.

    ``None`` without a SQLite file to copy (PostgreSQL, said once in the log). Raises what
    copying raised (``sqlite3.Error``, ``OSError``); :func:`write_quietly` logs it instead.
    """
    database = database_file(app)
    if database is None:
        _say_not_sqlite(app)
        return None
    if not database.exists():
        return None
    folder = folder_of(app)
    taken = (now or dt.datetime.now()).replace(microsecond=0)
    timeout = float(app.config.get("SQLITE_BUSY_TIMEOUT", 10))
    with _WRITING:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        target = _free_name(folder, taken, reason)
        copy_database(database, target, timeout=timeout)
        prune(folder)
    app.logger.info("%s", BACKUP_WRITTEN.format(path=target))
    return target


def write_quietly(app: Flask, reason: str, *, now: dt.datetime | None = None) -> Path | None:
    """:func:`write_backup`, with a failure logged rather than raised: nothing the app does
    fails because a copy could not be written."""
    try:
        return write_backup(app, reason, now=now)
    except Exception as error:
        app.logger.error("%s", BACKUP_FAILED.format(error=f"{type(error).__name__}: {error}"))
        return None


def copy_database(source: Path, target: Path, *, timeout: float = 10.0) -> None:
    """A consistent copy of the SQLite database ``source`` as the single file ``target``
    (private, 0600), by the online backup API; ``target`` appears only when it is whole."""
    descriptor, temporary = tempfile.mkstemp(
        prefix=_TEMPORARY_PREFIX, suffix=".tmp", dir=target.parent
    )
    os.close(descriptor)
    try:
        reading = sqlite3.connect(source, timeout=timeout)
        try:
            writing = sqlite3.connect(temporary)
            try:
                reading.backup(writing)
                writing.execute("PRAGMA journal_mode=DELETE")
            finally:
                writing.close()
        finally:
            reading.close()
        os.chmod(temporary, 0o600)
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def prune(folder: Path, keep: int = KEEP) -> list[Path]:
    """Delete all but the newest ``keep`` copies (the copies set aside before a restore are
    kept) and temporary files a crash left; what was deleted."""
    regular = [b for b in backups_in(folder) if not b.reason.startswith(BEFORE_RESTORE)]
    gone = [b.path for b in regular[: max(0, len(regular) - keep)]]
    stale = time.time() - _STALE_TEMPORARY.total_seconds()
    for entry in os.scandir(folder):
        if entry.name.startswith(_TEMPORARY_PREFIX):
            with contextlib.suppress(FileNotFoundError):
                if entry.stat().st_mtime < stale:
                    gone.append(Path(entry.path))
    for path in gone:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    return gone


def _free_name(folder: Path, taken: dt.datetime, reason: str) -> Path:
    """The copy's path; a second copy in the same second for the same reason gets a number."""
    path = folder / name_for(taken, reason)
    number = 2
    while path.exists():
        path = folder / name_for(taken, f"{reason}-{number}")
        number += 1
    return path


_SAID_NOT_SQLITE: set[str] = set()


def _say_not_sqlite(app: Flask) -> None:
    """Log once per database that the app writes no copies of it."""
    key = str(app.config["SQLALCHEMY_DATABASE_URI"])
    if key not in _SAID_NOT_SQLITE:
        _SAID_NOT_SQLITE.add(key)
        app.logger.info("%s", BACKUPS_NOT_ON_POSTGRESQL)


# ---------------------------------------------------------------- after a round starts or ends


def after_commit(reason: str) -> None:
    """Ask for a copy once the current transaction of ``db.session`` commits (nothing if it
    rolls back); several requests in one transaction give one copy, named for the last."""
    db.session.info.setdefault(_PENDING, []).append(reason)


@event.listens_for(Session, "after_commit")
def _write_asked_for(session: Session) -> None:
    reasons: list[str] | None = session.info.pop(_PENDING, None)
    if reasons and has_app_context():
        write_quietly(current_app._get_current_object(), reasons[-1])  # type: ignore[attr-defined]


@event.listens_for(Session, "after_rollback")
def _forget_asked_for(session: Session) -> None:
    session.info.pop(_PENDING, None)


# ---------------------------------------------------------------- every five minutes


def due(newest: dt.datetime | None, now: dt.datetime, *, running: bool) -> bool:
    """Whether a copy is due: a round runs and the newest copy (taken before ``now``) is
    :data:`INTERVAL` old, or there is none."""
    return running and (newest is None or now - newest >= INTERVAL)


def running_round(app: Flask) -> int | None:
    """The number of a running round (the latest started), if any tournament has one."""
    with app.app_context():
        query = (
            select(Round.number)
            .where(Round.status == RoundStatus.RUNNING)
            .order_by(Round.started_at.desc())
            .limit(1)
        )
        number: int | None = db.session.execute(query).scalar()
        return number


class Schedule:
    """The five-minute copies while a round runs: a daemon thread that looks at once and
    then every :data:`CHECK_SECONDS` whether one is due (:meth:`tick`). ``clock`` gives the
    local time (tests pass their own)."""

    def __init__(
        self,
        app: Flask,
        *,
        clock: Callable[[], dt.datetime] = dt.datetime.now,
        check_seconds: float = CHECK_SECONDS,
    ) -> None:
        self.app = app
        self.clock = clock
        self.check_seconds = check_seconds
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> bool:
        """Start looking (for a SQLite database only); whether it started."""
        if database_file(self.app) is None:
            _say_not_sqlite(self.app)
            return False
        self._thread = threading.Thread(target=self._run, name="doko-backups", daemon=True)
        self._thread.start()
        return True

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)

    def tick(self) -> Path | None:
        """Write a copy if one is due now; its path."""
        now = self.clock()
        try:
            number = running_round(self.app)
        except Exception as error:
            self.app.logger.error("%s", BACKUP_FAILED.format(error=f"{type(error).__name__}"))
            return None
        # A copy named later than now (the clock was put back) does not count.
        kept = backups_in(folder_of(self.app))
        newest = max((b.taken for b in kept if b.taken <= now), default=None)
        if number is None or not due(newest, now, running=True):
            return None
        return write_quietly(self.app, round_reason(number, "laufend"), now=now)

    def _run(self) -> None:
        while True:
            self.tick()
            if self._stop.wait(self.check_seconds):
                return
