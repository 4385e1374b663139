"""Rounds on the pages: drawing, re-drawing, starting and closing, and the printed plans.

The draw itself is tested in ``test_draw.py``; here it is driven through the pages, with
its stored request checked against the command line (``python -m tournament.draw``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from tests.support import apps
from tests.support.webapp import (
    audit_events,
    command_line_draw,
    complete_lists,
    create_tournament,
    csrf_token,
    draw_round,
    flashes,
    paste_players,
    player_names,
    round_action,
    send,
    sign_in,
    snapshot,
    submit,
    tournament_version,
)
from tournament.domain import standings
from tournament.extensions import db
from tournament.models import Registration, Round, RoundStatus, Tournament

ROOT = Path(__file__).resolve().parents[2]
STALE = "Diese Seite war nicht mehr aktuell"
DRAWN = re.compile(
    r"Runde (\d+) ist ausgelost \(Startwert (\d+), (keine wiederholten Begegnungen|"
    r"1 wiederholte Begegnung|\d+ wiederholte Begegnungen)\)\."
)


def _plan(app: Flask, tournament_id: int, number: int) -> list[list[int]]:
    """The stored tables of a round: start numbers in position order, table 1 first."""
    with app.app_context():
        round_ = _round(tournament_id, number)
        return [[s.registration.start_number for s in table.seats] for table in round_.tables]


def _round(tournament_id: int, number: int) -> Round:
    query = select(Round).where(Round.tournament_id == tournament_id, Round.number == number)
    return db.session.execute(query).scalar_one()


def _round_count(app: Flask, tournament_id: int) -> int:
    with app.app_context():
        query = select(func.count(Round.id)).where(Round.tournament_id == tournament_id)
        return db.session.execute(query).scalar_one()


def _status(app: Flask, tournament_id: int, number: int) -> RoundStatus:
    with app.app_context():
        return _round(tournament_id, number).status


_PLAN_TABLE = re.compile(
    r'<table class="list plan-table">\s*<caption>Tisch (\d+)[^<]*</caption>(.*?)</table>', re.S
)
_PLAN_ROW = re.compile(
    r"<tr>\s*<td>(\d+)</td>\s*<td>(\d+)</td>\s*<td>(.*?)</td>\s*<td class=\"wide-only\">.*?</td>"
    r"\s*</tr>",
    re.S,
)
_CLUB_BELOW = re.compile(r'<span class="club-below">.*?</span>', re.S)


def _plan_page(page: str) -> list[tuple[int, list[tuple[int, int, str]]]]:
    """The table plan as shown: (table, [(position, start number, name and tags)])."""
    tables = []
    for number, body in _PLAN_TABLE.findall(page):
        rows = [
            (
                int(position),
                int(start),
                " ".join(re.sub(r"<[^>]+>", " ", _CLUB_BELOW.sub("", cell)).split()),
            )
            for position, start, cell in _PLAN_ROW.findall(body)
        ]
        tables.append((int(number), rows))
    return tables


def _shown_tables(client: FlaskClient, tournament_id: int, number: int) -> list[list[int]]:
    page = client.get(f"/turniere/{tournament_id}/runden/{number}").get_data(as_text=True)
    return [[start for _, start, _ in rows] for _, rows in _plan_page(page)]


def _registration_id(app: Flask, tournament_id: int, start_number: int) -> int:
    with app.app_context():
        query = select(Registration.id).where(
            Registration.tournament_id == tournament_id,
            Registration.start_number == start_number,
        )
        return db.session.execute(query).scalar_one()


def _withdraw(app: Flask, client: FlaskClient, tournament_id: int, start_number: int) -> str:
    base = f"/turniere/{tournament_id}/spieler/"
    action = f"{base}{_registration_id(app, tournament_id, start_number)}/zurueckziehen"
    return submit(client, base, action, follow=True).get_data(as_text=True)


def _post(client: FlaskClient, path: str, **data: str) -> str:
    """A request without the page's form (its button is not shown); followed."""
    response = client.post(
        path, data={"csrf_token": csrf_token(client, "/"), **data}, follow_redirects=True
    )
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.fixture
def leitung(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)


def _tournament_with(client: FlaskClient, count: int, *, rounds: int = 3) -> int:
    tournament_id = create_tournament(client, rounds=rounds)
    if count:
        paste_players(client, tournament_id, "\n".join(player_names(count)))
    return tournament_id


# ------------------------------------------------------------------ drawing


