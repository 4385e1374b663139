"""Helpers for the web-app tests: CSRF tokens from pages, set-up and login as a browser would."""

from __future__ import annotations

import html
import json
import random
import re
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from argon2 import PasswordHasher
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import Select, select
from werkzeug.test import TestResponse

from rules_engine.simulate import random_list
from tests.support.server_processes import ROOT
from tournament import changes
from tournament.accounts import setup_code
from tournament.domain import score_lists
from tournament.extensions import db
from tournament.models import (
    AuditEvent,
    Player,
    Registration,
    Role,
    Round,
    Seat,
    Tournament,
    User,
)

USERNAME = "leitung"
PASSWORD = "Kreuz-Dame-2026"

_TOKEN = re.compile(
    r'name="csrf_token" type="hidden" value="([^"]+)"|'
    r'type="hidden" name="csrf_token" value="([^"]+)"'
)


def csrf_token(client: FlaskClient, path: str) -> str:
    """The token of the form on ``path``, as the browser would submit it."""
    page = client.get(path).get_data(as_text=True)
    match = _TOKEN.search(page)
    assert match, f"no CSRF token on {path}"
    return match.group(1) or match.group(2)


def post_form(client: FlaskClient, path: str, data: dict[str, str]) -> TestResponse:
    """Submit the form on ``path`` with a valid CSRF token."""
    return client.post(path, data={"csrf_token": csrf_token(client, path), **data})


def post_setup(client: FlaskClient, data: dict[str, str]) -> TestResponse:
    """The set-up form sent by the person at the server, who reads the set-up code there."""
    code = setup_code.announce(client.application) or ""
    return post_form(client, "/einrichten", {"setup_code": code, **data})


def set_up(client: FlaskClient, username: str = USERNAME, password: str = PASSWORD) -> TestResponse:
    return post_setup(
        client, {"username": username, "password": password, "password_repeated": password}
    )


def log_in(client: FlaskClient, username: str = USERNAME, password: str = PASSWORD) -> TestResponse:
    return post_form(client, "/anmelden", {"username": username, "password": password})


def log_out(client: FlaskClient) -> TestResponse:
    return client.post("/abmelden", data={"csrf_token": csrf_token(client, "/")})


# ------------------------------------------------------------------ tournament pages
# Helpers of test_app_tournaments, test_app_players, test_app_rounds and test_app_admin:
# forms are read from the page as a browser reads them (hidden fields such as ``version``
# included) and sent with what the user types or clicks.

#: Argon2 at its cheapest, which ``tests/support/apps.py`` gives the apps of the tests: a login
#: in every test stays fast, and no hash is upgraded at the login.
FAST_ARGON2 = {"time_cost": 1, "memory_cost": 8, "parallelism": 1}


def add_account(
    app: Flask,
    username: str = USERNAME,
    password: str = PASSWORD,
    role: Role = Role.TURNIERLEITUNG,
) -> int:
    """An account stored directly (no audit event); returns its id."""
    with app.app_context():
        user = User(
            username=username,
            password_hash=PasswordHasher(**FAST_ARGON2).hash(password),
            role=role,
        )
        db.session.add(user)
        db.session.commit()
        return user.id


def sign_in(app: Flask, client: FlaskClient, username: str = USERNAME) -> int:
    """A Turnierleitung account, signed in through the login page; returns its id."""
    user_id = add_account(app, username)
    assert log_in(client, username).status_code == 302
    return user_id


@dataclass
class PageForm:
    """A form of a page: where it goes and the values a browser would send by default."""

    action: str
    method: str
    fields: dict[str, str] = field(default_factory=dict)
    choices: dict[str, list[str]] = field(default_factory=dict)
    buttons: dict[str, str] = field(default_factory=dict)


