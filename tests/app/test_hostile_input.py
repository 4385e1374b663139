"""Hostile input never gives a 5xx: every form field and every URL parameter of the app, on
SQLite and on PostgreSQL.

A tournament is built as on the day (players, a running round with a few games entered), so
that every form can be reached. Each page of every URL rule is opened as the Turnierleitung,
and the list pages also as the list-keeper with the table's code; the forms found there
(hidden fields and CSRF token included) are the targets, together with every POST rule that
no page shows a form for. Then

- every field of every form gets each of :data:`HOSTILE` in turn, the other fields as the
  page filled them in (a sweep: each field is reached, whatever hypothesis draws; the quick
  run of ``make check`` sends each field a quarter of them, in turn, so that every value still
  reaches a quarter of the fields);
- hypothesis sends random forms: any fields replaced by numbers of any size, floats, text of
  any script, control characters, lists of values, or left out;
- every URL parameter gets out-of-range and malformed values, every page hostile query
  arguments (in the quick run, a quarter of them in turn).

The CSRF token stays valid (only its own test replaces it): the fields behind it are what
is tried. Logging out would end the session the rest needs, so the logout form gets hostile
values only with a forged token.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from werkzeug.test import Cookie
from wtforms import IntegerField
from wtforms.validators import NumberRange

from rules_engine.simulate import random_list
from tests.support import apps
from tests.support.examples import examples, in_turn
from tests.support.spreadsheet_files import without_last_entry
from tests.support.webapp import (
    add_account,
    create_tournament,
    draw_round,
    field_errors,
    page_forms,
    paste_players,
    round_action,
    sign_in,
)
from tournament.domain import score_lists
from tournament.extensions import db
from tournament.models import Registration, Round, User
from tournament.web.forms import MAX_INTEGER, BoundedIntegerField, Form

BIG = "9" * 309
#: What every field gets in the sweep. ``None``: the field is left out; a list: sent twice.
HOSTILE: tuple[str | list[str] | None, ...] = (
    BIG,
    "-" + BIG,
    str(2**31),
    "١٢",  # Arabic-Indic digits: int() reads them
    "\x00",
    "[" * 5_000,  # nested beyond Python's recursion limit (the damaged-form test: 100,000)
    "x" * 20_000,
    "",
    ["1", "2"],
    None,
)
#: What a URL's number gets; each is a path segment.
HOSTILE_IDS = (BIG, str(2**31), str(2**63), "0", "-1", "1.5", "%00", "%C3%A4")
#: What a URL's text part (the table's code) gets.
HOSTILE_CODES = ("%00", "x" * 5000, "%C3%A4" * 50, "[" * 1000, "..", "%2F")
#: Query arguments the app reads (the log's page and kind, the login's target), hostile.
HOSTILE_QUERIES = (
    {"seite": BIG, "art": "\x00", "next": "//example.org"},
    {"seite": "-1", "art": "[" * 10_000, "next": "\x00"},
    {"seite": "١", "art": BIG, "next": "javascript:alert(1)"},
)
#: Destructive actions come last, so that the other forms find the list as it was.
LOGOUT = "/abmelden"
LAST = ("code-entziehen", "code-neu", "sperren", "zeit-abgelaufen", "abschliessen", "aktiv")


@dataclass
class Target:
    """A form to send: where it goes, as whom, and what its page filled in."""

    client: FlaskClient
    action: str
    fields: dict[str, str] = field(default_factory=dict)

    def send(self, values: dict[str, Any]) -> int:
        response = self.client.post(self.action, data=values)
        return response.status_code


@dataclass
class World:
    app: Flask
    leitung: FlaskClient
    keeper: FlaskClient
    targets: list[Target]
    get_urls: list[str]
    #: A valid value of each URL parameter.
    values: dict[str, str]


def _build(app: Flask) -> World:
    leitung = app.test_client()
    sign_in(app, leitung)
    other = add_account(app, "zweite")
    tid = create_tournament(leitung)
    names = [f"Spieler {n:02d}; Verein {n % 3}" for n in range(1, 10)]
    paste_players(leitung, tid, "\n".join(names))
    draw_round(leitung, tid, seed=5)
    round_action(leitung, tid, 1, "starten")
    with app.app_context():
        round_ = db.session.execute(
            select(Round).where(Round.tournament_id == tid, Round.number == 1)
        ).scalar_one()
        user = db.session.execute(select(User).order_by(User.id)).scalars().first()
        for table in round_.tables:
            players = tuple(str(seat.registration.start_number) for seat in table.seats)
            entries = random_list(random.Random(table.number), players=players)["entries"]
            score_lists.replace_entries(table, entries[:3], user)
        db.session.commit()
        code = round_.tables[0].access_code
        registration = db.session.execute(select(Registration.id)).scalars().first()
    keeper = app.test_client()
    values = {
        "tournament_id": str(tid),
        "number": "1",
        "table_number": "1",
        "entry": "1",
        "registration_id": str(registration),
        "user_id": str(other),
        "code": code,
        "event_id": "1",
    }
    targets: list[Target] = []
    get_urls: list[str] = []
    posts: set[str] = set()
    rules = sorted(app.url_map.iter_rules(), key=lambda rule: rule.rule)
    for rule in rules:
        if rule.endpoint == "static":
            continue
        url = _url(rule.rule, values)
        methods = rule.methods or set()
        if "POST" in methods:
            posts.add(url)
        if "GET" not in methods:
            continue
        get_urls.append(url)
        # The list-keeper has no account: what a visitor sees (the login, the code form), and
        # the list by its code; the Turnierleitung's list is the one of the staff's URL.
        # A list page shows the quick entry instead of the game form when asked to.
        shown_at = (
            [url, f"{url}?schnell=1"] if rule.endpoint.startswith("scorelists.page") else [url]
        )
        for page in shown_at:
            if not url.startswith("/tisch/"):
                targets += _forms_of(leitung, page)
            targets += _forms_of(keeper, page)
    targets += _previews(leitung, tid)
    shown = {(id(target.client), target.action) for target in targets}
    for url in sorted(posts - {LOGOUT}):
        client = keeper if url.startswith("/tisch/") else leitung
        if (id(client), url) in shown:
            continue
        # An action no page shows to this client: sent with the fields of the staff's form of
        # the same name, where there is one, and this client's token.
        suffix = url.rsplit("/", 1)[-1]
        like = [t.fields for t in targets if t.action.rsplit("/", 1)[-1] == suffix]
        token = next(t.fields["csrf_token"] for t in targets if t.client is client)
        targets.append(Target(client, url, {**(like[0] if like else {}), "csrf_token": token}))
    # One of each form (a player's withdrawal is every player's): by client, kind and fields.
    kinds = {(id(t.client), re.sub(r"/\d+", "/N", t.action), tuple(t.fields)): t for t in targets}
    targets = sorted(
        kinds.values(),
        key=lambda t: (t.client is leitung, any(word in t.action for word in LAST)),
    )
    return World(app, leitung, keeper, targets, get_urls, values)


def _url(rule: str, values: dict[str, str]) -> str:
    for name, value in values.items():
        rule = rule.replace(f"<int:{name}>", value).replace(f"<{name}>", value)
    return rule


def _forms_of(client: FlaskClient, url: str, page: str | None = None) -> list[Target]:
    if page is None:
        response = client.get(url)
        assert response.status_code < 500, url
        if response.status_code != 200 or response.mimetype != "text/html":
            return []
        page = response.get_data(as_text=True)
    # A choice nobody made (a radio button, a checkbox) is sent with its first option.
    return [
        Target(
            client,
            form.action or url,
            {
                **{name: options[0] for name, options in form.choices.items()},
                **form.fields,
                **form.buttons,
            },
        )
        for form in page_forms(page)
        if form.method == "post" and (form.action or url) != LOGOUT
    ]


def _previews(leitung: FlaskClient, tid: int) -> list[Target]:
    """The forms only a preview shows: a pasted player list's, an imported list's and an
    imported tournament's."""
    found: list[Target] = []
    # A known player pasted into another tournament: the preview asks who is meant.
    players = f"/turniere/{create_tournament(leitung, 'Zweites Turnier')}/spieler/"
    [paste] = [t for t in _forms_of(leitung, players) if t.action.endswith("/einfuegen")]
    pasted = {**paste.fields, "text": "Spieler 01; Verein 1\nNeu; Verein 2"}
    page = leitung.post(paste.action, data=pasted).get_data(as_text=True)
    confirm = _forms_of(leitung, paste.action, page)
    assert any("zeile-1" in t.fields for t in confirm), "no decision in the paste preview"
    found += confirm
    table = f"/turniere/{tid}/runden/1/tische/1/"
    for workbook, upload_url, sheet in (
        (table + "liste.xlsx", table + "einlesen", None),
        (f"/turniere/{tid}/turnier.xlsx", f"/turniere/{tid}/einlesen", "Runde 1"),
    ):
        [upload] = _forms_of(leitung, upload_url)
        # The export changed (it is the stored list: read back unchanged, nothing to confirm).
        changed = without_last_entry(leitung.get(workbook).data, sheet)
        data = {**upload.fields, "file": (io.BytesIO(changed), "liste.xlsx")}
        page = leitung.post(upload.action, data=data, content_type="multipart/form-data")
        confirm = _forms_of(leitung, upload.action, page.get_data(as_text=True))
        assert any(t.action.endswith("/bestaetigen") for t in confirm), f"no preview: {workbook}"
        found += confirm
    return found


