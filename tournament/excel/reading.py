"""The one safe way the app opens an uploaded spreadsheet (.xlsx, .xlsm or .csv).

Every upload goes through :func:`read_upload` (or :func:`read_workbook` / :func:`read_csv`),
which gives plain values or refuses the file with a German sentence saying what is wrong
(:class:`SpreadsheetError`, by code: :class:`~tournament.texts.spreadsheets.FileProblem`).
Nothing else escapes: a broken, hostile or merely unexpected file never reaches the user as
a crash.

What is guarded against, in this order:

- size: the upload itself (``MAX_UPLOAD_BYTES``) and the sum of the zip members' declared
  uncompressed sizes (``MAX_UNPACKED_BYTES``, a zip bomb), read from the zip directory before
  openpyxl reads anything. Python's ``zipfile`` never returns more than a member's declared
  size, so the declared sizes bound what the XML parser sees;
- a small file holding a huge sheet (38 MB of sheet XML deflate to 150 KB): before openpyxl
  reads anything, every member is streamed out of the zip in chunks (:func:`_guard_members`)
  and counted: its unpacked bytes (at most ``MAX_PART_BYTES`` each) and its cells (``<c``
  elements, any namespace prefix; at most ``MAX_SHEET_CELLS`` per member and
  ``MAX_WORKBOOK_CELLS`` in all). The count stops at the first limit passed, so a refusal
  costs at most about 10 MB of streaming, whatever the file holds; openpyxl would hold every
  cell in memory (750 MB for 1.7 million) before any limit could be checked. The count is a
  C-speed scan and errs only upwards (an element named ``c`` outside a sheet counts too).
  The limits leave room around the biggest workbook the app itself writes, the whole
  tournament of 400 players in 8 rounds (``exports.tournament_workbook``, measured with
  ``bench/upload_guard.py``): a round's sheet there has 59,200 cells in 2.8 MB of XML, the
  workbook 530,000 cells in 26 MB; so at most 200,000 cells and 10 MB per sheet (over 3x),
  1,000,000 cells in all (about 2x). That workbook zips to 4.4 MB, over ``MAX_UPLOAD_BYTES``:
  the biggest tournament that can be uploaded whole is about half of it;
- XML attacks (billion laughs, external entities): openpyxl parses with defusedxml when it is
  installed and lxml is not; this module refuses to be imported otherwise;
- a sheet reaching far (one value in XFD1048576): at most ``MAX_CELLS`` cells per sheet;
- merged cells: refused with their ranges, since a value in a merged range belongs to one
  cell only and a reader would silently miss it in the others.

A workbook of ``WORKER_CELLS`` cells or more is read by one of the Excel export's worker
processes (:func:`tournament.excel.writing.in_worker`): openpyxl holds the interpreter while
it reads (5 s for a tournament of 400 players in 3 rounds), and the server's other requests
would wait for it; read there, they are answered meanwhile.
"""

from __future__ import annotations

import codecs
import csv
import datetime
import io
import posixpath
import re
import unicodedata
import warnings
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

import openpyxl
from openpyxl.utils.cell import get_column_letter
from openpyxl.worksheet.formula import ArrayFormula, DataTableFormula
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.xml.functions import fromstring as parse_xml

from tournament.excel import writing
from tournament.texts.spreadsheets import (
    NOTHING_CHANGED,
    FilePart,
    FileProblem,
    file_part,
    file_problem,
)
from tournament.web.errors import ServiceError

MAX_UPLOAD_BYTES: int = 2 * 1024 * 1024  # the file as uploaded
MAX_UNPACKED_BYTES: int = 40 * 1024 * 1024  # sum of the zip members' uncompressed sizes
MAX_CELLS: int = 1_000_000  # rows x columns of one sheet, as far as it holds values
MAX_PART_BYTES: int = 10 * 1024 * 1024  # one zip member (a sheet, the shared strings ...)
MAX_SHEET_CELLS: int = 200_000  # cells (``<c`` elements) written in one sheet's XML
MAX_WORKBOOK_CELLS: int = 1_000_000  # cells written in all sheets together

