"""The application factory: ``create_app`` builds a configured Flask app.

``flask --app tournament.app ...`` and ``gunicorn 'tournament.app:create_app()'`` find it
by themselves; ``doko-turnier`` (``tournament.laptop``) migrates the database and serves the
app with granian.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import sqlite3
from pathlib import Path
from typing import Any

from flask import Flask, current_app, has_request_context, render_template, request
from flask.typing import ResponseReturnValue
from sqlalchemy import Connection, Engine, event, make_url
from werkzeug.routing import IntegerConverter, Map

from tournament import changes, throttle
from tournament import config as settings
from tournament.accounts import routes as accounts_routes
from tournament.accounts import sessions, setup_code
from tournament.audit import routes as audit_routes  # noqa: F401 (the log, on the admin blueprint)
from tournament.backups import commands as backup_commands
from tournament.ddv_report import routes as ddv_report_routes
from tournament.domain import table_play
from tournament.excel import routes as excel_routes
from tournament.extensions import (
    BEGIN_WRITING,
    cache,
    compress,
    csrf,
    db,
    login_manager,
    migrate,
    request_reads_first,
)
from tournament.models import MAX_ID
from tournament.player_pages import routes as player_pages_routes
from tournament.prizes import routes as prizes_routes
from tournament.publish import routes as publish_routes
from tournament.registrations import routes as registrations_routes
from tournament.rounds import evening_routes, overview_routes
from tournament.rounds import routes as rounds_routes
from tournament.schema import MIGRATIONS_DIR, current_heads, heads_problem
from tournament.scorelists import routes as scorelists_routes
from tournament.series import routes as series_routes
from tournament.standings import routes as standings_routes
from tournament.texts.errors import ErrorPage, error_text
from tournament.tournaments import public_routes
from tournament.tournaments import routes as tournaments_routes
from tournament.web import error_pages, live, public_pages, security_headers, static_files
from tournament.web.admin import admin

SCHEMA_OK = "doko_schema_ok"


def create_app(config: dict[str, Any] | None = None, *, instance_path: str | None = None) -> Flask:
    """Build the app: defaults < ``instance/config.py`` < environment < ``config``.

    ``instance_path`` (default: the environment variable ``DOKO_INSTANCE_PATH``, else
    ``instance/`` beside the package) holds the SQLite file, the optional ``config.py``, the
    generated secret key and the set-up code; tests pass a temporary folder.
    """
    instance_path = instance_path or os.environ.get(settings.INSTANCE_PATH_VARIABLE) or None
    app = Flask(
        __name__,
        instance_path=str(Path(instance_path).resolve()) if instance_path else None,
        instance_relative_config=True,
    )
    os.makedirs(app.instance_path, mode=0o700, exist_ok=True)
    app.config.from_mapping(settings.DEFAULTS)
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_mapping(settings.from_environment(os.environ))
    app.config.from_mapping(config or {})
    app.config.setdefault(
        "SQLALCHEMY_DATABASE_URI", settings.default_database_uri(app.instance_path)
    )
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = settings.load_or_create_secret_key(app.instance_path)
    _keep_instance_private(app.instance_path)

    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS_DIR))
    csrf.init_app(app)
    cache.init_app(app)
    # A page shared by every phone is compressed once (tournament/web/public_pages.py).
    app.config.setdefault("COMPRESS_CACHE_BACKEND", public_pages.CompressedPages)
    app.config.setdefault("COMPRESS_CACHE_KEY", public_pages.compressed_key)
    compress.init_app(app)
    _init_login(app)
    # Before the request hooks of the app and its blueprints: a throttled guess costs no
    # database lookup.
    throttle.init_app(app)
    if make_url(app.config["SQLALCHEMY_DATABASE_URI"]).get_backend_name() == "sqlite":
        with app.app_context():
            _keep_private(db.engine)
            _tune_sqlite(db.engine, app.config["SQLITE_BUSY_TIMEOUT"])

    # Registered before the blueprints so that they run before their request hooks.
    app.before_request(_refuse_nul_characters)
    app.before_request(_refuse_unmigrated_database)
    # Ids in URLs are database keys: a number beyond them names nothing (404), also on
    # PostgreSQL, whose integers end at 2**31 - 1.
    app.url_map.converters["int"] = IdConverter
    app.register_blueprint(public_routes.bp)
    app.register_blueprint(accounts_routes.auth)
    app.register_blueprint(tournaments_routes.bp)
    app.register_blueprint(evening_routes.bp)
    app.register_blueprint(registrations_routes.bp)
    app.register_blueprint(rounds_routes.bp)
    app.register_blueprint(overview_routes.bp)
    app.register_blueprint(scorelists_routes.bp)
    app.register_blueprint(excel_routes.bp)
    app.register_blueprint(standings_routes.bp)
    app.register_blueprint(publish_routes.bp)
    app.register_blueprint(player_pages_routes.bp)
    app.register_blueprint(series_routes.bp)
    app.register_blueprint(ddv_report_routes.bp)
    app.register_blueprint(prizes_routes.bp)
    app.register_blueprint(admin)  # the accounts (accounts_routes) and the log (audit_routes)
    error_pages.init_app(app)
    static_files.init_app(app)
    app.after_request(security_headers.add)
    app.jinja_env.filters["local"] = local_time
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    _announce_setup_code(app)
    _add_backup_commands(app)
    # Unchanged polls of live pages are answered from memory, in front of everything above.
    with app.app_context():
        signal = changes.init_app(app, db.engine)
    app.wsgi_app = live.FastPolls(app.wsgi_app, signal, app)  # type: ignore[method-assign]
    live.AGAIN_BY_ENDPOINT["scorelists.live_state_by_code"] = _list_state_by_code
    live.EVERY_AGAIN[_list_state_by_code] = _list_states
    return app


def _list_state_by_code(code: str) -> str | None:
    """The state of the list a table's code opens (``None``: no such code), as its poll
    computes it (``scorelists.routes.live_state``)."""
    table = table_play.table_by_code(code)
    return None if table is None else scorelists_routes.live_token(table)


def _list_states() -> dict[tuple[tuple[str, Any], ...], str]:
    """``_list_state_by_code`` of every open list at once: one query for all the tables'
    phones after a write."""
    return {
        (("code", row.access_code),): scorelists_routes.list_token(
            row.version, row.status, row.time_up_at, row.locked
        )
        for row in table_play.open_lists()
    }


def _announce_setup_code(app: Flask) -> None:
    """A fresh installation's set-up code goes to the console (every server's log shows
    WARNING lines; ``doko-turnier`` prints it in its banner instead, and asks for no line
    here: ``SETUP_CODE_IN_LOG``); ``flask --app tournament.app setup-code`` prints it again."""
    app.cli.add_command(setup_code.command)
    if not app.config["SETUP_CODE_IN_LOG"]:
        return
    code = setup_code.announce(app)
    if code is not None:
        app.logger.warning("%s", setup_code.warning(code))


def _add_backup_commands(app: Flask) -> None:
    """``flask list-backups`` and ``flask restore-backup FILE`` (``tournament.backups``)."""
    app.cli.add_command(backup_commands.list_command)
    app.cli.add_command(backup_commands.restore_command)


def _init_login(app: Flask) -> None:
    sessions.init_app(app)
    login_manager.init_app(app)
    login_manager.login_view = "auth.login"
    login_manager.login_message = "Bitte melden Sie sich an, um diese Seite zu sehen."
    login_manager.login_message_category = "info"
    login_manager.user_loader(sessions.load_user)


_READING = "reading"


def local_time(moment: dt.datetime, pattern: str = "%H:%M") -> str:
    """A stored moment in the server's local time; SQLite hands back UTC without a zone."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone().strftime(pattern)


