"""The .xlsx writer: a big workbook's sheets written by worker processes are the
sheets openpyxl writes here, cell for cell, style for style; a failed worker costs nothing."""

from __future__ import annotations

import concurrent.futures
import io
import logging
import math
import multiprocessing
import os
import subprocess
import sys
import threading
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from openpyxl.workbook.workbook import Workbook

from tournament.domain.excel import writing
from tournament.domain.excel.writing import Bold, Formula, Grid

ROOT = Path(__file__).resolve().parents[2]


def _grids() -> list[Grid]:
    """Three sheets with every kind of cell: numbers, text, formulas, bold, text beginning
    with a formula sign, column widths, empty rows between."""
    first = Grid("Stand")
    first.put_row(1, [Bold("Platz"), Bold("Name"), Bold("Punkte")])
    first.put_row(2, [1, "=Eva", 12])
    first.put_row(3, [2, "Ben", -12.5])
    first.put(5, 3, Formula("=SUM(C2:C3)"))
    first.widths.update({2: 28})
    second = Grid("Runde 1")
    for row in range(1, 200):
        second.put_row(row, [row, f"Spieler {row}", Formula(f"=A{row}*2"), "-minus", "@at"])
    second.put(201, 1, Bold("+fett"))
    third = Grid("Leer")
    return [first, second, third]


def _cells(book: Workbook) -> dict[str, list[tuple[Any, ...]]]:
    return {
        ws.title: [
            (c.coordinate, c.value, c.data_type, bool(c.font.b), bool(c.quotePrefix))
            for row in ws.iter_rows()
            for c in row
            if c.value is not None
        ]
        for ws in book.worksheets
    }


def _written(monkeypatch: pytest.MonkeyPatch, parallel_cells: float) -> Workbook:
    monkeypatch.setattr(writing, "PARALLEL_CELLS", parallel_cells)
    return load_workbook(io.BytesIO(writing.xlsx(iter(_grids()))))


def test_sheets_written_by_workers_are_the_sheets_written_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(writing.os, "cpu_count", lambda: 2)  # workers even on one core
    here = _written(monkeypatch, math.inf)
    elsewhere = _written(monkeypatch, 1)
    assert writing._pool is not None  # the workers were used
    assert elsewhere.sheetnames == here.sheetnames == ["Stand", "Runde 1", "Leer"]
    assert _cells(elsewhere) == _cells(here)
    cells = {c[0]: c[1:] for c in _cells(elsewhere)["Stand"]}
    assert cells["A1"] == ("Platz", "s", True, False)
    assert cells["B2"] == ("=Eva", "s", False, True)  # text, never run as a formula
    assert cells["C3"] == (-12.5, "n", False, False)
    assert cells["C5"] == ("=SUM(C2:C3)", "f", False, False)
    assert {c[0]: c[1:] for c in _cells(elsewhere)["Runde 1"]}["A201"] == (
        "+fett",
        "s",
        True,
        True,
    )
    assert elsewhere["Stand"].column_dimensions["B"].width == 28
    assert len(_cells(elsewhere)["Runde 1"]) == 199 * 5 + 1


@pytest.mark.parametrize("parallel_cells", [math.inf, 1])
def test_every_cell_has_the_style_its_value_asks_for(
    monkeypatch: pytest.MonkeyPatch, parallel_cells: float
) -> None:
    """Bold and quoted text share their style per sheet; no other cell gets their style."""
    monkeypatch.setattr(writing.os, "cpu_count", lambda: 2)
    written = [c for cells in _cells(_written(monkeypatch, parallel_cells)).values() for c in cells]
    for coordinate, value, data_type, bold, quoted in written:
        text = data_type == "s"
        assert bold == (value in {"Platz", "Name", "Punkte", "+fett"}), coordinate
        assert quoted == (text and value.startswith(writing.FORMULA_STARTS)), coordinate
    assert sum(c[3] for c in written) == 4
    assert sum(c[4] for c in written) == 1 + 2 * 199 + 1


