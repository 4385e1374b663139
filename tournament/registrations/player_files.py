"""A player list from a file (.xlsx, .xlsm or .csv), turned into the text of a paste.

The file is read by :mod:`tournament.domain.excel.reading` (the one safe way to open an
upload). Its player list becomes the same text the Turnierleitung could paste, one line
``Name; Verein; DDV-Nr.`` per row, so the upload goes through the very same preview and
confirmation as a paste (``registrations.parse_paste`` / ``register_pasted``): every row
accepted or refused, known players decided, all or nothing.

Line *n* of the text is row *n* of the sheet, so "Zeile 14" in the preview points at row 14
of the file: the header row, the rows above it and rows without player data are empty lines,
which the paste skips but counts (the first line, always the header row or above it, is a
single space: a textarea drops a newline at its very start, which would shift every line).

The list:

- The sheet: a sheet named "Spieler" if there is one (a workbook exported by this app has
  "Stand", "Spieler", the rounds ...), otherwise the only sheet with values. Several sheets
  with values and none named "Spieler" are refused with their names.
- The header row is the first row with a value. Its columns are found by name, in any order,
  ignoring case, spaces and punctuation: Name (required; also "Spieler", or "Vorname" with
  "Nachname", or "Vorname" with "Name", combined as "Vorname Nachname"), Verein (optional;
  also "Club"), DDV-Nr. (optional; also "DDV", "DDV-Nummer", "Mitgliedsnummer"). Other
  columns are ignored. Without a name column the file is refused, naming the columns found.
- Numbers become text without a decimal point (a DDV number read as 12345.0 is "12345").
- Refused, naming the cells (in the columns read): a formula without a stored value, an
  Excel error value (#NV, #BEZUG! ...), and a semicolon. The semicolon separates the parts of
  a pasted line; rather than change a name or a club silently, the file is refused and the
  Turnierleitung replaces it in the file. Line breaks inside a cell become spaces.
"""

from __future__ import annotations

import datetime
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePath

from openpyxl.utils.cell import get_column_letter

from tournament.domain import names
from tournament.domain.errors import SpreadsheetError
from tournament.domain.excel.reading import (
    FormulaWithoutValue,
    Grid,
    Value,
    read_upload,
)
from tournament.domain.registrations import MAX_PASTE_LINES
from tournament.texts.spreadsheets import FilePart, FileProblem, file_part

PLAYER_SHEET = "Spieler"
# The paste form takes at most this many characters (PasteForm.text); a longer list could
# be previewed but never confirmed.
MAX_TEXT = MAX_PASTE_LINES * 250
# How many cells a refusal names per kind of problem before "…".
_LISTED = 10

# Header names, compared after _key(): lower case, letters and digits only.
_FULL_NAME = {
    "name",
    "spieler",
    "spielerin",
    "spielername",
    "teilnehmer",
    "teilnehmerin",
    "vollständigername",
}
_FIRST_NAME = {"vorname"}
_LAST_NAME = {"nachname", "familienname", "zuname"}
_CLUB = {"verein", "club", "klub", "vereinsname"}
_DDV = {
    "ddv",
    "ddvnr",
    "ddvnummer",
    "ddvmitgliedsnummer",
    "ddvmitgliedsnr",
    "mitgliedsnummer",
    "mitgliedsnr",
}
_ROLES = (
    ("name", "Name", _FULL_NAME),
    ("first", "Vorname", _FIRST_NAME),
    ("last", "Nachname", _LAST_NAME),
    ("club", "Verein", _CLUB),
    ("ddv", "DDV-Nr.", _DDV),
)


@dataclass(frozen=True)
class Column:
    """A column the list is read from."""

    label: str  # what it holds: "Name", "Vorname", "Nachname", "Verein" or "DDV-Nr."
    header: str  # its heading in the file
    index: int  # 1-based: 2 is column B

    @property
    def letter(self) -> str:
        return get_column_letter(self.index)


