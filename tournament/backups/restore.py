"""A copy checked, then put in place of the laptop's SQLite database.

:func:`inspect_copy` opens a copy read-only and refuses it unless SQLite finds it whole
(``PRAGMA integrity_check`` and ``quick_check``, and the file as long as its pages), it is at a
schema revision this program knows (the newest, or an older one that the usual migration
brings up to date), and it has the app's tables; it tells what the copy holds.

:func:`restore` then sets the current database aside as a copy in the backups folder (named
``...-vor-wiederherstellung``) and writes the checked copy into the database file by the
online backup API. It refuses while another program has the database open (Doko-Turnier
still running: SQLite then cannot leave WAL mode). A current database SQLite cannot read at
all is moved into the backups folder as it is. Every refusal leaves the current database as
it was. The caller migrates afterwards (``doko-turnier --restore`` and ``flask
restore-backup`` do, :mod:`tournament.backups.commands`).
"""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic.config import Config
from alembic.script import ScriptDirectory
from flask import Flask

from tournament import models
from tournament.domain import backups as service
from tournament.extensions import Model
from tournament.schema import MIGRATIONS_DIR
from tournament.texts.console import (
    RESTORE_DAMAGED,
    RESTORE_FAILED,
    RESTORE_FOREIGN,
    RESTORE_IN_USE,
    RESTORE_MISSING,
    RESTORE_NEWER,
    RESTORE_NOT_SAVED,
    RESTORE_NOT_SQLITE,
    RESTORE_ONLY_SQLITE,
    RESTORE_SAME_FILE,
    RESTORE_TRUNCATED,
    RESTORE_UNCHANGED,
)

SQLITE_HEADER = b"SQLite format 3\x00"
#: The tables every revision of the schema since rounds exist has; the newest revision must
#: have all of the models' tables.
CORE_TABLES = (
    "tournament",
    "player",
    "registration",
    "user_account",
    "audit_event",
    "round",
    "round_table",
    "seat",
    "list_entry",
)
#: Seconds to wait for a database another program is writing to.
LOCK_WAIT = 1.0


class RestoreRefused(Exception):
    """A copy that is not used, or a restore that cannot be done; ``text`` says why, in
    German, and that the current database is unchanged."""

    def __init__(self, template: str, *, unchanged: bool = True, **params: Any) -> None:
        text = template.format(**params)
        self.text = f"{text} {RESTORE_UNCHANGED}" if unchanged else text
        super().__init__(self.text)


@dataclass(frozen=True)
class TournamentHeld:
    name: str
    date: str
    rounds: list[tuple[int, models.RoundStatus]]
    games: int


@dataclass(frozen=True)
class Summary:
    """What a checked copy holds."""

    path: Path
    taken: dt.datetime  # local time
    stamped: bool  # ``taken`` from the copy's stamp (else from its name or the file's date)
    revision: str
    current: bool  # at the newest schema revision (else older: migrated after the restore)
    tournaments: list[TournamentHeld]


@dataclass(frozen=True)
class Restored:
    summary: Summary
    database: Path
    saved: Path | None  # where the database replaced is kept


