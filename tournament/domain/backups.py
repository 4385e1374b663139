"""Backups of the SQLite database: consistent copies in ``instance/backups/``.

A copy is made with SQLite's online backup API (``sqlite3.Connection.backup``, in one step,
through a connection of its own to the database file): it is the database as one committed
transaction left it, taken while the app goes on serving (WAL lets the copy read while
lists are saved). The copy is written to a hidden temporary file, switched to a single file
(``journal_mode=DELETE``), stamped and then renamed into place, so a file with the backups'
name is always whole. Its name says which tournament, when and why, in local time::

    instance/backups/doko-herbstturnier-2026-11-26T14-05-00-runde-3-start.sqlite3

The tournament in the name (:func:`slug`: a short, Windows-safe form of its name) is the one
whose round started or closed, for the five-minute copies the one whose running round started
last, and for the copy set aside before a restore the one whose round started last (else the
newest); a copy always holds the whole database, every tournament in it. A database without a
tournament gives the name without one (``doko-2026-11-26T14-05-00-...``), as copies of older
versions are named.

The copy carries its own stamp: the table :data:`STAMP_TABLE` (when, why, which tournament),
which ``--list-backups`` and the restore read (:func:`read_stamp`), whatever the file's dates
say after it was copied about; the restore drops it from the restored database.

Copies are written

- after every round start and close: :func:`after_commit` asks for one in the service, and
  it is written once the transaction has committed (a failed copy is logged, the round
  start or close stands);
- every five minutes while a round of any tournament runs: :class:`Schedule`, a daemon
  thread that ``doko-turnier``'s server worker starts, looks at start and then once a minute
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
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, current_app, has_app_context
from sqlalchemy import event, make_url, select
from sqlalchemy.orm import Session

from tournament.extensions import db
from tournament.models import Round, RoundStatus, Tournament
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

#: The table in every copy that says when, why and of which tournament it was made.
STAMP_TABLE = "doko_backup_stamp"
#: The tournament's part of a copy's name has at most this many characters.
SLUG_LENGTH = 30

_STAMP = "%Y-%m-%dT%H-%M-%S"
# The tournament's part is lower case: it never holds the time's upper-case "T".
_NAME = re.compile(
    r"doko-(?:([a-z0-9]+(?:-[a-z0-9]+)*)-)?(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d)-([a-z0-9-]+)\.sqlite3"
)
_GERMAN_LETTERS = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "ẞ": "SS"}
)
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
    tournament: str  # the tournament's part of the name (:func:`slug`), "" if none
    written: int  # the file's time in ns: orders copies of the same second


@dataclass(frozen=True)
class Stamp:
    """What a copy says of itself (:data:`STAMP_TABLE`)."""

    taken: dt.datetime  # with its UTC offset
    reason: str
    tournament: str | None  # the tournament's name


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


def slug(name: str) -> str:
    """A tournament's name as a short part of a file name, safe on every system: lower-case
    ASCII letters and digits, words joined by ``-``, at most :data:`SLUG_LENGTH` characters
    (whole words while they fit), umlauts as ``ae``, ``oe``, ``ue`` and ``ß`` as ``ss``;
    "" for a name without such letters."""
    plain = unicodedata.normalize("NFKD", name.translate(_GERMAN_LETTERS))
    words = re.findall(r"[a-z0-9]+", plain.encode("ascii", "ignore").decode().lower())
    joined = ""
    for word in words:
        longer = f"{joined}-{word}" if joined else word
        if len(longer) > SLUG_LENGTH:
            return joined or word[:SLUG_LENGTH]
        joined = longer
    return joined


def name_for(taken: dt.datetime, reason: str, tournament: str | None = None) -> str:
    """The file name of a copy of ``tournament`` (its name) taken at ``taken`` (local time)
    for ``reason``."""
    part = slug(tournament or "")
    prefix = f"doko-{part}-" if part else "doko-"
    return f"{prefix}{taken.strftime(_STAMP)}-{reason}.sqlite3"


def parse_name(name: str) -> tuple[dt.datetime, str, str] | None:
    """(when, why, the tournament's part or "") of a copy's file name; ``None`` for any
    other file."""
    found = _NAME.fullmatch(name)
    if found is None:
        return None
    try:
        taken = dt.datetime.strptime(found[2], _STAMP)
    except ValueError:
        return None
    return taken, found[3], found[1] or ""


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


def write_backup(
    app: Flask,
    reason: str,
    *,
    tournament: str | None = None,
    now: dt.datetime | None = None,
) -> Path | None:
    """Copy the app's SQLite database into the backups folder now; the copy's path.
    ``tournament``: the name of the tournament the copy is for (by default the one whose
    round started last, else the newest: :func:`tournament_in`).

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
    if tournament is None:
        tournament = tournament_in(database, timeout=timeout)
    stamp = Stamp(taken.astimezone(), reason, tournament)
    with _WRITING:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        target = _free_name(folder, taken, reason, tournament)
        copy_database(database, target, timeout=timeout, stamp=stamp)
        prune(folder)
    app.logger.info("%s", BACKUP_WRITTEN.format(path=target))
    return target


def write_quietly(
    app: Flask,
    reason: str,
    *,
    tournament: str | None = None,
    now: dt.datetime | None = None,
) -> Path | None:
    """:func:`write_backup`, with a failure logged rather than raised: nothing the app does
    fails because a copy could not be written."""
    try:
        return write_backup(app, reason, tournament=tournament, now=now)
    except Exception as error:
        app.logger.error("%s", BACKUP_FAILED.format(error=f"{type(error).__name__}: {error}"))
        return None


def copy_database(
    source: Path, target: Path, *, timeout: float = 10.0, stamp: Stamp | None = None
) -> None:
    """A consistent copy of the SQLite database ``source`` as the single file ``target``
    (private, 0600), by the online backup API, carrying ``stamp`` (:data:`STAMP_TABLE`);
    ``target`` appears only when it is whole."""
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
                if stamp is not None:
                    _write_stamp(writing, stamp)
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


def _write_stamp(connection: sqlite3.Connection, stamp: Stamp) -> None:
    with connection:  # one transaction
        connection.execute(f"DROP TABLE IF EXISTS {STAMP_TABLE}")
        connection.execute(
            f"CREATE TABLE {STAMP_TABLE} (taken TEXT NOT NULL, reason TEXT NOT NULL, "
            "tournament TEXT)"
        )
        connection.execute(
            f"INSERT INTO {STAMP_TABLE} (taken, reason, tournament) VALUES (?, ?, ?)",
            (stamp.taken.isoformat(), stamp.reason, stamp.tournament),
        )


def read_only(path: Path) -> sqlite3.Connection:
    """The SQLite database at ``path``, opened read-only."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def read_stamp(path: Path) -> Stamp | None:
    """What the copy at ``path`` says of itself; ``None`` for a copy without a stamp (made by
    an older version) or a file SQLite cannot read."""
    try:
        connection = read_only(path)
        try:
            row = connection.execute(
                f"SELECT taken, reason, tournament FROM {STAMP_TABLE} LIMIT 1"
            ).fetchone()
        finally:
            connection.close()
        if row is None:
            return None
        taken = dt.datetime.fromisoformat(str(row[0]))
    except (sqlite3.Error, ValueError):
        return None
    return Stamp(taken, str(row[1]), None if row[2] is None else str(row[2]))


def drop_stamp(connection: sqlite3.Connection) -> None:
    """Remove a copy's stamp from a database restored from it."""
    with connection:
        connection.execute(f"DROP TABLE IF EXISTS {STAMP_TABLE}")


def tournament_in(database: Path, *, timeout: float = 10.0) -> str | None:
    """The name of the tournament whose round was started last, else of the newest one, in
    the SQLite database at ``database``; ``None`` if it has none (or cannot be read)."""
    try:
        connection = sqlite3.connect(database, timeout=timeout)
        try:
            row = connection.execute(
                "SELECT tournament.name FROM tournament LEFT JOIN round "
                "ON round.tournament_id = tournament.id "
                "ORDER BY round.started_at IS NULL, round.started_at DESC, tournament.id DESC "
                "LIMIT 1"
            ).fetchone()
        finally:
            connection.close()
    except sqlite3.Error:
        return None
    return None if row is None else str(row[0])


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


def _free_name(folder: Path, taken: dt.datetime, reason: str, tournament: str | None) -> Path:
    """The copy's path; a second copy in the same second for the same reason gets a number."""
    path = folder / name_for(taken, reason, tournament)
    number = 2
    while path.exists():
        path = folder / name_for(taken, f"{reason}-{number}", tournament)
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


def after_commit(reason: str, tournament: str | None = None) -> None:
    """Ask for a copy of ``tournament`` (its name) once the current transaction of
    ``db.session`` commits (nothing if it rolls back); several requests in one transaction
    give one copy, named for the last."""
    db.session.info.setdefault(_PENDING, []).append((reason, tournament))


@event.listens_for(Session, "after_commit")
def _write_asked_for(session: Session) -> None:
    asked: list[tuple[str, str | None]] | None = session.info.pop(_PENDING, None)
    if asked and has_app_context():
        reason, tournament = asked[-1]
        app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
        write_quietly(app, reason, tournament=tournament)


@event.listens_for(Session, "after_rollback")
def _forget_asked_for(session: Session) -> None:
    session.info.pop(_PENDING, None)


# ---------------------------------------------------------------- every five minutes


def due(newest: dt.datetime | None, now: dt.datetime, *, running: bool) -> bool:
    """Whether a copy is due: a round runs and the newest copy (taken before ``now``) is
    :data:`INTERVAL` old, or there is none."""
    return running and (newest is None or now - newest >= INTERVAL)


def running_round(app: Flask) -> tuple[int, str] | None:
    """The number of a running round (the latest started) and its tournament's name, if any
    tournament has one."""
    with app.app_context():
        query = (
            select(Round.number, Tournament.name)
            .join(Tournament, Round.tournament_id == Tournament.id)
            .where(Round.status == RoundStatus.RUNNING)
            .order_by(Round.started_at.desc())
            .limit(1)
        )
        row = db.session.execute(query).first()
        return None if row is None else (int(row[0]), str(row[1]))


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
            running = running_round(self.app)
        except Exception as error:
            self.app.logger.error("%s", BACKUP_FAILED.format(error=f"{type(error).__name__}"))
            return None
        # A copy named later than now (the clock was put back) does not count.
        kept = backups_in(folder_of(self.app))
        newest = max((b.taken for b in kept if b.taken <= now), default=None)
        if running is None or not due(newest, now, running=True):
            return None
        number, tournament = running
        reason = round_reason(number, "laufend")
        return write_quietly(self.app, reason, tournament=tournament, now=now)

    def _run(self) -> None:
        while True:
            self.tick()
            if self._stop.wait(self.check_seconds):
                return
