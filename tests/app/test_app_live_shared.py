"""Public live pages in a full hall (``tournament.web.live.FastPolls``,
``tournament.web.public_pages``): the page of a new state is rendered once and given from
memory to every anonymous phone that is behind it; a new state reaches those phones at most
every ``coalesce`` seconds and always within it; staff and a visitor with a message waiting
never get the shared page; a phone without JavaScript reloads the page as before."""

from __future__ import annotations

import gzip
import threading
import time

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update
from werkzeug.test import TestResponse

from tests.support.apps import statements_seen
from tests.support.webapp import (
    create_tournament,
    draw_round,
    heard_of_write,
    live_state,
    paste_players,
    player_names,
    sign_in,
)
from tournament import changes
from tournament.extensions import db
from tournament.models import RoundTable
from tournament.web import live
from tournament.web.public_pages import Shared, pages_by_state


def _token(response: TestResponse) -> str:
    body = response.get_data()
    if response.headers.get("Content-Encoding") == "gzip":
        body = gzip.decompress(body)
    return live_state(body.decode())


def _polls(app: Flask) -> live.FastPolls:
    polls = app.wsgi_app
    assert isinstance(polls, live.FastPolls)
    return polls


class Clock:
    """The clock of the answers from memory, moved on by the test."""

    def __init__(self) -> None:
        self.now = time.monotonic()

    def __call__(self) -> float:
        return self.now


def _hall(app: Flask, client: FlaskClient) -> tuple[int, Clock]:
    """A tournament of eight with round 1 drawn (standings with a state); the clock of
    :class:`FastPolls` in the test's hand; the change signal heard from. Public pages are
    shared (as they are by default, not in the other tests)."""
    app.config["PUBLIC_PAGE_SECONDS"] = 1
    sign_in(app, client)
    tid = create_tournament(client)
    paste_players(client, tid, "\n".join(player_names(8)))
    draw_round(client, tid)
    clock = Clock()
    _polls(app).clock = clock
    deadline = time.monotonic() + 5
    while changes.of(app).generation() is None and time.monotonic() < deadline:
        time.sleep(0.02)  # PostgreSQL: the listener's first connection
    return tid, clock


def _phone(app: Flask, number: int) -> FlaskClient:
    """A spectator's phone of its own address, with no cookie."""
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = f"10.0.0.{number}"
    return phone


def _save(app: Flask) -> None:
    """A game saved at a table (its list's version moves on): the standings change. Returns
    once the change signal has heard of it and is quiet again."""
    before = changes.of(app).generation()
    with app.app_context():
        first = db.session.execute(select(RoundTable.id).order_by(RoundTable.id)).scalars().first()
        db.session.execute(
            update(RoundTable).where(RoundTable.id == first).values(version=RoundTable.version + 1)
        )
        db.session.commit()
    heard_of_write(app, before)


def _following(app: Flask, phones: list[FlaskClient], path: str) -> str:
    """Every phone opens ``path`` and asks with the state it shows until memory answers."""
    shown = ""
    for phone in phones:
        shown = _token(phone.get(path))
        for _ in range(2):
            assert phone.get(f"{path}?stand={shown}").status_code == 204
    return shown


def test_phones_behind_one_state_get_one_render_from_memory(
    app: Flask, client: FlaskClient
) -> None:
    """After a save, the first phone that asks gets the new standings through Flask, which
    renders them; every other phone that shows the old state gets that very page from
    memory: no second render, no database statement, the same bytes."""
    tid, clock = _hall(app, client)
    path = f"/turniere/{tid}/stand"
    phones = [_phone(app, number) for number in range(1, 7)]
    shown = _following(app, phones, path)
    _save(app)
    clock.now += 60  # the coalescing window of the last state given out is long over
    renders = pages_by_state(app).renders
    first = phones[0].get(f"{path}?stand={shown}")
    assert first.status_code == 200
    new = _token(first)
    assert new != shown
    with statements_seen(app) as statements:
        others = [phone.get(f"{path}?stand={shown}") for phone in phones[1:]]
    assert statements == []
    assert pages_by_state(app).renders == renders + 1
    for response in others:
        assert response.status_code == 200
        assert response.get_data() == first.get_data()
        assert response.headers["X-Frame-Options"] == "DENY"
    # Having it, each phone is told 204 from memory again.
    with statements_seen(app) as statements:
        for phone in phones:
            assert phone.get(f"{path}?stand={new}").status_code == 204
    assert statements == []


def test_a_hall_opening_the_standings_gets_the_page_of_the_state_from_memory(
    app: Flask, client: FlaskClient
) -> None:
    """The hall's phones open the standings (a page load, no state shown): the first load
    of a state goes through Flask, which renders it once for the loads and the polls of that
    state; every other phone's load gets that very page from memory (no database statement),
    and after a save the next load gets the new state's page."""
    tid, clock = _hall(app, client)
    path = f"/turniere/{tid}/stand"
    phones = [_phone(app, number) for number in range(1, 7)]
    renders = pages_by_state(app).renders
    first = phones[0].get(path)
    shown = _token(first)
    with statements_seen(app) as statements:
        others = [phone.get(path) for phone in phones[1:]]
    assert statements == []
    for response in others:
        assert response.status_code == 200
        assert response.get_data() == first.get_data()
        assert response.headers["X-Frame-Options"] == "DENY"
    # The page's poll of the same state: 204, and the state's page was rendered once.
    assert phones[1].get(f"{path}?stand={shown}").status_code == 204
    assert pages_by_state(app).renders == renders + 1

    _save(app)
    clock.now += 60
    loaded = phones[2].get(path)
    assert _token(loaded) != shown
    with statements_seen(app) as statements:
        assert phones[3].get(path).get_data() == loaded.get_data()
    assert statements == []
    # A visitor with a cookie (staff, a message waiting) is Flask's.
    with statements_seen(app) as statements:
        assert "Abmelden" in client.get(path).get_data(as_text=True)
    assert statements != []


