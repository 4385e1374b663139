"""Saves survive a crashed server: every game a list-keeper was told is saved is stored exactly
once, when server processes are killed (SIGKILL) while tables are saving.

Real processes: gunicorn (two workers, as ``docs/server.md`` runs it) on a database of
the throwaway PostgreSQL cluster, and the laptop's server, ``doko-turnier`` (granian with one
worker process), on a SQLite file (``tests/support/server_processes.py``). Several client
threads, one per table, each save their games over HTTP through the list page's flow (open the
list with the table's code, preview, confirm) as fast as the server answers. A confirm that
gets no answer is sent again, as a phone's user does, until the server answers: "Gespeichert"
or "schon gespeichert (Eintrag n)" both acknowledge the game. Afterwards each table's list must
hold exactly its acknowledged games, in order (each game is told apart by its Augen).
"""

from __future__ import annotations

import functools
import http.client
import os
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest
from flask import Flask
from sqlalchemy import select

from tests.support import postgres
from tests.support.server_processes import (
    ServerProcess,
    free_port,
    migrate,
    server_database,
    server_environment,
)
from tests.support.serving import wait_for
from tests.support.webapp import create_tournament, draw_round, paste_players, round_action, sign_in
from tournament.domain import list_store
from tournament.extensions import db
from tournament.models import Round

TABLES = 6
GAMES = 16  # Normalspiele per table: fewer than a list's 24, which needs Pflichtsoli too
ANSWER_TIMEOUT = 90.0  # seconds a client keeps resending a confirm while the server is down
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]*)"')
VERSION = re.compile(r'name="version" type="hidden" value="([^"]*)"')
SAVED_AGAIN = re.compile(r"schon gespeichert \(Eintrag (\d+)\)")


def eyes(index: int) -> int:
    """The Re party's Augen in game ``index``: different for each game of a table."""
    return 30 + (13 * index) % 150


@dataclass
class Table:
    number: int
    code: str
    keys: list[str]
    acknowledged: int = 0  # games 0 .. acknowledged - 1 were acknowledged, in order
    problems: list[str] = field(default_factory=list)


class Phone:
    """A list-keeper's phone: keep-alive HTTP with the session cookie."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookies: dict[str, str] = {}

    def request(
        self, path: str, fields: list[tuple[str, str]] | None = None
    ) -> tuple[int, str, str]:
        """(status, location, body); raises OSError or HTTPException without an answer."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        try:
            if fields is None:
                self.connection.request("GET", path, headers=headers)
            else:
                headers["Content-Type"] = "application/x-www-form-urlencoded"
                self.connection.request("POST", path, body=urlencode(fields), headers=headers)
            response = self.connection.getresponse()
            body = response.read().decode("utf-8", "replace")
        except (OSError, http.client.HTTPException):
            self.connection.close()
            raise
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return response.status, response.headers.get("Location") or "", body

    def until_answered(
        self, path: str, fields: list[tuple[str, str]] | None = None
    ) -> tuple[int, str, str]:
        """The request, sent again while the server does not answer (it is down)."""
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while True:
            try:
                return self.request(path, fields)
            except (OSError, http.client.HTTPException):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)


def keep_list(table: Table, port: int, stop: threading.Event) -> None:
    """Save the table's games one after another until told to stop (a game begun is
    finished: its confirm is resent until it is acknowledged)."""
    phone = Phone(port)
    page_path, action = f"/tisch/{table.code}/", f"/tisch/{table.code}/spiel"
    try:
        for index in range(GAMES):
            if stop.is_set():
                return
            status, _, page = phone.until_answered(page_path)
            token, version = CSRF.search(page), VERSION.search(page)
            if status != 200 or token is None or version is None:
                table.problems.append(f"game {index + 1}: list page HTTP {status}")
                return
            game = [
                ("kind", "normal"),
                ("re", table.keys[0]),
                ("re", table.keys[1]),
                ("eyes_party", "re"),
                ("eyes", str(eyes(index))),
                ("schwarz", ""),
                ("re_call", ""),
                ("kontra_call", ""),
                ("csrf_token", token[1]),
                ("version", version[1]),
            ]
            status, _, _ = phone.until_answered(action, game)
            if status != 200:
                table.problems.append(f"game {index + 1}: preview HTTP {status}")
                return
            if not acknowledged(phone, action, [*game, ("confirmed", "1")], index, table):
                return
            table.acknowledged = index + 1
    except (OSError, http.client.HTTPException) as error:
        table.problems.append(f"no answer for {ANSWER_TIMEOUT:g} s: {error!r}")
    finally:
        phone.connection.close()


