"""Benchmark of the Excel export (issue 7): the whole tournament as one workbook.

Builds the 400-player, 8-round tournament of ``bench/web_pages.py`` (every list complete,
played card by card by the engine's simulator) in a fresh SQLite database and times
``exports.tournament_workbook`` (standings, players, per round one sheet with all its lists
and one with their blank templates: 800 lists) with the engine's reports computed as on a
first download; then its two parts one after the other (laying out the sheets, writing them
with and without the worker processes of ``xlsx_writer``, which overlap with the laying out
in the real export); then ``exports.list_workbook`` and ``exports.template_workbook`` for one
table.

    python bench/excel_export.py [--players 400] [--rounds 8]

Target: the tournament workbook in under 5 seconds.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from big_tournament import build  # noqa: E402

from tournament.extensions import db  # noqa: E402
from tournament.models import Tournament  # noqa: E402
from tournament.services import exports, scorelists, xlsx_writer  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        app, tournament_id = build(folder, args.players, args.rounds)
        with app.app_context():
            scorelists.forget_reports()  # a first download: no engine report known yet
            tournament = db.session.get(Tournament, tournament_id)
            assert tournament is not None
            started = time.perf_counter()
            body = exports.tournament_workbook(tournament)
            elapsed = time.perf_counter() - started
            print(
                f"tournament workbook: {elapsed:.2f} s, {len(body) // 1024} KiB, "
                f"{sum(len(r.tables) for r in tournament.rounds)} lists (target: under 5 s)"
            )
            scorelists.forget_reports()
            started = time.perf_counter()
            grids = list(exports.tournament_sheets(tournament))
            laid_out = time.perf_counter() - started
            started = time.perf_counter()
            xlsx_writer.xlsx(grids)
            parallel = time.perf_counter() - started
            started = time.perf_counter()
            with mock.patch.object(xlsx_writer, "PARALLEL_CELLS", math.inf):
                xlsx_writer.xlsx(grids)
            alone = time.perf_counter() - started
            cells = sum(grid.cells for grid in grids)
            print(
                f"  its parts one after the other: laying out the sheets {laid_out:.2f} s "
                f"(engine reports not yet known), writing {cells} cells {parallel:.2f} s "
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


if __name__ == "__main__":
    sys.exit(main())
