"""The DDV ranking report (``tournament/ddv_report/``, ``tournament/domain/ddv_report.py``): a
32-player, 3-round DDV tournament played through the app's pages qualifies and its report
carries the standings' own values; each plausibility check names what it finds, and bad data
(missing or malformed DDV numbers, a house rule set) stays in the files, named."""

from __future__ import annotations

import csv
import io
import json
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.support.apps import CopiedDay
from tests.support.webapp import (
    add_account,
    complete_lists,
    create_tournament,
    created_tournament_id,
    draw_round,
    log_in,
    log_out,
    paste_players,
    post_new_tournament,
    round_action,
    sign_in,
)
from tournament.domain import list_store, rule_sets, score_lists, standings
from tournament.extensions import db
from tournament.models import Player, Registration, Role, Round, Tournament
from tournament.texts import ddv_report as words

PLAYERS = 32
ROUNDS = 3
CLUBS = ("Kreuz Kiel", "Pik Plön", "Herz Husum", "Karo Kappeln")


def _ddv(index: int) -> str:
    return f"{10000 + index}"


def _build(app: Flask, client: FlaskClient) -> int:
    """32 players with clubs and DDV numbers, three rounds drawn, played and closed."""
    sign_in(app, client)
    tid = create_tournament(client, "Ranglistenturnier", rounds=ROUNDS)
    lines = [f"Spieler {i:03d}; {CLUBS[i % len(CLUBS)]}; {_ddv(i)}" for i in range(1, 33)]
    paste_players(client, tid, "\n".join(lines))
    for number in range(1, ROUNDS + 1):
        draw_round(client, tid, seed=number)
        round_action(client, tid, number, "starten")
        complete_lists(app, tid, number, seed=number * 11)
        round_action(client, tid, number, "abschliessen")
    return tid


@pytest.fixture
def played(copied_day: CopiedDay) -> int:
    """The tournament, built once per database and worker, then copied."""
    return copied_day((__name__, "played"), lambda: _build(copied_day.app, copied_day.client))


def _csv(client: FlaskClient, tid: int) -> tuple[str, list[list[str]]]:
    response = client.get(f"/turniere/{tid}/ddv-rangliste.csv")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    data = response.get_data()
    assert data.startswith("\ufeff".encode())
    text = data.decode("utf-8-sig")
    return response.headers["Content-Disposition"], list(
        csv.reader(io.StringIO(text), delimiter=";")
    )


def _split(lines: list[list[str]]) -> tuple[dict[str, str], list[list[str]], list[list[str]]]:
    """The CSV's head (label: value), findings (level, sentence, source) and table."""
    blank = lines.index([])
    head = {line[0]: line[1] for line in lines[:blank] if len(line) == 2}
    findings = [line for line in lines[:blank] if len(line) == 3]
    assert lines[blank + 1] == list(words.COLUMNS)
    return head, findings, lines[blank + 2 :]


def _page(client: FlaskClient, tid: int) -> str:
    response = client.get(f"/turniere/{tid}/ddv-rangliste")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    return response.get_data(as_text=True)


def _expected(app: Flask, tid: int) -> list[list[str]]:
    """The table as the standings have it: place, DDV number, name, club, total, closed
    rounds, Rundenschnitt to two decimals, start number."""
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        people = {
            r.start_number: r.player
            for r in db.session.execute(
                select(Registration).where(Registration.tournament_id == tid)
            ).scalars()
        }
        rows = []
        for row in standings.overall(tournament).rows:
            player = people[row.start_number]
            average = (
                ""
                if row.average is None
                else str(row.average.quantize(Decimal("0.01"), ROUND_HALF_UP)).replace(".", ",")
            )
            rows.append(
                [
                    str(row.rank),
                    player.ddv_number or "",
                    player.name,
                    player.club,
                    str(row.total),
                    str(row.rounds_played),
                    average,
                    str(row.start_number),
                ]
            )
        return rows


def _set_ddv(app: Flask, numbers: dict[str, str | None]) -> None:
    """Players' DDV numbers set in the database (as older data or another tool may hold
    them: the registration's own check refuses a malformed one)."""
    with app.app_context():
        for name, ddv in numbers.items():
            player = db.session.execute(select(Player).where(Player.name == name)).scalar_one()
            player.ddv_number = ddv
        db.session.commit()


def _checks(page: str) -> list[str]:
    return [check for check in words.Check if f'data-check="{check.value}"' in page]


