"""Spreadsheet files for the tests, good and bad, built in memory with openpyxl and zipfile.

Every bad file is an otherwise valid file with one thing wrong, so a test that refuses it
shows that this one thing is caught: a truncated upload, a zip bomb, an XML bomb, merged
cells ... Shared by the tests of ``tournament.domain.excel.reading`` and of every page that
takes an upload.
"""

from __future__ import annotations

import csv
import datetime
import functools
import io
import random
import zipfile
from collections.abc import Callable, Mapping, Sequence

import openpyxl

from tournament.domain.excel.reading import MAX_UPLOAD_BYTES

Cell = str | int | float | bool | datetime.date | datetime.datetime | None
Sheets = Mapping[str, Sequence[Sequence[Cell]]]

SHEET_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"

# ------------------------------------------------------------------ good files


def workbook(sheets: Sheets, *, merged: Mapping[str, Sequence[str]] | None = None) -> bytes:
    """An .xlsx with these sheets (title -> rows of values; a value "=..." is a formula,
    stored as openpyxl stores it: without a computed value); ``merged`` merges ranges."""
    book = openpyxl.Workbook()
    book.remove(book.active)  # type: ignore[arg-type]
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(list(row))
        for cells in (merged or {}).get(title, ()):
            sheet.merge_cells(cells)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


PLAYERS: list[list[Cell]] = [
    ["Name", "Verein", "DDV-Nr."],
    ["Anna Schmidt", "DK Kiel", 12345],
    ["Bernd Meier", None, None],
    ["Jürgen Größe", "Herz-Buben Hamburg", "A-77"],
]


def good_workbook() -> bytes:
    """Two sheets: a player list and notes with a date, a float and a bool."""
    return workbook(
        {
            "Spieler": PLAYERS,
            "Notizen": [
                ["Datum", datetime.date(2026, 11, 21)],
                [],
                ["Startgeld", 12.5, True],
            ],
        }
    )


def csv_file(
    rows: Sequence[Sequence[str]], *, delimiter: str = ";", encoding: str = "utf-8"
) -> bytes:
    """A CSV as a spreadsheet program writes it (CRLF line ends, quotes where needed)."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n")
    writer.writerows(rows)
    return buffer.getvalue().encode(encoding)


def csv_cp1252_semicolons() -> bytes:
    """German Excel's "CSV (Trennzeichen-getrennt)": semicolons, Windows-1252."""
    return csv_file(
        [["Name", "Verein", "DDV-Nr."], ["Jürgen Größe", "Kölner Asse", "4711"]],
        encoding="cp1252",
    )


def csv_bom_commas() -> bytes:
    """Excel's "CSV UTF-8": a byte order mark and commas (a comma inside a quoted cell)."""
    return b"\xef\xbb\xbf" + csv_file(
        [["Name", "Verein"], ["Anna Schmidt", "DK Kiel, Abt. 2"], ["Zoë Ørsted", ""]],
        delimiter=",",
    )


