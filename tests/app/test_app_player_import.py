"""Registering players from a file (.xlsx, .csv) on the players page.

The file becomes the preview of a paste, with the file's row numbers, and is registered only
when the preview is confirmed, all or nothing. A file that cannot be used (not a spreadsheet,
damaged, hostile, ambiguous) shows the players page again with the reason at the upload field,
HTTP 400, and nothing changed.
"""

from __future__ import annotations

import io
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.test import TestResponse

from tests.support import spreadsheet_files as files
from tests.support.uploads import BAD_FILES
from tests.support.webapp import (
    create_tournament,
    csrf_token,
    field_errors,
    flashes,
    paste_players,
    send,
    sign_in,
    snapshot,
    submit,
)
from tournament.extensions import db
from tournament.models import Player, Registration

NOTHING = "Es wurde nichts geändert."
_ROW = re.compile(r'<tr class="(ok|match|refused)">\s*<td>(\d+)</td>(.*?)</tr>', re.S)


def _players_page(tournament_id: int) -> str:
    return f"/turniere/{tournament_id}/spieler/"


def upload(client: FlaskClient, tournament_id: int, data: bytes, filename: str) -> TestResponse:
    """Choose ``data`` as ``filename`` in the upload form of the players page and send it."""
    path = _players_page(tournament_id)
    page = client.get(path).get_data(as_text=True)
    assert 'enctype="multipart/form-data"' in page
    assert f'action="{path}datei"' in page
    return client.post(
        f"{path}datei",
        data={"csrf_token": csrf_token(client, path), "file": (io.BytesIO(data), filename)},
        content_type="multipart/form-data",
    )


def confirm(client: FlaskClient, tournament_id: int, preview: TestResponse) -> TestResponse:
    """Press "… Spieler anmelden" on the preview; followed."""
    return send(
        client,
        preview.get_data(as_text=True),
        f"{_players_page(tournament_id)}einfuegen",
        button="bestaetigen",
        follow=True,
    )


def rows(page: str) -> list[tuple[int, str, str]]:
    """(line, ok/match/refused, the row's text) of every line of the preview."""
    found = []
    for kind, line, cells in _ROW.findall(page):
        text = " ".join(re.sub(r"<[^>]+>", " ", cells).split())
        found.append((int(line), kind, text))
    return found


def registered(app: Flask, tournament_id: int) -> list[tuple[int, str, str, str | None]]:
    with app.app_context():
        query = (
            select(Registration.start_number, Player.name, Player.club, Player.ddv_number)
            .join(Player)
            .where(Registration.tournament_id == tournament_id)
            .order_by(Registration.start_number)
        )
        return [(n, name, club, ddv) for n, name, club, ddv in db.session.execute(query).all()]


@pytest.fixture
def tournament(app: Flask, client: FlaskClient) -> int:
    """Signed in as the Turnierleitung, with an empty tournament."""
    sign_in(app, client)
    return create_tournament(client)


# ------------------------------------------------------------------ good files


def test_players_page_offers_the_upload(client: FlaskClient, tournament: int) -> None:
    page = client.get(_players_page(tournament)).get_data(as_text=True)
    assert "Spielerliste als Datei (.xlsx oder .csv)" in page
    assert 'type="file"' in page
    assert 'accept=".xlsx,.xlsm,.csv"' in page
    assert "Datei hochladen" in page