# Workbooks of this many cells or more are read by a worker process of the Excel export
# (``writing.in_worker``): openpyxl reads about 50,000 cells a second, holding the
# interpreter, and the server's other requests would wait for it. A table's list has about
# 700 cells; a tournament of 400 players in 3 rounds 255,000 (5 s).
WORKER_CELLS: int = 20_000

# How much of a member is unpacked at a time while it is counted.
_CHUNK = 1024 * 1024
# A cell's start tag, with or without a namespace prefix: <c r="A1">, <x:c>, <c/>.
_CELL_TAG = re.compile(rb"<(?:[A-Za-z_][\w.\-]{0,31}:)?c[\s/>]")
# Longer than any start of a tag _CELL_TAG matches: a "<" this near a chunk's end may begin
# a cell tag that the next chunk completes.
_TAG_REACH = 40
# The workbook's parts that name its sheets, read to name a sheet in a refusal.
_WORKBOOK_PART = "xl/workbook.xml"
_WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
_NAMING_BYTES = 1024 * 1024

# How many merged ranges (per sheet) a message names before "…".
_LISTED = 10

# openpyxl chooses its XML parser when it is imported: defusedxml, unless lxml is installed.
if not openpyxl.DEFUSEDXML or openpyxl.LXML:  # pragma: no cover - an installation problem
    raise ImportError(
        "tournament.excel.reading needs openpyxl with defusedxml and without lxml: "
        "install defusedxml and uninstall lxml."
    )


class SpreadsheetError(ServiceError):
    """An uploaded file that cannot be read; ``str(error)`` says why, in German.

    ``problem`` says why (:class:`~tournament.texts.spreadsheets.FileProblem`),
    ``problem_params`` fill its German template. The message always ends by saying that
    nothing was changed: the sentence is appended unless the message says so already.
    """

    def __init__(self, problem: FileProblem, /, *, field: str | None = None, **params: Any) -> None:
        message = file_problem(problem, **params)
        if NOTHING_CHANGED not in message:
            message = f"{message.rstrip()} {NOTHING_CHANGED}"
        super().__init__(message, field=field)
        self.problem = problem
        self.problem_params = params

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its code and parameters (a worker process reads big files)."""
        return (_refusal, (self.problem, self.field, self.problem_params))


def _refusal(problem: FileProblem, field: str | None, params: dict[str, Any]) -> SpreadsheetError:
    return SpreadsheetError(problem, field=field, **params)


@dataclass(frozen=True)
class FormulaWithoutValue:
    """A formula cell whose file stores no computed value.

    E.g. a file written by a program that does not calculate (openpyxl, many exporters).
    """

    formula: str


Value = (
    str
    | int
    | float
    | bool
    | datetime.datetime
    | datetime.date
    | datetime.time
    | FormulaWithoutValue
    | None
)


@dataclass(frozen=True)
class Grid:
    """One sheet's cells as values: rows[i][j] is row i+1, column j+1.

    Ragged rows are padded with None to the sheet's width (its last column holding a value);
    trailing empty rows are left out, so an empty sheet has ``rows == ()``.
    """

    title: str
    rows: tuple[tuple[Value, ...], ...]

    def value(self, row: int, column: int) -> Value:
        """The value of a cell, 1-based; None outside the grid."""
        if row < 1 or column < 1 or row > len(self.rows):
            return None
        cells = self.rows[row - 1]
        return cells[column - 1] if column <= len(cells) else None

    @staticmethod
    def ref(row: int, column: int) -> str:
        """The cell's name as Excel shows it, e.g. ``Grid.ref(14, 2) == "B14"``."""
        return f"{get_column_letter(column)}{row}"


