"""Administration on the pages: accounts (create, lock, unlock, new password) and the audit log."""

from __future__ import annotations

import html
import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from tests.support.webapp import (
    PASSWORD,
    USERNAME,
    add_account,
    create_tournament,
    csrf_token,
    field_errors,
    flashes,
    log_in,
    paste_players,
    send,
    sign_in,
    snapshot,
    submit,
)
from tournament.accounts import service as accounts
from tournament.domain import audit_log as audit
from tournament.extensions import db
from tournament.models import AuditEvent, Role, User

WRONG = "Benutzername oder Passwort ist falsch."
SCRIPT = "<script>alert(1)</script>"
OTHER = "schiri"
OTHER_PASSWORD = "Pik-Sieben-2026"


def _user(app: Flask, username: str) -> User:
    with app.app_context():
        user = db.session.execute(select(User).where(User.username == username)).scalar_one()
        db.session.expunge(user)
        return user


def _events(app: Flask, action: str, object_type: str = "user") -> list[AuditEvent]:
    with app.app_context():
        query = (
            select(AuditEvent)
            .where(AuditEvent.action == action, AuditEvent.object_type == object_type)
            .order_by(AuditEvent.id)
        )
        events = list(db.session.execute(query).scalars())
        db.session.expunge_all()
        return events


def _account_rows(page: str) -> list[tuple[str, str, str]]:
    """(username, role, state) of every row of the accounts table."""
    return re.findall(r"<tr>\s*<td>(.*?)</td>\s*<td>(.*?)</td>\s*<td>(aktiv|gesperrt)</td>", page)


def _toggle(client: FlaskClient, user_id: int) -> str:
    """Press an account's lock/unlock button on /konten; the page after it."""
    response = submit(client, "/konten", f"/konten/{user_id}/aktiv", follow=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _new_account(client: FlaskClient, **data: str) -> str:
    """Fill in the form "Neues Konto" (a Schiedsrichter unless ``data`` says otherwise)."""
    values = {
        "username": OTHER,
        "role": Role.SCHIEDSRICHTER.value,
        "password": OTHER_PASSWORD,
        "password_repeated": OTHER_PASSWORD,
        **data,
    }
    response = submit(client, "/konten", data=values, follow=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.fixture
def leitung(app: Flask, client: FlaskClient) -> int:
    """Signed in as the Turnierleitung; the account's id."""
    return sign_in(app, client)


# ------------------------------------------------------------------ accounts


def test_accounts_page_lists_every_account(app: Flask, client: FlaskClient, leitung: int) -> None:
    add_account(app, "zweite", role=Role.SCHIEDSRICHTER)
    page = client.get("/konten").get_data(as_text=True)
    assert sorted(_account_rows(page)) == [
        (USERNAME, "Turnierleitung", "aktiv"),
        ("zweite", "Schiedsrichter", "aktiv"),
    ]


def test_new_schiedsrichter_account_is_created_audited_and_can_sign_in(
    app: Flask, client: FlaskClient, leitung: int
) -> None:
    page = _new_account(client)
    assert "Das Konto „schiri“ (Schiedsrichter) ist angelegt." in flashes(page)
    assert (OTHER, "Schiedsrichter", "aktiv") in _account_rows(page)
    user = _user(app, OTHER)
    assert user.role is Role.SCHIEDSRICHTER
    assert OTHER_PASSWORD not in user.password_hash
    [event] = [e for e in _events(app, "create") if e.object_id == user.id]
    assert event.user_id == leitung
    assert json.loads(event.new_value or "") == {"username": OTHER, "role": "schiedsrichter"}
    assert OTHER_PASSWORD not in (event.new_value or "")
    other = app.test_client()
    assert log_in(other, OTHER, OTHER_PASSWORD).status_code == 302
    assert f"{OTHER} (Schiedsrichter)" in other.get("/").get_data(as_text=True)


def test_duplicate_username_is_refused_next_to_the_field(
    app: Flask, client: FlaskClient, leitung: int
) -> None:
    _new_account(client)
    before = snapshot(app)
    for username in (OTHER, USERNAME):
        page = _new_account(client, username=username, role=Role.TURNIERLEITUNG.value)
        assert field_errors(page, "username") == [f"Den Benutzernamen „{username}“ gibt es schon."]
    assert snapshot(app) == before


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"username": ""}, "username", "Bitte einen Benutzernamen eingeben."),
        ({"username": "ab"}, "username", "Der Benutzername muss 3 bis 40 Zeichen lang sein."),
        (
            {"username": "a b"},
            "username",
            "Nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich sind erlaubt.",
        ),
        (
            {"username": SCRIPT},
            "username",
            "Nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich sind erlaubt.",
        ),
        (
            {"password": "kurz", "password_repeated": "kurz"},
            "password",
            "Das Passwort muss mindestens 10 Zeichen lang sein.",
        ),
        (
            {"password_repeated": "anderes-Passwort"},
            "password_repeated",
            "Die beiden Passwörter stimmen nicht überein.",
        ),
    ],
)
def test_account_form_refuses_bad_values(
    app: Flask,
    client: FlaskClient,
    leitung: int,
    data: dict[str, str],
    field: str,
    message: str,
) -> None:
    before = snapshot(app)
    page = _new_account(client, **data)
    assert message in field_errors(page, field)
    assert snapshot(app) == before


