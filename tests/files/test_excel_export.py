"""A table's score list as an Excel workbook: laid out like the paper
list, running totals as values and as formulas, names never run as formulas."""

from __future__ import annotations

import gc
import io
import re
from typing import Any

from flask import Flask
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet
from sqlalchemy import select

from tests.support.scorelists import complete_entries, make_round, make_tournament, make_user
from tests.support.webapp import create_tournament, sign_in
from tournament.domain import score_lists
from tournament.domain.excel import exports, list_cells
from tournament.extensions import db
from tournament.models import RoundTable


def workbook_of(table: RoundTable) -> Worksheet:
    sheet = load_workbook(io.BytesIO(exports.list_workbook(table))).active
    assert isinstance(sheet, Worksheet)
    return sheet


def cells(sheet: Worksheet) -> dict[str, Any]:
    return {c.coordinate: c.value for row in sheet.iter_rows() for c in row if c.value is not None}


def rows_with_points(sheet: Worksheet, first_points_col: int) -> list[int]:
    return [
        row
        for row in range(exports.HEADER_ROW + 1, sheet.max_row + 1)
        if isinstance(sheet.cell(row, 1).value, int)
        and isinstance(sheet.cell(row, first_points_col).value, int)
    ]


def test_a_complete_list_with_header_sections_totals_and_self_check(app: Flask) -> None:
    with app.app_context():
        user = make_user()
        tournament, regs = make_tournament(
            [("Anna", "A"), ('=HYPERLINK("x")', "B"), ("+Cem", "C"), ("@Dora", "D")]
        )
        make_round(tournament, 1, [regs])
        db.session.commit()
        table = db.session.execute(select(RoundTable)).scalar_one()
        report = score_lists.replace_entries(table, complete_entries(table, seed=3), user)
        db.session.commit()
        sheet = workbook_of(table)
        values = cells(sheet)
        assert values["A1"] == "Spielliste Tisch 1"
        assert values["B2"] == tournament.name
        assert values["B6"] == "@Dora"  # the list-keeper: last position (TSR 8.4.1)
        # Names beginning with a formula sign stay text, with a quote prefix.
        name = sheet.cell(9, 3)
        assert name.value == '=HYPERLINK("x")' and name.data_type == "s" and name.quotePrefix
        headers = [sheet.cell(exports.HEADER_ROW, c).value for c in range(1, sheet.max_column + 1)]
        points_col = headers.index("Punkte 1") + 1
        total_col = headers.index("Stand 1") + 1
        formula_col = headers.index("Stand 1 (Formel)") + 1
        rows = rows_with_points(sheet, points_col)
        assert len(rows) == report["games_played"] == 24
        assert "Pflichtsoli (TSR 4.2.4)" in values.values()
        # Every running-total formula adds this row's points to the previous total.
        for row in rows:
            formula = sheet.cell(row, formula_col).value
            assert isinstance(formula, str) and formula.startswith("=")
            assert sheet.cell(row, headers.index("Stand stimmt") + 1).value.startswith("=IF(AND(")
        # Players by position in the rows, by name only in the last column (never read in).
        assert headers[-1] == list_cells.NAMES_HINT
        first = rows[0]
        dealer = sheet.cell(first, headers.index("Geber") + 1).value
        assert isinstance(dealer, int)
        names = [sheet.cell(9, 1 + p).value for p in range(1, 5)]
        hint = str(sheet.cell(first, len(headers)).value)
        assert hint.startswith(f"Geber: {names[dealer - 1]} · ")
        summe = next(r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 1).value == "Summe")
        totals = [sheet.cell(summe, total_col + i).value for i in range(4)]
        assert totals == [report["totals"][k] for k in ("1", "2", "3", "4")]
        assert str(sheet.cell(summe, points_col).value).startswith("=SUM(")
        assert "vollständig und fehlerfrei (24 Spiele)" in values.values()