@pytest.mark.usefixtures("leitung")
def test_round_one_for_41_players(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 41)
    page = draw_round(client, tournament_id).get_data(as_text=True)
    [message] = [m for m in flashes(page) if DRAWN.fullmatch(m)]
    found = DRAWN.fullmatch(message)
    assert found
    assert found.group(1) == "1"
    assert found.group(3) == "keine wiederholten Begegnungen"
    tables = _plan(app, tournament_id, 1)
    assert len(tables) == 10
    assert sorted(len(table) for table in tables) == [4] * 9 + [5]
    seated = [number for table in tables for number in table]
    assert sorted(seated) == list(range(1, 42))
    with app.app_context():
        round_ = _round(tournament_id, 1)
        assert str(round_.seed) == found.group(2)
        assert (round_.status, round_.five_tables, round_.repeats) == (RoundStatus.DRAWN, 1, 0)
        tournament = db.session.get(Tournament, tournament_id)
        assert tournament is not None
        assert tournament.status.value == "planned"
    assert "10 Tische, davon 1 mit fünf Spielern" in page
    assert f"Startwert {found.group(2)}" in page
    assert _shown_tables(client, tournament_id, 1) == tables
    [event] = audit_events(app, "draw")
    assert json.loads(event.new_value or "")["tables"] == [[str(n) for n in t] for t in tables]


@pytest.mark.usefixtures("leitung")
def test_a_draw_and_the_table_plan_read_no_more_queries_for_more_players(
    app: Flask, client: FlaskClient
) -> None:
    """Drawing round 2 (its request names every player and round 1's tables), the
    Turnierleitung's table plan and the start run as many queries for 48 players as for 16:
    a 400-player day draws and opens the plan with the players read in one query, not one
    query per table, seat and player."""
    counts = []
    for start, count in ((1, 16), (17, 48)):
        tournament_id = create_tournament(client, rounds=3)
        paste_players(client, tournament_id, "\n".join(player_names(count, start=start)))
        draw_round(client, tournament_id, seed=7)
        round_action(client, tournament_id, 1, "starten")
        plan = f"/turniere/{tournament_id}/runden/2"
        with apps.statements_seen(app) as drawing:
            draw_round(client, tournament_id, seed=8)
        with apps.statements_seen(app) as showing:
            assert client.get(plan).status_code == 200
        with apps.statements_seen(app) as starting:
            round_action(client, tournament_id, 2, "starten")
        # Written rows (the new round's seats) are each an INSERT on SQLite: reads are counted.
        counts.append([_reads(seen) for seen in (drawing, showing, starting)])
        assert _status(app, tournament_id, 2) is RoundStatus.RUNNING
    assert counts[0] == counts[1], counts


def _reads(statements: list[str]) -> int:
    return sum(statement.startswith("SELECT") for statement in statements)


@pytest.mark.usefixtures("leitung")
def test_stored_draw_request_repeats_the_draw_on_the_command_line(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 41)
    page = draw_round(client, tournament_id, seed=20261121).get_data(as_text=True)
    assert any(m.startswith("Runde 1 ist ausgelost (Startwert 20261121,") for m in flashes(page))
    round_action(client, tournament_id, 1, "starten")
    draw_round(client, tournament_id, seed=424242)
    for number, seed in ((1, 20261121), (2, 424242)):
        response = client.get(f"/turniere/{tournament_id}/runden/{number}/auslosung.json")
        assert response.mimetype == "application/json"
        assert f"auslosung-runde-{number}.json" in response.headers["Content-Disposition"]
        request = json.loads(response.get_data(as_text=True))
        assert request["seed"] == seed
        assert len(request["players"]) == 41
        assert len(request["history"]) == number - 1
        tables = command_line_draw(response.get_data(as_text=True))
        assert tables == _plan(app, tournament_id, number)
        assert tables == _shown_tables(client, tournament_id, number)


@pytest.mark.usefixtures("leitung")
def test_same_players_and_seed_give_the_same_tables(app: Flask, client: FlaskClient) -> None:
    first = _tournament_with(client, 17)
    # Other names (the draw knows start numbers only), so no name needs a decision.
    second = create_tournament(client)
    paste_players(client, second, "\n".join(player_names(17, start=101)))
    draw_round(client, first, seed=99)
    draw_round(client, second, seed=99)
    assert _plan(app, first, 1) == _plan(app, second, 1)


