"""Opening uploaded spreadsheets: good files give their values, every bad file a German refusal.

Each bad file is a real file with one thing wrong (``tests/support/spreadsheet_files.py``); the
refusal must name the problem, say that nothing was changed, and no other exception may
escape.
"""

from __future__ import annotations

import concurrent.futures
import datetime
import pyexpat
import time
import tracemalloc
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool

import openpyxl
import pytest

from tests.support import spreadsheet_files as files
from tournament.domain.errors import ServiceError, SpreadsheetError
from tournament.domain.excel import reading, writing
from tournament.domain.excel.reading import (
    MAX_UNPACKED_BYTES,
    MAX_UPLOAD_BYTES,
    FormulaWithoutValue,
    Grid,
    read_csv,
    read_upload,
    read_workbook,
)
from tournament.texts.spreadsheets import FileProblem

NOTHING = "Es wurde nichts geändert."
DAMAGED = "beschädigt oder unvollständig"
NOT_EXCEL = "keine Excel-Datei (.xlsx)"
FORBIDDEN_XML = "enthält unzulässige XML-Konstrukte"


def refusal(data: bytes, filename: str = "liste.xlsx") -> str:
    with pytest.raises(SpreadsheetError) as caught:
        read_workbook(data, filename)
    message = str(caught.value)
    assert message.endswith(NOTHING)
    return message


# ------------------------------------------------------------------ good files


def test_the_parser_is_defusedxml_without_lxml() -> None:
    assert openpyxl.DEFUSEDXML is True
    assert openpyxl.LXML is False


def test_a_good_workbook_gives_every_sheet_in_order() -> None:
    grids = read_workbook(files.good_workbook(), "liste.xlsx")
    assert [grid.title for grid in grids] == ["Spieler", "Notizen"]
    players, notes = grids
    assert players.rows == (
        ("Name", "Verein", "DDV-Nr."),
        ("Anna Schmidt", "DK Kiel", 12345),
        ("Bernd Meier", None, None),
        ("Jürgen Größe", "Herz-Buben Hamburg", "A-77"),
    )
    # Ragged rows are padded to the sheet's width; an empty row stays in place.
    assert notes.rows == (
        ("Datum", datetime.datetime(2026, 11, 21), None),
        (None, None, None),
        ("Startgeld", 12.5, True),
    )


def test_grid_values_are_one_based_and_none_outside() -> None:
    grid = read_workbook(files.good_workbook(), "liste.xlsx")[0]
    assert grid.value(2, 1) == "Anna Schmidt"
    assert grid.value(2, 3) == 12345
    assert grid.value(0, 1) is None
    assert grid.value(1, 0) is None
    assert grid.value(5, 1) is None
    assert grid.value(1, 4) is None
    assert Grid.ref(14, 2) == "B14"
    assert Grid.ref(1, 28) == "AB1"


def test_an_empty_sheet_has_no_rows_and_trailing_empty_rows_are_dropped() -> None:
    data = files.workbook({"Leer": [], "Kurz": [["a"], [None], [None, None]]})
    empty, short = read_workbook(data, "x.xlsx")
    assert empty == Grid("Leer", ())
    assert short.rows == (("a",),)


def test_read_upload_chooses_by_content_and_extension() -> None:
    assert [g.title for g in read_upload(files.good_workbook(), "liste.xlsx")] == [
        "Spieler",
        "Notizen",
    ]
    # A workbook called .xlsm or even .csv is still read as what it is.
    assert len(read_upload(files.good_workbook(), "liste.xlsm")) == 2
    assert len(read_upload(files.good_workbook(), "liste.csv")) == 2
    assert read_upload(files.csv_bom_commas(), "liste.csv")[0].title == "liste"


def test_read_upload_refuses_other_file_types() -> None:
    with pytest.raises(SpreadsheetError, match=r"„liste.txt“ kann nicht gelesen werden"):
        read_upload(files.TEXT_FILE, "liste.txt")


def test_spreadsheet_error_is_a_service_error() -> None:
    error = SpreadsheetError(FileProblem.EMPTY_FILE, field="datei", name="„a.csv“")
    assert isinstance(error, ServiceError)
    assert error.problem is FileProblem.EMPTY_FILE
    assert error.problem_params == {"name": "„a.csv“"}
    assert error.field == "datei"
    assert str(error) == "Die Datei „a.csv“ ist leer. Es wurde nichts geändert."
    # A sentence that says so already is left as it is.
    said = SpreadsheetError(FileProblem.EMPTY_FILE, name="„Es wurde nichts geändert.“")
    assert str(said) == "Die Datei „Es wurde nichts geändert.“ ist leer."


