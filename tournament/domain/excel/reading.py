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
- a small file holding a huge sheet (38 MB of sheet XML deflate to 150 KB), or a sheet, the
  shared strings or the styles made of nothing but elements (2.45 million ``<x/>`` in one
  cell, or 1.4 million ``<x>`` nested, in 9.8 MB of XML that deflate to 14 KB): before
  openpyxl reads anything, every member is streamed out of the zip in chunks
  (:func:`_guard_members`) and counted (:class:`_Count`): its unpacked bytes (at most
  ``MAX_PART_BYTES`` each), its elements (at most ``MAX_PART_ELEMENTS`` each,
  ``MAX_WORKBOOK_ELEMENTS`` in all), how deep they nest (at most ``MAX_DEPTH``) and its cells
  (``<c`` elements, any namespace prefix; at most ``MAX_SHEET_CELLS`` per member and
  ``MAX_WORKBOOK_CELLS`` in all). The count stops at the first limit passed, so a refusal
  costs at most about 10 MB of streaming, whatever the file holds; openpyxl would hold every
  cell and element in memory (750 MB for 1.7 million cells; 10 s and 370 MB for the nested
  elements) before any limit could be checked. The count is done by regular expressions
  over each chunk (C speed): comments, CDATA sections and processing instructions are left
  out as an XML parser leaves them out, a document type declaration is refused (Office
  files have none: the Open Packaging Conventions forbid them, and with them go entity
  bombs), every start, end and empty-element tag is found, quotes around attribute values
  respected, and the tags are reduced to one byte each, whose running sum is the depth. On
  anything that is no well-formed XML the count errs upwards or the parser stops reading
  there; an element named ``c`` outside a sheet counts as a cell. The limits leave room
  around the biggest workbook the app itself writes, the whole tournament of 400 players in
  8 rounds (``exports.tournament_workbook``, measured with ``bench/upload_guard.py``): a
  round's sheet there has 61,700 cells and 159,000 elements in 3.4 MB of XML, the workbook
  553,000 cells and 1,480,000 elements in 26 MB, nesting at most 6 deep in a sheet and 9 in
  the theme; so at most 200,000 cells, 500,000 elements and 10 MB per part (about 3x),
  1,000,000 cells and 3,000,000 elements in all (about 2x), and 64 levels (7x; room for the
  drawings and charts of other programs). That workbook zips to 4.7 MB, over
  ``MAX_UPLOAD_BYTES``: the biggest tournament that can be uploaded whole is about half of
  it. A part in UTF-16 (which XML allows; Excel writes UTF-8) is counted as UTF-8;
- XML attacks (billion laughs, external entities): openpyxl parses with defusedxml when it is
  installed and lxml is not; this module refuses to be imported otherwise;
- a sheet reaching far (one value in XFD1048576): at most ``MAX_CELLS`` cells per sheet;
- merged cells: refused with their ranges, since a value in a merged range belongs to one
  cell only and a reader would silently miss it in the others.