@pytest.mark.parametrize("role", ["", "admin", "TURNIERLEITUNG"])
def test_unknown_role_is_refused(app: Flask, client: FlaskClient, leitung: int, role: str) -> None:
    before = snapshot(app)
    response = client.post(
        "/konten",
        data={
            "csrf_token": csrf_token(client, "/konten"),
            "username": OTHER,
            "role": role,
            "password": OTHER_PASSWORD,
            "password_repeated": OTHER_PASSWORD,
        },
    )
    assert response.status_code == 200
    assert field_errors(response.get_data(as_text=True), "role")
    assert snapshot(app) == before


def test_locked_account_cannot_sign_in_until_unlocked(
    app: Flask, client: FlaskClient, leitung: int
) -> None:
    other_id = add_account(app, OTHER, OTHER_PASSWORD, Role.SCHIEDSRICHTER)
    page = _toggle(client, other_id)
    assert "Das Konto „schiri“ ist gesperrt." in flashes(page)
    assert (OTHER, "Schiedsrichter", "gesperrt") in _account_rows(page)
    assert "Entsperren" in page
    assert _user(app, OTHER).active is False
    other = app.test_client()
    assert WRONG in log_in(other, OTHER, OTHER_PASSWORD).get_data(as_text=True)
    [locked] = _events(app, "update")
    assert (locked.user_id, locked.object_id) == (leitung, other_id)
    assert json.loads(locked.old_value or "") == {"active": True}
    assert json.loads(locked.new_value or "") == {"active": False}
    page = _toggle(client, other_id)
    assert "Das Konto „schiri“ ist entsperrt." in flashes(page)
    assert _user(app, OTHER).active is True
    assert log_in(other, OTHER, OTHER_PASSWORD).status_code == 302


def test_locking_signs_out_an_account_that_is_signed_in(
    app: Flask, client: FlaskClient, leitung: int
) -> None:
    second_id = add_account(app, "zweite")
    second = app.test_client()
    assert log_in(second, "zweite").status_code == 302
    assert second.get("/konten").status_code == 200
    _toggle(client, second_id)
    response = second.get("/konten")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/anmelden")


def test_own_account_cannot_be_locked(app: Flask, client: FlaskClient, leitung: int) -> None:
    add_account(app, "zweite")
    before = snapshot(app)
    page = _toggle(client, leitung)
    assert "Das eigene Konto kann man nicht sperren." in flashes(page)
    assert snapshot(app) == before
    assert client.get("/konten").status_code == 200


def test_another_turnierleitung_can_be_locked_while_one_stays_active(
    app: Flask, client: FlaskClient, leitung: int
) -> None:
    second_id = add_account(app, "zweite")
    page = _toggle(client, second_id)
    assert "Das Konto „zweite“ ist gesperrt." in flashes(page)


def test_last_active_turnierleitung_cannot_be_locked(app: Flask) -> None:
    leitung_id = add_account(app)
    other_id = add_account(app, OTHER, OTHER_PASSWORD, Role.SCHIEDSRICHTER)
    with app.app_context():
        leitung = db.session.get(User, leitung_id)
        other = db.session.get(User, other_id)
        assert leitung is not None and other is not None
        with pytest.raises(accounts.AccountError) as refused:
            accounts.set_active(other, leitung, False)
        assert str(refused.value) == (
            "Das letzte Konto der Turnierleitung kann nicht gesperrt werden."
        )
        db.session.rollback()
    with app.app_context():
        # A second Turnierleitung that is locked does not count.
        locked = User(username="gesperrt", password_hash="-", role=Role.TURNIERLEITUNG)
        locked.active = False
        db.session.add(locked)
        db.session.commit()
        leitung = db.session.get(User, leitung_id)
        other = db.session.get(User, other_id)
        assert leitung is not None and other is not None
        with pytest.raises(accounts.AccountError):
            accounts.set_active(other, leitung, False)
        db.session.rollback()
    assert _user(app, USERNAME).active is True