# ------------------------------------------------------------------ formulas


def test_a_formula_without_stored_value() -> None:
    grid = read_workbook(files.formula_without_value(), "x.xlsx")[0]
    assert grid.value(2, 1) == 21
    assert grid.value(2, 2) == FormulaWithoutValue("=A2*2")


def test_a_formula_with_stored_value_gives_the_value() -> None:
    grid = read_workbook(files.formula_with_value(), "x.xlsx")[0]
    assert grid.rows == (("Zahl", "Doppelt"), (21, 42))


# ------------------------------------------------------------------ not a spreadsheet


def test_empty_file() -> None:
    assert "„liste.xlsx“ ist leer" in refusal(b"")


def test_text_file() -> None:
    assert NOT_EXCEL in refusal(files.TEXT_FILE)


def test_pdf() -> None:
    assert NOT_EXCEL in refusal(files.PDF_FILE, "liste.pdf")


def test_old_xls() -> None:
    message = refusal(files.XLS_FILE, "liste.xls")
    assert NOT_EXCEL in message
    assert "alte Excel-Datei (.xls)" in message
    assert "als „Excel-Arbeitsmappe (.xlsx)“ speichern" in message
    # The same bytes, renamed, are still recognised.
    assert "alte Excel-Datei (.xls)" in refusal(files.XLS_FILE, "liste.xlsx")


def test_a_zip_that_is_no_workbook() -> None:
    assert NOT_EXCEL in refusal(files.plain_zip())


def test_file_names_in_messages_lose_their_folders() -> None:
    message = refusal(files.TEXT_FILE, "C:\\Users\\tl\\Desktop\\liste.xlsx")
    assert "„liste.xlsx“" in message
    assert "Desktop" not in message


# ------------------------------------------------------------------ damaged files


def test_truncated_xlsx() -> None:
    assert DAMAGED in refusal(files.truncated())


def test_zip_without_the_workbook_parts() -> None:
    assert DAMAGED in refusal(files.without_workbook_parts())