def test_a_32_player_ddv_tournament_qualifies_with_the_standings_values(
    app: Flask, client: FlaskClient, played: int
) -> None:
    page = _page(client, played)
    assert words.QUALIFIES in page
    assert words.NO_FINDINGS in page
    disposition, lines = _csv(client, played)
    assert disposition == f'attachment; filename="ddv-rangliste-{played}-2026-11-21.csv"'
    head, findings, table = _split(lines)
    assert findings == []
    assert head == {
        words.HEAD_NAME: "Ranglistenturnier",
        words.HEAD_DATE: "21.11.2026",
        words.HEAD_VENUE: "Kiel",
        words.HEAD_RULE_SET: head[words.HEAD_RULE_SET],
        words.HEAD_PLAYERS: "32",
        words.HEAD_REGISTERED: "32",
        words.HEAD_ROUNDS: "3",
        words.HEAD_PLANNED: "3",
        words.HEAD_STATUS: words.STATUS_QUALIFIES,
    }
    assert "DDV" in head[words.HEAD_RULE_SET]
    assert table == _expected(app, played)
    assert len(table) == PLAYERS
    assert {row[1] for row in table} == {_ddv(i) for i in range(1, 33)}
    assert all(row[5] == "3" for row in table)
    # The tournament's own standings CSV (place, total, Schnitt to one decimal, rounds) by
    # start number says the same.
    text = client.get(f"/turniere/{played}/stand.csv").get_data().decode("utf-8-sig")
    header, *own = list(csv.reader(io.StringIO(text), delimiter=";"))
    column = {name: header.index(name) for name in ("Platz", "Nr.", "Summe", "Schnitt", "Runden")}
    published = {
        line[column["Nr."]]: (
            line[column["Platz"]],
            line[column["Summe"]],
            line[column["Runden"]],
            Decimal(line[column["Schnitt"]].replace(",", ".")),
        )
        for line in own
    }
    assert len(published) == PLAYERS
    for row in table:
        rank, total, rounds, average = published[row[7]]
        assert (row[0], row[4], row[5]) == (rank, total, rounds)
        assert abs(Decimal(row[6].replace(",", ".")) - average) <= Decimal("0.05")


def test_a_player_without_ddv_number_stays_in_the_file_named(
    app: Flask, client: FlaskClient, played: int
) -> None:
    _set_ddv(app, {"Spieler 007": None})
    page = _page(client, played)
    assert _checks(page) == [words.Check.DDV_MISSING]
    assert "Spieler 007 (Nr. 7) hat keine DDV-Nr." in page
    assert words.QUALIFIES in page  # a warning: the tournament still counts
    _, lines = _csv(client, played)
    _, findings, table = _split(lines)
    assert [f[0] for f in findings] == ["Warnung"]
    assert "Spieler 007" in findings[0][1]
    assert findings[0][2] == words.SOURCES[words.Check.DDV_MISSING]
    (row,) = [row for row in table if row[2] == "Spieler 007"]
    assert row[1] == ""
    assert len(table) == PLAYERS
    assert table == _expected(app, played)


def test_malformed_and_repeated_ddv_numbers_are_errors(
    app: Flask, client: FlaskClient, played: int
) -> None:
    _set_ddv(app, {"Spieler 003": "12 34", "Spieler 004": "4711-2", "Spieler 005": "47112"})
    page = _page(client, played)
    assert _checks(page) == [words.Check.DDV_MALFORMED, words.Check.DDV_TWICE]
    assert "Spieler 003 (Nr. 3) hat keine gültige DDV-Nr. („12 34“)" in page
    assert "Spieler 004 (Nr. 4, „4711-2“), Spieler 005 (Nr. 5, „47112“)" in page
    assert words.not_qualifying(2) in page
    disposition, lines = _csv(client, played)
    assert "NICHT-RANGLISTENFAEHIG" in disposition
    head, findings, table = _split(lines)
    assert head[words.HEAD_STATUS] == words.STATUS_NOT
    assert [f[0] for f in findings] == ["Fehler", "Fehler"]
    assert table == _expected(app, played)


def test_penalties_on_a_list_are_a_note(app: Flask, client: FlaskClient, played: int) -> None:
    with app.app_context():
        round_ = db.session.execute(
            select(Round).where(Round.tournament_id == played, Round.number == 2)
        ).scalar_one()
        table = round_.tables[0]
        offender = str(table.seats[0].registration.start_number)
        entries = [json.loads(text) for text in list_store.entry_texts(table)]
        penalty = {"kind": "penalty", "category": "geringfuegig", "offender": offender}
        report: dict[str, Any] = score_lists.replace_entries(table, [penalty, *entries], None)
        assert report["valid"], report["findings"]
        db.session.commit()
    page = _page(client, played)
    assert _checks(page) == [words.Check.PENALTIES]
    assert "Auf 1 Liste stehen Strafen (Runde 2 Tisch 1)" in page
    assert words.QUALIFIES in page
    _, lines = _csv(client, played)
    _, findings, table = _split(lines)
    assert [f[0] for f in findings] == ["Hinweis"]
    assert table == _expected(app, played)