@pytest.mark.usefixtures("leitung")
@pytest.mark.parametrize(
    ("count", "message"),
    [
        (0, "Nur 0 Spieler: für eine Runde braucht es mindestens 4 Spieler (einen Vierertisch)."),
        (3, "Nur 3 Spieler: für eine Runde braucht es mindestens 4 Spieler (einen Vierertisch)."),
        (6, "6 Spieler lassen sich nicht auf Tische zu 4 und 5 Spielern verteilen."),
        (7, "7 Spieler lassen sich nicht auf Tische zu 4 und 5 Spielern verteilen."),
        (11, "11 Spieler lassen sich nicht auf Tische zu 4 und 5 Spielern verteilen."),
    ],
)
def test_impossible_player_count_shows_the_german_message_and_draws_nothing(
    app: Flask, client: FlaskClient, count: int, message: str
) -> None:
    tournament_id = _tournament_with(client, count)
    before = snapshot(app)
    page = draw_round(client, tournament_id).get_data(as_text=True)
    [shown] = [m for m in flashes(page) if message in m]
    assert " / " not in shown
    assert "players" not in shown
    assert snapshot(app) == before
    assert "Noch keine Runde ausgelost." in page


@pytest.mark.usefixtures("leitung")
def test_withdrawals_that_leave_an_impossible_count_draw_nothing(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 8)
    _withdraw(app, client, tournament_id, 3)
    before = snapshot(app)
    page = draw_round(client, tournament_id).get_data(as_text=True)
    assert any(
        "7 Spieler lassen sich nicht auf Tische zu 4 und 5 Spielern verteilen." in m
        for m in flashes(page)
    )
    assert snapshot(app) == before


@pytest.mark.usefixtures("leitung")
def test_next_round_cannot_be_drawn_before_the_previous_one_started(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 8)
    draw_round(client, tournament_id, seed=1)
    before = snapshot(app)
    page = draw_round(client, tournament_id, seed=2).get_data(as_text=True)
    assert (
        "Runde 1 ist ausgelost, aber noch nicht gestartet: die nächste Runde kann erst danach "
        "ausgelost werden." in flashes(page)
    )
    assert snapshot(app) == before
    round_action(client, tournament_id, 1, "starten")
    page = draw_round(client, tournament_id, seed=2).get_data(as_text=True)
    assert any(m.startswith("Runde 2 ist ausgelost") for m in flashes(page))
    # Round 2 avoids the meetings of round 1 where it can: 8 players, two tables.
    first, second = _plan(app, tournament_id, 1), _plan(app, tournament_id, 2)
    assert all(len(set(a) & set(b)) == 2 for a in first for b in second)


@pytest.mark.usefixtures("leitung")
def test_drawing_more_rounds_than_planned_is_refused(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 4, rounds=1)
    draw_round(client, tournament_id, seed=1)
    round_action(client, tournament_id, 1, "starten")
    before = snapshot(app)
    overview = client.get(f"/turniere/{tournament_id}").get_data(as_text=True)
    assert f'action="/turniere/{tournament_id}/runden/"' not in overview
    page = _post(
        client,
        f"/turniere/{tournament_id}/runden/",
        version=tournament_version(app, tournament_id),
        method="random",
    )
    assert (
        "Das Turnier hat 1 Runde; alle sind ausgelost. Für eine weitere Runde bitte zuerst "
        "die Rundenzahl in den Turnierdaten erhöhen." in flashes(page)
    )
    assert snapshot(app) == before


@pytest.mark.usefixtures("leitung")
def test_standings_draw_is_refused_until_the_previous_round_is_finished(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 9)
    draw_round(client, tournament_id, seed=1)
    round_action(client, tournament_id, 1, "starten")
    before = snapshot(app)
    page = draw_round(client, tournament_id, method="standings").get_data(as_text=True)
    assert (
        "Auslosung nach Tabellenstand erst, wenn Runde 1 abgeschlossen ist (sonst steht der "
        "Stand noch nicht fest)." in flashes(page)
    )
    assert snapshot(app) == before
    complete_lists(app, tournament_id, 1)
    round_action(client, tournament_id, 1, "abschliessen")
    page = draw_round(client, tournament_id, method="standings", seed=5).get_data(as_text=True)
    assert any(m.startswith("Runde 2 ist ausgelost") for m in flashes(page))
    with app.app_context():
        tournament = db.session.get(Tournament, tournament_id)
        assert tournament is not None
        order = [row.start_number for row in standings.overall(tournament).rows]
        request = json.loads(_round(tournament_id, 2).draw_request)
    assert request["method"] == "standings"
    assert request["standings"] == [str(n) for n in order]
    # Table 1 takes the best four; the table of five (the last) the rest.
    tables = _plan(app, tournament_id, 2)
    assert sorted(tables[0]) == sorted(order[:4])
    assert sorted(tables[1]) == sorted(order[4:])
    assert "nach Tabellenstand" in client.get(f"/turniere/{tournament_id}/runden/2").get_data(
        as_text=True
    )


