"""Benchmark of a tournament hall's load: tables saving games while phones follow the standings.

Each tournament has ``--tables`` tables (round 1 running, built as ``bench/list_entry.py``
builds it, whose plans of legal games this reuses) and ``--readers`` phones. Every table saves
a game every ``--save-every`` seconds on average (randomised: 0.5 to 1.5 times that, on a
schedule, so a slow answer does not lower the load unless it takes longer than that) through
the list page's own flow: open the list (GET), send the game for the preview (POST), confirm
it (POST), and follow the redirect to the list (GET). Every reader follows the tournament's
standings as the open page does: it loads the page once, then, where the page opens a
stream (``tournament/web/push.py``; not under ``--gthread``), reads the pages the stream
brings (gzip, as a browser asks), else asks every 1.5 s whether it changed
(``tournament/web/live.py``: ``?stand=<token>``, 204 while not, else the page with the new
token); ``--reload`` instead reloads the whole page every ``--read-every`` seconds on
average, like a phone without JavaScript. After its first page each phone asks for the
static files the page names (stylesheet, scripts, icon), as a browser's first visit does.
The tables' phones keep their lists open and ask every 1.5 s (they never stream). Each
client is a thread with its own keep-alive connection (reopened when the server closed it
while idle, as a browser does).

Two set-ups, each served by a real server process apart from this one:

- ``--server laptop``: SQLite, the laptop's server (``tests/support/server_processes.py``:
  ``laptop_server_command``), one tournament by default;
- ``--server gunicorn``: PostgreSQL (a throwaway cluster from ``tests/support/postgres.py``, fsync
  off; or ``--database-url``), gunicorn as ``docs/server.md`` runs it, five tournaments by
  default (five times the load).

Afterwards the database is checked: every table holds exactly the games it was told were
saved, in order, with the engine's totals (nothing lost, nothing twice). Printed: the
percentiles of the saves (the confirming POST), the standings page, the list page and the
preview (the first page each phone opens apart, "opened": this bench opens them all within
the first poll's seconds, where a hall's phones come over minutes; ``--arrive 60`` spreads
them over the first minute); the errors; the CPU used by the server, PostgreSQL and this
load generator.

    python bench/hall_load.py [--server laptop|gunicorn] [--seconds 300] [--tournaments N]
                              [--tables 100] [--readers 300] [--workers 2] [--threads 8]
                              [--gthread] [--arrive SECONDS]

Targets: save p95 < 150 ms, standings page p95 < 200 ms, nothing lost. Exit status 1 if a
save was lost or duplicated, a legal game was refused or a request failed.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import queue
import random
import re
import resource
import secrets
import selectors
import socket
import statistics
import sys
import tempfile
import threading
import time
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import list_entry  # noqa: E402
from flask import Flask  # noqa: E402
from list_entry import Browser, Check, Reply, TableRun  # noqa: E402

from tests.support import postgres  # noqa: E402
from tests.support.server_processes import (  # noqa: E402
    children_of,
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
from tournament.web.live import POLL_SECONDS, TOKEN  # noqa: E402

STALE = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)
#: What a page that opens a stream carries (``templates/_live.html``).
STREAM_MARK = 'id="live-stream"'
#: The static files a page names (``templates/layout.html``).
STATIC_URL = re.compile(r'(?:href|src)="(/static/[^"]+)"')
TIMEOUT = list_entry.TIMEOUT
CLIENT_STACK = 256 * 1024  # bytes of stack per client thread (thousands of them)
TICKS = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------------- the clients


class Phone(Browser):
    """A browser: one keep-alive connection; a request on a connection the server has closed
    meanwhile is sent again on a new one, as browsers do."""

    def __init__(self, port: int) -> None:
        super().__init__(port)
        self.used = False

    def get(self, path: str) -> Reply:
        return self._send(path, None)

    def post(self, path: str, fields: Sequence[tuple[str, str]]) -> Reply:
        return self._send(path, fields)

    def _send(self, path: str, fields: Sequence[tuple[str, str]] | None) -> Reply:
        try:
            reply = self.finish(self.connection, self.start(self.connection, path, fields))
        except STALE:
            self.connection.close()
            if not self.used:
                raise
            reply = self.finish(self.connection, self.start(self.connection, path, fields))
        self.used = True
        return self.absorb(reply)


@dataclass
class Reader:
    """One phone following a tournament's standings: the times of whole pages, and of the
    live page's questions that were answered "unchanged" (204); where the server pushes, the
    pages its stream brought (when each arrived, its state, its size as sent)."""

    path: str
    #: The first page, kept apart from ``times``: this bench opens every phone's page within
    #: the first poll's seconds, where a hall's phones come over minutes.
    first: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    unchanged: list[float] = field(default_factory=list)
    #: The static files asked for after the first page (a browser's first visit).
    assets: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: Where the open page asks (default: ``path``; a list asks at ``.../stand``).
    poll: str = ""
    #: Whether the page opens a stream (the server pushes), as its last page said.
    streamed: bool = False
    pushed: list[tuple[float, str, int]] = field(default_factory=list)
    #: Streams opened (the first, and again after one ended).
    streams: int = 0


def follow_standings(
    reader: Reader,
    port: int,
    every: float,
    deadline: float,
    rng: random.Random,
    *,
    live: bool,
    arrive: float = 0.0,
) -> None:
    """Reload every ``every`` seconds, or (``live``) follow as the open page does: through
    its stream where the page opens one (``tournament/web/push.py``), asking every 1.5 s
    where it does not or while the stream is down. The page is opened within the first
    ``arrive`` seconds (at least within the first poll's or reload's)."""
    phone = Phone(port)
    token: str | None = None
    due = time.monotonic() + rng.uniform(0, max(arrive, POLL_SECONDS if live else every))
    try:
        while _wait_until(due, deadline):
            if live and token is not None and reader.streamed:
                token = follow_stream(reader, port, token, deadline)
                due = time.monotonic() + POLL_SECONDS
                continue
            poll = reader.poll or reader.path
            path = reader.path if token is None else f"{poll}?{TOKEN}={token}"
            try:
                reply = phone.get(path)
            except (OSError, http.client.HTTPException) as error:
                phone.connection.close()
                reader.errors.append(f"{reader.path}: no answer: {error!r}")
                token = None
            else:
                if reply.status == 200:
                    first = not (reader.first or reader.times)
                    (reader.first if first else reader.times).append(reply.seconds)
                    if first:
                        _first_visit(phone, reply.body, reader)
                    token = _token(reply.body) if live else None
                    reader.streamed = STREAM_MARK in reply.body
                elif reply.status == 204 and token is not None:
                    reader.unchanged.append(reply.seconds)
                else:
                    reader.errors.append(f"{reader.path}: HTTP {reply.status}")
            # A live page asks again POLL_SECONDS after the answer (htmx's "every").
            due = time.monotonic() + POLL_SECONDS if live else _next(due, every, rng)
    finally:
        phone.close()


def _first_visit(phone: Phone, page: str, reader: Reader) -> None:
    """What a browser asks for after the first page it opens on the site: the stylesheet,
    scripts and icon it names (kept afterwards, ``tournament/web/static_files.py``)."""
    for path in STATIC_URL.findall(page):
        try:
            reply = phone.get(path)
        except (OSError, http.client.HTTPException) as error:
            phone.connection.close()
            reader.errors.append(f"{path}: no answer: {error!r}")
            continue
        reader.assets.append(reply.seconds)
        if reply.status != 200:
            reader.errors.append(f"{path}: HTTP {reply.status}")


def follow_stream(reader: Reader, port: int, token: str, deadline: float) -> str | None:
    """Follow the page through its stream, as htmx's SSE extension does, from state ``token``
    until the stream ends or the time is up; the state last shown (``None``: the stream was
    refused, the page is asked for again). The stream is read by the one thread of
    :class:`Streams`; this phone's thread waits meanwhile."""
    global _STREAMS
    with _STREAMS_LOCK:
        if _STREAMS is None:
            _STREAMS = Streams()
    return _STREAMS.follow(reader, port, token, deadline)


