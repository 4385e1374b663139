"""An upload over the limit through ``doko-turnier``'s server: granian hands the request to the
app, whose German page (naming the limit, leading back to the form) arrives, not a server's
own refusal (``tests/app/test_upload_guard.py`` has the same through the test client)."""

from __future__ import annotations

import html
import http.client
import uuid
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.server_processes import laptop_serving
from tests.support.uploads import BACK_TO_FORM, LIMIT_SENTENCE
from tests.support.webapp import create_tournament, csrf_token, sign_in


@pytest.mark.sqlite_only
def test_the_413_page_comes_through_the_server(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    sign_in(app, client)
    path = f"/turniere/{create_tournament(client)}/einlesen"
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
    with laptop_serving(app, tmp_path / "server.log") as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
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
    back = BACK_TO_FORM.search(page)
    assert back is not None
    assert back.group(1) == path
