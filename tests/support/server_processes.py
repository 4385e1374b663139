"""The app's servers as real processes, for the tests and the benchmarks: gunicorn (the Linux
server, ``docs/server.md``) and the laptop server (what ``make run`` starts).

``ServerProcess`` starts one with its command line, environment and a log file, waits until it
answers HTTP, and stops it (or kills it with SIGKILL, to test what survives a crash).
"""

from __future__ import annotations

import contextlib
import functools
import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask

    from tests.support.postgres import Cluster

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0
STOP_TIMEOUT = 30.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def laptop_server_command(port: int, *options: str) -> list[str]:
    """The laptop's server, ``doko-turnier`` (granian with one worker process, migrates the
    database first), on 127.0.0.1:``port``, with further ``options`` (``--proxy ADDRESS``)."""
    return [
        sys.executable,
        "-m",
        "tournament.serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        *options,
    ]


def gunicorn_command(
    port: int,
    *,
    workers: int = 2,
    threads: int = 8,
    instance: Path | None = None,
    proxies: int = 0,
    pushed: bool = True,
) -> list[str]:
    """gunicorn as ``docs/server.md`` runs it (uvicorn's workers, ``tournament.asgi``: the
    public live pages pushed), on 127.0.0.1:``port``; ``instance``: the app's instance folder
    (default: ``instance/`` in the repository); ``proxies``: how many reverse proxies stand in
    front. ``pushed=False``: the gthread workers of ``tournament.wsgi``, whose pages poll."""
    arguments = [f"proxies={proxies}"]
    if instance is not None:
        arguments.append(f"instance_path={str(instance)!r}")
    if pushed:
        arguments.append(f"threads={threads}")
        workers_of = ["--worker-class", "tournament.asgi.Worker"]
        module = "tournament.asgi"
    else:
        workers_of = ["--worker-class", "gthread", "--threads", str(threads)]
        module = "tournament.wsgi"
    factory = f"application({', '.join(arguments)})"
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        *workers_of,
        f"{module}:{factory}",
    ]


def migrate_command() -> list[str]:
    """Brings the database (``DATABASE_URL``) to the newest schema, as ``docs/server.md``
    says to before gunicorn starts."""
    return [sys.executable, "-m", "flask", "--app", "tournament.app", "db", "upgrade"]


def migrate(env: Mapping[str, str], log: Path) -> None:
    """Run ``migrate_command`` to its end; its output goes to ``log``."""
    with log.open("ab") as output:
        result = subprocess.run(
            migrate_command(), cwd=ROOT, env=dict(env), stdout=output, stderr=subprocess.STDOUT
        )
    if result.returncode != 0:
        raise RuntimeError(f"{migrate_command()} failed:\n{log.read_text(errors='replace')}")


def server_environment(database_url: str, secret_key: str) -> dict[str, str]:
    """The environment of a server process: this one's, with the database and the key, and
    this repository's code first on the import path (a script's own folder would come first,
    and an installed copy of the app could be another checkout)."""
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": secret_key,
        "PYTHONPATH": path,
    }


class ServerProcess:
    """A server started from ``command`` in the repository's folder, its output in ``log``."""

    def __init__(self, command: list[str], env: Mapping[str, str], log: Path) -> None:
        self.command = command
        self.env = dict(env)
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None, "not started"
        return self.process.pid

    def start(self, port: int) -> None:
        """Start it and wait until it answers HTTP on ``port`` (fails if it ends before)."""
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                self.command,
                cwd=ROOT,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while not answers(port):
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.command} ended at start:\n{self.output()}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"{self.command} did not answer:\n{self.output()}")
            time.sleep(0.1)

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:] if self.log.exists() else ""

    def kill(self) -> None:
        """SIGKILL, as a crash: nothing of it runs after this."""
        assert self.process is not None, "not started"
        self.process.kill()
        self.process.wait(STOP_TIMEOUT)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it is still there after ``STOP_TIMEOUT``; safe to call
        again."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()

    def children(self) -> list[int]:
        """The process ids of its child processes (gunicorn's workers)."""
        return children_of(self.pid)


