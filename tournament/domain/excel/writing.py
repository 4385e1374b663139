"""Sheets laid out in memory (:class:`Grid`) written as one .xlsx file by openpyxl.

openpyxl's write-only mode streams rows top to bottom and is its fastest way to write, but
it still spends about 10 microseconds of one core on every cell (most of it serialising the
cell's XML elements), and a whole tournament has over half a million cells. So big sheets
are written in parallel, while the next sheets are still being laid out: a worker process
writes the sheet with openpyxl into a workbook of its own and hands back the sheet's XML
part, which takes the place of an empty sheet of the same name in the workbook written
here. Every sheet is openpyxl's own output; only the cell styles are shared by index, so
every workbook registers the same styles in the same order first (:func:`_register_styles`).
If the workers cannot be used (one core, Windows, a process that cannot start or dies), the
sheets are written here instead. A server starts the workers when it starts
(:func:`start_workers`); otherwise the first big export does, which takes about a second.
The same workers read big uploads (:func:`in_worker`, used by ``tournament.domain.excel.reading``).
"""

from __future__ import annotations

import atexit
import concurrent.futures
import io
import logging
import multiprocessing
import multiprocessing.connection
import multiprocessing.context
import multiprocessing.forkserver
import os
import signal
import threading
import time
import zipfile
from collections.abc import Callable, Iterable
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TypeVar

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell, WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.writer.excel import ExcelWriter

logger = logging.getLogger(__name__)
Done = TypeVar("Done")

FORMULA_STARTS = ("=", "+", "-", "@")
BOLD = Font(bold=True)
# Sheets with fewer cells are written in this process: a worker only pays off when a sheet
# takes much longer to write than to hand over (one list has about 700 cells, a round of a
# 400-player tournament 59,000, its templates 6,400). The templates (20,000 cells) go to the
# workers too: written here, this process would hold up a tournament's export by 0.1 s.
PARALLEL_CELLS = 5_000
# zlib's level 2 instead of openpyxl's 6: a tournament's 26 MB of sheet XML zips in 0.16 s
# instead of 0.45 s, at the end, when nothing else runs; the file grows from 3.7 to 4.3 MB
# (level 1: 0.15 s and 4.5 MB, level 3: 0.22 s and 4.1 MB).
COMPRESSLEVEL = 2


class Formula(str):
    """A cell's formula, written with its leading ``=``; any other text stays text."""

    __slots__ = ()


class Bold(str):
    """Text in bold (titles and headers)."""

    __slots__ = ()


Value = int | float | str | None
# How a grid keeps a cell: a Formula or Bold as (its class, its text). A worker gets each big
# grid pickled, and str subclasses pickle four times slower than plain text (0.24 s instead
# of 0.06 s for a tournament, in the process that lays out the sheets).
Kept = int | float | str | tuple[type[str], str]


