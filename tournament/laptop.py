"""What ``doko-turnier`` does (``tournament.serve`` is the command itself): migrate the
database, then serve the app on this computer until Ctrl+C.

The database is brought to the newest schema first, so an update of the program never needs
a separate step. Then granian serves the app, on every network interface by default, so the
phones in the hall reach it; the start banner names the address they use
(:func:`hall_addresses`), and the table cards carry it (the app's ``PUBLIC_URL``, unless
configured otherwise).

granian (an ASGI and WSGI server written in Rust, with wheels for Windows, macOS and Linux)
holds the connections and parses HTTP outside Python. It runs the app in one worker process, a
child of this one (:func:`hall_app` builds it there); this process migrates, prints the banner
and stops the worker on Ctrl+C. The worker serves the app as ASGI: the public live pages'
streams wait in its event loop and every other request goes to Flask in a pool of threads
(``tournament.web.push``), so a hall's 1,000 spectators' phones hold no thread and are sent a
new standings page once it exists. It is sized for a hall: 100 tables and 2,000 spectators'
phones connected at once (:func:`server_settings`).

Behind a reverse proxy (e.g. nginx giving the app a public https address), ``--proxy`` names
the proxy's address: the app then takes the client's address, the public host and the scheme
from that proxy's X-Forwarded-* headers and drops them from anyone else
(``tournament.web.proxy``), so the links and QR codes on the table cards carry the address the
phones use.

``--export-site`` serves nothing: it writes a tournament's public pages as a static site into a
folder (``tournament.publish``), from the same database, and ends.

While it serves a SQLite database, a daemon thread of the worker writes a backup every five
minutes while a round runs (``tournament.domain.backups.Schedule``); ``--list-backups`` lists
the backups and ``--restore`` checks one and puts it in place of the database, then migrates
it, and ends (``tournament.backups.commands``).
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import json
import logging
import multiprocessing
import multiprocessing.util
import os
import socket
import sys
import sysconfig
import threading
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Any

import flask_migrate
from flask import Flask
from granian import Granian
from granian.constants import Interfaces
from granian.log import LogLevels

import tournament
from tournament.accounts import setup_code
from tournament.app import create_app
from tournament.backups import commands as backup_commands
from tournament.config import INSTANCE_PATH_VARIABLE
from tournament.domain import backups
from tournament.domain.excel import writing
from tournament.extensions import db
from tournament.publish import site
from tournament.schema import schema_problem
from tournament.texts.console import (
    BANNER_ALSO,
    BANNER_BACKUPS,
    BANNER_DATA,
    BANNER_HALL,
    BANNER_HERE,
    BANNER_LOCAL_ONLY,
    BANNER_LOG,
    BANNER_NO_NETWORK,
    BANNER_PROXY,
    BANNER_RUNNING,
    CANNOT_LISTEN,
    ENDED,
    HELP_EPILOG,
    PORT_TAKEN,
)
from tournament.texts.publish import EXPORTED, NO_TOURNAMENT
from tournament.web.addresses import is_loopback
from tournament.web.proxy import NamedProxy
from tournament.web.push import PushedPages, steady_collector

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 5000

#: Threads of the server's worker that run the app: requests are served side by side by these;
#: SQLite takes one writer at a time (``BEGIN IMMEDIATE``) and reads alongside it (WAL).
THREADS = 6


def threads() -> int:
    """The threads that run Flask: more than twice the cores and one only wait for the
    interpreter."""
    return min(THREADS, 2 * (os.cpu_count() or 1) + 1)


#: Requests under way at most, each open page's stream one of them for as long as it is open:
#: 100 tables with their lists open and 2,000 spectators' phones, each with its page's stream
#: and a keep-alive connection or a few. At the limit granian takes no new connection until
#: one closes (a phone that stopped reading frees its place after granian's 30 s for the next
#: request's headers).
CONNECTION_LIMIT = 6000
#: Connections the operating system holds for the server while it is at its limit.
BACKLOG = 2048
#: File descriptors the worker keeps for everything else (database, logs, Excel workers).
OTHER_FILES = 64
#: Seconds the worker has to end after Ctrl+C before it is killed.
STOP_SECONDS = 30
#: The environment variable that hands the worker what this process worked out (the data
#: folder, the hall's address, the proxy), as JSON.
HALL_SETTINGS = "DOKO_HALL_SETTINGS"

#: Where the UDP "connection" of :func:`default_route_address` points: a documentation
#: address (TEST-NET-1). Connecting a UDP socket sends nothing; it only picks the route.
ROUTE_PROBE = ("192.0.2.1", 9)

#: The log file in the data folder (:func:`log_to_file`), its size at most, and how many
#: older ones are kept beside it (``doko-turnier.log.1`` ...).
LOG_FILE = "doko-turnier.log"
LOG_BYTES = 1_000_000
LOG_KEPT = 3
#: The app's loggers (``tournament``, ``tournament.domain.backups`` ...): German messages.
APP_LOGGER = "tournament"

_LOG_FILES: list[logging.Handler] = []
_ADDRESS_IN_USE = {errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", errno.EADDRINUSE)}


def server_settings(host: str, port: int) -> dict[str, Any]:
    """granian's settings for the hall: one worker process (the Excel workers, the backups and
    the live pages' memory are the app's own, one of each) that builds the app with
    :func:`hall_app`."""
    return {
        "target": f"{__name__}:hall_app",
        "factory": True,
        "address": host,
        "port": port,
        "interface": Interfaces.ASGI,
        "workers": 1,
        "backlog": BACKLOG,
        "backpressure": min(CONNECTION_LIMIT, max(100, open_files_allowed() - OTHER_FILES)),
        "websockets": False,
        # granian's messages go where the app's go (quiet_logs, log_to_file): on the console
        # from a warning up (a worker that died and was started again), all in the log file.
        "log_enabled": True,
        "log_level": LogLevels.info,
        "log_dictconfig": {
            "version": 1,
            "disable_existing_loggers": False,
            "loggers": {"_granian": {"propagate": True}},
        },
        "respawn_failed_workers": True,
        "workers_kill_timeout": STOP_SECONDS,
    }


def open_files_allowed() -> int:
    """How many files (sockets included) this process may open, raised first as far as the
    system allows: macOS starts programs with 256, many Linux systems with 1024. Windows has
    no such limit. The server's worker inherits it."""
    try:
        import resource
    except ImportError:
        return CONNECTION_LIMIT + OTHER_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = CONNECTION_LIMIT + OTHER_FILES
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (OSError, ValueError):
            pass
    return wanted if soft == resource.RLIM_INFINITY else int(soft)


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to the address, to check that the port is free (and to pick one for port
    0) before the database is touched; closed again before granian binds the port itself.
    Bound without ``SO_REUSEADDR`` on Windows (where it would let a second program share the
    port), so a port in use is refused everywhere."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family)