def test_broken_xml() -> None:
    data = files.edited(
        files.good_workbook(), "xl/worksheets/sheet1.xml", lambda xml: xml[: len(xml) // 2]
    )
    assert DAMAGED in refusal(data)


# ------------------------------------------------------------------ attacks


def test_xml_bomb_in_a_sheet() -> None:
    started = time.monotonic()
    assert FORBIDDEN_XML in refusal(files.xml_bomb_in_sheet())
    assert time.monotonic() - started < 5


def test_xml_bomb_in_shared_strings() -> None:
    assert FORBIDDEN_XML in refusal(files.xml_bomb_in_shared_strings())


def test_shared_strings_are_read_without_the_bomb() -> None:
    """The shared-strings builder itself makes a readable file: the bomb is what is refused."""
    data = files.edited(
        files.xml_bomb_in_shared_strings(),
        "xl/sharedStrings.xml",
        lambda xml: xml.replace(files.LAUGHS, "").replace("&lol9;", "Name"),
    )
    assert read_workbook(data, "x.xlsx")[0].rows == (("Name",),)


def test_external_entity() -> None:
    message = refusal(files.external_entity())
    assert FORBIDDEN_XML in message
    assert "root:" not in message


def test_zip_bomb_is_refused_from_the_zip_directory() -> None:
    data = files.zip_bomb()
    assert len(data) < 200 * 1024
    message = refusal(data)
    assert f"entpackt größer als {MAX_UNPACKED_BYTES // (1024 * 1024)} MB" in message


def test_a_small_file_with_a_huge_sheet_is_refused_while_streaming() -> None:
    """1.7 million cells (36 MB of XML in 110 KB, under the unpacked limit) are refused by
    counting, before openpyxl would hold them all: the message names the sheet and the
    limit, and the refusal allocates little memory."""
    data = files.huge_sheet()
    assert len(data) < 200 * 1024
    assert len(files.members(data)["xl/worksheets/sheet2.xml"]) < MAX_UNPACKED_BYTES
    tracemalloc.start()
    try:
        message = refusal(data, "gross.xlsx")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert message.startswith(
        "Die Datei „gross.xlsx“ ist zu groß: Blatt „Tisch 3“ hat mehr als 200.000 Zellen."
    )
    assert peak < 100 * 1024 * 1024


@pytest.mark.parametrize("prefix", ["", "x", "ss.main"])
def test_cells_are_counted_exactly_across_chunk_borders(
    monkeypatch: pytest.MonkeyPatch, prefix: str
) -> None:
    """With chunks of a few bytes every cell tag is split somewhere: a sheet of 250 cells
    passes a limit of 250 and is refused by one of 249, with or without namespace prefix."""
    book = files.members(files.workbook({"Spieler": files.PLAYERS, "Tisch 3": [[1]]}))
    book["xl/worksheets/sheet2.xml"] = files.sheet_xml(250, width=7, prefix=prefix)
    data = files.rezip(book)
    monkeypatch.setattr(reading, "MAX_SHEET_CELLS", 250)
    for chunk in (5, 7, 64):
        monkeypatch.setattr(reading, "_CHUNK", chunk)
        reading._guard_members(data, "„liste.xlsx“")
    monkeypatch.setattr(reading, "MAX_SHEET_CELLS", 249)
    for chunk in (5, 7, 64):
        monkeypatch.setattr(reading, "_CHUNK", chunk)
        assert "Blatt „Tisch 3“ hat mehr als 249 Zellen" in refusal(data)


def test_cells_are_counted_in_a_part_of_any_name() -> None:
    """openpyxl reads a sheet from whatever part the workbook points to: a huge sheet stored
    as ``sheet2.dat`` is refused alike, and named by its title."""
    book = files.members(files.huge_sheet())
    book["xl/worksheets/sheet2.dat"] = book.pop("xl/worksheets/sheet2.xml")
    for part in ("xl/_rels/workbook.xml.rels", "[Content_Types].xml"):
        book[part] = book[part].replace(b"sheet2.xml", b"sheet2.dat")
    message = refusal(files.rezip(book))
    assert "ist zu groß: Blatt „Tisch 3“ hat mehr als 200.000 Zellen." in message


def test_a_sheet_of_the_limit_is_read() -> None:
    """The counted sheet is the one openpyxl reads: prefixed cells are cells to both."""
    book = files.members(files.workbook({"Spieler": files.PLAYERS, "Tisch 3": [[1]]}))
    book["xl/worksheets/sheet2.xml"] = files.sheet_xml(12, width=4, prefix="x")
    grids = read_workbook(files.rezip(book), "liste.xlsx")
    assert grids[1].rows == ((0, 1, 2, 3),) * 3


def test_all_sheets_together_have_a_cell_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "MAX_WORKBOOK_CELLS", 25)
    sheets = {f"Tisch {n}": [[1]] for n in (1, 2, 3)}
    book = files.members(files.workbook(sheets))
    for n in (1, 2, 3):
        book[f"xl/worksheets/sheet{n}.xml"] = files.sheet_xml(8)
    assert [len(grid.rows) for grid in read_workbook(files.rezip(book), "x.xlsx")] == [1, 1, 1]
    book["xl/worksheets/sheet3.xml"] = files.sheet_xml(10)
    message = refusal(files.rezip(book))
    assert "ist zu groß: alle Blätter zusammen haben mehr als 25 Zellen." in message


def test_a_huge_part_is_refused_naming_it() -> None:
    """Shared strings (or any other part) of more than 10 MB: named by its path in the file;
    a sheet of few cells but more than 10 MB of XML: named by its title."""
    book = files.members(files.xml_bomb_in_shared_strings())  # has a shared-strings part
    assert "xl/sharedStrings.xml" in book
    book["xl/sharedStrings.xml"] = (
        f'<sst xmlns="{files.SHEET_NS}" count="1" uniqueCount="1"><si><t>'
        + "x" * (11 * 1024 * 1024)
        + "</t></si></sst>"
    ).encode()
    message = refusal(files.rezip(book))
    assert "ist zu groß: ihr Teil „xl/sharedStrings.xml“ ist entpackt größer als 10 MB." in (
        message
    )
    book = files.members(files.workbook({"Spieler": files.PLAYERS, "Tisch 3": [[1]]}))
    book["xl/worksheets/sheet2.xml"] = files.sheet_xml(1).replace(
        b"<sheetData>", b"<sheetData>" + b" " * (11 * 1024 * 1024)
    )
    message = refusal(files.rezip(book))
    assert "ist zu groß: Blatt „Tisch 3“ ist entpackt größer als 10 MB." in message


