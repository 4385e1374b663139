"""The reverse proxy ``doko-turnier --proxy ADDRESS`` trusts (``tournament/web/proxy.py``): from
its address the table cards carry the public address it forwards and each phone keeps its own
address; anyone else's forwarded headers are dropped, and without a named proxy they are
ignored. The command's own wiring: ``tests/server/test_serve_proxy.py``."""

from __future__ import annotations

import pytest
from flask import Flask, request
from werkzeug.test import Client

from tests.support.webapp import create_tournament, draw_round, paste_players, player_names, sign_in
from tournament.web.proxy import NamedProxy

FORWARDED = {"X-Forwarded-Host": "doko.example.org", "X-Forwarded-Proto": "https"}


def cards_page(app: Flask, proxy: str | None) -> str:
    """The table cards as a request from 127.0.0.1 with forwarded headers gets them."""
    client = app.test_client()
    sign_in(app, client)
    tournament_id = create_tournament(client)
    paste_players(client, tournament_id, "\n".join(player_names(8)))
    draw_round(client, tournament_id, seed=1)
    if proxy is not None:
        app.wsgi_app = NamedProxy(app.wsgi_app, proxy)  # type: ignore[method-assign]
    response = client.get(f"/turniere/{tournament_id}/runden/1/tischkarten", headers=FORWARDED)
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.mark.sqlite_only
def test_behind_the_named_proxy_the_cards_carry_the_public_address(app: Flask) -> None:
    assert "https://doko.example.org/tisch/" in cards_page(app, "127.0.0.1")


@pytest.mark.sqlite_only
def test_forwarded_headers_from_anyone_else_are_ignored(app: Flask) -> None:
    page = cards_page(app, "10.9.8.7")
    assert "doko.example.org" not in page
    assert "http://localhost/tisch/" in page


@pytest.mark.sqlite_only
def test_without_a_named_proxy_forwarded_headers_are_ignored(app: Flask) -> None:
    assert "doko.example.org" not in cards_page(app, None)


def address_seen(proxy: str, remote: str) -> str:
    """The client's address the app sees for a request from ``remote`` that forwards
    203.0.113.5, with the proxy named ``proxy``."""
    echo = Flask(__name__)
    echo.add_url_rule("/", "address", lambda: request.remote_addr or "")
    client = Client(NamedProxy(echo, proxy))
    response = client.get(
        "/",
        headers={"X-Forwarded-For": "198.51.100.1, 203.0.113.5"},
        environ_base={"REMOTE_ADDR": remote},
    )
    return response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("named", "seen"),
    [("127.0.0.1", "127.0.0.1"), ("127.0.0.1", "::ffff:127.0.0.1"), ("::1", "0:0::1")],
)
def test_the_proxy_is_known_however_its_address_is_written(named: str, seen: str) -> None:
    assert address_seen(named, seen) == "203.0.113.5"
    assert address_seen(seen, named) == "203.0.113.5"


@pytest.mark.parametrize(
    ("named", "seen"), [("127.0.0.1", "127.0.0.2"), ("10.0.0.1", "::ffff:10.0.0.2")]
)
def test_another_address_is_not_the_proxy(named: str, seen: str) -> None:
    assert address_seen(named, seen) == seen


@pytest.mark.parametrize(
    ("proxy", "seen"), [("127.0.0.1", "203.0.113.5"), ("10.9.8.7", "127.0.0.1")]
)
def test_each_phone_keeps_its_own_address_behind_the_proxy(proxy: str, seen: str) -> None:
    """The client's address (throttling counts per address) is the one the proxy forwards,
    and only the proxy's word counts (the request comes from 127.0.0.1)."""
    assert address_seen(proxy, "127.0.0.1") == seen
