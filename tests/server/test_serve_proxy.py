"""Serving behind a reverse proxy (``doko-turnier --proxy``): the table cards' links and QR
codes carry the public address the proxy forwards, and nobody else can fake it."""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import Flask, request

from tests.support.serving import in_thread
from tests.support.webapp import create_tournament, draw_round, paste_players, player_names, sign_in
from tournament.serve import listen, make_server
from tournament.web.proxy import same_address


@contextmanager
def served(app: Flask, proxy: str | None) -> Iterator[int]:
    """The app served as ``doko-turnier --proxy PROXY`` serves it."""
    server = make_server(app, listen("127.0.0.1", 0), proxy)
    with in_thread(server):
        yield int(server.effective_port)


def cards_page(app: Flask, proxy: str | None, headers: dict[str, str]) -> str:
    client = app.test_client()
    sign_in(app, client)
    tournament_id = create_tournament(client)
    paste_players(client, tournament_id, "\n".join(player_names(8)))
    draw_round(client, tournament_id, seed=1)
    cookie = client.get_cookie("session")
    assert cookie is not None
    with served(app, proxy) as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request(
            "GET",
            f"/turniere/{tournament_id}/runden/1/tischkarten",
            headers={"Cookie": f"session={cookie.value}", **headers},
        )
        response = connection.getresponse()
        body = response.read().decode()
        connection.close()
        assert response.status == 200, body
        return body


FORWARDED = {"X-Forwarded-Host": "doko.example.org", "X-Forwarded-Proto": "https"}


def test_behind_the_named_proxy_the_cards_carry_the_public_address(app: Flask) -> None:
    page = cards_page(app, "127.0.0.1", FORWARDED)
    assert "https://doko.example.org/tisch/" in page


def test_forwarded_headers_from_anyone_else_are_ignored(app: Flask) -> None:
    page = cards_page(app, "10.9.8.7", FORWARDED)
    assert "doko.example.org" not in page
    assert "http://127.0.0.1:" in page


def test_without_a_named_proxy_forwarded_headers_are_ignored(app: Flask) -> None:
    page = cards_page(app, None, FORWARDED)
    assert "doko.example.org" not in page


@pytest.mark.parametrize(
    ("named", "seen"),
    [("127.0.0.1", "127.0.0.1"), ("127.0.0.1", "::ffff:127.0.0.1"), ("::1", "0:0::1")],
)
def test_the_proxy_is_known_however_its_address_is_written(named: str, seen: str) -> None:
    assert same_address(named, seen)
    assert same_address(seen, named)


def test_another_address_is_not_the_proxy() -> None:
    assert not same_address("127.0.0.1", "127.0.0.2")
    assert not same_address("10.0.0.1", "::ffff:10.0.0.2")


@pytest.mark.parametrize(("proxy", "seen"), [("127.0.0.1", "203.0.113.5"), (None, "127.0.0.1")])
def test_each_phone_keeps_its_own_address_behind_the_proxy(proxy: str | None, seen: str) -> None:
    """The client's address (throttling counts per address) is the one the proxy forwards."""
    echo = Flask(__name__)
    echo.add_url_rule("/", "address", lambda: request.remote_addr or "")
    with served(echo, proxy) as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/", headers={"X-Forwarded-For": "198.51.100.1, 203.0.113.5"})
        response = connection.getresponse()
        assert response.read().decode() == seen
        connection.close()