@pytest.mark.usefixtures("leitung")
def test_fixed_table_is_respected(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 12)
    base = f"/turniere/{tournament_id}/spieler/"
    submit(client, f"{base}{_registration_id(app, tournament_id, 1)}", data={"fixed_table": "3"})
    submit(client, f"{base}{_registration_id(app, tournament_id, 7)}", data={"fixed_table": "1"})
    for number, seed in ((1, 11), (2, 12), (3, 13)):
        draw_round(client, tournament_id, seed=seed)
        tables = _plan(app, tournament_id, number)
        assert 1 in tables[2], (number, tables)
        assert 7 in tables[0], (number, tables)
        round_action(client, tournament_id, number, "starten")
    response = client.get(f"/turniere/{tournament_id}/runden/1/auslosung.json")
    assert json.loads(response.get_data(as_text=True))["options"]["fixed"] == {"1": 3, "7": 1}
    listing = client.get(base).get_data(as_text=True)
    assert "fester Tisch 3" in listing


@pytest.mark.usefixtures("leitung")
def test_fixed_table_beyond_the_tables_is_explained_and_draws_nothing(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 8)
    base = f"/turniere/{tournament_id}/spieler/"
    submit(client, f"{base}{_registration_id(app, tournament_id, 2)}", data={"fixed_table": "5"})
    before = snapshot(app)
    page = draw_round(client, tournament_id).get_data(as_text=True)
    assert 'Der feste Tisch von Spieler "2" muss eine Tischnummer von 1 bis 2 sein.' in flashes(
        page
    )
    assert snapshot(app) == before


@pytest.mark.usefixtures("leitung")
def test_separate_clubs_option_is_stored_with_the_request(app: Flask, client: FlaskClient) -> None:
    tournament_id = create_tournament(client)
    text = "\n".join(f"{name}; Verein {n % 2}" for n, name in enumerate(player_names(8)))
    paste_players(client, tournament_id, text)
    draw_round(client, tournament_id, seed=3, separate_clubs=True)
    request = json.loads(
        client.get(f"/turniere/{tournament_id}/runden/1/auslosung.json").get_data(as_text=True)
    )
    assert request["options"]["separate_clubs"] is True
    assert {"id": "1", "club": "Verein 0"} in request["players"]
    with app.app_context():
        assert _round(tournament_id, 1).separate_clubs is True


DRAW_FORM_GARBAGE = [
    {"method": "bogus"},
    {"method": ""},
    {"method": "standings'; DROP TABLE round; --"},
    {"seed": "abc"},
    {"seed": "-1"},
    {"seed": str(10**13)},
    {"seed": "²"},
    {"seed": "9" * 5000},
]


@pytest.mark.usefixtures("leitung")
def test_garbage_in_the_draw_form_is_refused_without_error_page(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 8)
    before = snapshot(app)
    path = f"/turniere/{tournament_id}"
    for data in DRAW_FORM_GARBAGE:
        # Sent as a crafted request: not every value is one of the page's choices.
        values = {
            "csrf_token": csrf_token(client, path),
            "version": tournament_version(app, tournament_id),
            "method": "random",
            "seed": "",
            **data,
        }
        response = client.post(f"{path}/runden/", data=values, follow_redirects=True)
        assert response.status_code == 200, data
        messages = flashes(response.get_data(as_text=True))
        assert any(m.startswith("Nicht ausgelost:") for m in messages), data
        assert snapshot(app) == before, data


@pytest.mark.usefixtures("leitung")
def test_draw_without_method_field_is_refused(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 8)
    before = snapshot(app)
    page = _post(
        client, f"/turniere/{tournament_id}/runden/", version=tournament_version(app, tournament_id)
    )
    assert "Nicht ausgelost: Bitte ein Verfahren wählen." in flashes(page)
    assert snapshot(app) == before


# ------------------------------------------------------------------ double clicks, two tabs


