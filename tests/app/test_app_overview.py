"""The round overview: who may see it, the Turnierleitung's actions (time up, access codes,
locks), the verification status of each table, and the access codes on the table cards."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.test import TestResponse

from tests.support.apps import statements_seen
from tests.support.webapp import (
    add_account,
    audit_events,
    complete_lists,
    create_tournament,
    csrf_token,
    draw_round,
    flashes,
    log_in,
    log_out,
    paste_players,
    player_names,
    round_action,
    send,
    sign_in,
    snapshot,
    tournament_version,
)
from tournament.domain import list_store, table_clock
from tournament.extensions import db
from tournament.models import Role, Round, RoundTable
from tournament.rounds import overview

STALE = "Diese Seite war nicht mehr aktuell"
SCHIRI = "schiri"


# ------------------------------------------------------------------ helpers


def _base(tournament_id: int, number: int = 1) -> str:
    return f"/turniere/{tournament_id}/runden/{number}"


def _overview_path(tournament_id: int, number: int = 1) -> str:
    return f"{_base(tournament_id, number)}/uebersicht"


def _round(tournament_id: int, number: int = 1) -> Round:
    query = select(Round).where(Round.tournament_id == tournament_id, Round.number == number)
    return db.session.execute(query).scalar_one()


def _table(app: Flask, tournament_id: int, table_number: int) -> dict[str, object]:
    with app.app_context():
        table = _round(tournament_id).tables[table_number - 1]
        return {"code": table.access_code, "locked": table.locked}


def _post_versioned(app: Flask, client: FlaskClient, tournament_id: int, path: str) -> TestResponse:
    """A form of the round overview sent with the tournament's version, as its page sends it."""
    return client.post(
        f"{_base(tournament_id)}{path}",
        data={
            "csrf_token": csrf_token(client, "/"),
            "version": tournament_version(app, tournament_id),
        },
        follow_redirects=True,
    )