class Streams:
    """Every open stream of this load generator, read by one thread (a selector). A thread
    per stream would measure this process's interpreter, not the server: at thousands of
    streams their threads queued for it for many seconds per event.

    Each event the server sends is one HTTP chunk, compressed as a deflate block of its own
    (``tournament/web/push.py``: from an empty dictionary, flushed), so only its first bytes
    are inflated here, enough for its id and kind; a phone reads the whole page."""

    def __init__(self) -> None:
        self.selector = selectors.DefaultSelector()
        self.wake_read, self.wake_write = socket.socketpair()
        self.wake_read.setblocking(False)
        self.selector.register(self.wake_read, selectors.EVENT_READ, None)
        self.new: queue.SimpleQueue[_Stream] = queue.SimpleQueue()
        self.open: set[_Stream] = set()
        threading.Thread(target=self._read, daemon=True, name="streams").start()

    def follow(self, reader: Reader, port: int, token: str, deadline: float) -> str | None:
        poll = reader.poll or reader.path
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
            sock.sendall(
                f"GET {poll}?{TOKEN}={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                "Accept: text/event-stream\r\nAccept-Encoding: gzip\r\n\r\n".encode()
            )
        except OSError as error:
            reader.errors.append(f"{poll}: stream not opened: {error!r}")
            return token
        stream = _Stream(reader, sock, token, deadline)
        self.new.put(stream)
        self.wake_write.send(b"\0")
        stream.done.wait()
        return stream.token

    def _read(self) -> None:
        looked = time.monotonic()
        while True:
            for key, _mask in self.selector.select(timeout=0.5):
                stream = key.data
                if stream is None:
                    with contextlib.suppress(BlockingIOError):
                        self.wake_read.recv(1 << 16)
                    while not self.new.empty():
                        stream = self.new.get()
                        stream.sock.setblocking(False)
                        self.selector.register(stream.sock, selectors.EVENT_READ, stream)
                        self.open.add(stream)
                    continue
                try:
                    data = stream.sock.recv(1 << 18)
                except BlockingIOError:
                    continue
                except OSError as error:
                    self._end(stream, f"stream lost: {error!r}")
                    continue
                if not data or not stream.feed(data):
                    self._end(stream)  # the server ended it: ask again, then open it anew
            now = time.monotonic()
            if now - looked >= 0.5:  # not at every wake: thousands of streams are open
                looked = now
                for stream in [s for s in self.open if s.deadline <= now]:
                    self._end(stream)

    def _end(self, stream: _Stream, error: str = "") -> None:
        if error and time.monotonic() < stream.deadline:
            stream.reader.errors.append(f"{stream.reader.poll or stream.reader.path}: {error}")
        self.selector.unregister(stream.sock)
        self.open.discard(stream)
        stream.sock.close()
        stream.done.set()


