"""The web app as the tests build it: a fresh app on a database of its own, on SQLite or on the
throwaway PostgreSQL cluster (``tests/support/postgres.py``), empty or built by the migrations.

The real Alembic migrations run once per test run (per xdist worker) on each database: into a
SQLite file, which each test's app gets a copy of, and into a PostgreSQL template database,
which each test's database is created from. The fixtures in ``tests/conftest.py`` call this
module; the tests of the migrations themselves (``tests/app/test_app_startup.py``) start from
an empty database and run them.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

import flask_migrate
import pytest
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy import Engine, event, make_url
from werkzeug.routing import Rule
from werkzeug.test import Cookie

import table_draw
from tests.support import postgres
from tests.support.webapp import FAST_ARGON2
from tournament import throttle
from tournament.app import create_app
from tournament.config import (
    DEFAULT_DATABASE_FILE,
    ENVIRONMENT_KEYS,
    load_or_create_secret_key,
)
from tournament.extensions import db

T = TypeVar("T")

_THROTTLE_STORAGE = "tests: throttle storage"


class TemplateCache(BytecodeCache):
    """Jinja's compiled templates kept in memory for every app of the run: each test's app has
    an environment of its own, and compiling the templates again for each one took a quarter
    of an app test's time. A template's code is used only while its source is unchanged."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = TemplateCache()


class CompiledRules:
    """Werkzeug's compiled URL rules kept for every app of the run: each app adds its 98 rules
    to a map of its own, and each rule parses its pattern, builds its converters and compiles
    two URL builders as Python syntax trees, most of the time an app takes to build. What a
    rule compiles to depends only on its pattern, its defaults and the map's settings and
    converters (which keep no state), so a rule equal to one compiled before takes the same
    parts, converters and builders (the builders bound to the rule itself)."""

    def __init__(self) -> None:
        self.compile = Rule.compile
        self.compiled: dict[Hashable, tuple[Any, ...]] = {}

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Share the compiled rules until the test ends."""
        compiled = self

        def compile_rule(rule: Rule) -> None:
            compiled.apply(rule)

        monkeypatch.setattr(Rule, "compile", compile_rule)

    def apply(self, rule: Rule) -> None:
        url_map = rule.map
        assert url_map is not None, "rule not bound"
        key = (
            rule.rule,
            rule.host,
            rule.subdomain,
            rule.merge_slashes,
            url_map.host_matching,
            tuple((name, repr(value)) for name, value in (rule.defaults or {}).items()),
            tuple(url_map.converters.items()),
        )
        found = self.compiled.get(key)
        if found is None:
            self.compile(rule)
            found = self.compiled[key] = (
                tuple(rule._parts),
                tuple(rule._trace),
                dict(rule._converters),
                rule._build.__func__,  # type: ignore[attr-defined]
                rule._build_unknown.__func__,  # type: ignore[attr-defined]
            )
            return
        parts, trace, converters, build, build_unknown = found
        rule._parts = list(parts)
        rule._trace = list(trace)
        rule._converters = dict(converters)
        rule.arguments.update(converters)
        rule._build = build.__get__(rule, None)
        rule._build_unknown = build_unknown.__get__(rule, None)


COMPILED_RULES = CompiledRules()


class CompiledStatements:
    """SQLAlchemy's compiled SQL statements kept for every app of the run (the ``compiled_cache``
    execution option of each app's engine). An engine keeps the statements it compiled in a
    cache of its own, keyed by its dialect object, so each test's app compiled every statement
    again: about a tenth of an app test's CPU (six app test files on SQLite, side by side). The
    apps of a database differ only in the file or database they open (the same dialect class,
    library and settings), and a statement compiles to the same SQL for each; here the key
    names the dialect's class instead of the object."""

    def __init__(self) -> None:
        self.compiled: dict[Hashable, Any] = {}

    def install(self, engine: Engine) -> None:
        engine.update_execution_options(compiled_cache=self)

    @staticmethod
    def _shared(key: tuple[Any, ...]) -> tuple[Any, ...]:
        dialect, *rest = key
        return (type(dialect), *rest)

    def get(self, key: tuple[Any, ...]) -> Any:
        return self.compiled.get(self._shared(key))

    def __setitem__(self, key: tuple[Any, ...], compiled: Any) -> None:
        self.compiled[self._shared(key)] = compiled


COMPILED_STATEMENTS = CompiledStatements()