class Grid:
    """One sheet's cells by row and column (both from 1); written out top to bottom."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.rows: dict[int, dict[int, Kept]] = {}
        self.widths: dict[int, float] = {}
        # Drop-down lists: (cell range such as "C14:C40", the words offered).
        self.choices: list[tuple[str, tuple[str, ...]]] = []

    def offer(self, cells: str, words: Iterable[str]) -> None:
        """A drop-down list of ``words`` in the cells ``cells`` (other text is refused by a
        spreadsheet program that checks; the import checks every cell anyway)."""
        self.choices.append((cells, tuple(words)))

    def put(self, row: int, column: int, value: Value) -> None:
        """A number, text (never run as a formula), :class:`Formula` or :class:`Bold`;
        ``None`` and empty text leave the cell empty."""
        if value is None or value == "":
            return
        cells = self.rows.get(row)
        if cells is None:
            cells = self.rows[row] = {}
        if isinstance(value, str) and type(value) is not str:
            cells[column] = (type(value), str(value))
        else:
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
    return _saved(workbook)


def _saved(workbook: Workbook) -> bytes:
    """The workbook as ``Workbook.save`` writes it, compressed at :data:`COMPRESSLEVEL`."""
    if not workbook.worksheets:
        workbook.create_sheet()
    buffer = io.BytesIO()
    archive = zipfile.ZipFile(
        buffer, "w", zipfile.ZIP_DEFLATED, allowZip64=True, compresslevel=COMPRESSLEVEL
    )
    ExcelWriter(workbook, archive).save()
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
    for where, offered_words in grid.choices:
        # A list of words is written as one quoted formula (its words hold no comma or quote).
        offered = DataValidation(
            type="list", formula1='"' + ",".join(offered_words) + '"', allow_blank=True
        )
        offered.add(where)
        ws.data_validations.append(offered)  # type: ignore[attr-defined]
    styles = _Styles(ws)
    previous = 0
    for row in sorted(grid.rows):
        for _ in range(row - previous - 1):
            ws.append([])
        cells = grid.rows[row]
        values: list[object] = [None] * max(cells)
        for column, value in cells.items():
            # Whole numbers, half of all cells, go to openpyxl as they are.
            values[column - 1] = value if type(value) is int else _cell(styles, value)
        ws.append(values)
        previous = row


def _cell(styles: _Styles, value: Kept) -> object:
    """A value as openpyxl writes it: a :class:`Formula` as formula, any other text as text
    (bold, or with a quote prefix if a spreadsheet would otherwise run it)."""
    if isinstance(value, str):
        text, bold = value, False
    elif isinstance(value, tuple):
        kind, text = value
        if kind is Formula:
            return text
        bold = kind is Bold
    else:
        return value
    text = ILLEGAL_CHARACTERS_RE.sub("", text)
    quoted = text.startswith(FORMULA_STARTS)
    if not bold and not quoted:
        return text
    cell = Cell(styles.ws, 1, 1, text, styles.of(bold, quoted))
    cell.data_type = "s"
    return cell


class _Styles:
    """The styles of a sheet's bold and quoted text, each worked out once: giving each cell
    its font hashes the font and the cell's style every time, a sixth of the writing of a
    sheet of templates (one cell in two is bold)."""

    def __init__(self, ws: WriteOnlyWorksheet) -> None:
        self.ws = ws
        self.arrays: dict[tuple[bool, bool], StyleArray] = {}

    def of(self, bold: bool, quoted: bool) -> StyleArray:
        """The style for :class:`Cell`'s ``style_array`` (copied by each cell)."""
        array = self.arrays.get((bold, quoted))
        if array is None:
            model = WriteOnlyCell(self.ws)
            if bold:
                model.font = BOLD
            model.quotePrefix = quoted
            array = self.arrays[bold, quoted] = _style_array(model)
        return array


def _style_array(cell: Cell) -> StyleArray:
    """The indices of a cell's font, fill, ... in its workbook (openpyxl keeps them in the
    cell's ``_style``; the public ``style_array`` of a new :class:`Cell` copies them)."""
    array: StyleArray | None = cell._style  # type: ignore[attr-defined]
    assert array is not None
    return array


# --------------------------------------------------------------------- the workers

_pool: concurrent.futures.ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()
_warming: threading.Thread | None = None  # start_workers' thread (once it was called)
WARM_UP_SECONDS = 10.0


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


def in_worker(function: Callable[..., Done], /, *args: object) -> Done:
    """``function(*args)`` run by one of the worker processes, so that the CPU it takes
    holds up no request of this server (the interpreter runs one thread at a time); run here
    where workers cannot be used (one core, Windows) or break. What ``function`` raises is
    raised here; ``function`` and its arguments and result must pickle."""
    pool = _pool_started()
    future: concurrent.futures.Future[Done] | None = None
    if pool is not None:
        try:
            future = pool.submit(function, *args)
        except RuntimeError as error:  # a broken or shut-down pool
            _lost(error)
    if future is not None:
        try:
            return future.result()
        except BrokenProcessPool as error:
            _lost(error)
    return function(*args)


