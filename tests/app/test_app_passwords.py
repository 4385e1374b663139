"""Passwords: at least 10 characters and not guessable, refused with a German reason at the
field; stored as Argon2 hashes, older hashes upgraded at the next login."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.security import generate_password_hash

from tests.support.webapp import (
    USERNAME,
    add_account,
    field_errors,
    log_in,
    post_setup,
    sign_in,
    submit,
)
from tournament.accounts import passwords
from tournament.extensions import db
from tournament.models import User
from tournament.texts import Refusal, refusal_text

GOOD = "Kreuz-Dame-sticht-2026"

GUESSABLE = [
    ("password", Refusal.PASSWORD_TOO_SHORT),
    ("12345678", Refusal.PASSWORD_TOO_SHORT),
    ("aaaaaaaa", Refusal.PASSWORD_TOO_SHORT),
    ("password123", Refusal.PASSWORD_COMMON),
    ("1234567890", Refusal.PASSWORD_COMMON),
    ("aaaaaaaaaaaa", Refusal.PASSWORD_REPEATS),
    ("abcabcabcabc", Refusal.PASSWORD_REPEATS),
    ("passwort123", Refusal.PASSWORD_NAME),
    ("doppelkopf", Refusal.PASSWORD_NAME),
    ("Doppelkopf2026!", Refusal.PASSWORD_NAME),
    ("qwertzuiop", Refusal.PASSWORD_COMMON),
    ("asdfghjkl;'", Refusal.PASSWORD_KEYBOARD),
    ("abcdefghijkl", Refusal.PASSWORD_SEQUENCE),
    ("leitung-leitung", Refusal.PASSWORD_NAME),
]


@pytest.mark.parametrize(("password", "reason"), GUESSABLE)
def test_guessable_passwords_are_refused_with_the_reason(password: str, reason: Refusal) -> None:
    assert passwords.weakness(password, [USERNAME]) is reason


def test_the_username_makes_a_password_guessable() -> None:
    assert passwords.weakness("Ostwestfale1987", []) is None
    assert passwords.weakness("Ostwestfale1987", ["ostwestfale"]) is Refusal.PASSWORD_NAME


@pytest.mark.parametrize(
    "password", [GOOD, "Pik-Sieben-2026", "Herz-As-neu-2026", "karo dame bube neun"]
)
def test_good_passwords_pass(password: str) -> None:
    assert passwords.weakness(password, [USERNAME]) is None


@pytest.mark.parametrize(("password", "reason"), GUESSABLE[:6])
def test_the_setup_page_explains_the_refusal_in_german(
    app: Flask, client: FlaskClient, password: str, reason: Refusal
) -> None:
    response = post_setup(
        client, {"username": USERNAME, "password": password, "password_repeated": password}
    )
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    [error] = field_errors(page, "password")
    assert error == refusal_text(reason, minimum=passwords.PASSWORD_MIN)
    # A screen reader reads the refusal, then the field's hint, with the field.
    assert 'aria-describedby="password-fehler password-hinweis"' in page
    assert '<p class="hint" id="password-hinweis">' in page
    with app.app_context():
        assert db.session.execute(select(User)).first() is None


def test_a_password_reset_refuses_the_accounts_own_name(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    other = add_account(app, "ostwestfale")
    response = submit(
        client,
        f"/konten/{other}/passwort",
        data={"password": "Ostwestfale1987", "password_repeated": "Ostwestfale1987"},
    )
    assert response.status_code == 200
    [error] = field_errors(response.get_data(as_text=True), "password")
    assert error == refusal_text(Refusal.PASSWORD_NAME)


def _stored_hash(app: Flask, username: str = USERNAME) -> str:
    with app.app_context():
        user = db.session.execute(select(User).where(User.username == username)).scalar_one()
        return user.password_hash


def _store_hash(app: Flask, stored: str, username: str = USERNAME) -> None:
    with app.app_context():
        user = db.session.execute(select(User).where(User.username == username)).scalar_one()
        user.password_hash = stored
        db.session.commit()


def test_new_passwords_are_argon2id(app: Flask, client: FlaskClient) -> None:
    app.config["ARGON2_PARAMETERS"] = {}
    response = post_setup(
        client, {"username": USERNAME, "password": GOOD, "password_repeated": GOOD}
    )
    assert response.status_code == 302
    stored = _stored_hash(app)
    assert stored.startswith("$argon2id$")
    assert not PasswordHasher().check_needs_rehash(stored)
    assert PasswordHasher().verify(stored, GOOD)


@pytest.mark.parametrize("method", ["scrypt", "pbkdf2:sha256:1000"])
def test_an_older_werkzeug_hash_is_upgraded_at_the_login(
    app: Flask, client: FlaskClient, method: str
) -> None:
    add_account(app)
    _store_hash(app, generate_password_hash(GOOD, method=method))
    assert log_in(client, password="falsch-falsch-falsch").status_code == 200
    assert _stored_hash(app).startswith(method.split(":")[0])
    assert log_in(client, password=GOOD).status_code == 302
    stored = _stored_hash(app)
    assert stored.startswith("$argon2id$")
    assert PasswordHasher(**app.config["ARGON2_PARAMETERS"]).verify(stored, GOOD)


def test_an_argon2_hash_with_weaker_parameters_is_upgraded_at_the_login(
    app: Flask, client: FlaskClient
) -> None:
    add_account(app)
    weaker = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    _store_hash(app, weaker.hash(GOOD))
    app.config["ARGON2_PARAMETERS"] = {"time_cost": 2, "memory_cost": 16, "parallelism": 1}
    assert log_in(client, password=GOOD).status_code == 302
    stored = _stored_hash(app)
    assert "m=16,t=2,p=1" in stored
    with app.app_context():
        assert not passwords.hasher().check_needs_rehash(stored)


def test_an_unknown_username_is_checked_against_a_hash_too(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    add_account(app)
    checked: list[str] = []
    verify = passwords.verify

    def counting(stored: str, password: str) -> tuple[bool, str | None]:
        checked.append(stored)
        return verify(stored, password)

    monkeypatch.setattr(passwords, "verify", counting)
    assert log_in(client, "niemand", GOOD).status_code == 200
    with app.app_context():
        assert checked == [passwords.dummy_hash()]