class DrawResults:
    """The draw's results kept for every app of the run: a draw is a function of its request
    alone (tests/draw checks it, and the corpus the bytes of each result), and the app tests
    draw the same small tournaments with the same seeds again and again; drawing each anew took
    a fifth of their time. A request drawn for the first time is drawn by ``table_draw``; one
    it refuses is refused again each time."""

    def __init__(self) -> None:
        self.draw = table_draw.draw
        self.drawn: dict[table_draw.DrawRequest, table_draw.DrawResult] = {}

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Share the results until the test ends."""
        monkeypatch.setattr(table_draw, "draw", self.result)

    def result(self, request: table_draw.DrawRequest) -> table_draw.DrawResult:
        found = self.drawn.get(request)
        if found is None:
            found = self.drawn[request] = self.draw(request)
        return found


DRAW_RESULTS = DrawResults()


def make_app(
    instance: Path, monkeypatch: pytest.MonkeyPatch, config: dict[str, Any] | None = None
) -> Flask:
    """The app with the tests' settings, its instance folder ``instance``."""
    # The developer's own settings must not leak into the tests.
    for key in ENVIRONMENT_KEYS:
        monkeypatch.delenv(key, raising=False)
    settings = {
        "TESTING": True,
        "ARGON2_PARAMETERS": FAST_ARGON2,
        # Each request sees what the test just changed (tests/app/test_app_standings.py checks
        # the shared pages).
        "PUBLIC_PAGE_SECONDS": 0,
        # No set-up code made and logged at every app's start (a third of an app's making):
        # the tests of the set-up ask for it (``setup_code.announce``), and
        # tests/app/test_app_setup_code.py checks the line with the app's own default.
        "SETUP_CODE_IN_LOG": False,
        **(config or {}),
    }
    COMPILED_RULES.install(monkeypatch)
    DRAW_RESULTS.install(monkeypatch)
    app = create_app(settings, instance_path=str(instance))
    # The limiter is one for the process: each new app gives it a new counter store, which
    # close_connections() must find for this app's database.
    app.extensions[_THROTTLE_STORAGE] = throttle.limiter.storage
    app.jinja_env.bytecode_cache = TEMPLATES
    with app.app_context():
        COMPILED_STATEMENTS.install(db.engine)
        if db.engine.dialect.name == "sqlite":
            # A test's database is thrown away: its commits need not wait for the disk (as
            # the PostgreSQL cluster's, tests/support/postgres.py).
            event.listen(db.engine, "connect", _no_disk_sync)
            db.engine.dispose()
    return app


def close_connections(app: Flask) -> None:
    """Every connection of ``app`` closed: its database's and the throttle's counters' on
    PostgreSQL (tournament/throttle/storage.py). A database still connected to when it is
    dropped costs PostgreSQL a tenth of a second's wait for the connection to end."""
    with app.app_context():
        db.engine.dispose()
    engine = getattr(app.extensions.get(_THROTTLE_STORAGE), "engine", None)
    if isinstance(engine, Engine):
        engine.dispose()