class _FormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[PageForm] = []
        self._textarea: str | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.forms.append(PageForm(a.get("action", ""), a.get("method", "get").lower()))
            return
        if tag == "option" and self.forms and self._select is not None:
            form = self.forms[-1]
            form.choices.setdefault(self._select, []).append(a.get("value", ""))
            if "selected" in a or self._select not in form.fields:
                form.fields[self._select] = a.get("value", "")
            return
        if not self.forms or "name" not in a:
            return
        form, name = self.forms[-1], a["name"]
        kind = a.get("type", "submit" if tag == "button" else "text").lower()
        if tag == "textarea":
            self._textarea = name
            form.fields[name] = ""
        elif tag == "select":
            self._select = name
        elif tag in ("input", "button") and kind == "submit":
            form.buttons[name] = a.get("value", "")
        elif tag == "input" and kind in ("radio", "checkbox"):
            form.choices.setdefault(name, []).append(a.get("value", "on"))
            if "checked" in a:
                form.fields[name] = a.get("value", "on")
        elif tag == "input":
            form.fields[name] = a.get("value", "")

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self.forms[-1].fields[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea" and self._textarea is not None:
            # Browsers drop the newline right after <textarea>.
            text = self.forms[-1].fields[self._textarea]
            self.forms[-1].fields[self._textarea] = text.removeprefix("\r\n").removeprefix("\n")
            self._textarea = None
        elif tag == "select":
            self._select = None


def page_forms(page: str) -> list[PageForm]:
    parser = _FormParser()
    parser.feed(page)
    parser.close()
    return parser.forms


def form_on(page: str, action: str, path: str = "") -> PageForm:
    """The one form of ``page`` (shown at ``path``) that posts to ``action``."""
    found = [f for f in page_forms(page) if f.method == "post" and (f.action or path) == action]
    assert len(found) == 1, f"{len(found)} forms posting to {action}"
    return found[0]


def send(
    client: FlaskClient,
    page: str,
    action: str,
    data: dict[str, str] | None = None,
    *,
    button: str | None = None,
    follow: bool = False,
    path: str = "",
) -> TestResponse:
    """Fill in the form of ``page`` that posts to ``action`` and send it.

    ``data`` overrides what the page holds (what the user types or chooses); ``button``
    names the clicked submit button, which must be on the form. ``path`` is where the page
    was shown: a form without an action posts there.
    """
    form = form_on(page, action, path)
    values = dict(form.fields)
    for name, value in (data or {}).items():
        if name in form.choices:
            assert value in form.choices[name], f"{value!r} is no choice of {name}"
        values[name] = value
    if button is not None:
        assert button in form.buttons, f"no button {button} on the form"
        values[button] = form.buttons[button]
    return client.post(action, data=values, follow_redirects=follow)


def submit(
    client: FlaskClient,
    path: str,
    action: str | None = None,
    data: dict[str, str] | None = None,
    *,
    button: str | None = None,
    follow: bool = False,
) -> TestResponse:
    """Open ``path`` and send its form that posts to ``action`` (default: to ``path``)."""
    page = client.get(path)
    assert page.status_code == 200, f"GET {path}: {page.status_code}"
    return send(
        client,
        page.get_data(as_text=True),
        action or path,
        data,
        button=button,
        follow=follow,
        path=path,
    )


_FLASH = re.compile(r'<p class="flash flash-(\w+)"[^>]*>(.*?)</p>', re.S)


def flashes(page: str) -> list[str]:
    """The messages at the top of a page (and the preview's notice), as text."""
    return [_text(message) for _, message in _FLASH.findall(page)]


def field_errors(page: str, field_id: str) -> list[str]:
    """The messages shown right below one form field."""
    match = re.search(
        rf'<ul class="errors" id="{re.escape(field_id)}-fehler">(.*?)</ul>', page, re.S
    )
    if match is None:
        return []
    return [_text(item) for item in re.findall(r"<li>(.*?)</li>", match.group(1), re.S)]


def _text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup)).strip()