@dataclass(frozen=True)
class SavedWorld:
    """A built world as it stood when built: its app's database and instance folder, each
    client's cookies, and the forms and pages found."""

    app: apps.Saved
    cookies: dict[str, list[Cookie]]
    targets: list[tuple[str, str, dict[str, str]]]
    get_urls: list[str]
    values: dict[str, str]


#: The world of each database, built by the first test that asks for it in this process (this
#: xdist worker) and copied for every other one: building it took more than each test's checks.
_SAVED: dict[str, SavedWorld] = {}


@pytest.fixture
def world(
    request: pytest.FixtureRequest,
    backend: str,
    instance_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[World]:
    saved = _SAVED.get(backend)
    if saved is None:
        app: Flask = request.getfixturevalue("app")
        _failures_as_pages(app)
        built = _build(app)
        _SAVED[backend] = _save(request, built, backend, tmp_path_factory.mktemp("world"))
        yield built
        return
    with apps.from_saved(request, saved.app, instance_dir, monkeypatch) as app:
        _failures_as_pages(app)
        yield _copy(saved, app)


def _failures_as_pages(app: Flask) -> None:
    # A failure is the 500 page, as a user would get it, so that the sweep lists them all.
    app.config["PROPAGATE_EXCEPTIONS"] = False


def _save(request: pytest.FixtureRequest, world: World, backend: str, folder: Path) -> SavedWorld:
    clients = {"leitung": world.leitung, "keeper": world.keeper}
    return SavedWorld(
        apps.save(request, world.app, backend, folder),
        {name: list((client._cookies or {}).values()) for name, client in clients.items()},
        [
            ("leitung" if t.client is world.leitung else "keeper", t.action, dict(t.fields))
            for t in world.targets
        ],
        list(world.get_urls),
        dict(world.values),
    )


def _copy(saved: SavedWorld, app: Flask) -> World:
    clients = {name: app.test_client() for name in saved.cookies}
    for name, cookies in saved.cookies.items():
        for cookie in cookies:
            clients[name].set_cookie(
                cookie.key,
                cookie.value,
                domain=cookie.domain,
                origin_only=cookie.origin_only,
                path=cookie.path,
            )
    return World(
        app,
        clients["leitung"],
        clients["keeper"],
        [Target(clients[name], action, dict(fields)) for name, action, fields in saved.targets],
        list(saved.get_urls),
        dict(saved.values),
    )


def _with(target: Target, name: str, value: str | list[str] | None) -> dict[str, Any]:
    values: dict[str, Any] = dict(target.fields)
    if value is None:
        values.pop(name, None)
    else:
        values[name] = value
    return values


def test_hostile_values_in_every_form_field_give_no_server_error(world: World) -> None:
    failures = []
    fields = [(t, name) for t in world.targets for name in t.fields if name != "csrf_token"]
    for turn, (target, name) in enumerate(fields):
        for value in in_turn(HOSTILE, turn):
            status = target.send(_with(target, name, value))
            if status >= 500:
                failures.append((target.action, name, repr(value)[:40], status))
    assert not failures, "\n".join(map(str, failures))
    # The logout form: its only field is the token.
    for value in HOSTILE:
        assert world.leitung.post("/abmelden", data={"csrf_token": value}).status_code == 400


def test_hostile_url_parameters_and_queries_give_no_server_error(world: World) -> None:
    failures = []
    for turn, url in enumerate(world.get_urls):
        for query in in_turn(HOSTILE_QUERIES, turn):
            for client in (world.leitung, world.keeper):
                status = client.get(url, query_string=query).status_code
                if status >= 500:
                    failures.append(("GET", url, str(query)[:40], status))
    turn = 0
    for rule in world.app.url_map.iter_rules():
        if rule.endpoint == "static" or not rule.arguments:
            continue
        for name in sorted(rule.arguments):
            hostile = HOSTILE_CODES if name == "code" else HOSTILE_IDS
            turn += 1
            for value in in_turn(hostile, turn):
                url = _url(rule.rule, {**world.values, name: value})
                for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
                    status = world.leitung.open(url, method=method).status_code
                    if status >= 500:
                        failures.append((method, url[:60], value[:20], status))
    assert not failures, "\n".join(map(str, failures))


_NUMBERS = st.integers().map(str) | st.integers(-(10**400), 10**400).map(str)
_VALUES = st.one_of(
    _NUMBERS,
    st.floats().map(repr),
    st.text(max_size=50),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=300),
    st.sampled_from([v for v in HOSTILE if v is not None]),
    st.lists(st.text(max_size=10), min_size=2, max_size=4),
    st.none(),
)


