"""Benchmark of the public pages: standings, projector and table plan of a big tournament.

Builds a tournament of 400 players over 8 rounds in a fresh SQLite database (every round
drawn by the real draw, every table's list played card by card by the engine's simulator and
stored through the score-list service, as ``scripts/demo.py`` does), the last round still
running with its lists partly entered (the standings are then provisional: the hardest case;
``--closed`` closes it), serves it with ``doko-turnier`` itself on a free port,
and times each page over HTTP from this process (with the round running, also the list page
that a table's phone opens with its code, partly entered): median and 95th percentile of
``--requests`` requests after a few to warm up, asking for gzip as browsers do (the sizes
printed are the compressed bodies). Every request is rendered: the moment for
which phones share a public page (``PUBLIC_PAGE_SECONDS``) is switched off, else most
requests would be answered from it.

    python bench/web_pages.py [--players 400] [--rounds 8] [--requests 60] [--closed]

Target: standings page and table plan under 100 ms (median).
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))

from big_tournament import build  # noqa: E402
from sqlalchemy import select  # noqa: E402

from tests.support.server_processes import laptop_serving  # noqa: E402
from tournament.extensions import db  # noqa: E402
from tournament.models import Round, RoundTable  # noqa: E402

WARM_UP = 5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--closed", action="store_true", help="every round closed")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        app, tournament_id = build(
            folder,
            args.players,
            args.rounds,
            last_round_open=not args.closed,
            config={"PUBLIC_PAGE_SECONDS": 0},
        )
        pages = {
            "overall standings": f"/turniere/{tournament_id}/stand",
            f"round {args.rounds} standings": (
                f"/turniere/{tournament_id}/runden/{args.rounds}/stand"
            ),
            f"table plan round {args.rounds}": f"/turniere/{tournament_id}/runden/{args.rounds}",
            "where do I sit": f"/turniere/{tournament_id}/runden/{args.rounds}/sitzplaetze",
            "table cards": f"/turniere/{tournament_id}/runden/{args.rounds}/tischkarten",
            "projector": f"/turniere/{tournament_id}/leinwand",
        }
        if not args.closed:
            with app.app_context():
                code = _a_table_code(tournament_id, args.rounds)
            pages["a table's list (its code)"] = f"/tisch/{code}/"
        # Served by doko-turnier itself; every request rendered (see above).
        settings = {"PUBLIC_PAGE_SECONDS": "0"}
        with laptop_serving(app, Path(folder) / "server.log", environment=settings) as port:
            for name, path in pages.items():
                times, size = _time_page(port, path, args.requests)
                median = statistics.median(times) * 1000
                p95 = statistics.quantiles(times, n=20)[-1] * 1000
                print(
                    f"{name:<26} {path:<32} median {median:6.1f} ms  p95 {p95:6.1f} ms  "
                    f"({size // 1024} KiB gzip)"
                )
    return 0


def _a_table_code(tournament_id: int, number: int) -> str:
    """The code of the first table of round ``number`` whose list is partly entered."""
    tables = db.session.scalars(
        select(RoundTable)
        .join(Round)
        .where(Round.tournament_id == tournament_id, Round.number == number)
        .where(RoundTable.access_code.is_not(None))
        .order_by(RoundTable.number)
    )
    for table in tables:
        if table.entries:
            assert table.access_code is not None
            return table.access_code
    raise SystemExit(f"no table of round {number} has a list partly entered")


def _time_page(port: int, path: str, requests: int) -> tuple[list[float], int]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    times = []
    size = 0
    for index in range(WARM_UP + requests):
        started = time.perf_counter()
        connection.request("GET", path, headers={"Accept-Encoding": "gzip"})  # as browsers
        response = connection.getresponse()
        body = response.read()
        elapsed = time.perf_counter() - started
        if response.status != 200:
            raise SystemExit(f"{path}: HTTP {response.status}")
        if index >= WARM_UP:
            times.append(elapsed)
        size = len(body)
    connection.close()
    return times, size


if __name__ == "__main__":
    sys.exit(main())
