"""The Schiedsrichter's screens on a table's list: Strafpunkte (TSR 9), Nachspielzeit
(TSR 8.5.1) and time up (TSR 8.5.3), each its own page; who may open which, what they show
before saving, what a refusal keeps, and the header's links to them; over HTTP on SQLite and
PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

from flask import Flask, render_template
from flask.testing import FlaskClient
from sqlalchemy import select, update

from tests.support.scorelist_pages import (
    enter,
    entries,
    normal_game,
    post_form,
    table_info,
    totals,
)
from tests.support.webapp import (
    add_account,
    audit_events,
    create_tournament,
    draw_round,
    field_errors,
    flashes,
    form_on,
    log_in,
    paste_players,
    player_names,
    sign_in,
)
from tournament.domain import list_sheet
from tournament.domain.score_lists import Actor
from tournament.extensions import db
from tournament.models import Role, Round, RoundTable, User
from tournament.scorelists.referee import referee_links
from tournament.scorelists.routes import ListAccess

SCREENS = {
    "strafe": "Strafpunkte",
    "nachspielzeit": "Nachspielzeit",
    "zeit-abgelaufen": "Zeit abgelaufen",
}


def penalty_data(
    offender: str, category: str = "geringfuegig", deduction: int = 0
) -> dict[str, str]:
    return {
        "category": category,
        "offender": offender,
        "phase": "normal",
        "absagen": "0",
        "deduction": str(deduction),
    }


def checked(client: FlaskClient, screen: str, data: dict[str, str]) -> Any:
    """The penalty screen after "Verteilung prüfen" with ``data``."""
    response = post_form(client, screen, screen, data)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response


def call_time(app: Flask) -> None:
    """The 100 minutes are over and the Turnierleitung has called time."""
    with app.app_context():
        round_ = db.session.execute(select(Round)).scalar_one()
        round_.started_at = round_.started_at - dt.timedelta(minutes=101)
        round_.time_up_at = round_.started_at + dt.timedelta(minutes=100)
        db.session.commit()


def test_staff_open_each_screen_with_its_form_and_the_way_back(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    add_account(app, "schiri", role=Role.SCHIEDSRICHTER)
    schiri = app.test_client()
    assert log_in(schiri, "schiri").status_code == 302
    for staff in (client, schiri):
        for screen, title in SCREENS.items():
            url = info["url"] + screen
            response = staff.get(url)
            assert response.status_code == 200, url
            page = response.get_data(as_text=True)
            assert f"<h1>{title} · Tisch {info['number']}</h1>" in page
            form_on(page, url, url)
            back = re.search(
                r'<a class="button back-link" href="([^"]+)">Zurück zur Liste</a>', page
            )
            assert back is not None and back.group(1) == info["url"]


def test_the_list_keeper_may_not_open_penalty_or_nachspielzeit(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    keeper = app.test_client()
    page = keeper.get(info["code_url"]).get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    assert token is not None
    for screen in ("strafe", "nachspielzeit"):
        url = info["code_url"] + screen
        assert keeper.get(url).status_code == 403
        data = {"csrf_token": token.group(1), "version": "1", **penalty_data(info["keys"][0])}
        assert keeper.post(url, data=data).status_code == 403
    assert entries(app, info["number"]) == []


def test_the_penalty_screen_shows_the_distribution_and_names_it_when_saved_tsr_9_3(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    screen = info["url"] + "strafe"
    offender = info["keys"][1]
    page = checked(client, screen, penalty_data(offender)).get_data(as_text=True)
    preview = page[page.index('id="strafe-form-vorschau"') : page.index('id="strafe-form"')]
    points = [
        re.sub(r"<[^>]+>", "", each)
        for each in re.findall(
            r'<span class="pp">(.+?)</span>\s*(?=<span class="pp">|</p>)', preview
        )
    ]
    # TSR 9.3: the offender -3, each other player +1.
    assert points == [
        f"{name} {-3 if key == offender else 1:+d}"
        for key, name in zip(info["keys"], info["names"], strict=True)
    ]
    assert "Strafe speichern" in preview
    assert entries(app, info["number"]) == []
    form = form_on(page, screen, screen)
    assert client.post(screen, data=dict(form.fields)).status_code == 302
    listed = client.get(info["url"]).get_data(as_text=True)
    distribution = "; ".join(points)
    assert flashes(listed) == [
        f"Strafe gegen {info['names'][1]} gespeichert: geringfügiger Regelverstoß (TSR 9.3); "
        f"{distribution}."
    ]
    assert totals(app, info["number"]) == [-3 if k == offender else 1 for k in info["keys"]]


def test_a_penalty_changed_after_its_check_is_checked_again_not_saved(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    """Without JavaScript the page cannot reset the check: the form's fingerprint does."""
    info = table_info(app, running["tid"], 4)
    screen = info["url"] + "strafe"
    page = checked(client, screen, penalty_data(info["keys"][0])).get_data(as_text=True)
    values = dict(form_on(page, screen, screen).fields)
    assert values["confirmed"]
    values["offender"] = info["keys"][3]
    again = client.post(screen, data=values)
    assert again.status_code == 200
    assert entries(app, info["number"]) == []
    text = again.get_data(as_text=True)
    assert f"gegen {info['names'][3]}" in text
    form = form_on(text, screen, screen)
    assert client.post(screen, data=dict(form.fields)).status_code == 302
    assert totals(app, info["number"])[3] == -3


