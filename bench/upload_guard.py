"""Benchmark of the upload size guard: a small file with a huge sheet, and other requests
while big files are uploaded.

1. The refusal, each in a fresh process: a 110 KB .xlsx whose sheet holds 1.7 million small
   numbers (36 MB of XML, ``tests/spreadsheet_files.huge_sheet``) read by
   ``reading.read_upload``: the time to the refusal and the growth of the process's peak
   memory (``VmHWM`` in ``/proc/self/status``). ``--unguarded`` adds the same file read
   with the guard switched off (openpyxl alone: about a minute and 1.4 GB).
2. Other requests meanwhile: a tournament of ``--players`` players in ``--rounds`` rounds
   (every list complete) served as ``doko-turnier`` serves it (one waitress process,
   SQLite); a phone reloads the overall standings every 50 ms while the Turnierleitung
   uploads to the tournament's list import (``/turniere/<id>/einlesen``), ``--uploads`` times
   each: (a) the file with the huge sheet, (b) the tournament's own workbook
   (``exports.tournament_workbook``), the biggest legitimate upload (with the default 400
   players x 3 rounds about 1.7 MB, just under the 2 MB limit: 8 rounds are 4.4 MB). Printed:
   each upload's answer time and the standings' slowest answer while it ran, and the
   server's memory.

    python bench/upload_guard.py [--players 400] [--rounds 3] [--uploads 3] [--unguarded]

Targets: the huge sheet refused in under 2 s with memory growing by less than 100 MB; no
other request held up for more than a second by an upload.
"""

from __future__ import annotations

import argparse
import http.client
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from unittest import mock
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from big_tournament import build  # noqa: E402

from tests import spreadsheet_files as files  # noqa: E402
from tests.server_processes import (  # noqa: E402
    children_of,
    free_port,
    laptop_server_command,
    running,
    server_environment,
)
from tournament.config import INSTANCE_PATH_VARIABLE, default_database_uri  # noqa: E402
from tournament.excel import exports, reading  # noqa: E402
from tournament.extensions import db  # noqa: E402
from tournament.models import Tournament  # noqa: E402

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]*)"')
TIMEOUT = 300
READ_EVERY = 0.05


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--uploads", type=int, default=3)
    parser.add_argument("--unguarded", action="store_true")
    parser.add_argument("--refusal", choices=("guarded", "unguarded"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.refusal:
        refusal(args.refusal)
        return 0

    for kind in ("guarded", "unguarded") if args.unguarded else ("guarded",):
        subprocess.run([sys.executable, __file__, "--refusal", kind], check=True)
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
            uploads = {
                "huge sheet (1.7 million cells, 110 KB)": files.huge_sheet(),
                f"the tournament's workbook ({args.players} players x {args.rounds} rounds)": (
                    workbook
                ),
            }
            for label, data in uploads.items():
                during_uploads(port, tournament_id, label, data, args.uploads, server.pid)
    return 0


# ---------------------------------------------------------------------- the refusal


def refusal(kind: str) -> None:
    """Time and memory of one refusal of the huge sheet, in this fresh process."""
    data = files.huge_sheet()
    before = peak_memory()
    started = time.perf_counter()
    guard = reading._guard_members if kind == "guarded" else (lambda data, name: 0)
    with mock.patch.object(reading, "_guard_members", guard):
        try:
            reading.read_upload(data, "gross.xlsx")
            message = "read (no refusal)"
        except reading.SpreadsheetError as error:
            message = str(error)
    elapsed = time.perf_counter() - started
    grown = (peak_memory() - before) / 1024
    print(
        f"huge sheet, {kind}: {len(data) // 1024} KB file, refused in {elapsed:.2f} s, "
        f"peak memory +{grown:.0f} MB (targets: 2 s, 100 MB)\n  {message}"
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

    def upload(self, path: str, data: bytes, filename: str) -> tuple[int, str]:
        token = self.token(path)
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

    def __init__(self, port: int, path: str) -> None:
        super().__init__(daemon=True)
        self.port, self.path = port, path
        self.answers: list[tuple[float, float]] = []  # (sent, seconds)
        self.done = threading.Event()

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        while not self.done.is_set():
            sent = time.perf_counter()
            connection.request("GET", self.path, headers={"Accept-Encoding": "gzip"})
            response = connection.getresponse()
            response.read()
            assert response.status == 200, response.status
            self.answers.append((sent, time.perf_counter() - sent))
            self.done.wait(READ_EVERY)
        connection.close()

    def slowest(self, start: float, end: float) -> tuple[float, int]:
        """The slowest answer to a request sent or answered between ``start`` and ``end``,
        and how many there were."""
        inside = [s for sent, s in self.answers if sent <= end and sent + s >= start]
        return (max(inside) if inside else 0.0), len(inside)


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
