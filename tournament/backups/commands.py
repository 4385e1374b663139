"""The backups on the command line: list them, restore one.

    doko-turnier --list-backups
    doko-turnier --restore instance/backups/doko-herbst-2026-11-26T14-05-00-runde-3-start.sqlite3
    flask --app tournament.app list-backups
    flask --app tournament.app restore-backup FILE

A restore prints what the copy holds, where the replaced database was kept, and migrates the
restored database to the newest schema (as every start does); Doko-Turnier is then started
as usual. What they print is German (``tournament.texts.console``).
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path
from typing import TextIO

import click
import flask_migrate
from flask import Flask, current_app
from flask.cli import with_appcontext

from tournament.backups import restore
from tournament.domain import backups as service
from tournament.extensions import db
from tournament.schema import schema_problem
from tournament.texts.console import (
    BACKUPS_LINE,
    BACKUPS_LISTED,
    BACKUPS_NONE,
    BACKUPS_RESTORE_HINT,
    BACKUPS_TAKEN,
    BACKUPS_TAKEN_BY_NAME,
    BACKUPS_TOURNAMENT,
    RESTORE_COPY,
    RESTORE_DONE,
    RESTORE_NO_ROUNDS,
    RESTORE_NO_TOURNAMENT,
    RESTORE_OLDER_SCHEMA,
    RESTORE_ROUND,
    RESTORE_SAVED,
    RESTORE_TAKEN,
    RESTORE_TAKEN_GUESSED,
    RESTORE_TOURNAMENT,
)


def listing(app: Flask) -> list[str]:
    """The copies in the app's backups folder, the newest last: each with when it was made
    and of which tournament, as the copy itself says (:func:`service.read_stamp`); for a copy
    of an older version, which has no stamp, the time in its name, saying so."""
    folder = service.folder_of(app)
    found = service.backups_in(folder)
    if not found:
        return [BACKUPS_NONE.format(folder=folder)]
    lines = [BACKUPS_LISTED.format(folder=folder)]
    for backup in found:
        size = max(1, round(backup.path.stat().st_size / 1024))
        lines.append(BACKUPS_LINE.format(name=backup.path.name, size=size))
        stamp = service.read_stamp(backup.path)
        if stamp is None:
            lines.append(BACKUPS_TAKEN_BY_NAME.format(moment=_moment(backup.taken)))
            continue
        taken = BACKUPS_TAKEN.format(moment=_moment(stamp.taken.astimezone()))
        if stamp.tournament:
            taken += BACKUPS_TOURNAMENT.format(name=stamp.tournament)
        lines.append(taken)
    lines.append(BACKUPS_RESTORE_HINT)
    return lines


def described(summary: restore.Summary) -> list[str]:
    """What a checked copy holds, in German."""
    taken = RESTORE_TAKEN if summary.stamped else RESTORE_TAKEN_GUESSED
    lines = [RESTORE_COPY.format(path=summary.path), taken.format(moment=_moment(summary.taken))]
    if not summary.current:
        lines.append(RESTORE_OLDER_SCHEMA)
    if not summary.tournaments:
        lines.append(RESTORE_NO_TOURNAMENT)
    for held in summary.tournaments:
        rounds = ", ".join(
            RESTORE_ROUND.format(number=number, state=status.label)
            for number, status in held.rounds
        )
        lines.append(
            RESTORE_TOURNAMENT.format(
                name=held.name,
                date=_german_date(held.date),
                rounds=rounds or RESTORE_NO_ROUNDS,
                games=held.games,
            )
        )
    return lines


def run_restore(app: Flask, path: Path, out: TextIO, err: TextIO) -> int:
    """Restore the copy at ``path`` into the app's database and migrate it; the exit status
    (1: refused, the database unchanged)."""
    try:
        done = restore.restore(app, path)
    except restore.RestoreRefused as refused:
        print(refused.text, file=err, flush=True)
        return 1
    print("\n".join(described(done.summary)), file=out, flush=True)
    if done.saved is not None:
        print(RESTORE_SAVED.format(path=done.saved), file=out, flush=True)
    with app.app_context():
        flask_migrate.upgrade()
        problem = schema_problem(db.engine)
        db.engine.dispose()
    if problem is not None:
        print(problem, file=err, flush=True)
        return 1
    print(RESTORE_DONE.format(database=done.database), file=out, flush=True)
    return 0


@click.command("restore-backup")
@click.argument("file", type=click.Path(path_type=Path))
@with_appcontext
def restore_command(file: Path) -> None:
    """Eine Sicherungskopie prüfen und als Datenbank einsetzen (Doko-Turnier vorher beenden)."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    status = run_restore(app, file, sys.stdout, sys.stderr)
    if status:
        raise SystemExit(status)


@click.command("list-backups")
@with_appcontext
def list_command() -> None:
    """Die Sicherungskopien im Ordner instance/backups zeigen."""
    click.echo("\n".join(listing(current_app)))


def _moment(taken: dt.datetime) -> str:
    """A copy's time as 26.11.2026 14:05:00."""
    return taken.strftime("%d.%m.%Y %H:%M:%S")


def _german_date(value: str) -> str:
    """A stored date (ISO) as 26.11.2026; anything else as it is."""
    try:
        return dt.date.fromisoformat(value[:10]).strftime("%d.%m.%Y")
    except ValueError:
        return value