@pytest.mark.usefixtures("leitung")
def test_draw_sent_twice_from_one_page_creates_one_round(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 8)
    path = f"/turniere/{tournament_id}"
    page = client.get(path).get_data(as_text=True)
    first = send(client, page, f"{path}/runden/", follow=True)
    assert any(m.startswith("Runde 1 ist ausgelost") for m in flashes(first.get_data(as_text=True)))
    before = snapshot(app)
    second = send(client, page, f"{path}/runden/", follow=True)
    assert any(STALE in m for m in flashes(second.get_data(as_text=True)))
    assert snapshot(app) == before
    assert _round_count(app, tournament_id) == 1


@pytest.mark.usefixtures("leitung")
def test_start_sent_twice_starts_once(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 8)
    draw_round(client, tournament_id, seed=1)
    path = f"/turniere/{tournament_id}/runden/1"
    page = client.get(path).get_data(as_text=True)
    first = send(client, page, f"{path}/starten", follow=True).get_data(as_text=True)
    assert "Runde 1 läuft: die Zeit beginnt." in flashes(first)
    assert "Die Runde läuft seit" in first
    before = snapshot(app)
    second = send(client, page, f"{path}/starten", follow=True).get_data(as_text=True)
    assert any(STALE in m for m in flashes(second))
    # With the current version (a crafted request: the button is gone) it is refused too.
    assert f'action="{path}/starten"' not in second
    again = _post(client, f"{path}/starten", version=tournament_version(app, tournament_id))
    assert "Runde 1 wurde schon gestartet." in flashes(again)
    assert snapshot(app) == before
    assert len(audit_events(app, "start")) == 1


# ------------------------------------------------------------------ re-drawing


@pytest.mark.usefixtures("leitung")
def test_redraw_before_the_start_replaces_the_tables_and_is_audited(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 13)
    draw_round(client, tournament_id, seed=1)
    old = _plan(app, tournament_id, 1)
    path = f"/turniere/{tournament_id}/runden/1"
    response = submit(client, path, f"{path}/neu-auslosen", {"seed": "2"}, follow=True)
    page = response.get_data(as_text=True)
    assert any(m.startswith("Runde 1 ist neu ausgelost (Startwert 2,") for m in flashes(page))
    new = _plan(app, tournament_id, 1)
    assert new != old
    assert sorted(n for table in new for n in table) == list(range(1, 14))
    assert _shown_tables(client, tournament_id, 1) == new
    assert _round_count(app, tournament_id) == 1
    with app.app_context():
        round_ = _round(tournament_id, 1)
        assert (round_.seed, round_.status) == (2, RoundStatus.DRAWN)
        assert json.loads(round_.draw_request)["seed"] == 2
    [event] = audit_events(app, "redraw")
    assert json.loads(event.old_value or "")["tables"] == [[str(n) for n in t] for t in old]
    assert json.loads(event.old_value or "")["seed"] == 1
    assert json.loads(event.new_value or "")["tables"] == [[str(n) for n in t] for t in new]
    assert json.loads(event.new_value or "")["seed"] == 2


@pytest.mark.usefixtures("leitung")
def test_redraw_after_the_start_is_refused(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 8)
    draw_round(client, tournament_id, seed=1)
    round_action(client, tournament_id, 1, "starten")
    path = f"/turniere/{tournament_id}/runden/1"
    assert "Neu auslosen" not in client.get(path).get_data(as_text=True)
    before = snapshot(app)
    page = _post(
        client, f"{path}/neu-auslosen", version=tournament_version(app, tournament_id), seed="5"
    )
    assert "Runde 1 hat schon begonnen und kann nicht neu ausgelost werden." in flashes(page)
    assert snapshot(app) == before


@pytest.mark.usefixtures("leitung")
def test_redraw_with_garbage_seed_is_refused(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 8)
    draw_round(client, tournament_id, seed=1)
    before = snapshot(app)
    path = f"/turniere/{tournament_id}/runden/1"
    for seed in ("abc", "-5", "²"):
        response = submit(client, path, f"{path}/neu-auslosen", {"seed": seed}, follow=True)
        assert any(
            m.startswith("Nicht ausgeführt:") for m in flashes(response.get_data(as_text=True))
        )
    assert snapshot(app) == before


# ------------------------------------------------------------------ withdrawal and late entry