_STREAMS: Streams | None = None
_STREAMS_LOCK = threading.Lock()


@dataclass(eq=False)
class _Stream:
    """One open stream: what has come of it (an HTTP/1.1 answer in chunks), and its state."""

    reader: Reader
    sock: socket.socket
    token: str | None
    deadline: float
    done: threading.Event = field(default_factory=threading.Event)
    unread: bytearray = field(default_factory=bytearray)
    head: bool = True  # the status line and headers are still to come
    left: int = -1  # bytes of the chunk under way still to come (-1: its size line)
    gzip: bool = False
    first: bool = True  # the first chunk: the gzip header and the opening's events

    def feed(self, data: bytes) -> bool:
        """Take what came; whether the stream goes on."""
        self.unread += data
        while True:
            if self.head:
                end = self.unread.find(b"\r\n\r\n")
                if end < 0:
                    return True
                head = bytes(self.unread[:end]).lower()
                del self.unread[: end + 4]
                status = int(head.split(b" ", 2)[1])
                if status != 200:
                    self.reader.errors.append(f"{self.reader.poll}: stream refused, HTTP {status}")
                    self.token = None
                    return False
                assert b"transfer-encoding: chunked" in head, head
                self.gzip = b"content-encoding: gzip" in head
                self.head = False
                self.reader.streams += 1
            elif self.left < 0:
                end = self.unread.find(b"\r\n")
                if end < 0:
                    return True
                self.left = int(bytes(self.unread[:end]).split(b";")[0], 16)
                del self.unread[: end + 2]
                if self.left == 0:
                    return False
            elif len(self.unread) >= self.left + 2:
                chunk = bytes(self.unread[: self.left])
                del self.unread[: self.left + 2]
                self.left = -1
                self._event(chunk)
            else:
                return True

    def _event(self, chunk: bytes) -> None:
        if self.gzip and self.first:
            text = zlib.decompressobj(-zlib.MAX_WBITS).decompress(chunk[10:])
        elif self.gzip:
            text = zlib.decompressobj(-zlib.MAX_WBITS).decompress(chunk, 256)
        else:
            text = chunk
        # The first chunk and a plain one whole (the opening and maybe a page), else the
        # start of one event.
        blocks = text.split(b"\n\n") if self.first or not self.gzip else [text]
        self.first = False
        for block in blocks:
            if block.startswith(b"id: ") and b"\nevent: page\n" in block[:256]:
                self.token = block[4 : block.index(b"\n")].decode()
                self.reader.pushed.append((time.time(), self.token, len(chunk)))


