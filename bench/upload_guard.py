"""Benchmark of the upload size guard: small files with a huge sheet or made of elements,
and other requests while they and big files are uploaded.

1. The refusal, each in a fresh process, read by ``reading.read_upload``: the time to the
   refusal and the growth of the process's peak memory (``VmHWM`` in ``/proc/self/status``),
   for a 110 KB .xlsx whose sheet holds 1.7 million small numbers (36 MB of XML,
   ``tests/support/spreadsheet_files.huge_sheet``) and for the crafted 14 KB files whose sheet (in
   one cell), shared strings or styles are 9.8 MB of nothing but elements: 1.4 million
   ``<x>`` nested, or 2.45 million ``<x/>`` (``tests/support/spreadsheet_files.crafted``).
   ``--unguarded`` adds the same files read with the guard switched off (openpyxl alone).
2. Other requests meanwhile: a tournament of ``--players`` players in ``--rounds`` rounds
   (every list complete) served by ``doko-turnier`` itself (granian,
   SQLite); a phone reloads a table's list page (round 1, table 1) every 50 ms while the
   Turnierleitung uploads to the tournament's list import (``/turniere/<id>/einlesen``):
   (a) each crafted file and the huge sheet, ``--at-once`` uploads at the same instant
   from as many browsers; (b) the tournament's own workbook (``exports.tournament_workbook``),
   the biggest legitimate upload (with the default 400 players x 3 rounds about 1.7 MB,
   just under the 2 MB limit: 8 rounds are 4.7 MB), ``--uploads`` times one after the
   other. Printed: each upload's answer time, the list page's median and slowest answer
   while the uploads ran, and the server's memory.

    python bench/upload_guard.py [--players 400] [--rounds 3] [--uploads 3] [--at-once 3]
                                 [--unguarded] [--skip-workbook | --only-workbook]

Targets: each file refused in under 0.5 s with memory growing by less than 50 MB; the list
page under 300 ms while three crafted files are uploaded at once; no other request held up
for more than a second by the legitimate workbook.
"""

from __future__ import annotations

import argparse
import functools
import gc
import http.client
import os
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from unittest import mock
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from big_tournament import build  # noqa: E402

from tests.support import spreadsheet_files as files  # noqa: E402
from tests.support.server_processes import (  # noqa: E402
    children_of,
    free_port,
    laptop_server_command,
    running,
    server_environment,
)
from tournament.config import INSTANCE_PATH_VARIABLE, default_database_uri  # noqa: E402
from tournament.domain.excel import exports, reading  # noqa: E402
from tournament.extensions import db  # noqa: E402
from tournament.models import Tournament  # noqa: E402

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]*)"')
TIMEOUT = 300
READ_EVERY = 0.05


CRAFTED = [
    (part, kind) for part in ("sheet", "sharedStrings", "styles") for kind in ("nested", "empty")
]


