"""Fixtures for the web-app tests (``test_app_*.py``): a fresh app per test.

Each app gets its own temporary instance folder, so the SQLite file and the generated secret
key are the app's defaults, and its database is built by the real Alembic migrations.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import flask_migrate
import pytest
from flask import Flask
from flask.testing import FlaskClient

from tournament.app import create_app
from tournament.extensions import db


def _make_app(instance: Path, monkeypatch: pytest.MonkeyPatch) -> Flask:
    # The developer's own settings must not leak into the tests.
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    return create_app({"TESTING": True}, instance_path=str(instance))


@pytest.fixture
def instance_dir(tmp_path: Path) -> Path:
    return tmp_path / "instance"


@pytest.fixture
def unmigrated_app(instance_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    app = _make_app(instance_dir, monkeypatch)
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def app(unmigrated_app: Flask) -> Flask:
    with unmigrated_app.app_context():
        flask_migrate.upgrade()
    return unmigrated_app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
