"""Serving behind a reverse proxy (``doko-turnier --proxy``): the table cards' links and QR
codes carry the public address the proxy forwards, and nobody else can fake it."""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask
from waitress.server import create_server

from tests.support.serving import in_thread
from tests.support.webapp import create_tournament, draw_round, paste_players, player_names, sign_in
from tournament.serve import server_options


@contextmanager
def served(app: Flask, proxy: str | None) -> Iterator[int]:
    server = create_server(app, host="127.0.0.1", port=0, **server_options(proxy))
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
