"""Score lists as Excel workbooks (openpyxl), laid out like the paper Spielliste.

The running totals are written twice: as the engine's values and as formulas over the
points, with a check column comparing both, so the sheet checks itself in any spreadsheet
program. Text that a spreadsheet would run as a formula (a name beginning with ``=``, ``+``,
``-`` or ``@``) is written as plain text with a quote prefix.
"""

from __future__ import annotations

import io

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet
from sqlalchemy import select

from tournament.extensions import db
from tournament.models import Round, RoundTable, Tournament
from tournament.services import list_cells, sheets, standings, tables

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
FORMULA_STARTS = ("=", "+", "-", "@")
BOLD = Font(bold=True)
HEADER_ROW = 12


def list_filename(table: RoundTable) -> str:
    return f"liste-runde-{table.round.number}-tisch-{table.number}.xlsx"


def list_workbook(table: RoundTable) -> bytes:
    """One table's score list as an .xlsx file."""
    workbook = Workbook()
    sheet = workbook.active
    assert isinstance(sheet, Worksheet)
    sheet.title = f"Tisch {table.number}"
    write_list(sheet, sheets.sheet(table, explain=False))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def tournament_filename(tournament: Tournament) -> str:
    return f"turnier-{tournament.id}-{tournament.date.isoformat()}.xlsx"


def tournament_workbook(tournament: Tournament) -> bytes:
    """The whole tournament: standings, players, and one sheet per round with every
    table's list one below the other."""
    workbook = Workbook(write_only=False)
    first = workbook.active
    assert isinstance(first, Worksheet)
    first.title = "Stand"
    _write_standings(first, standings.overall(tournament))
    _write_players(workbook.create_sheet("Spieler"), tournament)
    for round_ in tournament.rounds:
        ws = workbook.create_sheet(f"Runde {round_.number}")
        row = 1
        for table in _tables_of(round_):
            row = write_list(ws, sheets.sheet(table, explain=False), row) + 3
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _tables_of(round_: Round) -> list[RoundTable]:
    """A round's tables with everything their lists read, in three queries."""
    query = (
        select(RoundTable)
        .where(RoundTable.round_id == round_.id)
        .order_by(RoundTable.number)
        .options(*tables.WHOLE_LIST)
    )
    return list(db.session.execute(query).scalars())


def _write_standings(ws: Worksheet, table: standings.Standings) -> None:
    headers = [
        "Platz",
        "Nr.",
        "Name",
        "Verein",
        *(f"Runde {n}" for n in table.rounds),
        "Gesamt",
        "Runden",
    ]
    for col, header in enumerate(headers, start=1):
        text(ws, 1, col, header)
        ws.cell(1, col).font = BOLD
    for row, entry in enumerate(table.rows, start=2):
        ws.cell(row, 1, entry.rank)
        ws.cell(row, 2, entry.start_number)
        text(ws, row, 3, entry.name)
        text(ws, row, 4, entry.club)
        for col, points in enumerate(entry.points, start=5):
            if points is not None:
                ws.cell(row, col, points)
        ws.cell(row, 5 + len(table.rounds), entry.total)
        ws.cell(row, 6 + len(table.rounds), entry.rounds_played)
    ws.column_dimensions["C"].width = 28
    ws.column_dimensions["D"].width = 20


def _write_players(ws: Worksheet, tournament: Tournament) -> None:
    headers = ["Nr.", "Name", "Verein", "DDV-Nr.", "ab Runde", "zurückgezogen nach Runde"]
    for col, header in enumerate(headers, start=1):
        text(ws, 1, col, header)
        ws.cell(1, col).font = BOLD
    for row, registration in enumerate(tournament.registrations, start=2):
        player = registration.player
        ws.cell(row, 1, registration.start_number)
        text(ws, row, 2, player.name)
        text(ws, row, 3, player.club)
        text(ws, row, 4, player.ddv_number or "")
        ws.cell(row, 5, registration.first_round)
        if registration.withdrawn_after_round is not None:
            ws.cell(row, 6, registration.withdrawn_after_round)
    ws.column_dimensions["B"].width = 28
    ws.column_dimensions["C"].width = 20


def text(ws: Worksheet, row: int, column: int, value: str) -> None:
    """A text cell that no spreadsheet program evaluates, whatever it begins with."""
    cell = ws.cell(row, column)
    assert isinstance(cell, Cell)
    cell.value = value
    cell.data_type = "s"
    if value.startswith(FORMULA_STARTS):
        cell.quotePrefix = True


