"""Benchmark of the Excel export (issue 7): the whole tournament as one workbook.

Builds the 400-player, 8-round tournament of ``bench/web_pages.py`` (every list complete,
played card by card by the engine's simulator) in a fresh SQLite database and times
``exports.tournament_workbook`` (standings, players, one sheet per round with all 800 lists)
and ``exports.list_workbook`` for one list, each in a fresh session so nothing is cached in
the ORM, the engine reports being computed as on a first download.

    python bench/excel_export.py [--players 400] [--rounds 8]

Target: the tournament workbook in under 5 seconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
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
            started = time.perf_counter()
            body = exports.tournament_workbook(tournament)
            elapsed = time.perf_counter() - started
            print(
                f"tournament workbook: {elapsed:.2f} s, {len(body) // 1024} KiB, "
                f"{sum(len(r.tables) for r in tournament.rounds)} lists (target: under 5 s)"
            )
            table = tournament.rounds[-1].tables[0]
            times = []
            for _ in range(20):
                started = time.perf_counter()
                exports.list_workbook(table)
                times.append(time.perf_counter() - started)
            print(f"one list workbook: median {statistics.median(times) * 1000:.1f} ms")
            db.engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
