"""Uploads over the limits: a request over ``MAX_CONTENT_LENGTH`` gets a German page naming
the upload limit and leading back to its form (through the test client here, through
``doko-turnier`` in ``tests/server/test_serve_uploads.py``); a small file with a huge sheet is
refused on the upload form by the size guard, and nothing is stored."""

from __future__ import annotations

import html
import io
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support import spreadsheet_files as files
from tests.support.uploads import BACK_TO_FORM, LIMIT_SENTENCE
from tests.support.webapp import create_tournament, csrf_token, sign_in, snapshot
from tournament.web.error_pages import DRAINED_AT_MOST


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
    back = BACK_TO_FORM.search(body)
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
    assert BACK_TO_FORM.search(body) is None


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


class _Sent(io.RawIOBase):
    """A request body of ``size`` bytes as the server hands it over, counting what is read."""

    def __init__(self, size: int) -> None:
        self.left = size
        self.read_bytes = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        count = min(len(buffer), self.left)
        buffer[:count] = bytes(count)
        self.left -= count
        self.read_bytes += count
        return count


@pytest.mark.parametrize(
    ("size", "read"),
    [(30 * 1024 * 1024, 30 * 1024 * 1024), (200 * 1024 * 1024, DRAINED_AT_MOST)],
)
def test_a_request_over_the_limit_is_read_before_its_page_is_sent(
    client: FlaskClient, tournament: int, size: int, read: int
) -> None:
    """The browser is still sending when the app refuses: the app reads on (up to 64 MB), so
    the browser takes the page instead of a connection closed under it."""
    sent = _Sent(size)
    response = client.post(
        _upload_path(tournament),
        content_type="multipart/form-data; boundary=x",
        environ_overrides={"wsgi.input": sent, "CONTENT_LENGTH": str(size)},
    )
    assert response.status_code == 413
    assert sent.read_bytes == read
