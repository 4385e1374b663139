"""Unchanged polls are answered from memory (``tournament.web.live.FastPolls``,
``tournament.changes``): with no database statement, and never after anything may have
changed: a save through the app, a write of another app on the same database, the round's
clock moving on, a restore; on PostgreSQL also while the change listener is down. A client
with failed guesses learns nothing from memory, and an address Flask never answered is never
answered from it."""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, text, update
from werkzeug.test import TestResponse

from tests.support.apps import statements_seen
from tests.support.webapp import (
    create_tournament,
    draw_round,
    heard_of_write,
    live_state,
    paste_players,
    player_names,
    round_action,
    sign_in,
)
from tournament import changes
from tournament.app import create_app
from tournament.extensions import db
from tournament.models import RoundTable, Tournament
from tournament.rounds import overview, overview_routes
from tournament.web import live


def _token(response: TestResponse) -> str:
    return live_state(response.get_data(as_text=True))


def _drawn(app: Flask, client: FlaskClient) -> tuple[int, str]:
    """A tournament of eight with round 1 drawn, not started; a table's code."""
    sign_in(app, client)
    tid = create_tournament(client)
    paste_players(client, tid, "\n".join(player_names(8)))
    draw_round(client, tid)
    with app.app_context():
        code = db.session.execute(select(RoundTable.access_code)).scalars().first()
    assert code
    return tid, code


def _from_memory(app: Flask, client: FlaskClient, path: str, token: str) -> None:
    """The poll of ``path`` with ``token`` is answered 204 with no database statement."""
    deadline = time.monotonic() + 5
    while changes.of(app).generation() is None and time.monotonic() < deadline:
        time.sleep(0.02)  # PostgreSQL: the listener's first connection
    for _ in range(2):  # through Flask (the first may renew the session's cookie)
        assert client.get(f"{path}?stand={token}").status_code == 204
    with statements_seen(app) as statements:
        response = client.get(f"{path}?stand={token}")
    assert response.status_code == 204
    assert statements == []
    assert response.headers["X-Frame-Options"] == "DENY"


def test_an_unchanged_poll_costs_no_database_statement(app: Flask, client: FlaskClient) -> None:
    tid, code = _drawn(app, client)
    keeper = app.test_client()
    list_path = f"/tisch/{code}/stand"
    _from_memory(app, keeper, list_path, _token(keeper.get(f"/tisch/{code}/")))
    spectator = app.test_client()
    standings = f"/turniere/{tid}/stand"
    _from_memory(app, spectator, standings, _token(spectator.get(standings)))
    # Another token than the remembered one goes through Flask.
    with statements_seen(app) as statements:
        assert spectator.get(f"{standings}?stand=0.0.0").status_code == 200
    assert statements


def test_a_write_elsewhere_costs_one_lookup_for_all_who_show_the_same(
    app: Flask, client: FlaskClient
) -> None:
    """Another table's list moves on: this table's phone and the standings' phones are
    asked once more what they show, without Flask: the list's state by its code once, the
    standings' state once for every phone that shows them."""
    tid, code = _drawn(app, client)
    keeper = app.test_client()
    path = f"/tisch/{code}/stand"
    shown = _token(keeper.get(f"/tisch/{code}/"))
    _from_memory(app, keeper, path, shown)
    before = changes.of(app).generation()
    with app.app_context():
        other = db.session.execute(
            select(RoundTable.id).where(RoundTable.access_code != code)
        ).scalar_one()
        db.session.execute(
            update(RoundTable).where(RoundTable.id == other).values(version=RoundTable.version + 1)
        )
        db.session.commit()
    heard_of_write(app, before)
    with statements_seen(app) as statements:
        assert keeper.get(f"{path}?stand={shown}").status_code == 204
        assert keeper.get(f"{path}?stand={shown}").status_code == 204
    assert len([s for s in statements if "round_table" in s]) == 1
    assert not [s for s in statements if "user" in s or "throttle" in s]
    phones = [app.test_client() for _ in range(3)]
    standings = f"/turniere/{tid}/stand"
    seen = _token(phones[0].get(standings))
    for phone in phones:
        _from_memory(app, phone, standings, seen)
    before = changes.of(app).generation()
    with app.app_context():  # a write the standings do not show
        db.session.execute(update(Tournament).values(venue="Anderswo"))
        db.session.commit()
    heard_of_write(app, before)
    with statements_seen(app) as statements:
        for phone in phones:
            assert phone.get(f"{standings}?stand={seen}").status_code == 204
    assert len([s for s in statements if s.lstrip().startswith("SELECT")]) <= 2