def _result(part: concurrent.futures.Future[bytes]) -> bytes | None:
    """A worker's sheet, or ``None`` if it failed (then the sheet is written here)."""
    try:
        return part.result()
    except BrokenProcessPool as error:
        _lost(error)
    except Exception as error:
        logger.warning("Excel export: a worker could not write a sheet (%r)", error)
    return None


def start_workers() -> None:
    """Start the worker processes in the background, for a server to call at start-up: the
    first export need not wait the second or so they take. Returns at once; does nothing
    where exports use no workers (one core, Windows) or when called again."""
    global _warming
    with _pool_lock:
        if _warming is not None or _pool is not None or not _workers_possible():
            return
        _warming = threading.Thread(target=_warm_up, name="xlsx-workers", daemon=True)
    if threading.current_thread() is threading.main_thread():
        _fork_server_started()
    _warming.start()


def stop_workers() -> None:
    """End the worker processes and wait for them, for a server process that ends without
    Python's normal exit (``os._exit``): otherwise their semaphores would be reported as
    leaked. The next export would start new ones."""
    global _pool
    if _warming is not None and _warming.is_alive():
        _warming.join(WARM_UP_SECONDS)  # a pool still starting would be missed
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def _fork_server_started() -> None:
    """The fork server, started with Ctrl+C ignored, which it keeps: a terminal's Ctrl+C
    reaches the whole process group, and the fork server ignores it by itself only after it
    has imported openpyxl (about a second), so an early Ctrl+C ended it with a traceback."""
    _context()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        multiprocessing.forkserver.ensure_running()
    finally:
        signal.signal(signal.SIGINT, previous)


def _warm_up() -> None:
    """Each worker started by a task that waits a moment: a task done at once would free its
    worker for the next one, and only one process would start."""
    try:
        pool = _pool_started()
        if pool is not None:
            for started in [pool.submit(time.sleep, 0.1) for _ in range(_cores())]:
                started.result()
    except Exception as error:  # no processes now; an export tries again
        _lost(error)


def _cores() -> int:
    return os.cpu_count() or 1


def _workers_possible() -> bool:
    """Two cores or more, and processes can be started from a clean server (``forkserver``:
    a worker never inherits a copy of a running server's threads; not on Windows)."""
    return _cores() >= 2 and "forkserver" in multiprocessing.get_all_start_methods()


def _pool_started() -> concurrent.futures.ProcessPoolExecutor | None:
    """The worker processes, one per core, started on first use and kept; ``None`` where
    :func:`_workers_possible` says no."""
    global _pool
    if not _workers_possible():
        return None
    with _pool_lock:
        if _pool is None:
            _pool = concurrent.futures.ProcessPoolExecutor(
                _cores(), mp_context=_context(), initializer=_worker_started
            )
            atexit.register(_pool.shutdown, cancel_futures=True)
        return _pool


def _context() -> multiprocessing.context.ForkServerContext:
    """Processes started by the fork server, which has imported this module once: the
    workers it forks inherit it. (Each worker imports the program's main module again, as
    ``multiprocessing`` does: ``doko-turnier``'s, ``tournament.serve``, is kept small.)"""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


def _worker_started() -> None:
    """A worker leaves Ctrl+C to the server and ends with it, however the server ends (a
    killed server runs no clean-up, and the workers would wait for work for ever). It runs
    at a lower priority: pages and saves go first, and so does the laying out of the next
    sheets, which the workers wait for (a tournament's export is 0.02-0.1 s faster so)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(10)
    server = multiprocessing.parent_process()
    if server is not None:
        threading.Thread(target=_end_with, args=(server.sentinel,), daemon=True).start()


def _end_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def _forget_workers() -> None:
    """In a forked process (a server process forked after the app was loaded) the parent's
    workers are not its own, nor are the threads that talk to them: it starts its own."""
    global _pool, _pool_lock, _warming
    _pool = None
    _pool_lock = threading.Lock()
    _warming = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_workers)


def _lost(error: BaseException) -> None:
    """Forget a broken pool, so that the next workbook starts new workers."""
    global _pool
    logger.warning("Excel export: worker processes failed (%r); new ones next time", error)
    with _pool_lock:
        _pool = None
