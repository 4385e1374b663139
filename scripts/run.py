"""Start the tournament app on this laptop: migrate the database, then serve it.

    .venv/bin/python scripts/run.py [--host 127.0.0.1] [--port 5000] [--proxy 127.0.0.1]
                                    [--processes N]

(``make run`` does the same after installing everything.) The database is brought to the
newest schema first, so an update of the program never needs a separate step.

The app is served by waitress in each of ``--processes`` server processes (by default one per
core, at most four: Python runs one thread at a time per process, and 50 tables saving games
at once need every core). Each process listens on its own socket on the port, and the kernel
spreads the connections over them; in a process, one thread serves the requests one after
another (``tournament.request_turns``); on SQLite the writers of all processes queue in
``tournament.writer_queue``. Ctrl+C or SIGTERM ends them all; a process that dies is
replaced. Where processes cannot be forked (Windows), one serves.

Behind a reverse proxy (e.g. nginx giving the app a public https address), ``--proxy`` names
the proxy's address: waitress then takes the client's address, the public host and the scheme
from that proxy's X-Forwarded-* headers (and drops them from anyone else), so the links and
QR codes on the table cards carry the address the phones use.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

import flask_migrate
from flask import Flask
from waitress.server import create_server

from tournament.app import create_app
from tournament.excel import writing
from tournament.extensions import db
from tournament.request_turns import StepAside
from tournament.schema import schema_problem

# One thread per process serves the requests one after another (``tournament.request_turns``);
# a request that steps aside (a whole tournament's workbook) adds one while it runs.
THREADS = 1


def server_options(proxy: str | None) -> dict[str, object]:
    """waitress settings: the threads, and the proxy's forwarded headers trusted if one is
    named."""
    options: dict[str, object] = {"threads": THREADS}
    if proxy:
        options |= {
            "trusted_proxy": proxy,
            "trusted_proxy_count": 1,
            "trusted_proxy_headers": "x-forwarded-for x-forwarded-host x-forwarded-proto "
            "x-forwarded-port",
            "clear_untrusted_proxy_headers": True,
        }
    return options


# More processes than this serve no more saves (SQLite writes one at a time) and each one
# costs memory; a bigger machine can still ask for more.
DEFAULT_PROCESSES_AT_MOST = 4


def make_app() -> Flask:
    """One server process's app; its Excel export workers start now, in the background, so
    that the first download of the tournament workbook need not wait for them."""
    app = create_app()
    writing.start_workers()
    return app


def default_processes() -> int:
    """One server process per core (at most four), where processes can be forked."""
    if not hasattr(os, "fork"):
        return 1
    return min(os.cpu_count() or 1, DEFAULT_PROCESSES_AT_MOST)


def listen(host: str, port: int, count: int = 1) -> list[socket.socket]:
    """The listening sockets: one for each server process, all on the same port.

    With more than one, the kernel spreads new connections evenly over them
    (``SO_REUSEPORT``): on one shared socket the process that happens to wake first takes the
    connection, and under a burst one process ended up serving most of the tables while the
    other core idled. The port is first bound alone, so a port that any other program (or
    another Doko-Turnier) holds is refused with EADDRINUSE as before.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    first = socket.create_server((host, port), family=family, backlog=1024)
    if count <= 1 or not hasattr(socket, "SO_REUSEPORT"):
        return [first]
    port = first.getsockname()[1]
    first.close()
    return [
        socket.create_server((host, port), family=family, backlog=1024, reuse_port=True)
        for _ in range(count)
    ]


def serve(
    listeners: list[socket.socket],
    make_app: Callable[[], Flask],
    processes: int,
    options: dict[str, Any],
) -> None:
    """Serve until Ctrl+C or SIGTERM: here, or in ``processes`` forked server processes.

    Each process builds its own app (``make_app``) after the fork, so none shares a database
    connection or a thread with another. ``listeners``: one for all processes, or one each
    (see :func:`listen`)."""
    if processes <= 1 or not hasattr(os, "fork"):
        server = _server(make_app(), listeners, options)
        try:
            server.run()
        except KeyboardInterrupt:
            pass
        finally:
            server.close()
        return
    Supervisor(listeners, make_app, processes, options).run()


def _server(app: Flask, listeners: list[socket.socket], options: dict[str, Any]) -> Any:
    """waitress serving ``app`` on ``listeners``; a request that steps aside gets the server
    another thread meanwhile (see ``tournament.request_turns``)."""
    server = create_server(app, sockets=listeners, **options)
    lend = StepAside(app.wsgi_app, server.task_dispatcher, server.adj.threads)
    app.wsgi_app = lend  # type: ignore[method-assign]
    return server


