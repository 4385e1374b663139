"""Score lists read in from Excel: upload, preview with every row accepted or
refused by cell and rule, confirm all or nothing; the export read back gives the same list."""

from __future__ import annotations

import html
import io
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet
from sqlalchemy import select

from rules_engine.simulate import random_list
from tests.support.apps import CopiedDay
from tests.support.scorelists import make_round, make_tournament
from tests.support.uploads import (
    BAD_FILES,
    all_lists,
    clear_lists,
    confirm,
    page_shaped,
    table_path,
    tournament_with_lists,
    upload,
)
from tests.support.webapp import (
    flashes,
    others_can_write,
    snapshot,
)
from tournament.domain import list_entries as entries
from tournament.domain import list_store, score_lists, table_play
from tournament.domain.excel import exports, list_cells
from tournament.excel import imports
from tournament.extensions import db
from tournament.models import Round, RoundStatus, RoundTable, User
from tournament.texts.list_cells import PLUS_POINTS_HINT

POINTS_1 = len(list_cells.FIXED) + 1  # column of "Punkte 1"

#: ``lists_day(rounds=1)``: the tournament of ``tournament_with_lists``, its id.
ListsDay = Callable[..., int]


@pytest.fixture
def lists_day(app: Flask, client: FlaskClient, copied_day: CopiedDay) -> ListsDay:
    """Nine players with every list of their rounds complete (``tournament_with_lists``),
    built once per database, worker and number of rounds, then copied for each test."""

    def day(rounds: int = 1) -> int:
        return copied_day(("lists", rounds), lambda: tournament_with_lists(app, client, rounds))

    return day


def edited(data: bytes, change: Any) -> bytes:
    """The workbook with ``change(sheet)`` applied, saved as a spreadsheet program would."""
    book = load_workbook(io.BytesIO(data))
    sheet = book.active
    assert isinstance(sheet, Worksheet)
    change(sheet)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def row_of_game(sheet: Worksheet, number: int) -> int:
    """The row of the ``number``-th Normalspiel of the sheet."""
    rows = [r for r in range(13, sheet.max_row + 1) if sheet.cell(r, 3).value == "Normalspiel"]
    return rows[number - 1]


def table_of_four(app: Flask, tournament_id: int) -> int:
    with app.app_context():
        query = select(RoundTable).join(Round).where(Round.tournament_id == tournament_id)
        return next(t.number for t in db.session.execute(query).scalars() if t.size == 4)


