"""Start-up: configuration, the generated secret key, SQLite settings and the migration check."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import flask_migrate
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from flask import Flask
from sqlalchemy import inspect, make_url, text

from tests.support.webapp import set_up
from tournament import schema
from tournament.app import SCHEMA_OK, create_app
from tournament.config import DEFAULT_DATABASE_FILE, SECRET_KEY_FILE, from_environment
from tournament.extensions import db

UPGRADE = "flask --app tournament.app db upgrade"
TABLES = {"user_account", "tournament", "player", "registration", "audit_event"}


def test_unmigrated_database_is_refused_with_the_fixing_command(unmigrated_app: Flask) -> None:
    client = unmigrated_app.test_client()
    for path in ("/", "/einrichten", "/anmelden"):
        response = client.get(path)
        assert response.status_code == 503
        page = response.get_data(as_text=True)
        assert "Die Datenbank ist noch nicht eingerichtet." in page
        assert UPGRADE in page
    # The page can still be styled.
    assert client.get("/static/style.css").status_code == 200
    with unmigrated_app.app_context():
        assert not TABLES & set(inspect(db.engine).get_table_names())


def test_app_serves_once_the_database_is_migrated(unmigrated_app: Flask) -> None:
    client = unmigrated_app.test_client()
    assert client.get("/").status_code == 503
    with unmigrated_app.app_context():
        flask_migrate.upgrade()
    response = client.get("/")
    assert response.status_code == 302
    assert response.headers["Location"] == "/einrichten"


def test_database_of_a_newer_program_version_is_refused(app: Flask) -> None:
    with app.app_context():
        db.session.execute(text("UPDATE alembic_version SET version_num = 'f00dfeed'"))
        db.session.commit()
    response = app.test_client().get("/")
    assert response.status_code == 503
    assert "neueren Version" in response.get_data(as_text=True)


def test_outdated_database_is_refused_with_the_fixing_command(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The code knows a migration the database has not had yet."""
    scripts = schema._scripts()

    class NewerScripts:
        def get_heads(self) -> list[str]:
            return ["0002_newer"]

        def walk_revisions(self) -> list[object]:
            return [*scripts.walk_revisions(), type("Script", (), {"revision": "0002_newer"})]

    monkeypatch.setattr(schema, "_scripts", NewerScripts)
    response = app.test_client().get("/")
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "nicht auf dem aktuellen Stand" in page
    assert UPGRADE in page


