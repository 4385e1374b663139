"""Set-up of a fresh installation, login and logout, as a browser would do them."""

from __future__ import annotations

from urllib.parse import urlencode

from argon2 import PasswordHasher
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.support.webapp import (
    PASSWORD,
    USERNAME,
    csrf_token,
    log_in,
    log_out,
    post_form,
    post_setup,
    set_up,
)
from tournament.extensions import db
from tournament.models import Role, User

WRONG = "Benutzername oder Passwort ist falsch."


def _users(app: Flask) -> list[User]:
    with app.app_context():
        return list(db.session.execute(select(User)).scalars())


def test_fresh_installation_leads_to_setup(client: FlaskClient) -> None:
    for path in ("/", "/anmelden"):
        response = client.get(path)
        assert response.status_code == 302
        assert response.headers["Location"] == "/einrichten"
    page = client.get("/einrichten").get_data(as_text=True)
    assert "Einrichtung" in page
    assert '<label for="username">Benutzername</label>' in page


def test_setup_creates_first_turnierleitung_account(app: Flask, client: FlaskClient) -> None:
    response = set_up(client)
    assert response.status_code == 302
    assert response.headers["Location"] == "/anmelden"
    assert "ist angelegt" in client.get("/anmelden").get_data(as_text=True)
    [user] = _users(app)
    assert user.username == USERNAME
    assert user.role is Role.TURNIERLEITUNG
    assert user.password_hash != PASSWORD
    assert user.password_hash.startswith("$argon2id$")
    assert PasswordHasher().verify(user.password_hash, PASSWORD)


def test_setup_is_closed_once_an_account_exists(app: Flask, client: FlaskClient) -> None:
    set_up(client)
    response = client.get("/einrichten")
    assert response.status_code == 302
    assert response.headers["Location"] == "/anmelden"
    # Even a well-formed POST with a valid token creates no second account.
    response = client.post(
        "/einrichten",
        data={
            "csrf_token": csrf_token(client, "/anmelden"),
            "username": "eindringling",
            "password": "Passwort-123",
            "password_repeated": "Passwort-123",
        },
    )
    assert response.status_code == 302
    assert [user.username for user in _users(app)] == [USERNAME]


def test_setup_explains_bad_input_next_to_the_fields(app: Flask, client: FlaskClient) -> None:
    response = post_setup(
        client,
        {"username": "a b", "password": "kurz", "password_repeated": "anders"},
    )
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich sind erlaubt." in page
    assert "Das Passwort muss mindestens 10 Zeichen lang sein." in page
    assert "Die beiden Passwörter stimmen nicht überein." in page
    assert 'aria-describedby="username-fehler"' in page
    assert 'id="username-fehler"' in page
    assert _users(app) == []


def test_login_with_wrong_password_shows_german_error(client: FlaskClient) -> None:
    set_up(client)
    response = log_in(client, password="falsch-falsch")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert WRONG in page
    assert 'id="password-fehler"' in page
    assert "Abmelden" not in client.get("/").get_data(as_text=True)


def test_login_with_unknown_user_gives_the_same_message(client: FlaskClient) -> None:
    set_up(client)
    page = log_in(client, username="niemand").get_data(as_text=True)
    assert WRONG in page


def test_login_with_empty_fields_asks_for_them(client: FlaskClient) -> None:
    set_up(client)
    page = log_in(client, username="", password="").get_data(as_text=True)
    assert "Bitte den Benutzernamen eingeben." in page
    assert "Bitte das Passwort eingeben." in page


def test_login_with_right_password_signs_in(client: FlaskClient) -> None:
    set_up(client)
    response = log_in(client)
    assert response.status_code == 302
    assert response.headers["Location"] == "/"
    page = client.get("/").get_data(as_text=True)
    assert f"Angemeldet als {USERNAME} (Turnierleitung)." in page
    assert "Abmelden" in page
    # Signed in, the login page sends you home.
    assert client.get("/anmelden").status_code == 302


def test_login_follows_only_local_next_targets(client: FlaskClient) -> None:
    set_up(client)
    for target, expected in (
        ("/einrichten", "/einrichten"),
        ("//evil.example/", "/"),
        ("https://evil.example/", "/"),
        ("/\\evil.example", "/"),
    ):
        path = "/anmelden?" + urlencode({"next": target})
        response = post_form(client, path, {"username": USERNAME, "password": PASSWORD})
        assert response.headers["Location"] == expected, target
        log_out(client)


def test_inactive_account_cannot_sign_in(app: Flask, client: FlaskClient) -> None:
    set_up(client)
    with app.app_context():
        user = db.session.execute(select(User)).scalar_one()
        user.active = False
        db.session.commit()
    assert WRONG in log_in(client).get_data(as_text=True)


def test_logout(client: FlaskClient) -> None:
    set_up(client)
    log_in(client)
    response = log_out(client)
    assert response.status_code == 302
    page = client.get("/").get_data(as_text=True)
    assert "Sie sind abgemeldet." in page
    assert "Abmelden" not in page


def test_logout_by_get_is_refused_politely(client: FlaskClient) -> None:
    set_up(client)
    log_in(client)
    response = client.get("/abmelden")
    assert response.status_code == 405
    assert "Diese Aktion ist auf dieser Seite nicht möglich." in response.get_data(as_text=True)
    assert "Abmelden" in client.get("/").get_data(as_text=True)
