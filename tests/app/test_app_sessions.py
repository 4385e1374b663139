"""Staff sessions: sign-out, a new password and locking end every session of the account
(a copied cookie too); a session lasts a tournament day, checked by the server; the CSRF
secret is new after a login; over https the cookie is Secure and HSTS is sent."""

from __future__ import annotations

import time

import flask_migrate
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text
from werkzeug.security import generate_password_hash

from tests.support.webapp import add_account, log_in, log_out, submit
from tournament.extensions import db
from tournament.models import Role

LEITUNG = "leitung"
SECOND = "zweite"
SECOND_PASSWORD = "Karo-Neun-im-Saal"
PROTECTED = "/konten"
OLD_PASSWORD = "Altes-Passwort-von-2025"


def _signed_in(client: FlaskClient) -> bool:
    return client.get(PROTECTED).status_code == 200


def _copy(client: FlaskClient, app: Flask) -> FlaskClient:
    """A second browser with the first one's session cookie (copied, or stolen)."""
    thief = app.test_client()
    cookie = client.get_cookie("session")
    assert cookie is not None
    thief.set_cookie("session", cookie.value)
    return thief


@pytest.fixture
def accounts(app: Flask) -> tuple[int, int]:
    return add_account(app, LEITUNG), add_account(app, SECOND, SECOND_PASSWORD)


def test_sign_out_ends_a_copied_session_too(
    app: Flask, client: FlaskClient, accounts: tuple[int, int]
) -> None:
    assert log_in(client).status_code == 302
    thief = _copy(client, app)
    assert _signed_in(thief)
    log_out(client)
    assert not _signed_in(client)
    assert not _signed_in(thief)
    # Signing in again makes a new session; the copied cookie stays dead.
    assert log_in(client).status_code == 302
    assert _signed_in(client)
    assert not _signed_in(thief)


def test_a_password_reset_ends_every_session_of_the_account(
    app: Flask, client: FlaskClient, accounts: tuple[int, int]
) -> None:
    _, second_id = accounts
    second = app.test_client()
    assert log_in(second, SECOND, SECOND_PASSWORD).status_code == 302
    copied = _copy(second, app)
    assert log_in(client).status_code == 302
    new_password = "Kreuz-Bube-neu-2026"
    response = submit(
        client,
        f"/konten/{second_id}/passwort",
        data={"password": new_password, "password_repeated": new_password},
    )
    assert response.status_code == 302
    assert not _signed_in(second)
    assert not _signed_in(copied)
    assert _signed_in(client)


def test_a_new_own_password_keeps_this_session_and_ends_the_others(
    app: Flask, client: FlaskClient, accounts: tuple[int, int]
) -> None:
    leitung_id, _ = accounts
    assert log_in(client).status_code == 302
    elsewhere = app.test_client()
    assert log_in(elsewhere).status_code == 302
    new_password = "Herz-Dame-neu-2026"
    response = submit(
        client,
        f"/konten/{leitung_id}/passwort",
        data={"password": new_password, "password_repeated": new_password},
    )
    assert response.status_code == 302
    assert _signed_in(client)
    assert not _signed_in(elsewhere)


def test_locking_ends_the_sessions_and_unlocking_does_not_revive_them(
    app: Flask, client: FlaskClient, accounts: tuple[int, int]
) -> None:
    _, second_id = accounts
    add_account(app, "dritte", role=Role.TURNIERLEITUNG)
    second = app.test_client()
    assert log_in(second, SECOND, SECOND_PASSWORD).status_code == 302
    assert log_in(client).status_code == 302
    for _ in range(2):  # lock, then unlock
        page = client.get(PROTECTED).get_data(as_text=True)
        assert submit(client, PROTECTED, f"/konten/{second_id}/aktiv").status_code == 302, page
    assert not _signed_in(second)
    assert log_in(second, SECOND, SECOND_PASSWORD).status_code == 302
    assert _signed_in(second)