@dataclass(frozen=True)
class PlayerList:
    """A file's player list as the text of a paste; line n of ``text`` is row n of the sheet."""

    filename: str
    sheet: str
    columns: tuple[Column, ...]
    text: str
    players: int  # lines with player data

    @property
    def description(self) -> str:
        """Where the parts come from, e.g. "Name aus Spalte B („Spieler“), Verein aus Spalte A"."""
        return ", ".join(
            file_part(
                FilePart.COLUMN_SOURCE,
                label=column.label,
                letter=column.letter,
                heading=column.header,
            )
            for column in self.columns
        )


def read_player_file(data: bytes, filename: str) -> PlayerList:
    """The player list of an uploaded file; SpreadsheetError says why a file cannot be used."""
    return player_list(read_upload(data, filename), filename)


def player_list(grids: Sequence[Grid], filename: str = "") -> PlayerList:
    """The player list of a read file (its sheets, as ``reading`` gives them)."""
    base = _clean(PurePath(filename.replace("\\", "/")).name)[:80]
    name = f"„{base}“"
    grid = _player_sheet(grids, name)
    sheet = _clean(grid.title)
    header = next(number for number, row in enumerate(grid.rows, start=1) if _filled(row))
    columns = _columns(grid, header, name, sheet)
    found = {column.label: column for column in columns}
    lines = [""] * len(grid.rows)
    problems: dict[FilePart, list[str]] = {}
    for number in range(header + 1, len(grid.rows) + 1):
        parts = {c.label: _cell_text(grid, number, c.index, problems) for c in columns}
        person = parts.get("Name", "")
        if "Vorname" in found:
            person = " ".join(p for p in (parts["Vorname"], parts.get("Nachname", "")) if p)
        values = [person, parts.get("Verein", ""), parts.get("DDV-Nr.", "")]
        while values and not values[-1]:
            values.pop()
        lines[number - 1] = "; ".join(values)
    if problems:
        kinds = [
            file_part(FilePart.CELLS_OF_KIND, kind=file_part(kind), cells=", ".join(cells))
            for kind, cells in problems.items()
        ]
        raise SpreadsheetError(FileProblem.BAD_CELLS, name=name, sheet=sheet, kinds=kinds)
    while lines and not lines[-1]:
        lines.pop()
    players = sum(1 for line in lines if line)
    if not players:
        raise SpreadsheetError(FileProblem.NO_PLAYERS, name=name, sheet=sheet, header=header)
    if len(lines) > MAX_PASTE_LINES:
        raise SpreadsheetError(
            FileProblem.TOO_MANY_ROWS, name=name, rows=len(lines), limit=MAX_PASTE_LINES
        )
    # A newline right after <textarea> is dropped by the HTML parser (and by some tools even
    # twice): a blank first line is a space, which the paste skips as it skips empty lines.
    lines[0] = lines[0] or " "
    text = "\n".join(lines)
    if len(text) > MAX_TEXT:
        raise SpreadsheetError(FileProblem.LIST_TOO_LONG, name=name, limit=MAX_TEXT)
    return PlayerList(base, sheet, columns, text, players)


def _player_sheet(grids: Sequence[Grid], name: str) -> Grid:
    named = [g for g in grids if _key(g.title) == _key(PLAYER_SHEET)]
    filled = [g for g in grids if any(_filled(row) for row in g.rows)]
    if named:
        grid = named[0]
        if not any(_filled(row) for row in grid.rows):
            raise SpreadsheetError(
                FileProblem.PLAYER_SHEET_EMPTY, name=name, sheet=_clean(grid.title)
            )
        return grid
    if not filled:
        raise SpreadsheetError(FileProblem.NO_VALUES, name=name)
    if len(filled) > 1:
        titles = ", ".join(f"„{_clean(g.title)}“" for g in filled)
        raise SpreadsheetError(
            FileProblem.SEVERAL_FILLED_SHEETS, name=name, sheets=titles, player_sheet=PLAYER_SHEET
        )
    return filled[0]


