"""Benchmark of the live pages during a hall's load: from a saved game to the projector and
the spectators' phones showing it.

The hall is ``bench/hall_load.py``'s, run as it runs it (same tournaments, tables saving a game
every ``--save-every`` seconds through the list page's flow, ``--readers`` phones with the live
standings open, on ``--server laptop`` or ``--server gunicorn``). Next to it, Debian's Chromium
(Playwright) shows the first tournament's projector (``/turniere/<id>/leinwand``) at 1920x1080,
as a projector in the hall does, and a phone (390x844) each with its overall standings
(``/stand``) and its round's standings (``/runden/<n>/stand``): each page takes the pages its
stream brings (``--gthread``: asks for changes every 1.5 s), and swaps them
in. (``tests/browser/test_browser_live_standings.py`` and ``test_browser_live_push.py`` check
that they do, without a time limit; how soon is measured here.)

Measured for every game saved in that tournament and for each page: from the save's answer to
the page's first update in which that game's points are in the standings (a player of the
game whose total it changed shows the new total). The page records each update's time and
the totals it shows (``performance.timeOrigin + now()``: the same clock as this process's
``time.time()``).

    python bench/projector_live.py [--server laptop|gunicorn] [--seconds 120]
                                   [--tables 100] [--readers 300]

Target (issue 20): p95 under 2 s on each page. The figures are only printed; the database is
checked as ``hall_load.py`` checks it (exit status 1 if a save was lost or doubled).
"""

from __future__ import annotations

import argparse
import collections
import functools
import secrets
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import hall_load  # noqa: E402
import list_entry  # noqa: E402
from list_entry import Browser, Reply, TableRun  # noqa: E402
from playwright.sync_api import Request, Response, sync_playwright  # noqa: E402

from tests.support.browser import CHROMIUM_ARGS, DESKTOP_CHROMIUM  # noqa: E402
from tests.support.server_processes import (  # noqa: E402
    free_port,
    gunicorn_command,
    laptop_server_command,
    running,
    server_environment,
)
from tournament.app import create_app  # noqa: E402
from tournament.config import INSTANCE_PATH_VARIABLE  # noqa: E402
from tournament.extensions import db  # noqa: E402
from tournament.models import Round  # noqa: E402

# In a page: every update of its standings, with its time and the totals it shows.
WATCH = """() => {
  window.benchUpdates = [];
  function snapshot() {
    const totals = {};
    document.querySelectorAll("tr[data-key][data-total]").forEach((row) => {
      totals[row.dataset.key] = Number(row.dataset.total);
    });
    window.benchUpdates.push([performance.timeOrigin + performance.now(), totals]);
  }
  snapshot();
  document.addEventListener("htmx:load", (event) => {
    if (["leinwand", "stand-inhalt"].includes(event.target.id)) { snapshot(); }
  });
}"""

PHONE = {"width": 390, "height": 844}

Updates = list[tuple[float, dict[str, int]]]
#: What a page asked for, by Chromium's resource type (``eventsource``: a stream opened;
#: ``xhr``: a poll, a page without its stream), and how its streams were answered
#: (``stream <status>``).
Asked = collections.Counter[str]


