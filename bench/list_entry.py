"""Benchmark of entering games at the table.

Every table of a round enters its games at the same time over HTTP, as list-keepers do with
the table's access code: open the list, send the game for the preview, confirm it. The
tournament (``--tables`` x 4 players, round 1 drawn and started through the services, as
``bench/web_pages.py`` builds its tournament) is served by ``doko-turnier`` itself (granian,
``tournament.serve``), apart from the clients' process (they must not share a GIL), from a
SQLite file in a temporary instance folder. Each table's games are a
complete legal list from the engine's simulator, sent as the form fields the correction page
fills from a stored game. A barrier releases all tables together before each preview and
again before each save (the worst case); ``--think-ms`` adds pauses as people make.

Afterwards the database is checked: every table holds exactly the games it was told were
saved, in order, its seats hold the engine's totals, nothing is there twice. Some tables also
send a confirmed game again (a retried request) or twice at once (a double tap): the app must
say "schon gespeichert" and store it once.

    python bench/list_entry.py [--tables 50] [--games 24] [--think-ms 0]

Target: saving a game under 150 ms at the 95th percentile, no game lost or duplicated.
Exit status 1 if a game was lost or duplicated, a legal game was refused, a resent game was
not recognised or a request failed; the times are only printed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import html
import http.client
import json
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import flask_migrate  # noqa: E402
from demo import FIRST, LAST  # noqa: E402
from flask import Flask  # noqa: E402
from werkzeug.datastructures import MultiDict  # noqa: E402

from rules_engine.scorelist import check_list  # noqa: E402
from rules_engine.simulate import random_list  # noqa: E402
from tests.support.server_processes import laptop_serving  # noqa: E402
from tournament import laptop  # noqa: E402
from tournament.accounts import service as accounts  # noqa: E402
from tournament.app import create_app  # noqa: E402
from tournament.domain import (  # noqa: E402
    day_plans,
    registrations,
    rule_set_entry,
    tournaments,
)
from tournament.domain import list_store as store  # noqa: E402
from tournament.extensions import db  # noqa: E402
from tournament.models import DrawMethod, Round, RoundTable  # noqa: E402
from tournament.rounds import service as rounds  # noqa: E402
from tournament.scorelists.forms import GameForm  # noqa: E402

# The page's own mapping between a stored game and the form (correction page) and back
# (saving): the benchmark sends exactly what a list-keeper's taps would send.
from tournament.scorelists.routes import _form_from_record, _game_record  # noqa: E402

TIMEOUT = 120.0  # seconds for one request; a save waits for up to 49 others
BARRIER_TIMEOUT = 600.0
LIST_TRIES = 50
NOT_SENT = ("csrf_token", "version", "confirmed")
#: The pot's start, the day's setting: 000's Punktetopf needs one; 004's Kasse (50 Pfennig a
#: player unless the day says otherwise, L63) is emptied in about five games, so it is set
#: for the benchmark's 24 games.
POT_START = {"hausregeln-2024": 1000, "ravensburger-2015": 5000}
#: Under another rule set: the share of solos among the games, and of games with a call.
SOLO_SHARE = 0.2
CALL_SHARE = 0.3
# The engine's value shown under the form (the bar above "Speichern").
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]*)"')
VERSION = re.compile(r'name="version" type="hidden" value="([^"]*)"')
PREVIEWED = re.compile(r'class="points-line"')
SAVED_AGAIN = re.compile(r"schon gespeichert \(Eintrag (\d+)\)")
FLASH = re.compile(r'<p class="flash flash-[a-z]+">(.*?)</p>', re.DOTALL)
ERRORS = re.compile(r'(?:id="probleme">.*?|<ul class="errors">)(<li>.*?)</ul>', re.DOTALL)
ITEM = re.compile(r"<li>(.*?)</li>", re.DOTALL)
TAG = re.compile(r"<[^>]+>")


# ---------------------------------------------------------------------- the plan


@dataclass(frozen=True)
class PlannedGame:
    """One game as the list-keeper sends it, and what the app must store for it."""

    fields: list[tuple[str, str]]  # the form's fields, without csrf token, version, confirmed
    record: dict[str, Any]  # the stored entry: the form's game record plus the dealer
    points: dict[str, int]  # the simulator's points for this game


@dataclass(frozen=True)
class TablePlan:
    number: int
    code: str
    games: list[PlannedGame]


def build(
    app: Flask, tables: int, games: int, seed: int, preset: str = "ddv"
) -> tuple[int, list[TablePlan], int]:
    """A tournament with round 1 running, and each table's games; (round id, plans, lists
    thrown away because the form could not express one of their games). Called again, it
    adds another tournament. ``preset``: the tournament's rule set (``docs/rule-sets.md``);
    under another set than the DDV's the games are the set's own (:func:`_plan_ruled_games`)
    and a pot starts at :data:`POT_START`."""
    rng = random.Random(seed)
    with app.app_context():
        flask_migrate.upgrade()
        # An account exists, or every page would lead to the first set-up.
        if accounts.setup_needed():
            accounts.create_first_account("bench", "bench-password")
        tournament = tournaments.create(
            None,
            name="Listen-Benchmark",
            date=dt.date.today(),
            venue="Halle",
            organiser="Bench",
            rounds_planned=1,
            rules_preset=preset,
            day=day_plans.DayPlan(pot_start=POT_START.get(preset)),
        )
        pairs = [f"{first} {last}" for first in FIRST for last in LAST]
        rng.shuffle(pairs)
        if tables * 4 > len(pairs):
            raise SystemExit(f"at most {len(pairs) // 4} tables")
        text = "\n".join(pairs[: tables * 4])
        decisions = {
            line.key: registrations.NEW for line in registrations.parse_paste(tournament, text)
        }
        registrations.register_pasted(None, tournament, tournament.version, text, decisions)
        round_ = rounds.draw_next_round(
            None,
            tournament,
            tournament.version,
            method=DrawMethod.RANDOM,
            seed=seed,
            separate_clubs=False,
        )
        rounds.start(None, round_, tournament.version)
        db.session.commit()
        plans = []
        thrown = 0
        with app.test_request_context("/"):
            for table in round_.tables:
                if table.access_code is None or len(table.seats) != 4:
                    raise SystemExit(f"table {table.number}: no code or not four players")
                if preset == "ddv":
                    planned, tries = _plan_games(table, rng, games)
                else:
                    planned, tries = _plan_ruled_games(table, rng, games)
                thrown += tries
                plans.append(TablePlan(table.number, table.access_code, planned))
        round_id = round_.id
        db.engine.dispose()
    return round_id, plans, thrown


def _plan_games(table: RoundTable, rng: random.Random, games: int) -> tuple[list[PlannedGame], int]:
    """The first ``games`` games of a simulated list whose games the page can all express
    (checked by the engine exactly as they will be stored); how many lists were thrown away."""
    keys = tuple(store.player_key(seat.registration.start_number) for seat in table.seats)
    choices = [(key, key) for key in keys]
    for tries in range(LIST_TRIES):
        simulated = random_list(rng, keys)["entries"]
        if len(simulated) < games:
            raise SystemExit(f"--games: a list has only {len(simulated)} games")
        simulated = simulated[:games]
        if any(e.get("kind") != "game" or e.get("quick") for e in simulated):
            continue
        planned = [_planned(entry, choices) for entry in simulated]
        if any(p is None for p in planned):
            continue
        games_ok = [p for p in planned if p is not None]
        report = check_list(
            {"id": "plan", "players": list(keys), "entries": [p.record for p in games_ok]}
        )
        if report["valid"] and report["totals"] == _totals(games_ok, keys):
            return games_ok, tries
    raise SystemExit(f"table {table.number}: no list of {games} expressible games found")


def _plan_ruled_games(
    table: RoundTable, rng: random.Random, games: int
) -> tuple[list[PlannedGame], int]:
    """``games`` games under the tournament's rule set as a list-keeper taps them on the
    set's form: mostly Normalspiele (two Re players, the Augen), a fifth solos of the set's
    own kinds (the solo kind's tap, the solo, the soloist), some with a call the set has.
    Each is made a record by the page's own form and mapping, the dealer is who the list's
    report says deals next, and the points are the engine's for the list so far (so a game
    the set refuses there is drawn again); how many games were drawn again."""
    keys = tuple(store.player_key(seat.registration.start_number) for seat in table.seats)
    choices = [(key, key) for key in keys]
    offer = rule_set_entry.entry_rules(table.round.tournament)
    if offer is None:
        raise SystemExit("no rule set of its own")
    setting = json.loads(store.list_setting(table))
    solo_kind = next(k for k in ("solo", "lustsolo") if k in offer.kind_keys)
    solos = [key for key, _ in offer.solos]
    calls = [("re_call", key) for key, _ in offer.re_calls if key == "re"]
    calls += [("kontra_call", key) for key, _ in offer.kontra_calls if key == "kontra"]
    if any(key == "kontra_call" for key, _ in calls) and offer.rules.calls.value == "kontra_re":
        calls = [("kontra_call", "kontra")]
    planned: list[PlannedGame] = []
    redrawn = 0
    report = check_list({"id": "plan", "players": list(keys), "entries": [], **setting})
    while len(planned) < games:
        if redrawn > LIST_TRIES * games:
            raise SystemExit(f"table {table.number}: the set refuses the games drawn")
        eyes = str(rng.randint(1, 239))
        if rng.random() < SOLO_SHARE:
            fields = [("kind", solo_kind), ("solo", rng.choice(solos))]
            fields += [("player", rng.choice(keys)), ("eyes", eyes)]
        else:
            fields = [("kind", "normal"), *(("re", key) for key in rng.sample(keys, 2))]
            fields.append(("eyes", eyes))
        if calls and rng.random() < CALL_SHARE:
            fields.append(rng.choice(calls))
        sent = GameForm(formdata=MultiDict([*fields, ("version", "1")]), meta={"csrf": False})
        sent.for_table(choices).for_rules(offer, bool(report.get("hammelrennen_due")))
        if not sent.validate():
            redrawn += 1
            continue
        record = {**_game_record(sent), "dealer": report["next_dealer"]}
        entries = [*(p.record for p in planned), record]
        trial = check_list({"id": "plan", "players": list(keys), "entries": entries, **setting})
        if not trial["valid"]:
            redrawn += 1
            continue
        report = trial
        planned.append(PlannedGame(fields, record, dict(trial["rows"][-1]["points"])))
    return planned, redrawn


def _planned(entry: dict[str, Any], choices: list[tuple[str, str]]) -> PlannedGame | None:
    """The form fields for a simulated game (as the correction page fills them), and the
    record the game view makes of them; ``None`` if the form refuses them."""
    shown = _form_from_record(entry, 1, None, choices).for_table(choices)
    fields: list[tuple[str, str]] = []
    for form_field in shown:
        data = form_field.data
        if form_field.name in NOT_SENT or data is None or data is False:  # unticked: not sent
            continue
        values = data if isinstance(data, list) else [data]
        fields.extend((form_field.name, str(value)) for value in values)
    sent = GameForm(formdata=MultiDict([*fields, ("version", "1")]), meta={"csrf": False})
    sent.for_table(choices)
    if not sent.validate():
        return None
    record = {**_game_record(sent), "dealer": entry["dealer"]}
    return PlannedGame(fields, record, dict(entry["points"]))


def _totals(games: Sequence[PlannedGame], keys: Sequence[str]) -> dict[str, int]:
    return {key: sum(g.points[key] for g in games) for key in keys}


# ---------------------------------------------------------------------- the clients


@dataclass
class Reply:
    status: int
    location: str
    body: str
    seconds: float
    cookies: dict[str, str | None]


class Browser:
    """One list-keeper's device: a keep-alive connection and its session cookie."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = self.connect()
        self.cookies: dict[str, str] = {}

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)

    def get(self, path: str) -> Reply:
        return self.absorb(self.finish(self.connection, self.start(self.connection, path)))

    def post(self, path: str, fields: Sequence[tuple[str, str]]) -> Reply:
        started = self.start(self.connection, path, fields)
        return self.absorb(self.finish(self.connection, started))

    def start(
        self,
        connection: http.client.HTTPConnection,
        path: str,
        fields: Sequence[tuple[str, str]] | None = None,
    ) -> float:
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "Accept-Encoding": "gzip",  # as every browser asks
        }
        started = time.perf_counter()
        if fields is None:
            connection.request("GET", path, headers=headers)
        else:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            connection.request("POST", path, body=urlencode(fields), headers=headers)
        return started

    def finish(self, connection: http.client.HTTPConnection, started: float) -> Reply:
        response = connection.getresponse()
        raw = response.read()
        if response.headers.get("Content-Encoding") == "gzip":
            raw = gzip.decompress(raw)
        body = raw.decode("utf-8", "replace")
        seconds = time.perf_counter() - started
        cookies: dict[str, str | None] = {}
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                cookies[name] = morsel.value or None
        location = response.headers.get("Location") or ""
        return Reply(response.status, location, body, seconds, cookies)

    def absorb(self, reply: Reply) -> Reply:
        for name, value in reply.cookies.items():
            if value is None:
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
        return reply

    def close(self) -> None:
        self.connection.close()