def acknowledged(
    phone: Phone, action: str, fields: list[tuple[str, str]], index: int, table: Table
) -> bool:
    """Send the confirm until the server answers; True if the answer acknowledges the game."""
    status, location, body = phone.until_answered(action, fields)
    if status == 302 and location.endswith("#inhalt"):
        return True
    if status == 302:  # sent before, stored then: the list says so
        _, _, body = phone.until_answered(urlsplit(location).path)
        found = SAVED_AGAIN.search(body)
        if found and int(found[1]) == index + 1:
            return True
    table.problems.append(f"game {index + 1}: confirm HTTP {status} {location!r}")
    return False


# ---------------------------------------------------------------------- the set-up


@dataclass
class Hall:
    """A running round of ``TABLES`` tables, its database, and how to serve it."""

    app: Flask
    tables: list[Table]
    command: Callable[[int], list[str]]
    env: dict[str, str]
    log: Path


def build_hall(app: Flask, url: str, key: str, log: Path) -> list[Table]:
    """The database migrated as ``docs/server.md`` says, then a tournament with round 1
    running, set up through the pages by the test's own app."""
    migrate(server_environment(url, key), log)
    client = app.test_client()
    sign_in(app, client)
    tid = create_tournament(client, "Absturz-Turnier")
    paste_players(client, tid, "\n".join(f"Spieler {n:02d}" for n in range(1, 4 * TABLES + 1)))
    draw_round(client, tid, seed=7)
    round_action(client, tid, 1, "starten")
    with app.app_context():
        round_ = db.session.execute(select(Round).where(Round.tournament_id == tid)).scalar_one()
        tables = [
            Table(
                t.number, t.access_code or "", [str(s.registration.start_number) for s in t.seats]
            )
            for t in round_.tables
        ]
        db.engine.dispose()
    assert len(tables) == TABLES and all(t.code for t in tables)
    return tables


@pytest.fixture
def gunicorn_hall(postgres_cluster: postgres.Cluster, tmp_path: Path) -> Iterator[Hall]:
    with server_database(tmp_path, postgres_cluster, "doko_crash") as served:
        tables = build_hall(served.app, served.url, served.key, served.log)
        yield Hall(served.app, tables, served.command, served.env, served.log)


@pytest.fixture
def laptop_hall(tmp_path: Path) -> Iterator[Hall]:
    with server_database(tmp_path, None, "hall") as served:
        tables = build_hall(served.app, served.url, served.key, served.log)
        yield Hall(served.app, tables, served.command, served.env, served.log)


