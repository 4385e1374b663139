"""The audit log: account creation, login and logout are recorded with who, when and what."""

from __future__ import annotations

import datetime as dt
import json

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.support.webapp import PASSWORD, USERNAME, log_in, log_out, set_up
from tournament.domain import audit_log as audit
from tournament.extensions import db
from tournament.models import AuditEvent, Role, TournamentStatus, User


def _events(app: Flask) -> list[tuple[str, str, int | None, int | None, str | None]]:
    with app.app_context():
        rows = db.session.execute(select(AuditEvent).order_by(AuditEvent.id)).scalars()
        return [(e.action, e.object_type, e.object_id, e.user_id, e.new_value) for e in rows]


def _user_id(app: Flask) -> int:
    with app.app_context():
        return db.session.execute(select(User.id)).scalar_one()


def test_setup_records_the_account_creation_without_the_password(
    app: Flask, client: FlaskClient
) -> None:
    before = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    set_up(client)
    user_id = _user_id(app)
    [(action, object_type, object_id, actor, new_value)] = _events(app)
    assert (action, object_type, object_id, actor) == ("create", "user", user_id, user_id)
    assert new_value is not None
    assert json.loads(new_value) == {"username": USERNAME, "role": "turnierleitung"}
    assert PASSWORD not in new_value
    assert "scrypt" not in new_value
    with app.app_context():
        event = db.session.execute(select(AuditEvent)).scalar_one()
        assert event.old_value is None
        assert event.at.replace(tzinfo=None) >= before.replace(microsecond=0)


def test_login_and_logout_are_recorded(app: Flask, client: FlaskClient) -> None:
    set_up(client)
    log_in(client)
    log_out(client)
    user_id = _user_id(app)
    assert [(a, t, o, u) for a, t, o, u, _ in _events(app)] == [
        ("create", "user", user_id, user_id),
        ("login", "user", user_id, user_id),
        ("logout", "user", user_id, user_id),
    ]


def test_failed_login_changes_nothing_and_records_nothing(app: Flask, client: FlaskClient) -> None:
    set_up(client)
    log_in(client, password="falsch-falsch")
    assert [event[0] for event in _events(app)] == ["create"]


def test_values_are_stored_as_readable_json(app: Flask, client: FlaskClient) -> None:
    set_up(client)
    with app.app_context():
        user = db.session.execute(select(User)).scalar_one()
        audit.record(
            user,
            "update",
            "tournament",
            7,
            old={"status": TournamentStatus.PLANNED, "date": dt.date(2026, 5, 1)},
            new={
                "status": TournamentStatus.RUNNING,
                "name": "Köln-Cup",
                "role": Role.SCHIEDSRICHTER,
            },
        )
        db.session.commit()
        [event] = audit.events_for("tournament", 7)
        assert event.user is not None and event.user.username == USERNAME
        assert event.old_value is not None and event.new_value is not None
        assert json.loads(event.old_value) == {"date": "2026-05-01", "status": "planned"}
        assert json.loads(event.new_value) == {
            "name": "Köln-Cup",
            "role": "schiedsrichter",
            "status": "running",
        }
        assert "Köln" in event.new_value