def read_upload(data: bytes, filename: str) -> list[Grid]:
    """By extension/content: .csv -> [read_csv], .xlsx/.xlsm -> read_workbook.

    Anything else is a SpreadsheetError. The content decides first: a zip (or an old Excel,
    or a PDF) is read as a workbook, which refuses what is not one with the right message,
    whatever the file is called.
    """
    _check_size(data, filename)
    suffix = PurePath(filename).suffix.casefold()
    if _signature(data) is not None or suffix in (".xlsx", ".xlsm", ".xls", ".ods"):
        return read_workbook(data, filename)
    if suffix == ".csv":
        return [read_csv(data, filename)]
    raise SpreadsheetError(FileProblem.NOT_A_SPREADSHEET, name=_quoted(filename))


def read_workbook(data: bytes, filename: str) -> list[Grid]:
    """Every sheet in workbook order.

    Raises SpreadsheetError for: empty file; over MAX_UPLOAD_BYTES; not a spreadsheet (not a
    zip / not xlsx, e.g. a .xls, a PDF, a text file); corrupt or truncated zip, missing parts,
    broken XML; XML with entity declarations (defusedxml); unpacked size over
    MAX_UNPACKED_BYTES (checked in the zip directory before openpyxl reads anything); a sheet
    over MAX_CELLS; merged cells anywhere in a sheet (naming the ranges). No other exception
    escapes.

    Chart sheets hold no cells and are left out.
    """
    _check_size(data, filename)
    name = _quoted(filename)
    signature = _signature(data)
    suffix = PurePath(filename).suffix.casefold()
    if signature == "ole" or (signature is None and suffix == ".xls"):
        raise SpreadsheetError(FileProblem.OLD_EXCEL, name=name)
    if signature == "pdf":
        raise SpreadsheetError(FileProblem.PDF, name=name)
    if signature != "zip":
        raise SpreadsheetError(FileProblem.NOT_EXCEL, name=name)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            if sum(member.file_size for member in members) > MAX_UNPACKED_BYTES:
                raise SpreadsheetError(
                    FileProblem.UNPACKED_TOO_LARGE,
                    name=name,
                    megabytes=MAX_UNPACKED_BYTES // (1024 * 1024),
                )
            names = {member.filename for member in members}
            small = [m for m in members if m.filename == "mimetype" and m.file_size < 200]
            mimetype = archive.read(small[0]) if small else b""
    except SpreadsheetError:
        raise
    except Exception as error:
        raise _damaged(name) from error
    if b"opendocument" in mimetype:
        raise SpreadsheetError(FileProblem.OPENDOCUMENT, name=name)
    if "[Content_Types].xml" not in names:
        raise SpreadsheetError(FileProblem.ZIP_NOT_EXCEL, name=name)
    cells = _guard_members(data, name)
    if cells >= WORKER_CELLS:
        return writing.in_worker(_grids, data, name)
    return _grids(data, name)


def _grids(data: bytes, name: str) -> list[Grid]:
    """The workbook's sheets read by openpyxl (run in a worker process for a big file)."""
    formulas = _load(data, name, data_only=False)
    _refuse_merged_cells(formulas.worksheets, name)
    values = _load(data, name, data_only=True) if _has_formulas(formulas.worksheets) else None
    grids: list[Grid] = []
    for index, sheet in enumerate(formulas.worksheets):
        if not isinstance(sheet, Worksheet):
            continue
        cached = values.worksheets[index] if values is not None else None
        grids.append(_grid(sheet, cached if isinstance(cached, Worksheet) else None, name))
    return grids