@dataclass
class TableRun:
    """What one table's list-keeper saw."""

    plan: TablePlan
    resend: frozenset[int]  # game indexes confirmed once more after saving
    double: frozenset[int]  # game indexes confirmed twice at once
    saves: list[float] = field(default_factory=list)
    previews: list[float] = field(default_factory=list)
    pages: list[float] = field(default_factory=list)
    acknowledged: int = 0  # games the app answered "Gespeichert." for, in order
    outcomes: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    failed: bool = False  # a request failed (5xx, no answer, unexpected page)
    stopped: bool = False  # the list-keeper could not go on
    resent: int = 0
    resent_recognised: int = 0
    doubled: int = 0
    doubled_recognised: int = 0


class Stop(Exception):
    """This table cannot go on (the reason is recorded)."""


def enter_list(run: TableRun, port: int, barrier: threading.Barrier, think_ms: float) -> None:
    """One list-keeper: before each preview and each save wait for all the others."""
    browser = Browser(port)
    think = random.Random(run.plan.number)
    page = _step(run, _page, run, browser, f"/tisch/{run.plan.code}/")
    preview = None
    try:
        for index in range(len(run.plan.games)):
            barrier.wait(BARRIER_TIMEOUT)
            _pause(think, think_ms)
            preview = _step(run, _preview, run, browser, page, index)
            barrier.wait(BARRIER_TIMEOUT)
            _pause(think, think_ms)
            page = _step(run, _save, run, browser, preview, index)
    except threading.BrokenBarrierError:
        _problem(run, "barrier broken (another table hung)", failed=True)
    finally:
        browser.close()


