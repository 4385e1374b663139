"""The exported workbooks in a real spreadsheet program: LibreOffice Calc opens them, computes
every formula and saves them again; the computed values must agree with the rules engine.

Checked on the saved files (openpyxl ``data_only=True`` reads what LibreOffice computed): every
"Stand stimmt" is "ja", every running total by formula equals the engine's, the sums of the
points equal the engine's totals and add up to 0, names beginning with a formula sign arrive as
text, and the blank templates open with sums of 0.
"""

from __future__ import annotations

import io
import time
from dataclasses import dataclass

import pytest
from flask import Flask
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet
from sqlalchemy import select

from tests.support import libreoffice
from tests.support.scorelists import complete_entries, make_round, make_tournament, make_user
from tests.support.uploads import page_shaped
from tournament.domain import list_store, score_lists
from tournament.domain.excel import exports, writing
from tournament.excel import imports
from tournament.extensions import db
from tournament.models import RoundStatus, RoundTable

pytestmark = pytest.mark.usefixtures("libreoffice")  # every test here opens a file in it

NAMES = ['=HYPERLINK("x")', "+Cem", "-Eva", "@Dora"]


@dataclass
class Block:
    """A list as LibreOffice computed it: the table number and the values that matter."""

    table: int
    games: int
    sums: list[object]
    totals: list[object]
    zero: object


def converted(data: bytes, *, data_only: bool = True) -> dict[str, Worksheet]:
    book = load_workbook(io.BytesIO(data), data_only=data_only)
    return {name: book[name] for name in book.sheetnames}


def blocks(sheet: Worksheet) -> list[Block]:
    """Every list on the sheet, each checked row by row."""
    found = []
    for cell in sheet["A"]:
        if isinstance(cell.value, str) and cell.value.startswith("Spielliste Tisch "):
            found.append(read_block(sheet, cell.row, int(cell.value.split()[-1])))
    return found


def read_block(sheet: Worksheet, top: int, table: int) -> Block:
    header = top + exports.HEADER_ROW - 1
    column = {sheet.cell(header, c).value: c for c in range(1, sheet.max_column + 1)}
    positions = [int(str(h).split()[1]) for h in column if str(h).startswith("Punkte ")]
    first = column["Punkte 1"]
    row, games = header + 1, 0
    while sheet.cell(row, 1).value != "Summe":
        assert row < sheet.max_row, f"no Summe row under the list at row {top}"
        if isinstance(sheet.cell(row, first).value, int):
            where = f"{sheet.title}!{row}"
            assert sheet.cell(row, column["Stand stimmt"]).value == "ja", where
            for p in positions:
                by_formula = sheet.cell(row, column[f"Stand {p} (Formel)"]).value
                assert by_formula == sheet.cell(row, column[f"Stand {p}"]).value, where
            games += 1
        row += 1
    assert sheet.cell(row + 1, 1).value == "Summe aller Spieler (muss 0 sein)"
    return Block(
        table,
        games,
        [sheet.cell(row, column[f"Punkte {p}"]).value for p in positions],
        [sheet.cell(row, column[f"Stand {p}"]).value for p in positions],
        sheet.cell(row + 1, first).value,
    )


def timed(files: list[bytes]) -> list[bytes]:
    started = time.perf_counter()
    result = libreoffice.convert_all(files)
    print(f"LibreOffice converted {len(files)} files in {time.perf_counter() - started:.1f} s")
    return result


def test_libreoffice_computes_the_lists_as_the_engine_does(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every sheet written by the worker processes, as a big tournament's are.
    monkeypatch.setattr(writing, "PARALLEL_CELLS", 1)
    with app.app_context():
        user = make_user()
        players = [(f"Spieler {i}", f"Verein {i % 2}") for i in range(1, 10)]
        for i, name in enumerate(NAMES):
            players[i * 2] = (name, "=Club" if i == 0 else "Verein")
        tournament, regs = make_tournament(players)
        totals: dict[tuple[int, int], list[int]] = {}
        for number in (1, 2):
            order = regs if number == 1 else regs[::2] + regs[1::2]
            round_ = make_round(tournament, number, [order[:4], order[4:]])  # 4 and 5
            db.session.flush()
            for table in round_.tables:
                entries = complete_entries(table, seed=number * 10 + table.number)
                report = score_lists.replace_entries(table, entries, user)
                assert report["complete"]
                keys = [str(seat.registration.start_number) for seat in table.seats]
                totals[number, table.number] = [int(report["totals"][k]) for k in keys]
        db.session.commit()
        five = db.session.execute(
            select(RoundTable).where(RoundTable.size == 5).limit(1)
        ).scalar_one()
        one_list = exports.list_workbook(five)
        five_key = (five.round.number, five.number)
        whole = exports.tournament_workbook(tournament)

    list_file, tournament_file = timed([one_list, whole])
    list_book, tournament_book = converted(list_file), converted(tournament_file)

    (block,) = blocks(list_book[f"Tisch {five_key[1]}"])
    assert block.games == 30
    assert block.sums == block.totals == totals[five_key]
    assert block.zero == 0

    assert list(tournament_book) == [
        "Stand", "Spieler", "Runde 1", "Vorlagen Runde 1", "Runde 2", "Vorlagen Runde 2",
    ]  # fmt: skip
    for number in (1, 2):
        lists = blocks(tournament_book[f"Runde {number}"])
        assert [b.table for b in lists] == [1, 2]
        for b in lists:
            assert b.games in (24, 30)
            assert b.sums == b.totals == totals[number, b.table]
            assert b.zero == 0
        templates = blocks(tournament_book[f"Vorlagen Runde {number}"])
        assert [(b.table, b.games, b.zero) for b in templates] == [(1, 0, 0), (2, 0, 0)]
        assert [b.sums for b in templates] == [[0] * 4, [0] * 5]
    stand = tournament_book["Stand"]
    assert sum(int(stand.cell(r, 7).value or 0) for r in range(2, 11)) == 0

    # Names beginning with a formula sign are text, also to LibreOffice (not formulas).
    formulas_kept = converted(tournament_file, data_only=False)["Spieler"]
    names = [(c.value, c.data_type) for c in formulas_kept["B"][1:]]
    for name in NAMES:
        assert (name, "s") in names
    assert formulas_kept["C2"].value == "=Club" and formulas_kept["C2"].data_type == "s"
    assert tournament_book["Spieler"]["B2"].value == NAMES[0]
    assert NAMES[0] in [c.value for c in tournament_book["Runde 1"][9]]


def test_libreoffice_opens_the_blank_templates_with_sums_of_zero(app: Flask) -> None:
    with app.app_context():
        make_user()
        tournament, regs = make_tournament([(f"S{i}", "") for i in range(1, 10)])
        tournament.name = "=Turnier"
        make_round(tournament, 1, [regs[:4], regs[4:]])
        db.session.commit()
        tables = list(db.session.execute(select(RoundTable).order_by(RoundTable.number)).scalars())
        files = [exports.template_workbook(table) for table in tables]

    for size, data in zip((4, 5), timed(files), strict=True):
        sheets = converted(data)
        (sheet,) = sheets.values()
        (block,) = blocks(sheet)
        assert (block.games, block.sums, block.zero) == (0, [0] * size, 0)
        assert sheet["B2"].value == "=Turnier"
        prompt = [r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 1).value == "Prüfung"]
        assert len(prompt) == 1 and "Platznummer" in str(sheet.cell(prompt[0], 2).value)


