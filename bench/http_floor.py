"""How fast the serving alone can answer a burst: the floor under ``bench/list_entry.py``.

The same burst as the save benchmark's (50 keep-alive clients, released together by a
barrier, 24 times), against a Flask app whose only work is to burn ``--work-ms`` of CPU per
request and answer with a redirect, served exactly as ``doko-turnier`` serves (granian with
``tournament.serve``'s settings: one worker process and its threads). What a save costs on top
of that work is the app's; this is what the HTTP layer and one Python process give.

    python bench/http_floor.py [--work-ms 0 3 4] [--clients 50] [--rounds 24] [--threads N]

Prints the median and 95th percentile of the answers for each amount of work.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from flask import Flask, request  # noqa: E402
from flask.typing import ResponseReturnValue  # noqa: E402

from tests.support.server_processes import answers, free_port  # noqa: E402
from tests.support.serving import wait_for  # noqa: E402
from tournament import laptop  # noqa: E402

BODY = "field=value&" * 40  # about the size of a game's form


def make_app(work_ms: float) -> Flask:
    app = Flask("floor")

    @app.post("/save")
    def save() -> ResponseReturnValue:
        request.get_data()  # as a save reads its form (granian ends a connection left unread)
        started = time.thread_time()
        while time.thread_time() - started < work_ms / 1000:
            pass
        return "", 302, {"Location": "/"}

    return app


#: How the worker's app learns its work per request.
WORK_VARIABLE = "DOKO_FLOOR_WORK_MS"


def floor_app() -> Flask:
    """The app granian's worker serves (a factory, as ``doko-turnier``'s)."""
    return make_app(float(os.environ[WORK_VARIABLE]))


def serve(work_ms: float, threads: int, port: int) -> None:
    """Serve :func:`floor_app` with ``doko-turnier``'s settings until terminated."""
    from granian import Granian

    os.environ[WORK_VARIABLE] = str(work_ms)
    settings = laptop.server_settings("127.0.0.1", port)
    Granian(**settings | {"target": "http_floor:floor_app", "blocking_threads": threads}).serve()


def burst(port: int, clients: int, rounds: int) -> list[float]:
    barrier = threading.Barrier(clients)
    seconds: list[float] = []
    lock = threading.Lock()

    def client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        try:
            for _ in range(rounds):
                barrier.wait(60)
                started = time.perf_counter()
                connection.request("POST", "/save", body=BODY, headers=headers)
                connection.getresponse().read()
                with lock:
                    seconds.append(time.perf_counter() - started)
        finally:
            connection.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work-ms", type=float, nargs="+", default=[0.0, 3.0, 4.0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=24)
    parser.add_argument("--threads", type=int, default=laptop.THREADS)
    args = parser.parse_args()
    context = multiprocessing.get_context("spawn")
    for work_ms in args.work_ms:
        port = free_port()
        server = context.Process(target=serve, args=(work_ms, args.threads, port))
        server.start()
        try:
            if not wait_for(lambda: answers(port), seconds=60):  # noqa: B023
                raise SystemExit("the server did not start")
            ms = sorted(s * 1000 for s in burst(port, args.clients, args.rounds))
        finally:
            server.terminate()
            server.join(30)
        p95 = statistics.quantiles(ms, n=100, method="inclusive")[94]
        print(
            f"{work_ms:g} ms of work per request, {args.clients} clients x {args.rounds} "
            f"bursts, one process x {args.threads} threads: "
            f"median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