def _columns(grid: Grid, header: int, name: str, sheet: str) -> tuple[Column, ...]:
    """The columns of the list, found by their headings in row ``header``."""
    by_role: dict[str, list[Column]] = {}
    headings: list[str] = []
    for index, value in enumerate(grid.rows[header - 1], start=1):
        heading = _heading(value)
        if not heading:
            continue
        headings.append(heading)
        key = _key(heading)
        for role, label, known in _ROLES:
            if key in known:
                by_role.setdefault(role, []).append(Column(label, heading, index))
    for role, label, _ in _ROLES:
        twice = by_role.get(role, [])
        if len(twice) > 1:
            cells = [f"{c.letter}{header} („{c.header}“)" for c in twice]
            raise SpreadsheetError(
                FileProblem.COLUMN_TWICE, name=name, sheet=sheet, label=label, cells=cells
            )
    chosen: list[Column] = []
    if "first" in by_role and ("last" in by_role or "name" in by_role):
        surname = by_role.get("last", by_role.get("name", []))[0]
        chosen += [by_role["first"][0], Column("Nachname", surname.header, surname.index)]
    elif "name" in by_role:
        chosen.append(by_role["name"][0])
    else:
        shown = ", ".join(f"„{h[:40]}“" for h in headings[:15])
        more = " …" if len(headings) > 15 else ""
        raise SpreadsheetError(
            FileProblem.NO_NAME_COLUMN, name=name, sheet=sheet, header=header, headings=shown + more
        )
    chosen += [by_role[role][0] for role in ("club", "ddv") if role in by_role]
    return tuple(chosen)


def _cell_text(grid: Grid, row: int, column: int, problems: dict[FilePart, list[str]]) -> str:
    """A cell of the list as one line's part; a problem is noted by kind, naming the cell."""
    value = grid.value(row, column)
    ref = Grid.ref(row, column)
    if isinstance(value, FormulaWithoutValue):
        _note(problems, FilePart.FORMULA_WITHOUT_VALUE, f"{ref} ({value.formula[:40]})")
        return ""
    text = _text(value)
    if names.is_error_value(text):
        _note(problems, FilePart.ERROR_VALUE, f"{ref} ({text.strip()})")
        return ""
    if names.SEPARATOR in text:
        _note(problems, FilePart.SEMICOLON, ref)
        return ""
    return text


def _note(problems: dict[FilePart, list[str]], kind: FilePart, cell: str) -> None:
    cells = problems.setdefault(kind, [])
    if len(cells) < _LISTED:
        cells.append(cell)
    elif len(cells) == _LISTED:
        cells.append("…")


def _filled(row: Sequence[Value]) -> bool:
    return any(value is not None for value in row)


def _heading(value: Value) -> str:
    return "" if isinstance(value, FormulaWithoutValue) else _text(value).strip()


def _text(value: Value) -> str:
    """A cell's value as text on one line (a line break would shift the line numbers)."""
    if value is None or isinstance(value, FormulaWithoutValue):
        return ""
    if isinstance(value, bool):
        return "WAHR" if value else "FALSCH"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else str(value)
    if isinstance(value, datetime.datetime):
        if value.time() == datetime.time():
            return value.strftime("%d.%m.%Y")
        return value.strftime("%d.%m.%Y %H:%M")
    if isinstance(value, datetime.date):
        return value.strftime("%d.%m.%Y")
    if isinstance(value, datetime.time):
        return value.strftime("%H:%M")
    return _clean(value)


def _clean(text: str) -> str:
    """Visible characters on one line: line breaks and control characters become spaces."""
    return " ".join(
        "".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in text).split()
    )


def _key(heading: str) -> str:
    """A heading as compared: lower case, letters and digits only ("DDV-Nr." -> "ddvnr")."""
    return "".join(ch for ch in unicodedata.normalize("NFC", heading).casefold() if ch.isalnum())