def test_a_refused_penalty_keeps_the_input_and_says_why_on_the_screen_tsr_10_1(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 5)
    screen = info["url"] + "strafe"
    sitting = info["keys"][0]  # deals the first game and sits out
    refused = post_form(client, screen, screen, {**penalty_data(sitting), "note": "Reizen"})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    problems = page.index('id="probleme"')
    assert "TSR 10.1" in page[problems:]
    assert problems < page.index('id="strafe-form"')
    form = form_on(page, screen, screen)
    assert form.fields["offender"] == sitting and form.fields["note"] == "Reizen"
    assert form.fields["confirmed"] == ""
    missing = post_form(client, screen, screen, {"offender": ""})
    assert missing.status_code == 422
    assert "Bitte den Verursacher wählen." in missing.get_data(as_text=True)
    assert entries(app, info["number"]) == []


def test_a_penalty_on_a_list_changed_meanwhile_keeps_the_input_and_is_checked_again(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    screen = info["url"] + "strafe"
    page = checked(client, screen, penalty_data(info["keys"][2])).get_data(as_text=True)
    assert enter(client, info, normal_game(info)).status_code == 302  # another phone's game
    stale = client.post(screen, data=dict(form_on(page, screen, screen).fields))
    assert stale.status_code == 422
    text = stale.get_data(as_text=True)
    assert any("anderen Gerät" in f and "Eintrag 1" in f for f in flashes(text))
    form = form_on(text, screen, screen)
    assert form.fields["offender"] == info["keys"][2] and form.fields["confirmed"] == ""
    preview = client.post(screen, data=dict(form.fields))
    assert preview.status_code == 200
    form = form_on(preview.get_data(as_text=True), screen, screen)
    assert client.post(screen, data=dict(form.fields)).status_code == 302
    assert [e.get("kind") for e in map(_record, entries(app, info["number"]))] == [
        "game",
        "penalty",
    ]


def _record(text: str) -> dict[str, Any]:
    value = json.loads(text)
    assert isinstance(value, dict)
    return value


def test_a_penalty_sent_twice_is_stored_once(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    screen = info["url"] + "strafe"
    page = checked(client, screen, penalty_data(info["keys"][2])).get_data(as_text=True)
    values = dict(form_on(page, screen, screen).fields)
    assert client.post(screen, data=values).status_code == 302
    again = client.post(screen, data=values)
    assert again.status_code == 302
    listed = client.get(info["url"]).get_data(as_text=True)
    assert any("schon gespeichert" in f for f in flashes(listed))
    assert len(entries(app, info["number"])) == 1


def test_nachspielzeit_refusals_show_at_their_fields_tsr_8_5_1(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    screen = info["url"] + "nachspielzeit"
    page = client.get(screen).get_data(as_text=True)
    assert "(100 Minuten)" in page
    bad = post_form(client, screen, screen, {"minutes": "61", "reason": "Reklamation"})
    assert bad.status_code == 422
    assert field_errors(bad.get_data(as_text=True), "minutes") == ["1 bis 60 Minuten."]
    # Blanks pass the form's check; the service's refusal shows at the field all the same.
    blank = post_form(client, screen, screen, {"minutes": "5", "reason": "  "})
    assert blank.status_code == 422
    text = blank.get_data(as_text=True)
    assert field_errors(text, "reason") == ["Bitte einen Grund für die Nachspielzeit angeben."]
    assert form_on(text, screen, screen).fields["minutes"] == "5"
    assert entries(app, info["number"]) == []


def test_the_time_up_screen_shows_the_clock_and_closes_once_time_up_is_written_tsr_8_5_3(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    screen = info["url"] + "zeit-abgelaufen"
    page = client.get(screen).get_data(as_text=True)
    clock = re.search(r'<strong class="clock"[^>]*>([^<]+)</strong>', page)
    assert clock is not None and clock.group(1).startswith("noch ")
    assert "Die Turnierleitung hat die Zeit noch nicht für beendet erklärt." in page
    missing = post_form(client, screen, screen, {})
    assert missing.status_code == 422
    assert "Bitte angeben, ob gerade gegeben wurde." in missing.get_data(as_text=True)
    response = post_form(client, screen, screen, {"being_dealt": "ja"})
    assert response.status_code == 302
    assert flashes(client.get(info["url"]).get_data(as_text=True)) == [
        "Zeit abgelaufen gespeichert: Das Spiel, das gerade gegeben wurde, wird zu Ende "
        "gespielt; die übrigen offenen Normalspiele sind gestrichen (TSR 8.5.3)."
    ]
    closed = client.get(screen)
    assert closed.status_code == 403
    text = closed.get_data(as_text=True)
    assert "Auf dieser Liste ist die Zeit schon als abgelaufen eingetragen." in text
    assert not [f for f in re.findall(r"<form[^>]*>", text) if screen in f]


def test_the_screens_say_why_nothing_can_be_written_before_the_round_starts(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tid = create_tournament(client)
    paste_players(client, tid, "\n".join(player_names(8)))
    draw_round(client, tid, seed=1)
    info = table_info(app, tid, 4)
    for screen in SCREENS:
        response = client.get(info["url"] + screen)
        assert response.status_code == 403
        assert "Runde 1 hat noch nicht begonnen" in response.get_data(as_text=True)


def test_the_header_links_name_the_screens_each_viewer_may_open(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)

    def links(by_code: bool) -> list[tuple[str, str]]:
        with app.test_request_context():
            table = db.session.execute(
                select(RoundTable).where(RoundTable.number == info["number"])
            ).scalar_one()
            if by_code:
                access = ListAccess(table, Actor(None, by_code=True), table.access_code)
            else:
                user = db.session.execute(select(User)).scalars().first()
                access = ListAccess(table, Actor(user))
            sheet = list_sheet.sheet(table)
            shown = [(label, url) for label, url in referee_links(access, sheet)]
            html = render_template("scorelists/_referee_links.html", access=access, sheet=sheet)
            assert re.findall(r'<a class="button" href="([^"]+)">([^<]+)</a>', html) == [
                (url, label) for label, url in shown
            ]
            return shown

    staff = info["url"]
    # With the table's time still running, time up is not offered in the header.
    assert links(by_code=False) == [
        ("Strafe", staff + "strafe"),
        ("Nachspielzeit", staff + "nachspielzeit"),
    ]
    assert links(by_code=True) == []
    call_time(app)
    assert links(by_code=False) == [
        ("Strafe", staff + "strafe"),
        ("Nachspielzeit", staff + "nachspielzeit"),
        ("Zeit abgelaufen", staff + "zeit-abgelaufen"),
    ]
    assert links(by_code=True) == [("Zeit abgelaufen", info["code_url"] + "zeit-abgelaufen")]
    assert app.test_client().get(info["code_url"] + "zeit-abgelaufen").status_code == 200
    screen = staff + "zeit-abgelaufen"
    assert post_form(client, screen, screen, {"being_dealt": "nein"}).status_code == 302
    assert links(by_code=True) == []
    assert links(by_code=False) == [
        ("Strafe", staff + "strafe"),
        ("Nachspielzeit", staff + "nachspielzeit"),
    ]


def test_a_schiedsrichter_signed_in_gets_the_corrections_on_the_list_opened_by_its_code(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    """The Schiedsrichter called to a table opens its list by the code on the card: signed
    in, the list offers the corrections of every game, Strafe and Nachspielzeit there, as
    under the round, and they save (the audit names the Schiedsrichter); the list-keeper
    with the code alone still gets only the last game's."""
    info = table_info(app, running["tid"], 4)
    for eyes in (130, 150):
        assert enter(client, info, normal_game(info, eyes=eyes)).status_code == 302
    code = info["code_url"]
    keeper = app.test_client()
    shown = keeper.get(code).get_data(as_text=True)
    assert "Spiel 1 korrigieren" not in shown and "Spiel 2 korrigieren" not in shown
    assert f'href="{code}eintrag/2">Korrigieren</a>' in shown  # the last game's button
    assert f'href="{code}strafe"' not in shown and f'href="{code}nachspielzeit"' not in shown

    schiri_id = add_account(app, "schiri", role=Role.SCHIEDSRICHTER)
    schiri = app.test_client()
    assert log_in(schiri, "schiri").status_code == 302
    page = schiri.get(code).get_data(as_text=True)
    for number in (1, 2):
        assert f'<a href="{code}eintrag/{number}" aria-label="Spiel {number} korrigieren">' in page
    assert f'<a class="button" href="{code}strafe">Strafe</a>' in page
    assert f'<a class="button" href="{code}nachspielzeit">Nachspielzeit</a>' in page

    # An earlier game corrected, then Nachspielzeit given, all under the code.
    correct = code + "eintrag/1"
    preview = post_form(schiri, correct, correct, normal_game(info, eyes=100))
    assert preview.status_code == 200, preview.get_data(as_text=True)
    form = form_on(preview.get_data(as_text=True), correct, correct)
    saved = schiri.post(
        correct, data={**dict(form.fields), "confirmed": "1", "re": info["keys"][:2]}
    )
    assert saved.status_code == 302 and saved.location.endswith(code + "#inhalt")
    assert _record(entries(app, info["number"])[0])["re_eyes"] == 100
    screen = code + "nachspielzeit"
    given = post_form(schiri, screen, screen, {"minutes": "5", "reason": "Reklamation"})
    assert given.status_code == 302
    assert _record(entries(app, info["number"])[-1])["kind"] == "nachspielzeit"
    for action in ("correct_list_entry", "add_list_entry"):
        assert audit_events(app, action)[-1].user_id == schiri_id

    # The list-keeper with the code alone still cannot open them.
    assert keeper.get(code + "strafe").status_code == 403
    assert "Spiel 1 korrigieren" not in keeper.get(code).get_data(as_text=True)
    # A list locked against the code stays open to the Schiedsrichter under it.
    with app.app_context():
        db.session.execute(
            update(RoundTable).where(RoundTable.number == info["number"]).values(locked=True)
        )
        db.session.commit()
    again = post_form(schiri, screen, screen, {"minutes": "3", "reason": "Toilette"})
    assert again.status_code == 302
    assert _record(entries(app, info["number"])[-1])["minutes"] == 3