def inspect_copy(path: Path) -> Summary:
    """Check the copy at ``path`` (read-only) and say what it holds; raises RestoreRefused."""
    try:
        with open(path, "rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        raise RestoreRefused(RESTORE_MISSING, path=path) from None
    except OSError as error:
        raise RestoreRefused(RESTORE_DAMAGED, path=path, detail=error.strerror) from error
    if header != SQLITE_HEADER:
        raise RestoreRefused(RESTORE_NOT_SQLITE, path=path)
    try:
        connection = service.read_only(path)
    except sqlite3.Error as error:
        raise RestoreRefused(RESTORE_DAMAGED, path=path, detail=str(error)) from error
    try:
        _check_whole(connection, path)
        revision, current = _check_schema(connection, path)
        tournaments = _held(connection)
    except sqlite3.Error as error:
        raise RestoreRefused(RESTORE_DAMAGED, path=path, detail=str(error)) from error
    finally:
        connection.close()
    stamp = service.read_stamp(path)
    parsed = service.parse_name(path.name)
    if stamp is not None:
        taken = stamp.taken.astimezone().replace(tzinfo=None)
    elif parsed is not None:
        taken = parsed[0]
    else:
        taken = dt.datetime.fromtimestamp(path.stat().st_mtime)
    return Summary(path, taken, stamp is not None, revision, current, tournaments)


def restore(app: Flask, path: Path, *, now: dt.datetime | None = None) -> Restored:
    """Check the copy at ``path`` and put it in place of the app's SQLite database, the
    current one set aside in the backups folder first; raises RestoreRefused."""
    database = service.database_file(app)
    if database is None:
        raise RestoreRefused(RESTORE_ONLY_SQLITE)
    summary = inspect_copy(path)
    if database.exists() and database.resolve() == path.resolve():
        raise RestoreRefused(RESTORE_SAME_FILE, path=path)
    saved = _set_aside(app, database, now) if _holds_anything(database) else None
    try:
        source = service.read_only(path)
        try:
            target = sqlite3.connect(database, timeout=LOCK_WAIT)
            try:
                source.backup(target)  # one transaction: all of the copy or nothing
                service.drop_stamp(target)
            finally:
                target.close()
        finally:
            source.close()
        os.chmod(database, 0o600)
    except (sqlite3.Error, OSError) as error:
        raise RestoreRefused(
            RESTORE_FAILED, unchanged=False, error=error, saved=saved or database
        ) from error
    return Restored(summary, database, saved)


def _check_whole(connection: sqlite3.Connection, path: Path) -> None:
    """SQLite's own checks, and the file as long as its pages (a copy cut short; a database
    in WAL mode, e.g. the file of another laptop, may keep pages in its ``-wal`` file)."""
    page_size = int(connection.execute("PRAGMA page_size").fetchone()[0])
    page_count = int(connection.execute("PRAGMA page_count").fetchone()[0])
    journal = str(connection.execute("PRAGMA journal_mode").fetchone()[0]).lower()
    size = path.stat().st_size
    if journal != "wal" and size != page_size * page_count:
        detail = RESTORE_TRUNCATED.format(size=size, expected=page_size * page_count)
        raise RestoreRefused(RESTORE_DAMAGED, path=path, detail=detail)
    for check in ("integrity_check", "quick_check"):
        found = [str(row[0]) for row in connection.execute(f"PRAGMA {check}").fetchall()]
        if found != ["ok"]:
            raise RestoreRefused(RESTORE_DAMAGED, path=path, detail="; ".join(found[:3]))


def _check_schema(connection: sqlite3.Connection, path: Path) -> tuple[str, bool]:
    """The copy's schema revision and whether it is the newest; refused if it is none this
    program knows or the app's tables are missing."""
    tables = {
        str(row[0])
        for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    if "alembic_version" not in tables:
        raise RestoreRefused(RESTORE_FOREIGN, path=path, missing="alembic_version")
    revisions = sorted(
        str(row[0]) for row in connection.execute("SELECT version_num FROM alembic_version")
    )
    scripts = _scripts()
    known = {script.revision for script in scripts.walk_revisions()}
    if not revisions:
        raise RestoreRefused(RESTORE_FOREIGN, path=path, missing="alembic_version")
    if not set(revisions) <= known:
        raise RestoreRefused(RESTORE_NEWER, path=path, revision=", ".join(revisions))
    current = set(revisions) == set(scripts.get_heads())
    expected = set(Model.metadata.tables) if current else set(CORE_TABLES)
    missing = sorted(expected - tables)
    if missing:
        raise RestoreRefused(RESTORE_FOREIGN, path=path, missing=", ".join(missing))
    return ", ".join(revisions), current


def _held(connection: sqlite3.Connection) -> list[TournamentHeld]:
    held = []
    tournaments = connection.execute("SELECT id, name, date FROM tournament ORDER BY id")
    for tournament_id, name, date in tournaments.fetchall():
        rounds = [
            (int(number), models.RoundStatus(status))
            for number, status in connection.execute(
                "SELECT number, status FROM round WHERE tournament_id = ? ORDER BY number",
                (tournament_id,),
            )
        ]
        games = connection.execute(
            "SELECT count(*) FROM list_entry JOIN round_table ON round_table.id = "
            "list_entry.table_id JOIN round ON round.id = round_table.round_id "
            "WHERE round.tournament_id = ? AND list_entry.kind = 'game'",
            (tournament_id,),
        ).fetchone()[0]
        held.append(TournamentHeld(str(name), str(date), rounds, int(games)))
    return held


def _scripts() -> ScriptDirectory:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return ScriptDirectory.from_config(config)


def _holds_anything(database: Path) -> bool:
    return database.exists() and database.stat().st_size > 0


def _set_aside(app: Flask, database: Path, now: dt.datetime | None) -> Path:
    """Keep the current database as a copy in the backups folder; refused while another
    program has it open. One SQLite cannot read is moved there as it is."""
    try:
        connection = sqlite3.connect(database, timeout=LOCK_WAIT, isolation_level=None)
    except sqlite3.Error as error:
        raise RestoreRefused(RESTORE_NOT_SAVED, error=error) from error
    try:
        # Leaving WAL mode needs the database to itself: refused while a server has it open.
        mode = connection.execute("PRAGMA journal_mode=DELETE").fetchone()[0]
    except sqlite3.OperationalError as error:
        if "locked" in str(error) or "busy" in str(error):
            raise RestoreRefused(RESTORE_IN_USE, database=database) from error
        raise RestoreRefused(RESTORE_NOT_SAVED, error=error) from error
    except sqlite3.DatabaseError:  # not a database, or damaged
        return _move_aside(app, database, now)
    finally:
        connection.close()
    if str(mode).lower() != "delete":
        raise RestoreRefused(RESTORE_IN_USE, database=database)
    try:
        saved = service.write_backup(app, service.BEFORE_RESTORE, now=now)
    except sqlite3.OperationalError as error:
        raise RestoreRefused(RESTORE_NOT_SAVED, error=error) from error
    except sqlite3.DatabaseError:  # damaged
        return _move_aside(app, database, now)
    except (sqlite3.Error, OSError) as error:
        raise RestoreRefused(RESTORE_NOT_SAVED, error=error) from error
    if saved is None:
        raise RestoreRefused(RESTORE_NOT_SAVED, error=database)
    return saved


def _move_aside(app: Flask, database: Path, now: dt.datetime | None) -> Path:
    """A database SQLite cannot read, moved into the backups folder with its companions."""
    folder = service.folder_of(app)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    taken = (now or dt.datetime.now()).replace(microsecond=0)
    target = folder / service.name_for(taken, f"{service.BEFORE_RESTORE}-beschaedigt")
    try:
        os.replace(database, target)
        for companion in ("-wal", "-journal"):
            old = Path(f"{database}{companion}")
            if old.exists():
                os.replace(old, Path(f"{target}{companion}"))
        Path(f"{database}-shm").unlink(missing_ok=True)
    except OSError as error:
        raise RestoreRefused(RESTORE_NOT_SAVED, error=error) from error
    return target
