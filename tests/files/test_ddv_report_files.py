"""The DDV ranking report's Excel file (``tournament/domain/ddv_report.py``) read back by
openpyxl, and again after LibreOffice Calc opened and saved it: the head, the findings and
every player's line come back as the report has them, numbers as numbers, DDV numbers with a
leading zero and text a spreadsheet would run as a formula as text, an empty cell where a
player has no DDV number."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from types import ModuleType
from typing import Any

from flask import Flask
from openpyxl import load_workbook

from tests.support.scorelists import complete_entries, make_round, make_tournament, make_user
from tournament.ddv_report import service
from tournament.domain import ddv_report, score_lists
from tournament.extensions import db
from tournament.models import RoundStatus
from tournament.texts import ddv_report as words

#: (name, club, DDV number): umlauts, a missing and a zero-led number, text like formulas.
PLAYERS = (
    ("Jürgen Weiß", "Kreuz Kiel", "00123"),
    ("=SUMME(A1)", "Pik Plön", "4711"),
    ("Anna", "+49 Club", None),
    ("Ben", "@Husum", "B-17"),
    ("Cem", "", "-12"),
    ("Dörte", "Herz Husum", "815"),
    ("Emil", "Karo", "9000"),
    ("Frieda", "Karo", "9001"),
    ("Gustav", "Karo", "9002"),
)


def _played() -> ddv_report.Report:
    """Eight of the nine players in one closed round at two tables; the ninth never played."""
    make_user()
    tournament, registrations = make_tournament([(name, club) for name, club, _ in PLAYERS])
    for registration, (_, _, ddv) in zip(registrations, PLAYERS, strict=True):
        registration.player.ddv_number = ddv
    round_ = make_round(tournament, 1, [registrations[0:4], registrations[4:8]])
    for table in round_.tables:
        report: dict[str, Any] = score_lists.replace_entries(
            table, complete_entries(table, seed=table.number), None
        )
        assert report["complete"] and report["valid"]
    round_.status = RoundStatus.FINISHED
    db.session.commit()
    return service.report_of(tournament)


def _sheet(data: bytes) -> list[tuple[Any, ...]]:
    """The report's sheet as rows of values, trailing empty cells left out."""
    book = load_workbook(io.BytesIO(data), read_only=True)
    assert book.sheetnames == [words.PLAYERS_SHEET]
    rows = []
    for row in book[words.PLAYERS_SHEET].iter_rows(values_only=True):
        values = list(row)
        while values and values[-1] in (None, ""):
            values.pop()
        rows.append(tuple(None if value == "" else value for value in values))
    book.close()
    return rows


def _expected(found: ddv_report.Report) -> list[tuple[Any, ...]]:
    """What the sheet must hold, spelled out from the report: the head, the findings, an
    empty line, the columns and the players."""
    head: list[tuple[Any, ...]] = [
        (words.HEAD_NAME, "Herbstturnier"),
        (words.HEAD_DATE, "21.11.2026"),
        (words.HEAD_RULE_SET, found.head.rule_set),
        (words.HEAD_PLAYERS, 8),
        (words.HEAD_REGISTERED, 9),
        (words.HEAD_ROUNDS, 1),
        (words.HEAD_PLANNED, 3),
        (words.HEAD_STATUS, words.STATUS_NOT),
    ]
    findings = [(f.level_name, f.text, f.source) for f in found.findings]
    table = [
        (
            row.rank,
            row.ddv_number or None,
            row.name,
            row.club or None,
            row.points,
            row.rounds,
            None if row.average is None else float(row.average.quantize(Decimal("0.01"))),
            row.start_number,
        )
        for row in found.rows
    ]
    # A line whose last cells are empty ends earlier (the player who never played).
    trimmed = []
    for line in table:
        values = list(line)
        while values and values[-1] is None:
            values.pop()
        trimmed.append(tuple(values))
    return [*head, *findings, (), tuple(words.COLUMNS), *trimmed]


def test_the_report_reads_back_through_openpyxl_and_after_libreoffice(
    app: Flask, libreoffice: ModuleType
) -> None:
    with app.app_context():
        found = _played()
    assert len(found.rows) == len(PLAYERS)
    checks = {f.check for f in found.findings}
    assert {words.Check.DDV_MISSING, words.Check.NO_ROUND, words.Check.TOO_FEW_PLAYERS} <= checks
    data = ddv_report.to_xlsx(found)
    expected = _expected(found)
    assert _sheet(data) == expected
    resaved = libreoffice.convert(data)
    assert _sheet(resaved) == expected
    # The cells that would change in a careless file: still text, still there.
    table = {row[7] if len(row) > 7 else None: row for row in _sheet(resaved)}
    assert table[1][1] == "00123"
    assert table[2][2] == "=SUMME(A1)"
    assert table[3][1] is None and table[3][3] == "+49 Club"
    assert table[5][1] == "-12"


def test_the_csv_holds_the_same_lines_as_the_workbook(app: Flask) -> None:
    with app.app_context():
        found = _played()
    text = ddv_report.to_csv(found).decode("utf-8-sig")
    lines = list(csv.reader(io.StringIO(text), delimiter=";"))
    sheet = _sheet(ddv_report.to_xlsx(found))
    assert len(lines) == len(sheet)

    def as_csv(value: Any, average: bool) -> str:
        if value is None:
            return ""
        if average:  # a whole Rundenschnitt reads back from the workbook as a whole number
            return f"{value:.2f}".replace(".", ",")
        text = str(value)
        return f"'{text}" if isinstance(value, str) and text[:1] in "=+-@" else text

    header = sheet.index(tuple(words.COLUMNS))
    average = words.COLUMNS.index(words.AVERAGE)
    for number, (line, row) in enumerate(zip(lines, sheet, strict=True)):
        cells = [
            as_csv(value, number > header and column == average) for column, value in enumerate(row)
        ]
        assert line[: len(cells)] == cells
        assert all(cell == "" for cell in line[len(cells) :])