def _no_disk_sync(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA synchronous=OFF")
    cursor.close()


def migrate(app: Flask) -> None:
    """Run the migrations on the app's database and close its connections."""
    with app.app_context():
        flask_migrate.upgrade()
        db.engine.dispose()


def migrated_sqlite(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A SQLite file built by the migrations in ``folder``, to be copied for each test."""
    instance = folder / "instance"
    migrate(make_app(instance, monkeypatch))
    database = instance / DEFAULT_DATABASE_FILE
    # Its last connection closed, SQLite has written the WAL back into the file.
    assert not database.with_name(f"{DEFAULT_DATABASE_FILE}-wal").exists()
    return database


def migrated_postgres(
    cluster: postgres.Cluster, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> str:
    """A database of ``cluster`` built by the migrations, the template for each test's."""
    name = cluster.create_database("doko_template")
    # A template must have no open connection when it is copied: migrate() closes them.
    migrate(
        make_app(folder / "instance", monkeypatch, {"SQLALCHEMY_DATABASE_URI": cluster.url(name)})
    )
    return name


def on_backend(
    request: pytest.FixtureRequest,
    backend: str,
    instance: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    migrated: bool,
) -> Iterator[Flask]:
    """The app on a database of its own on ``backend``: a copy of the migrated one, or empty."""
    if backend == "sqlite":
        if migrated:
            template: Path = request.getfixturevalue("sqlite_template")
            instance.mkdir(mode=0o700, parents=True, exist_ok=True)
            shutil.copyfile(template, instance / DEFAULT_DATABASE_FILE)
        app = make_app(instance, monkeypatch)
        yield app
        close_connections(app)
        return
    # Asked for only here, so that a run without PostgreSQL tests starts no cluster.
    cluster: postgres.Cluster = request.getfixturevalue("postgres_cluster")
    name = cluster.create_database(
        template=request.getfixturevalue("postgres_template") if migrated else None
    )
    try:
        app = make_app(instance, monkeypatch, {"SQLALCHEMY_DATABASE_URI": cluster.url(name)})
        yield app
        close_connections(app)
    finally:
        cluster.drop_database(name)


@dataclass(frozen=True)
class Saved:
    """An app's instance folder (its secret key, its SQLite file) and, on PostgreSQL, its
    database, saved so that other tests start where it stood: a module that builds the same
    day for each of its tests builds it once per database and copies it, as the migrated
    database is copied for every test."""

    backend: str
    instance: Path
    #: The template database on PostgreSQL; ``None`` on SQLite (the file is in ``instance``).
    database: str | None


def save(request: pytest.FixtureRequest, app: Flask, backend: str, folder: Path) -> Saved:
    """The app's instance folder copied into ``folder``, its database into a template."""
    # Its connections closed, SQLite has written the WAL back into the file, and PostgreSQL
    # copies a database only while nobody is connected to it.
    close_connections(app)
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    instance = folder / "instance"
    shutil.copytree(app.instance_path, instance)
    if backend == "sqlite":
        assert not (instance / f"{DEFAULT_DATABASE_FILE}-wal").exists()
        return Saved(backend, instance, None)
    cluster: postgres.Cluster = request.getfixturevalue("postgres_cluster")
    assert url.database is not None
    return Saved(backend, instance, cluster.create_database("doko_saved", template=url.database))


@contextmanager
def from_saved(
    request: pytest.FixtureRequest, saved: Saved, instance: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Flask]:
    """A new app on a copy of what ``saved`` holds, its instance folder ``instance``."""
    shutil.copytree(saved.instance, instance)
    if saved.database is None:
        app = make_app(instance, monkeypatch)
        try:
            yield app
        finally:
            close_connections(app)
        return
    cluster: postgres.Cluster = request.getfixturevalue("postgres_cluster")
    name = cluster.create_database(template=saved.database)
    try:
        app = make_app(instance, monkeypatch, {"SQLALCHEMY_DATABASE_URI": cluster.url(name)})
        yield app
        close_connections(app)
    finally:
        cluster.drop_database(name)


def restore(request: pytest.FixtureRequest, app: Flask, saved: Saved) -> None:
    """The database and instance folder of ``app``, which has served no request yet, replaced
    by a copy of ``saved``; the app signs its sessions with the saved secret key."""
    close_connections(app)
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    assert not Path(app.instance_path, f"{DEFAULT_DATABASE_FILE}-wal").exists()
    shutil.copytree(saved.instance, app.instance_path, dirs_exist_ok=True)
    app.config["SECRET_KEY"] = load_or_create_secret_key(app.instance_path)
    if saved.database is not None:
        cluster: postgres.Cluster = request.getfixturevalue("postgres_cluster")
        assert url.database is not None
        cluster.drop_database(url.database)
        cluster.create_database(name=url.database, template=saved.database)


#: The days of :class:`CopiedDay`, by database and key, each with its client's cookies and
#: what its build returned.
_DAYS: dict[tuple[str, Hashable], tuple[Saved, list[Cookie], Any]] = {}


@dataclass(frozen=True)
class CopiedDay:
    """A day that many tests start from (a tournament under way, say), built once per
    database, key and worker, then copied for each test that asks for the same key: calling
    it with ``key`` and ``build`` runs ``build`` on the test's app and client the first time
    and saves what they stand on; every later time the test's app and client, which have
    served no request yet, get a copy of it. Returns what ``build`` returned."""

    request: pytest.FixtureRequest
    backend: str
    app: Flask
    client: FlaskClient
    folders: pytest.TempPathFactory
    #: Whether this test has had its day: a copy goes under an app before its first request.
    used: list[Hashable] = field(default_factory=list)

    def __call__(self, key: Hashable, build: Callable[[], T]) -> T:
        assert not self.used, f"a test starts from one copied day; it has {self.used[0]!r}"
        self.used.append(key)
        found = _DAYS.get((self.backend, key))
        if found is not None:
            saved, cookies, value = found
            restore(self.request, self.app, saved)
            for cookie in cookies:
                self.client.set_cookie(
                    cookie.key,
                    cookie.value,
                    domain=cookie.domain,
                    origin_only=cookie.origin_only,
                    path=cookie.path,
                )
            return cast(T, value)
        value = build()
        cookies = list((self.client._cookies or {}).values())
        saved = save(self.request, self.app, self.backend, self.folders.mktemp("day"))
        _DAYS[(self.backend, key)] = (saved, cookies, value)
        return value


@contextmanager
def statements_seen(app: Flask) -> Iterator[list[str]]:
    """The SQL statements the app's database sees meanwhile."""
    seen: list[str] = []

    def record(*args: Any) -> None:
        seen.append(str(args[2]))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)