def read_csv(data: bytes, filename: str) -> Grid:
    """A .csv as one Grid.

    UTF-8 (with or without BOM), falling back to cp1252 (German Excel's CSV); UTF-16 with a
    BOM (Excel's "Unicode-Text") too. Delimiter ';', ',' or tab, whichever the first non-empty
    line holds most of (outside quotes; ';' wins a tie, one column without any). Size limit;
    NUL characters refused. Every value is a string; empty cells are None. The Grid's title is
    the file name without its extension.
    """
    _check_size(data, filename)
    name = _quoted(filename)
    if _signature(data) is not None:
        raise SpreadsheetError(FileProblem.NOT_CSV, name=name)
    text = _decode(data, name)
    if "\x00" in text:
        raise SpreadsheetError(FileProblem.NUL_CHARACTERS, name=name)
    delimiter = _delimiter(text)
    rows: list[tuple[Value, ...]] = []
    width = 0
    try:
        for record in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter):
            row = tuple(cell if cell != "" else None for cell in record)
            rows.append(row)
            width = max(width, len(row))
            if len(rows) * width > MAX_CELLS:
                raise SpreadsheetError(
                    FileProblem.CSV_TOO_LARGE, name=name, cells=_number(MAX_CELLS)
                )
    except csv.Error as error:
        raise SpreadsheetError(FileProblem.CSV_UNREADABLE, name=name, line=len(rows) + 1) from error
    padded = tuple(row + (None,) * (width - len(row)) for row in rows)
    return Grid(_title(filename), _strip_trailing(padded))


# ------------------------------------------------------------------ checks


def _check_size(data: bytes, filename: str) -> None:
    if not data:
        raise SpreadsheetError(FileProblem.EMPTY_FILE, name=_quoted(filename))
    if len(data) > MAX_UPLOAD_BYTES:
        raise SpreadsheetError(
            FileProblem.TOO_LARGE,
            name=_quoted(filename),
            megabytes=MAX_UPLOAD_BYTES // (1024 * 1024),
        )


def _guard_members(data: bytes, name: str) -> int:
    """Refuse a workbook whose members unpack to more than ``MAX_PART_BYTES`` each, or
    hold more cells than ``MAX_SHEET_CELLS`` in one member or ``MAX_WORKBOOK_CELLS`` in all;
    streamed chunk by chunk, stopping at the first limit passed. Every member is counted,
    whatever its name: openpyxl reads a sheet from any part the workbook points to. Returns
    the cells counted."""
    total = 0
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for member in archive.infolist():
                if member.is_dir():
                    continue
                cells = 0
                for found in _cells_in_chunks(archive, member, name):
                    cells += found
                    total += found
                    if cells > MAX_SHEET_CELLS or total > MAX_WORKBOOK_CELLS:
                        raise _too_many_cells(archive, member.filename, name, cells)
    except SpreadsheetError:
        raise
    except Exception as error:
        raise _damaged(name) from error
    return total


def _cells_in_chunks(archive: zipfile.ZipFile, member: zipfile.ZipInfo, name: str) -> Iterator[int]:
    """The cell tags in each chunk of ``member`` as it is unpacked; a tag split by a chunk's
    end is counted with the next chunk. Refuses the member once it unpacks to more than
    ``MAX_PART_BYTES``."""
    unpacked = 0
    carry = b""
    with archive.open(member) as stream:
        while chunk := stream.read(_CHUNK):
            unpacked += len(chunk)
            if unpacked > MAX_PART_BYTES:
                raise _part_too_large(archive, member.filename, name)
            chunk = carry + chunk
            cut = chunk.rfind(b"<", max(0, len(chunk) - _TAG_REACH))
            if cut < 0:
                cut = len(chunk)
            carry = chunk[cut:]
            yield len(_CELL_TAG.findall(chunk, 0, cut))
    yield len(_CELL_TAG.findall(carry))


def _part_too_large(archive: zipfile.ZipFile, member: str, name: str) -> SpreadsheetError:
    megabytes = MAX_PART_BYTES // (1024 * 1024)
    sheet = _sheet_title(archive, member)
    if sheet is None:
        part = _clean(member)[:80]
        return SpreadsheetError(
            FileProblem.PART_TOO_LARGE, name=name, part=part, megabytes=megabytes
        )
    return SpreadsheetError(
        FileProblem.SHEET_XML_TOO_LARGE, name=name, sheet=sheet, megabytes=megabytes
    )


def _too_many_cells(
    archive: zipfile.ZipFile, member: str, name: str, cells: int
) -> SpreadsheetError:
    if cells <= MAX_SHEET_CELLS:
        return SpreadsheetError(
            FileProblem.WORKBOOK_TOO_MANY_CELLS, name=name, cells=_number(MAX_WORKBOOK_CELLS)
        )
    sheet = _sheet_title(archive, member) or _clean(member)[:80]
    return SpreadsheetError(
        FileProblem.SHEET_TOO_MANY_CELLS, name=name, sheet=sheet, cells=_number(MAX_SHEET_CELLS)
    )