@pytest.mark.usefixtures("leitung")
def test_withdrawal_after_round_one_leaves_the_player_out_of_round_two(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 9)
    draw_round(client, tournament_id, seed=1)
    round_action(client, tournament_id, 1, "starten")
    complete_lists(app, tournament_id, 1)
    round_action(client, tournament_id, 1, "abschliessen")
    page = _withdraw(app, client, tournament_id, 5)
    assert "Spieler 005 ist nach Runde 1 zurückgezogen." in flashes(page)
    assert "zurückgezogen nach Runde 1" in page
    draw_round(client, tournament_id, seed=2)
    round_two = _plan(app, tournament_id, 2)
    assert sorted(n for table in round_two for n in table) == [1, 2, 3, 4, 6, 7, 8, 9]
    assert 5 in [n for table in _plan(app, tournament_id, 1) for n in table]
    request = json.loads(
        client.get(f"/turniere/{tournament_id}/runden/2/auslosung.json").get_data(as_text=True)
    )
    assert {"id": "5"} not in request["players"]
    overall = client.get(f"/turniere/{tournament_id}/stand").get_data(as_text=True)
    assert "Spieler 005" in overall


@pytest.mark.usefixtures("leitung")
def test_withdrawal_in_a_drawn_round_asks_for_a_redraw_before_the_start(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 9)
    draw_round(client, tournament_id, seed=1)
    tables = _plan(app, tournament_id, 1)
    table_of_5 = next(n for n, table in enumerate(tables, start=1) if 5 in table)
    page = _withdraw(app, client, tournament_id, 5)
    assert (
        "Spieler 005 ist nach Runde 0 zurückgezogen. Runde 1 ist schon ausgelost: bitte neu "
        "auslosen, bevor sie beginnt." in flashes(page)
    )
    path = f"/turniere/{tournament_id}/runden/1"
    plan = client.get(path).get_data(as_text=True)
    assert "Der Tischplan passt nicht mehr zu den Anmeldungen:" in plan
    problem = f"Spieler 005 (Nr. 5) ist zurückgezogen, sitzt aber an Tisch {table_of_5}"
    assert problem in plan
    before = snapshot(app)
    page = round_action(client, tournament_id, 1, "starten").get_data(as_text=True)
    assert f"Runde 1 kann so nicht beginnen: {problem}. Bitte neu auslosen." in flashes(page)
    assert snapshot(app) == before
    submit(client, path, f"{path}/neu-auslosen", {"seed": "3"})
    assert sorted(n for t in _plan(app, tournament_id, 1) for n in t) == [1, 2, 3, 4, 6, 7, 8, 9]
    assert "passt nicht mehr" not in client.get(path).get_data(as_text=True)
    page = round_action(client, tournament_id, 1, "starten").get_data(as_text=True)
    assert "Runde 1 läuft: die Zeit beginnt." in flashes(page)


@pytest.mark.usefixtures("leitung")
def test_late_registration_plays_from_round_two(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 8)
    draw_round(client, tournament_id, seed=1)
    round_action(client, tournament_id, 1, "starten")
    paste_players(client, tournament_id, "Zoe Spät")
    with app.app_context():
        registration = db.session.get(Registration, _registration_id(app, tournament_id, 9))
        assert registration is not None
        assert registration.first_round == 2
    plan_one = client.get(f"/turniere/{tournament_id}/runden/1").get_data(as_text=True)
    assert "Zoe Spät" not in plan_one
    assert "passt nicht mehr" not in plan_one
    draw_round(client, tournament_id, seed=2)
    assert sorted(n for t in _plan(app, tournament_id, 2) for n in t) == list(range(1, 10))
    assert "Zoe Spät" in client.get(f"/turniere/{tournament_id}/runden/2").get_data(as_text=True)


@pytest.mark.usefixtures("leitung")
def test_late_registration_after_the_draw_needs_a_redraw(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 8)
    draw_round(client, tournament_id, seed=1)
    paste_players(client, tournament_id, "Zoe Spät")
    page = round_action(client, tournament_id, 1, "starten").get_data(as_text=True)
    assert (
        "Runde 1 kann so nicht beginnen: Zoe Spät (Nr. 9) hat keinen Platz. Bitte neu auslosen."
        in flashes(page)
    )
    assert _status(app, tournament_id, 1) is RoundStatus.DRAWN
    path = f"/turniere/{tournament_id}/runden/1"
    submit(client, path, f"{path}/neu-auslosen")
    assert sorted(n for t in _plan(app, tournament_id, 1) for n in t) == list(range(1, 10))
    round_action(client, tournament_id, 1, "starten")
    assert _status(app, tournament_id, 1) is RoundStatus.RUNNING


