"""The real servers answer unchanged polls from memory and never miss a change: a write from
another process (the command line, another server on the same database) shows in the next
poll; on gunicorn + PostgreSQL also when the change listeners' connections were killed
(``tournament.changes``, ``docs/server.md``: *Live pages*).

Real processes (``tests/support/server_processes.py``): gunicorn with two workers on
a database of the throwaway PostgreSQL cluster, and the laptop's server on a SQLite file. The
test process writes beside them through an app of its own.
"""

from __future__ import annotations

import http.client
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import select, text, update

from tests.support import postgres
from tests.support.server_processes import (
    ServerProcess,
    free_port,
    migrate,
    server_database,
    server_environment,
)
from tests.support.webapp import (
    create_tournament,
    draw_round,
    live_state,
    paste_players,
    round_action,
    sign_in,
)
from tournament import changes
from tournament.extensions import db
from tournament.models import RoundTable

#: Time for a worker's listener to hear a NOTIFY (milliseconds when the machine is idle).
HEARD = 0.5


@dataclass
class Served:
    app: Flask
    code: str
    command: Callable[[int], list[str]]
    env: dict[str, str]
    log: Path


def _build(app: Flask, url: str, key: str, log: Path) -> str:
    migrate(server_environment(url, key), log)
    client = app.test_client()
    sign_in(app, client)
    tid = create_tournament(client, "Live-Turnier")
    paste_players(client, tid, "\n".join(f"Spieler {n:02d}" for n in range(1, 9)))
    draw_round(client, tid, seed=7)
    round_action(client, tid, 1, "starten")
    with app.app_context():
        code = db.session.execute(select(RoundTable.access_code)).scalars().first()
        db.engine.dispose()
    assert code
    return code


@pytest.fixture
def gunicorn_served(postgres_cluster: postgres.Cluster, tmp_path: Path) -> Iterator[Served]:
    with server_database(tmp_path, postgres_cluster, "doko_live") as served:
        code = _build(served.app, served.url, served.key, served.log)
        yield Served(served.app, code, served.command, served.env, served.log)


@pytest.fixture
def laptop_served(tmp_path: Path) -> Iterator[Served]:
    with server_database(tmp_path, None, "live") as served:
        code = _build(served.app, served.url, served.key, served.log)
        yield Served(served.app, code, served.command, served.env, served.log)


def _get(port: int, path: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def _write(app: Flask, code: str) -> None:
    """Another process's write: the table's list moves on a version."""
    with app.app_context():
        db.session.execute(
            update(RoundTable)
            .where(RoundTable.access_code == code)
            .values(version=RoundTable.version + 1)
        )
        db.session.commit()
        db.engine.dispose()


def _polls_see_writes(served: Served, between: Callable[[Served], None] | None = None) -> None:
    port = free_port()
    server = ServerProcess(served.command(port), served.env, served.log)
    server.start(port)
    try:
        status, body = _get(port, f"/tisch/{served.code}/")
        assert status == 200
        shown = live_state(body)
        poll = f"/tisch/{served.code}/stand?stand="
        for _ in range(3):
            status, body = _get(port, poll + shown)
            assert status == 204, body[:300]
            if between is not None:
                between(served)
            _write(served.app, served.code)
            time.sleep(HEARD)
            # Every worker answers the next poll with the new state (several polls: gunicorn
            # hands them to either worker).
            for _ in range(4):
                status, body = _get(port, poll + shown)
                assert status == 200, (status, server.output()[-2000:])
            newer = live_state(body)
            assert newer != shown
            shown = newer
    finally:
        server.stop()


def test_laptop_server_on_sqlite_sees_another_process_write(laptop_served: Served) -> None:
    _polls_see_writes(laptop_served)


def test_gunicorn_on_postgresql_sees_another_process_write(gunicorn_served: Served) -> None:
    _polls_see_writes(gunicorn_served)


def _kill_listeners(served: Served) -> None:
    """Every worker's change listener loses its connection, just before the write."""
    with served.app.app_context():
        db.session.execute(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                f" WHERE query = 'LISTEN {changes.CHANNEL}' AND datname = current_database()"
            )
        )
        db.session.commit()
        db.engine.dispose()


def test_gunicorn_on_postgresql_with_its_listeners_killed_still_sees_writes(
    gunicorn_served: Served,
) -> None:
    _polls_see_writes(gunicorn_served, between=_kill_listeners)
