"""Two requests at the same moment (second tab, double click, two devices): one wins, the
other is refused with a message; never a 500, never a thing done twice. Runs on SQLite (where
writers queue on ``BEGIN IMMEDIATE``) and PostgreSQL (row lock of the version UPDATE)."""

from __future__ import annotations

import datetime as dt
import re
import threading

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from tests.support.webapp import csrf_token, log_in, set_up
from tournament.domain import registrations, tournaments
from tournament.extensions import db
from tournament.models import Registration, Round, Tournament

VERSION = re.compile(r'name="version" type="hidden" value="(\d+)"')
STALE = "nicht mehr aktuell"


def _tournament_with_players(app: Flask, players: int) -> int:
    with app.app_context():
        tournament = tournaments.create(
            None,
            name="Parallel",
            date=dt.date(2026, 11, 22),
            venue="",
            organiser="",
            rounds_planned=3,
        )
        text = "\n".join(f"Spieler {n}" for n in range(1, players + 1))
        registrations.register_pasted(None, tournament, tournament.version, text, {})
        db.session.commit()
        return tournament.id


def _signed_in_clients(app: Flask, count: int) -> list[FlaskClient]:
    first = app.test_client()
    set_up(first)
    clients = [first, *(app.test_client() for _ in range(count - 1))]
    for client in clients:
        log_in(client)
    return clients


def _at_once(posts: list[tuple[FlaskClient, str, dict[str, str]]]) -> list[TestResponse]:
    """Send the POSTs from separate threads, released together by a barrier."""
    barrier = threading.Barrier(len(posts))
    responses: list[TestResponse | None] = [None] * len(posts)

    def send(index: int, client: FlaskClient, path: str, data: dict[str, str]) -> None:
        barrier.wait()
        responses[index] = client.post(path, data=data)

    threads = [threading.Thread(target=send, args=(i, *post)) for i, post in enumerate(posts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(r is not None for r in responses)
    return [r for r in responses if r is not None]


def _form_of(client: FlaskClient, path: str) -> dict[str, str]:
    page = client.get(path).get_data(as_text=True)
    version = VERSION.search(page)
    assert version, f"no version on {path}"
    return {"csrf_token": csrf_token(client, path), "version": version.group(1)}


def test_the_same_round_drawn_from_two_tabs_at_once_exists_once(app: Flask) -> None:
    tournament_id = _tournament_with_players(app, 41)
    clients = _signed_in_clients(app, 2)
    path = f"/turniere/{tournament_id}"
    posts = [
        (
            client,
            f"/turniere/{tournament_id}/runden/",
            {**_form_of(client, path), "method": "random"},
        )
        for client in clients
    ]
    responses = _at_once(posts)
    assert sorted(r.status_code for r in responses) == [302, 302]
    with app.app_context():
        assert db.session.execute(select(func.count(Round.id))).scalar_one() == 1
    pages = [client.get(path).get_data(as_text=True) for client in clients]
    assert sum(STALE in page for page in pages) == 1


def test_a_paste_confirmed_twice_at_once_registers_everybody_once(app: Flask) -> None:
    tournament_id = _tournament_with_players(app, 4)
    clients = _signed_in_clients(app, 2)
    path = f"/turniere/{tournament_id}/spieler/"
    text = "\n".join(f"Nachzügler {n}; DK Kiel" for n in range(1, 9))
    posts = [
        (client, f"{path}einfuegen", {**_form_of(client, path), "text": text, "bestaetigen": "1"})
        for client in clients
    ]
    responses = _at_once(posts)
    assert all(r.status_code in (200, 302) for r in responses)
    with app.app_context():
        count = db.session.execute(select(func.count(Registration.id))).scalar_one()
        assert count == 12
        version = db.session.execute(select(Tournament.version)).scalar_one()
        assert version == 3  # created 1, first paste 2, this paste 3: the second one refused