A workbook of ``WORKER_CELLS`` cells or ``WORKER_ELEMENTS`` elements or more is read by one
of the Excel export's worker processes (:func:`tournament.domain.excel.writing.in_worker`):
openpyxl holds the interpreter while it reads (5 s for a tournament of 400 players in 3
rounds), and the server's other requests would wait for it; read there, they are answered
meanwhile.
"""

from __future__ import annotations

import codecs
import csv
import datetime
import io
import itertools
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

from tournament.domain.errors import SpreadsheetError
from tournament.domain.excel import writing
from tournament.texts.spreadsheets import (
    FilePart,
    FileProblem,
    file_part,
)

MAX_UPLOAD_BYTES: int = 2 * 1024 * 1024  # the file as uploaded
MAX_UNPACKED_BYTES: int = 40 * 1024 * 1024  # sum of the zip members' uncompressed sizes
MAX_CELLS: int = 1_000_000  # rows x columns of one sheet, as far as it holds values
MAX_PART_BYTES: int = 10 * 1024 * 1024  # one zip member (a sheet, the shared strings ...)
MAX_SHEET_CELLS: int = 200_000  # cells (``<c`` elements) written in one sheet's XML
MAX_WORKBOOK_CELLS: int = 1_000_000  # cells written in all sheets together
MAX_PART_ELEMENTS: int = 500_000  # XML elements in one member
MAX_WORKBOOK_ELEMENTS: int = 3_000_000  # XML elements in all members together
MAX_DEPTH: int = 64  # how deep elements nest in one member

# Workbooks of this many cells or more are read by a worker process of the Excel export
# (``writing.in_worker``): openpyxl reads about 50,000 cells a second, holding the
# interpreter, and the server's other requests would wait for it. A table's list has about
# 700 cells; a tournament of 400 players in 3 rounds 255,000 (5 s).
WORKER_CELLS: int = 20_000
# The same for elements: the app's sheets have about 2.7 elements per cell; a file of few
# cells may still hold many elements for openpyxl to parse.
WORKER_ELEMENTS: int = 60_000

# How much of a member is unpacked at a time while it is counted.
_CHUNK = 1024 * 1024
# A cell's start tag, with or without a namespace prefix: <c r="A1">, <x:c>, <c/>.
_CELL_TAG = re.compile(rb"<(?:[A-Za-z_][\w.\-]{0,31}:)?c[\s/>]")
# Markup whose text is no element: comments, CDATA sections, processing instructions (the
# XML declaration too), each ending where XML ends it.
_HIDDEN = re.compile(rb"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>", re.DOTALL)
# The start of one that a later chunk ends.
_HIDDEN_STARTS = (b"<!--", b"<![CDATA[", b"<?")
# A document type declaration (and with it any entity declaration).
_DOCTYPE = b"<!DOCTYPE"
# The rest of a tag after its name's first character: up to the first ">" outside quotes.
# No "<" stands in a tag (nor in an attribute value), so no match reaches past the next tag.
_REST_OF_TAG = rb"""[^<>"']*(?:(?:"[^<"]*"|'[^<']*')[^<>"']*)*>"""
_EMPTY_TAG = re.compile(rb"<[^\s/!?<>\"']" + _REST_OF_TAG[:-1] + rb"(?<=/)>")
_START_TAG = re.compile(rb"<[^\s/!?<>\"']" + _REST_OF_TAG)
_END_TAG = re.compile(rb"</[^<>]*>")
_ANY_TAG = re.compile(rb"<" + _REST_OF_TAG)
# What each tag is reduced to: "<" for a start tag, 0x01 for an end tag (XML text never
# holds that byte; "<" only in comments and CDATA sections, which are taken out first).
_OPEN, _CLOSE = b"<", b"\x01"
_NOT_TAGS = bytes(b for b in range(256) if b not in _OPEN + _CLOSE)
# What tells tags apart: their brackets, "/" and quotes.
_MARKUP = b"<>/\"'" + _CLOSE
_NOT_MARKUP = bytes(b for b in range(256) if b not in _MARKUP)
_NOT_ANGLES = bytes(b for b in range(256) if b not in b"<>" + _CLOSE)
_CLOSE_AS_OPEN = bytes.maketrans(_CLOSE, _OPEN)
# What may begin markup other than elements: "<!" and "<?".
_NOT_MARKS = bytes(b for b in range(256) if b not in b"<!?")
_STEP = {_OPEN[0]: 1, _CLOSE[0]: -1}
_INNERMOST = _OPEN + _CLOSE
# How many tags the depth is summed up over at a time.
_DEPTH_BLOCK = 4096
# The workbook's parts that name its sheets, read to name a sheet in a refusal.
_WORKBOOK_PART = "xl/workbook.xml"
_WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
_NAMING_BYTES = 1024 * 1024

# How many merged ranges (per sheet) a message names before "…".
_LISTED = 10

# openpyxl chooses its XML parser when it is imported: defusedxml, unless lxml is installed.
if not openpyxl.DEFUSEDXML or openpyxl.LXML:  # pragma: no cover - an installation problem
    raise ImportError(
        "tournament.domain.excel.reading needs openpyxl with defusedxml and without lxml: "
        "install defusedxml and uninstall lxml."
    )


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
    cells, elements = _guard_members(data, name)
    if cells >= WORKER_CELLS or elements >= WORKER_ELEMENTS:
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


def _guard_members(data: bytes, name: str) -> tuple[int, int]:
    """Refuse a workbook one of whose members unpacks to more than ``MAX_PART_BYTES``,
    holds more than ``MAX_PART_ELEMENTS`` elements, ``MAX_SHEET_CELLS`` cells or elements
    nested more than ``MAX_DEPTH`` deep, or whose members together hold more than
    ``MAX_WORKBOOK_ELEMENTS`` elements or ``MAX_WORKBOOK_CELLS`` cells; streamed chunk by
    chunk, stopping at the first limit passed. Every member is counted, whatever its name:
    openpyxl reads a sheet from any part the workbook points to. Returns the cells and the
    elements counted."""
    cells = elements = 0
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for member in archive.infolist():
                if member.is_dir():
                    continue
                count = _Count(min(MAX_PART_ELEMENTS, MAX_WORKBOOK_ELEMENTS - elements))
                for _ in _counted_in_chunks(archive, member, name, count):
                    if count.doctype:
                        raise SpreadsheetError(FileProblem.FORBIDDEN_XML, name=name)
                    if count.depth > MAX_DEPTH:
                        raise _refusal_in(
                            archive,
                            member.filename,
                            name,
                            FileProblem.SHEET_TOO_DEEP,
                            FileProblem.PART_TOO_DEEP,
                            depth=MAX_DEPTH,
                        )
                    if count.elements > MAX_PART_ELEMENTS:
                        raise _refusal_in(
                            archive,
                            member.filename,
                            name,
                            FileProblem.SHEET_TOO_MANY_ELEMENTS,
                            FileProblem.PART_TOO_MANY_ELEMENTS,
                            elements=_number(MAX_PART_ELEMENTS),
                        )
                    if elements + count.elements > MAX_WORKBOOK_ELEMENTS:
                        raise SpreadsheetError(
                            FileProblem.WORKBOOK_TOO_MANY_ELEMENTS,
                            name=name,
                            elements=_number(MAX_WORKBOOK_ELEMENTS),
                        )
                    if count.cells > MAX_SHEET_CELLS or cells + count.cells > MAX_WORKBOOK_CELLS:
                        raise _too_many_cells(archive, member.filename, name, count.cells)
                cells += count.cells
                elements += count.elements
    except SpreadsheetError:
        raise
    except Exception as error:
        raise _damaged(name) from error
    return cells, elements


class _Count:
    """What one member's XML holds, counted chunk by chunk as it is unpacked (:meth:`feed`):
    its elements, cells, the deepest nesting so far, and whether it declares a document
    type. A chunk's end may cut a tag, a comment ...: that part is counted with the next
    chunk (or at :meth:`close`)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget  # elements beyond which the member is refused
        self.elements = 0
        self.cells = 0
        self.depth = 0  # the deepest nesting so far
        self.doctype = False
        self._open = 0  # elements open at the end of what was counted
        self._carry = b""

    def feed(self, chunk: bytes) -> None:
        text = self._carry + chunk
        cut = len(text)
        marks = text.translate(None, _NOT_MARKS)  # "<" a tag, "<!" or "<?" maybe other markup
        if b"<!" in marks or b"<?" in marks:
            text = _HIDDEN.sub(b"", text)
            self.doctype = self.doctype or _DOCTYPE in text
            cut = min(
                (found for s in _HIDDEN_STARTS if (found := text.find(s)) >= 0), default=len(text)
            )
        last = text.rfind(b"<", 0, cut)
        if last >= 0 and _ANY_TAG.match(text, last, cut) is None:
            cut = last  # a tag that the next chunk completes
        self._carry = text[cut:]
        self._count(text[:cut] if cut < len(text) else text)

    def close(self) -> None:
        """Count what a chunk's end left over (a part that ends inside a tag is broken XML,
        which the parser refuses)."""
        carry, self._carry = self._carry, b""
        self.doctype = self.doctype or _DOCTYPE in carry
        self._count(carry)

    def _count(self, text: bytes) -> None:
        if not text:
            return
        # Every "<" left begins a tag, every "</" an end tag.
        kept = text.replace(b"</", _CLOSE).translate(None, _NOT_MARKUP)
        self.elements += kept.count(_OPEN)
        if self.elements > self.budget:
            return  # refused: the rest need not be counted
        self.cells += len(_CELL_TAG.findall(text))
        tags = _tags(text, kept)
        opened = tags.count(_OPEN)
        end = self._open + opened - tags.count(_CLOSE)
        if self._open + opened > self.depth:
            self.depth = max(self.depth, self._deepest(tags, end))
        self._open = end

    def _deepest(self, tags: bytes, end: int) -> int:
        """How deep the elements of a chunk nest (:func:`_tags` gave ``tags``; ``end``
        elements are open after it): exactly, if deeper than ``MAX_DEPTH``; otherwise at
        least as deep and at most ``MAX_DEPTH``. Each pass of ``bytes.replace`` takes out
        every innermost element of the chunk (an opening byte right before a closing one),
        so the chunk's deepest point loses one level a pass, unless it is where the chunk
        begins or ends; after the last pass only the ends of elements opened before and the
        starts of elements closed later remain. The elements open at the chunk's start or
        end, whichever are more, plus the passes are therefore at least the deepest nesting
        (and at most twice it). Only if that is over ``MAX_DEPTH`` are the levels summed up
        tag by tag, stopping once over it."""
        bound, rest = max(self._open, end), tags
        while _INNERMOST in rest and bound <= MAX_DEPTH:
            rest = rest.replace(_INNERMOST, b"")
            bound += 1
        if bound <= MAX_DEPTH:
            return bound
        level = self._open
        for start in range(0, len(tags), _DEPTH_BLOCK):
            block = tags[start : start + _DEPTH_BLOCK]
            deepest = max(itertools.accumulate(map(_STEP.__getitem__, block), initial=level))
            if deepest > MAX_DEPTH:
                return deepest
            level += block.count(_OPEN[0]) - block.count(_CLOSE[0])
        return MAX_DEPTH