def _token(page: str) -> str | None:
    """The state token a live page polls with (``templates/_live.html``)."""
    found = re.search(r'"stand": "([^"]+)"', page)
    return found.group(1) if found else None


def keep_list(run: TableRun, port: int, every: float, deadline: float, rng: random.Random) -> None:
    """One list-keeper: a game every ``every`` seconds on average, each through the list
    page's flow (``bench/list_entry.py``: page, preview, confirm, the list again)."""
    phone = Phone(port)
    path = f"/tisch/{run.plan.code}/"
    due = time.monotonic() + rng.uniform(0, every)
    try:
        for index in range(len(run.plan.games)):
            if not _wait_until(due, deadline):
                break
            page = list_entry._step(run, list_entry._page, run, phone, path)
            preview = list_entry._step(run, list_entry._preview, run, phone, page, index)
            list_entry._step(run, list_entry._save, run, phone, preview, index)
            if run.stopped:
                break
            due = _next(due, every, rng)
    finally:
        phone.close()


def _wait_until(due: float, deadline: float) -> bool:
    """Sleep until ``due``; False (at once) if that, or now, is after the deadline."""
    now = time.monotonic()
    if due >= deadline or now >= deadline:
        return False
    time.sleep(max(0.0, due - now))
    return True


def _next(due: float, every: float, rng: random.Random) -> float:
    """When the next request is due: 0.5 to 1.5 times ``every`` after the last one was due,
    or at once if the answer came later than that (no missed requests are made up for)."""
    return max(due + rng.uniform(0.5, 1.5) * every, time.monotonic())


# ---------------------------------------------------------------------- the servers


@contextmanager
def database(kind: str, folder: Path, given: str | None) -> Iterator[tuple[str, list[int]]]:
    """The database URL (a SQLite file in ``folder``, ``given``, or a new database in a
    throwaway PostgreSQL cluster, deleted at the end) and the database server's process id
    where it runs here."""
    if kind == "laptop":
        yield f"sqlite:///{folder / 'hall.sqlite3'}", []
        return
    if given:
        yield given, []
        return
    problem = postgres.missing_binaries()
    if problem:
        raise SystemExit(problem)
    cluster = postgres.Cluster()
    try:
        cluster.start()
        url = cluster.url(cluster.create_database("hall"))
        pid = int((cluster.data / "postmaster.pid").read_text().split()[0])
        yield url, [pid]
    finally:
        cluster.stop()


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds of these processes and their live children."""
    total = 0
    for pid in {found for parent in pids for found in (parent, *children_of(parent))}:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


# ---------------------------------------------------------------------- main


@dataclass
class Tournament:
    round_id: int
    standings: str
    runs: dict[int, TableRun]
    readers: list[Reader] = field(default_factory=list)
    lists: list[Reader] = field(default_factory=list)


def hall_arguments(parser: argparse.ArgumentParser, seconds: float) -> None:
    """The hall's options (also ``bench/projector_live.py``'s)."""
    parser.add_argument("--server", choices=("laptop", "gunicorn"), default="laptop")
    parser.add_argument("--seconds", type=float, default=seconds, help="length of the load")
    parser.add_argument("--tournaments", type=int, help="default: 1 (laptop), 5 (gunicorn)")
    parser.add_argument("--tables", type=int, default=100, help="tables per tournament")
    parser.add_argument("--readers", type=int, default=300, help="phones per tournament")
    parser.add_argument("--save-every", type=float, default=20.0, help="seconds per game")
    parser.add_argument("--read-every", type=float, default=5.0, help="seconds per reload")
    parser.add_argument(
        "--reload", action="store_true", help="phones reload the page (no live updates)"
    )
    parser.add_argument(
        "--no-list-polls",
        dest="list_polls",
        action="store_false",
        help="the tables' phones do not keep their lists open (asking every 1.5 s)",
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=8, help="threads per gunicorn worker")
    parser.add_argument(
        "--arrive",
        type=float,
        default=0.0,
        help="seconds over which the phones open their pages (default: all at once)",
    )
    parser.add_argument(
        "--gthread",
        action="store_true",
        help="gunicorn: the gthread workers of tournament.wsgi, whose pages poll (not pushed)",
    )
    parser.add_argument("--database-url", help="gunicorn: this PostgreSQL database (empty)")
    parser.add_argument("--seed", type=int, default=2026)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    hall_arguments(parser, seconds=300.0)
    args = parser.parse_args()
    count = args.tournaments or (1 if args.server == "laptop" else 5)

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        with database(args.server, folder, args.database_url) as (url, database_pids):
            key = secrets.token_hex(32)
            app = create_app(
                {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": key}, instance_path=name
            )
            started = time.perf_counter()
            tournaments = _build(app, count, args)
            print(
                f"built {count} tournament(s) of {args.tables} tables in "
                f"{time.perf_counter() - started:.0f} s"
            )
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
            with running(command, env, folder / "server.log", port) as server:
                _warm_up(port, tournaments)
                watched = [server.pid, *database_pids]
                elapsed, cpu = _load(port, tournaments, args, server.pid, watched)
                log = server.output()
            checks = [list_entry.check_database(app, t.round_id, t.runs) for t in tournaments]
            with app.app_context():
                db.engine.dispose()
    return _report(args, command, count, tournaments, checks, elapsed, cpu, log)


def _build(app: Flask, count: int, args: argparse.Namespace) -> list[Tournament]:
    built = []
    for number in range(count):
        round_id, plans, _thrown = list_entry.build(app, args.tables, 24, args.seed + number)
        with app.app_context():
            found = db.session.get(Round, round_id)
            assert found is not None
            standings = f"/turniere/{found.tournament_id}/stand"
            db.engine.dispose()
        runs = {plan.number: TableRun(plan, frozenset(), frozenset()) for plan in plans}
        built.append(Tournament(round_id, standings, runs))
    return built


def _warm_up(port: int, tournaments: list[Tournament]) -> None:
    """Each worker's first requests (templates, the schema check), outside the figures."""
    phone = Phone(port)
    try:
        for tournament in tournaments:
            code = next(iter(tournament.runs.values())).plan.code
            for _ in range(8):
                phone.get(tournament.standings)
                phone.get(f"/tisch/{code}/")
                phone.connection.close()
    finally:
        phone.close()


