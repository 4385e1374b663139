"""Configuration: defaults, then ``instance/config.py``, then environment variables.

A Turnierleiter should never have to edit anything: the database defaults to a SQLite file
in the instance folder and the secret key is generated there on first start.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

SECRET_KEY_FILE = "secret_key"
DEFAULT_DATABASE_FILE = "doko-turnier.sqlite3"

DEFAULTS: dict[str, Any] = {
    "SQLALCHEMY_TRACK_MODIFICATIONS": False,
    # A connection the database dropped (a restart, a network break) is noticed when it is
    # taken from the pool and replaced: the app recovers by itself once the database is back.
    "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_HTTPONLY": True,
    # The CSRF token lives as long as the session: a form left open during a long round
    # must still submit.
    "WTF_CSRF_TIME_LIMIT": None,
    # Built-in WTForms messages come from its own German catalogue (no Flask-Babel needed).
    "WTF_I18N_ENABLED": False,
    # Bigger requests are refused with 413 before they are read, on a page naming the upload
    # limit (2 MB, tournament.domain.excel.reading). Room for an upload somewhat over that limit,
    # which is refused on its own form with the same sentence, and for the confirmation that
    # carries a previewed file as base64.
    "MAX_CONTENT_LENGTH": 8 * 1024 * 1024,
    # A previewed import carries its file (base64) to the confirmation as a form field.
    "MAX_FORM_MEMORY_SIZE": 4 * 1024 * 1024,
    # Seconds SQLite waits for another writer before giving up.
    "SQLITE_BUSY_TIMEOUT": 10,
    # A staff login lasts a tournament day; the list-keepers' table codes need no session.
    "STAFF_SESSION_HOURS": 16,
    # Argon2id parameters of new password hashes (argon2-cffi's PasswordHasher); empty: the
    # library's defaults (RFC 9106, low-memory profile).
    "ARGON2_PARAMETERS": {},
    # The address the phones in the hall open (e.g. "http://192.168.1.20:5000"), carried by
    # the table cards' links and QR codes; empty: the request's own host. ``doko-turnier``
    # sets it to this computer's address on the network unless it is configured.
    "PUBLIC_URL": "",
    # A fresh installation's set-up code goes to the log at start (``doko-turnier`` shows it
    # in its banner instead).
    "SETUP_CODE_IN_LOG": True,
    # A public page every phone reloads (the standings) is rendered once for all phones that
    # ask within this many seconds (0: for each request); each server process keeps its own
    # copies in memory (Flask-Caching).
    "PUBLIC_PAGE_SECONDS": 1,
    "CACHE_TYPE": "SimpleCache",
    # gzip only: browsers offer Brotli over https alone, and every one takes gzip.
    "COMPRESS_ALGORITHM": ["gzip"],
    "COMPRESS_LEVEL": 6,
}

#: The environment variable naming the instance folder (default: ``instance/`` beside the
#: package): the SQLite file, ``config.py``, the secret key and the set-up code live there.
INSTANCE_PATH_VARIABLE = "DOKO_INSTANCE_PATH"

ENVIRONMENT_KEYS = (
    "DATABASE_URL",
    "SECRET_KEY",
    "RATELIMIT_STORAGE_URI",
    "RATELIMIT_ENABLED",
    "PUBLIC_URL",
    "PUBLIC_PAGE_SECONDS",
)
POSTGRESQL_SCHEMES = ("postgres://", "postgresql://")
POSTGRESQL_DRIVER_SCHEME = "postgresql+psycopg://"


def from_environment(environ: os._Environ[str] | dict[str, str]) -> dict[str, Any]:
    """The settings given as environment variables (only those that are set and not empty)."""
    settings: dict[str, Any] = {}
    url = environ.get("DATABASE_URL", "")
    if url:
        settings["SQLALCHEMY_DATABASE_URI"] = database_uri(url)
    if environ.get("SECRET_KEY"):
        settings["SECRET_KEY"] = environ["SECRET_KEY"]
    # Where the throttle counts failed attempts (e.g. redis://host:6379 on a bigger server),
    # and whether it does at all (RATELIMIT_ENABLED=0 is for benchmarks only).
    if environ.get("RATELIMIT_STORAGE_URI"):
        settings["RATELIMIT_STORAGE_URI"] = environ["RATELIMIT_STORAGE_URI"]
    if environ.get("RATELIMIT_ENABLED"):
        settings["RATELIMIT_ENABLED"] = environ["RATELIMIT_ENABLED"] not in ("0", "false", "no")
    if environ.get("PUBLIC_URL"):
        settings["PUBLIC_URL"] = environ["PUBLIC_URL"]
    if environ.get("PUBLIC_PAGE_SECONDS", "").isdigit():
        settings["PUBLIC_PAGE_SECONDS"] = int(environ["PUBLIC_PAGE_SECONDS"])
    return settings


def database_uri(url: str) -> str:
    """The SQLAlchemy URL for a database URL as hosts hand it out.

    A bare PostgreSQL URL gets the driver this app installs, psycopg (version 3); the old
    scheme ``postgres://``, which some hosts still use, is no longer accepted by SQLAlchemy.
    A URL naming its driver (``postgresql+...://``) and any other database are kept as given.
    """
    for scheme in POSTGRESQL_SCHEMES:
        if url.startswith(scheme):
            return POSTGRESQL_DRIVER_SCHEME + url.removeprefix(scheme)
    return url


def default_database_uri(instance_path: str) -> str:
    return "sqlite:///" + str(Path(instance_path) / DEFAULT_DATABASE_FILE)


def read_or_create(path: Path, make: Callable[[], str]) -> str:
    """The text stored in ``path`` (stripped), written from ``make()`` if the file is missing.

    The text is written to a private (0600) temporary file beside it and then linked into
    place, so a second process creating it at the same moment never reads a half-written
    file: it finds the link taken and reads the first process's text.
    """
    if not path.exists():
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        try:
            with os.fdopen(descriptor, "w", encoding="ascii") as file:
                file.write(make() + "\n")
            with contextlib.suppress(FileExistsError):
                os.link(temporary, path)
        finally:
            os.unlink(temporary)
    return path.read_text(encoding="ascii").strip()


def load_or_create_secret_key(instance_path: str) -> str:
    """Read the key stored in the instance folder, creating it on first start. The key must
    survive restarts, or every restart would sign everyone out."""
    path = Path(instance_path) / SECRET_KEY_FILE
    key = read_or_create(path, lambda: secrets.token_hex(32))
    if not key:
        raise RuntimeError(
            f"{path} ist leer: Datei löschen, dann wird ein neuer Schlüssel erzeugt."
        )
    return key