def create_tournament(
    client: FlaskClient,
    name: str = "Herbstturnier",
    *,
    rounds: int = 3,
    date: str = "2026-11-21",
) -> int:
    """A tournament created on the page ``/turniere/neu``; returns its id."""
    response = submit(
        client,
        "/turniere/neu",
        data={"name": name, "date": date, "venue": "Kiel", "rounds_planned": str(rounds)},
    )
    return created_tournament_id(response)


def post_new_tournament(client: FlaskClient, name: str, **fields: Any) -> Any:
    """Send the new-tournament form with ``fields`` besides a name, date and three rounds (a
    rule set, the day's settings); the response as it comes."""
    data: dict[str, Any] = {
        "csrf_token": csrf_token(client, "/turniere/neu"),
        "name": name,
        "date": "2026-11-21",
        "rounds_planned": "3",
        **fields,
    }
    return client.post("/turniere/neu", data=data)


def players_under(
    client: FlaskClient, count: int, *, name: str = "Regelabend", start: int = 1, **fields: Any
) -> int:
    """A tournament made by the new-tournament form with ``fields`` (a rule set, the day's
    settings) and ``count`` new players pasted (``player_names`` from ``start``); its id."""
    tid = created_tournament_id(post_new_tournament(client, name, **fields))
    paste_players(client, tid, "\n".join(player_names(count, start=start)))
    return tid


def running_under(
    client: FlaskClient, count: int, *, name: str = "Regelabend", start: int = 1, **fields: Any
) -> int:
    """``players_under``, and round 1 drawn (seed 5) and started; its id."""
    tid = players_under(client, count, name=name, start=start, **fields)
    draw_round(client, tid, seed=5)
    round_action(client, tid, 1, "starten")
    return tid


def created_tournament_id(response: Any) -> int:
    """The id of the tournament the new-tournament form's ``response`` made."""
    assert response.status_code == 302, response.get_data(as_text=True)
    found = re.fullmatch(r"/turniere/(\d+)/spieler/", response.headers["Location"])
    assert found, response.headers["Location"]
    return int(found.group(1))


def player_names(count: int, start: int = 1) -> list[str]:
    return [f"Spieler {number:03d}" for number in range(start, start + count)]


def preview(client: FlaskClient, tournament_id: int, text: str) -> TestResponse:
    """Paste ``text`` on the players page and press "Prüfen": the preview."""
    base = f"/turniere/{tournament_id}/spieler"
    return submit(client, f"{base}/", f"{base}/einfuegen", {"text": text})


def paste_players(
    client: FlaskClient,
    tournament_id: int,
    text: str,
    decisions: dict[str, str] | None = None,
) -> TestResponse:
    """Preview the pasted ``text``, then confirm it (with these decisions); followed."""
    page = preview(client, tournament_id, text)
    assert page.status_code == 200
    return send(
        client,
        page.get_data(as_text=True),
        f"/turniere/{tournament_id}/spieler/einfuegen",
        decisions,
        button="bestaetigen",
        follow=True,
    )


def draw_round(
    client: FlaskClient,
    tournament_id: int,
    *,
    seed: int | None = None,
    method: str = "random",
    separate_clubs: bool = False,
) -> TestResponse:
    """Draw the next round with the form of the tournament page; followed."""
    data = {"method": method, "seed": "" if seed is None else str(seed)}
    if separate_clubs:
        data["separate_clubs"] = "y"
    path = f"/turniere/{tournament_id}"
    return submit(client, path, f"{path}/runden/", data, follow=True)


def round_action(client: FlaskClient, tournament_id: int, number: int, action: str) -> TestResponse:
    """Press a button of the table plan: ``starten`` or ``abschliessen``; followed."""
    path = f"/turniere/{tournament_id}/runden/{number}"
    return submit(client, path, f"{path}/{action}", follow=True)