def _sheet_title(archive: zipfile.ZipFile, member: str) -> str | None:
    """The title of the sheet stored in ``member``, as the workbook part names it; ``None``
    if ``member`` is no sheet or the workbook's parts do not say (they are too big or
    broken: the file is refused anyway)."""
    try:
        relations = _small_xml(archive, _WORKBOOK_RELS)
        book = _small_xml(archive, _WORKBOOK_PART)
        if relations is None or book is None:
            return None
        targets = {}
        for relation in relations.iter():
            target, identifier = relation.get("Target"), relation.get("Id")
            if target and identifier:
                if target.startswith("/"):
                    path = target.lstrip("/")
                else:
                    path = posixpath.normpath(posixpath.join("xl", target))
                targets[identifier] = path
        for sheet in book.iter():
            if not sheet.tag.endswith("}sheet") and sheet.tag != "sheet":
                continue
            identifier = next((v for k, v in sheet.attrib.items() if k.endswith("}id")), None)
            if identifier is not None and targets.get(identifier) == member:
                return _clean(sheet.get("name") or "")[:80] or None
    except Exception:
        return None
    return None


def _small_xml(archive: zipfile.ZipFile, member: str) -> Any:
    """A small member parsed as openpyxl parses (defusedxml); ``None`` if missing or big."""
    try:
        info = archive.getinfo(member)
    except KeyError:
        return None
    if info.file_size > _NAMING_BYTES:
        return None
    return parse_xml(archive.read(info))


