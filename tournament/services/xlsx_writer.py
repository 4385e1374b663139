"""Sheets laid out in memory (:class:`Grid`) written as one .xlsx file by openpyxl.

openpyxl's write-only mode streams rows top to bottom and is its fastest way to write, but
it still spends about 13 microseconds of one core on every cell (most of it serialising the
cell's XML elements), and a whole tournament has over half a million cells. So big sheets
are written in parallel, while the next sheets are still being laid out: a worker process
writes the sheet with openpyxl into a workbook of its own and hands back the sheet's XML
part, which takes the place of an empty sheet of the same name in the workbook written
here. Every sheet is openpyxl's own output; only the cell styles are shared by index, so
every workbook registers the same styles in the same order first (:func:`_register_styles`).
If the workers cannot be used (one core, Windows, a process that cannot start or dies), the
sheets are written here instead.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import io
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Iterable
from pathlib import Path

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

logger = logging.getLogger(__name__)

FORMULA_STARTS = ("=", "+", "-", "@")
BOLD = Font(bold=True)
# Sheets with fewer cells are written in this process: a worker only pays off when a sheet
# takes much longer to write than to hand over (one list has about 700 cells, a round of a
# 400-player tournament 59,000).
PARALLEL_CELLS = 20_000


class Formula(str):
    """A cell's formula, written with its leading ``=``; any other text stays text."""

    __slots__ = ()


class Bold(str):
    """Text in bold (titles and headers)."""

    __slots__ = ()


Value = int | float | str | None


class Grid:
    """One sheet's cells by row and column (both from 1); written out top to bottom."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.rows: dict[int, dict[int, int | float | str]] = {}
        self.widths: dict[int, float] = {}

    def put(self, row: int, column: int, value: Value) -> None:
        """A number, text (never run as a formula), :class:`Formula` or :class:`Bold`;
        ``None`` and empty text leave the cell empty."""
        if value is None or value == "":
            return
        cells = self.rows.get(row)
        if cells is None:
            cells = self.rows[row] = {}
        cells[column] = value

    def put_row(self, row: int, values: Iterable[Value], start: int = 1) -> None:
        for column, value in enumerate(values, start=start):
            self.put(row, column, value)

    @property
    def cells(self) -> int:
        return sum(len(cells) for cells in self.rows.values())


def xlsx(grids: Iterable[Grid]) -> bytes:
    """The sheets as an .xlsx file (formulas are computed when the file is opened).

    ``grids`` may be a generator: each big sheet goes to a worker as soon as it is laid out,
    so that laying out the next ones and writing overlap."""
    workbook = Workbook(write_only=True)
    elsewhere: list[tuple[WriteOnlyWorksheet, Grid, concurrent.futures.Future[bytes]]] = []
    workers = _Workers()
    for grid in grids:
        ws = workbook.create_sheet(grid.title)
        _register_styles(ws)
        part = workers.submit(grid) if grid.cells >= PARALLEL_CELLS else None
        if part is None:
            _write_sheet(ws, grid)
        else:
            elsewhere.append((ws, grid, part))
    for ws, grid, part in elsewhere:
        xml = _result(part)
        if xml is None:
            _write_sheet(ws, grid)
            continue
        ws.close()  # an empty sheet of this name, whose XML part is then replaced
        Path(_part_file(ws)).write_bytes(xml)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def sheet_part(grid: Grid) -> bytes:
    """The worksheet's XML part as openpyxl writes it (run in a worker process)."""
    workbook = Workbook(write_only=True)
    ws = workbook.create_sheet(grid.title)
    _register_styles(ws)
    _write_sheet(ws, grid)
    ws.close()
    path = Path(_part_file(ws))
    try:
        return path.read_bytes()
    finally:
        path.unlink(missing_ok=True)


def _part_file(ws: WriteOnlyWorksheet) -> str:
    """The temporary file openpyxl streams a write-only sheet into and zips when it saves."""
    return str(ws._writer.out)  # type: ignore[attr-defined]