def test_the_migration_files_are_read_once_per_process(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each app checks the database on its first request; the files it compares with are
    read at most once, whatever the number of apps (the tests build one for each test)."""
    reads = []
    read = schema.ScriptDirectory.from_config

    def counted(config: Any) -> Any:
        reads.append(config)
        return read(config)

    monkeypatch.setattr(schema.ScriptDirectory, "from_config", counted)
    for _ in range(3):
        app.extensions.pop(SCHEMA_OK, None)
        assert app.test_client().get("/anmelden").status_code < 500
        assert SCHEMA_OK in app.extensions
    assert len(reads) <= 1


def test_migrations_match_the_models(app: Flask) -> None:
    """The initial migration builds exactly the tables the models describe."""
    with app.app_context(), db.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), db.metadata) == []
        assert set(inspect(connection).get_table_names()) >= TABLES


def test_migrations_downgrade_and_upgrade_again(app: Flask) -> None:
    with app.app_context():
        flask_migrate.downgrade(revision="base")
        assert not TABLES & set(inspect(db.engine).get_table_names())
        flask_migrate.upgrade()
        assert schema.schema_problem(db.engine) is None


@pytest.mark.sqlite_only
def test_default_database_is_a_sqlite_file_in_the_instance_folder(
    app: Flask, instance_dir: Path
) -> None:
    expected = "sqlite:///" + str(instance_dir.resolve() / DEFAULT_DATABASE_FILE)
    assert app.config["SQLALCHEMY_DATABASE_URI"] == expected
    assert (instance_dir / DEFAULT_DATABASE_FILE).is_file()


@pytest.mark.sqlite_only
def test_the_instance_files_are_private(app: Flask, instance_dir: Path, tmp_path: Path) -> None:
    """Every file the app leaves in its instance folder (the database with its WAL and
    shared memory, the secret key, whatever else) is 0600 and the folder 0700, under a umask
    of 022: a fresh instance, and one an older version left readable (tightened at start)."""
    fresh = tmp_path / "fresh"
    previous = os.umask(0o022)
    try:
        (instance_dir / DEFAULT_DATABASE_FILE).chmod(0o644)
        (instance_dir / "notes.txt").write_text("left by hand\n")
        instance_dir.chmod(0o755)
        apps = [create_app(instance_path=str(folder)) for folder in (instance_dir, fresh)]
        for started in apps:
            with started.app_context():
                flask_migrate.upgrade()
            client = started.test_client()
            set_up(client)  # a request that writes
            assert client.get("/").status_code == 200
    finally:
        os.umask(previous)
    for folder in (instance_dir, fresh):
        files = {path.name: oct(path.stat().st_mode & 0o777) for path in folder.rglob("*")}
        assert {DEFAULT_DATABASE_FILE, f"{DEFAULT_DATABASE_FILE}-wal", SECRET_KEY_FILE} <= set(
            files
        )
        assert f"{DEFAULT_DATABASE_FILE}-shm" in files
        assert files == dict.fromkeys(files, "0o600")
        assert oct(folder.stat().st_mode & 0o777) == "0o700"


@pytest.mark.sqlite_only
def test_sqlite_runs_in_wal_mode_with_busy_timeout_and_foreign_keys(app: Flask) -> None:
    with app.app_context(), db.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA busy_timeout")).scalar() == 10_000
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1


@pytest.mark.sqlite_only
def test_secret_key_is_generated_once_and_kept(
    instance_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    first = create_app(instance_path=str(instance_dir))
    key_file = instance_dir / SECRET_KEY_FILE
    key = first.config["SECRET_KEY"]
    assert len(key) >= 32
    assert key_file.read_text(encoding="ascii").strip() == key
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    second = create_app(instance_path=str(instance_dir))
    assert second.config["SECRET_KEY"] == key
    assert [p.name for p in instance_dir.iterdir() if "secret" in p.name] == [SECRET_KEY_FILE]


@pytest.mark.sqlite_only
def test_secret_key_from_environment_is_used_and_not_stored(
    instance_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SECRET_KEY", "aus-der-umgebung")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app(instance_path=str(instance_dir))
    assert app.config["SECRET_KEY"] == "aus-der-umgebung"
    assert not (instance_dir / SECRET_KEY_FILE).exists()


@pytest.mark.sqlite_only
def test_instance_config_file_then_environment_then_argument(
    instance_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    instance_dir.mkdir()
    (instance_dir / "config.py").write_text(
        'SECRET_KEY = "aus-der-datei"\nSQLITE_BUSY_TIMEOUT = 3\n', encoding="utf-8"
    )
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.sqlite3'}")
    app = create_app(instance_path=str(instance_dir))
    assert app.config["SECRET_KEY"] == "aus-der-datei"
    assert app.config["SQLITE_BUSY_TIMEOUT"] == 3
    assert app.config["SQLALCHEMY_DATABASE_URI"].endswith("env.sqlite3")
    monkeypatch.setenv("SECRET_KEY", "aus-der-umgebung")
    assert create_app(instance_path=str(instance_dir)).config["SECRET_KEY"] == "aus-der-umgebung"
    overridden = create_app({"SECRET_KEY": "aus-dem-test"}, instance_path=str(instance_dir))
    assert overridden.config["SECRET_KEY"] == "aus-dem-test"


def test_old_postgres_scheme_in_database_url_is_accepted() -> None:
    settings = from_environment({"DATABASE_URL": "postgres://u:p@host/doko"})
    assert settings["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u:p@host/doko"
    assert make_url(settings["SQLALCHEMY_DATABASE_URI"]).get_dialect().driver == "psycopg"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgresql://u:p@host/doko", "postgresql+psycopg://u:p@host/doko"),
        ("postgresql+psycopg://u@host/doko", "postgresql+psycopg://u@host/doko"),
        ("postgresql+psycopg2://u@host/doko", "postgresql+psycopg2://u@host/doko"),
        ("sqlite:///doko.sqlite3", "sqlite:///doko.sqlite3"),
    ],
)
def test_postgresql_database_url_uses_the_installed_driver(url: str, expected: str) -> None:
    """A bare PostgreSQL URL gets psycopg 3, the driver the app depends on."""
    settings = from_environment({"DATABASE_URL": url})
    assert settings["SQLALCHEMY_DATABASE_URI"] == expected