def test_an_exported_list_reads_back_into_the_same_list(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    before = all_lists(app, tournament_id)
    path = table_path(tournament_id)
    data = client.get(path + "/liste.xlsx").data
    clear_lists(app, tournament_id)
    preview = upload(client, path + "/einlesen", data)
    text = preview.get_data(as_text=True)
    assert preview.status_code == 200, text
    assert "abgelehnt" not in text and "1 Liste einlesen" in text
    done = confirm(client, text, path + "/einlesen")
    assert "1 Liste eingelesen" in " ".join(flashes(done.get_data(as_text=True)))
    after = all_lists(app, tournament_id)
    assert after[(1, 1)] == before[(1, 1)]
    assert after[(1, 2)] == []


def test_a_deduction_for_the_dealer_who_sits_out_reads_back_tsr_9_7(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    with app.app_context():
        query = select(RoundTable).join(Round).where(Round.tournament_id == tournament_id)
        table = next(t for t in db.session.execute(query).scalars() if t.size == 5)
        number, sitting = table.number, str(table.seats[0].registration.start_number)
        # Position 1 deals the first game and sits out; the entry as the list page stores it.
        deduction = {
            **entries.penalty(category="unsportlich", offender=sitting, deduction=6),
            "signed_by": "schiri",
        }
        user = db.session.execute(select(User)).scalars().first()
        score_lists.replace_entries(table, [deduction, *list_store.entries_of(table)], user)
        db.session.commit()
    before = all_lists(app, tournament_id)
    path = table_path(tournament_id, table=number)
    data = client.get(path + "/liste.xlsx").data
    clear_lists(app, tournament_id)
    preview = upload(client, path + "/einlesen", data).get_data(as_text=True)
    assert "abgelehnt" not in preview and "1 Liste einlesen" in preview
    confirm(client, preview, path + "/einlesen")
    assert all_lists(app, tournament_id)[(1, number)] == before[(1, number)]
    assert before[(1, number)][0]["offender"] == sitting


def test_a_whole_tournament_exported_reads_back_identically(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day(2)
    before = all_lists(app, tournament_id)
    data = client.get(f"/turniere/{tournament_id}/turnier.xlsx").data
    clear_lists(app, tournament_id)
    path = f"/turniere/{tournament_id}/einlesen"
    preview = upload(client, path, data, "turnier.xlsx")
    text = preview.get_data(as_text=True)
    assert preview.status_code == 200, text
    assert "4 Listen einlesen" in text
    confirm(client, text, path)
    assert all_lists(app, tournament_id) == before
    # The same file again changes nothing and says so.
    again = upload(client, path, data, "turnier.xlsx").get_data(as_text=True)
    assert "schon genau so gespeichert" in again


def test_a_tournament_workbook_loads_each_rounds_tables_once(
    app: Flask, monkeypatch: pytest.MonkeyPatch, client: FlaskClient, lists_day: ListsDay
) -> None:
    """A round's tables are loaded once for all its lists and templates in the file: loaded
    for each list, a 400-player workbook of three rounds took 100 s to read."""
    tournament_id = lists_day(2)
    data = client.get(f"/turniere/{tournament_id}/turnier.xlsx").data
    clear_lists(app, tournament_id)
    loaded: list[int] = []
    load = table_play.tables_of_round

    def counted(round_: Round) -> list[RoundTable]:
        loaded.append(round_.number)
        return load(round_)

    monkeypatch.setattr(table_play, "tables_of_round", counted)
    preview = upload(client, f"/turniere/{tournament_id}/einlesen", data, "turnier.xlsx")
    assert "4 Listen einlesen" in preview.get_data(as_text=True)
    assert sorted(loaded) == [1, 2]


def test_a_row_that_does_not_sum_to_zero_is_refused_with_its_row_and_rule(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    path = table_path(tournament_id, table=table_of_four(app, tournament_id))
    data = client.get(path + "/liste.xlsx").data
    clear_lists(app, tournament_id)
    state = snapshot(app)
    line = 0

    def quick_game_with_bad_sum(sheet: Worksheet) -> None:
        nonlocal line
        line = row_of_game(sheet, 3)
        for col in range(4, POINTS_1 - 2):  # Solo .. Sonderpunkte Kontra: points only
            sheet.cell(line, col).value = None
        sheet.cell(line, POINTS_1 - 2).value = "1, 2"
        for i, points in enumerate((3, 3, -3, -1)):
            sheet.cell(line, POINTS_1 + i).value = points

    preview = upload(client, path + "/einlesen", edited(data, quick_game_with_bad_sum))
    text = preview.get_data(as_text=True)
    assert preview.status_code == 200
    # The row's points as a whole: its cells are named, not the row.
    assert f"Zellen O{line}–R{line}: Die Zeile ergibt in der Summe 2, nicht 0 (TSR 7.3" in text
    assert f"Zeile {line}:" not in text
    assert "einlesen</button>" not in text
    assert "Es wurde nichts gespeichert" in text
    assert snapshot(app) == state


def test_a_near_miss_name_is_suggested_not_guessed(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    path = table_path(tournament_id, table=2)
    data = client.get(path + "/liste.xlsx").data

    def typo(sheet: Worksheet) -> None:
        line = row_of_game(sheet, 1)
        dealer = int(sheet.cell(line, 2).value)  # the dealer's position
        name = str(sheet.cell(9, 1 + dealer).value)  # the players row: names by position
        sheet.cell(line, 2).value = name.replace("Spieler", "Speiler")

    text = upload(client, path + "/einlesen", edited(data, typo)).get_data(as_text=True)
    assert "sitzt nicht an diesem Tisch" in text and "meinten Sie Spieler" in text
    assert "einlesen</button>" not in text


def test_moved_columns_and_a_wrong_table_are_refused(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    data = client.get(table_path(tournament_id, table=2) + "/liste.xlsx").data

    def swap(sheet: Worksheet) -> None:
        sheet.cell(12, 5).value, sheet.cell(12, 6).value = "Re", "Solist/Hochzeiter"

    text = upload(
        client, table_path(tournament_id, table=2) + "/einlesen", edited(data, swap)
    ).get_data(as_text=True)
    assert "Zelle E12: Spalte „Solist/Hochzeiter“ erwartet, gefunden „Re“" in text
    text = upload(client, table_path(tournament_id, table=1) + "/einlesen", data).get_data(
        as_text=True
    )
    assert "Das ist die Liste von Tisch 2, nicht von Tisch 1" in text


def test_a_formula_without_a_stored_value_names_its_cell(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    path = table_path(tournament_id, table=2)
    data = client.get(path + "/liste.xlsx").data
    line = 0

    def formula(sheet: Worksheet) -> None:
        nonlocal line
        line = row_of_game(sheet, 2)
        sheet.cell(line, POINTS_1).value = "=1+1"

    text = upload(client, path + "/einlesen", edited(data, formula)).get_data(as_text=True)
    assert "Formel ohne gespeicherten Wert" in text
    assert f"O{line}" in text


def test_bad_files_are_refused_on_the_upload_page(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    path = table_path(tournament_id, table=2) + "/einlesen"
    state = snapshot(app)
    response = upload(client, path, b"Das ist keine Tabelle", "liste.txt")
    assert response.status_code == 400
    assert "bitte eine Excel-Datei (.xlsx)" in response.get_data(as_text=True)
    whole = client.get(f"/turniere/{tournament_id}/turnier.xlsx").data
    response = upload(client, path, whole, "turnier.xlsx")
    assert response.status_code == 400
    assert "mehrere Blätter" in response.get_data(as_text=True)
    assert snapshot(app) == state


def test_a_list_changed_since_the_preview_is_not_overwritten(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    path = table_path(tournament_id, table=2)
    data = client.get(path + "/liste.xlsx").data
    clear_lists(app, tournament_id)
    text = upload(client, path + "/einlesen", data).get_data(as_text=True)
    with app.app_context():  # meanwhile a game is entered at the table
        table = db.session.execute(select(RoundTable).where(RoundTable.number == 2)).scalar_one()
        made = random_list(
            random.Random(5), players=[str(s.registration.start_number) for s in table.seats]
        )
        score_lists.replace_entries(table, page_shaped(made["entries"])[:1], None)
        db.session.commit()
    before = all_lists(app, tournament_id)
    done = confirm(client, text, path + "/einlesen")
    assert "anderen Gerät" in done.get_data(as_text=True) or done.status_code == 409
    assert all_lists(app, tournament_id) == before


def test_only_the_turnierleitung_imports(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    client.get("/abmelden")
    other = app.test_client()
    response = other.get(table_path(tournament_id) + "/einlesen")
    assert response.status_code == 302 and "/anmelden" in response.headers["Location"]


def sections(sheet: Worksheet, top: int = 1) -> dict[str, list[int]]:
    """The rows under each section title of the list block starting at ``top``, up to its
    "Summe" row."""
    found: dict[str, list[int]] = {}
    current = ""
    for row in range(top + 12, sheet.max_row + 1):
        head = sheet.cell(row, 1).value
        if head == "Summe":
            break
        if head in (list_cells.NORMAL_SECTION, list_cells.PFLICHT_SECTION):
            current = str(head)
            found[current] = []
        elif current:
            found[current].append(row)
    return found


def type_into(template: Worksheet, exported: Worksheet, top: int = 1) -> None:
    """Copy an exported list's rows into the template block at ``top`` as typed from paper:
    the fixed columns and the points of four players, the dealers left empty."""
    source = sections(exported)
    width = len(list_cells.FIXED) + 4
    for title, rows in sections(template, top).items():
        filled = [r for r in source[title] if exported.cell(r, 3).value]
        assert len(filled) <= len(rows)
        for target, origin in zip(rows, filled, strict=False):
            for col in range(1, width + 1):
                if col != list_cells.DEALER + 1:
                    template.cell(target, col).value = exported.cell(origin, col).value


def test_a_paper_list_typed_into_the_blank_template_reads_in(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    """The template filled in as from paper: games in both sections, no dealers written (the
    dealer order fills them in), no running totals; the same list as entered on the page."""
    tournament_id = lists_day()
    four = table_of_four(app, tournament_id)
    path = table_path(tournament_id, table=four)
    before = all_lists(app, tournament_id)[(1, four)]
    exported = load_workbook(io.BytesIO(client.get(path + "/liste.xlsx").data)).active
    assert isinstance(exported, Worksheet)
    template_data = client.get(path + "/vorlage.xlsx").data
    clear_lists(app, tournament_id)
    typed = edited(template_data, lambda sheet: type_into(sheet, exported))
    preview = upload(client, path + "/einlesen", typed)
    text = preview.get_data(as_text=True)
    assert preview.status_code == 200 and "1 Liste einlesen" in text, text
    confirm(client, text, path + "/einlesen")
    assert all_lists(app, tournament_id)[(1, four)] == before


def test_templates_filled_in_the_tournament_workbook_read_in(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    """A round's templates in the tournament workbook, one filled in: that list is read; the
    same table filled in on both sheets is refused."""
    tournament_id = lists_day()
    four = table_of_four(app, tournament_id)
    before = all_lists(app, tournament_id)
    exported = load_workbook(
        io.BytesIO(client.get(table_path(tournament_id, table=four) + "/liste.xlsx").data)
    ).active
    assert isinstance(exported, Worksheet)
    filled_lists = client.get(f"/turniere/{tournament_id}/turnier.xlsx").data
    clear_lists(app, tournament_id)
    empty_lists = client.get(f"/turniere/{tournament_id}/turnier.xlsx").data

    def fill(data: bytes) -> bytes:
        book = load_workbook(io.BytesIO(data))
        sheet = book["Vorlagen Runde 1"]
        top = next(
            r
            for r in range(1, sheet.max_row + 1)
            if sheet.cell(r, 1).value == list_cells.TITLE.format(number=four)
        )
        type_into(sheet, exported, top)
        buffer = io.BytesIO()
        book.save(buffer)
        return buffer.getvalue()

    path = f"/turniere/{tournament_id}/einlesen"
    text = upload(client, path, fill(filled_lists), "turnier.xlsx").get_data(as_text=True)
    assert f"Tisch {four} von Runde 1 steht ausgefüllt auf Blatt „Runde 1“ und auf Blatt" in text
    assert "einlesen</button>" not in text
    text = upload(client, path, fill(empty_lists), "turnier.xlsx").get_data(as_text=True)
    assert "1 Liste einlesen" in text, text
    confirm(client, text, path)
    assert all_lists(app, tournament_id)[(1, four)] == before[(1, four)]


def test_a_game_number_out_of_order_is_refused(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    path = table_path(tournament_id, table=table_of_four(app, tournament_id))
    data = client.get(path + "/liste.xlsx").data
    line = 0

    def renumber(sheet: Worksheet) -> None:
        nonlocal line
        line = row_of_game(sheet, 2)
        sheet.cell(line, 1).value = 40  # read last, though written as the second game

    text = upload(client, path + "/einlesen", edited(data, renumber)).get_data(as_text=True)
    assert f"Zelle A{line}: Nr. 40, aber nach den Zeilen davor ist es Spiel" in text
    assert "einlesen</button>" not in text


READER_CASES = (
    "text",
    "pdf",
    "xls",
    "truncated",
    "no workbook parts",
    "xml bomb",
    "xml bomb in strings",
    "external entity",
    "zip bomb",
    "over size",
    "merged cells",
    "empty sheet",
)


@pytest.mark.parametrize("case", READER_CASES)
def test_a_bad_file_is_refused_for_a_list_and_changes_nothing(
    app: Flask, client: FlaskClient, lists_day: ListsDay, case: str
) -> None:
    build, filename, expected = BAD_FILES[case]
    if case == "empty sheet":
        expected = "Die Datei enthält nur leere Blätter: keine Spielliste gefunden."
    tournament_id = lists_day()
    state = snapshot(app)
    response = upload(client, table_path(tournament_id) + "/einlesen", build(), filename)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert html.escape(expected, quote=False) in page
    assert "Es wurde nichts geändert." in page
    assert snapshot(app) == state


@pytest.mark.sqlite_only
def test_a_whole_tournament_is_read_and_checked_before_the_write_lock_is_taken(
    app: Flask, monkeypatch: pytest.MonkeyPatch, client: FlaskClient, lists_day: ListsDay
) -> None:
    """Confirming an import reads and checks the whole file again; the tables' saves meanwhile
    need not wait: SQLite's write lock is taken only to store the lists."""
    tournament_id = lists_day()
    data = client.get(f"/turniere/{tournament_id}/turnier.xlsx").data
    clear_lists(app, tournament_id)
    path = f"/turniere/{tournament_id}/einlesen"
    preview = upload(client, path, data, "turnier.xlsx").get_data(as_text=True)
    with app.app_context():
        database = db.engine.url.database
    assert database is not None
    writable: list[bool] = []
    read = imports.read_tournament_file

    def reading(*args: Any) -> Any:
        writable.append(others_can_write(database))
        return read(*args)

    monkeypatch.setattr(imports, "read_tournament_file", reading)
    done = confirm(client, preview, path)
    assert "2 Listen eingelesen" in " ".join(flashes(done.get_data(as_text=True)))
    assert writable == [True]


def points_cells(sheet: Worksheet, line: int, size: int) -> list[int]:
    return [int(sheet.cell(line, POINTS_1 + i).value) for i in range(size)]


def test_one_changed_game_with_stale_stand_columns_reads_in_with_one_note_per_column(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    """Points are the truth: game 3 changed to another legal row of points, every Stand below
    it left as it was; the list reads in, and the preview says once per Stand column that
    the totals were recomputed (not 88 refusals)."""
    tournament_id = lists_day()
    four = table_of_four(app, tournament_id)
    path = table_path(tournament_id, table=four)
    data = client.get(path + "/liste.xlsx").data
    line = 0
    changed: list[int] = []

    def change_game_3(sheet: Worksheet) -> None:
        nonlocal line
        line = row_of_game(sheet, 3)
        old = points_cells(sheet, line, 4)
        for col in range(4, POINTS_1 - 2):  # Solo .. Sonderpunkte Kontra: a game as points
            sheet.cell(line, col).value = None
        new = [5, -5, 5, -5] if old[0] != 5 or old[1] != -5 else [7, -7, 7, -7]
        for i, points in enumerate(new):
            sheet.cell(line, POINTS_1 + i).value = points
        sheet.cell(line, list_cells.PLUS + 1).value = "1, 3"
        changed.extend(i for i in range(4) if new[i] != old[i])

    preview = upload(client, path + "/einlesen", edited(data, change_game_3))
    text = html.unescape(preview.get_data(as_text=True))
    assert preview.status_code == 200
    assert "abgelehnt" not in text and "1 Liste einlesen" in text, text
    assert changed
    notes = re.findall(r"Spalte [A-Z]+ \(Stand (\d)\): ab Zeile (\d+) passt der Stand nicht", text)
    assert sorted(int(p) for p, _ in notes) == [i + 1 for i in changed]
    assert {int(at) for _, at in notes} == {line}
    assert text.count("der Stand wird aus ihnen neu berechnet") == len(changed)


def test_a_refused_row_names_the_cell_and_shows_the_points_in_the_file(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    four = table_of_four(app, tournament_id)
    path = table_path(tournament_id, table=four)
    data = client.get(path + "/liste.xlsx").data
    line, engine, written = 0, 0, 0

    def wrong_points(sheet: Worksheet) -> None:
        nonlocal line, engine, written
        line = row_of_game(sheet, 2)
        engine = int(sheet.cell(line, POINTS_1 + 1).value)
        written = engine + 2
        sheet.cell(line, POINTS_1 + 1).value = written

    page = upload(client, path + "/einlesen", edited(data, wrong_points)).get_data(as_text=True)
    text = html.unescape(page)
    column = chr(ord("A") + POINTS_1)  # "Punkte 2"
    signed = str(written).replace("-", "−")
    assert (
        f"Zelle {column}{line}: Punkte von Platz 2: in der Datei {signed}, nach der "
        f"Regelprüfung {str(engine).replace('-', '−')} (TSR 7.2)"
    ) in text
    row = re.search(rf"<tr class=\"refused\">\s*<td>{line}</td>(.*?)</tr>", page, re.S)
    assert row, page
    shown = re.findall(r'<td class="num">([^<]*)</td>', row.group(1))
    assert shown[1] == str(written)


def test_plus_points_filled_in_as_the_winning_party_say_so_tsr_7_3_3(app: Flask) -> None:
    """Re wins with 121 Augen, but Kontra's two Doppelköpfe make the game worth −1 to Re: the
    Kontra players have the plus points. A list-keeper who marks the winning party is told
    exactly that."""
    with app.app_context():
        user = db.session.execute(select(User)).scalars().first()
        tournament, regs = make_tournament([(f"S{i}", "") for i in range(1, 5)])
        round_ = make_round(tournament, 1, [regs])
        round_.status = RoundStatus.RUNNING
        db.session.commit()
        table = round_.tables[0]
        game = entries.game(
            kind="normal",
            re=["1", "3"],
            re_eyes=121,
            specials={"re": {}, "kontra": {"doppelkopf": 2}},
        )
        report = score_lists.replace_entries(table, [{**game, "dealer": "1"}], user)
        db.session.commit()
        assert [report["rows"][0]["points"][k] for k in "1234"] == [-1, 1, -1, 1]
        data = exports.list_workbook(table)
        book = load_workbook(io.BytesIO(data))
        sheet = book.active
        assert isinstance(sheet, Worksheet)
        assert sheet.cell(12, list_cells.PLUS + 1).value == "Pluspunkte"
        line = row_of_game(sheet, 1)
        assert sheet.cell(line, list_cells.PLUS + 1).value == "2, 4"
        found = imports.read_table_file(table, data, "liste.xlsx")
        assert found.ok
        sheet.cell(line, list_cells.PLUS + 1).value = "1, 3"
        buffer = io.BytesIO()
        book.save(buffer)
        found = imports.read_table_file(table, buffer.getvalue(), "liste.xlsx")
        (problem,) = [p for row in found.lists[0].rows for p in row.problems]
        assert problem == (
            f"Zelle M{line}: Pluspunkte: in der Datei Platz 1, 3 – das ist die Partei, die "
            "gewonnen hat; in diese Spalte gehören aber die Spieler mit Pluspunkten (TSR 7.3.3), "
            "hier Platz 2, 4"
        )


def test_the_upload_page_and_the_template_explain_the_columns_alike(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    page = html.unescape(client.get(table_path(tournament_id) + "/einlesen").get_data(as_text=True))
    hint = " ".join(page.split())
    assert f"Pluspunkte: {PLUS_POINTS_HINT}" in hint
    assert "Re (Plätze) mit Platznummern" in hint and "Stand" in hint
    template = load_workbook(
        io.BytesIO(client.get(table_path(tournament_id) + "/vorlage.xlsx").data)
    ).active
    assert isinstance(template, Worksheet)
    prompt = next(str(c.offset(0, 1).value) for c in template["A"] if c.value == "Prüfung")
    assert f"Pluspunkte: {PLUS_POINTS_HINT}" in prompt
    assert "Re (Plätze) mit Platznummern" in prompt


def test_a_list_in_the_older_layout_is_refused_with_what_to_do(
    app: Flask, client: FlaskClient, lists_day: ListsDay
) -> None:
    tournament_id = lists_day()
    path = table_path(tournament_id, table=2)
    data = client.get(path + "/liste.xlsx").data

    def older(sheet: Worksheet) -> None:
        sheet.cell(12, list_cells.RE + 1).value = "Re"

    text = html.unescape(
        upload(client, path + "/einlesen", edited(data, older)).get_data(as_text=True)
    )
    assert "Zelle F12: Spalte „Re (Plätze)“ erwartet, gefunden „Re“." in text
    assert "Spalten einer älteren Vorlage" in text and "neu herunterladen" in text