# ------------------------------------------------------------------ zip surgery


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def rezip(files: Mapping[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def edited(data: bytes, part: str, change: Callable[[str], str]) -> bytes:
    """The workbook with one XML part changed as text."""
    files = members(data)
    files[part] = change(files[part].decode("utf-8")).encode("utf-8")
    return rezip(files)


def with_doctype(xml: str, doctype: str) -> str:
    """``doctype`` right before the root element (after an XML declaration, if any)."""
    start = xml.index("?>") + 2 if xml.startswith("<?xml") else 0
    return xml[:start] + doctype + xml[start:]


# ------------------------------------------------------------------ bad files

TEXT_FILE = b"Anna Schmidt; DK Kiel\nBernd Meier\n"
PDF_FILE = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"
# The header of an OLE compound file: an old .xls (or a password-protected .xlsx).
XLS_FILE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + b"\x00" * 512


def truncated() -> bytes:
    """The first half of a good workbook: an upload that broke off."""
    data = good_workbook()
    return data[: len(data) // 2]


def without_workbook_parts() -> bytes:
    """A zip with the content types but without xl/workbook.xml and its relations."""
    files = members(good_workbook())
    del files["xl/workbook.xml"]
    del files["xl/_rels/workbook.xml.rels"]
    return rezip(files)


def plain_zip() -> bytes:
    return rezip({"liste.txt": TEXT_FILE})


LAUGHS = (
    '<!DOCTYPE worksheet [<!ENTITY lol "lol">'
    + "".join(
        f'<!ENTITY lol{n} "{("&lol" + (str(n - 1) if n > 1 else "") + ";") * 10}">'
        for n in range(1, 10)
    )
    + "]>"
)


def xml_bomb_in_sheet() -> bytes:
    """Billion laughs: one cell of the first sheet expands to 10⁹ "lol"."""
    return edited(
        good_workbook(),
        "xl/worksheets/sheet1.xml",
        lambda xml: with_doctype(xml, LAUGHS).replace("<t>Anna Schmidt</t>", "<t>&lol9;</t>"),
    )


def xml_bomb_in_shared_strings() -> bytes:
    """Billion laughs in a shared-strings part (as Excel writes strings), cell A1 uses it."""
    return with_shared_strings(
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>{LAUGHS}'
        f'<sst xmlns="{SHEET_NS}" count="1" uniqueCount="1"><si><t>&lol9;</t></si></sst>'
    )


def with_shared_strings(sst: str | bytes) -> bytes:
    """A one-sheet workbook whose cell A1 ("Name") is stored in the shared-strings part
    ``sst`` (as Excel stores text); the part is read whenever the workbook is."""
    files = members(workbook({"Spieler": [["Name"]]}))
    files["xl/sharedStrings.xml"] = sst.encode() if isinstance(sst, str) else sst
    files["[Content_Types].xml"] = (
        files["[Content_Types].xml"]
        .decode()
        .replace(
            "</Types>",
            '<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
        )
        .encode()
    )
    files["xl/_rels/workbook.xml.rels"] = (
        files["xl/_rels/workbook.xml.rels"]
        .decode()
        .replace(
            "</Relationships>",
            '<Relationship Id="rIdSST" Type="http://schemas.openxmlformats.org/'
            'officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
            "</Relationships>",
        )
        .encode()
    )
    sheet = files["xl/worksheets/sheet1.xml"].decode()
    files["xl/worksheets/sheet1.xml"] = sheet.replace(
        '<c r="A1" t="inlineStr"><is><t>Name</t></is></c>', '<c r="A1" t="s"><v>0</v></c>'
    ).encode()
    assert files["xl/worksheets/sheet1.xml"] != sheet.encode()
    return rezip(files)


def external_entity() -> bytes:
    """XXE: a cell whose text is the content of /etc/passwd, if the parser fetched it."""
    return edited(
        good_workbook(),
        "xl/worksheets/sheet1.xml",
        lambda xml: with_doctype(
            xml, '<!DOCTYPE worksheet [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        ).replace("<t>Anna Schmidt</t>", "<t>&xxe;</t>"),
    )


@functools.cache
def zip_bomb() -> bytes:
    """A good workbook plus a member of 50 MB zeros (about 50 KB compressed)."""
    files = members(good_workbook())
    files["xl/media/image1.bin"] = bytes(50 * 1024 * 1024)
    return rezip(files)


@functools.cache
def oversized() -> bytes:
    """A valid workbook just over the upload limit (a member of random, incompressible bytes)."""
    files = members(good_workbook())
    files["xl/media/image1.bin"] = random.Random(7).randbytes(MAX_UPLOAD_BYTES)
    return rezip(files, zipfile.ZIP_STORED)


def sheet_xml(cells: int, *, width: int = 100, prefix: str = "") -> bytes:
    """A worksheet part holding ``cells`` small numbers, ``width`` to a row; with ``prefix``
    every element carries that namespace prefix (``x:c``), as some programs write them."""
    p = f"{prefix}:" if prefix else ""
    ns = f' xmlns:{prefix}="{SHEET_NS}"' if prefix else f' xmlns="{SHEET_NS}"'
    rows = []
    for first in range(0, cells, width):
        number = first // width + 1
        row = "".join(
            f'<{p}c r="{_column(column)}{number}"><{p}v>{column % 10}</{p}v></{p}c>'
            for column in range(min(width, cells - first))
        )
        rows.append(f'<{p}row r="{number}">{row}</{p}row>')
    xml = (
        f'<?xml version="1.0" encoding="UTF-8"?><{p}worksheet{ns}>'
        f"<{p}sheetData>{''.join(rows)}</{p}sheetData></{p}worksheet>"
    )
    return xml.encode("ascii")


def huge_sheet(cells: int = 1_700_000) -> bytes:
    """A small file with a huge sheet: "Tisch 3" (the second sheet) holds ``cells`` small
    numbers, 100 to a row, without cell references (which Excel allows) so that the XML
    repeats itself (1.7 million: 38 MB of XML, about 100 KB zipped)."""
    files = members(workbook({"Spieler": PLAYERS, "Tisch 3": [["Tisch", 3]]}))
    row = b"<row>" + b'<c s="0"><v>7</v></c>' * 100 + b"</row>"
    head = f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{SHEET_NS}"><sheetData>'
    rest = b'<c s="0"><v>7</v></c>' * (cells % 100)
    files["xl/worksheets/sheet2.xml"] = (
        head.encode() + row * (cells // 100) + b"<row>" + rest + b"</row></sheetData></worksheet>"
    )
    return rezip(files)


# Crafted files: small uploads whose XML, just under the 10 MB a part may unpack to, is
# nothing but elements, nested or empty, in one cell (or one shared string, or the styles).
NESTED = 1_400_000  # <x> ... </x> nested: 7 bytes each, 9.8 MB
EMPTY = 2_450_000  # <x/> side by side: 4 bytes each, 9.8 MB


def filler(kind: str, count: int | None = None) -> bytes:
    """``count`` elements ``<x>`` nested (``kind`` "nested") or ``<x/>`` side by side
    ("empty")."""
    if kind == "nested":
        count = NESTED if count is None else count
        return b"<x>" * count + b"</x>" * count
    count = EMPTY if count is None else count
    return b"<x/>" * count


def crafted(part: str, kind: str, count: int | None = None) -> bytes:
    """A small workbook with :func:`filler` in one of the parts the reader opens: ``part``
    "sheet" (in cell B1 of the sheet "Spieler"), "sharedStrings" (in the string of cell A1)
    or "styles" (in its first font)."""
    elements = filler(kind, count)
    if part == "sharedStrings":
        return with_shared_strings(
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="{SHEET_NS}" '
            'count="1" uniqueCount="1"><si><t>Name</t>'.encode()
            + elements
            + b"</si></sst>"
        )
    files = members(workbook({"Spieler": [["Name", "Verein"], ["Anna Schmidt", "DK Kiel"]]}))
    if part == "sheet":
        sheet = files["xl/worksheets/sheet1.xml"]
        cell = b'<c r="B1" t="inlineStr"><is><t>Verein</t></is></c>'
        assert cell in sheet
        files["xl/worksheets/sheet1.xml"] = sheet.replace(cell, cell[:-4] + elements + b"</c>")
    elif part == "styles":
        styles = files["xl/styles.xml"]
        font = styles.index(b"<font>") + len(b"<font>")
        files["xl/styles.xml"] = styles[:font] + elements + styles[font:]
    else:
        raise ValueError(part)
    return rezip(files)


def _column(index: int) -> str:
    """The letters of the 0-based column ``index``: 0 -> A, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def merged_cells() -> bytes:
    """A score-list-like sheet "Tisch 3" with A14:C14 merged (and a player list beside it)."""
    rows: list[list[Cell]] = [[None] * 3 for _ in range(13)]
    rows[0] = ["Tisch", 3, None]
    rows.append(["Summe", None, None])
    return workbook({"Spieler": PLAYERS, "Tisch 3": rows}, merged={"Tisch 3": ["A14:C14"]})


def formula_without_value() -> bytes:
    """A formula as openpyxl writes it: no computed value stored (B2 = A2 * 2)."""
    return workbook({"Rechnung": [["Zahl", "Doppelt"], [21, "=A2*2"]]})


def formula_with_value() -> bytes:
    """The same formula with the value Excel would have stored: 42."""
    return edited(
        formula_without_value(),
        "xl/worksheets/sheet1.xml",
        lambda xml: _replace_once(xml, "<f>A2*2</f><v />", "<f>A2*2</f><v>42</v>"),
    )


def empty_workbook() -> bytes:
    return workbook({"Tabelle1": []})


def _replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"{old!r} not found once"
    return text.replace(old, new)


def without_last_entry(data: bytes, sheet: str | None = None) -> bytes:
    """An exported list workbook with the last entry of its first list taken out (every row
    of that list with the highest "Nr."), as a list-keeper deletes a game typed too early:
    a changed list, which the import offers to store."""
    book = openpyxl.load_workbook(io.BytesIO(data))
    page = book[sheet] if sheet is not None else book.active
    assert page is not None
    titles = [
        row
        for row in range(1, page.max_row + 1)
        if str(page.cell(row, 1).value or "").startswith("Spielliste Tisch")
    ]
    end = titles[1] if len(titles) > 1 else page.max_row + 1
    numbered: list[tuple[int, int]] = []
    for row in range(titles[0], end):
        value = page.cell(row, 1).value
        if isinstance(value, int) and not isinstance(value, bool):
            numbered.append((row, value))
    last = max(value for _, value in numbered)
    for row, value in numbered:
        if value == last:
            for column in range(1, page.max_column + 1):
                page.cell(row, column).value = None
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