def test_a_list_saved_by_libreoffice_reads_back_into_the_same_list(app: Flask) -> None:
    """LibreOffice stores the computed values of the formulas and its own styles and XML;
    the import reads such a file exactly like the app's own export."""
    with app.app_context():
        user = make_user()
        tournament, regs = make_tournament(
            [("Anna", "A"), ("=Ben", "B"), ("Cem", "C"), ("Dora", "D")]
        )
        round_ = make_round(tournament, 1, [regs])
        round_.status = RoundStatus.RUNNING
        db.session.commit()
        table = db.session.execute(select(RoundTable)).scalar_one()
        entries = page_shaped(complete_entries(table, seed=11))
        score_lists.replace_entries(table, entries, user)
        db.session.commit()
        saved = timed([exports.list_workbook(table)])[0]
        score_lists.replace_entries(table, [], user)
        db.session.commit()
        found = imports.read_table_file(table, saved, "aus-libreoffice.xlsx")
        assert found.ok, [found.problems, [r.problems for r in found.lists[0].rows]]
        imports.store(user, found, {table.id: table.version})
        db.session.commit()
        assert list_store.entries_of(table) == entries


def test_rows_inserted_in_libreoffice_to_carry_on_a_list_are_in_every_sum(app: Flask) -> None:
    """A half-way list carried on in LibreOffice: the user inserts rows under the last game of
    the first section and types the next games' points into them (LibreOffice itself inserts
    the rows, moving the cells below and widening the ranges). The "Summe" row then holds the
    true totals of all games, the sum over the players is 0, and every running total by
    formula of the exported rows still agrees with the engine."""
    with app.app_context():
        user = make_user()
        tournament, regs = make_tournament([(f"S{i}", "") for i in range(1, 5)])
        make_round(tournament, 1, [regs])
        db.session.commit()
        table = db.session.execute(select(RoundTable)).scalar_one()
        complete = complete_entries(table, seed=7)
        keys = [str(seat.registration.start_number) for seat in table.seats]
        full = score_lists.replace_entries(table, complete, user)
        truth = [int(full["totals"][k]) for k in keys]
        half = 14
        score_lists.replace_entries(table, complete[:half], user)
        db.session.commit()
        data = exports.list_workbook(table)
    sheet = converted(data, data_only=False)["Tisch 1"]
    header = exports.HEADER_ROW
    column = {sheet.cell(header, c).value: c for c in range(1, sheet.max_column + 1)}
    points = column["Punkte 1"]
    pflicht = next(c.row for c in sheet["A"] if c.value == exports.PFLICHT_SECTION)
    typed = [
        {
            1: half + i,
            3: "Normalspiel",
            **{points + p: int(row["points"][k]) for p, k in enumerate(keys)},
        }
        for i, row in enumerate(r for r in full["rows"] if int(r["entry"]) > half)
    ]
    assert typed
    # Above the empty row that closes the first section, as a user carrying on the list does.
    saved = converted(libreoffice.insert_rows(data, [(pflicht - 1, typed)]))["Tisch 1"]
    summe = next(c.row for c in saved["A"] if c.value == "Summe")
    checks = [saved.cell(r, column["Stand stimmt"]).value for r in range(header + 1, summe)]
    assert [c for c in checks if c is not None] == ["ja"] * half  # the exported rows
    assert [saved.cell(summe, points + p).value for p in range(4)] == truth
    assert saved.cell(summe + 1, points).value == 0
    assert saved.cell(pflicht + len(typed), 1).value == exports.PFLICHT_SECTION