def default_route_address() -> str | None:
    """This computer's address on the network its default route leads to (the hall's
    WLAN, usually); ``None`` without a network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return address


def host_addresses() -> list[str]:
    """The IPv4 addresses the computer's name resolves to (its other networks, often)."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        return []
    return [str(info[4][0]) for info in found]


def hall_addresses(host: str) -> list[str]:
    """The addresses other devices reach this server at, the likeliest first: the bound
    address itself, or for all interfaces the default route's address and the computer's
    other ones. Loopback and link-local (self-assigned) addresses are left out."""
    if host not in ("", "0.0.0.0", "::"):
        candidates = [host]
    else:
        candidates = [default_route_address() or "", *host_addresses()]
    found: list[str] = []
    for candidate in candidates:
        try:
            address = ipaddress.ip_address(candidate)
        except ValueError:
            continue
        if address.is_loopback or address.is_link_local or address.is_unspecified:
            continue
        if candidate not in found:
            found.append(candidate)
    return found


def url(host: str, port: int) -> str:
    """``http://host:port/``, an IPv6 address in brackets."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def local_url(host: str, port: int) -> str:
    """The address on this computer itself."""
    if host in ("", "0.0.0.0"):
        return url("127.0.0.1", port)
    if host == "::":
        return url("::1", port)
    return url(host, port)


def banner(
    host: str,
    port: int,
    proxy: str | None,
    hall: list[str],
    public_url: str | None = None,
    setup: str | None = None,
) -> list[str]:
    """The lines printed at start for the Turnierleiter; ``public_url``: the address
    configured for the cards (``PUBLIC_URL``), if any; ``setup``: the set-up code of an
    installation that has no account yet."""
    lines = [BANNER_RUNNING]
    if public_url:
        lines.append(BANNER_HALL.format(url=public_url))
    elif proxy:
        lines.append(BANNER_PROXY.format(proxy=proxy))
    elif hall:
        lines.append(BANNER_HALL.format(url=url(hall[0], port)))
        if hall[1:]:
            lines.append(BANNER_ALSO.format(urls=", ".join(url(a, port) for a in hall[1:])))
    elif is_loopback(local_url(host, port)):
        if host in ("", "0.0.0.0", "::"):
            lines.append(BANNER_NO_NETWORK)
        else:
            lines.append(BANNER_LOCAL_ONLY.format(url=local_url(host, port)))
    lines.append(BANNER_HERE.format(url=local_url(host, port)))
    if setup is not None:
        lines.append(setup_code.warning(setup))
    return lines


def instance_folder() -> str | None:
    """Where the data lives: ``DOKO_INSTANCE_PATH`` if set; ``instance/`` beside the package
    in the Doko-Turnier folder (``make run``, ``pip install -e .``); for a package installed
    into Python (``pip install .``), ``instance/`` in the folder it is started from (the
    banner names it), not a folder hidden inside the Python installation."""
    if os.environ.get(INSTANCE_PATH_VARIABLE):
        return None  # create_app reads it
    package = Path(tournament.__file__).resolve().parent
    installed = {Path(sysconfig.get_path(name)).resolve() for name in ("purelib", "platlib")}
    if any(package.is_relative_to(folder) for folder in installed):
        return str(Path.cwd() / "instance")
    return None


def migrate(app: Flask) -> str | None:
    """Bring the database to the newest schema; what is still wrong with it, if anything."""
    with app.app_context():
        flask_migrate.upgrade()
        problem = schema_problem(db.engine)
        db.engine.dispose()  # the server's threads open their own connections
    # The first request's schema check would announce alembic's context once more.
    logging.getLogger("alembic").setLevel(logging.WARNING)
    return problem


def quiet_logs() -> None:
    """One line per event that matters to the Turnierleiter: on the console the app's own
    (German) messages and every library's warnings and errors (:func:`for_the_console`).
    Everything else goes to the log file (:func:`log_to_file`)."""
    console = logging.StreamHandler()
    console.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    console.addFilter(for_the_console)
    logging.basicConfig(level=logging.INFO, handlers=[console])


def for_the_console(record: logging.LogRecord) -> bool:
    """Whether a log record is shown on the console: the app's messages, and the libraries'
    (alembic's migration steps, in English) only from a warning up."""
    own = record.name == APP_LOGGER or record.name.startswith(f"{APP_LOGGER}.")
    return own or record.levelno >= logging.WARNING


def log_to_file(folder: str) -> Path:
    """Write every log message, with its time, to :data:`LOG_FILE` in the data folder (the
    migrations among them); the file's path. Kept to :data:`LOG_BYTES` and
    :data:`LOG_KEPT` older files."""
    path = Path(folder) / LOG_FILE
    stop_logging_to_file()
    # The owner's alone, as everything in the data folder (``tournament.app``).
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))
    handler = RotatingFileHandler(
        path, maxBytes=LOG_BYTES, backupCount=LOG_KEPT, encoding="utf-8", delay=True
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)
    _LOG_FILES.append(handler)
    return path


