"""The Protokoll as a Turnierleiter reads it: real actions through the app, then their German
sentences with names, the filters, the before/after page, and events that name objects no
longer there or hold values that are no JSON object; on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import insert, select

from tests.support.apps import statements_seen
from tests.support.examples import examples
from tests.support.protokoll import ROW, changes, links
from tests.support.scorelist_pages import (
    confirm,
    enter,
    normal_game,
    penalty_saved,
    post_form,
    table_info,
)
from tests.support.webapp import (
    USERNAME,
    create_tournament,
    log_in,
    log_out,
    paste_players,
    send,
    submit,
)
from tournament.audit.describe import (
    Change,
    EventData,
    Lookups,
    RegistrationInfo,
    RoundInfo,
    TableInfo,
    describe,
)
from tournament.domain import audit_log as audit
from tournament.extensions import db
from tournament.models import AuditEvent, Registration, User, utcnow


def sentences(client: FlaskClient, query: str = "") -> list[str]:
    """The sentences of the log page, newest first."""
    response = client.get(f"/protokoll{query}")
    assert response.status_code == 200, query
    return [html.unescape(text) for _, text in ROW.findall(response.get_data(as_text=True))]


def _press(client: FlaskClient, tid: int, action: str) -> None:
    base = f"/turniere/{tid}/runden/1"
    page = client.get(f"{base}/uebersicht").get_data(as_text=True)
    assert send(client, page, f"{base}/{action}", follow=True).status_code == 200


# ------------------------------------------------------------------ real actions


def test_a_corrected_game_reads_with_names_augen_and_points(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    names = info["names"]
    enter(client, info, normal_game(info))
    enter(client, info, normal_game(info, (1, 2), 200))
    url = info["url"] + "eintrag/1"
    preview = post_form(client, url, url, {**normal_game(info), "eyes": "90"})
    assert confirm(client, preview, url, url).status_code == 302
    table = f"Tisch {info['number']}, Runde 1"
    log = sentences(client)
    # 130 Augen: Re won (+1 each); 90 Augen: Re lost against the Kreuz-Damen (-2 each).
    assert log[0] == (
        f"{table}: Spiel 1 korrigiert von {USERNAME}: Re 130 → 90 Augen; Punkte +1/−1 → −2/+2"
    )
    assert log[1] == (
        f"{table}: Spiel 2 eingetragen von {USERNAME}: Normalspiel; Re: {names[1]}, {names[2]}; "
        "Re 200 Augen; Punkte +3/−3"
    )
    assert log[2].startswith(f"{table}: Spiel 1 eingetragen von {USERNAME}: Normalspiel; ")
    changed, unchanged = changes(client, links(client)[log[0]])
    assert ("Augen Re", "130", "90") in changed
    for position, name in enumerate(names):
        before, after = ("+1", "−2") if position < 2 else ("−1", "+2")
        assert (f"Punkte {name}", before, after) in changed
    assert ("Re", f"{names[0]}, {names[1]}") in unchanged
    assert ("Art", "Normalspiel") in unchanged
    assert ("Geber", names[0]) in unchanged


def test_every_kind_of_action_reads_as_a_german_sentence(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    tid = running["tid"]
    info = table_info(app, tid, 4)
    names, table = info["names"], f"Tisch {info['number']}, Runde 1"
    enter(client, info, normal_game(info))
    delete = info["url"] + "eintrag/1/loeschen"
    assert post_form(client, info["url"], delete, {}).status_code == 302
    assert penalty_saved(client, info["url"], "geringfuegig", info["keys"][2], 0) == ""
    screen = info["url"] + "nachspielzeit"
    post_form(client, screen, screen, {"minutes": "5", "reason": "Reklamation"})
    _press(client, tid, f"tische/{info['number']}/sperren")
    _press(client, tid, f"tische/{info['number']}/code-neu")
    submit(client, f"/turniere/{tid}/bearbeiten", data={"rounds_planned": "5"})
    log = sentences(client)
    by = f"von {USERNAME}"
    assert log[:7] == [
        f"Turnier „Herbstturnier“: Angaben geändert {by}: Runden geplant 3 → 5",
        f"{table}: neuer Tischcode ausgegeben {by}",
        f"{table}: Liste für den Tischcode gesperrt {by}",
        f"{table}: Nachspielzeit (Eintrag 2) eingetragen {by}: 5 Minuten; Reklamation",
        f"{table}: Strafpunkte (Eintrag 1) eingetragen {by}: gegen {names[2]}; "
        "geringfügiger Regelverstoß",
        f"{table}: Spiel 1 gelöscht {by}: Normalspiel; Re: {names[0]}, {names[1]}; "
        "Re 130 Augen; Punkte +1/−1",
        f"{table}: Spiel 1 eingetragen {by}: Normalspiel; Re: {names[0]}, {names[1]}; "
        "Re 130 Augen; Punkte +1/−1",
    ]
    rest = log[7:]
    assert rest[0] == f"Runde 1: gestartet {by}"
    assert rest[1].startswith(f"Runde 1: ausgelost {by}: 2 Tische; keine wiederholten Begegnungen")
    with app.app_context():
        first = db.session.execute(
            select(Registration).where(Registration.start_number == 1)
        ).scalar_one()
        first_name = first.player.name
    assert rest[-3:] == [
        f"{first_name} (Nr. 1): angemeldet {by}: Verein Verein 0; spielt ab Runde 1",
        f"Turnier „Herbstturnier“: angelegt {by}: Datum 21.11.2026; Ort Kiel; Runden geplant 3; "
        "Regelwerk DDV-Turnierspielregeln",
        f"Konto {USERNAME}: am System angemeldet",
    ]
    assert not any(re.search(r"#\d|round_table|registration|_entry", s) for s in log)
    # The draw's tables by name on its before/after page.
    draw = links(client)[rest[1]]
    changed, _ = changes(client, draw)
    tables_row = next(row for row in changed if row[0] == "Tische")
    assert f"Tisch {info['number']}: {', '.join(names)}" in tables_row[2]


def test_registrations_and_accounts_read_with_names(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    tid = running["tid"]
    with app.app_context():
        registration = db.session.execute(
            select(Registration).where(
                Registration.tournament_id == tid, Registration.start_number == 9
            )
        ).scalar_one()
        rid, name = registration.id, registration.player.name
    page = f"/turniere/{tid}/spieler/{rid}"
    submit(client, page, page, data={"club": "SG Köln", "fixed_table": "2"})
    log = sentences(client)
    assert log[0] == (
        f"{name} (Nr. 9): Anmeldung geändert von {USERNAME}: "
        "Verein Verein 2 → SG Köln; fester Tisch – → Tisch 2"
    )
    changed, _ = changes(client, links(client)[log[0]])
    assert changed == [("Verein", "Verein 2", "SG Köln"), ("fester Tisch", "–", "Tisch 2")]
    log_out(client)
    assert log_in(client).status_code == 302
    assert sentences(client)[:2] == [
        f"Konto {USERNAME}: am System angemeldet",
        f"Konto {USERNAME}: vom System abgemeldet",
    ]


# ------------------------------------------------------------------ filters and paging


def test_filters_by_kind_and_tournament_in_german(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    tid = running["tid"]
    info = table_info(app, tid, 4)
    enter(client, info, normal_game(info))
    _press(client, tid, f"tische/{info['number']}/sperren")
    other = create_tournament(client, "Zweites Turnier")
    paste_players(client, other, "Anna Schmidt\nBernd Meier")
    page = client.get("/protokoll").get_data(as_text=True)
    assert re.findall(r'<option value="(\w*)"[^>]*>([^<]*)</option>', page)[:7] == [
        ("", "alle Einträge"),
        ("anmeldungen", "Anmeldungen"),
        ("runden", "Runden und Auslosung"),
        ("listen", "Listen und Spiele"),
        ("tische", "Tische (Codes, Sperren)"),
        ("konten", "Konten und Anmeldungen am System"),
        ("turnier", "Turnier"),
    ]
    assert f'<option value="{other}">Zweites Turnier</option>' in page
    table = f"Tisch {info['number']}, Runde 1"
    assert [s.split(":")[0] for s in sentences(client, "?art=listen")] == [table]
    assert sentences(client, "?art=tische") == [
        f"{table}: Liste für den Tischcode gesperrt von {USERNAME}"
    ]
    assert [s.split(":")[0] for s in sentences(client, "?art=runden")] == ["Runde 1"] * 2
    assert sentences(client, "?art=konten") == [f"Konto {USERNAME}: am System angemeldet"]
    assert sentences(client, f"?art=konten&turnier={tid}") == sentences(client, "?art=konten")
    assert len(sentences(client, f"?art=anmeldungen&turnier={tid}")) == 9
    assert [s.split(":")[0] for s in sentences(client, f"?art=anmeldungen&turnier={other}")] == [
        "Bernd Meier (Nr. 2)",
        "Anna Schmidt (Nr. 1)",
    ]
    assert sentences(client, f"?turnier={other}&art=turnier") == [
        f"Turnier „Zweites Turnier“: angelegt von {USERNAME}: "
        "Datum 21.11.2026; Ort Kiel; Runden geplant 3; Regelwerk DDV-Turnierspielregeln"
    ]
    for garbage in ("registration", "<script>", "9" * 400):
        assert len(sentences(client, f"?art={garbage}")) == len(sentences(client))
        assert len(sentences(client, f"?turnier={garbage}")) == len(sentences(client))
    assert sentences(client, "?turnier=99999") == []


def test_paging_keeps_the_filters(app: Flask, client: FlaskClient, running: dict[str, Any]) -> None:
    tid = running["tid"]
    with app.app_context():
        user = db.session.execute(select(User)).scalars().first()
        for _ in range(audit.AUDIT_PAGE_SIZE + 5):
            audit.record(user, "update", "tournament", tid, old={"venue": "A"}, new={"venue": "B"})
        db.session.commit()
    page = client.get(f"/protokoll?art=turnier&turnier={tid}").get_data(as_text=True)
    assert f'href="/protokoll?seite=2&amp;art=turnier&amp;turnier={tid}"' in page
    second = sentences(client, f"?seite=2&art=turnier&turnier={tid}")
    assert second[-1].startswith("Turnier „Herbstturnier“: angelegt")
    assert len(second) == 6


# ------------------------------------------------------------------ what is gone or odd


def _insert(app: Flask, **values: Any) -> None:
    with app.app_context():
        row = {
            "user_id": None,
            "at": utcnow(),
            "object_id": None,
            "old_value": None,
            "new_value": None,
            **values,
        }
        db.session.execute(insert(AuditEvent), [row])
        db.session.commit()


def test_unknown_objects_and_unreadable_values_still_render(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    for object_type, action in (
        ("round_table", "add_list_entry"),
        ("round", "start"),
        ("registration", "withdraw"),
        ("tournament", "update"),
        ("user", "login"),
        ("probe", "something_new"),
    ):
        _insert(app, object_type=object_type, action=action, object_id=99999)
    _insert(app, object_type="round_table", action="correct_list_entry", old_value="{kaputt")
    _insert(app, object_type="registration", action="update", new_value="[1, 2]")
    _insert(
        app,
        object_type="round_table",
        action="add_list_entry",
        new_value='{"entry": 3, "record": {"kind": "game", "type": "solo", "re": "x"}}',
    )
    _insert(
        app,
        object_type="registration",
        action="reinstate",
        old_value='{"withdrawn_after_round": 2}',
        new_value='{"withdrawn_after_round": null, "first_round": 3}',
    )
    log = sentences(client)
    assert log[:10] == [
        "Anmeldung #?: wieder aufgenommen",
        "Tisch #?: Spiel 3 eingetragen: Lustsolo; Re: –; Re – Augen",
        "Anmeldung #?: Anmeldung geändert",
        "Tisch #?: Eintrag ? korrigiert",
        "probe #99999: Änderung „something_new“",
        "Konto #99999: am System angemeldet",
        "Turnier #99999: Angaben geändert",
        "Anmeldung #99999: zurückgezogen: nach Runde –",
        "Runde #99999: gestartet",
        "Tisch #99999: Eintrag ? eingetragen",
    ]
    found = links(client)
    changed, _ = changes(client, found["Tisch #?: Eintrag ? korrigiert"])
    assert changed == [("Eintrag", "nicht lesbar: {kaputt", "")]
    changed, _ = changes(client, found["Anmeldung #?: Anmeldung geändert"])
    assert changed == [("Eintrag", "", "nicht lesbar: [1, 2]")]
    changed, _ = changes(client, found["Anmeldung #?: wieder aufgenommen"])
    assert changed == [("spielt ab Runde", "–", "3"), ("zurückgezogen nach Runde", "2", "–")]
    for path in found.values():
        assert client.get(path).status_code == 200
    assert client.get("/protokoll/99999999").status_code == 404


def test_a_page_of_events_takes_the_same_queries_for_few_and_many(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    enter(client, info, normal_game(info))
    few = _queries(app, client)
    for _ in range(3):
        enter(client, info, normal_game(info, (1, 2), 200))
    _press(client, running["tid"], f"tische/{info['number']}/sperren")
    _press(client, running["tid"], f"tische/{info['number'] + 1}/sperren")
    assert _queries(app, client) == few


def _queries(app: Flask, client: FlaskClient) -> int:
    with statements_seen(app) as statements:
        assert client.get("/protokoll").status_code == 200
    return len(statements)


# ------------------------------------------------------------------ the pure function


def test_describe_is_a_function_of_the_event_and_what_was_looked_up() -> None:
    game = {"kind": "game", "type": "normal", "dealer": "1", "re": ["2", "4"], "re_eyes": 121}
    game |= {"re_tricks": 6, "calls": {"re": None, "kontra": None}}
    corrected = {**game, "re_eyes": 119, "re_tricks": 5}
    data = EventData(
        id=1,
        at=utcnow(),
        user_id=7,
        action="correct_list_entry",
        object_type="round_table",
        object_id=24,
        old_value=f'{{"entry": 14, "record": {_json(game)}}}',
        new_value=f'{{"entry": 14, "record": {_json(corrected)}, "version": 30}}',
    )
    players = (("1", "Anna"), ("2", "Ben"), ("3", "Cem"), ("4", "Dana"))
    lookups = Lookups(
        users={7: "Erika"},
        tournaments={5: "Stadtmeisterschaft"},
        rounds={},
        tables={24: TableInfo(3, 2, 5, players)},
        registrations={},
        start_numbers={},
    )
    described = describe(data, lookups)
    assert described.sentence == (
        "Tisch 3, Runde 2: Spiel 14 korrigiert von Erika: Re 121 → 119 Augen; Punkte +1/−1 → −2/+2"
    )
    assert described.tournament == "Stadtmeisterschaft"
    gone = describe(data, Lookups(rounds={24: RoundInfo(1, 5)}))
    assert gone.sentence.startswith("Tisch #24: Spiel 14 korrigiert von Konto #7: Re 121 → 119")


def _json(value: dict[str, Any]) -> str:
    return json.dumps(value)


@pytest.mark.parametrize(
    ("old", "new"), [("{", None), ("null", "3"), ('{"a": {"b": [1, {"c": null}]}}', '"x"')]
)
def test_any_stored_value_is_described(old: str | None, new: str | None) -> None:
    data = EventData(1, utcnow(), None, "update", "tournament", None, old, new)
    assert describe(data, Lookups()).sentence.startswith("Turnier #?: Angaben geändert")


_PLAYERS = (("1", "Anna"), ("2", "Ben"), ("3", "Cem"), ("4", "Dana"))
_LOOKUPS = Lookups(
    users={7: "Erika", 8: "schiri"},
    tournaments={5: "Stadtmeisterschaft"},
    rounds={40: RoundInfo(2, 5)},
    tables={24: TableInfo(3, 2, 5, _PLAYERS)},
    registrations={11: RegistrationInfo("Anna", 1, 5)},
    start_numbers={5: dict(_PLAYERS)},
)
_QUICK_SOLO = (
    '{"entry": 5, "via": "Tischcode", "record": {"kind": "game", "quick": true, "type": "solo", '
    '"pflicht": false, "points": {"1": 6, "2": -2, "3": -2, "4": -2}, "winners": ["1"], '
    '"player": "1", "dealer": "4"}}'
)


@pytest.mark.parametrize(
    ("user", "action", "kind", "object_id", "old", "new", "sentence"),
    [
        (
            7,
            "replace_list",
            "round_table",
            24,
            '{"entries": 3, "totals": {"1": 0, "2": 0, "3": 0, "4": 0}}',
            '{"entries": 24, "totals": {"1": 12, "2": -4, "3": -4, "4": -4}, "version": 9}',
            "Tisch 3, Runde 2: ganze Liste neu eingetragen von Erika: 3 → 24 Einträge",
        ),
        (
            7,
            "import_lists",
            "tournament",
            5,
            None,
            '{"tables": ["R1/T3", "R2/T1"]}',
            "Turnier „Stadtmeisterschaft“: Listen aus einer Datei eingelesen von Erika: "
            "Tisch 3, Runde 1; Tisch 1, Runde 2",
        ),
        (
            7,
            "time_up",
            "round",
            40,
            None,
            '{"time_up_at": "2026-11-25 20:00:00.5+00:00"}',
            "Runde 2: Zeit abgelaufen ausgerufen von Erika",
        ),
        (
            7,
            "create",
            "user",
            8,
            None,
            '{"role": "schiedsrichter", "username": "schiri"}',
            "Konto schiri: angelegt von Erika: Rolle Schiedsrichter",
        ),
        (
            7,
            "update",
            "user",
            8,
            '{"active": true}',
            '{"active": false}',
            "Konto schiri: gesperrt von Erika",
        ),
        (7, "password", "user", 8, None, None, "Konto schiri: Passwort geändert von Erika"),
        (
            7,
            "withdraw",
            "registration",
            11,
            '{"withdrawn_after_round": null}',
            '{"withdrawn_after_round": 2}',
            "Anna (Nr. 1): zurückgezogen von Erika: nach Runde 2",
        ),
        (
            None,
            "add_list_entry",
            "round_table",
            24,
            None,
            _QUICK_SOLO,
            "Tisch 3, Runde 2: Spiel 5 eingetragen über den Tischcode: Lustsolo; "
            "Pluspunkte: Anna; Punkte +6/−2",
        ),
        (
            7,
            "add_list_entry",
            "round_table",
            24,
            None,
            '{"entry": 20, "record": {"kind": "time_up", "being_dealt": false}}',
            "Tisch 3, Runde 2: Zeit abgelaufen (Eintrag 20) eingetragen von Erika: "
            "ein Spiel wurde gerade gegeben: nein",
        ),
        (
            7,
            "renew_code",
            "round_table",
            24,
            '{"had_code": true}',
            "{}",
            "Tisch 3, Runde 2: neuer Tischcode ausgegeben von Erika",
        ),
        (
            7,
            "update",
            "tournament",
            5,
            '{"date": "2026-05-01"}',
            '{"date": "2026-05-02"}',
            "Turnier „Stadtmeisterschaft“: Angaben geändert von Erika: "
            "Datum 01.05.2026 → 02.05.2026",
        ),
    ],
)
def test_each_recorded_action_has_its_sentence(
    user: int | None,
    action: str,
    kind: str,
    object_id: int,
    old: str | None,
    new: str | None,
    sentence: str,
) -> None:
    data = EventData(1, utcnow(), user, action, kind, object_id, old, new)
    assert describe(data, _LOOKUPS).sentence == sentence


def test_the_before_and_after_of_values_read_as_german() -> None:
    moment = "2026-11-25 20:00:00.5+00:00"
    data = EventData(1, utcnow(), 7, "time_up", "round", 40, None, f'{{"time_up_at": "{moment}"}}')
    local = dt.datetime.fromisoformat(moment).astimezone().strftime("%d.%m.%Y %H:%M")
    assert describe(data, _LOOKUPS).changes == (Change("Zeit abgelaufen um", "–", local),)
    penalty = (
        '{"entry": 2, "record": {"kind": "penalty", "category": "geringfuegig", "offender": "3", '
        '"phase": "hochzeit_allein", "absagen": 0, "harms_soloist": false, "deduction": 0, '
        '"signed_by": "Erika"}}'
    )
    data = EventData(1, utcnow(), 7, "delete_list_entry", "round_table", 24, penalty, "{}")
    described = describe(data, _LOOKUPS)
    assert described.sentence == (
        "Tisch 3, Runde 2: Strafpunkte (Eintrag 2) gelöscht von Erika: gegen Cem; "
        "geringfügiger Regelverstoß"
    )
    assert described.changes == (
        Change("Art", "Strafpunkte", "–"),
        Change("Verstoß", "geringfügiger Regelverstoß (TSR 9.3)", "–"),
        Change("Verursacher", "Cem", "–"),
        Change("Spielphase", "Hochzeit allein gespielt", "–"),
        Change("Absagen", "0", "–"),
        Change("schadet dem Solisten", "nein", "–"),
        Change("Abzug", "0", "–"),
        Change("abgezeichnet von", "Erika", "–"),
    )
    data = EventData(
        1, utcnow(), 7, "update", "registration", 11, '{"fixed_table": null}', '{"fixed_table": 4}'
    )
    assert describe(data, _LOOKUPS).changes == (Change("fester Tisch", "–", "Tisch 4"),)


def test_events_of_older_shapes_still_read() -> None:
    """A deletion that stored only the list's version after it; a registration with the
    tournament's version and an empty DDV number."""
    game = '{"kind": "game", "type": "normal", "re": ["1", "2"], "re_eyes": 150, "dealer": "4"}'
    deleted = EventData(
        1,
        utcnow(),
        7,
        "delete_list_entry",
        "round_table",
        24,
        f'{{"entry": 3, "record": {game}}}',
        '{"version": 12}',
    )
    assert describe(deleted, _LOOKUPS).sentence == (
        "Tisch 3, Runde 2: Spiel 3 gelöscht von Erika: Normalspiel; Re: Anna, Ben; Re 150 Augen"
    )
    registered = EventData(
        2,
        utcnow(),
        7,
        "register",
        "registration",
        11,
        None,
        '{"club": "", "ddv_number": "", "fixed_table": null, "name": "Anna", '
        '"start_number": 1, "version": 4}',
    )
    described = describe(registered, _LOOKUPS)
    assert described.sentence == "Anna (Nr. 1): angemeldet von Erika"
    assert [c.label for c in described.changes] == [
        "Name",
        "Verein",
        "DDV-Nr.",
        "Startnummer",
        "fester Tisch",
    ]


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_GAME_FIELDS = st.fixed_dictionaries(
    {"kind": st.sampled_from(["game", "penalty", "nachspielzeit", "time_up", 3])},
    optional={
        key: _JSON | st.sampled_from(["1", "2", ["1", "2"], 121, "solo", True])
        for key in (
            "type",
            "quick",
            "pflicht",
            "solo",
            "re",
            "re_eyes",
            "re_tricks",
            "calls",
            "specials",
            "points",
            "winners",
            "player",
            "dealer",
            "offender",
            "category",
            "minutes",
            "being_dealt",
        )
    },
)


@settings(max_examples=examples(300), deadline=None)
@given(
    action=st.sampled_from(
        ["add_list_entry", "correct_list_entry", "delete_list_entry", "replace_list", "draw"]
    ),
    kind=st.sampled_from(["round_table", "round", "registration", "tournament", "user"]),
    old=_GAME_FIELDS | _JSON,
    new=_GAME_FIELDS | _JSON,
    wrap=st.booleans(),
)
def test_any_stored_shape_is_described_without_an_error(
    action: str, kind: str, old: Any, new: Any, wrap: bool
) -> None:
    if wrap:
        old, new = {"entry": 1, "record": old, "totals": old}, {"record": new, "tables": new}
    data = EventData(1, utcnow(), 7, action, kind, 24, json.dumps(old), json.dumps(new))
    described = describe(data, _LOOKUPS)
    assert described.sentence