def write_list(ws: Worksheet, list_sheet: sheets.Sheet, top: int = 1) -> int:
    """Write the list with its first row at ``top``; returns the last row written."""
    base = top - 1
    table = list_sheet.table
    round_ = table.round
    tournament = round_.tournament
    players = list_sheet.players
    size = len(players)
    text(ws, top, 1, f"Spielliste Tisch {table.number}")
    ws.cell(top, 1).font = BOLD
    facts = [
        ("Turnier", tournament.name),
        ("Datum", tournament.date.strftime("%d.%m.%Y")),
        ("Runde", str(round_.number)),
        ("Tisch", f"{table.number} ({size} Spieler)"),
        ("Listenführer", players[-1].name),
    ]
    for row, (label, value) in enumerate(facts, start=top + 1):
        text(ws, row, 1, label)
        text(ws, row, 2, value)
    for row, label in ((base + 8, "Platz"), (base + 9, "Name"), (base + 10, "Nr.")):
        text(ws, row, 1, label)
    for i, player in enumerate(players, start=2):
        ws.cell(base + 8, i, player.position)
        text(ws, base + 9, i, player.name)
        ws.cell(base + 10, i, player.start_number)

    columns = Columns(len(list_cells.FIXED), size)
    headers = list_cells.headers([p.position for p in players])
    for col, header in enumerate(headers, start=1):
        text(ws, base + HEADER_ROW, col, header)
        ws.cell(base + HEADER_ROW, col).font = BOLD

    row = base + HEADER_ROW + 1
    previous: int | None = None
    game_rows: list[int] = []
    sections = (
        ("Normalspiele, Lustsoli, Strafen", list_sheet.normal_rows),
        ("Pflichtsoli (TSR 4.2.4)", list_sheet.pflicht_rows),
    )
    # Chronological order decides the running totals, whatever section a row is shown in.
    order = {r.entry: i for i, r in enumerate(list_sheet.rows)}
    placed: dict[int, int] = {}
    numbers = _numbers(list_sheet.rows)
    for title, rows in sections:
        text(ws, row, 1, title)
        ws.cell(row, 1).font = BOLD
        row += 1
        for entry in rows:
            placed[entry.entry] = row
            _write_row(ws, row, entry, numbers[entry.entry], list_sheet, columns)
            if entry.points:
                game_rows.append(row)
            row += 1
        row += 1
    for entry in sorted(list_sheet.rows, key=lambda r: order[r.entry]):
        if not entry.points:
            continue
        here = placed[entry.entry]
        for i in range(size):
            points = columns.ref("points", i, here)
            formula = (
                points if previous is None else f"{columns.ref('formula', i, previous)}+{points}"
            )
            ws.cell(here, columns.col("formula", i), f"={formula}")
        checks = ",".join(
            f"{columns.ref('formula', i, here)}={columns.ref('total', i, here)}"
            for i in range(size)
        )
        ws.cell(here, columns.check, f'=IF(AND({checks}),"ja","NEIN")')
        previous = here

    text(ws, row, 1, "Summe")
    ws.cell(row, 1).font = BOLD
    for i, player in enumerate(players):
        column = get_column_letter(columns.col("points", i))
        cells = ",".join(f"{column}{r}" for r in game_rows) or "0"
        ws.cell(row, columns.col("points", i), f"=SUM({cells})")
        ws.cell(row, columns.col("total", i), player.total)
    row += 1
    text(ws, row, 1, "Summe aller Spieler (muss 0 sein)")
    first, last = columns.ref("points", 0, row - 1), columns.ref("points", size - 1, row - 1)
    ws.cell(row, columns.col("points", 0), f"=SUM({first}:{last})")
    row += 2
    text(ws, row, 1, "Prüfung")
    text(ws, row, 2, _status(list_sheet))
    ws.column_dimensions["A"].width = 12
    ws.column_dimensions["D"].width = 30
    return row


class Columns:
    """Where the per-player columns of the list start: points, totals, total formulas."""

    def __init__(self, fixed: int, size: int) -> None:
        self.fixed = fixed
        self.size = size
        self.check = fixed + 3 * size + 1

    def col(self, kind: str, player: int) -> int:
        offset = {"points": 0, "total": 1, "formula": 2}[kind] * self.size
        return self.fixed + offset + player + 1

    def ref(self, kind: str, player: int, row: int) -> str:
        return f"{get_column_letter(self.col(kind, player))}{row}"


def _write_row(
    ws: Worksheet,
    row: int,
    entry: sheets.SheetRow,
    number: int | None,
    list_sheet: sheets.Sheet,
    columns: Columns,
) -> None:
    positions = [list_sheet.players[i].position for i in entry.winners]
    values = list_cells.cells(entry.record, number, positions, list_sheet.names)
    for col, value in enumerate(values, start=1):
        if isinstance(value, str):
            text(ws, row, col, value)
        elif value is not None:
            ws.cell(row, col, value)
    for i, points in enumerate(entry.points):
        ws.cell(row, columns.col("points", i), points)
    for i, total in enumerate(entry.totals):
        ws.cell(row, columns.col("total", i), total)


def _numbers(rows: tuple[sheets.SheetRow, ...]) -> dict[int, int | None]:
    """Each entry's "Nr.": a game its number, a penalty or time note the game it came before
    (after the last game: one more), so that reading the sheet in game order restores the list."""
    numbers: dict[int, int | None] = {}
    following: int | None = None
    last = max((r.game for r in rows if r.kind == "game" and r.game is not None), default=0)
    for row in reversed(rows):
        if row.kind == "game" and row.game is not None:
            following = row.game
        numbers[row.entry] = row.game if row.game is not None else (following or last + 1)
    return numbers


def _status(list_sheet: sheets.Sheet) -> str:
    if not list_sheet.valid:
        return "Die Liste enthält Fehler."
    if list_sheet.complete:
        struck = f", {list_sheet.struck} gestrichen" if list_sheet.struck else ""
        return f"vollständig und fehlerfrei ({list_sheet.games_played} Spiele{struck})"
    return f"unvollständig: noch {list_sheet.games_left} Spiele"