def _signature(data: bytes) -> str | None:
    """What the first bytes say the file is: "zip", "ole" (old Office), "pdf" or None."""
    if data.startswith((b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")):
        return "zip"
    if data.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        return "ole"
    if data.startswith(b"%PDF"):
        return "pdf"
    return None


def _damaged(name: str) -> SpreadsheetError:
    return SpreadsheetError(FileProblem.DAMAGED, name=name)


def _forbidden_xml(error: BaseException) -> bool:
    """Whether defusedxml refused the XML somewhere in the chain (openpyxl re-raises)."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        # defusedxml.DefusedXmlException and its kinds (DTDForbidden, EntitiesForbidden,
        # ExternalReferenceForbidden ...), recognised by module: defusedxml has no type stubs.
        if type(current).__module__.startswith("defusedxml"):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def _load(data: bytes, name: str, *, data_only: bool) -> openpyxl.Workbook:
    try:
        with warnings.catch_warnings():
            # openpyxl warns about parts it drops (data validation extensions, shapes ...).
            warnings.simplefilter("ignore")
            return openpyxl.load_workbook(io.BytesIO(data), data_only=data_only, keep_links=False)
    except Exception as error:
        if _forbidden_xml(error):
            raise SpreadsheetError(FileProblem.FORBIDDEN_XML, name=name) from error
        raise _damaged(name) from error


def _refuse_merged_cells(sheets: Sequence[object], name: str) -> None:
    problems = []
    for sheet in sheets:
        if not isinstance(sheet, Worksheet):
            continue
        ranges = sorted(
            (r for r in sheet.merged_cells.ranges),
            key=lambda r: (r.min_row, r.min_col),
        )
        if not ranges:
            continue
        listed = ", ".join(r.coord for r in ranges[:_LISTED])
        title = _clean(sheet.title)
        if len(ranges) > _LISTED:
            more = len(ranges) - _LISTED
            problems.append(
                file_part(FilePart.MERGED_IN_SHEET_MORE, sheet=title, ranges=listed, more=more)
            )
        else:
            problems.append(file_part(FilePart.MERGED_IN_SHEET, sheet=title, ranges=listed))
    if problems:
        raise SpreadsheetError(FileProblem.MERGED_CELLS, name=name, sheets=problems)


def _has_formulas(sheets: Sequence[object]) -> bool:
    return any(
        cell.data_type == "f"
        for sheet in sheets
        if isinstance(sheet, Worksheet)
        for cell in sheet._cells.values()
    )


# ------------------------------------------------------------------ cells


def _grid(sheet: Worksheet, cached: Worksheet | None, name: str) -> Grid:
    """The sheet's values, built from the cells it stores (a sparse dict), never by iterating
    its whole dimension: a single value in XFD1048576 must not cost billions of steps."""
    values: dict[tuple[int, int], Value] = {}
    for (row, column), cell in sheet._cells.items():
        raw = cell.value
        if raw is None:
            continue
        value: Value
        if cell.data_type == "f":
            stored = cached._cells.get((row, column)) if cached is not None else None
            stored_value = stored.value if stored is not None else None
            if stored_value is None:
                value = FormulaWithoutValue(_formula_text(raw))
            else:
                value = _plain(stored_value)
        else:
            value = _plain(raw)
        if value is not None:
            values[(row, column)] = value
    if not values:
        return Grid(sheet.title, ())
    height = max(row for row, _ in values)
    width = max(column for _, column in values)
    if height * width > MAX_CELLS:
        raise SpreadsheetError(
            FileProblem.SHEET_TOO_LARGE,
            name=name,
            sheet=_clean(sheet.title),
            cell=Grid.ref(height, width),
            cells=_number(MAX_CELLS),
        )
    rows = tuple(
        tuple(values.get((row, column)) for column in range(1, width + 1))
        for row in range(1, height + 1)
    )
    return Grid(sheet.title, rows)


def _formula_text(raw: object) -> str:
    if isinstance(raw, ArrayFormula):
        return str(raw.text or "")
    if isinstance(raw, DataTableFormula):
        return "{=TABLE()}"
    return str(raw)


def _plain(raw: object) -> Value:
    """A cell value as one of the ``Value`` types; an empty string is an empty cell."""
    if raw is None or isinstance(
        raw, bool | int | float | datetime.datetime | datetime.date | datetime.time
    ):
        return raw
    if isinstance(raw, str):
        return raw if raw != "" else None
    if isinstance(raw, datetime.timedelta):
        return str(raw)
    return str(raw)


def _strip_trailing(rows: tuple[tuple[Value, ...], ...]) -> tuple[tuple[Value, ...], ...]:
    end = len(rows)
    while end and all(value is None for value in rows[end - 1]):
        end -= 1
    return rows[:end]


# ------------------------------------------------------------------ CSV


def _decode(data: bytes, name: str) -> str:
    if data.startswith(codecs.BOM_UTF8):
        encodings: tuple[str, ...] = ("utf-8-sig",)
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encodings = ("utf-16",)
    else:
        encodings = ("utf-8", "cp1252")
    for encoding in encodings:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise SpreadsheetError(FileProblem.UNKNOWN_ENCODING, name=name)


def _delimiter(text: str) -> str:
    """';', tab or ',': the one the first non-empty line has most of, outside quotes."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = dict.fromkeys(";\t,", 0)
    quoted = False
    for ch in first:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    best = max(counts.values())
    return next(ch for ch, count in counts.items() if count == best) if best else ";"


# ------------------------------------------------------------------ names in messages


def _quoted(filename: str) -> str:
    """The file's name (without folders) for a message, in German quotes."""
    base = _clean(PurePath(filename.replace("\\", "/")).name) or file_part(FilePart.NO_NAME)
    return f"„{base[:80]}{'…' if len(base) > 80 else ''}“"


def _number(value: int) -> str:
    """1000000 as Germans write it: 1.000.000."""
    return f"{value:,}".replace(",", ".")


def _title(filename: str) -> str:
    base = _clean(PurePath(filename.replace("\\", "/")).stem)
    return base[:80] or "CSV"


def _clean(text: str) -> str:
    """Visible characters only, single spaces."""
    return " ".join(
        "".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in text).split()
    )
