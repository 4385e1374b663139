"""Benchmark of the Excel export (issue 7): the whole tournament as one workbook.

Builds the 400-player, 8-round tournament of ``bench/web_pages.py`` (every list complete,
played card by card by the engine's simulator) in a fresh SQLite database and times
``exports.tournament_workbook`` (standings, players, per round one sheet with all its lists
and one with their blank templates: 800 lists) with the engine's reports computed as on a
first download, and how much of it is writing the .xlsx file; then ``exports.list_workbook``
and ``exports.template_workbook`` for one table.

    python bench/excel_export.py [--players 400] [--rounds 8]

Target: the tournament workbook in under 5 seconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from big_tournament import build  # noqa: E402

from tournament.extensions import db  # noqa: E402
from tournament.models import Tournament  # noqa: E402
from tournament.services import exports, scorelists  # noqa: E402


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
            writing: list[float] = []
            write = exports.xlsx

            def timed_write(grids: Sequence[exports.Grid]) -> bytes:
                started = time.perf_counter()
                try:
                    return write(grids)
                finally:
                    writing.append(time.perf_counter() - started)

            exports.xlsx = timed_write
            started = time.perf_counter()
            body = exports.tournament_workbook(tournament)
            elapsed = time.perf_counter() - started
            exports.xlsx = write
            print(
                f"tournament workbook: {elapsed:.2f} s (writing the file {sum(writing):.2f} s), "
                f"{len(body) // 1024} KiB, {sum(len(r.tables) for r in tournament.rounds)} lists "
                "(target: under 5 s)"
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
