"""Is the database at the schema this code expects? Asked before the app serves anything.

Running on an unmigrated database would fail later, on some page, with an obscure error; so
the app refuses to serve instead and names the command that fixes it.
"""

from __future__ import annotations

import functools
from pathlib import Path

from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
UPGRADE_COMMAND = ".venv/bin/flask --app tournament.app db upgrade"


@functools.cache
def _scripts() -> ScriptDirectory:
    """The migrations this code ships, read once per process: each app asks on its first
    request, and reading them (Alembic loads every migration file) cost more than the request
    (the tests build an app for each test)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return ScriptDirectory.from_config(config)


def schema_problem(engine: Engine) -> str | None:
    """None if the database is at the newest migration, otherwise what is wrong and the fix.

    The text is German: the Turnierleiter reads it, in the console or in the browser.
    """
    try:
        current = current_heads(engine)
    except SQLAlchemyError as error:
        return f"Die Datenbank ist nicht erreichbar ({type(error).__name__}: {error.args[0]})."
    return heads_problem(current)


def current_heads(engine: Engine) -> set[str]:
    """The migrations the database is at; raises if it cannot be reached."""
    with engine.connect() as connection:
        return set(MigrationContext.configure(connection).get_current_heads())


def heads_problem(current: set[str]) -> str | None:
    """None if ``current`` is the newest migration, otherwise what is wrong and the fix."""
    scripts = _scripts()
    if current == set(scripts.get_heads()):
        return None
    fix = f"Zum Einrichten oder Aktualisieren ausführen: {UPGRADE_COMMAND} (oder make run)."
    if not current:
        return f"Die Datenbank ist noch nicht eingerichtet. {fix}"
    if current - {script.revision for script in scripts.walk_revisions()}:
        return (
            "Die Datenbank wurde von einer neueren Version dieses Programms angelegt "
            f"(Revision {', '.join(sorted(current))}). Bitte das Programm aktualisieren "
            "(git pull), dann make run."
        )
    return f"Die Datenbank ist nicht auf dem aktuellen Stand. {fix}"