RANGE = r"\$?([A-Z]+)\$?(\d+):\$?([A-Z]+)\$?(\d+)"


def evaluate(sheet: Worksheet, formula: str) -> int:
    """The two kinds of formula the running totals use, evaluated over the sheet's values:
    ``SUM(range)`` and ``SUMIF(range,"<"&cell,range)`` (also "<="), added with ``+``."""
    total = 0
    for part in formula.removeprefix("=").split("+"):
        whole = re.fullmatch(rf"SUM\({RANGE}\)", part)
        if whole:
            column, first, _, last = whole.groups()
            values = [sheet[f"{column}{r}"].value for r in range(int(first), int(last) + 1)]
            total += sum(v for v in values if isinstance(v, int))
            continue
        found = re.fullmatch(rf'SUMIF\({RANGE},"(<=?)"&\$?A\$?(\d+),{RANGE}\)', part)
        assert found, part
        _, first, _, last, less, row, column, _, _, _ = found.groups()
        limit = sheet[f"A{row}"].value
        assert isinstance(limit, int)
        for r in range(int(first), int(last) + 1):
            number, value = sheet[f"A{r}"].value, sheet[f"{column}{r}"].value
            counted = isinstance(number, int) and isinstance(value, int)
            if counted and (number < limit or (less == "<=" and number == limit)):
                total += value
    return total


def test_the_running_totals_by_formula_equal_the_engine_values(app: Flask) -> None:
    """Evaluate the range formulas the export writes and compare them with the engine's totals:
    in game order across both sections (Pflichtsoli stand in their own section)."""
    with app.app_context():
        user = make_user()
        tournament, regs = make_tournament([(f"S{i}", "") for i in range(1, 6)])
        make_round(tournament, 1, [regs])
        db.session.commit()
        table = db.session.execute(select(RoundTable)).scalar_one()
        score_lists.replace_entries(table, complete_entries(table, seed=11)[:27], user)
        db.session.commit()
        sheet = workbook_of(table)

        headers = [sheet.cell(exports.HEADER_ROW, c).value for c in range(1, 30)]
        total_col = headers.index("Stand 1") + 1
        formula_col = headers.index("Stand 1 (Formel)") + 1
        rows = rows_with_points(sheet, headers.index("Punkte 1") + 1)
        assert rows
        title = next(c.row for c in sheet["A"] if c.value == "Pflichtsoli (TSR 4.2.4)")
        pflicht = [r for r in rows if r > title]
        # A Pflichtsolo played before the last game of the first section: the order matters.
        assert pflicht and sheet.cell(pflicht[0], 1).value < sheet.cell(title - 2, 1).value
        for row in rows:
            for i in range(5):
                formula = str(sheet.cell(row, formula_col + i).value)
                assert "SUM(" in formula
                assert evaluate(sheet, formula) == sheet.cell(row, total_col + i).value
        assert "unvollständig" in str(cells(sheet).values())


def test_the_list_page_offers_the_workbook(app: Flask) -> None:
    with app.app_context():
        make_user()
        tournament, regs = make_tournament([(f"S{i}", "") for i in range(1, 5)])
        make_round(tournament, 1, [regs])
        db.session.commit()
        table = db.session.execute(select(RoundTable)).scalar_one()
        table.access_code = "ABCDEFGH"
        db.session.commit()
    response = app.test_client().get("/tisch/ABCDEFGH/liste.xlsx")
    assert response.status_code == 200
    assert response.mimetype == exports.XLSX
    assert "liste-runde-1-tisch-1.xlsx" in response.headers["Content-Disposition"]
    assert load_workbook(io.BytesIO(response.data)).active is not None