def test_password_reset_works_and_is_audited_without_the_password(
    app: Flask, client: FlaskClient, leitung: int
) -> None:
    other_id = add_account(app, OTHER, OTHER_PASSWORD, Role.SCHIEDSRICHTER)
    new_password = "Herz-As-neu-2026"
    page = client.get(f"/konten/{other_id}/passwort").get_data(as_text=True)
    assert "Passwort für „schiri“" in page
    response = submit(
        client,
        f"/konten/{other_id}/passwort",
        data={"password": new_password, "password_repeated": new_password},
        follow=True,
    )
    assert "Das Passwort von „schiri“ ist neu gesetzt." in flashes(response.get_data(as_text=True))
    other = app.test_client()
    assert WRONG in log_in(other, OTHER, OTHER_PASSWORD).get_data(as_text=True)
    assert log_in(other, OTHER, new_password).status_code == 302
    [event] = _events(app, "password")
    assert (event.user_id, event.object_id) == (leitung, other_id)
    assert (event.old_value, event.new_value) == (None, None)
    with app.app_context():
        for old, new in db.session.execute(select(AuditEvent.old_value, AuditEvent.new_value)):
            for value in (old or "", new or ""):
                assert new_password not in value
                assert OTHER_PASSWORD not in value
    log_page = client.get("/protokoll").get_data(as_text=True)
    assert new_password not in log_page
    assert f"Konto {OTHER}: Passwort geändert von {USERNAME}" in log_page


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (
            {"password": "kurz", "password_repeated": "kurz"},
            "password",
            "Das Passwort muss mindestens 10 Zeichen lang sein.",
        ),
        (
            {"password": "Herz-As-neu-2026", "password_repeated": "Herz-As-neu-2027"},
            "password_repeated",
            "Die beiden Passwörter stimmen nicht überein.",
        ),
        ({"password": "", "password_repeated": ""}, "password", "Bitte ein Passwort eingeben."),
    ],
)
def test_password_form_refuses_bad_values(
    app: Flask,
    client: FlaskClient,
    leitung: int,
    data: dict[str, str],
    field: str,
    message: str,
) -> None:
    other_id = add_account(app, OTHER, OTHER_PASSWORD, Role.SCHIEDSRICHTER)
    before = snapshot(app)
    response = submit(client, f"/konten/{other_id}/passwort", data=data)
    assert response.status_code == 200
    assert message in field_errors(response.get_data(as_text=True), field)
    assert snapshot(app) == before


def test_unknown_account_gives_404(app: Flask, client: FlaskClient, leitung: int) -> None:
    assert client.get("/konten/999/passwort").status_code == 404
    assert client.get("/konten/abc/passwort").status_code == 404
    token = csrf_token(client, "/konten")
    assert client.post("/konten/999/aktiv", data={"csrf_token": token}).status_code == 404
    response = client.post(
        "/konten/999/passwort",
        data={"csrf_token": token, "password": PASSWORD, "password_repeated": PASSWORD},
    )
    assert response.status_code == 404


def test_lock_sent_twice_from_one_page_leaves_the_account_locked(
    app: Flask, client: FlaskClient, leitung: int
) -> None:
    other_id = add_account(app, OTHER, OTHER_PASSWORD, Role.SCHIEDSRICHTER)
    page = client.get("/konten").get_data(as_text=True)
    first = send(client, page, f"/konten/{other_id}/aktiv", follow=True).get_data(as_text=True)
    assert "Das Konto „schiri“ ist gesperrt." in flashes(first)
    send(client, page, f"/konten/{other_id}/aktiv", follow=True)
    assert _user(app, OTHER).active is False


# ------------------------------------------------------------------ the audit log

_LOG_ROW = re.compile(r'<a class="log-link" href="/protokoll/\d+">(.*?)</a>', re.S)


