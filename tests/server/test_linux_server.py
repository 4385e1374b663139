"""The app under gunicorn as ``docs/server.md`` runs it: behind a reverse proxy
(``tournament.wsgi:application(proxies=1)``) the table cards carry the public https address
the proxy announces; without one, such headers are ignored (anyone could send them). A
worker keeps its garbage collector from stopping it for long."""

from __future__ import annotations

import http.client
import secrets
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask import Flask

from tests.support.server_processes import (
    ROOT,
    free_port,
    gunicorn_command,
    migrate,
    running,
    server_environment,
)
from tests.support.webapp import create_tournament, draw_round, paste_players, player_names, sign_in
from tournament.app import create_app
from tournament.extensions import db
from tournament.web import push

FORWARDED = {
    "X-Forwarded-For": "203.0.113.9",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "turnier.example.org",
    "X-Forwarded-Port": "443",
}


@dataclass
class Served:
    app: Flask
    cards: str  # the path of round 1's table cards
    session: str  # the Turnierleitung's session cookie
    env: dict[str, str]
    instance: Path


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """A tournament with round 1 drawn on a SQLite file; the Turnierleitung's session."""
    url, key = f"sqlite:///{tmp_path / 'server.sqlite3'}", secrets.token_hex(32)
    env = server_environment(url, key)
    migrate(env, tmp_path / "server.log")
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": key}, instance_path=str(tmp_path)
    )
    client = app.test_client()
    sign_in(app, client)
    tid = create_tournament(client, "Server-Turnier")
    paste_players(client, tid, "\n".join(player_names(8)))
    draw_round(client, tid, seed=1)
    cookie = client.get_cookie("session")
    assert cookie is not None
    yield Served(app, f"/turniere/{tid}/runden/1/tischkarten", cookie.value, env, tmp_path)
    with app.app_context():
        db.engine.dispose()


def cards_page(served: Served, proxies: int) -> tuple[int, str]:
    """Round 1's table cards from gunicorn, asked for with a proxy's forwarded headers;
    (port, page)."""
    port = free_port()
    command = gunicorn_command(port, workers=1, instance=served.instance, proxies=proxies)
    with running(command, served.env, served.instance / "server.log", port):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            headers = {**FORWARDED, "Cookie": f"session={served.session}"}
            connection.request("GET", served.cards, headers=headers)
            response = connection.getresponse()
            page = response.read().decode()
        finally:
            connection.close()
    assert response.status == 200, page
    return port, page


def test_behind_one_proxy_the_cards_carry_the_public_https_address(served: Served) -> None:
    _port, page = cards_page(served, proxies=1)
    assert "https://turnier.example.org/tisch" in page
    assert "127.0.0.1" not in page


def test_without_a_proxy_forwarded_headers_are_ignored(served: Served) -> None:
    port, page = cards_page(served, proxies=0)
    # The scheme is not checked: gunicorn itself believes X-Forwarded-Proto from 127.0.0.1
    # (its --forwarded-allow-ips), where this test's requests come from.
    assert f"://127.0.0.1:{port}/tisch" in page
    assert "example.org" not in page


def test_a_worker_sets_what_it_built_aside_from_the_garbage_collector(served: Served) -> None:
    """A worker holding a hall's streams has some 500,000 objects: the app it serves sets
    aside for good what the worker built at its start (the modules, the app), and looks
    through the young objects less often (``tournament.web.push.steady_collector``)."""
    script = (
        "import gc, sys\n"
        "from tournament.asgi import application\n"
        "before = gc.get_freeze_count()\n"
        "application(instance_path=sys.argv[1])\n"
        "print(before, gc.get_freeze_count(), *gc.get_threshold())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(served.instance)],
        env=served.env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    before, frozen, *thresholds = (int(word) for word in done.stdout.split())
    assert before == 0 and frozen > 100_000
    assert tuple(thresholds) == push.COLLECTOR_THRESHOLDS