def test_a_big_workbook_is_read_by_a_worker_process_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A workbook of ``WORKER_CELLS`` cells or more is read by an Excel worker process (the
    server's other requests need not wait for openpyxl): the same sheets, and the same
    refusal, as read here."""
    monkeypatch.setattr(writing.os, "cpu_count", lambda: 2)  # workers even on one core
    sent: list[object] = []

    def recorded(function: Callable[..., object], /, *args: object) -> object:
        sent.append(function)
        return in_worker(function, *args)

    in_worker = writing.in_worker
    here = read_workbook(files.good_workbook(), "x.xlsx")
    merged = refusal(files.merged_cells())
    assert sent == []
    monkeypatch.setattr(reading, "WORKER_CELLS", 1)
    monkeypatch.setattr(writing, "in_worker", recorded)
    assert read_workbook(files.good_workbook(), "x.xlsx") == here
    assert refusal(files.merged_cells()) == merged
    assert sent == [reading._grids, reading._grids]
    assert writing._pool is not None  # the workers were used


def test_a_broken_worker_pool_leaves_the_file_to_be_read_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Broken:
        def submit(self, *args: object) -> concurrent.futures.Future[object]:
            failed: concurrent.futures.Future[object] = concurrent.futures.Future()
            failed.set_exception(BrokenProcessPool("killed"))
            return failed

    here = read_workbook(files.good_workbook(), "x.xlsx")
    monkeypatch.setattr(reading, "WORKER_CELLS", 1)
    monkeypatch.setattr(writing, "_pool_started", lambda: Broken())
    assert read_workbook(files.good_workbook(), "x.xlsx") == here


def test_over_the_size_limit() -> None:
    data = files.oversized()
    assert len(data) > MAX_UPLOAD_BYTES
    message = refusal(data)
    assert "größer als 2 MB" in message
    with pytest.raises(SpreadsheetError, match="größer als 2 MB"):
        read_csv(b"a;b\n" * (MAX_UPLOAD_BYTES // 4 + 1), "liste.csv")


def test_a_value_far_away_does_not_build_a_huge_grid() -> None:
    book = openpyxl.Workbook()
    book.active["A1"] = "Name"  # type: ignore[index]
    book.active["XFD1048576"] = "fern"  # type: ignore[index]
    import io

    buffer = io.BytesIO()
    book.save(buffer)
    started = time.monotonic()
    assert "reicht bis XFD1048576" in refusal(buffer.getvalue())
    assert time.monotonic() - started < 5


def test_merged_cells_are_named() -> None:
    message = refusal(files.merged_cells())
    assert "Blatt „Tisch 3“: verbundene Zellen A14:C14" in message
    assert "bitte die Verbindung aufheben" in message


# ------------------------------------------------------------------ CSV


def test_csv_with_semicolons_in_cp1252() -> None:
    grid = read_csv(files.csv_cp1252_semicolons(), "Anmeldungen.csv")
    assert grid.title == "Anmeldungen"
    assert grid.rows == (
        ("Name", "Verein", "DDV-Nr."),
        ("Jürgen Größe", "Kölner Asse", "4711"),
    )


def test_csv_with_bom_and_commas() -> None:
    grid = read_csv(files.csv_bom_commas(), "liste.csv")
    assert grid.rows == (
        ("Name", "Verein"),
        ("Anna Schmidt", "DK Kiel, Abt. 2"),
        ("Zoë Ørsted", None),
    )


def test_csv_with_tabs_in_utf16() -> None:
    """Excel's "Unicode-Text": UTF-16 with a byte order mark, tab-separated."""
    data = "Name\tVerein\r\nZoë\tDK Kiel\r\n".encode("utf-16")
    assert read_csv(data, "liste.csv").rows == (("Name", "Verein"), ("Zoë", "DK Kiel"))


def test_csv_delimiter_comes_from_the_first_line() -> None:
    data = b"Name;Verein\r\nSchmidt, Anna;DK Kiel\r\n\r\n"
    assert read_csv(data, "x.csv").rows == (("Name", "Verein"), ("Schmidt, Anna", "DK Kiel"))
    assert read_csv(b"Name\r\nAnna\r\n", "x.csv").rows == (("Name",), ("Anna",))


def test_csv_with_nul_bytes_is_refused() -> None:
    with pytest.raises(SpreadsheetError, match="NUL-Zeichen"):
        read_csv(b"Name;Verein\r\nAnna\x00;DK Kiel\r\n", "x.csv")


def test_csv_refuses_binary_files_and_empty_files() -> None:
    for data in (files.good_workbook(), files.XLS_FILE, files.PDF_FILE):
        with pytest.raises(SpreadsheetError, match="keine CSV-Datei"):
            read_csv(data, "x.csv")
    with pytest.raises(SpreadsheetError, match="ist leer"):
        read_csv(b"", "x.csv")


def test_csv_with_an_open_quote_is_refused() -> None:
    data = b'Name;Verein\r\n"Anna' + b"x" * 200_000 + b"\r\n"
    with pytest.raises(SpreadsheetError, match="keine lesbare CSV-Datei"):
        read_csv(data, "x.csv")


# ------------------------------------------------------------------ elements and depth

CRAFTED_REFUSALS = {
    ("sheet", "nested"): (
        "wird nicht gelesen: in Blatt „Spieler“ sind XML-Elemente mehr als 64 Ebenen tief "
        "ineinander verschachtelt."
    ),
    ("sheet", "empty"): "ist zu groß: Blatt „Spieler“ besteht aus mehr als 500.000 XML-Elementen.",
    ("sharedStrings", "nested"): (
        "wird nicht gelesen: in ihrem Teil „xl/sharedStrings.xml“ sind XML-Elemente mehr als "
        "64 Ebenen tief ineinander verschachtelt."
    ),
    ("sharedStrings", "empty"): (
        "ist zu groß: ihr Teil „xl/sharedStrings.xml“ besteht aus mehr als 500.000 XML-Elementen."
    ),
    ("styles", "nested"): (
        "wird nicht gelesen: in ihrem Teil „xl/styles.xml“ sind XML-Elemente mehr als 64 "
        "Ebenen tief ineinander verschachtelt."
    ),
    ("styles", "empty"): (
        "ist zu groß: ihr Teil „xl/styles.xml“ besteht aus mehr als 500.000 XML-Elementen."
    ),
}


@pytest.mark.parametrize(("part", "kind"), list(CRAFTED_REFUSALS))
def test_a_small_file_made_of_elements_is_refused_while_streaming(
    monkeypatch: pytest.MonkeyPatch, part: str, kind: str
) -> None:
    """14 KB files whose sheet, shared strings or styles are 9.8 MB of nothing but elements
    (1.4 million nested, or 2.45 million empty ones in one cell): openpyxl took 3-14 s and
    190-370 MB to read them. They are refused by counting, before openpyxl is called,
    naming the sheet or part and the limit, with little memory."""
    data = files.crafted(part, kind)
    assert len(data) < 50 * 1024

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("openpyxl was asked to read the file")

    monkeypatch.setattr(reading, "_load", never)
    tracemalloc.start()
    try:
        message = refusal(data, "klein.xlsx")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert message == f"Die Datei „klein.xlsx“ {CRAFTED_REFUSALS[part, kind]} {NOTHING}"
    assert peak < 50 * 1024 * 1024


@pytest.mark.parametrize(("part", "kind"), list(CRAFTED_REFUSALS))
def test_the_crafted_files_are_good_files_below_the_limits(part: str, kind: str) -> None:
    """The crafted files are workbooks openpyxl reads: with fewer elements, they are read."""
    grids = read_workbook(files.crafted(part, kind, 60), "klein.xlsx")
    assert grids[0].rows[0][0] == "Name"


def _counted(xml: bytes, chunk: int) -> reading._Count:
    count = reading._Count(10**9)
    for start in range(0, len(xml), chunk):
        count.feed(xml[start : start + chunk])
    count.close()
    return count


def _expat(xml: bytes) -> tuple[int, int]:
    """Elements and depth as the XML parser sees them."""
    parser = pyexpat.ParserCreate()
    seen = {"elements": 0, "depth": 0, "deepest": 0}

    def start(name: str, attributes: object) -> None:
        seen["elements"] += 1
        seen["depth"] += 1
        seen["deepest"] = max(seen["deepest"], seen["depth"])

    def end(name: str) -> None:
        seen["depth"] -= 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.Parse(xml, True)
    return seen["elements"], seen["deepest"]


# Markup that could hide or fake tags from a count that did not know XML: end tags in
# comments, CDATA sections, processing instructions and attribute values, ">" and "/>" in
# text and in attribute values, quotes, a namespace prefix.
TRICKS = [
    b"<!-- </a></a> <a> -->",
    b"<![CDATA[</a></a><a/>]]>",
    b"<?pi </a></a> > ?>",
    b'<b x="/>" y=">"/>',
    b"<b x='a/>b'></b>",
    b"text /> and > and / no",
    b'<p:c r="A1"><p:v>1</p:v></p:c>',
    b"&lt;/a&gt;",
    b'<b x="/"/>',
]


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 7, 64, 1024])
@pytest.mark.parametrize("trick", TRICKS)
def test_elements_and_depth_are_counted_as_the_parser_counts_them(chunk: int, trick: bytes) -> None:
    """Whatever the chunks' borders cut, and whatever stands in comments, CDATA sections,
    processing instructions, attribute values and text: the elements are counted as the
    parser counts them, and the depth at least as deep (exactly where it passes the
    limit)."""
    for nested in (3, 70):
        xml = (
            b'<?xml version="1.0" encoding="UTF-8"?><r xmlns:p="urn:p">'
            + (b"<a>" + trick) * nested
            + b"<e/>"
            + b"</a>" * nested
            + trick
            + b"</r>"
        )
        elements, depth = _expat(xml)
        count = _counted(xml, chunk)
        assert count.elements == elements
        assert depth <= count.depth
        assert (count.depth > reading.MAX_DEPTH) == (depth > reading.MAX_DEPTH)
        if depth > reading.MAX_DEPTH:
            assert count.depth == depth


