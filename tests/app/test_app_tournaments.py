"""Tournaments on the pages: who may open what, creating and changing a tournament, bad input.

Everything is done as a browser would: open the page, take its form (CSRF token and the
hidden ``version`` included), fill it in and send it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.support.webapp import (
    PASSWORD,
    USERNAME,
    add_account,
    complete_lists,
    create_tournament,
    csrf_token,
    draw_round,
    field_errors,
    flashes,
    log_in,
    log_out,
    paste_players,
    player_names,
    round_action,
    send,
    sign_in,
    snapshot,
    submit,
)
from tournament.extensions import db
from tournament.models import AuditEvent, Registration, Role, Tournament, User

SCRIPT = "<script>alert(1)</script>"
STALE = "Diese Seite war nicht mehr aktuell"
CSRF_REFUSED = "Sicherheitsprüfung"
SCHIRI = "schiri"
SCHIRI_PASSWORD = "Pik-Sieben-2026"


@dataclass(frozen=True)
class Scene:
    """A tournament of eight players with round 1 drawn, and the ids the pages need."""

    tournament: int
    registration: int
    leitung: int
    version: int


def _scene(app: Flask, client: FlaskClient) -> Scene:
    leitung = sign_in(app, client)
    tournament = create_tournament(client)
    paste_players(client, tournament, "\n".join(player_names(8)))
    draw_round(client, tournament, seed=7)
    with app.app_context():
        query = select(Registration.id).order_by(Registration.start_number)
        registration = db.session.execute(query).scalars().first()
        version = db.session.execute(
            select(Tournament.version).where(Tournament.id == tournament)
        ).scalar_one()
        assert registration is not None
        return Scene(tournament, registration, leitung, version)


def _tournament(app: Flask, tournament_id: int) -> Tournament:
    with app.app_context():
        tournament = db.session.get(Tournament, tournament_id)
        assert tournament is not None
        db.session.expunge(tournament)
        return tournament


def _events(app: Flask, object_type: str, action: str) -> list[AuditEvent]:
    with app.app_context():
        query = (
            select(AuditEvent)
            .where(AuditEvent.object_type == object_type, AuditEvent.action == action)
            .order_by(AuditEvent.id)
        )
        events = list(db.session.execute(query).scalars())
        db.session.expunge_all()
        return events


def _leitung_gets(scene: Scene) -> list[str]:
    t, r = scene.tournament, scene.registration
    return [
        "/turniere/neu",
        f"/turniere/{t}/bearbeiten",
        f"/turniere/{t}/spieler/",
        f"/turniere/{t}/spieler/{r}",
        "/konten",
        f"/konten/{scene.leitung}/passwort",
        "/protokoll",
        "/protokoll?seite=2&art=tournament",
    ]


def _leitung_posts(scene: Scene) -> list[tuple[str, dict[str, str]]]:
    """Every Turnierleitung action with data that would be accepted from the Turnierleitung."""
    t, r, v = scene.tournament, scene.registration, str(scene.version)
    details = {"name": "Gekapert", "date": "2026-11-22", "rounds_planned": "4", "version": v}
    return [
        ("/turniere/neu", {"name": "Gekapert", "date": "2026-11-22", "rounds_planned": "3"}),
        (f"/turniere/{t}/bearbeiten", details),
        (
            f"/turniere/{t}/spieler/einfuegen",
            {"text": "Eindringling", "version": v, "bestaetigen": "1"},
        ),
        (
            f"/turniere/{t}/spieler/{r}",
            {"name": "Umbenannt", "start_number": "99", "version": v},
        ),
        (f"/turniere/{t}/spieler/{r}/zurueckziehen", {"version": v}),
        (f"/turniere/{t}/spieler/{r}/wieder-aufnehmen", {"version": v}),
        (f"/turniere/{t}/runden/", {"method": "random", "version": v}),
        (f"/turniere/{t}/runden/1/neu-auslosen", {"seed": "1", "version": v}),
        (f"/turniere/{t}/runden/1/starten", {"version": v}),
        (f"/turniere/{t}/runden/1/abschliessen", {"version": v}),
        (
            "/konten",
            {
                "username": "neu",
                "role": "turnierleitung",
                "password": "Passwort-123",
                "password_repeated": "Passwort-123",
            },
        ),
        (f"/konten/{scene.leitung}/aktiv", {}),
        (
            f"/konten/{scene.leitung}/passwort",
            {"password": "Gekapert-123", "password_repeated": "Gekapert-123"},
        ),
    ]


def _public_pages(scene: Scene) -> list[str]:
    t = scene.tournament
    return [
        "/",
        f"/turniere/{t}",
        f"/turniere/{t}/runden/1",
        f"/turniere/{t}/runden/1/sitzplaetze",
        f"/turniere/{t}/runden/1/tischkarten",
        f"/turniere/{t}/stand",
        f"/turniere/{t}/runden/1/stand",
    ]


# ------------------------------------------------------------------ who may open what


def test_anonymous_visitors_are_sent_to_the_login_for_every_leitung_page(
    app: Flask, client: FlaskClient
) -> None:
    scene = _scene(app, client)
    log_out(client)
    for path in _leitung_gets(scene):
        response = client.get(path)
        assert response.status_code == 302, path
        assert response.headers["Location"].startswith("/anmelden?next="), path
    page = client.get(f"/turniere/{scene.tournament}/spieler/", follow_redirects=True)
    assert "Bitte melden Sie sich an, um diese Seite zu sehen." in page.get_data(as_text=True)


def test_anonymous_posts_to_leitung_actions_go_to_the_login_and_change_nothing(
    app: Flask, client: FlaskClient
) -> None:
    scene = _scene(app, client)
    log_out(client)
    before = snapshot(app)
    token = csrf_token(client, "/anmelden")
    for path, data in _leitung_posts(scene):
        response = client.post(path, data={"csrf_token": token, **data})
        assert response.status_code == 302, path
        assert response.headers["Location"].startswith("/anmelden"), path
    assert snapshot(app) == before


def _schiedsrichter_signed_in(app: Flask, client: FlaskClient) -> Scene:
    """The scene, plus a Schiedsrichter account made on /konten and signed in."""
    scene = _scene(app, client)
    response = submit(
        client,
        "/konten",
        data={
            "username": SCHIRI,
            "role": Role.SCHIEDSRICHTER.value,
            "password": SCHIRI_PASSWORD,
            "password_repeated": SCHIRI_PASSWORD,
        },
    )
    assert response.status_code == 302
    log_out(client)
    assert log_in(client, SCHIRI, SCHIRI_PASSWORD).status_code == 302
    return scene


def test_schiedsrichter_gets_403_on_every_leitung_page_and_action(
    app: Flask, client: FlaskClient
) -> None:
    scene = _schiedsrichter_signed_in(app, client)
    for path in _leitung_gets(scene):
        response = client.get(path)
        assert response.status_code == 403, path
        assert "Dafür fehlt Ihnen die Berechtigung." in response.get_data(as_text=True)
    before = snapshot(app)
    token = csrf_token(client, "/")
    for path, data in _leitung_posts(scene):
        response = client.post(path, data={"csrf_token": token, **data})
        assert response.status_code == 403, path
    assert snapshot(app) == before


def test_schiedsrichter_sees_no_leitung_controls(app: Flask, client: FlaskClient) -> None:
    scene = _schiedsrichter_signed_in(app, client)
    home = client.get("/").get_data(as_text=True)
    assert f"{SCHIRI} (Schiedsrichter)" in home
    assert "Neues Turnier anlegen" not in home
    assert 'href="/konten"' not in home
    overview = client.get(f"/turniere/{scene.tournament}").get_data(as_text=True)
    assert "Runde 2 auslosen" not in overview
    assert "Turnierdaten ändern" not in overview
    plan = client.get(f"/turniere/{scene.tournament}/runden/1").get_data(as_text=True)
    assert "Runde starten" not in plan
    assert "Neu auslosen" not in plan


def test_public_pages_work_without_login(app: Flask, client: FlaskClient) -> None:
    scene = _scene(app, client)
    log_out(client)
    for path in _public_pages(scene):
        response = client.get(path)
        assert response.status_code == 200, path
    overview = client.get(f"/turniere/{scene.tournament}").get_data(as_text=True)
    assert "Herbstturnier" in overview
    assert "Runde 1" in overview
    assert "auslosen" not in overview
    assert "Spieler (" not in overview
    plan = client.get(f"/turniere/{scene.tournament}/runden/1").get_data(as_text=True)
    assert "Spieler 001" in plan
    assert "Runde starten" not in plan
    assert "Der Tischplan passt nicht mehr" not in plan


def test_the_draw_file_is_for_staff_only(app: Flask, client: FlaskClient) -> None:
    """It names clubs, fixed tables, who met whom and the seeds: the Turnierleitung and the
    Schiedsrichter download it, anybody else is sent to the login."""
    scene = _scene(app, client)
    path = f"/turniere/{scene.tournament}/runden/1/auslosung.json"
    leitung = client.get(path)
    assert leitung.status_code == 200
    assert leitung.mimetype == "application/json"
    assert json.loads(leitung.get_data(as_text=True))["seed"] == 7
    log_out(client)
    anonymous = client.get(path)
    assert anonymous.status_code == 302
    assert anonymous.headers["Location"].startswith("/anmelden?next=")
    assert "seed" not in anonymous.get_data(as_text=True)
    add_account(app, "schiri", "Pik-Sieben-2026", Role.SCHIEDSRICHTER)
    assert log_in(client, "schiri", "Pik-Sieben-2026").status_code == 302
    schiri = client.get(path)
    assert schiri.status_code == 200
    assert json.loads(schiri.get_data(as_text=True))["seed"] == 7


def test_posts_without_csrf_token_are_refused_and_change_nothing(
    app: Flask, client: FlaskClient
) -> None:
    scene = _scene(app, client)
    add_account(app, "zweite", role=Role.TURNIERLEITUNG)
    before = snapshot(app)
    for path, data in _leitung_posts(scene):
        response = client.post(path, data=data)
        assert response.status_code == 400, path
        assert CSRF_REFUSED in response.get_data(as_text=True), path
        forged = client.post(path, data={"csrf_token": "gefälscht", **data})
        assert forged.status_code == 400, path
    assert snapshot(app) == before


# ------------------------------------------------------------------ creating a tournament


def test_new_tournament_is_created_shown_and_audited(app: Flask, client: FlaskClient) -> None:
    user_id = sign_in(app, client)
    response = submit(
        client,
        "/turniere/neu",
        data={
            "name": "  Kieler Herbstturnier  ",
            "date": "2026-11-21",
            "venue": "Kiel",
            "organiser": "DK Kiel",
            "rounds_planned": "4",
        },
        follow=True,
    )
    page = response.get_data(as_text=True)
    assert "Das Turnier „Kieler Herbstturnier“ ist angelegt." in flashes(page)
    assert "Noch niemand angemeldet." in page
    with app.app_context():
        tournament = db.session.execute(select(Tournament)).scalar_one()
        assert tournament.name == "Kieler Herbstturnier"
        assert tournament.rounds_planned == 4
        assert tournament.version == 1
        tournament_id = tournament.id
    overview = client.get(f"/turniere/{tournament_id}").get_data(as_text=True)
    assert "21.11.2026" in overview
    assert "Kiel" in overview
    assert "Veranstalter: DK Kiel" in overview
    assert "4 Runden" in overview
    assert "geplant" in overview
    assert "Noch keine Runde ausgelost." in overview
    assert "Kieler Herbstturnier" in client.get("/").get_data(as_text=True)
    [event] = _events(app, "tournament", "create")
    assert event.user_id == user_id
    assert event.object_id == tournament_id
    assert event.old_value is None
    assert json.loads(event.new_value or "") == {
        "name": "Kieler Herbstturnier",
        "date": "2026-11-21",
        "venue": "Kiel",
        "organiser": "DK Kiel",
        "rounds_planned": 4,
        "rules_preset": "ddv",
        "rules_variants": [],
    }


def _new_tournament_form(client: FlaskClient, **data: str) -> str:
    values = {"name": "Turnier", "date": "2026-11-21", "rounds_planned": "3", **data}
    response = submit(client, "/turniere/neu", data=values)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_tournament_form_shows_each_problem_next_to_its_field(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    page = _new_tournament_form(client, name="   ", date="2026-02-31", rounds_planned="0")
    assert field_errors(page, "name") == ["Bitte einen Namen eingeben."]
    assert field_errors(page, "date") == ["Kein gültiges Datum."]
    assert field_errors(page, "rounds_planned") == ["Zwischen 1 und 20 Runden."]
    assert 'aria-describedby="name-fehler"' in page
    assert snapshot(app)["tournaments"] == []


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"rounds_planned": "21"}, "rounds_planned", "Zwischen 1 und 20 Runden."),
        ({"rounds_planned": "-3"}, "rounds_planned", "Zwischen 1 und 20 Runden."),
        ({"rounds_planned": ""}, "rounds_planned", "Bitte die Zahl der Runden eingeben."),
        ({"date": ""}, "date", "Bitte ein Datum eingeben."),
        ({"date": "21.11.2026"}, "date", "Kein gültiges Datum."),
        ({"name": "x" * 121}, "name", "Höchstens 120 Zeichen."),
        ({"venue": "x" * 121}, "venue", "Höchstens 120 Zeichen."),
        ({"organiser": "x" * 121}, "organiser", "Höchstens 120 Zeichen."),
    ],
)
def test_tournament_form_refuses_bad_values(
    app: Flask, client: FlaskClient, data: dict[str, str], field: str, message: str
) -> None:
    sign_in(app, client)
    page = _new_tournament_form(client, **data)
    assert message in field_errors(page, field)
    assert snapshot(app)["tournaments"] == []


def test_rounds_planned_that_is_no_number_is_explained(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    page = _new_tournament_form(client, rounds_planned="drei")
    assert field_errors(page, "rounds_planned")
    assert snapshot(app)["tournaments"] == []


def test_longest_allowed_name_and_twenty_rounds_are_accepted(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client, "N" * 120, rounds=20)
    tournament = _tournament(app, tournament_id)
    assert tournament.name == "N" * 120
    assert tournament.rounds_planned == 20


def test_hostile_text_quotes_and_unicode_are_shown_escaped(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    name = f"{SCRIPT} \"Doppel\" & 'Kopf' – Köln 🂡"
    tournament_id = create_tournament(client, name)
    assert _tournament(app, tournament_id).name == name
    pages = [
        "/",
        f"/turniere/{tournament_id}",
        f"/turniere/{tournament_id}/bearbeiten",
        f"/turniere/{tournament_id}/spieler/",
    ]
    for path in pages:
        page = client.get(path).get_data(as_text=True)
        assert SCRIPT not in page, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, path
        assert "Köln 🂡" in page, path
        assert '"Doppel"' not in page, path
        assert "&#34;Doppel&#34;" in page or "&quot;Doppel&quot;" in page, path
    # The edit form gives the exact name back, and saving it unchanged keeps it.
    response = submit(client, f"/turniere/{tournament_id}/bearbeiten", follow=True)
    assert "Die Turnierdaten sind gespeichert." in flashes(response.get_data(as_text=True))
    assert _tournament(app, tournament_id).name == name
    assert _events(app, "tournament", "update") == []


# ------------------------------------------------------------------ changing a tournament


def test_edit_records_only_changed_fields_with_old_and_new_values(
    app: Flask, client: FlaskClient
) -> None:
    user_id = sign_in(app, client)
    tournament_id = create_tournament(client, "Herbstturnier", rounds=3)
    response = submit(
        client,
        f"/turniere/{tournament_id}/bearbeiten",
        data={"name": "Winterturnier", "rounds_planned": "5", "date": "2026-12-05"},
        follow=True,
    )
    page = response.get_data(as_text=True)
    assert "Die Turnierdaten sind gespeichert." in flashes(page)
    assert "Winterturnier" in page
    assert "05.12.2026" in page
    tournament = _tournament(app, tournament_id)
    assert (tournament.name, tournament.rounds_planned) == ("Winterturnier", 5)
    assert tournament.version == 2
    [event] = _events(app, "tournament", "update")
    assert (event.user_id, event.object_id) == (user_id, tournament_id)
    assert json.loads(event.old_value or "") == {
        "name": "Herbstturnier",
        "rounds_planned": 3,
        "date": "2026-11-21",
    }
    assert json.loads(event.new_value or "") == {
        "name": "Winterturnier",
        "rounds_planned": 5,
        "date": "2026-12-05",
    }


def test_edit_with_bad_values_keeps_the_tournament(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client)
    before = snapshot(app)
    response = submit(
        client,
        f"/turniere/{tournament_id}/bearbeiten",
        data={"name": "", "rounds_planned": "21"},
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert field_errors(page, "name") == ["Bitte einen Namen eingeben."]
    assert field_errors(page, "rounds_planned") == ["Zwischen 1 und 20 Runden."]
    assert snapshot(app) == before


def test_rounds_cannot_be_reduced_below_the_rounds_drawn(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client, rounds=3)
    paste_players(client, tournament_id, "\n".join(player_names(8)))
    draw_round(client, tournament_id, seed=1)
    round_action(client, tournament_id, 1, "starten")
    draw_round(client, tournament_id, seed=2)
    before = snapshot(app)
    response = submit(
        client,
        f"/turniere/{tournament_id}/bearbeiten",
        data={"name": "Anderer Name", "rounds_planned": "1"},
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert (
        "Es sind schon 2 Runden ausgelost; das Turnier kann nicht weniger Runden haben "
        "(eingegeben: 1)." in flashes(page)
    )
    assert snapshot(app) == before
    # The form keeps what was typed, with the current version, so it can be corrected.
    assert 'value="Anderer Name"' in page
    path = f"/turniere/{tournament_id}/bearbeiten"
    response = send(client, page, path, {"rounds_planned": "2"}, path=path, follow=True)
    assert "Die Turnierdaten sind gespeichert." in flashes(response.get_data(as_text=True))
    tournament = _tournament(app, tournament_id)
    assert (tournament.name, tournament.rounds_planned) == ("Anderer Name", 2)


def test_edit_from_an_outdated_tab_is_refused(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client, "Herbstturnier")
    path = f"/turniere/{tournament_id}/bearbeiten"
    old_tab = client.get(path).get_data(as_text=True)
    submit(client, path, data={"name": "Neuer Name"})
    response = send(client, old_tab, path, {"venue": "Hamburg"}, path=path)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert any(STALE in message for message in flashes(page))
    tournament = _tournament(app, tournament_id)
    assert (tournament.name, tournament.venue) == ("Neuer Name", "Kiel")


def test_cutting_rounds_to_the_finished_rounds_finishes_the_tournament(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client, rounds=2)
    paste_players(client, tournament_id, "\n".join(player_names(8)))
    draw_round(client, tournament_id, seed=1)
    round_action(client, tournament_id, 1, "starten")
    complete_lists(app, tournament_id, 1)
    round_action(client, tournament_id, 1, "abschliessen")
    submit(client, f"/turniere/{tournament_id}/bearbeiten", data={"rounds_planned": "1"})
    assert _tournament(app, tournament_id).status.value == "finished"


# ------------------------------------------------------------------ bad input

UNREADABLE_NUMBERS = [
    pytest.param("²", id="superscript-two"),
    pytest.param("9" * 5000, id="5000-digits"),
]


@pytest.mark.parametrize("version", ["abc", "", "-1", "1.0", " 1", "0x1", *UNREADABLE_NUMBERS])
def test_garbage_version_on_edit_is_refused_without_error_page(
    app: Flask, client: FlaskClient, version: str
) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client)
    before = snapshot(app)
    path = f"/turniere/{tournament_id}/bearbeiten"
    response = submit(client, path, data={"name": "Geändert", "version": version})
    assert response.status_code == 200
    assert any(STALE in message for message in flashes(response.get_data(as_text=True)))
    assert snapshot(app) == before


def test_edit_without_any_fields_explains_and_changes_nothing(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client)
    before = snapshot(app)
    path = f"/turniere/{tournament_id}/bearbeiten"
    response = client.post(path, data={"csrf_token": csrf_token(client, path)})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert field_errors(page, "date") == ["Bitte ein Datum eingeben."]
    assert field_errors(page, "rounds_planned") == ["Bitte die Zahl der Runden eingeben."]
    assert snapshot(app) == before


def test_edit_without_version_field_is_refused_as_outdated(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client)
    before = snapshot(app)
    path = f"/turniere/{tournament_id}/bearbeiten"
    data = {"name": "Geändert", "date": "2026-11-21", "rounds_planned": "3"}
    response = client.post(path, data={"csrf_token": csrf_token(client, path), **data})
    assert response.status_code == 200
    assert any(STALE in message for message in flashes(response.get_data(as_text=True)))
    assert snapshot(app) == before


def test_unknown_tournament_gives_404(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    for path in (
        "/turniere/999",
        "/turniere/999/bearbeiten",
        "/turniere/999/spieler/",
        "/turniere/999/stand",
        "/turniere/abc",
        "/turniere/-1",
    ):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "Diese Seite gibt es nicht." in response.get_data(as_text=True)
    token = csrf_token(client, "/")
    for path in ("/turniere/999/runden/", "/turniere/999/spieler/einfuegen"):
        response = client.post(path, data={"csrf_token": token, "version": "1"})
        assert response.status_code == 404, path


@pytest.mark.parametrize("version", UNREADABLE_NUMBERS)
def test_unreadable_version_on_draw_is_refused_as_outdated(
    app: Flask, client: FlaskClient, version: str
) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client)
    paste_players(client, tournament_id, "\n".join(player_names(8)))
    before = snapshot(app)
    response = submit(
        client,
        f"/turniere/{tournament_id}",
        f"/turniere/{tournament_id}/runden/",
        {"version": version},
        follow=True,
    )
    assert response.status_code == 200
    assert any(STALE in message for message in flashes(response.get_data(as_text=True)))
    assert snapshot(app) == before


def test_version_beyond_the_integer_range_is_refused_as_outdated(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client)
    paste_players(client, tournament_id, "\n".join(player_names(8)))
    before = snapshot(app)
    response = submit(
        client,
        f"/turniere/{tournament_id}",
        f"/turniere/{tournament_id}/runden/",
        {"version": str(2**64)},
        follow=True,
    )
    assert response.status_code == 200
    assert any(STALE in message for message in flashes(response.get_data(as_text=True)))
    assert snapshot(app) == before


def test_leitung_overview_offers_the_draw_only_while_rounds_are_left(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client, rounds=1)
    paste_players(client, tournament_id, "\n".join(player_names(4)))
    page = client.get(f"/turniere/{tournament_id}").get_data(as_text=True)
    assert "Runde 1 auslosen" in page
    assert "Spieler (4 aktiv)" in page
    draw_round(client, tournament_id)
    page = client.get(f"/turniere/{tournament_id}").get_data(as_text=True)
    assert "auslosen</h3>" not in page
    assert re.search(r"Runde 1</a></td>\s*<td>ausgelost</td>", page)


def test_login_page_sends_back_to_the_leitung_page_asked_for(
    app: Flask, client: FlaskClient
) -> None:
    add_account(app)
    tournament_path = "/turniere/neu"
    response = client.get(tournament_path)
    login_path = response.headers["Location"]
    response = submit(client, login_path, data={"username": USERNAME, "password": PASSWORD})
    assert response.headers["Location"] == tournament_path
    assert client.get(tournament_path).status_code == 200
    with app.app_context():
        assert db.session.execute(select(User.username)).scalar_one() == USERNAME
