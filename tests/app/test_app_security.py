"""CSRF on every form, hostile input, and error pages: never a 500, never unescaped markup."""

from __future__ import annotations

import datetime as dt

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from tests.support.webapp import PASSWORD, USERNAME, csrf_token, log_in, post_setup, set_up
from tournament.extensions import db
from tournament.models import Tournament, User

CSRF_REFUSED = "Sicherheitsprüfung"
SCRIPT = "<script>alert(1)</script>"


def _user_count(app: Flask) -> int:
    with app.app_context():
        return db.session.execute(select(func.count(User.id))).scalar_one()


@pytest.mark.parametrize(
    "path",
    [
        "/turniere/9223372036854775808",
        "/turniere/2147483648",
        "/turniere/1/runden/99999999999999999999/",
        "/turniere/1/runden/1/tische/2147483648/",
        "/turniere/" + "9" * 309,
    ],
)
def test_an_id_beyond_the_database_keys_names_nothing(client: FlaskClient, path: str) -> None:
    """No integer key goes beyond 2**31 - 1 (PostgreSQL's integer): such a URL is a 404."""
    set_up(client)
    log_in(client)
    response = client.get(path)
    assert response.status_code == 404
    assert "Diese Seite gibt es nicht." in response.get_data(as_text=True)


def test_setup_without_csrf_token_is_refused(app: Flask, client: FlaskClient) -> None:
    response = client.post(
        "/einrichten",
        data={"username": USERNAME, "password": PASSWORD, "password_repeated": PASSWORD},
    )
    assert response.status_code == 400
    assert CSRF_REFUSED in response.get_data(as_text=True)
    assert _user_count(app) == 0


def test_login_with_forged_csrf_token_is_refused(client: FlaskClient) -> None:
    set_up(client)
    response = client.post(
        "/anmelden",
        data={"csrf_token": "forged", "username": USERNAME, "password": PASSWORD},
    )
    assert response.status_code == 400
    assert CSRF_REFUSED in response.get_data(as_text=True)
    assert "Abmelden" not in client.get("/").get_data(as_text=True)


def test_token_of_another_session_is_refused(app: Flask, client: FlaskClient) -> None:
    set_up(client)
    other = app.test_client()
    token = csrf_token(other, "/anmelden")
    response = client.post(
        "/anmelden", data={"csrf_token": token, "username": USERNAME, "password": PASSWORD}
    )
    assert response.status_code == 400


def test_logout_without_csrf_token_is_refused(client: FlaskClient) -> None:
    set_up(client)
    log_in(client)
    response = client.post("/abmelden")
    assert response.status_code == 400
    assert "Abmelden" in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("username", "message"),
    [
        (SCRIPT, "Nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich sind erlaubt."),
        ("x" * 10_000, "Der Benutzername muss 3 bis 40 Zeichen lang sein."),
        ("anna\x00", "Nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich sind erlaubt."),
        ("anna\u202eevil", "Nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich sind erlaubt."),
    ],
)
def test_setup_refuses_hostile_usernames(
    app: Flask, client: FlaskClient, username: str, message: str
) -> None:
    response = post_setup(
        client,
        {"username": username, "password": PASSWORD, "password_repeated": PASSWORD},
    )
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert message in page
    assert "<script>alert" not in page
    assert _user_count(app) == 0


def test_refused_input_is_shown_escaped(client: FlaskClient) -> None:
    page = post_setup(
        client,
        {"username": SCRIPT, "password": PASSWORD, "password_repeated": PASSWORD},
    ).get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_overlong_password_is_refused(app: Flask, client: FlaskClient) -> None:
    long = "p" * 100_000
    response = post_setup(
        client, {"username": USERNAME, "password": long, "password_repeated": long}
    )
    assert response.status_code == 200
    assert "Das Passwort darf höchstens 128 Zeichen lang sein." in response.get_data(as_text=True)
    assert _user_count(app) == 0


@pytest.mark.parametrize(
    ("username", "password"),
    [(SCRIPT, PASSWORD), ("x" * 10_000, PASSWORD), (USERNAME, "p" * 10_000), ("a\x00", "\x00")],
)
def test_login_with_hostile_input_is_a_plain_failure(
    client: FlaskClient, username: str, password: str
) -> None:
    set_up(client)
    response = log_in(client, username=username, password=password)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Benutzername oder Passwort ist falsch." in page
    assert "<script>alert" not in page


def test_long_field_in_a_large_body_is_refused_by_its_form(client: FlaskClient) -> None:
    set_up(client)
    response = log_in(client, password="p" * 2_000_000)
    assert response.status_code == 200
    assert "Benutzername oder Passwort ist falsch." in response.get_data(as_text=True)


def test_huge_request_body_gets_a_german_error_page(client: FlaskClient) -> None:
    set_up(client)
    token = csrf_token(client, "/anmelden")
    response = client.post(
        "/anmelden",
        data={"csrf_token": token, "username": USERNAME, "password": "p" * 9_000_000},
    )
    assert response.status_code == 413
    assert "Die gesendeten Daten sind zu groß." in response.get_data(as_text=True)


def test_stored_markup_is_escaped_on_the_public_page(app: Flask, client: FlaskClient) -> None:
    set_up(client)
    with app.app_context():
        db.session.add(
            Tournament(name=SCRIPT, date=dt.date(2026, 5, 1), venue="Köln", rounds_planned=3)
        )
        db.session.commit()
    page = client.get("/").get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert SCRIPT not in page
    assert "01.05.2026" in page
    assert "geplant" in page


def test_unknown_page_gets_a_german_404(client: FlaskClient) -> None:
    set_up(client)
    response = client.get("/gibt-es-nicht")
    assert response.status_code == 404
    assert "Diese Seite gibt es nicht." in response.get_data(as_text=True)


def test_responses_carry_security_headers(client: FlaskClient) -> None:
    response = client.get("/einrichten")
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