@pytest.mark.usefixtures("leitung")
def test_redraw_to_an_impossible_count_keeps_the_tables(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 8)
    draw_round(client, tournament_id, seed=1)
    _withdraw(app, client, tournament_id, 2)
    before = snapshot(app)
    path = f"/turniere/{tournament_id}/runden/1"
    response = submit(client, path, f"{path}/neu-auslosen", {"seed": "4"}, follow=True)
    assert any(
        "7 Spieler lassen sich nicht auf Tische zu 4 und 5 Spielern verteilen." in m
        for m in flashes(response.get_data(as_text=True))
    )
    assert snapshot(app) == before


@pytest.mark.usefixtures("leitung")
def test_reinstated_player_keeps_the_rounds_already_played(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 9)
    draw_round(client, tournament_id, seed=1)
    round_action(client, tournament_id, 1, "starten")
    complete_lists(app, tournament_id, 1)
    round_action(client, tournament_id, 1, "abschliessen")
    _withdraw(app, client, tournament_id, 5)
    base = f"/turniere/{tournament_id}/spieler/"
    action = f"{base}{_registration_id(app, tournament_id, 5)}/wieder-aufnehmen"
    page = submit(client, base, action, follow=True).get_data(as_text=True)
    assert "Spieler 005 spielt ab Runde 2 wieder mit." in flashes(page)
    plan = client.get(f"/turniere/{tournament_id}/runden/1").get_data(as_text=True)
    assert "passt nicht mehr" not in plan
    overall = client.get(f"/turniere/{tournament_id}/stand").get_data(as_text=True)
    assert "ab R2" not in overall


# ------------------------------------------------------------------ closing a round


@pytest.mark.usefixtures("leitung")
def test_closing_a_round_with_incomplete_lists_is_refused_listing_the_tables(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 9, rounds=1)
    draw_round(client, tournament_id, seed=1)
    round_action(client, tournament_id, 1, "starten")
    sizes = [len(table) for table in _plan(app, tournament_id, 1)]
    assert sorted(sizes) == [4, 5]
    before = snapshot(app)
    page = round_action(client, tournament_id, 1, "abschliessen").get_data(as_text=True)
    missing = "; ".join(
        f"Tisch {number}: {size * 6} Spiele fehlen noch"
        for number, size in enumerate(sizes, start=1)
    )
    assert f"Runde 1 kann noch nicht abgeschlossen werden: {missing}." in flashes(page)
    assert snapshot(app) == before
    complete_lists(app, tournament_id, 1)
    page = round_action(client, tournament_id, 1, "abschliessen").get_data(as_text=True)
    assert "Runde 1 ist abgeschlossen." in flashes(page)
    assert "Die Runde ist abgeschlossen." in page
    assert _status(app, tournament_id, 1) is RoundStatus.FINISHED
    overview = client.get(f"/turniere/{tournament_id}").get_data(as_text=True)
    assert "beendet" in overview


@pytest.mark.usefixtures("leitung")
def test_closing_names_only_the_tables_whose_list_is_open(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 12)
    draw_round(client, tournament_id, seed=1)
    round_action(client, tournament_id, 1, "starten")
    complete_lists(app, tournament_id, 1)
    with app.app_context():
        table = _round(tournament_id, 1).tables[1]
        table.entries.clear()
        db.session.commit()
    page = round_action(client, tournament_id, 1, "abschliessen").get_data(as_text=True)
    assert (
        "Runde 1 kann noch nicht abgeschlossen werden: Tisch 2: 24 Spiele fehlen noch."
        in flashes(page)
    )
    assert _status(app, tournament_id, 1) is RoundStatus.RUNNING


@pytest.mark.usefixtures("leitung")
def test_tournament_status_follows_its_rounds(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 4, rounds=1)

    def status() -> str:
        with app.app_context():
            tournament = db.session.get(Tournament, tournament_id)
            assert tournament is not None
            return tournament.status.label

    draw_round(client, tournament_id, seed=1)
    assert status() == "geplant"
    round_action(client, tournament_id, 1, "starten")
    assert status() == "läuft"
    complete_lists(app, tournament_id, 1)
    round_action(client, tournament_id, 1, "abschliessen")
    assert status() == "beendet"


@pytest.mark.usefixtures("leitung")
def test_closing_a_round_that_is_only_drawn_is_refused(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 4)
    draw_round(client, tournament_id, seed=1)
    before = snapshot(app)
    page = _post(
        client,
        f"/turniere/{tournament_id}/runden/1/abschliessen",
        version=tournament_version(app, tournament_id),
    )
    assert "Runde 1 läuft nicht und kann nicht abgeschlossen werden." in flashes(page)
    assert snapshot(app) == before


