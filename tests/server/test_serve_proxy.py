"""``doko-turnier --proxy ADDRESS`` behind a reverse proxy: the table cards' links and QR codes
carry the public address the proxy forwards. Who is trusted, and what anyone else's headers do,
is tested on the app itself (``tests/app/test_app_proxy.py``)."""

from __future__ import annotations

import http.client
from pathlib import Path

import pytest
from flask import Flask

from tests.support.server_processes import laptop_serving
from tests.support.webapp import create_tournament, draw_round, paste_players, player_names, sign_in


@pytest.mark.sqlite_only
def test_behind_the_named_proxy_the_cards_carry_the_public_address(
    app: Flask, tmp_path: Path
) -> None:
    client = app.test_client()
    sign_in(app, client)
    tournament_id = create_tournament(client)
    paste_players(client, tournament_id, "\n".join(player_names(8)))
    draw_round(client, tournament_id, seed=1)
    cookie = client.get_cookie("session")
    assert cookie is not None
    with laptop_serving(app, tmp_path / "server.log", "--proxy", "127.0.0.1") as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request(
            "GET",
            f"/turniere/{tournament_id}/runden/1/tischkarten",
            headers={
                "Cookie": f"session={cookie.value}",
                "X-Forwarded-Host": "doko.example.org",
                "X-Forwarded-Proto": "https",
            },
        )
        response = connection.getresponse()
        page = response.read().decode()
        connection.close()
    assert response.status == 200, page
    assert "https://doko.example.org/tisch/" in page
