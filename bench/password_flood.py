"""A password-guessing flood against the served app while the tables' list pages are read.

The app is served as a laptop serves it (``doko-turnier``, i.e. ``tournament.serve``) on a
fresh SQLite database holding a running round; an account exists with a real Argon2 hash.
``--guessers`` clients post wrong passwords to the login as fast as the server answers, for
``--seconds``, while ``--readers`` clients fetch the tables' list pages (with the table codes,
as the phones do) one after another. Run once with throttling and once without
(``RATELIMIT_ENABLED=0``).

    python bench/password_flood.py [--seconds 30] [--guessers 8] [--readers 4]

Prints, for each run, the list pages' median and 95th percentile and how many guesses were
answered 429 (throttled, no hash) and how many were hashed (200, a wrong password).
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import IO
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import flask_migrate  # noqa: E402
from demo import load_demo  # noqa: E402

from tournament.accounts import service as accounts  # noqa: E402
from tournament.app import create_app  # noqa: E402
from tournament.extensions import db  # noqa: E402

USERNAME = "leitung"
PASSWORD = "Kreuz-Dame-sticht-2026"
_TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def build(database: Path, players: int) -> list[str]:
    """The database: an account and a tournament whose first round is running; returns the
    tables' codes."""
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"},
        instance_path=str(database.parent / "instance"),
    )
    with app.app_context():
        flask_migrate.upgrade()
        accounts.create_first_account(USERNAME, PASSWORD)
        tournament = load_demo(players, 1, 1, last_round_open=True)
        codes = [table.access_code for table in tournament.rounds[0].tables]
        db.session.commit()
        db.engine.dispose()
    return [code for code in codes if code]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def start_server(
    database: Path, port: int, throttled: bool, log: IO[bytes]
) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "tournament.serve", "--host", "127.0.0.1"]
    environment = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        # This folder's code, also where the project is installed from another folder.
        "PYTHONPATH": str(ROOT),
        "RATELIMIT_ENABLED": "1" if throttled else "0",
    }
    server = subprocess.Popen(
        [*command, "--port", str(port)],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise RuntimeError("the server did not start:\n" + Path(log.name).read_text())


def guess(port: int, until: float, answers: Counter[int], lock: threading.Lock) -> None:
    """One client posting wrong passwords, each with the login page's token and cookie."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    connection.request("GET", "/anmelden")
    page = connection.getresponse()
    body = page.read().decode()
    cookie = (page.getheader("Set-Cookie") or "").split(";")[0]
    found = _TOKEN.search(body)
    assert found, "no token on the login page"
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie}
    while time.monotonic() < until:
        form = {
            "csrf_token": found.group(1),
            "username": USERNAME,
            "password": secrets.token_hex(6),
        }
        connection.request("POST", "/anmelden", body=urlencode(form), headers=headers)
        reply = connection.getresponse()
        reply.read()
        with lock:
            answers[reply.status] += 1
    connection.close()


def read(
    port: int, codes: list[str], until: float, seconds: list[float], lock: threading.Lock
) -> None:
    """One client fetching the tables' list pages in turn, as the phones at the tables do."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    index = 0
    while time.monotonic() < until:
        started = time.perf_counter()
        connection.request("GET", f"/tisch/{codes[index % len(codes)]}/")
        reply = connection.getresponse()
        reply.read()
        elapsed = time.perf_counter() - started
        if reply.status != 200:
            raise RuntimeError(f"list page answered {reply.status}")
        with lock:
            seconds.append(elapsed)
        index += 1
        time.sleep(0.05)
    connection.close()


def run(folder: Path, throttled: bool, args: argparse.Namespace) -> str:
    database = folder / ("throttled.sqlite3" if throttled else "open.sqlite3")
    codes = build(database, args.players)
    port = free_port()
    log = (folder / f"server-{'throttled' if throttled else 'open'}.log").open("wb")
    server = start_server(database, port, throttled, log)
    try:
        lock = threading.Lock()
        answers: Counter[int] = Counter()
        seconds: list[float] = []
        until = time.monotonic() + args.seconds
        threads = [
            *(
                threading.Thread(target=guess, args=(port, until, answers, lock))
                for _ in range(args.guessers)
            ),
            *(
                threading.Thread(target=read, args=(port, codes, until, seconds, lock))
                for _ in range(args.readers)
            ),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.terminate()
        server.wait(30)
        log.close()
    ms = sorted(s * 1000 for s in seconds)
    p95 = statistics.quantiles(ms, n=100, method="inclusive")[94]
    return (
        f"throttling {'on ' if throttled else 'off'}: list pages {len(ms)}, "
        f"median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms; guesses answered 429 "
        f"(throttled, no hash) {answers[429]}, 200 (hashed, wrong) {answers[200]}, "
        f"other {sum(answers.values()) - answers[429] - answers[200]}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--guessers", type=int, default=8)
    parser.add_argument("--readers", type=int, default=4)
    parser.add_argument("--players", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="password_flood.") as folder:
        for throttled in (True, False):
            print(run(Path(folder), throttled, args), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