def test_each_encoding_gets_the_page_in_its_own(app: Flask, client: FlaskClient) -> None:
    """The answer in memory is kept per ``Accept-Encoding``: a phone that takes gzip gets
    the page compressed, one that does not gets it plain; both are one render."""
    tid, clock = _hall(app, client)
    path = f"/turniere/{tid}/stand"
    zipped, plain = _phone(app, 1), _phone(app, 2)
    zipped.environ_base["HTTP_ACCEPT_ENCODING"] = "gzip"
    shown = _following(app, [zipped, plain], path)
    _save(app)
    clock.now += 60
    renders = pages_by_state(app).renders
    zipped_answer = zipped.get(f"{path}?stand={shown}")
    plain_answer = plain.get(f"{path}?stand={shown}")
    assert zipped_answer.headers.get("Content-Encoding") == "gzip"
    assert "Content-Encoding" not in plain_answer.headers
    assert gzip.decompress(zipped_answer.get_data()) == plain_answer.get_data()
    assert pages_by_state(app).renders == renders + 1


def test_a_new_state_reaches_open_pages_within_the_coalescing_window(
    app: Flask, client: FlaskClient
) -> None:
    """Saves in quick succession: a phone that has the newest state given out keeps it for
    at most ``coalesce`` seconds after it was given out (``204``), then gets the page of the
    state of now. Staff see each save at once."""
    tid, clock = _hall(app, client)
    polls = _polls(app)
    polls.coalesce = 2.0
    path = f"/turniere/{tid}/stand"
    phone = _phone(app, 1)
    shown = _following(app, [phone], path)
    _save(app)
    clock.now += 60
    response = phone.get(f"{path}?stand={shown}")
    assert response.status_code == 200
    given = _token(response)
    _save(app)
    clock.now += 1.0
    assert phone.get(f"{path}?stand={given}").status_code == 204
    staff = client.get(f"{path}?stand={given}")
    assert staff.status_code == 200
    newest = _token(staff)
    assert newest != given
    clock.now += 0.9
    assert phone.get(f"{path}?stand={given}").status_code == 204
    clock.now += 0.2  # the window is over
    response = phone.get(f"{path}?stand={given}")
    assert response.status_code == 200
    assert _token(response) == newest
    # A page that asks with an older state than the newest given out gets it at once.
    other = _phone(app, 2)
    response = other.get(f"{path}?stand={shown}")
    assert response.status_code == 200
    assert _token(response) == newest


def test_staff_and_a_waiting_message_never_get_the_shared_page(
    app: Flask, client: FlaskClient
) -> None:
    """The shared page in memory is for anonymous visitors only: signed-in staff (their name
    and the logout form) and a visitor with a message waiting get pages of their own, also
    while the shared page of the same state is in memory, and their pages are never shared."""
    tid, clock = _hall(app, client)
    path = f"/turniere/{tid}/stand"
    with_message = app.test_client()
    phones = [_phone(app, 1), _phone(app, 2)]
    shown = _following(app, [*phones, client], path)
    _token(with_message.get(path))
    _save(app)
    clock.now += 60
    anonymous = phones[0].get(f"{path}?stand={shown}")
    assert anonymous.status_code == 200
    assert "Abmelden" not in anonymous.get_data(as_text=True)
    staff = client.get(f"{path}?stand={shown}")
    assert staff.status_code == 200
    assert "Abmelden" in staff.get_data(as_text=True)
    with with_message.session_transaction() as session:
        session["_flashes"] = [("info", "Willkommen zurück")]
    message = with_message.get(f"{path}?stand={shown}")
    assert message.status_code == 200
    assert "Willkommen zurück" in message.get_data(as_text=True)
    # And the other anonymous phone still gets the anonymous page.
    later = phones[1].get(f"{path}?stand={shown}")
    assert later.get_data() == anonymous.get_data()
    assert "Willkommen" not in later.get_data(as_text=True)


def test_a_phone_without_javascript_reloads_the_current_standings(
    app: Flask, client: FlaskClient
) -> None:
    """No script, no ``stand``: each reload is a whole page of the state of now (after the
    moment a public page is shared for), whatever memory holds for the live pages."""
    tid, clock = _hall(app, client)
    app.config["PUBLIC_PAGE_SECONDS"] = 0
    path = f"/turniere/{tid}/stand"
    phones = [_phone(app, 1), _phone(app, 2)]
    shown = _following(app, phones, path)
    _save(app)
    clock.now += 60
    new = _token(phones[0].get(f"{path}?stand={shown}"))
    _save(app)
    reload = _phone(app, 3).get(path)
    assert reload.status_code == 200
    assert "<table" in reload.get_data(as_text=True)
    assert _token(reload) not in (shown, new)


def test_phones_that_ask_at_the_same_moment_wait_for_one_render(app: Flask) -> None:
    """Eight server threads miss the page of a new state at once: one renders it, the others
    wait for that render and get the same page."""
    pages = pages_by_state(app)
    started = threading.Barrier(8)
    rendering = threading.Event()
    results: list[Shared] = []

    def render() -> Shared:
        rendering.set()
        time.sleep(0.2)  # a big standings page takes a while
        return Shared("<html>Stand</html>", "tag", 30.0)

    def ask() -> None:
        started.wait()
        results.append(pages.render("/turniere/1/stand?#1.2.3", render))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert rendering.is_set()
    assert pages.renders == 1
    assert len(results) == 8
    assert all(result == results[0] for result in results)