def stop_logging_to_file() -> None:
    """Close the log file of :func:`log_to_file` (:func:`run` ending)."""
    while _LOG_FILES:
        handler = _LOG_FILES.pop()
        logging.getLogger().removeHandler(handler)
        handler.close()


def run(argv: list[str] | None = None) -> int:
    """``doko-turnier`` with these arguments (those of the command line if ``None``); the
    exit status."""
    parser = argparse.ArgumentParser(
        prog="doko-turnier",
        description="Doko-Turnier starten",
        epilog=HELP_EPILOG.format(log=LOG_FILE),
    )
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help="Adresse, auf der Doko-Turnier antwortet (Standard: 0.0.0.0, alle Netzwerke; "
        "127.0.0.1: nur dieser Computer)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"Port (Standard: {DEFAULT_PORT}; mit make: make run PORT=8080)",
    )
    parser.add_argument(
        "--proxy",
        metavar="ADRESSE",
        help="Adresse eines Reverse-Proxys, dessen X-Forwarded-Kopfzeilen gelten (z. B. 127.0.0.1)",
    )
    parser.add_argument(
        "--export-site",
        nargs=2,
        metavar=("TURNIER", "ORDNER"),
        help="statt zu starten: die öffentlichen Seiten des Turniers TURNIER (die Nummer in "
        "seiner Adresse /turniere/N) als Webseite in den Ordner ORDNER schreiben",
    )
    parser.add_argument(
        "--list-backups",
        action="store_true",
        help="statt zu starten: die Sicherungskopien (im Ordner instance/backups) zeigen",
    )
    parser.add_argument(
        "--restore",
        metavar="DATEI",
        help="statt zu starten: die Sicherungskopie DATEI prüfen und als Datenbank einsetzen "
        "(die bisherige wird gesichert); Doko-Turnier vorher beenden",
    )
    args = parser.parse_args(argv)
    quiet_logs()
    try:
        return _run(parser, args)
    finally:
        stop_logging_to_file()


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.export_site:
        return _export_site(parser, *args.export_site)
    if args.list_backups or args.restore:
        app = create_app({"SETUP_CODE_IN_LOG": False}, instance_path=instance_folder())
        log_to_file(app.instance_path)
        if args.restore:
            return backup_commands.run_restore(app, Path(args.restore), sys.stdout, sys.stderr)
        print("\n".join(backup_commands.listing(app)), flush=True)
        return 0
    try:
        return _serve(args.host, args.port, args.proxy)
    except KeyboardInterrupt:  # Ctrl+C while starting
        print(ENDED, flush=True)
        return 0