def _step(run: TableRun, action: Callable[..., Reply], *args: Any) -> Reply | None:
    """``action(*args)`` unless the table has stopped; ``None`` once it stops."""
    if run.stopped:
        return None
    try:
        return action(*args)
    except Stop:
        pass
    except (OSError, http.client.HTTPException) as error:
        _problem(run, f"no answer: {error!r}", failed=True)
    except Exception as error:  # a bug here must not leave the other tables at the barrier
        _problem(run, f"client error: {error!r}", failed=True)
    run.stopped = True
    return None


def _pause(rng: random.Random, think_ms: float) -> None:
    if think_ms > 0:
        time.sleep(rng.uniform(0.5, 1.5) * think_ms / 1000)


def _page(run: TableRun, browser: Browser, path: str) -> Reply:
    reply = browser.get(path)
    run.pages.append(reply.seconds)
    if reply.status != 200:
        _problem(run, f"list page: HTTP {reply.status}", failed=True)
        raise Stop
    return reply


def _preview(run: TableRun, browser: Browser, page: Reply, index: int) -> Reply:
    game = run.plan.games[index]
    reply = browser.post(_action(run), [*game.fields, *_form_state(run, page)])
    run.previews.append(reply.seconds)
    if reply.status == 200 and PREVIEWED.search(_game_form(run, reply.body) or ""):
        return reply
    number = run.acknowledged + 1
    run.outcomes[f"preview HTTP {reply.status}"] += 1
    _problem(
        run,
        f"game {number} preview: HTTP {reply.status}: {_messages(reply.body)}",
        failed=reply.status >= 500,
    )
    raise Stop


