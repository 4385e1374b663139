"""Benchmark of the Excel export: the whole tournament as one workbook.

Builds the 400-player, 8-round tournament of ``bench/web_pages.py`` (every list complete,
played card by card by the engine's simulator) in a fresh SQLite database and times
``exports.tournament_workbook`` (standings, players, per round one sheet with all its lists
and one with their blank templates: 800 lists) as a first download, each in a fresh process
on the same database, so no report is in the memory cache; each list's engine report is
stored with it (``RoundTable.report``), as the lists were stored through the services:

- with the worker processes of ``excel.writing`` started in advance, as a server does at
  start-up (``writing.start_workers()``): the figure for the target;
- with the workers started by the export itself (about a second more), as in a process that
  did not start them;
- with the workers started in advance but no report stored (lists stored by a version before
  the reports were stored, or by another engine): every list checked by the engine again.

Then, in this process with its workers running, two later exports (the memory cache of
reports emptied again), three more with Python's cycle collector paused as the export pauses
it and three with it left running, taken in turns, the export's two parts one after the other
(laying out the sheets, writing them with and without the workers, which overlap with the
laying out in the real export), and ``exports.list_workbook`` and
``exports.template_workbook`` for one table.

    python bench/excel_export.py [--players 400] [--rounds 8]

Target: the tournament workbook in under 5 seconds.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from big_tournament import build  # noqa: E402
from sqlalchemy import update  # noqa: E402

from tournament.app import create_app  # noqa: E402
from tournament.domain import list_store as store  # noqa: E402
from tournament.domain.excel import exports, writing  # noqa: E402
from tournament.extensions import db  # noqa: E402
from tournament.models import RoundTable, Tournament  # noqa: E402

FIRST_EXPORTS = {
    "started": "first export of a fresh process, workers started in advance as the server does",
    "cold": "first export of a fresh process that starts its workers itself",
    "unchecked": "first export of a fresh process, workers started in advance, no report stored",
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--first-export", nargs=3, metavar=("FOLDER", "TOURNAMENT", "WORKERS"))
    args = parser.parse_args()
    if args.first_export:
        folder, tournament_id, workers = args.first_export
        first_export(folder, int(tournament_id), workers)
        return 0

    with tempfile.TemporaryDirectory() as folder:
        app, tournament_id = build(folder, args.players, args.rounds)
        for workers in FIRST_EXPORTS:
            command = [sys.executable, __file__, "--first-export", folder, str(tournament_id)]
            subprocess.run([*command, workers], check=True)
        writing.start_workers()
        _wait_for_workers()
        with app.app_context():
            tournament = db.session.get(Tournament, tournament_id)
            assert tournament is not None
            times = []
            for _ in range(2):
                store.forget_reports()
                started = time.perf_counter()
                exports.tournament_workbook(tournament)
                times.append(time.perf_counter() - started)
            print("tournament workbook, later exports of one process: " + _seconds(times))
            paused, running = _collector_compared(tournament)
            print(
                "  with the cycle collector paused during the export (as it runs): "
                f"{_seconds(paused)}; with it running: {_seconds(running)}"
            )
            store.forget_reports()
            started = time.perf_counter()
            grids = list(exports.tournament_sheets(tournament))
            laid_out = time.perf_counter() - started
            started = time.perf_counter()
            writing.xlsx(grids)
            parallel = time.perf_counter() - started
            started = time.perf_counter()
            with mock.patch.object(writing, "PARALLEL_CELLS", math.inf):
                writing.xlsx(grids)
            alone = time.perf_counter() - started
            cells = sum(grid.cells for grid in grids)
            print(
                f"  its parts one after the other: laying out the sheets {laid_out:.2f} s "
                f"(reports as stored with the lists), writing {cells} cells {parallel:.2f} s "
                f"({os.cpu_count()} worker processes; {alone:.2f} s in one process)"
            )
            table = tournament.rounds[-1].tables[0]
            for name, make in (
                ("list", exports.list_workbook),
                ("blank template", exports.template_workbook),
            ):
                times = []
                for _ in range(20):
                    started = time.perf_counter()
                    make(table)
                    times.append(time.perf_counter() - started)
                print(f"one {name} workbook: median {statistics.median(times) * 1000:.1f} ms")
            db.engine.dispose()
    return 0


def _collector_compared(tournament: Tournament) -> tuple[list[float], list[float]]:
    """Later exports with Python's cycle collector paused (``exports._collection_paused``,
    as the export runs) and with it left running, taken in turns."""
    paused: list[float] = []
    running: list[float] = []
    for _ in range(3):
        for times, pause in ((paused, exports._collection_paused), (running, nullcontext)):
            store.forget_reports()
            with mock.patch.object(exports, "_collection_paused", pause):
                started = time.perf_counter()
                exports.tournament_workbook(tournament)
                times.append(time.perf_counter() - started)
    return paused, running


def first_export(folder: str, tournament_id: int, workers: str) -> None:
    """One export timed in this fresh process; ``workers``: a key of FIRST_EXPORTS."""
    app = create_app({}, instance_path=folder)
    if workers in ("started", "unchecked"):
        writing.start_workers()
        _wait_for_workers()
    with app.app_context():
        if workers == "unchecked":  # in this transaction only, rolled back below
            db.session.execute(update(RoundTable).values(report=None))
        tournament = db.session.get(Tournament, tournament_id)
        assert tournament is not None
        started = time.perf_counter()
        body = exports.tournament_workbook(tournament)
        elapsed = time.perf_counter() - started
        print(
            f"tournament workbook: {elapsed:.2f} s, {FIRST_EXPORTS[workers]} "
            f"({len(body) // 1024} KiB, {sum(len(r.tables) for r in tournament.rounds)} lists; "
            "target: under 5 s)"
        )
        db.session.rollback()
        db.engine.dispose()


def _wait_for_workers() -> None:
    """Until every worker process runs, as on a server that has been up for a moment."""
    if not writing._workers_possible():
        return
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        pool = writing._pool
        if pool is not None and len(pool._processes) >= (os.cpu_count() or 1):
            time.sleep(0.5)  # their first task, a short wait, done
            return
        time.sleep(0.05)
    raise SystemExit("the worker processes did not start")


def _seconds(times: list[float]) -> str:
    return ", ".join(f"{t:.2f} s" for t in times)


if __name__ == "__main__":
    sys.exit(main())
