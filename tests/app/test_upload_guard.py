"""Uploads over the limits: a request over ``MAX_CONTENT_LENGTH`` gets a German page naming
the upload limit and leading back to its form (through the test client and through waitress,
as ``doko-turnier`` serves); a small file with a huge sheet is refused on the upload form by
the size guard, and nothing is stored."""

from __future__ import annotations

import html
import http.client
import io
import re
import uuid

import pytest
from flask import Flask
from flask.testing import FlaskClient
from waitress.server import create_server

from tests.support import spreadsheet_files as files
from tests.support.serving import in_thread
from tests.support.uploads import LIMIT_SENTENCE
from tests.support.webapp import create_tournament, csrf_token, sign_in, snapshot
from tournament.serve import server_options

BACK = re.compile(r'<a class="button" href="([^"]+)">Zurück zum Formular</a>')


def _upload_path(tournament_id: int) -> str:
    return f"/turniere/{tournament_id}/einlesen"


def _players_upload_path(tournament_id: int) -> str:
    return f"/turniere/{tournament_id}/spieler/datei"


@pytest.fixture
def tournament(app: Flask, client: FlaskClient) -> int:
    sign_in(app, client)
    return create_tournament(client)


@pytest.mark.parametrize("upload", ["tournament lists", "player list"])
def test_a_30_mb_upload_gets_a_page_naming_the_limit(
    app: Flask, client: FlaskClient, tournament: int, upload: str
) -> None:
    """The list import's form posts to its own page; the player list's form posts to a URL
    of its own, and the way back is the page the browser came from."""
    if upload == "tournament lists":
        form_page = action = _upload_path(tournament)
    else:
        form_page, action = f"/turniere/{tournament}/spieler/", _players_upload_path(tournament)
    token = csrf_token(client, form_page)
    before = snapshot(app)
    response = client.post(
        action,
        data={"csrf_token": token, "file": (io.BytesIO(bytes(30 * 1024 * 1024)), "foto.xlsx")},
        content_type="multipart/form-data",
        headers={"Referer": f"http://localhost{form_page}"},
    )
    assert response.status_code == 413
    body = html.unescape(response.get_data(as_text=True))
    assert LIMIT_SENTENCE in body
    back = BACK.search(body)
    assert back is not None
    assert back.group(1) == form_page
    assert client.get(back.group(1)).status_code == 200
    assert snapshot(app) == before


def test_the_way_back_is_never_to_another_site(client: FlaskClient, tournament: int) -> None:
    response = client.post(
        _players_upload_path(tournament),
        data={"file": (io.BytesIO(bytes(9 * 1024 * 1024)), "foto.xlsx")},
        content_type="multipart/form-data",
        headers={"Referer": f"http://example.org/turniere/{tournament}/spieler/"},
    )
    assert response.status_code == 413
    body = html.unescape(response.get_data(as_text=True))
    assert LIMIT_SENTENCE in body
    assert BACK.search(body) is None


def test_a_big_form_without_a_file_keeps_the_general_413(
    client: FlaskClient, tournament: int
) -> None:
    path = f"/turniere/{tournament}/spieler/einfuegen"
    response = client.post(path, data={"text": "x" * (9 * 1024 * 1024)})
    assert response.status_code == 413
    body = response.get_data(as_text=True)
    assert "Die gesendeten Daten sind zu groß." in body
    assert "Zurück zum Formular" not in body


def test_a_small_file_with_a_huge_sheet_is_refused_on_the_form(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    path = _upload_path(tournament)
    before = snapshot(app)
    response = client.post(
        path,
        data={
            "csrf_token": csrf_token(client, path),
            "file": (io.BytesIO(files.huge_sheet()), "turnier.xlsx"),
        },
        content_type="multipart/form-data",
    )
    assert response.status_code == 400
    body = html.unescape(response.get_data(as_text=True))
    assert (
        "Die Datei „turnier.xlsx“ ist zu groß: Blatt „Tisch 3“ hat mehr als 200.000 Zellen. "
        "Es wurde nichts geändert." in body
    )
    assert snapshot(app) == before


@pytest.mark.sqlite_only
def test_the_413_page_comes_through_waitress(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    """waitress reads the whole request before the app answers (its own limit, 1 GB, is far
    above): the app's German page arrives, not waitress's own."""
    path = _upload_path(tournament)
    token = csrf_token(client, path)
    cookie = client.get_cookie("session")
    assert cookie is not None
    boundary = uuid.uuid4().hex
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.xlsx"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        ).encode()
        + bytes(30 * 1024 * 1024)
        + f"\r\n--{boundary}--\r\n".encode()
    )
    server = create_server(app, host="127.0.0.1", port=0, **server_options())
    with in_thread(server):
        connection = http.client.HTTPConnection("127.0.0.1", int(server.effective_port), timeout=30)
        connection.request(
            "POST",
            path,
            body=body,
            headers={
                "Cookie": f"session={cookie.value}",
                "Content-Type": f"multipart/form-data; boundary={boundary}",
            },
        )
        response = connection.getresponse()
        page = html.unescape(response.read().decode())
        connection.close()
    assert response.status == 413
    assert LIMIT_SENTENCE in page
    back = BACK.search(page)
    assert back is not None
    assert back.group(1) == path