def _save(run: TableRun, browser: Browser, preview: Reply, index: int) -> Reply:
    """Confirm the previewed game; follow the redirect to the list as the browser does."""
    game = run.plan.games[index]
    action = _action(run)
    body = [*game.fields, *_form_state(run, preview), ("confirmed", "1")]
    if index in run.double:
        return _double_tap(run, browser, action, body, index)
    reply = browser.post(action, body)
    run.saves.append(reply.seconds)
    if not _saved(reply):
        _refused(run, browser, reply, index)
    run.acknowledged += 1
    run.outcomes["saved"] += 1
    if index in run.resend:
        # The same request again (the answer got lost, the browser sent it once more).
        again = browser.post(action, body)
        run.resent += 1
        page = _page(run, browser, _path(again.location)) if again.status == 302 else again
        run.resent_recognised += _recognised(run, again, page, index, "resent")
        return page
    return _page(run, browser, _path(reply.location))


def _double_tap(
    run: TableRun, browser: Browser, action: str, body: list[tuple[str, str]], index: int
) -> Reply:
    """The confirm sent twice at once on two connections (a double tap on "Speichern")."""
    second = browser.connect()
    try:
        first_start = browser.start(browser.connection, action, body)
        second_start = browser.start(second, action, body)
        replies = [
            browser.finish(browser.connection, first_start),
            browser.finish(second, second_start),
        ]
    finally:
        second.close()
    run.doubled += 1
    saved = [r for r in replies if _saved(r)]
    others = [r for r in replies if not _saved(r)]
    if not saved:
        run.saves.append(replies[0].seconds)
        _refused(run, browser, replies[0], index)
    run.saves.append(saved[0].seconds)
    run.acknowledged += 1
    run.outcomes["saved"] += 1
    if len(saved) > 1:
        # The database check counts the second one as duplicated; the list cannot go on.
        _problem(run, f"game {index + 1}: double tap saved twice", failed=True)
        raise Stop
    browser.absorb(saved[0])
    browser.absorb(others[0])  # the browser shows the answer to the last request
    other = others[0]
    page = _page(run, browser, _path(other.location)) if other.status == 302 else other
    run.doubled_recognised += _recognised(run, other, page, index, "double tap")
    return page


