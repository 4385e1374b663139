"""The one-time set-up code: without it the set-up page of a fresh installation creates
nothing; it is shared by every server process, survives a restart and ends with the set-up."""

from __future__ import annotations

import logging
import stat
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from tests.support.webapp import PASSWORD, USERNAME, csrf_token, field_errors, post_form, set_up
from tournament.accounts import setup_code
from tournament.app import create_app
from tournament.extensions import db
from tournament.models import User
from tournament.texts import Refusal, refusal_text

WRONG_CODE = (
    "Der Einrichtungscode stimmt nicht. Er steht im Fenster, in dem Doko-Turnier gestartet wurde."
)
ACCOUNT = {"username": USERNAME, "password": PASSWORD, "password_repeated": PASSWORD}


def _user_count(app: Flask) -> int:
    with app.app_context():
        return db.session.execute(select(func.count(User.id))).scalar_one()


@pytest.mark.parametrize("code", ["AAAA-BBBB-CCCC", "x" * 39, "----"])
def test_setup_without_the_right_code_creates_nothing(
    app: Flask, client: FlaskClient, code: str
) -> None:
    response = post_form(client, "/einrichten", {"setup_code": code, **ACCOUNT})
    assert response.status_code == 200
    errors = field_errors(response.get_data(as_text=True), "setup_code")
    assert errors == [WRONG_CODE]
    assert _user_count(app) == 0


@pytest.mark.parametrize("code", ["", "   "])
def test_an_empty_code_is_called_missing_at_its_field(
    app: Flask, client: FlaskClient, code: str
) -> None:
    response = post_form(client, "/einrichten", {"setup_code": code, **ACCOUNT, "username": ""})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert field_errors(page, "setup_code") == [refusal_text(Refusal.SETUP_CODE_MISSING)]
    assert refusal_text(Refusal.SETUP_CODE_MISSING).startswith(
        "Bitte den Einrichtungscode eingeben."
    )
    assert field_errors(page, "username") == ["Bitte einen Benutzernamen eingeben."]
    assert WRONG_CODE not in page
    assert _user_count(app) == 0


def test_the_setup_page_says_where_the_code_is(client: FlaskClient) -> None:
    page = client.get("/einrichten").get_data(as_text=True)
    assert '<label for="setup_code">Einrichtungscode</label>' in page
    assert "im Fenster, in dem Doko-Turnier" in page


def test_the_code_is_accepted_as_a_person_types_it(app: Flask, client: FlaskClient) -> None:
    code = setup_code.announce(app)
    assert code is not None
    typed = code.lower().replace("-", " ")
    response = post_form(client, "/einrichten", {"setup_code": typed, **ACCOUNT})
    assert response.status_code == 302
    assert _user_count(app) == 1


def test_the_code_is_unambiguous_and_differs_between_installations() -> None:
    codes = {setup_code.new_code() for _ in range(50)}
    assert len(codes) == 50
    for code in codes:
        groups = code.split("-")
        assert [len(group) for group in groups] == [4, 4, 4]
        assert not set("".join(groups)) & set("01OIL")


def test_every_process_and_a_restart_share_the_code_until_the_setup(
    app: Flask, instance_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = setup_code.announce(app)
    assert code is not None
    stored = instance_dir / setup_code.FILE
    assert stat.S_IMODE(stored.stat().st_mode) == 0o600
    # A second worker, or the server started again, on the same instance and database.
    other = create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"]},
        instance_path=str(instance_dir),
    )
    assert setup_code.announce(other) == code
    # The other worker takes the code the console showed.
    assert set_up(other.test_client()).status_code == 302
    assert not stored.exists()
    assert setup_code.announce(app) is None
    assert setup_code.announce(other) is None


def test_create_app_logs_the_code_while_setup_is_needed(
    app: Flask, instance_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    code = setup_code.announce(app)
    assert code is not None
    config = {"TESTING": True, "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"]}
    with caplog.at_level(logging.WARNING):
        create_app(config, instance_path=str(instance_dir))
    [record] = [r for r in caplog.records if code in r.getMessage()]
    assert record.levelno == logging.WARNING
    set_up(app.test_client())
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        create_app(config, instance_path=str(instance_dir))
    assert not [r for r in caplog.records if "Einrichtungscode" in r.getMessage()]


def test_the_command_prints_the_code_until_the_setup(app: Flask) -> None:
    code = setup_code.announce(app)
    runner = app.test_cli_runner()
    result = runner.invoke(args=["setup-code"])
    assert result.exit_code == 0
    assert result.output.strip() == code
    set_up(app.test_client())
    result = runner.invoke(args=["setup-code"])
    assert result.exit_code == 0
    assert "Einrichtung ist abgeschlossen" in result.output


def test_wrong_codes_are_throttled(app: Flask, client: FlaskClient) -> None:
    app.config["THROTTLE_SETUP_CODE"] = "3 per minute"
    token = csrf_token(client, "/einrichten")
    for _ in range(3):
        response = client.post(
            "/einrichten", data={"csrf_token": token, "setup_code": "AAAA-BBBB-CCCC", **ACCOUNT}
        )
        assert response.status_code == 200
    # Now even the right code waits: the guesses are what the limit is for.
    code = setup_code.announce(app) or ""
    response = client.post("/einrichten", data={"csrf_token": token, "setup_code": code, **ACCOUNT})
    assert response.status_code == 429
    assert "Zu viele Versuche. Bitte in " in response.get_data(as_text=True)
    assert 0 < int(response.headers["Retry-After"]) <= 60
    assert _user_count(app) == 0