def _export_site(parser: argparse.ArgumentParser, tournament: str, folder: str) -> int:
    """``--export-site``: the static site of a tournament (``tournament.publish.site``) written
    into a folder, from the database this computer serves."""
    if not tournament.isdigit():
        parser.error(NO_TOURNAMENT.format(id=tournament))
    app = create_app({"SETUP_CODE_IN_LOG": False}, instance_path=instance_folder())
    log_to_file(app.instance_path)
    problem = migrate(app)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    try:
        count = site.write_folder(app, int(tournament), Path(folder))
    except LookupError:
        print(NO_TOURNAMENT.format(id=tournament), file=sys.stderr)
        return 1
    print(EXPORTED.format(count=count, folder=folder), flush=True)
    return 0


def _one_stop_signal() -> None:
    """The worker leaves the terminal's process group: Ctrl+C reaches only ``doko-turnier``,
    which stops the worker with one signal. Granian's worker hands each signal to a channel
    that holds one: a second signal before the server takes the first (Ctrl+C to the whole
    group and the parent's stop, soon after start) waits there forever, holding the
    interpreter."""
    if hasattr(os, "setpgrp"):
        os.setpgrp()


def hall_app() -> Any:
    """The app as the server's worker process serves it (granian calls this there): with the
    Excel workers and the backups of its own, ended with the worker, and the worker ended
    with ``doko-turnier`` even when that is killed."""
    _one_stop_signal()
    settings = json.loads(os.environ[HALL_SETTINGS])
    quiet_logs()
    config: dict[str, Any] = {"SETUP_CODE_IN_LOG": False}
    if settings["public_url"]:
        config["PUBLIC_URL"] = settings["public_url"]
    app = create_app(config, instance_path=settings["instance"])
    log_to_file(app.instance_path)
    writing.start_workers()
    schedule = backups.Schedule(app)
    schedule.start()

    def stop() -> None:
        schedule.stop()
        writing.stop_workers()

    # Before the worker process waits for its children (the Excel workers) at its end, and
    # before the pool's queues close theirs (priority 10): the workers' stop signals are sent
    # through those queues.
    multiprocessing.util.Finalize(None, stop, exitpriority=100)
    parent = multiprocessing.parent_process()
    if parent is not None:

        def watch() -> None:
            parent.join()
            os._exit(0)

        threading.Thread(target=watch, daemon=True, name="doko-parent-watch").start()
    wsgi = app if settings["proxy"] is None else NamedProxy(app, settings["proxy"])
    pushed = PushedPages(wsgi, app, threads())
    steady_collector()
    return pushed


def _serve(host: str, port: int, proxy: str | None) -> int:
    """Listen, migrate, serve until Ctrl+C; the exit status."""
    try:
        listener = listen(host, port)
    except OSError as error:
        if error.errno in _ADDRESS_IN_USE:
            print(PORT_TAKEN.format(port=port), file=sys.stderr)
        else:
            print(CANNOT_LISTEN.format(host=host, port=port, error=error), file=sys.stderr)
        return 1
    with listener:
        port = int(listener.getsockname()[1])
        # The banner shows the set-up code.
        app = create_app({"SETUP_CODE_IN_LOG": False}, instance_path=instance_folder())
        log_file = log_to_file(app.instance_path)
        problem = migrate(app)
        if problem is not None:
            print(problem, file=sys.stderr)
            return 1
        hall = hall_addresses(host)
        configured = app.config.get("PUBLIC_URL") or None
        if hall and not proxy and not configured:
            app.config["PUBLIC_URL"] = url(hall[0], port).rstrip("/")
        lines = banner(host, port, proxy, hall, configured, setup_code.announce(app))
        lines.append(BANNER_DATA.format(folder=app.instance_path))
        lines.append(BANNER_LOG.format(path=log_file))
        if backups.database_file(app) is not None:  # the worker writes them (hall_app)
            lines.append(BANNER_BACKUPS.format(folder=backups.folder_of(app)))
        os.environ[HALL_SETTINGS] = json.dumps(
            {"instance": app.instance_path, "public_url": app.config["PUBLIC_URL"], "proxy": proxy}
        )
        with app.app_context():
            db.engine.dispose()
    stop_logging_to_file()
    print("\n".join(lines), flush=True)
    server = Granian(**server_settings(host, port))
    server.serve()
    print(ENDED, flush=True)
    return 0