def test_a_session_ends_after_a_tournament_day_on_the_server(
    app: Flask, client: FlaskClient, accounts: tuple[int, int]
) -> None:
    assert app.config["STAFF_SESSION_HOURS"] == 16
    assert app.permanent_session_lifetime.total_seconds() == 16 * 3600
    response = log_in(client)
    cookie = next(c for c in response.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert "Expires=" in cookie
    assert _signed_in(client)
    with client.session_transaction() as session:
        session["doko_login_at"] -= 16 * 3600 + 1
    # The cookie itself would still be sent; the server no longer accepts the session.
    assert not _signed_in(client)


def test_the_session_length_is_configurable(app: Flask, accounts: tuple[int, int]) -> None:
    app.config["STAFF_SESSION_HOURS"] = 2
    client = app.test_client()
    log_in(client)
    with client.session_transaction() as session:
        session["doko_login_at"] = int(time.time()) - 2 * 3600 + 60
    assert _signed_in(client)
    with client.session_transaction() as session:
        session["doko_login_at"] = int(time.time()) - 2 * 3600 - 1
    assert not _signed_in(client)


def test_a_session_without_login_time_or_with_a_forged_id_is_no_session(
    app: Flask, client: FlaskClient, accounts: tuple[int, int]
) -> None:
    leitung_id, _ = accounts
    log_in(client)
    for user_id in (f"{leitung_id}", f"{leitung_id}:7", "x:0", f"{2**40}:0", f"{leitung_id}:-1"):
        with client.session_transaction() as session:
            session["_user_id"] = user_id
        assert not _signed_in(client), user_id
    with client.session_transaction() as session:
        session["_user_id"] = f"{leitung_id}:0"
        del session["doko_login_at"]
    assert not _signed_in(client)


def test_the_csrf_secret_is_new_after_the_login(
    client: FlaskClient, accounts: tuple[int, int]
) -> None:
    client.get("/anmelden")
    with client.session_transaction() as session:
        before = session["csrf_token"]
    assert log_in(client).status_code == 302
    client.get("/konten")
    with client.session_transaction() as session:
        assert session["csrf_token"] != before


def test_over_https_the_cookie_is_secure_and_hsts_is_sent(
    app: Flask, client: FlaskClient, accounts: tuple[int, int]
) -> None:
    # The test client's requests come over https (as the trusted proxy reports them).
    app.config["PREFERRED_URL_SCHEME"] = "https"
    # Over https Flask-WTF wants the same-origin Referer a browser sends.
    client.environ_base["HTTP_REFERER"] = "https://localhost/anmelden"
    page = client.get("/anmelden")
    assert page.headers["Strict-Transport-Security"].startswith("max-age=")
    response = log_in(client)
    cookies = response.headers.getlist("Set-Cookie")
    assert cookies
    assert all("; Secure" in cookie for cookie in cookies)
    # The known device's cookie too (tests/app/test_app_throttle.py).
    assert any(cookie.startswith("doko_device=") for cookie in cookies)
    assert _signed_in(client)


def test_over_http_the_cookie_is_not_secure_and_no_hsts(
    client: FlaskClient, accounts: tuple[int, int]
) -> None:
    page = client.get("/anmelden")
    assert "Strict-Transport-Security" not in page.headers
    cookies = log_in(client).headers.getlist("Set-Cookie")
    assert cookies
    assert not any("Secure" in cookie for cookie in cookies)


def test_the_migration_gives_existing_accounts_an_epoch_and_ends_their_sessions(
    unmigrated_app: Flask,
) -> None:
    """Accounts of a database from before the session epochs: a cookie of the old kind (the
    bare id) no longer signs in; a new login works."""
    with unmigrated_app.app_context():
        flask_migrate.upgrade(revision="7a3d9c1e4b20")
        db.session.execute(
            text(
                "INSERT INTO user_account (username, password_hash, role, active) "
                "VALUES ('leitung', :hash, 'turnierleitung', :active)"
            ),
            {
                "hash": generate_password_hash(OLD_PASSWORD, method="pbkdf2:sha256:1000"),
                "active": True,
            },
        )
        db.session.commit()
        flask_migrate.upgrade()
        [(user_id, epoch)] = db.session.execute(
            text("SELECT id, session_epoch FROM user_account")
        ).all()
    assert epoch == 0
    client = unmigrated_app.test_client()
    with client.session_transaction() as session:
        session["_user_id"] = str(user_id)
        session["doko_login_at"] = int(time.time())
    assert not _signed_in(client)
    assert log_in(client, password=OLD_PASSWORD).status_code == 302
    assert _signed_in(client)