def _register_styles(ws: WriteOnlyWorksheet) -> None:
    """The styles this module writes, in a fixed order, so that a style has the same index
    in every workbook (a sheet written elsewhere refers to its styles by index). Registering
    a style again is a no-op."""
    for bold, quoted in ((True, False), (False, True), (True, True)):
        cell = WriteOnlyCell(ws)
        if bold:
            cell.font = BOLD
        cell.quotePrefix = quoted
        cell.style_id  # noqa: B018 (reading it adds the style to the workbook)


def _write_sheet(ws: WriteOnlyWorksheet, grid: Grid) -> None:
    # column_dimensions exists on write-only sheets too; the stubs leave it out.
    dimensions = ws.column_dimensions  # type: ignore[attr-defined]
    for column, width in sorted(grid.widths.items()):
        dimensions[get_column_letter(column)].width = width
    previous = 0
    for row in sorted(grid.rows):
        for _ in range(row - previous - 1):
            ws.append([])
        cells = grid.rows[row]
        values: list[object] = [None] * max(cells)
        for column, value in cells.items():
            values[column - 1] = _cell(ws, value)
        ws.append(values)
        previous = row


def _cell(ws: WriteOnlyWorksheet, value: int | float | str) -> object:
    """A value as openpyxl writes it: a :class:`Formula` as formula, any other text as text
    (bold, or with a quote prefix if a spreadsheet would otherwise run it)."""
    if not isinstance(value, str) or type(value) is Formula:
        return value
    text = ILLEGAL_CHARACTERS_RE.sub("", value)
    quoted = text.startswith(FORMULA_STARTS)
    if type(value) is not Bold and not quoted:
        return text
    cell = WriteOnlyCell(ws, text)
    cell.data_type = "s"
    if type(value) is Bold:
        cell.font = BOLD
    if quoted:
        cell.quotePrefix = True
    return cell


# --------------------------------------------------------------------- the workers

_pool: concurrent.futures.ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


class _Workers:
    """The worker processes as one workbook uses them: asked for at its first big sheet; after
    a failure its remaining sheets are written here."""

    def __init__(self) -> None:
        self.usable = True

    def submit(self, grid: Grid) -> concurrent.futures.Future[bytes] | None:
        """The sheet handed to a worker, or ``None``: write it here."""
        pool = _pool_started() if self.usable else None
        if pool is None:
            self.usable = False
            return None
        try:
            return pool.submit(sheet_part, grid)
        except RuntimeError as error:  # a broken or shut-down pool
            self.usable = False
            _lost(error)
            return None


def _result(part: concurrent.futures.Future[bytes]) -> bytes | None:
    """A worker's sheet, or ``None`` if it failed (then the sheet is written here)."""
    try:
        return part.result()
    except concurrent.futures.process.BrokenProcessPool as error:
        _lost(error)
    except Exception as error:
        logger.warning("Excel export: a worker could not write a sheet (%r)", error)
    return None


def _pool_started() -> concurrent.futures.ProcessPoolExecutor | None:
    """The worker processes, one per core, started on first use and kept; ``None`` on a
    single core or where processes cannot be started from a clean server (``forkserver``:
    a worker never inherits a copy of a running server's threads; not on Windows)."""
    global _pool
    cores = os.cpu_count() or 1
    if cores < 2 or "forkserver" not in multiprocessing.get_all_start_methods():
        return None
    with _pool_lock:
        if _pool is None:
            context = multiprocessing.get_context("forkserver")
            # The server's main module is imported once, by the fork server, not by each
            # worker (they inherit it): the first export starts its workers sooner.
            context.set_forkserver_preload(["__main__", __name__])
            _pool = concurrent.futures.ProcessPoolExecutor(
                cores, mp_context=context, initializer=_worker_started
            )
            atexit.register(_pool.shutdown, cancel_futures=True)
        return _pool


def _worker_started() -> None:
    """A worker leaves Ctrl+C to the server and ends with it, however the server ends (a
    killed server runs no clean-up, and the workers would wait for work for ever)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    server = multiprocessing.parent_process()
    if server is not None:
        threading.Thread(target=_end_with, args=(server.sentinel,), daemon=True).start()


def _end_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def _lost(error: BaseException) -> None:
    """Forget a broken pool, so that the next workbook starts new workers."""
    global _pool
    logger.warning("Excel export: worker processes failed (%r); new ones next time", error)
    with _pool_lock:
        _pool = None