def test_xlsx_upload_previews_with_the_file_row_numbers_then_registers(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    data = files.workbook(
        {
            "Anmeldungen": [
                [None],
                ["Name", "Verein", "DDV-Nr."],
                ["Anna Schmidt", "DK Kiel", 12345],
                [None, None, None],
                ["Bernd Meier", None, 4711.0],
                ["Clara Wolf", "Herz-Buben Hamburg", "A-77"],
            ]
        }
    )
    before = snapshot(app)
    response = upload(client, tournament, data, "anmeldungen.xlsx")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Vorschau der Anmeldung" in page
    assert "Aus der Datei „anmeldungen.xlsx“, Blatt „Anmeldungen“" in page
    assert rows(page) == [
        (3, "ok", "Anna Schmidt DDV 12345 DK Kiel neu"),
        (5, "ok", "Bernd Meier DDV 4711 neu"),
        (6, "ok", "Clara Wolf DDV A-77 Herz-Buben Hamburg neu"),
    ]
    assert "3 Spieler anmelden" in page
    assert snapshot(app) == before
    page = confirm(client, tournament, response).get_data(as_text=True)
    assert "3 Spieler angemeldet." in flashes(page)
    assert registered(app, tournament) == [
        (1, "Anna Schmidt", "DK Kiel", "12345"),
        (2, "Bernd Meier", "", "4711"),
        (3, "Clara Wolf", "Herz-Buben Hamburg", "A-77"),
    ]


def test_csv_upload_previews_then_registers(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    response = upload(client, tournament, files.csv_cp1252_semicolons(), "liste.csv")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert rows(page) == [(2, "ok", "Jürgen Größe DDV 4711 Kölner Asse neu")]
    confirm(client, tournament, response)
    assert registered(app, tournament) == [(1, "Jürgen Größe", "Kölner Asse", "4711")]


def test_csv_with_bom_and_commas(app: Flask, client: FlaskClient, tournament: int) -> None:
    response = upload(client, tournament, files.csv_bom_commas(), "liste.csv")
    assert rows(response.get_data(as_text=True)) == [
        (2, "ok", "Anna Schmidt DK Kiel, Abt. 2 neu"),
        (3, "ok", "Zoë Ørsted neu"),
    ]
    confirm(client, tournament, response)
    assert registered(app, tournament) == [
        (1, "Anna Schmidt", "DK Kiel, Abt. 2", None),
        (2, "Zoë Ørsted", "", None),
    ]


def test_moved_and_extra_columns_are_read_by_their_headings(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    data = files.workbook(
        {
            "Tabelle1": [
                ["Nr.", " VEREIN ", "E-Mail", "Vorname", "Nachname", "Mitglieds-Nr."],
                [1, "DK Kiel", "a@example.org", "Anna", "Schmidt", 111],
                [2, None, None, "Bernd", "Meier", None],
            ]
        }
    )
    response = upload(client, tournament, data, "liste.xlsx")
    page = response.get_data(as_text=True)
    assert rows(page) == [
        (2, "ok", "Anna Schmidt DDV 111 DK Kiel neu"),
        (3, "ok", "Bernd Meier neu"),
    ]
    assert "Vorname aus Spalte D („Vorname“), Nachname aus Spalte E („Nachname“)" in page
    confirm(client, tournament, response)
    assert registered(app, tournament) == [
        (1, "Anna Schmidt", "DK Kiel", "111"),
        (2, "Bernd Meier", "", None),
    ]


def test_the_players_sheet_of_an_exported_workbook_is_read(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "Anna Schmidt; DK Kiel; 111\nBernd Meier")
    exported = client.get(f"/turniere/{tournament}/turnier.xlsx")
    assert exported.status_code == 200
    second = create_tournament(client, "Wintertunier")
    response = upload(client, second, exported.get_data(), "herbst.xlsx")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Blatt „Spieler“" in page
    # Both are known from the first tournament: the Turnierleitung decides.
    assert [(line, kind) for line, kind, _ in rows(page)] == [(2, "match"), (3, "match")]
    page = send(
        client,
        page,
        f"/turniere/{second}/spieler/einfuegen",
        {"zeile-2": "1", "zeile-3": "2"},
        button="bestaetigen",
        follow=True,
    ).get_data(as_text=True)
    assert "2 Spieler angemeldet." in flashes(page)
    assert registered(app, second) == [
        (1, "Anna Schmidt", "DK Kiel", "111"),
        (2, "Bernd Meier", "", None),
    ]


# Names at the edge of the one rule for names (``names.problem``): a comma, text a
# spreadsheet would run as a formula, digits, a word Excel reads as a truth value, an "#"
# that is no error value, the longest name, characters outside the BMP.
EDGE_NAMES = [
    ("Müller, Hans", "Verein, e.V.", "12-34"),
    ("=SUMME(A1:A3)", "+49 Club", None),
    ("-Anna-", "@Kiel", None),
    ("12345", "#WERT", None),
    ("WAHR", "FALSCH", None),
    ("#1 Bernd", "", None),
    ("'Clara", "O’Brien & Söhne", None),
    ("Zoë 🂡 " + "N" * 73, "V" * 120, None),
]


def test_an_exported_tournament_reads_back_as_its_player_list_with_names_at_the_edge(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    """Whatever a name may be (pasted, or saved on the player page), the Spieler sheet of the
    tournament's workbook reads back as the same player list."""
    paste_players(client, tournament, "\n".join(f"Platz {i}" for i in range(len(EDGE_NAMES))))
    for start, (name, club, ddv) in enumerate(EDGE_NAMES, start=1):
        with app.app_context():
            registration = db.session.execute(
                select(Registration).where(
                    Registration.tournament_id == tournament, Registration.start_number == start
                )
            ).scalar_one()
            path = f"/turniere/{tournament}/spieler/{registration.id}"
        data = {"name": name, "club": club, "ddv_number": ddv or ""}
        response = submit(client, path, data=data, follow=True)
        assert field_errors(response.get_data(as_text=True), "name") == []
    expected = [(n, name, club, ddv) for n, (name, club, ddv) in enumerate(EDGE_NAMES, start=1)]
    assert registered(app, tournament) == expected
    exported = client.get(f"/turniere/{tournament}/turnier.xlsx")
    assert exported.status_code == 200
    with app.app_context():
        holder = db.session.execute(
            select(Player.id).where(Player.ddv_number == "12-34")
        ).scalar_one()
    second = create_tournament(client, "Wintertunier")
    preview = upload(client, second, exported.get_data(), "herbst.xlsx")
    assert preview.status_code == 200
    page = preview.get_data(as_text=True)
    lines = range(2, len(EDGE_NAMES) + 2)
    assert [(line, kind) for line, kind, _ in rows(page)] == [(line, "match") for line in lines]
    page = send(
        client,
        page,
        f"/turniere/{second}/spieler/einfuegen",
        # The player with the DDV number is that player; the others new people of the same
        # names (either way the names as read back are stored).
        {f"zeile-{line}": "neu" for line in lines} | {"zeile-2": str(holder)},
        button="bestaetigen",
        follow=True,
    ).get_data(as_text=True)
    assert f"{len(EDGE_NAMES)} Spieler angemeldet." in flashes(page)
    assert registered(app, second) == expected


def test_a_name_stored_before_the_rule_is_named_when_its_export_is_read_back(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    """A tournament may hold a name with a semicolon from before the rule: the Spieler sheet
    shows it as it is, and reading the sheet back refuses the file naming its cell (the
    Turnierleitung replaces the semicolon in the file, or on the player page first)."""
    paste_players(client, tournament, "Anna Schmidt\nBernd Meier")
    with app.app_context():
        player = db.session.execute(select(Player).where(Player.name == "Bernd Meier")).scalar_one()
        player.name = "Bernd; Meier"
        db.session.commit()
    exported = client.get(f"/turniere/{tournament}/turnier.xlsx").get_data()
    second = create_tournament(client, "Wintertunier")
    response = upload(client, second, exported, "herbst.xlsx")
    assert response.status_code == 400
    [message] = field_errors(response.get_data(as_text=True), "file")
    assert "Blatt „Spieler“" in message
    assert "Zellen mit einem Semikolon" in message and "B3" in message


def test_already_registered_player_is_refused_with_the_file_row(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "Bernd Meier")
    before = snapshot(app)
    response = upload(client, tournament, files.good_workbook(), "liste.xlsx")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert [(line, kind) for line, kind, _ in rows(page)] == [
        (2, "ok"),
        (3, "refused"),
        (4, "ok"),
    ]
    assert "Bernd Meier ist schon angemeldet (Startnummer 1)" in rows(page)[1][2]
    assert "Spieler anmelden</button>" not in page
    assert "Es wurde noch niemand angemeldet." in " ".join(flashes(page))
    # Confirmed anyway (a crafted request): nothing, with the file's row number.
    page = send(
        client,
        page,
        f"/turniere/{tournament}/spieler/einfuegen",
        {"bestaetigen": "1"},
        follow=True,
    ).get_data(as_text=True)
    assert (
        "Nichts angemeldet. Zeile 3: Bernd Meier ist schon angemeldet (Startnummer 1) – eine "
        "andere Person gleichen Namens bitte mit Verein oder DDV-Nr. eintragen."
    ) in flashes(page)
    assert snapshot(app) == before


def test_namesakes_in_a_file_are_registered_as_two_people(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    data = files.workbook(
        {
            "Liste": [
                ["Name", "Verein", "DDV-Nr."],
                ["Hans Müller", "SC Bonn", None],
                ["Hans Müller", None, 4711],
                ["Hans Müller", "SC Bonn", None],
            ]
        }
    )
    page = upload(client, tournament, data, "liste.xlsx").get_data(as_text=True)
    assert [(line, kind) for line, kind, _ in rows(page)] == [(2, "ok"), (3, "ok"), (4, "refused")]
    assert "gleichnamig mit Zeile 2 – wird als weitere Person angemeldet" in rows(page)[1][2]
    assert "steht genauso schon in Zeile 2" in rows(page)[2][2]
    data = files.workbook(
        {
            "Liste": [
                ["Name", "Verein", "DDV-Nr."],
                ["Hans Müller", "SC Bonn"],
                ["Hans Müller", None, 4711],
            ]
        }
    )
    page = confirm(client, tournament, upload(client, tournament, data, "liste.xlsx")).get_data(
        as_text=True
    )
    assert "2 Spieler angemeldet." in flashes(page)
    assert registered(app, tournament) == [
        (1, "Hans Müller", "SC Bonn", None),
        (2, "Hans Müller", "", "4711"),
    ]


def test_row_without_a_name_is_refused_with_its_row(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    data = files.workbook({"Liste": [["Verein", "Name"], ["DK Kiel", "Anna"], ["DK Kiel", None]]})
    page = upload(client, tournament, data, "liste.xlsx").get_data(as_text=True)
    assert rows(page)[1][:2] == (3, "refused")
    assert "hat keinen Namen" in rows(page)[1][2]


def test_line_breaks_in_cells_do_not_shift_the_rows(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    data = files.workbook(
        {"Liste": [["Name", "Verein"], ["Anna\nSchmidt", "DK\r\nKiel"], ["Bernd Meier", None]]}
    )
    page = upload(client, tournament, data, "liste.xlsx").get_data(as_text=True)
    assert rows(page) == [(2, "ok", "Anna Schmidt DK Kiel neu"), (3, "ok", "Bernd Meier neu")]


# ------------------------------------------------------------------ refused files


def refused(app: Flask, client: FlaskClient, tournament: int, data: bytes, filename: str) -> str:
    """Upload a file that must be refused; the message at the upload field."""
    paste_players(client, tournament, "Zora Alt; DK Kiel; 999")
    before = snapshot(app)
    response = upload(client, tournament, data, filename)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Vorschau der Anmeldung" not in page
    [message] = field_errors(page, "file")
    assert snapshot(app) == before
    return message


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_bad_file_is_refused_and_nothing_changes(
    app: Flask, client: FlaskClient, tournament: int, case: str
) -> None:
    build, filename, expected = BAD_FILES[case]
    message = refused(app, client, tournament, build(), filename)
    assert expected in message
    assert message.endswith(NOTHING)
    assert "Zora Alt" in client.get(_players_page(tournament)).get_data(as_text=True)


def test_missing_name_column_is_refused_naming_the_columns_found(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    data = files.workbook({"Liste": [["Nr.", "Vorname", "Club"], [1, "Anna", "DK Kiel"]]})
    message = refused(app, client, tournament, data, "liste.xlsx")
    assert "keine Spalte „Name“" in message
    assert "gefunden: „Nr.“, „Vorname“, „Club“" in message


def test_old_xls_by_its_name_is_refused_by_the_form(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    message = refused(app, client, tournament, files.XLS_FILE, "liste.xls")
    assert "als „Excel-Arbeitsmappe (.xlsx)“ speichern" in message


def test_upload_without_a_file_is_refused(app: Flask, client: FlaskClient, tournament: int) -> None:
    before = snapshot(app)
    path = _players_page(tournament)
    response = client.post(
        f"{path}datei",
        data={"csrf_token": csrf_token(client, path)},
        content_type="multipart/form-data",
    )
    assert response.status_code == 400
    assert field_errors(response.get_data(as_text=True), "file") == ["Bitte eine Datei auswählen."]
    assert snapshot(app) == before


def test_upload_without_csrf_token_is_refused(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    before = snapshot(app)
    response = client.post(
        f"{_players_page(tournament)}datei",
        data={"file": (io.BytesIO(files.good_workbook()), "liste.xlsx")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 400
    assert "Vorschau der Anmeldung" not in response.get_data(as_text=True)
    assert snapshot(app) == before


def test_upload_over_the_request_limit_gives_413(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    before = snapshot(app)
    path = _players_page(tournament)
    response = client.post(
        f"{path}datei",
        data={
            "csrf_token": csrf_token(client, path),
            "file": (io.BytesIO(bytes(9 * 1024 * 1024)), "liste.xlsx"),
        },
        content_type="multipart/form-data",
    )
    assert response.status_code == 413
    assert snapshot(app) == before


def test_upload_needs_the_turnierleitung(app: Flask, client: FlaskClient, tournament: int) -> None:
    path = _players_page(tournament)
    token = csrf_token(client, path)
    client.post("/abmelden", data={"csrf_token": token})
    before = snapshot(app)
    response = client.post(
        f"{path}datei",
        data={"csrf_token": token, "file": (io.BytesIO(files.good_workbook()), "liste.xlsx")},
        content_type="multipart/form-data",
    )
    assert response.status_code in (302, 403)
    assert snapshot(app) == before
