"""The one-time set-up code of a fresh installation, like Jupyter's token.

Until the first account exists, the set-up page asks for this code, which only the person who
started the server can read: on the server's console (the start banner, a log warning from
``create_app``) or with ``flask --app tournament.app setup-code``. It lives in the instance
folder (file ``setup_code``, readable by its owner only), so every server process shares it
and a restart keeps it, and is deleted once the first account exists.

Twelve characters from an alphabet without look-alikes (no 0/O, 1/I/L), in three groups of
four (59 bits), typed in any case, with or without the dashes.
"""

from __future__ import annotations

import hmac
import secrets
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import inspect
from sqlalchemy.exc import SQLAlchemyError

from tournament.accounts import service
from tournament.config import read_or_create
from tournament.extensions import db
from tournament.models import User
from tournament.texts import Notice, notice

FILE = "setup_code"
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
GROUPS = 3
GROUP_LENGTH = 4


def new_code() -> str:
    return "-".join(
        "".join(secrets.choice(ALPHABET) for _ in range(GROUP_LENGTH)) for _ in range(GROUPS)
    )


def normalise(typed: str) -> str:
    """The code as typed, without spaces and dashes, in capitals."""
    return "".join(char for char in typed.upper() if char not in " -\t")


def load_or_create(instance_path: str) -> str:
    """The stored code, created on first use (every process reads the same one)."""
    path = Path(instance_path) / FILE
    code = read_or_create(path, new_code)
    if not code:
        path.unlink(missing_ok=True)
        return load_or_create(instance_path)
    return code


def forget(instance_path: str) -> None:
    (Path(instance_path) / FILE).unlink(missing_ok=True)


def matches(typed: str) -> bool:
    """Whether ``typed`` is this installation's code (compared in constant time)."""
    stored = normalise(load_or_create(current_app.instance_path))
    return hmac.compare_digest(normalise(typed).encode(), stored.encode())


def announce(app: Flask) -> str | None:
    """The set-up code if the installation still needs its first account, else ``None``
    (and a code left over is deleted). A database without tables needs the set-up; one that
    cannot be reached gives ``None``."""
    with app.app_context():
        try:
            needed = not inspect(db.engine).has_table(User.__tablename__) or (
                service.setup_needed()
            )
        except SQLAlchemyError:
            return None
        finally:
            db.session.remove()
    if not needed:
        forget(app.instance_path)
        return None
    return load_or_create(app.instance_path)


def warning(code: str) -> str:
    """The console's line about the code."""
    return notice(Notice.SETUP_CODE, code=code)


@click.command("setup-code")
@with_appcontext
def command() -> None:
    """Print the set-up code of a fresh installation (nothing once an account exists)."""
    code = announce(current_app._get_current_object())  # type: ignore[attr-defined]
    click.echo(notice(Notice.NO_SETUP_CODE) if code is None else code)
