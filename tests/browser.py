"""What the browser tests share: the app on a fresh SQLite file served by waitress (the real
WSGI server) in a thread, and Debian's Chromium driven by Playwright (never ``playwright
install``: the system's browser, with the flags it needs in a container)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import flask_migrate
import pytest
from flask import Flask
from playwright.sync_api import Browser, sync_playwright
from waitress.server import create_server

from tests.serving import in_thread
from tournament.app import create_app
from tournament.extensions import db

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def migrated_app(instance: Path) -> Flask:
    """The app on a new SQLite file in ``instance``, built by the real migrations."""
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance / 'browser.sqlite3'}"},
        instance_path=str(instance),
    )
    with app.app_context():
        flask_migrate.upgrade()
    return app


@contextmanager
def served(app: Flask) -> Iterator[str]:
    """Serve ``app`` with waitress on a free port; yields the base URL."""
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    try:
        with in_thread(server):
            yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        with app.app_context():
            db.engine.dispose()


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: apt-get install -y chromium; make test does"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