def test_depth_is_refused_just_over_the_limit_and_not_at_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A sheet nesting ``MAX_DEPTH`` deep is read; one level more is refused (chunks of a
    few bytes or all at once)."""
    for chunk in (3, 64, 1024 * 1024):
        monkeypatch.setattr(reading, "_CHUNK", chunk)
        # worksheet, sheetData, row, c and is are 5 levels; t holds the text.
        read_workbook(files.crafted("sheet", "nested", reading.MAX_DEPTH - 4), "x.xlsx")
        message = refusal(files.crafted("sheet", "nested", reading.MAX_DEPTH - 3))
        assert "mehr als 64 Ebenen tief" in message


def test_elements_are_refused_just_over_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    data = files.crafted("styles", "empty", 1000)
    elements = sum(
        _expat(xml)[0]
        for name, xml in files.members(data).items()
        if name.endswith(".rels") or name.endswith(".xml")
    )
    monkeypatch.setattr(reading, "MAX_PART_ELEMENTS", 10**9)
    monkeypatch.setattr(reading, "MAX_WORKBOOK_ELEMENTS", elements)
    read_workbook(data, "x.xlsx")
    monkeypatch.setattr(reading, "MAX_WORKBOOK_ELEMENTS", elements - 1)
    message = refusal(data)
    assert (
        f"alle ihre Teile zusammen bestehen aus mehr als {elements - 1:,} XML-Elementen".replace(
            ",", "."
        )
        in message
    )


def test_a_document_type_declaration_is_refused_before_parsing() -> None:
    """Office files have none; with it go entity declarations (the billion laughs)."""
    data = files.edited(
        files.good_workbook(),
        "xl/styles.xml",
        lambda xml: files.with_doctype(xml, "<!DOCTYPE styleSheet>"),
    )
    assert FORBIDDEN_XML in refusal(data)


def test_a_part_in_utf16_is_counted_too() -> None:
    """XML may be UTF-16: read if good, refused if nested too deep."""
    book = files.members(files.good_workbook())
    styles = book["xl/styles.xml"].decode()
    book["xl/styles.xml"] = styles.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16")
    good = read_workbook(files.rezip(book), "x.xlsx")
    assert good == read_workbook(files.good_workbook(), "x.xlsx")
    deep = files.members(files.crafted("styles", "nested", 100))
    deep["xl/styles.xml"] = (
        deep["xl/styles.xml"].decode().replace('encoding="UTF-8"', 'encoding="UTF-16"')
    ).encode("utf-16")
    assert "„xl/styles.xml“ sind XML-Elemente mehr als 64" in refusal(files.rezip(deep))


def test_a_file_of_few_cells_but_many_elements_is_read_by_a_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[object] = []

    def recorded(function: Callable[..., object], /, *args: object) -> object:
        sent.append(function)
        return function(*args)

    monkeypatch.setattr(writing, "in_worker", recorded)
    read_workbook(files.crafted("sheet", "empty", 100), "x.xlsx")
    assert sent == []
    read_workbook(files.crafted("sheet", "empty", reading.WORKER_ELEMENTS), "x.xlsx")
    assert sent == [reading._grids]