def _tune_sqlite(engine: Engine, busy_timeout: float) -> None:
    """WAL lets the public pages read while a list is being saved; the busy timeout makes a
    second writer wait instead of failing at once; SQLite enforces foreign keys only if asked.

    A request that may write (anything but GET and HEAD) begins its transaction with
    ``BEGIN IMMEDIATE``: it takes the write lock before it reads, so two writers queue up
    (within the busy timeout) instead of the second failing with "database is locked" when
    it turns from reading to writing after the first committed. pysqlite's own implicit
    BEGIN is switched off for that (SQLAlchemy's documented recipe).

    Requests that read first (a score list's change, or its preview) begin with a plain
    ``BEGIN``: their reading transaction ends at ``begin_writing()`` and a ``BEGIN
    IMMEDIATE`` follows, so the lock is held only for the writes. A write before that is a
    programming error and refused before it reaches the database.

    Writers wait for each other in SQLite's own busy handler, within one server process or
    several (gunicorn): a lock of the app's own in front of it gave no shorter saves
    (``bench/README.md``).
    """

    @event.listens_for(engine, "connect")
    def _on_connect(connection: Any, _record: Any) -> None:
        if isinstance(connection, sqlite3.Connection):
            connection.isolation_level = None
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        if not has_request_context() or request.method in ("GET", "HEAD"):
            connection.exec_driver_sql("BEGIN")
        elif request_reads_first():
            connection.exec_driver_sql("BEGIN")
            connection.info[_READING] = True
            connection.info[BEGIN_WRITING] = functools.partial(_write_from_now, connection)
        else:
            connection.exec_driver_sql("BEGIN IMMEDIATE")

    def _write_from_now(connection: Connection) -> None:
        """The reading transaction ends; a writing one begins on the same connection (the
        session keeps what it read: the writes that follow are conditional on it)."""
        connection.info.pop(_READING, None)
        connection.exec_driver_sql("COMMIT")
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    @event.listens_for(engine, "before_cursor_execute")
    def _refuse_writes_while_reading(
        connection: Connection,
        _cursor: Any,
        statement: str,
        _parameters: Any,
        context: Any,
        _executemany: bool,
    ) -> None:
        if connection.info.get(_READING) and (
            context is not None and (context.isinsert or context.isupdate or context.isdelete)
        ):
            raise RuntimeError(
                f"A write in a request that only reads so far: {statement[:60]!r}; "
                "call begin_writing() first."
            )

    @event.listens_for(engine, "commit")
    @event.listens_for(engine, "rollback")
    def _on_end(connection: Connection) -> None:
        connection.info.pop(_READING, None)
        connection.info.pop(BEGIN_WRITING, None)