def test_after_a_write_one_query_gives_every_tables_phone_its_lists_state(
    app: Flask, client: FlaskClient
) -> None:
    """Every table's phone polls its list all round: after a write, the first poll works out
    the state of every open list in one query, and the other tables' polls take theirs from
    it (a hall of five tournaments writes several times a second)."""
    _drawn(app, client)
    with app.app_context():
        codes = db.session.execute(select(RoundTable.access_code)).scalars().all()
    assert len(codes) == 2
    keepers = {code: app.test_client() for code in codes}
    shown = {code: _token(keeper.get(f"/tisch/{code}/")) for code, keeper in keepers.items()}
    for code, keeper in keepers.items():
        _from_memory(app, keeper, f"/tisch/{code}/stand", shown[code])
    before = changes.of(app).generation()
    with app.app_context():  # a write no list shows
        db.session.execute(update(Tournament).values(venue="Anderswo"))
        db.session.commit()
    heard_of_write(app, before)
    with statements_seen(app) as statements:
        for code, keeper in keepers.items():
            assert keeper.get(f"/tisch/{code}/stand?stand={shown[code]}").status_code == 204
    assert len([s for s in statements if "round_table" in s]) == 1
    before = changes.of(app).generation()
    with app.app_context():  # the first list moves on
        db.session.execute(
            update(RoundTable)
            .where(RoundTable.access_code == codes[0])
            .values(version=RoundTable.version + 1)
        )
        db.session.commit()
    heard_of_write(app, before)
    assert (
        keepers[codes[1]].get(f"/tisch/{codes[1]}/stand?stand={shown[codes[1]]}").status_code == 204
    )
    moved = keepers[codes[0]].get(f"/tisch/{codes[0]}/stand?stand={shown[codes[0]]}")
    assert moved.status_code == 200 and _token(moved) != shown[codes[0]]


def test_a_save_through_the_app_is_seen_by_the_next_poll(app: Flask, client: FlaskClient) -> None:
    tid, code = _drawn(app, client)
    keeper = app.test_client()
    path = f"/tisch/{code}/stand"
    shown = _token(keeper.get(f"/tisch/{code}/"))
    _from_memory(app, keeper, path, shown)
    spectator = app.test_client()
    standings = f"/turniere/{tid}/stand"
    seen = _token(spectator.get(standings))
    _from_memory(app, spectator, standings, seen)
    before = changes.of(app).generation()
    round_action(client, tid, 1, "starten")
    heard_of_write(app, before)
    response = keeper.get(f"{path}?stand={shown}")
    assert response.status_code == 200
    assert _token(response) != shown
    response = spectator.get(f"{standings}?stand={seen}")
    assert response.status_code == 200
    assert _token(response) != seen


def test_a_write_of_another_app_on_the_same_database_is_seen(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    """A second server process (or the command line) writes; this one's next poll sees it."""
    _tid, code = _drawn(app, client)
    keeper = app.test_client()
    path = f"/tisch/{code}/stand"
    shown = _token(keeper.get(f"/tisch/{code}/"))
    _from_memory(app, keeper, path, shown)
    before = changes.of(app).generation()
    other = create_app(
        {"SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"], "TESTING": True},
        instance_path=str(tmp_path / "other"),
    )
    with other.app_context():
        db.session.execute(
            update(RoundTable)
            .where(RoundTable.access_code == code)
            .values(version=RoundTable.version + 1)
        )
        db.session.commit()
        db.engine.dispose()
    heard_of_write(app, before)
    response = keeper.get(f"{path}?stand={shown}")
    assert response.status_code == 200
    assert _token(response) != shown