def _saved(reply: Reply) -> bool:
    return reply.status == 302 and reply.location.endswith("#inhalt")


def _refused(run: TableRun, browser: Browser, reply: Reply, index: int) -> None:
    """A confirm that did not save: note the app's reason and stop this table."""
    if reply.status == 302:
        shown = _page(run, browser, _path(reply.location)).body
        kind = "redirect without saving"
    else:
        shown = reply.body
        kind = f"HTTP {reply.status}"
    run.outcomes[kind] += 1
    _problem(run, f"game {index + 1} save: {kind}: {_messages(shown)}", reply.status >= 500)
    raise Stop


def _recognised(run: TableRun, reply: Reply, page: Reply, index: int, what: str) -> int:
    found = SAVED_AGAIN.search(page.body)
    if reply.status == 302 and not _saved(reply) and found and int(found[1]) == index + 1:
        return 1
    _problem(
        run,
        f"game {index + 1} {what}: HTTP {reply.status} {reply.location!r}: {_messages(page.body)}",
    )
    return 0


def _form_state(run: TableRun, page: Reply) -> list[tuple[str, str]]:
    """The game form's CSRF token and list version, as the page carries them."""
    form = _game_form(run, page.body)
    token = CSRF.search(form or "")
    version = VERSION.search(form or "")
    if form is None or token is None or version is None:
        _problem(run, "no game form on the page", failed=True)
        raise Stop
    return [("version", version[1]), ("csrf_token", token[1])]


