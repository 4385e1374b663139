"""What the browser tests share: the app on a fresh database, served by a real WSGI server,
and Debian's Chromium driven by Playwright (never ``playwright install``: the system's
browser, with the flags it needs in a container).

The tests run Debian's ``chromium-headless-shell``: the same Chromium build as the
``chromium`` package (its Blink and V8, its version), without the desktop browser around it,
as Playwright itself runs Chromium headless: the browser tests take a third less CPU with
it than with ``chromium --headless`` (docs/development.md). The benchmarks open the desktop
``chromium`` (``DESKTOP_CHROMIUM``), closer to a phone's browser.

The app is served in one of two ways (``SERVERS``), as it is on the tournament day:

- ``laptop-sqlite``: a SQLite file, ``doko-turnier`` in its own process (the laptop);
- ``gunicorn-postgresql``: a database of the throwaway PostgreSQL cluster
  (``tests/support/postgres.py``, a copy of the migrated template), gunicorn in its own process
  with two workers, as ``docs/server.md`` runs it (the Linux server). Skipped with
  ``DOKO_TEST_POSTGRES=0``.

Either way the test's own app (its test client, the services) works on the same database.

A module's tests share its site, and every tab comes from 127.0.0.1, so the throttle would
count one test's unknown table codes against the next: a phone left on a list whose code was
renewed or whose round was closed asks again every few seconds, each a failed code, the more
the slower the machine, until the next test's valid code got a 429. The sites' instance
``config.py`` sets a table-code limit no test reaches (``SITE_SETTINGS``); the throttle itself
is tested in ``tests/app``.
"""

from __future__ import annotations

import secrets
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import flask_migrate
import pytest
from flask import Flask
from playwright.sync_api import Browser, sync_playwright

from tests.support import postgres
from tests.support.server_processes import (
    free_port,
    gunicorn_command,
    laptop_serving,
    running,
    server_environment,
)
from tournament.app import create_app
from tournament.extensions import db

SERVERS = ("laptop-sqlite", "gunicorn-postgresql")
#: A browser test module's mark (``pytestmark = ONE_SERVER``) that serves its ``site``
#: (``tests/browser/conftest.py``) by ``doko-turnier`` on SQLite alone: for pages that are the
#: same on either server, so that the slow tier does not run them twice.
ONE_SERVER = pytest.mark.parametrize("site", SERVERS[:1], indirect=True, scope="module")
GUNICORN_WORKERS = 2

CHROMIUM = shutil.which("chromium-headless-shell") or "/usr/bin/chromium-headless-shell"
DESKTOP_CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


# The served sites' instance/config.py (read by the test's app and by gunicorn's workers).
SITE_SETTINGS = 'THROTTLE_TABLE_CODE = "1000 per minute"\n'


def site_settings(instance: Path) -> None:
    """Write the sites' settings into ``instance``'s config.py."""
    instance.mkdir(parents=True, exist_ok=True)
    (instance / "config.py").write_text(SITE_SETTINGS, encoding="utf-8")


def migrated_app(instance: Path) -> Flask:
    """The app on a new SQLite file in ``instance``, built by the real migrations."""
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance / 'browser.sqlite3'}",
            "PUBLIC_PAGE_SECONDS": 0,  # a page shows what the test just did
        },
        instance_path=str(instance),
    )
    with app.app_context():
        flask_migrate.upgrade()
    return app


#: What the served sites' server reads from the environment: a page shows what the test just did.
SERVED_SETTINGS = {"PUBLIC_PAGE_SECONDS": "0"}


@contextmanager
def served(app: Flask) -> Iterator[str]:
    """Serve the database of ``app`` with ``doko-turnier`` (the laptop's server) on a free
    port; yields the base URL."""
    log = Path(app.instance_path) / "server.log"
    with laptop_serving(app, log, environment=SERVED_SETTINGS) as port:
        yield f"http://127.0.0.1:{port}"


@contextmanager
def served_on(
    server: str, instance: Path, request: pytest.FixtureRequest
) -> Iterator[tuple[Flask, str]]:
    """The app on a new migrated database served by ``server`` (one of ``SERVERS``); yields
    the test's own app on that database and the server's base URL."""
    site_settings(instance)
    if server == "laptop-sqlite":
        app = migrated_app(instance)
        with served(app) as url:
            yield app, url
        return
    assert server == "gunicorn-postgresql", server
    if postgres.opted_out():
        pytest.skip(f"PostgreSQL tests switched off ({postgres.OPT_OUT_VARIABLE}=0)")
    cluster: postgres.Cluster = request.getfixturevalue("postgres_cluster")
    name = cluster.create_database(template=request.getfixturevalue("postgres_template"))
    url, key = cluster.url(name), secrets.token_hex(32)
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": key}, instance_path=str(instance)
    )
    port = free_port()
    command = gunicorn_command(port, workers=GUNICORN_WORKERS, instance=instance)
    try:
        # A page shows what the test just did.
        environment = server_environment(url, key) | {"PUBLIC_PAGE_SECONDS": "0"}
        with running(command, environment, instance / "gunicorn.log", port):
            yield app, f"http://127.0.0.1:{port}"
    finally:
        with app.app_context():
            db.engine.dispose()
        cluster.drop_database(name)


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, its headless shell."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: apt-get install -y chromium-headless-shell;"
            " make test does"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
