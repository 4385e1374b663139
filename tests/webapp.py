"""Helpers for the web-app tests: CSRF tokens from pages, set-up and login as a browser would."""

from __future__ import annotations

import re

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

USERNAME = "leitung"
PASSWORD = "Kreuz-Dame-2026"

_TOKEN = re.compile(
    r'name="csrf_token" type="hidden" value="([^"]+)"|'
    r'type="hidden" name="csrf_token" value="([^"]+)"'
)


def csrf_token(client: FlaskClient, path: str) -> str:
    """The token of the form on ``path``, as the browser would submit it."""
    page = client.get(path).get_data(as_text=True)
    match = _TOKEN.search(page)
    assert match, f"no CSRF token on {path}"
    return match.group(1) or match.group(2)


def post_form(client: FlaskClient, path: str, data: dict[str, str]) -> TestResponse:
    """Submit the form on ``path`` with a valid CSRF token."""
    return client.post(path, data={"csrf_token": csrf_token(client, path), **data})


def set_up(client: FlaskClient, username: str = USERNAME, password: str = PASSWORD) -> TestResponse:
    return post_form(
        client,
        "/einrichten",
        {"username": username, "password": password, "password_repeated": password},
    )


def log_in(client: FlaskClient, username: str = USERNAME, password: str = PASSWORD) -> TestResponse:
    return post_form(client, "/anmelden", {"username": username, "password": password})


def log_out(client: FlaskClient) -> TestResponse:
    return client.post("/abmelden", data={"csrf_token": csrf_token(client, "/")})