def _page(client: FlaskClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return response.get_data(as_text=True)


def _press(client: FlaskClient, tournament_id: int, action: str) -> str:
    """Press a button of the overview (the form posting to ``action``); followed."""
    path = _overview_path(tournament_id)
    response = send(client, _page(client, path), f"{_base(tournament_id)}/{action}", follow=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _row(page: str, table_number: int) -> str:
    """The overview's row of one table, as text."""
    found = re.search(rf'<tr id="tisch-{table_number}"[^>]*>(.*?)</tr>', page, re.S)
    assert found, f"no row for table {table_number}"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def _status_badge(page: str, table_number: int) -> tuple[str, str]:
    found = re.search(
        rf'<tr id="tisch-{table_number}"[^>]*>.*?<span class="status status-(\w+)">([^<]+)</span>',
        page,
        re.S,
    )
    assert found
    return found.group(1), found.group(2)


@pytest.fixture
def leitung(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)


def _running_round(client: FlaskClient, players: int = 8) -> int:
    """A tournament with ``players`` players whose round 1 is drawn and started."""
    tournament_id = create_tournament(client, rounds=2)
    paste_players(client, tournament_id, "\n".join(player_names(players)))
    draw_round(client, tournament_id, seed=3)
    round_action(client, tournament_id, 1, "starten")
    return tournament_id


def _schiri_client(app: Flask) -> FlaskClient:
    add_account(app, SCHIRI, role=Role.SCHIEDSRICHTER)
    other = app.test_client()
    assert log_in(other, SCHIRI).status_code == 302
    return other


# ------------------------------------------------------------------ who may see and act


def test_anonymous_visitors_are_sent_to_the_login(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    tournament_id = _running_round(client)
    log_out(client)
    response = client.get(_overview_path(tournament_id))
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/anmelden")
    token = csrf_token(client, "/anmelden")
    for action in ("zeit-abgelaufen", "tische/1/code-neu", "tische/1/sperren"):
        response = client.post(
            f"{_base(tournament_id)}/{action}", data={"csrf_token": token, "version": "1"}
        )
        assert response.status_code == 302
        assert response.headers["Location"].startswith("/anmelden")


def test_schiedsrichter_sees_the_overview_but_may_not_act(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    tournament_id = _running_round(client)
    code = _table(app, tournament_id, 1)["code"]
    schiri = _schiri_client(app)
    page = _page(schiri, _overview_path(tournament_id))
    assert "Übersicht Runde 1" in page
    assert "Tisch 1" in _row(page, 1) and "Tisch 2" in _row(page, 2)
    assert "Code aktiv" in _row(page, 1)
    assert str(code) not in page
    assert "<form" not in page.split("<main", 1)[1]
    before = snapshot(app)
    token = csrf_token(schiri, "/")
    version = tournament_version(app, tournament_id)
    for action in (
        "zeit-abgelaufen",
        "tische/1/code-neu",
        "tische/1/code-entziehen",
        "tische/1/sperren",
        "tische/1/entsperren",
    ):
        response = schiri.post(
            f"{_base(tournament_id)}/{action}", data={"csrf_token": token, "version": version}
        )
        assert response.status_code == 403, action
    assert snapshot(app) == before
    assert _table(app, tournament_id, 1) == {"code": code, "locked": False}


@pytest.mark.usefixtures("leitung")
def test_navigation_links_to_the_overview_for_staff_only(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client)
    plan = _page(client, _base(tournament_id))
    assert f'href="{_overview_path(tournament_id)}">Übersicht</a>' in plan
    assert "Zur Übersicht aller Tische" in plan
    log_out(client)
    plan = _page(client, _base(tournament_id))
    assert _overview_path(tournament_id) not in plan


@pytest.mark.usefixtures("leitung")
def test_unknown_round_or_table_is_404(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client)
    assert client.get(_overview_path(tournament_id, 7)).status_code == 404
    assert client.get("/turniere/99/runden/1/uebersicht").status_code == 404
    token = csrf_token(client, "/")
    version = tournament_version(app, tournament_id)
    response = client.post(
        f"{_base(tournament_id)}/tische/9/sperren", data={"csrf_token": token, "version": version}
    )
    assert response.status_code == 404


# ------------------------------------------------------------------ the overview itself


@pytest.mark.usefixtures("leitung")
def test_overview_shows_every_table_with_its_list(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client, 9)
    page = _page(client, _overview_path(tournament_id))
    codes = [_table(app, tournament_id, n)["code"] for n in (1, 2)]
    for number, size, code in ((1, 4, codes[0]), (2, 5, codes[1])):
        row = _row(page, number)
        assert f"0 / {size * 6}" in row
        assert "noch " in row and " min" in row  # the clock, without JavaScript
        assert "Code aktiv" in row and "offen" in row
        assert f'<code class="access-code">{code}</code>' in page
        assert f'href="http://localhost/tisch/{code}/"' in page
        link = f'href="{_base(tournament_id)}/tische/{number}/"'
        assert link in page
    assert re.search(r'data-deadline="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"', page)
    assert "Vierertische (100 Minuten)" in page and "Fünfertische (125 Minuten)" in page
    assert "Tisch 1: 24 Spiele fehlen noch" in page
    assert "Tisch 2: 30 Spiele fehlen noch" in page
    assert "Runde abschließen" not in page
    assert "nein, noch nicht erklärt" in page


@pytest.mark.usefixtures("leitung")
def test_overview_of_a_drawn_round_has_no_clock(app: Flask, client: FlaskClient) -> None:
    tournament_id = create_tournament(client)
    paste_players(client, tournament_id, "\n".join(player_names(4)))
    draw_round(client, tournament_id, seed=1)
    page = _page(client, _overview_path(tournament_id))
    assert "nicht gestartet" in _row(page, 1)
    assert "data-deadline" not in page
    assert "Zeit abgelaufen erklären" not in page
    assert "Runde abschließen" not in page


@pytest.mark.usefixtures("leitung")
def test_status_colours_and_the_close_button(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client)
    page = _page(client, _overview_path(tournament_id))
    assert _status_badge(page, 1) == ("yellow", "wird gespielt")
    assert _status_badge(page, 2) == ("yellow", "wird gespielt")
    complete_lists(app, tournament_id, 1)
    page = _page(client, _overview_path(tournament_id))
    assert _status_badge(page, 1) == ("green", "vollständig und geprüft")
    assert _status_badge(page, 2) == ("green", "vollständig und geprüft")
    assert "24 / 24" in _row(page, 1) and "fertig" in _row(page, 1)
    assert "Alle Listen sind vollständig und geprüft." in page
    assert "Das fehlt noch" not in page
    finish = f"{_base(tournament_id)}/abschliessen"
    response = send(client, page, finish, follow=True)
    assert "Runde 1 ist abgeschlossen." in flashes(response.get_data(as_text=True))
    page = _page(client, _overview_path(tournament_id))
    assert "Die Runde ist abgeschlossen." in page
    assert "Runde abschließen" not in page and "Neuer Code" not in page


@pytest.mark.usefixtures("leitung")
def test_close_button_waits_for_the_last_list(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client)
    complete_lists(app, tournament_id, 1)
    with app.app_context():
        round_ = _round(tournament_id)
        round_.tables[1].entries.clear()
        db.session.commit()
    page = _page(client, _overview_path(tournament_id))
    assert _status_badge(page, 1)[0] == "green"
    assert _status_badge(page, 2)[0] == "yellow"
    assert "Tisch 2: 24 Spiele fehlen noch" in page
    assert "Tisch 1:" not in page
    assert "Runde abschließen" not in page


@pytest.mark.usefixtures("leitung")
def test_table_whose_time_ran_out_with_games_missing_is_red(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _running_round(client)
    with app.app_context():
        round_ = _round(tournament_id)
        round_.started_at = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=101)
        db.session.commit()
    page = _page(client, _overview_path(tournament_id))
    assert _status_badge(page, 1) == ("red", "Zeit um, Spiele fehlen")
    assert 'class="clock clock-over"' in page
    assert "abgelaufen" in _row(page, 1)


# ------------------------------------------------------------------ time up for the round


@pytest.mark.usefixtures("leitung")
def test_declaring_time_up_works_once(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client)
    page = _page(client, _overview_path(tournament_id))
    assert 'data-confirm="Die Zeit für Runde 1' in page
    page = _press(client, tournament_id, "zeit-abgelaufen")
    assert any("Runde 1: Die Zeit ist abgelaufen." in text for text in flashes(page))
    assert "ja, erklärt um" in page
    assert "noch nicht eingetragen" in _row(page, 1)
    assert "Zeit abgelaufen erklären" not in page
    assert len(audit_events(app, "time_up")) == 1
    with app.app_context():
        assert _round(tournament_id).time_up_at is not None
    # Sent again (an old tab): refused, nothing changes.
    before = snapshot(app)
    response = _post_versioned(app, client, tournament_id, "/zeit-abgelaufen")
    assert "Für Runde 1 ist die Zeit schon abgelaufen." in flashes(response.get_data(as_text=True))
    assert snapshot(app) == before
    assert len(audit_events(app, "time_up")) == 1


@pytest.mark.usefixtures("leitung")
def test_time_up_from_a_stale_page_is_refused(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client)
    page = _page(client, _overview_path(tournament_id))
    _press(client, tournament_id, "tische/1/sperren")
    before = snapshot(app)
    response = send(client, page, f"{_base(tournament_id)}/zeit-abgelaufen", follow=True)
    assert any(STALE in text for text in flashes(response.get_data(as_text=True)))
    assert snapshot(app) == before
    with app.app_context():
        assert _round(tournament_id).time_up_at is None


@pytest.mark.usefixtures("leitung")
def test_time_up_of_a_round_not_running_is_refused(app: Flask, client: FlaskClient) -> None:
    tournament_id = create_tournament(client)
    paste_players(client, tournament_id, "\n".join(player_names(4)))
    draw_round(client, tournament_id, seed=1)
    response = _post_versioned(app, client, tournament_id, "/zeit-abgelaufen")
    assert "Runde 1 läuft nicht." in flashes(response.get_data(as_text=True))


@pytest.mark.usefixtures("leitung")
@pytest.mark.parametrize("version", ["", "abc", "-1", "1" * 40, "\u00b2"])
def test_garbage_versions_are_refused_without_error_page(
    app: Flask, client: FlaskClient, version: str
) -> None:
    tournament_id = _running_round(client, 4)
    before = snapshot(app)
    token = csrf_token(client, "/")
    for action in ("zeit-abgelaufen", "tische/1/code-neu", "tische/1/entsperren"):
        response = client.post(
            f"{_base(tournament_id)}/{action}",
            data={"csrf_token": token, "version": version},
            follow_redirects=True,
        )
        assert response.status_code == 200
        assert flashes(response.get_data(as_text=True))
    assert snapshot(app) == before


# ------------------------------------------------------------------ codes and locks


@pytest.mark.usefixtures("leitung")
def test_renewing_a_code_retires_the_old_one(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client)
    old = _table(app, tournament_id, 1)["code"]
    other = _table(app, tournament_id, 2)["code"]
    public = app.test_client()
    assert public.get(f"/tisch/{old}/").status_code == 200
    page = _press(client, tournament_id, "tische/1/code-neu")
    new = _table(app, tournament_id, 1)["code"]
    assert isinstance(new, str) and new != old
    assert f"Tisch 1 hat den neuen Zugangscode {new}; der alte gilt nicht mehr." in " ".join(
        flashes(page)
    )
    assert public.get(f"/tisch/{old}/").status_code == 404
    assert public.get(f"/tisch/{new}/").status_code == 200
    assert _table(app, tournament_id, 2)["code"] == other
    events = audit_events(app, "renew_code")
    assert [(e.object_type, e.user_id is not None) for e in events] == [("round_table", True)]
    assert str(old) not in str(events[0].old_value) and new not in str(events[0].new_value)


@pytest.mark.usefixtures("leitung")
def test_renewing_from_a_stale_page_keeps_the_code(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client)
    code = _table(app, tournament_id, 1)["code"]
    page = _page(client, _overview_path(tournament_id))
    _press(client, tournament_id, "tische/2/sperren")
    before = snapshot(app)
    response = send(client, page, f"{_base(tournament_id)}/tische/1/code-neu", follow=True)
    assert any(STALE in text for text in flashes(response.get_data(as_text=True)))
    assert snapshot(app) == before
    assert _table(app, tournament_id, 1)["code"] == code
    assert audit_events(app, "renew_code") == []


@pytest.mark.usefixtures("leitung")
def test_revoking_a_code_closes_the_list_to_it(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client)
    code = _table(app, tournament_id, 1)["code"]
    page = _press(client, tournament_id, "tische/1/code-entziehen")
    assert any("Der Zugangscode von Tisch 1 ist entzogen" in text for text in flashes(page))
    assert _table(app, tournament_id, 1)["code"] is None
    assert app.test_client().get(f"/tisch/{code}/").status_code == 404
    row = _row(page, 1)
    assert "kein Code" in row and "Code entziehen" not in row
    assert len(audit_events(app, "revoke_code")) == 1
    # A second revoke (old tab) is refused; a new code opens the list again.
    response = _post_versioned(app, client, tournament_id, "/tische/1/code-entziehen")
    assert "Tisch 1 hat keinen Zugangscode." in flashes(response.get_data(as_text=True))
    _press(client, tournament_id, "tische/1/code-neu")
    new = _table(app, tournament_id, 1)["code"]
    assert app.test_client().get(f"/tisch/{new}/").status_code == 200


@pytest.mark.usefixtures("leitung")
def test_locking_and_unlocking_a_list(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client)
    page = _press(client, tournament_id, "tische/2/sperren")
    assert any("Die Liste von Tisch 2 ist gesperrt" in text for text in flashes(page))
    assert _table(app, tournament_id, 2)["locked"] is True
    assert _table(app, tournament_id, 1)["locked"] is False
    assert "gesperrt" in _row(page, 2) and "Entsperren" in _row(page, 2)
    assert [e.new_value for e in audit_events(app, "lock_list")] == ['{"locked": true}']
    page = _press(client, tournament_id, "tische/2/entsperren")
    assert any("wieder für den Tisch freigegeben" in text for text in flashes(page))
    assert _table(app, tournament_id, 2)["locked"] is False
    assert len(audit_events(app, "unlock_list")) == 1


@pytest.mark.usefixtures("leitung")
def test_codes_of_a_finished_round_cannot_be_changed(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client, 4)
    complete_lists(app, tournament_id, 1)
    round_action(client, tournament_id, 1, "abschliessen")
    before = snapshot(app)
    response = _post_versioned(app, client, tournament_id, "/tische/1/code-neu")
    assert "Runde 1 ist abgeschlossen." in flashes(response.get_data(as_text=True))
    assert snapshot(app) == before


# ------------------------------------------------------------------ table cards


@pytest.mark.usefixtures("leitung")
def test_table_cards_carry_code_and_qr_for_the_leitung_only(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _running_round(client)
    codes = [_table(app, tournament_id, n)["code"] for n in (1, 2)]
    cards_path = f"{_base(tournament_id)}/tischkarten"
    page = _page(client, cards_path)
    assert page.count('<svg width="') == 2
    assert page.count("<title>QR-Code: Liste von Tisch") == 2
    assert "http://localhost/tisch</span>" in page
    for code in codes:
        assert f"<code>{code}</code>" in page
        assert f'href="http://localhost/tisch/{code}/"' in page
    # Inline SVG only: nothing the Content-Security-Policy would block.
    assert "style=" not in page and "data:" not in page
    schiri = _schiri_client(app)
    log_out(client)
    for viewer in (client, schiri):
        page = _page(viewer, cards_path)
        assert "<svg" not in page
        assert "Tisch 1" in page
        for code in codes:
            assert str(code) not in page


@pytest.mark.usefixtures("leitung")
def test_cards_of_a_finished_round_show_no_code(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(client, 4)
    code = _table(app, tournament_id, 1)["code"]
    complete_lists(app, tournament_id, 1)
    round_action(client, tournament_id, 1, "abschliessen")
    page = _page(client, f"{_base(tournament_id)}/tischkarten")
    assert "<svg" not in page and str(code) not in page


# ------------------------------------------------------------------ queries and clock text


@pytest.mark.usefixtures("leitung")
def test_overview_queries_do_not_grow_with_the_tables(app: Flask, client: FlaskClient) -> None:
    small = _running_round(client, 4)
    large = create_tournament(client, "Großes Turnier")
    paste_players(client, large, "\n".join(player_names(24, start=101)))
    draw_round(client, large, seed=5)
    round_action(client, large, 1, "starten")
    complete_lists(app, large, 1)
    # The engine's reports are cached in the process, by list (so an earlier test's list of
    # the same players may have warmed one): count on a cold cache, when the stored reports
    # are read, and on a cache a first look has warmed.
    for warm in (False, True):
        counts = []
        for tournament_id in (small, large):
            list_store.forget_reports()
            if warm:
                _page(client, _overview_path(tournament_id))
            with statements_seen(app) as statements:
                _page(client, _overview_path(tournament_id))
            counts.append(len(statements))
        assert counts[0] == counts[1], (warm, counts)
        assert counts[1] <= 12


def test_clock_text_matches_the_script() -> None:
    now = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.UTC)
    assert table_clock.clock_text(None, now) == "nicht gestartet"
    assert table_clock.clock_text(now + dt.timedelta(seconds=425), now) == "noch 7:05 min"
    assert table_clock.clock_text(now + dt.timedelta(minutes=125), now) == "noch 125:00 min"
    assert table_clock.clock_text(now, now) == "abgelaufen"
    assert table_clock.clock_text(now - dt.timedelta(seconds=1), now) == "abgelaufen"
    naive = dt.datetime(2026, 11, 21, 12, 0, 30)
    assert overview.iso_utc(naive) == "2026-11-21T12:00:30Z"
    assert table_clock.clock_text(naive, now) == "noch 0:30 min"


def test_table_state_of_an_unreadable_list_is_red() -> None:
    state = overview.TableState(RoundTable(number=3, size=4), None, "kaputt")
    assert state.status == "red"
    assert state.status_text == "Fehler in der Liste"
    assert state.extension_minutes == 0 and state.deadline_iso is None