def _log(client: FlaskClient, query: str = "") -> tuple[list[str], str]:
    """The sentence of every row of the log page, and the page."""
    response = client.get(f"/protokoll{query}")
    assert response.status_code == 200, query
    page = response.get_data(as_text=True)
    return [html.unescape(text) for text in _LOG_ROW.findall(page)], page


def test_log_lists_events_newest_first_with_old_and_new_values(
    app: Flask, client: FlaskClient, leitung: int
) -> None:
    create_tournament(client, "Erstes Turnier")
    create_tournament(client, "Zweites Turnier")
    first = "Turnier „Erstes Turnier“"
    submit(client, "/turniere/1/bearbeiten", data={"rounds_planned": "5"})
    rows, page = _log(client)
    created = "Datum 21.11.2026; Ort Kiel; Runden geplant 3; Regelwerk DDV-Turnierspielregeln"
    assert rows == [
        f"{first}: Angaben geändert von {USERNAME}: Runden geplant 3 → 5",
        f"Turnier „Zweites Turnier“: angelegt von {USERNAME}: {created}",
        f"{first}: angelegt von {USERNAME}: {created}",
        f"Konto {USERNAME}: am System angemeldet",
    ]
    assert "Neuere" not in page
    assert "Ältere" not in page


def test_log_shows_hostile_values_escaped(app: Flask, client: FlaskClient, leitung: int) -> None:
    create_tournament(client, SCRIPT)
    _, page = _log(client)
    assert SCRIPT not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_log_filters_by_kind(app: Flask, client: FlaskClient, leitung: int) -> None:
    tournament_id = create_tournament(client)
    paste_players(client, tournament_id, "Anna Schmidt\nBernd Meier")
    rows, page = _log(client, "?art=anmeldungen")
    assert [row.split(":")[0] for row in rows] == ["Bernd Meier (Nr. 2)", "Anna Schmidt (Nr. 1)"]
    assert '<option value="anmeldungen" selected>Anmeldungen</option>' in page
    rows, _ = _log(client, "?art=turnier")
    assert [row.split(":")[0] for row in rows] == ["Turnier „Herbstturnier“"]
    rows, page = _log(client, "?art=" + SCRIPT)
    assert len(rows) == 4  # an unknown kind: every entry
    assert SCRIPT not in page
    rows, _ = _log(client, "?art=")
    assert len(rows) == 4


def _many_events(app: Flask, count: int) -> None:
    with app.app_context():
        user = db.session.execute(select(User)).scalars().first()
        for number in range(1, count + 1):
            audit.record(user, "test", "probe", number, new={"n": number})
        db.session.commit()


def test_log_pages_hold_100_events_each(app: Flask, client: FlaskClient, leitung: int) -> None:
    _many_events(app, 150)
    with app.app_context():
        total = db.session.execute(select(func.count(AuditEvent.id))).scalar_one()
    assert total == 151
    first, page = _log(client)
    assert len(first) == 100
    assert first[0] == "probe #150: Änderung „test“ von leitung: n 150"
    assert 'href="/protokoll?seite=2"' in page
    assert "Neuere" not in page
    second, page = _log(client, "?seite=2")
    assert len(second) == 51
    assert second[-1] == f"Konto {USERNAME}: am System angemeldet"
    assert 'href="/protokoll?seite=1"' in page
    assert "Ältere" not in page
    assert not set(first) & set(second)
    third, page = _log(client, "?seite=3")
    assert third == []
    assert "Keine Einträge." in page
    filtered, page = _log(client, "?art=konten&seite=2")
    assert filtered == []
    assert 'href="/protokoll?seite=1&amp;art=konten"' in page


def test_log_page_garbage_shows_page_one(app: Flask, client: FlaskClient, leitung: int) -> None:
    _many_events(app, 120)
    first, _ = _log(client)
    for page_number in ("abc", "-1", "0", "", "1.5", "99999999999", "100000", "%20", "1e3"):
        rows, page = _log(client, f"?seite={page_number}")
        assert rows == first, page_number
        assert 'href="/protokoll?seite=2"' in page, page_number


@pytest.mark.parametrize("page_number", ["%C2%B2", "9" * 5000], ids=["superscript-two", "5000"])
def test_log_page_unreadable_number_shows_page_one(
    app: Flask, client: FlaskClient, leitung: int, page_number: str
) -> None:
    first, _ = _log(client)
    rows, _ = _log(client, f"?seite={page_number}")
    assert rows == first