class Supervisor:
    """Forks the server processes, replaces one that dies, and ends them all with itself."""

    RESTART_PAUSE = 1.0  # seconds before a process that died at once is started again

    def __init__(
        self,
        listeners: list[socket.socket],
        make_app: Callable[[], Flask],
        processes: int,
        options: dict[str, Any],
    ) -> None:
        self.listeners = listeners
        self.make_app = make_app
        self.processes = processes
        self.options = options
        # pid -> (when it started, its place: which listener it serves)
        self.children: dict[int, tuple[float, int]] = {}

    def run(self) -> None:
        # Each child reads from this pipe; it reads end-of-file when this process is gone,
        # even when it was killed and could not end its children.
        self.watch, self.alive = os.pipe()
        previous = signal.signal(signal.SIGTERM, _exit_on_sigterm)
        try:
            for place in range(self.processes):
                self._start(place)
            while True:
                pid, status = os.wait()
                child = self.children.pop(pid, None)
                if child is None:
                    continue
                started, place = child
                logging.getLogger(__name__).warning(
                    "Server process %d ended (status %d); a new one starts", pid, status
                )
                if time.monotonic() - started < self.RESTART_PAUSE:
                    time.sleep(self.RESTART_PAUSE)
                self._start(place)
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            signal.signal(signal.SIGTERM, previous)
            self._stop()

    def _start(self, place: int) -> None:
        # Ctrl+C and SIGTERM wait while the new process is forked: in the child they could
        # otherwise strike before it has its own handlers, in the supervisor's code.
        signal.pthread_sigmask(signal.SIG_BLOCK, ENDING_SIGNALS)
        try:
            pid = os.fork()
            if pid == 0:
                listener = self.listeners[place % len(self.listeners)]
                for other in self.listeners:
                    if other is not listener:
                        other.close()
                _child(listener, self.make_app, self.options, self.watch, self.alive)
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, ENDING_SIGNALS)
        self.children[pid] = (time.monotonic(), place)

    def _stop(self) -> None:
        for pid in self.children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        for pid in self.children:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
        self.children.clear()
        os.close(self.alive)
        os.close(self.watch)


ENDING_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)


def _child(
    listener: socket.socket,
    make_app: Callable[[], Flask],
    options: dict[str, Any],
    watch: int,
    alive: int,
) -> None:
    """A server process; never returns into the supervisor's code. Ctrl+C and SIGTERM end it
    cleanly: its export workers are shut down, as ``os._exit`` runs no exit handlers."""
    status = 0
    try:
        os.close(alive)
        signal.signal(signal.SIGTERM, _exit_on_sigterm)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, ENDING_SIGNALS)
        threading.Thread(target=_end_with_supervisor, args=(watch,), daemon=True).start()
        server = _server(make_app(), [listener], options)
        server.run()
    except (KeyboardInterrupt, SystemExit):
        pass
    except BaseException:
        logging.getLogger(__name__).exception("Server process %d failed", os.getpid())
        status = 1
    finally:
        try:
            # The supervisor's SIGTERM follows a Ctrl+C at once: it must not cut this short.
            for ending in ENDING_SIGNALS:
                signal.signal(ending, signal.SIG_IGN)
            writing.stop_workers()
        finally:
            os._exit(status)


def _end_with_supervisor(watch: int) -> None:
    while os.read(watch, 1):
        pass
    os._exit(0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Doko-Turnier starten")
    parser.add_argument("--host", default="127.0.0.1", help="Adresse (Standard: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=5000, help="Port (Standard: 5000)")
    parser.add_argument(
        "--proxy",
        metavar="ADRESSE",
        help="Adresse eines Reverse-Proxys, dessen X-Forwarded-Kopfzeilen gelten (z. B. 127.0.0.1)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=default_processes(),
        metavar="ANZAHL",
        help="Server-Prozesse (Standard: einer je Prozessorkern)",
    )
    args = parser.parse_args(argv)
    if args.processes < 1:
        parser.error("--processes: mindestens 1")

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    app = create_app()
    with app.app_context():
        flask_migrate.upgrade()
        problem = schema_problem(db.engine)
        db.engine.dispose()  # each server process opens its own connections
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1

    try:
        listeners = listen(args.host, args.port, args.processes)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            reason = f"Port {args.port} ist schon belegt. Läuft Doko-Turnier schon? Sonst "
            reason += "einen anderen Port wählen, z. B. --port 8080."
        else:
            reason = f"{args.host}:{args.port} geht nicht ({error})."
        print(f"Doko-Turnier startet nicht: {reason}", file=sys.stderr)
        return 1
    print(f"Doko-Turnier läuft: http://{args.host}:{args.port}/  (beenden mit Strg+C)", flush=True)
    serve(listeners, make_app, args.processes, server_options(args.proxy))  # until Ctrl+C
    print("Doko-Turnier beendet.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