class IdConverter(IntegerConverter):
    """``<int:...>`` in a URL: a whole number from 0 to the largest key the database holds."""

    def __init__(self, url_map: Map, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", MAX_ID)
        super().__init__(url_map, *args, **kwargs)


def _keep_instance_private(instance_path: str) -> None:
    """The instance folder is its owner's alone (0700) and so is every file in it (0600): it
    holds the secret key, the database with the password hashes and their companions. A file
    an older version left readable is tightened at the next start."""
    os.chmod(instance_path, 0o700)
    for entry in os.scandir(instance_path):
        if entry.is_file(follow_symlinks=False):
            os.chmod(entry.path, 0o600)


def _keep_private(engine: Engine) -> None:
    """The SQLite file is readable by its owner only (0600): it holds the password hashes.
    SQLite gives its WAL and shared-memory files the database file's permissions."""
    database = _database_file(engine)
    if database is None:
        return
    os.close(os.open(database, os.O_RDWR | os.O_CREAT, 0o600))
    os.chmod(database, 0o600)


def _database_file(engine: Engine) -> str | None:
    """The SQLite file; ``None`` in memory (or a ``file:`` URI)."""
    database = engine.url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return database


def _refuse_nul_characters() -> ResponseReturnValue | None:
    """A NUL character is never typed, only sent by tools; PostgreSQL cannot store it.

    Forms report it next to the field (see ``tournament.web.forms.Form``); this catches the rest.
    """
    values = [*request.args.values(), request.path]
    if any("\x00" in value for value in values):
        return error_pages.error_page(400, error_text(ErrorPage.CONTROL_CHARACTER))
    return None


def _refuse_unmigrated_database() -> ResponseReturnValue | None:
    """Serve nothing until the database is at the newest migration (checked until it is).

    A database that cannot be reached raises: its own page (503, see ``error_pages``).
    """
    if request.endpoint == "static" or current_app.extensions.get(SCHEMA_OK):
        return None
    problem = heads_problem(current_heads(db.engine))
    if problem is None:
        current_app.extensions[SCHEMA_OK] = True
        return None
    current_app.logger.error("%s", problem)
    return render_template("errors/schema.html", problem=problem), 503