def test_the_tournament_workbook_has_standings_players_and_every_list(app: Flask) -> None:
    with app.app_context():
        user = make_user()
        names = [(f"Spieler {i}", f"Verein {i % 2}") for i in range(1, 9)]
        names[4] = ("-Eva", "=Club")
        tournament, regs = make_tournament(names)
        for number in (1, 2):
            order = regs if number == 1 else regs[::2] + regs[1::2]
            round_ = make_round(tournament, number, [order[:4], order[4:]])
            db.session.flush()
            for table in round_.tables:
                entries = complete_entries(table, seed=number * 10 + table.number)
                score_lists.replace_entries(table, entries, user)
        db.session.commit()
        book = load_workbook(io.BytesIO(exports.tournament_workbook(tournament)))
        assert book.sheetnames == [
            "Stand", "Spieler", "Runde 1", "Vorlagen Runde 1", "Runde 2", "Vorlagen Runde 2",
        ]  # fmt: skip
        stand = book["Stand"]
        assert [stand.cell(1, c).value for c in range(1, 9)] == [
            "Platz", "Nr.", "Name", "Verein", "Runde 1", "Runde 2", "Gesamt", "Runden",
        ]  # fmt: skip
        totals = [stand.cell(r, 7).value for r in range(2, 10)]
        assert totals == sorted(totals, reverse=True)
        assert sum(t for t in totals if isinstance(t, int)) == 0
        players = book["Spieler"]
        assert players.cell(6, 2).value == "-Eva" and players.cell(6, 2).data_type == "s"
        assert players.cell(6, 3).value == "=Club" and players.cell(6, 3).quotePrefix
        for number in (1, 2):
            titles = [
                c.value
                for c in book[f"Runde {number}"]["A"]
                if isinstance(c.value, str) and c.value.startswith("Spielliste")
            ]
            assert titles == ["Spielliste Tisch 1", "Spielliste Tisch 2"]
            templates = book[f"Vorlagen Runde {number}"]
            tops = [c.row for c in templates["A"] if c.value in titles]
            assert [templates.cell(r, 1).value for r in tops] == titles
            # The same block as a list: the header row twelve rows below each title.
            for top in tops:
                header = templates.cell(top + exports.HEADER_ROW - 1, 1).value
                assert header == "Nr."


def test_the_collector_pause_of_the_export_is_undone_and_respects_a_switched_off_one() -> None:
    assert gc.isenabled()
    with exports._collection_paused():
        assert not gc.isenabled()
        with exports._collection_paused():  # a second export at the same time
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with exports._collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_tournament_workbook_is_for_the_turnierleitung(app: Flask) -> None:
    with app.app_context():
        make_user()
        tournament, _ = make_tournament([(f"S{i}", "") for i in range(1, 5)])
        db.session.commit()
        tournament_id = tournament.id
    response = app.test_client().get(f"/turniere/{tournament_id}/turnier.xlsx")
    assert response.status_code == 302
    assert "/anmelden" in response.headers["Location"]


def test_the_turnierleitung_downloads_the_tournament_workbook(app: Flask) -> None:
    client = app.test_client()
    sign_in(app, client)
    tournament_id = create_tournament(client)
    page = client.get(f"/turniere/{tournament_id}").get_data(as_text=True)
    assert f"/turniere/{tournament_id}/turnier.xlsx" in page
    response = client.get(f"/turniere/{tournament_id}/turnier.xlsx")
    assert response.status_code == 200
    assert response.mimetype == exports.XLSX
    assert load_workbook(io.BytesIO(response.data)).sheetnames == ["Stand", "Spieler"]


def template_rows(sheet: Worksheet) -> dict[str, int]:
    """The rows of a template's section titles, "Summe", its check and "Prüfung"."""
    return {
        str(c.value): c.row
        for c in sheet["A"]
        if c.value in (
            "Normalspiele, Lustsoli, Strafen", "Pflichtsoli (TSR 4.2.4)", "Summe",
            "Summe aller Spieler (muss 0 sein)", "Prüfung",
        )
    }  # fmt: skip