def _action(run: TableRun) -> str:
    return f"/tisch/{run.plan.code}/spiel"


def _game_form(run: TableRun, body: str) -> str | None:
    start = body.find(f'action="{_action(run)}"')
    if start < 0:
        return None
    return body[start : body.find("</form>", start)]


def _messages(body: str) -> str:
    """The page's flash messages and the form's errors, as text."""
    found = FLASH.findall(body)
    for block in ERRORS.findall(body):
        found.extend(ITEM.findall(block))
    texts = [html.unescape(TAG.sub("", text)).strip() for text in found]
    return " | ".join(t for t in texts[:6] if t) or "(no message on the page)"


def _path(location: str) -> str:
    parts = urlsplit(location)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def _problem(run: TableRun, text: str, failed: bool = False) -> None:
    run.problems.append(f"table {run.plan.number}: {text}")
    run.failed = run.failed or failed


# ---------------------------------------------------------------------- the check


@dataclass
class Check:
    stored: int = 0
    lost: int = 0  # acknowledged, not stored
    extra: int = 0  # stored more often than acknowledged (duplicates)
    out_of_order: int = 0  # tables whose games are all there, in the wrong order
    totals_wrong: int = 0  # tables whose seat totals differ from the engine's or the plan's
    problems: list[str] = field(default_factory=list)


def check_database(app: Flask, round_id: int, runs: dict[int, TableRun]) -> Check:
    """Each table holds exactly its acknowledged games in order, with the engine's totals."""
    result = Check()
    with app.app_context():
        round_ = db.session.get(Round, round_id)
        assert round_ is not None
        for table in round_.tables:
            run = runs[table.number]
            stored = store.entries_of(table)
            expected = [g.record for g in run.plan.games[: run.acknowledged]]
            result.stored += len(stored)
            have = Counter(json.dumps(e, sort_keys=True) for e in stored)
            want = Counter(json.dumps(e, sort_keys=True) for e in expected)
            lost, extra = sum((want - have).values()), sum((have - want).values())
            result.lost += lost
            result.extra += extra
            if lost or extra:
                result.problems.append(
                    f"table {table.number}: {len(stored)} games stored, {len(expected)} "
                    f"saved: {lost} lost, {extra} extra"
                )
            elif stored != expected:
                result.out_of_order += 1
                result.problems.append(f"table {table.number}: games in the wrong order")
            report = store.check(table)
            seats = {
                store.player_key(seat.registration.start_number): seat.points
                for seat in table.seats
            }
            planned = _totals(run.plan.games[: len(stored)], list(seats))
            if seats != report["totals"] or (stored == expected and seats != planned):
                result.totals_wrong += 1
                result.problems.append(
                    f"table {table.number}: seats {seats}, engine {report['totals']}, "
                    f"planned {planned}"
                )
        db.engine.dispose()
    return result


# ---------------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--games", type=int, default=24, help="games per table (24: full list)")
    parser.add_argument("--think-ms", type=float, default=0.0, help="pause before each request")
    parser.add_argument("--resend", type=int, default=3, help="tables that resend a confirm")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({}, instance_path=folder)
        started = time.perf_counter()
        round_id, plans, thrown = build(app, args.tables, args.games, args.seed)
        print(
            f"built {len(plans) * 4} players, round 1 running, {len(plans)} lists of "
            f"{args.games} games in {time.perf_counter() - started:.1f} s "
            f"({thrown} simulated lists not expressible in the form, thrown away)"
        )
        runs = _runs(plans, args.games, args.resend)

        with laptop_serving(app, Path(app.instance_path) / "server.log") as port:
            # Warm up (the schema check, templates), outside the figures.
            warm = Browser(port)
            warm.get(f"/tisch/{plans[0].code}/")
            warm.close()
            barrier = threading.Barrier(len(runs))
            clients = [
                threading.Thread(target=enter_list, args=(run, port, barrier, args.think_ms))
                for run in runs.values()
            ]
            started = time.perf_counter()
            for client in clients:
                client.start()
            for client in clients:
                client.join()
            elapsed = time.perf_counter() - started
        check = check_database(app, round_id, runs)
    return _report(args, runs, check, elapsed)