# ------------------------------------------------------------------ the printed pages


@pytest.mark.usefixtures("leitung")
def test_table_plan_marks_who_deals_first_and_who_keeps_the_list(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _tournament_with(client, 13)
    draw_round(client, tournament_id, seed=8)
    page = client.get(f"/turniere/{tournament_id}/runden/1").get_data(as_text=True)
    tables = _plan_page(page)
    assert [number for number, _ in tables] == [1, 2, 3]
    for _, rows in tables:
        size = len(rows)
        assert [position for position, _, _ in rows] == list(range(1, size + 1))
        for position, _, cell in rows:
            assert ("gibt zuerst" in cell) == (position == 1)
            assert ("führt Liste" in cell) == (position == size)
    assert sorted(len(rows) for _, rows in tables) == [4, 4, 5]
    assert "Tisch 3 (fünf Spieler)" in page


@pytest.mark.usefixtures("leitung")
def test_seat_list_is_alphabetical(app: Flask, client: FlaskClient) -> None:
    tournament_id = create_tournament(client)
    names = ["Zander", "ärger Anna", "Bauer", "Özdemir", "adam", "Ulm", "Übel", "Meier"]
    paste_players(client, tournament_id, "\n".join(names))
    draw_round(client, tournament_id, seed=4)
    page = client.get(f"/turniere/{tournament_id}/runden/1/sitzplaetze").get_data(as_text=True)
    rows = re.findall(
        r"<tr data-suche=\"[^\"]*\" data-nr=\"\d+\"><td><a class=\"player-link\" href=\"[^\"]*\">"
        r"(.*?)</a></td><td>(\d+)</td><td><strong>(\d+)</strong></td><td>(\d+)</td></tr>",
        page,
    )
    assert [name for name, *_ in rows] == [
        "adam",
        "ärger Anna",
        "Bauer",
        "Meier",
        "Özdemir",
        "Übel",
        "Ulm",
        "Zander",
    ]
    tables = _plan(app, tournament_id, 1)
    for _, start, table, position in rows:
        assert tables[int(table) - 1][int(position) - 1] == int(start)


@pytest.mark.usefixtures("leitung")
def test_table_cards_one_per_table(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 13)
    draw_round(client, tournament_id, seed=8)
    page = client.get(f"/turniere/{tournament_id}/runden/1/tischkarten").get_data(as_text=True)
    cards = page.split('<article class="table-card">')[1:]
    tables = _plan(app, tournament_id, 1)
    assert len(cards) == len(tables) == 3
    for number, (card, table) in enumerate(zip(cards, tables, strict=True), start=1):
        assert f"Tisch {number}</h2>" in card
        assert re.findall(r"Nr\. (\d+)", card) == [str(n) for n in table]
        assert card.count("gibt zuerst") == 1
        assert card.count("führt Liste") == 1
        games = "30 Spiele · 125 Minuten" if len(table) == 5 else "24 Spiele · 100 Minuten"
        assert games in card


@pytest.mark.usefixtures("leitung")
def test_unknown_round_gives_404(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 4)
    draw_round(client, tournament_id, seed=1)
    base = f"/turniere/{tournament_id}/runden"
    for path in (
        f"{base}/2",
        f"{base}/0",
        f"{base}/2/sitzplaetze",
        f"{base}/2/tischkarten",
        f"{base}/2/auslosung.json",
        f"{base}/2/stand",
        f"{base}/abc",
        "/turniere/999/runden/1",
    ):
        assert client.get(path).status_code == 404, path
    token = csrf_token(client, "/")
    version = tournament_version(app, tournament_id)
    for action in ("starten", "neu-auslosen", "abschliessen"):
        response = client.post(f"{base}/7/{action}", data={"csrf_token": token, "version": version})
        assert response.status_code == 404, action


@pytest.mark.usefixtures("leitung")
def test_round_actions_with_garbage_version_change_nothing(app: Flask, client: FlaskClient) -> None:
    tournament_id = _tournament_with(client, 8)
    draw_round(client, tournament_id, seed=1)
    before = snapshot(app)
    base = f"/turniere/{tournament_id}/runden/1"
    for version in ("", "abc", "-1", "0", "1.0"):
        for action in ("starten", "neu-auslosen", "abschliessen"):
            page = _post(client, f"{base}/{action}", version=version)
            [message] = flashes(page)
            assert STALE in message or message.startswith("Nicht ausgeführt:"), message
    assert snapshot(app) == before