def test_a_player_registered_after_the_last_round_has_no_round(
    app: Flask, client: FlaskClient, played: int
) -> None:
    paste_players(client, played, "Spät Ankommer; Kreuz Kiel; 99999")
    page = _page(client, played)
    assert _checks(page) == [words.Check.NO_ROUND]
    assert "Spät Ankommer (Nr. 33) hat keine abgeschlossene Runde gespielt" in page
    _, lines = _csv(client, played)
    head, _, table = _split(lines)
    assert head[words.HEAD_PLAYERS] == "32"
    assert head[words.HEAD_REGISTERED] == "33"
    (row,) = [row for row in table if row[2] == "Spät Ankommer"]
    assert row[1:] == ["99999", "Spät Ankommer", "Kreuz Kiel", "0", "0", "", "33"]


def test_a_small_tournament_with_a_round_running_says_why_it_does_not_qualify(
    client: FlaskClient, running: dict[str, Any]
) -> None:
    tid = running["tid"]
    page = _page(client, tid)
    assert _checks(page) == [
        words.Check.TOO_FEW_PLAYERS,
        words.Check.TOO_FEW_ROUNDS,
        words.Check.ROUNDS_MISSING,
        words.Check.ROUND_OPEN,
        words.Check.DDV_MISSING,
        words.Check.NO_ROUND,
    ]
    assert (
        "Runde 1 ist noch nicht abgeschlossen (läuft), Listen nicht vollständig an Tisch 1, 2"
        in page
    )
    assert "Nur 0 Spieler haben mindestens eine Runde gespielt" in page
    assert "Nur 0 abgeschlossene Runden" in page
    assert "Geplant sind 3 Runden, abgeschlossen sind 0" in page
    assert words.not_qualifying(2) in page
    _, lines = _csv(client, tid)
    head, findings, table = _split(lines)
    assert head[words.HEAD_STATUS] == words.STATUS_NOT
    assert len(table) == 9
    assert [f[0] for f in findings][:2] == ["Fehler", "Fehler"]
    assert sum(1 for f in findings if "keine DDV-Nr." in f[1]) == 9


def test_a_tournament_under_a_house_rule_set_is_marked_and_named(
    client: FlaskClient, app: Flask
) -> None:
    sign_in(app, client)
    tid = created_tournament_id(
        post_new_tournament(client, "Schweinchenabend", rules_preset="schweinchen")
    )
    paste_players(client, tid, "Anna; ; A-1\nBen; ; B-2")
    page = _page(client, tid)
    assert _checks(page)[0] == words.Check.RULE_SET
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        name = rule_sets.name_of(tournament)
    assert f"nach dem Regelwerk „{name}“ gespielt" in page
    disposition, lines = _csv(client, tid)
    assert disposition.endswith('-NICHT-RANGLISTENFAEHIG.csv"')
    head, findings, table = _split(lines)
    assert head[words.HEAD_RULE_SET] == name
    assert head[words.HEAD_STATUS] == words.STATUS_NOT
    assert findings[0][0] == "Fehler" and name in findings[0][1]
    assert [row[1:4] for row in table] == [["A-1", "Anna", ""], ["B-2", "Ben", ""]]
    xlsx = client.get(f"/turniere/{tid}/ddv-rangliste.xlsx")
    assert xlsx.status_code == 200
    assert xlsx.headers["Content-Disposition"].endswith('-NICHT-RANGLISTENFAEHIG.xlsx"')


def test_text_that_a_spreadsheet_would_run_is_quoted_in_the_csv(
    app: Flask, client: FlaskClient, played: int
) -> None:
    with app.app_context():
        player = db.session.execute(select(Player).where(Player.name == "Spieler 001")).scalar_one()
        player.club = "=HYPERLINK(1)"
        db.session.commit()
    _, lines = _csv(client, played)
    _, _, table = _split(lines)
    (row,) = [row for row in table if row[2] == "Spieler 001"]
    assert row[3] == "'=HYPERLINK(1)"


def test_only_the_turnierleitung_sees_the_report(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    tid = running["tid"]
    page = client.get(f"/turniere/{tid}").get_data(as_text=True)
    assert f'href="/turniere/{tid}/ddv-rangliste"' in page
    assert client.get("/turniere/999999/ddv-rangliste").status_code == 404
    log_out(client)
    for path in ("ddv-rangliste", "ddv-rangliste.csv", "ddv-rangliste.xlsx"):
        assert client.get(f"/turniere/{tid}/{path}").status_code == 302
    assert f'href="/turniere/{tid}/ddv-rangliste"' not in client.get(f"/turniere/{tid}").get_data(
        as_text=True
    )
    add_account(app, "schiri", role=Role.SCHIEDSRICHTER)
    assert log_in(client, "schiri").status_code == 302
    for path in ("ddv-rangliste", "ddv-rangliste.csv", "ddv-rangliste.xlsx"):
        assert client.get(f"/turniere/{tid}/{path}").status_code == 403