def machine_busy_seconds() -> float:
    """CPU seconds every core of the machine has been busy since boot (``/proc/stat``)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / TICKS


def _load(
    port: int,
    tournaments: list[Tournament],
    args: argparse.Namespace,
    server: int,
    watched: list[int],
) -> tuple[float, dict[str, float]]:
    """Run the clients until the time is up; (seconds, CPU seconds by whom)."""
    threading.stack_size(CLIENT_STACK)
    rng = random.Random(args.seed)
    deadline = time.monotonic() + args.seconds
    clients = []
    for tournament in tournaments:
        tournament.readers = [Reader(tournament.standings) for _ in range(args.readers)]
        tournament.lists = [
            Reader(f"/tisch/{run.plan.code}/", poll=f"/tisch/{run.plan.code}/stand")
            for run in tournament.runs.values()
            if args.list_polls
        ]
        for reader in tournament.lists:
            clients.append(
                threading.Thread(
                    target=follow_standings,
                    args=(reader, port, args.read_every, deadline, random.Random(rng.random())),
                    kwargs={"live": True, "arrive": args.arrive},
                )
            )
        for run in tournament.runs.values():
            clients.append(
                threading.Thread(
                    target=keep_list,
                    args=(run, port, args.save_every, deadline, random.Random(rng.random())),
                )
            )
        for reader in tournament.readers:
            clients.append(
                threading.Thread(
                    target=follow_standings,
                    args=(reader, port, args.read_every, deadline, random.Random(rng.random())),
                    kwargs={"live": not args.reload, "arrive": args.arrive},
                )
            )
    mine = resource.getrusage(resource.RUSAGE_SELF)
    theirs = {"server": cpu_seconds([server]), "all watched": cpu_seconds(watched)}
    busy = machine_busy_seconds()
    started = time.perf_counter()
    for client in clients:
        client.start()
    for client in clients:
        client.join()
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = {
        "load generator": after.ru_utime + after.ru_stime - mine.ru_utime - mine.ru_stime,
        "server": cpu_seconds([server]) - theirs["server"],
    }
    if len(watched) > 1:
        cpu["PostgreSQL"] = cpu_seconds(watched) - theirs["all watched"] - cpu["server"]
    cpu["other processes"] = machine_busy_seconds() - busy - sum(cpu.values())
    return elapsed, cpu


def _report(
    args: argparse.Namespace,
    command: list[str],
    count: int,
    tournaments: list[Tournament],
    checks: list[Check],
    elapsed: float,
    cpu: dict[str, float],
    log: str,
) -> int:
    runs = [run for t in tournaments for run in t.runs.values()]
    readers = [r for t in tournaments for r in t.readers]
    acknowledged = sum(r.acknowledged for r in runs)
    database = "SQLite" if args.server == "laptop" else "PostgreSQL"
    following = (
        f"reloading the standings every {args.read_every:g} s"
        if args.reload
        else f"with the live standings open (asking every {POLL_SECONDS:g} s)"
    )
    print(
        f"{count} tournament(s) x ({args.tables} tables saving a game every "
        f"{args.save_every:g} s, {args.readers} phones {following}) for {elapsed:.0f} s, "
        f"on {database}"
    )
    print(f"server: {' '.join(command[1:])}")
    print(f"{'':<16}{'n':>6}{'median':>10}{'p95':>10}{'p99':>10}{'max':>10}")
    print(list_entry._line("save (confirm)", [t for r in runs for t in r.saves]))
    print(list_entry._line("standings opened", [t for r in readers for t in r.first]))
    print(list_entry._line("standings page", [t for r in readers for t in r.times]))
    print(list_entry._line("static (1st visit)", [t for r in readers for t in r.assets]))
    if not args.reload:
        print(list_entry._line("unchanged (204)", [t for r in readers for t in r.unchanged]))
    streams = sum(r.streams for r in readers)
    if streams:
        # A state of one tournament's page (the same token may be another's state).
        arrivals: dict[tuple[str, str], list[float]] = {}
        for reader in readers:
            for at, state, _size in reader.pushed:
                arrivals.setdefault((reader.path, state), []).append(at)
        sizes = [size for r in readers for _at, _state, size in r.pushed if size]
        print(
            f"pushed: {streams} streams opened, {sum(len(r.pushed) for r in readers)} pages "
            f"sent through them ({len(arrivals)} states), "
            f"{statistics.median(sizes) / 1000 if sizes else 0:.1f} KB a page as sent (median)"
        )
        # From the first stream that got a state to the last: how evenly a page goes out
        # (with --arrive, to phones that opened their page meanwhile too).
        spreads = [max(times) - min(times) for times in arrivals.values() if len(times) > 1]
        print(list_entry._line("push spread", spreads))
    print(list_entry._line("list page", [t for r in runs for t in r.pages]))
    lists = [r for t in tournaments for r in t.lists]
    if lists:
        print(list_entry._line("list static", [t for r in lists for t in r.assets]))
    print(list_entry._line("preview", [t for r in runs for t in r.previews]))
    if lists:
        print(list_entry._line("list poll (204)", [t for r in lists for t in r.unchanged]))
        print(list_entry._line("list opened", [t for r in lists for t in r.first]))
        print(list_entry._line("list poll (new)", [t for r in lists for t in r.times]))
    print("targets: save p95 < 150 ms, standings page p95 < 200 ms")
    cores = os.cpu_count() or 1
    print(
        "CPU (share of the machine's "
        f"{cores} cores): "
        + ", ".join(f"{who} {seconds / elapsed / cores:.0%}" for who, seconds in cpu.items())
    )
    requests = sum(
        len(r.first) + len(r.times) + len(r.unchanged) + len(r.assets) for r in readers + lists
    ) + sum(len(r.saves) + len(r.pages) + len(r.previews) for r in runs)
    polls = sum(len(r.unchanged) for r in readers + lists)
    print(
        f"requests: {requests} ({requests / elapsed:.0f}/s), {polls} of them unchanged (204); "
        f"server CPU per request {cpu['server'] / max(requests, 1) * 1000:.2f} ms"
    )
    stored = sum(c.stored for c in checks)
    lost = sum(c.lost for c in checks)
    extra = sum(c.extra for c in checks)
    disorder = sum(c.out_of_order for c in checks)
    wrong = sum(c.totals_wrong for c in checks)
    print(
        f"database: {stored} games stored for {acknowledged} saves acknowledged: {lost} lost, "
        f"{extra} duplicated, {disorder} tables out of order, {wrong} tables with wrong totals"
    )
    problems = [p for r in runs for p in r.problems]
    problems += [e for r in readers + lists for e in r.errors]
    problems += [p for c in checks for p in c.problems]
    print(f"errors: {len(problems)}")
    for problem in problems[:20]:
        print(f"  {problem}")
    if problems and log:
        print(f"server log (end):\n{log[-1500:]}")
    failed = any(r.failed for r in runs) or any(r.errors for r in readers + lists)
    return 1 if lost or extra or disorder or wrong or failed or problems else 0


if __name__ == "__main__":
    sys.exit(main())