def test_the_rounds_clock_ends_an_answer_from_memory(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The overview's state counts the minutes of the round's clock: its answer is kept only
    until the next minute, after which the poll gets the page with the new minute. (Staff
    sessions renew their cookie with every answer, which keeps their polls out of memory;
    without that renewal they are remembered like any other.)"""
    app.config["SESSION_REFRESH_EACH_REQUEST"] = False
    tid, _code = _drawn(app, client)
    round_action(client, tid, 1, "starten")
    path = f"/turniere/{tid}/runden/1/uebersicht"
    shown = _token(client.get(path))
    _from_memory(app, client, path, shown)
    moment = time.monotonic()
    later = moment + 61
    monkeypatch.setattr(live.time, "monotonic", lambda: later)
    real = overview.utcnow
    for module in (overview, overview_routes):
        monkeypatch.setattr(module, "utcnow", lambda: real() + dt.timedelta(seconds=61))
    response = client.get(f"{path}?stand={shown}")
    assert response.status_code == 200
    assert _token(response) != shown


@pytest.mark.sqlite_only
def test_a_restore_is_seen_by_the_next_poll(app: Flask, client: FlaskClient) -> None:
    from tournament.backups import restore
    from tournament.domain import backups

    tid, code = _drawn(app, client)
    copy = backups.write_backup(app, "test")
    assert copy is not None
    round_action(client, tid, 1, "starten")
    keeper = app.test_client()
    path = f"/tisch/{code}/stand"
    shown = _token(keeper.get(f"/tisch/{code}/"))
    _from_memory(app, keeper, path, shown)
    # A restore needs the database to itself, as when the server has stopped.
    changes.of(app).close()
    with app.app_context():
        db.engine.dispose()
    restore.restore(app, copy)
    response = keeper.get(f"{path}?stand={shown}")
    assert response.status_code == 200
    assert _token(response) != shown


def test_a_client_with_failed_guesses_learns_nothing_from_memory(
    app: Flask, client: FlaskClient
) -> None:
    """A blocked client gets the same answer for a valid code (remembered, with its token)
    as for an invalid one."""
    app.config["THROTTLE_TABLE_CODE"] = "3 per minute"
    _tid, code = _drawn(app, client)
    keeper = app.test_client()
    keeper.environ_base["REMOTE_ADDR"] = "192.168.7.7"
    path = f"/tisch/{code}/stand"
    shown = _token(keeper.get(f"/tisch/{code}/"))
    _from_memory(app, keeper, path, shown)
    for guess in ("AAAAAAAA", "BBBBBBBB", "CCCCCCCC"):
        assert keeper.get(f"/tisch/{guess}/stand?stand={shown}").status_code == 404
    valid = keeper.get(f"{path}?stand={shown}")
    invalid = keeper.get(f"/tisch/DDDDDDDD/stand?stand={shown}")
    assert valid.status_code == invalid.status_code == 429
    assert valid.get_data() == invalid.get_data()


def test_an_unknown_code_is_never_answered_from_memory(app: Flask, client: FlaskClient) -> None:
    _drawn(app, client)
    guesser = app.test_client()
    guesser.environ_base["REMOTE_ADDR"] = "192.168.7.8"
    for _ in range(3):
        with statements_seen(app) as statements:
            response = guesser.get("/tisch/AAAAAAAA/stand?stand=1.bereit.0.0")
        assert response.status_code == 404
        assert [s for s in statements if "round_table" in s]


@pytest.mark.postgresql_only
def test_polls_ask_the_database_while_the_listener_is_down(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    """The listener's connection is killed and a write follows while it is down: the next
    poll gets the new state (from the database), and polls are answered from memory again
    once the listener is back."""
    _tid, code = _drawn(app, client)
    keeper = app.test_client()
    path = f"/tisch/{code}/stand"
    shown = _token(keeper.get(f"/tisch/{code}/"))
    _from_memory(app, keeper, path, shown)
    with app.app_context():
        killed = db.session.execute(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                f" WHERE query = 'LISTEN {changes.CHANNEL}' AND datname = current_database()"
            )
        ).all()
        assert killed == [(True,)]
    # The thread sees its connection lost within moments (a write in that moment shows once
    # it has: the generation moves on when the connection is lost).
    signal = changes.of(app)
    deadline = time.monotonic() + 5
    while signal.generation() is not None and time.monotonic() < deadline:
        time.sleep(0.005)
    assert signal.generation() is None
    with app.app_context():
        db.session.execute(
            update(RoundTable)
            .where(RoundTable.access_code == code)
            .values(version=RoundTable.version + 1)
        )
        db.session.commit()
    response = keeper.get(f"{path}?stand={shown}")
    assert response.status_code == 200
    newer = _token(response)
    assert newer != shown
    _from_memory(app, keeper, path, newer)