class SaveLog:
    """When each game of the watched tournament's tables was saved (the save's answer)."""

    def __init__(self, runs: dict[int, TableRun]) -> None:
        self.watched = {id(run) for run in runs.values()}
        self.saved: list[tuple[float, TableRun, int]] = []
        self.lock = threading.Lock()
        self.original = list_entry._save

    def save(self, run: TableRun, browser: Browser, preview: Reply, index: int) -> Reply:
        started = time.time()
        reply = self.original(run, browser, preview, index)
        if id(run) in self.watched and run.saves:
            with self.lock:
                self.saved.append((started + run.saves[-1], run, index))
        return reply


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    hall_load.hall_arguments(parser, seconds=120.0)
    args = parser.parse_args()
    count = args.tournaments or (1 if args.server == "laptop" else 5)

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        with hall_load.database(args.server, folder, args.database_url) as (url, database_pids):
            key = secrets.token_hex(32)
            app = create_app(
                {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": key}, instance_path=name
            )
            tournaments = hall_load._build(app, count, args)
            with app.app_context():
                found = db.session.get(Round, tournaments[0].round_id)
                assert found is not None
                base = f"/turniere/{found.tournament_id}"
                pages = {
                    "projector": (f"{base}/leinwand", {"width": 1920, "height": 1080}),
                    "overall standings (phone)": (f"{base}/stand", PHONE),
                    "round standings (phone)": (f"{base}/runden/{found.number}/stand", PHONE),
                }
                db.engine.dispose()
            port = free_port()
            if args.server == "laptop":
                command = laptop_server_command(port)
            else:
                command = gunicorn_command(
                    port,
                    workers=args.workers,
                    threads=args.threads,
                    instance=folder,
                    pushed=not args.gthread,
                )
            env = server_environment(url, key) | {INSTANCE_PATH_VARIABLE: name}
            log = SaveLog(tournaments[0].runs)
            list_entry._save = log.save
            with running(command, env, folder / "server.log", port) as server:
                hall_load._warm_up(port, tournaments)
                updates, asked = _watch(port, pages, args, tournaments, server.pid, database_pids)
            checks = [list_entry.check_database(app, t.round_id, t.runs) for t in tournaments]
            with app.app_context():
                db.engine.dispose()
    _report(args, count, log.saved, updates, asked)
    wrong = [c for c in checks if c.lost or c.extra or c.out_of_order or c.totals_wrong]
    for check in wrong:
        print("database check failed:", *check.problems[:5], sep="\n  ")
    return 1 if wrong else 0


def _watch(
    port: int,
    pages: dict[str, tuple[str, dict[str, int]]],
    args: argparse.Namespace,
    tournaments: list[hall_load.Tournament],
    server: int,
    database_pids: list[int],
) -> tuple[dict[str, Updates], dict[str, Asked]]:
    """The live pages open in Chromium while the hall's load runs; each page's updates, and
    what it asked for."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=DESKTOP_CHROMIUM, args=CHROMIUM_ARGS)
        opened = {}
        asked: dict[str, Asked] = {}
        for name, (path, viewport) in pages.items():
            page = browser.new_context(viewport=viewport).new_page()  # type: ignore[arg-type]
            asked[name] = collections.Counter()
            page.on("request", functools.partial(_count, asked[name]))
            page.on("response", functools.partial(_count_stream, asked[name]))
            page.goto(f"http://127.0.0.1:{port}{path}")
            page.evaluate(WATCH)
            opened[name] = page
        load = threading.Thread(
            target=hall_load._load,
            args=(port, tournaments, args, server, [server, *database_pids]),
        )
        load.start()
        load.join()
        time.sleep(3.0)  # the last saves' updates
        updates = {
            name: [
                (stamp / 1000, {k: int(v) for k, v in totals.items()})
                for stamp, totals in page.evaluate("window.benchUpdates")
            ]
            for name, page in opened.items()
        }
        browser.close()
    return updates, asked


def _count(asked: Asked, request: Request) -> None:
    asked[request.resource_type] += 1


def _count_stream(asked: Asked, response: Response) -> None:
    if response.request.resource_type == "eventsource":
        asked[f"stream {response.status}"] += 1


def _delays(saved: list[tuple[float, TableRun, int]], updates: Updates) -> list[float]:
    """For each save: the first update after it whose totals include the game."""
    delays = []
    for at, run, index in saved:
        games = run.plan.games
        before = _cumulative(games, index - 1)
        after = _cumulative(games, index)
        moved = [key for key in after if after[key] != before.get(key, 0)]
        if not moved:
            continue  # a game that changed no total cannot be seen
        key = moved[0]
        for stamp, totals in updates:
            if stamp >= at - 0.01 and totals.get(key, before.get(key, 0)) != before.get(key, 0):
                delays.append(max(0.0, stamp - at))
                break
    return delays


def _cumulative(games: list[Any], last: int) -> dict[str, int]:
    totals: dict[str, int] = {}
    for game in games[: last + 1]:
        for key, points in game.points.items():
            totals[key] = totals.get(key, 0) + points
    return totals


def _report(
    args: argparse.Namespace,
    count: int,
    saved: list[tuple[float, TableRun, int]],
    updates: dict[str, Updates],
    asked: dict[str, Asked],
) -> None:
    print(
        f"{args.server}: {count} tournament(s) x {args.tables} tables, a game every "
        f"{args.save_every:g} s per table, {args.readers} phones "
        + (
            f"reloading the standings every {args.read_every:g} s"
            if args.reload
            else "with the live standings open"
        )
        + f", {args.seconds:g} s; the live pages of the first in Chromium"
    )
    print(f"saves in the watched tournament: {len(saved)}")
    for name, counted in asked.items():
        answers = ", ".join(f"{k} x{v}" for k, v in sorted(counted.items()) if " " in k)
        print(
            f"{name} asked for: {counted['eventsource']} stream(s) ({answers or 'no answer'}), "
            f"{counted['xhr']} poll(s)"
        )
    parts = [("", saved)]
    if args.arrive and saved:
        # Once every phone has opened its page (and 20 s more): the hall's steady state.
        first = min(at for at, _run, _index in saved)
        settled = [save for save in saved if save[0] - first >= args.arrive + 20]
        parts.append((f" (saves from {args.arrive + 20:g} s on)", settled))
    for when, saves in parts:
        for name, shown in updates.items():
            delays = _delays(saves, shown)
            if len(delays) < 2:
                print(f"save -> {name}{when}: too few saves seen ({len(shown)} updates)")
                continue
            cut = statistics.quantiles(delays, n=20, method="inclusive")
            print(
                f"save -> {name}{when}: median {statistics.median(delays) * 1000:.0f} ms, "
                f"p95 {cut[-1] * 1000:.0f} ms, max {max(delays) * 1000:.0f} ms "
                f"({len(delays)} saves seen, {len(shown)} updates; target p95 2000 ms)"
            )


if __name__ == "__main__":
    sys.exit(main())
