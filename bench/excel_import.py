"""Benchmark of the Excel import: one table's 24-game list read, checked, stored.

Builds a small tournament with one running round (the demo's), takes a table of four whose
list is complete, exports its list, and times reading that file back through
``imports.read_table_file`` (open the workbook, read every row, the engine's check of the
whole list and of every row's points and totals) and storing it (``imports.store``, rolled
back after each run). A second series leaves the "Geber" column empty, as a typed paper
list may, so the dealers are worked out row by row.

    python bench/excel_import.py [--runs 30]

Target: one 24-game list in under 200 ms.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from big_tournament import build  # noqa: E402
from openpyxl import load_workbook  # noqa: E402

from tournament.domain import list_store as store  # noqa: E402
from tournament.domain import score_lists  # noqa: E402
from tournament.domain.excel import exports, list_cells  # noqa: E402
from tournament.excel import imports  # noqa: E402
from tournament.extensions import db  # noqa: E402
from tournament.models import RoundStatus, RoundTable, Tournament  # noqa: E402


def without_dealers(data: bytes) -> bytes:
    book = load_workbook(io.BytesIO(data))
    sheet = book.active
    assert sheet is not None
    column = list_cells.DEALER + 1
    for row in range(exports.HEADER_ROW + 1, sheet.max_row + 1):
        sheet.cell(row, column).value = None
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def series(table: RoundTable, data: bytes, runs: int) -> tuple[list[float], list[float]]:
    reading, storing = [], []
    for _ in range(runs):
        store.forget_reports()  # every run checks the list as new
        started = time.perf_counter()
        found = imports.read_table_file(table, data, "liste.xlsx")
        middle = time.perf_counter()
        assert found.ok, [found.problems, [r.problems for r in found.lists[0].rows if r.problems]]
        imports.store(None, found, {table.id: table.version})
        db.session.flush()
        done = time.perf_counter()
        db.session.rollback()
        reading.append(middle - started)
        storing.append(done - middle)
    return reading, storing


def show(label: str, reading: list[float], storing: list[float]) -> None:
    total = sorted(r + s for r, s in zip(reading, storing, strict=True))
    p95 = total[max(0, round(0.95 * len(total)) - 1)]
    print(
        f"{label}: read+check median {statistics.median(reading) * 1000:.0f} ms, "
        f"store median {statistics.median(storing) * 1000:.0f} ms, "
        f"total median {statistics.median(total) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms "
        "(target: under 200 ms)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app, tournament_id = build(folder, 16, 1)
        with app.app_context():
            tournament = db.session.get(Tournament, tournament_id)
            assert tournament is not None
            round_ = tournament.rounds[-1]
            round_.status = RoundStatus.RUNNING
            table = next(t for t in round_.tables if t.size == 4)
            data = exports.list_workbook(table)
            score_lists.replace_entries(table, [], None)
            db.session.commit()
            games = len(imports.read_table_file(table, data, "x.xlsx").lists[0].rows)
            print(f"list of table {table.number}: {games} rows, {len(data) // 1024} KiB")
            show("exported list", *series(table, data, args.runs))
            show("without Geber", *series(table, without_dealers(data), args.runs))
            db.engine.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