def uploads_to_refuse() -> dict[str, Callable[[], bytes]]:
    """The files the guard refuses, by a label for the output: how to build each."""
    found: dict[str, Callable[[], bytes]] = {"huge sheet (1.7 million cells)": files.huge_sheet}
    for part, kind in CRAFTED:
        what = "1.4 million <x> nested" if kind == "nested" else "2.45 million <x/>"
        found[f"{part}: {what}"] = functools.partial(files.crafted, part, kind)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--uploads", type=int, default=3)
    parser.add_argument("--at-once", type=int, default=3)
    parser.add_argument("--unguarded", action="store_true")
    parser.add_argument("--skip-workbook", action="store_true")
    parser.add_argument("--only-workbook", action="store_true")
    parser.add_argument("--refusal", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.refusal:
        refusal(*args.refusal)
        return 0

    for label in [] if args.only_workbook else uploads_to_refuse():
        for kind in ("guarded", "unguarded") if args.unguarded else ("guarded",):
            subprocess.run([sys.executable, __file__, "--refusal", label, kind], check=True)
    with tempfile.TemporaryDirectory() as folder:
        app, tournament_id = build(folder, args.players, args.rounds)
        with app.app_context():
            tournament = db.session.get(Tournament, tournament_id)
            assert tournament is not None
            workbook = exports.tournament_workbook(tournament)
            db.engine.dispose()
        print(f"the tournament's workbook: {len(workbook) / 1024 / 1024:.2f} MB")
        if len(workbook) > reading.MAX_UPLOAD_BYTES:
            print("  over the upload limit: it is refused as too large (fewer --rounds)")
        port = free_port()
        env = server_environment(default_database_uri(folder), secrets.token_hex(32))
        env[INSTANCE_PATH_VARIABLE] = folder
        command = laptop_server_command(port)
        with running(command, env, Path(folder) / "server.log", port) as server:
            for label, build_file in {} if args.only_workbook else uploads_to_refuse().items():
                at_once(port, tournament_id, label, build_file(), args.at_once, server.pid)
            if not args.skip_workbook:
                label = f"the tournament's workbook ({args.players} players x {args.rounds} rounds)"
                during_uploads(port, tournament_id, label, workbook, args.uploads, server.pid)
    return 0


# ---------------------------------------------------------------------- the refusal


def refusal(label: str, kind: str) -> None:
    """Time and memory of one refusal of the file ``label``, in this fresh process."""
    data = uploads_to_refuse()[label]()
    gc.collect()
    # Peak memory from here: building the other files took some.
    Path("/proc/self/clear_refs").write_text("5")
    before = peak_memory()
    started, cpu = time.perf_counter(), time.process_time()
    guard = reading._guard_members if kind == "guarded" else (lambda data, name: (0, 0))
    with mock.patch.object(reading, "_guard_members", guard):
        try:
            reading.read_upload(data, "gross.xlsx")
            message = "read (no refusal)"
        except reading.SpreadsheetError as error:
            message = str(error)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    grown = (peak_memory() - before) / 1024
    print(
        f"{label}, {kind}: {len(data) // 1024} KB file, answered in {elapsed:.2f} s "
        f"(CPU {cpu:.2f} s, load average {os.getloadavg()[0]:.1f}), "
        f"peak memory +{grown:.0f} MB (targets: 0.5 s, 50 MB)\n  {message}"
    )


def peak_memory(pid: str = "self") -> int:
    """The process's peak resident memory in KiB (``VmHWM``)."""
    return _status(pid, "VmHWM")


def _status(pid: str, key: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"no {key} in /proc/{pid}/status")


# ---------------------------------------------------------------------- the server


class Session:
    """The Turnierleitung's browser: a connection and its cookies."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, body: bytes | None = None, content_type: str = ""
    ) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if content_type:
            headers["Content-Type"] = content_type
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        page = response.read().decode("utf-8", "replace")
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        connection.close()
        return response.status, page

    def token(self, path: str) -> str:
        status, page = self.request("GET", path)
        found = CSRF.search(page)
        assert status == 200 and found, (path, status)
        return found.group(1)

    def sign_in(self) -> None:
        token = self.token("/anmelden")
        form = {"csrf_token": token, "username": "bench", "password": "bench-password"}
        status, _ = self.request(
            "POST", "/anmelden", urlencode(form).encode(), "application/x-www-form-urlencoded"
        )
        assert status == 302, status

    def upload(
        self, path: str, data: bytes, filename: str, token: str | None = None
    ) -> tuple[int, str]:
        token = token if token is not None else self.token(path)
        boundary = uuid.uuid4().hex
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
                f'{token}\r\n--{boundary}\r\nContent-Disposition: form-data; name="file"; '
                f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'
            ).encode()
            + data
            + f"\r\n--{boundary}--\r\n".encode()
        )
        return self.request("POST", path, body, f"multipart/form-data; boundary={boundary}")


class Phone(threading.Thread):
    """Reloads the standings every ``READ_EVERY`` seconds, noting when each answer came."""

    def __init__(self, port: int, path: str, cookie: str = "") -> None:
        super().__init__(daemon=True)
        self.port, self.path, self.cookie = port, path, cookie
        self.answers: list[tuple[float, float]] = []  # (sent, seconds)
        self.done = threading.Event()

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        while not self.done.is_set():
            sent = time.perf_counter()
            headers = {"Accept-Encoding": "gzip", "Cookie": self.cookie}
            connection.request("GET", self.path, headers=headers)
            response = connection.getresponse()
            response.read()
            assert response.status == 200, response.status
            self.answers.append((sent, time.perf_counter() - sent))
            self.done.wait(READ_EVERY)
        connection.close()

    def slowest(self, start: float, end: float) -> tuple[float, int]:
        """The slowest answer to a request sent or answered between ``start`` and ``end``,
        and how many there were."""
        inside = self.between(start, end)
        return (max(inside) if inside else 0.0), len(inside)

    def between(self, start: float, end: float) -> list[float]:
        """The answer times of requests sent or answered between ``start`` and ``end``."""
        return [s for sent, s in self.answers if sent <= end and sent + s >= start]


def during_uploads(
    port: int, tournament_id: int, label: str, data: bytes, uploads: int, pid: int
) -> None:
    leitung = Session(port)
    leitung.sign_in()
    path = f"/turniere/{tournament_id}/einlesen"
    phone = Phone(port, f"/turniere/{tournament_id}/stand")
    phone.start()
    time.sleep(1)
    quiet = [s for _, s in phone.answers]
    print(f"\n{label}, {len(data) // 1024} KB, uploaded {uploads} times:")
    print(
        f"  standings before: median {statistics.median(quiet) * 1000:.0f} ms, "
        f"slowest {max(quiet) * 1000:.0f} ms"
    )
    rss = _status(str(pid), "VmRSS")
    for _ in range(uploads):
        started = time.perf_counter()
        status, page = leitung.upload(path, data, "turnier.xlsx")
        ended = time.perf_counter()
        slowest, count = phone.slowest(started, ended)
        answer = _answer(status, page)
        print(
            f"  answer {status} in {ended - started:.2f} s ({answer}); standings meanwhile: "
            f"{count} answers, slowest {slowest * 1000:.0f} ms"
        )
        time.sleep(0.5)
    phone.done.set()
    phone.join()
    print(
        f"  server memory: {rss / 1024:.0f} MB before, {_status(str(pid), 'VmRSS') / 1024:.0f}"
        f" MB after, peak {_status(str(pid), 'VmHWM') / 1024:.0f} MB; its other processes "
        f"(the Excel workers and their fork server) after: {_descendants(pid) / 1024:.0f} MB"
    )


def at_once(port: int, tournament_id: int, label: str, data: bytes, uploads: int, pid: int) -> None:
    """``uploads`` browsers upload ``data`` at the same instant while a signed-in phone
    reloads a table's list page."""
    browsers = [Session(port) for _ in range(uploads)]
    for browser in browsers:
        browser.sign_in()
    path = f"/turniere/{tournament_id}/einlesen"
    tokens = [browser.token(path) for browser in browsers]
    reader = Session(port)
    reader.sign_in()
    cookie = "; ".join(f"{k}={v}" for k, v in reader.cookies.items())
    phone = Phone(port, f"/turniere/{tournament_id}/runden/1/tische/1/", cookie)
    phone.start()
    while len(phone.answers) < 20:
        time.sleep(READ_EVERY)
    quiet = [s for _, s in phone.answers]
    rss = _status(str(pid), "VmRSS")
    hwm = _status(str(pid), "VmHWM")
    answers: list[tuple[int, str, float]] = []
    barrier = threading.Barrier(uploads)

    def send(browser: Session, token: str) -> None:
        barrier.wait()
        started = time.perf_counter()
        status, page = browser.upload(path, data, "turnier.xlsx", token)
        answers.append((status, _answer(status, page), time.perf_counter() - started))

    cpu_before = _cpu_seconds(pid)
    started = time.perf_counter()
    threads = [
        threading.Thread(target=send, args=(browser, token))
        for browser, token in zip(browsers, tokens, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    ended = time.perf_counter()
    cpu = _cpu_seconds(pid) - cpu_before
    # The answers to requests sent or answered while the uploads ran; if the phone was
    # waiting between two requests all that time, the next answer.
    while not [sent for sent, seconds in phone.answers if sent + seconds >= started]:
        time.sleep(READ_EVERY)
    meanwhile = phone.between(started, ended) or [
        next(seconds for sent, seconds in phone.answers if sent + seconds >= started)
    ]
    phone.done.set()
    phone.join()
    print(
        f"\n{label}, {len(data) // 1024} KB, {uploads} uploads at once "
        f"(server CPU {cpu:.2f} s for all; load average {os.getloadavg()[0]:.1f}):"
    )
    for status, answer, seconds in sorted(answers, key=lambda a: a[2]):
        print(f"  answer {status} in {seconds:.2f} s ({answer})")
    print(
        f"  list page before: median {statistics.median(quiet) * 1000:.0f} ms; meanwhile: "
        f"{len(meanwhile)} answers, median {statistics.median(meanwhile) * 1000:.0f} ms, "
        f"slowest {max(meanwhile) * 1000:.0f} ms (target 300 ms)"
    )
    print(
        f"  server memory: {rss / 1024:.0f} MB before, {_status(str(pid), 'VmRSS') / 1024:.0f}"
        f" MB after, peak {hwm / 1024:.0f} MB before and "
        f"{_status(str(pid), 'VmHWM') / 1024:.0f} MB after"
    )


def _cpu_seconds(pid: int) -> float:
    """The processor time (user and system) the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _descendants(pid: int) -> int:
    """The resident memory (KiB) of every process below ``pid``."""
    total, waiting = 0, children_of(pid)
    while waiting:
        child = waiting.pop()
        try:
            total += _status(str(child), "VmRSS")
        except (OSError, RuntimeError):
            continue
        waiting.extend(children_of(child))
    return total


def _answer(status: int, page: str) -> str:
    if status == 200:
        return "preview"
    found = re.search(r"Die Datei[^<]*", page)
    return found.group(0)[:120] if found else page[:120]


if __name__ == "__main__":
    sys.exit(main())
