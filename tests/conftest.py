"""Fixtures for the web-app tests (``test_app_*.py``): a fresh app per test, on both databases.

Each app gets its own temporary instance folder (so the generated secret key is the app's
default) and runs once on each database backend, test ids ``[sqlite]`` and ``[postgresql]``:

- ``sqlite``: the app's default, a SQLite file in the instance folder;
- ``postgresql``: a fresh database of its own in a throwaway PostgreSQL 15 cluster that the
  session starts on first use and deletes at its end (``tests/support/postgres.py``, which also says
  how to skip these variants where PostgreSQL is not installed: ``DOKO_TEST_POSTGRES=0``).

``unmigrated_app`` starts on an empty database; ``app`` (and ``client``) on one built by the
real Alembic migrations. On PostgreSQL the migrations run once per session into a template
database, and each test's database is a copy of it, which is much faster than migrating again.

A test that checks something only SQLite has is marked ``@pytest.mark.sqlite_only``: it runs
on SQLite alone; ``@pytest.mark.postgresql_only`` likewise.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import flask_migrate
import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support import postgres
from tests.support.webapp import FAST_ARGON2
from tournament.app import create_app
from tournament.config import ENVIRONMENT_KEYS, INSTANCE_PATH_VARIABLE
from tournament.extensions import db

BACKENDS = ("sqlite", "postgresql")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "sqlite_only: checks something only SQLite has; not run on PostgreSQL"
    )
    config.addinivalue_line(
        "markers", "postgresql_only: checks something only PostgreSQL has; not run on SQLite"
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        marked = metafunc.definition.get_closest_marker
        backends = BACKENDS
        if marked("sqlite_only") is not None:
            backends = BACKENDS[:1]
        elif marked("postgresql_only") is not None:
            backends = BACKENDS[1:]
        metafunc.parametrize("backend", backends, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The database backend of this test run: ``"sqlite"`` or ``"postgresql"``."""
    name: str = request.param
    if name == "postgresql" and postgres.opted_out():
        pytest.skip(f"PostgreSQL tests switched off ({postgres.OPT_OUT_VARIABLE}=0)")
    return name


@pytest.fixture(scope="session", autouse=True)
def _instance_folder_of_the_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """An app that a test (or a server it starts) builds without naming its instance folder
    keeps its files in a temporary one, never in the checkout's ``instance/``."""
    folder = tmp_path_factory.mktemp("instance")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(INSTANCE_PATH_VARIABLE, str(folder))
        yield


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[postgres.Cluster]:
    problem = postgres.missing_binaries()
    if problem:
        pytest.fail(problem, pytrace=False)
    cluster = postgres.Cluster()
    # Killed by SIGTERM (a CI time limit), pytest would exit without stopping the server:
    # as an interrupt, the session ends through its finalizers.
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
        signal.signal(signal.SIGTERM, previous)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


@pytest.fixture(scope="session")
def postgres_template(
    postgres_cluster: postgres.Cluster, tmp_path_factory: pytest.TempPathFactory
) -> str:
    """A database built by the migrations, the template for each test's migrated database."""
    name = postgres_cluster.create_database("doko_template")
    with pytest.MonkeyPatch.context() as monkeypatch:
        app = _make_app(
            tmp_path_factory.mktemp("template") / "instance",
            monkeypatch,
            {"SQLALCHEMY_DATABASE_URI": postgres_cluster.url(name)},
        )
    with app.app_context():
        flask_migrate.upgrade()
        # A template must have no open connection when it is copied.
        db.engine.dispose()
    return name


def _make_app(
    instance: Path, monkeypatch: pytest.MonkeyPatch, config: dict[str, Any] | None = None
) -> Flask:
    # The developer's own settings must not leak into the tests.
    for key in ENVIRONMENT_KEYS:
        monkeypatch.delenv(key, raising=False)
    settings = {
        "TESTING": True,
        "ARGON2_PARAMETERS": FAST_ARGON2,
        # Each request sees what the test just changed (tests/test_app_standings.py checks
        # the shared pages).
        "PUBLIC_PAGE_SECONDS": 0,
        **(config or {}),
    }
    return create_app(settings, instance_path=str(instance))


def _app_on_backend(
    request: pytest.FixtureRequest,
    backend: str,
    instance: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    migrated: bool,
) -> Iterator[Flask]:
    if backend == "sqlite":
        app = _make_app(instance, monkeypatch)
        if migrated:
            with app.app_context():
                flask_migrate.upgrade()
        yield app
        with app.app_context():
            db.engine.dispose()
        return
    # Asked for only here, so that a run without PostgreSQL tests starts no cluster.
    cluster: postgres.Cluster = request.getfixturevalue("postgres_cluster")
    template = request.getfixturevalue("postgres_template") if migrated else None
    name = cluster.create_database(template=template)
    try:
        app = _make_app(instance, monkeypatch, {"SQLALCHEMY_DATABASE_URI": cluster.url(name)})
        yield app
        with app.app_context():
            db.engine.dispose()
    finally:
        cluster.drop_database(name)


@pytest.fixture
def instance_dir(tmp_path: Path) -> Path:
    return tmp_path / "instance"


@pytest.fixture
def unmigrated_app(
    request: pytest.FixtureRequest,
    backend: str,
    instance_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Flask]:
    """The app on an empty database."""
    yield from _app_on_backend(request, backend, instance_dir, monkeypatch, migrated=False)


@pytest.fixture
def app(
    request: pytest.FixtureRequest,
    backend: str,
    instance_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Flask]:
    """The app on a database built by the migrations."""
    yield from _app_on_backend(request, backend, instance_dir, monkeypatch, migrated=True)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