def test_random_hostile_forms_give_no_server_error(world: World) -> None:
    """Random values in random fields of random forms; some fields left out."""

    @settings(
        max_examples=examples(300),
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def send_random(data: st.DataObject) -> None:
        target = data.draw(st.sampled_from(world.targets))
        names = [name for name in target.fields if name != "csrf_token"] or ["x"]
        changes = data.draw(st.dictionaries(st.sampled_from(names), _VALUES, max_size=len(names)))
        values: dict[str, Any] = dict(target.fields)
        for name, value in changes.items():
            if value is None:
                values.pop(name, None)
            else:
                values[name] = value
        assert target.send(values) < 500, (target.action, changes)

    send_random()


def test_the_sweep_reaches_every_kind_of_form(world: World) -> None:
    """The targets include the forms that only a running round and a preview show."""
    actions = {target.action.rsplit("/", 1)[-1] for target in world.targets}
    assert {"spiel", "schnell", "strafe", "nachspielzeit", "bestaetigen", "einfuegen"} <= actions
    fields = {name for target in world.targets for name in target.fields}
    assert {"versions", "content", "confirmed", "version", "eyes", "value", "seed"} <= fields
    assert {"zeile-1", "bestaetigen", "re", "player", "winners", "offender"} <= fields
    assert any(t.client is world.keeper for t in world.targets)


def test_a_number_beyond_the_database_is_a_field_error(world: World) -> None:
    """Not a 500, not an overflow in the database: the field's own range, next to it."""
    [create] = [t for t in world.targets if t.action == "/turniere/neu"]
    response = world.leitung.post(create.action, data=_with(create, "rounds_planned", BIG))
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert field_errors(page, "rounds_planned") == ["Zwischen 1 und 20 Runden."]
    [edit] = [t for t in world.targets if t.action == "/turniere/1/spieler/1"]
    response = world.leitung.post(edit.action, data=_with(edit, "fixed_table", "-" + BIG))
    errors = field_errors(response.get_data(as_text=True), "fixed_table")
    assert len(errors) == 1 and errors[0].startswith("Ein Tisch von 1 bis")


def test_a_damaged_hidden_field_is_a_400_asking_to_reload(world: World) -> None:
    [confirm] = [t for t in world.targets if t.action.endswith("/tische/1/einlesen/bestaetigen")]
    for damaged in ("[" * 100_000, "{" * 9 + "}" * 9, "kein JSON", '{"1": 1'):
        response = world.leitung.post(confirm.action, data=_with(confirm, "versions", damaged))
        assert response.status_code == 400
        assert "Das Formular kam beschädigt an" in response.get_data(as_text=True)
    # As the preview filled it in, the same form is taken.
    assert world.leitung.post(confirm.action, data=confirm.fields).status_code == 302


class _Plain(Form):
    """A form with an integer field of no range of its own."""

    count = IntegerField("Anzahl")
    seed = IntegerField("Startwert", validators=[NumberRange(0, 10**12)])


@pytest.mark.sqlite_only
@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("count", str(MAX_INTEGER), None),
        ("count", str(-MAX_INTEGER), None),
        ("count", str(MAX_INTEGER + 1), f"Eine Zahl von {-MAX_INTEGER} bis {MAX_INTEGER}."),
        ("count", "-" + BIG, f"Eine Zahl von {-MAX_INTEGER} bis {MAX_INTEGER}."),
        ("seed", str(10**12), None),  # its own range is wider than the database's integer
        ("seed", BIG, "Eine Zahl von 0 bis 1000000000000."),
    ],
)
def test_every_integer_field_is_bounded(
    app: Flask, field: str, value: str, error: str | None
) -> None:
    """A form's IntegerField is kept within its NumberRange, without one within PostgreSQL's
    integer: a field error, whatever the form's author wrote."""
    with app.test_request_context(method="POST", data={field: value}):
        form = _Plain(meta={"csrf": False})
        form.validate()
        assert form.errors.get(field, [None]) == [error]
        assert isinstance(form[field], BoundedIntegerField)