def test_the_blank_template_has_the_list_layout_with_empty_rows(app: Flask) -> None:
    with app.app_context():
        make_user()
        tournament, regs = make_tournament([(f"S{i}", "") for i in range(1, 10)])
        regs[3].player.name = "=Listenführer"
        make_round(tournament, 2, [regs[:4], regs[4:]])
        db.session.commit()
        four, five = db.session.execute(select(RoundTable).order_by(RoundTable.number)).scalars()
        assert exports.template_filename(five) == "vorlage-runde-2-tisch-2.xlsx"
        for table, size, (first, pflicht) in ((four, 4, (24, 4)), (five, 5, (30, 5))):
            book = load_workbook(io.BytesIO(exports.template_workbook(table)))
            assert len(book.sheetnames) == 1
            sheet = book.active
            assert isinstance(sheet, Worksheet)
            values = cells(sheet)
            assert values["A1"] == f"Spielliste Tisch {table.number}" and sheet["A1"].font.b
            assert [values[f"B{r}"] for r in range(2, 6)] == [
                tournament.name, "21.11.2026", "2", f"{table.number} ({size} Spieler)",
            ]  # fmt: skip
            seats = table.seats
            assert values["B6"] == seats[-1].registration.player.name
            row_values = [[sheet.cell(r, c).value for c in range(2, size + 2)] for r in (8, 9, 10)]
            assert row_values == [
                [s.position for s in seats],
                [s.registration.player.name for s in seats],
                [s.registration.start_number for s in seats],
            ]
            headers = [sheet.cell(exports.HEADER_ROW, c).value for c in range(1, 31)]
            assert headers[: 14 + 3 * size + 1][-1] == "Stand stimmt"
            rows = template_rows(sheet)
            normal, pflicht_row = (
                rows["Normalspiele, Lustsoli, Strafen"],
                rows["Pflichtsoli (TSR 4.2.4)"],
            )
            assert normal == exports.HEADER_ROW + 1
            # Empty rows to fill in: 24 (30) games, 4 (5) Pflichtsoli, one blank row after each.
            assert pflicht_row == normal + first + 2
            assert rows["Summe"] == pflicht_row + pflicht + 2
            summe = rows["Summe"]
            between = [sheet[ref].row for ref in values if normal < sheet[ref].row < summe]
            assert sorted(between) == [pflicht_row]  # nothing but the second section's title
            points = headers.index("Punkte 1") + 1
            column = sheet.cell(summe, points).column_letter
            # One range over both sections: rows inserted anywhere in between are summed too.
            assert sheet.cell(summe, points).value == f"=SUM({column}{normal}:{column}{summe - 1})"
            assert str(sheet.cell(summe + 1, points).value).startswith("=SUM(")
            hint = str(sheet.cell(rows["Prüfung"], 2).value)
            assert "Spielnummer" in hint and "Platznummer" in hint and "Augen Re leer" in hint
        quoted = load_workbook(io.BytesIO(exports.template_workbook(four))).active
        assert isinstance(quoted, Worksheet)
        assert quoted["B6"].value == "=Listenführer" and quoted["B6"].quotePrefix


def test_staff_download_the_blank_template_from_the_list_page(app: Flask) -> None:
    with app.app_context():
        tournament, regs = make_tournament([(f"S{i}", "") for i in range(1, 5)])
        make_round(tournament, 1, [regs])
        db.session.commit()
        tournament_id = tournament.id
    client = app.test_client()
    url = f"/turniere/{tournament_id}/runden/1/tische/1/"
    assert client.get(url + "vorlage.xlsx").status_code == 302  # to the login
    sign_in(app, client)
    assert url + "vorlage.xlsx" in client.get(url).get_data(as_text=True)
    response = client.get(url + "vorlage.xlsx")
    assert response.status_code == 200
    assert response.mimetype == exports.XLSX
    assert "vorlage-runde-1-tisch-1.xlsx" in response.headers["Content-Disposition"]
    sheet = load_workbook(io.BytesIO(response.data)).active
    assert isinstance(sheet, Worksheet) and sheet["A1"].value == "Spielliste Tisch 1"