def under_load(hall: Hall, crash: Callable[[Hall, ServerProcess, int], ServerProcess]) -> None:
    """Serve ``hall``, start the tables, let ``crash`` kill what it kills (it returns the
    server running afterwards), let the tables go on, then check the database."""
    port = free_port()
    server = ServerProcess(hall.command(port), hall.env, hall.log)
    server.start(port)
    stop = threading.Event()
    clients = [threading.Thread(target=keep_list, args=(t, port, stop)) for t in hall.tables]
    try:
        for client in clients:
            client.start()
        # The tables are saving when the crash comes (counted, not timed, as after it).
        assert wait_for(lambda: saves(hall) >= TABLES, seconds=60), "no saves before the crash"
        server = crash(hall, server, port)
        # The tables go on until each has had a save after the crash, on average (counted,
        # not timed: on a loaded machine, as under pytest-xdist, a fixed wait saw too few).
        after_crash = saves(hall)
        wanted = max(2 * TABLES, after_crash + TABLES)
        assert wait_for(lambda: saves(hall) >= wanted, seconds=60), "too few saves to tell"
    finally:
        stop.set()
        for client in clients:
            client.join(ANSWER_TIMEOUT + 30)
        server.stop()
    problems = [p for t in hall.tables for p in t.problems]
    assert not problems, f"{problems}\n{server.output()}"
    with hall.app.app_context():
        round_ = db.session.execute(select(Round)).scalar_one()
        stored = {t.number: [e["re_eyes"] for e in list_store.entries_of(t)] for t in round_.tables}
        db.engine.dispose()
    for table in hall.tables:
        assert stored[table.number] == [eyes(i) for i in range(table.acknowledged)], table.number
    assert saves(hall) >= 2 * TABLES, "too few saves to tell"


def saves(hall: Hall) -> int:
    """How many saves the hall's tables were told about so far."""
    return sum(t.acknowledged for t in hall.tables)


def kill_a_worker_twice(hall: Hall, server: ServerProcess, port: int) -> ServerProcess:
    for _ in range(2):
        kill_a_worker(hall, server, workers=2)
    return server


def kill_the_laptops_worker(hall: Hall, server: ServerProcess, port: int) -> ServerProcess:
    """SIGKILL the one worker of ``doko-turnier`` (granian's, which runs the app). Once:
    granian ends altogether when a new worker dies within 5.5 s of its start."""
    kill_a_worker(hall, server, workers=1)
    return server


def kill_a_worker(hall: Hall, server: ServerProcess, *, workers: int) -> None:
    """SIGKILL one of the server's ``workers`` worker processes; the server starts a new one,
    and the tables' saves go on (counted: a fixed wait sees few on a loaded machine)."""
    before = saves(hall)
    running = server.children()
    assert len(running) == workers, running
    os.kill(running[0], signal.SIGKILL)
    assert wait_for(functools.partial(_replaced, server, running[0], workers), seconds=30)
    more = functools.partial(_saved_at_least, hall, before + TABLES)
    assert wait_for(more, seconds=60), "no saves after the kill"


def kill_the_server(hall: Hall, server: ServerProcess, port: int) -> ServerProcess:
    """SIGKILL the server's (master) process; once its workers have gone too, start it anew
    on the same port."""
    workers = server.children()
    server.kill()
    # gunicorn's workers notice that their master is gone and end by themselves.
    assert wait_for(lambda: not any(Path(f"/proc/{pid}").exists() for pid in workers), seconds=30)
    time.sleep(0.5)
    again = ServerProcess(server.command, server.env, server.log)
    again.start(port)
    return again


def _saved_at_least(hall: Hall, count: int) -> bool:
    return saves(hall) >= count


def _replaced(server: ServerProcess, killed: int, workers: int) -> bool:
    """True once the server runs ``workers`` workers again, none of them ``killed``."""
    running = server.children()
    return len(running) == workers and killed not in running


def test_gunicorn_on_postgresql_a_killed_worker_loses_no_acknowledged_save(
    gunicorn_hall: Hall,
) -> None:
    under_load(gunicorn_hall, kill_a_worker_twice)


def test_gunicorn_on_postgresql_a_killed_master_loses_no_acknowledged_save(
    gunicorn_hall: Hall,
) -> None:
    under_load(gunicorn_hall, kill_the_server)


def test_laptop_server_on_sqlite_killed_loses_no_acknowledged_save(laptop_hall: Hall) -> None:
    under_load(laptop_hall, kill_the_server)


def test_laptop_server_on_sqlite_a_killed_worker_loses_no_acknowledged_save(
    laptop_hall: Hall,
) -> None:
    under_load(laptop_hall, kill_the_laptops_worker)