def test_a_failed_worker_leaves_its_sheet_to_be_written_here(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    here = _cells(_written(monkeypatch, math.inf))

    class Broken:
        def submit(self, *args: Any) -> concurrent.futures.Future[bytes]:
            failed: concurrent.futures.Future[bytes] = concurrent.futures.Future()
            failed.set_exception(BrokenProcessPool("killed"))
            return failed

    monkeypatch.setattr(writing, "_pool_started", lambda: Broken())
    monkeypatch.setattr(writing, "_pool", Broken())
    with caplog.at_level(logging.WARNING, logger=writing.__name__):
        assert _cells(_written(monkeypatch, 1)) == here
    assert "worker processes failed" in caplog.text
    assert writing._pool is None  # the next workbook starts new workers


def test_a_pool_that_cannot_take_work_leaves_the_rest_of_the_workbook_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    here = _cells(_written(monkeypatch, math.inf))
    asked: list[int] = []

    class ShutDown:
        def submit(self, *args: Any) -> concurrent.futures.Future[bytes]:
            asked.append(1)
            raise RuntimeError("cannot schedule new futures after shutdown")

    monkeypatch.setattr(writing, "_pool_started", lambda: ShutDown())
    assert _cells(_written(monkeypatch, 1)) == here
    assert asked == [1]  # asked once, then every sheet was written here


def test_small_sheets_never_start_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_workers() -> None:
        raise AssertionError("a small workbook must not start worker processes")

    monkeypatch.setattr(writing, "_pool_started", no_workers)
    book = load_workbook(io.BytesIO(writing.xlsx(_grids())))
    assert book.sheetnames == ["Stand", "Runde 1", "Leer"]


WORKERS_OF_A_SERVER = """
import os, sys
from tournament.domain.excel import writing
from tournament.domain.excel.writing import Grid

if __name__ == "__main__":
    writing.PARALLEL_CELLS = 1
    grid = Grid("Runde 1")
    grid.put(1, 1, 1)
    writing.xlsx([grid])
    pool = writing._pool_started()
    assert pool is not None
    print(*{pool.submit(os.getpid).result() for _ in range(8)}, flush=True)
    sys.stdin.read()
"""


def test_starting_the_workers_returns_at_once_and_starts_one_per_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(writing, "_pool", None)
    monkeypatch.setattr(writing, "_warming", None)
    monkeypatch.setattr(writing.os, "cpu_count", lambda: 2)
    go_on = threading.Event()
    warm_up = writing._warm_up

    def held_back() -> None:
        go_on.wait(30)
        warm_up()

    monkeypatch.setattr(writing, "_warm_up", held_back)
    writing.start_workers()
    writing.start_workers()  # a second call changes nothing
    # Returned while the start is still held back: it runs in the background.
    assert writing._pool is None
    go_on.set()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (
        writing._pool is None or len(writing._pool._processes) < 2
    ):
        time.sleep(0.05)
    pool = writing._pool
    assert pool is not None
    try:
        assert len(pool._processes) == 2  # both running before any sheet was asked for
    finally:
        pool.shutdown()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_forked_server_process_starts_workers_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(writing, "_pool", object())  # the parent's pool
    monkeypatch.setattr(writing, "_warming", threading.Thread(target=print))  # its start
    pid = os.fork()
    if pid == 0:
        os._exit(0 if writing._pool is None and writing._warming is None else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert writing._pool is not None  # the parent keeps its own


def test_starting_the_workers_does_nothing_on_one_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writing, "_pool", None)
    monkeypatch.setattr(writing, "_warming", None)
    monkeypatch.setattr(writing.os, "cpu_count", lambda: 1)
    threads = threading.active_count()
    writing.start_workers()
    assert threading.active_count() == threads
    assert writing._pool is None
    assert _cells(_written(monkeypatch, 1)) == _cells(_written(monkeypatch, math.inf))


def _running(pid: int) -> bool:
    """The process exists and is not a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(
    not os.path.isdir("/proc") or "forkserver" not in multiprocessing.get_all_start_methods(),
    reason="needs /proc and the forkserver start method",
)
def test_the_workers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(WORKERS_OF_A_SERVER)
    server = subprocess.Popen(
        [sys.executable, str(script)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert server.stdout is not None
    workers = [int(pid) for pid in server.stdout.readline().split()]
    assert workers and all(_running(pid) for pid in workers)
    server.kill()  # no clean-up runs in the server
    server.wait()
    deadline = time.monotonic() + 20
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_running(pid) for pid in workers)