def _state_and_parent(process: Path) -> tuple[str, int]:
    """The state and the parent's id of the process whose ``/proc`` folder is ``process``."""
    stat = (process / "stat").read_text()
    # "pid (name) state ppid ...": the name may hold spaces and parentheses.
    state, parent = stat[stat.rindex(")") + 2 :].split()[:2]
    return state, int(parent)


def children_of(pid: int) -> list[int]:
    """The live child processes of ``pid``, read from ``/proc``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            state, parent = _state_and_parent(entry)
            if parent == pid and state != "Z":
                found.append(int(entry.name))
    return sorted(found)


def server_on(port: int) -> int:
    """The process id of the server on ``port`` (a browser test's site): ``doko-turnier``, or
    gunicorn's master (its workers run the same command), read from ``/proc``."""
    commands = [laptop_server_command(port), gunicorn_command(port)[:6]]
    found: dict[int, int] = {}  # process: its parent
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError):
                command = [part.decode() for part in (entry / "cmdline").read_bytes().split(b"\0")]
                if any(command[: len(start)] == start for start in commands):
                    found[int(entry.name)] = _state_and_parent(entry)[1]
    masters = [pid for pid, parent in found.items() if parent not in found]
    if len(masters) != 1:
        raise LookupError(f"no one server on port {port}: {found}")
    return masters[0]


def answers(port: int) -> bool:
    """True if an HTTP server on 127.0.0.1:``port`` answers a request (any status)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", "/static/style.css")
        connection.getresponse().read()
        return True
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()


@contextlib.contextmanager
def running(
    command: list[str], env: Mapping[str, str], log: Path, port: int
) -> Iterator[ServerProcess]:
    """The server running for the length of the block, stopped at its end."""
    server = ServerProcess(command, env, log)
    server.start(port)
    try:
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def laptop_serving(
    app: Flask, log: Path, *options: str, environment: Mapping[str, str] | None = None
) -> Iterator[int]:
    """``doko-turnier`` serving the database of a test's ``app`` (with its secret key, so the
    test client's session cookie holds there, and its instance folder) for the length of the
    block; yields its port. ``environment``: further settings."""
    from tournament.config import INSTANCE_PATH_VARIABLE
    from tournament.extensions import db

    with app.app_context():
        db.engine.dispose()
    env = server_environment(str(app.config["SQLALCHEMY_DATABASE_URI"]), app.config["SECRET_KEY"])
    env[INSTANCE_PATH_VARIABLE] = app.instance_path
    env.pop("PUBLIC_URL", None)
    port = free_port()
    with running(laptop_server_command(port, *options), env | dict(environment or {}), log, port):
        yield port


@dataclass(frozen=True)
class ServerDatabase:
    """A database for a server process: the app on it (to build a day before the server
    starts), its address and secret key, the server's command line (given a port), its
    environment and its log file."""

    app: Flask
    url: str
    key: str
    command: Callable[[int], list[str]]
    env: dict[str, str]
    log: Path


@contextlib.contextmanager
def server_database(folder: Path, cluster: Cluster | None, name: str) -> Iterator[ServerDatabase]:
    """Without ``cluster``: the SQLite file ``name.sqlite3`` in ``folder``, served by the
    laptop server; with it: a new database ``name`` on ``cluster``, served by gunicorn with two
    workers, dropped afterwards."""
    from tournament.app import create_app
    from tournament.extensions import db

    key = secrets.token_hex(32)
    command: Callable[[int], list[str]]
    if cluster is None:
        database = ""
        url = f"sqlite:///{folder / (name + '.sqlite3')}"
        command = laptop_server_command
    else:
        database = cluster.create_database(name)
        url = cluster.url(database)
        command = functools.partial(gunicorn_command, workers=2, instance=folder)
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": key}, instance_path=str(folder))
    try:
        yield ServerDatabase(
            app, url, key, command, server_environment(url, key), folder / "server.log"
        )
    finally:
        with app.app_context():
            db.engine.dispose()
        if cluster is not None:
            cluster.drop_database(database)