def snapshot(app: Flask) -> dict[str, object]:
    """Everything a refused request must leave as it was, to compare before and after."""
    with app.app_context():

        def rows(query: Select[Any]) -> list[tuple[Any, ...]]:
            return [tuple(row) for row in db.session.execute(query).all()]

        return {
            "tournaments": rows(
                select(
                    Tournament.id,
                    Tournament.name,
                    Tournament.date,
                    Tournament.rounds_planned,
                    Tournament.status,
                    Tournament.version,
                ).order_by(Tournament.id)
            ),
            "players": rows(
                select(Player.id, Player.name, Player.club, Player.ddv_number).order_by(Player.id)
            ),
            "registrations": rows(
                select(
                    Registration.id,
                    Registration.player_id,
                    Registration.start_number,
                    Registration.first_round,
                    Registration.withdrawn_after_round,
                    Registration.fixed_table,
                ).order_by(Registration.id)
            ),
            "rounds": rows(
                select(Round.id, Round.number, Round.status, Round.seed).order_by(Round.id)
            ),
            "seats": rows(
                select(Seat.id, Seat.registration_id, Seat.table_id, Seat.position).order_by(
                    Seat.id
                )
            ),
            "users": rows(
                select(User.id, User.username, User.password_hash, User.active).order_by(User.id)
            ),
            "audit": rows(select(AuditEvent.id).order_by(AuditEvent.id)),
        }


def complete_lists(app: Flask, tournament_id: int, number: int, *, seed: int = 1) -> None:
    """Store a complete, legal score list at every table of a round (the score-list service,
    with lists played card by card by the rules engine's simulator)."""
    with app.app_context():
        user = db.session.execute(select(User).order_by(User.id)).scalars().first()
        query = select(Round).where(Round.tournament_id == tournament_id, Round.number == number)
        round_ = db.session.execute(query).scalar_one()
        for table in round_.tables:
            players = tuple(str(seat.registration.start_number) for seat in table.seats)
            entries = random_list(random.Random(seed + table.number), players=players)["entries"]
            score_lists.replace_entries(table, entries, user)
        db.session.commit()


def others_can_write(database: str) -> bool:
    """Whether another connection gets SQLite's write lock on ``database`` at once."""
    other = sqlite3.connect(database, timeout=0, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("ROLLBACK")
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        other.close()


def audit_events(app: Flask, action: str) -> list[AuditEvent]:
    """The audit events of one action, oldest first, detached from the session."""
    with app.app_context():
        query = select(AuditEvent).where(AuditEvent.action == action).order_by(AuditEvent.id)
        events = list(db.session.execute(query).scalars())
        db.session.expunge_all()
        return events


def tournament_version(app: Flask, tournament_id: int) -> str:
    """The tournament's version as its pages carry it."""
    with app.app_context():
        query = select(Tournament.version).where(Tournament.id == tournament_id)
        return str(db.session.execute(query).scalar_one())


def command_line_draw(request_text: str) -> list[list[int]]:
    """The tables ``python -m tournament.draw`` draws from this request."""
    done = subprocess.run(
        [sys.executable, "-m", "tournament.draw"],
        input=request_text.encode(),
        capture_output=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    result = json.loads(done.stdout)
    return [[int(n) for n in table] for table in result["tables"]]


#: The state a live page shows, in its ``hx-vals`` (``{"stand": "..."}``).
LIVE_STATE = re.compile(r'"stand": "([^"]+)"')


def live_state(page: str) -> str:
    """The state a live page shows, to poll it with (``?stand=``)."""
    found = LIVE_STATE.search(page)
    assert found, f"the page carries no live state: {page[:500]}"
    return found.group(1)


def heard_of_write(app: Flask, before: int | None) -> None:
    """Wait until the app's change signal (``tournament.changes``) has moved on from
    ``before`` and is quiet again (on PostgreSQL the writing process moves on at its commit,
    and again when its listener, a thread, hears the notice)."""
    signal = changes.of(app)
    deadline = time.monotonic() + 5
    while signal.generation() in (before, None) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert signal.generation() not in (before, None), "the write was not heard of"
    quiet, last = 0, signal.generation()
    while quiet < 5 and time.monotonic() < deadline:
        time.sleep(0.02)
        now = signal.generation()
        quiet, last = (quiet + 1, now) if now == last else (0, now)