def _tags(text: bytes, kept: bytes) -> bytes:
    """The tags of ``text`` (complete, without comments ...), one byte each in their order:
    ``_OPEN`` for a start tag, ``_CLOSE`` for an end tag, both for an empty-element tag.
    ``kept`` is ``text`` with "</" replaced by ``_CLOSE`` and nothing left but ``_MARKUP``.
    Where every "<" is followed by one ">" before the next "<" (no ">" in text or in an
    attribute value, as Excel and openpyxl write XML), a "/" right before a ">" in ``kept``
    ends an empty-element tag (a "/" in an attribute value is followed by its quote, one in
    text by no ">"), so plain replacements find the tags; otherwise regular expressions that
    respect the quotes around attribute values do."""
    angles = kept.translate(_CLOSE_AS_OPEN, _NOT_ANGLES)
    half = len(angles) // 2
    if len(angles) == 2 * half and angles.count(b"<>") == half:
        marked = kept.replace(b"/>", _CLOSE)
    else:
        marked = _EMPTY_TAG.sub(_OPEN + _CLOSE, text)
        marked = _START_TAG.sub(_OPEN, _END_TAG.sub(_CLOSE, marked))
    return marked.translate(None, _NOT_TAGS)


def _counted_in_chunks(
    archive: zipfile.ZipFile, member: zipfile.ZipInfo, name: str, count: _Count
) -> Iterator[None]:
    """Feed ``member`` to ``count`` chunk by chunk as it is unpacked, yielding after each
    chunk and at the end. Refuses the member once it unpacks to more than
    ``MAX_PART_BYTES``. A part in UTF-16 (by its byte order mark, or its first character
    "<") is counted as UTF-8."""
    unpacked = 0
    decoder: codecs.IncrementalDecoder | None = None
    with archive.open(member) as stream:
        while chunk := stream.read(_CHUNK):
            if unpacked == 0:
                decoder = _utf16_decoder(chunk)
            unpacked += len(chunk)
            if unpacked > MAX_PART_BYTES:
                raise _part_too_large(archive, member.filename, name)
            if decoder is not None:
                chunk = decoder.decode(chunk).encode("utf-8", "surrogatepass")
            count.feed(chunk)
            yield
    count.close()
    yield


def _utf16_decoder(start: bytes) -> codecs.IncrementalDecoder | None:
    """A decoder for a part that begins as UTF-16 does; None for any other."""
    if start.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return codecs.getincrementaldecoder("utf-16")("replace")
    if start.startswith(b"<\x00"):
        return codecs.getincrementaldecoder("utf-16-le")("replace")
    if start.startswith(b"\x00<"):
        return codecs.getincrementaldecoder("utf-16-be")("replace")
    return None


def _refusal_in(
    archive: zipfile.ZipFile,
    member: str,
    name: str,
    in_sheet: FileProblem,
    in_part: FileProblem,
    **params: Any,
) -> SpreadsheetError:
    """``in_sheet`` naming the sheet stored in ``member``, or ``in_part`` naming the part."""
    sheet = _sheet_title(archive, member)
    if sheet is None:
        return SpreadsheetError(in_part, name=name, part=_clean(member)[:80], **params)
    return SpreadsheetError(in_sheet, name=name, sheet=sheet, **params)


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