def _runs(plans: list[TablePlan], games: int, resend: int) -> dict[int, TableRun]:
    """Tables 1..resend resend their first and last confirm; the next ones double-tap their
    second game."""
    runs = {}
    for index, plan in enumerate(plans):
        again = frozenset({0, games - 1}) if index < resend else frozenset()
        double = frozenset({min(1, games - 1)}) if resend <= index < 2 * resend else frozenset()
        runs[plan.number] = TableRun(plan, again, double)
    return runs


def _report(
    args: argparse.Namespace, runs: dict[int, TableRun], check: Check, elapsed: float
) -> int:
    all_runs = list(runs.values())
    saves = [t for r in all_runs for t in r.saves]
    acknowledged = sum(r.acknowledged for r in all_runs)
    print(
        f"{len(all_runs)} tables x {args.games} games against doko-turnier (granian, "
        f"{laptop.THREADS} threads) on SQLite, all tables released together before "
        f"each preview and each save, think time {args.think_ms:g} ms"
    )
    print(
        f"entered in {elapsed:.1f} s: {acknowledged} games saved, "
        f"{acknowledged / elapsed:.1f} saves/s (each: list page, preview, save)"
    )
    print(f"{'':<16}{'n':>6}{'median':>10}{'p95':>10}{'p99':>10}{'max':>10}")
    for name, times in (
        ("save (confirm)", saves),
        ("preview", [t for r in all_runs for t in r.previews]),
        ("list page", [t for r in all_runs for t in r.pages]),
    ):
        print(_line(name, times))
    print("target: save p95 under 150 ms")

    outcomes: Counter[str] = Counter()
    for run in all_runs:
        outcomes.update(run.outcomes)
    refused = sum(n for kind, n in outcomes.items() if kind != "saved")
    why = ", ".join(f"{kind} {n}" for kind, n in sorted(outcomes.items()) if kind != "saved")
    print(f"refused: {refused}" + (f" ({why})" if why else ""))
    resent = sum(r.resent for r in all_runs)
    resent_ok = sum(r.resent_recognised for r in all_runs)
    doubled = sum(r.doubled for r in all_runs)
    doubled_ok = sum(r.doubled_recognised for r in all_runs)
    print(
        f'resent confirm: {resent_ok} of {resent} recognised as "schon gespeichert"; '
        f"double tap: {doubled_ok} of {doubled} recognised"
    )
    print(
        f"database: {check.stored} games stored for {acknowledged} saved: {check.lost} lost, "
        f"{check.extra} duplicated, {check.out_of_order} tables out of order, "
        f"{check.totals_wrong} tables with wrong totals"
    )
    problems = [p for r in all_runs for p in r.problems] + check.problems
    for problem in problems[:20]:
        print(f"  {problem}")
    if len(problems) > 20:
        print(f"  ... and {len(problems) - 20} more")
    failed = sum(r.failed for r in all_runs)
    bad = (
        check.lost
        or check.extra
        or check.out_of_order
        or check.totals_wrong
        or refused
        or failed
        or resent_ok < resent
        or doubled_ok < doubled
    )
    return 1 if bad else 0


def _line(name: str, seconds: list[float]) -> str:
    if not seconds:
        return f"{name:<16}{0:>6}"
    ms = sorted(s * 1000 for s in seconds)
    if len(ms) > 1:
        cuts = statistics.quantiles(ms, n=100, method="inclusive")
        p95, p99 = cuts[94], cuts[98]
    else:
        p95 = p99 = ms[0]
    return (
        f"{name:<16}{len(ms):>6}{statistics.median(ms):>8.1f}ms{p95:>8.1f}ms"
        f"{p99:>8.1f}ms{ms[-1]:>8.1f}ms"
    )


if __name__ == "__main__":
    sys.exit(main())
