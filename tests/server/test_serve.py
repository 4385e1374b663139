"""``doko-turnier`` (``tournament.serve``): migrates a fresh database and serves it with
granian, names the address for the phones in the hall, ends cleanly with
Ctrl+C, refuses a port in use in one German line, and loses no acknowledged save when it is
killed under load and started again."""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import tomllib
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import flask_migrate
import pytest
from flask import Flask
from sqlalchemy import select

from tests.support.serving import wait_for
from tests.support.terminal import as_in_a_terminal
from tests.support.webapp import (
    create_tournament,
    draw_round,
    form_on,
    paste_players,
    player_names,
    round_action,
    sign_in,
)
from tournament import laptop, serve
from tournament.app import create_app
from tournament.config import INSTANCE_PATH_VARIABLE, from_environment
from tournament.extensions import db
from tournament.models import Round
from tournament.texts import console
from tournament.web import qr

ROOT = Path(__file__).resolve().parents[2]
SERVE = [sys.executable, "-m", "tournament.serve"]
HALL = "http://192.168.1.20:5000"
WARNING = "Diese Adresse erreichen die Telefone nicht"

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")


# ------------------------------------------------------------------ helpers


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(port: int, path: str = "/") -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


def _answers(port: int) -> bool:
    try:
        _get(port)
    except OSError:
        return False
    return True


def _environment(database: Path) -> dict[str, str]:
    environment = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "SECRET_KEY": "test",
        INSTANCE_PATH_VARIABLE: str(database.parent / "instance"),
    }
    environment.pop("PUBLIC_URL", None)
    return environment


def _start(database: Path, port: int, *options: str) -> subprocess.Popen[str]:
    """The command in its own process group, as a terminal's Ctrl+C reaches it."""
    return subprocess.Popen(
        [*SERVE, "--port", str(port), *options],
        cwd=ROOT,
        env=_environment(database),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        preexec_fn=as_in_a_terminal,
    )


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "doko.sqlite"


@pytest.fixture
def running(database: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """``doko-turnier`` serving a fresh database on every interface."""
    port = _free_port()
    process = _start(database, port)
    try:
        assert wait_for(lambda: _answers(port) or process.poll() is not None, seconds=60)
        assert process.poll() is None, process.communicate()[0]
        yield process, port
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)


def _stop(process: subprocess.Popen[str]) -> str:
    """Ctrl+C, as the terminal sends it to the process group; the whole output."""
    os.killpg(process.pid, signal.SIGINT)
    output, _ = process.communicate(timeout=30)
    return output


# ------------------------------------------------------------------ the command


def test_the_console_command_is_the_serve_module() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["doko-turnier"] == "tournament.serve:main"
    assert "$(BIN)/doko-turnier" in (ROOT / "Makefile").read_text(encoding="utf-8")


def test_the_command_module_imports_none_of_the_app() -> None:
    """Every Excel worker imports the program's main module again: it stays small."""
    check = "import sys, tournament.serve; print(*sorted(sys.modules))"
    result = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, check=True, cwd=ROOT
    )
    imported = result.stdout.split()
    assert [name for name in imported if name.startswith(("flask", "tournament."))] == [
        "tournament.serve"
    ]


def test_it_migrates_serves_names_the_hall_address_and_ends_with_ctrl_c(
    running: tuple[subprocess.Popen[str], int], database: Path
) -> None:
    process, port = running
    assert _get(port) == 302  # to the first set-up
    assert all(_get(port, "/einrichten") == 200 for _ in range(5))
    with sqlite3.connect(database) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert {"alembic_version", "user_account", "tournament", "list_entry"} <= tables
    output = _stop(process)
    assert process.returncode == 0, output
    assert "Doko-Turnier läuft (beenden mit Strg+C)." in output
    assert f"Auf diesem Computer: http://127.0.0.1:{port}/" in output
    hall = laptop.hall_addresses("0.0.0.0")
    if hall:
        assert f"Adresse für die Telefone im Saal: http://{hall[0]}:{port}/" in output
    else:
        assert console.BANNER_NO_NETWORK in output
    code = (database.parent / "instance" / "setup_code").read_text().strip()
    assert f"Einrichtungscode: {code} " in output
    assert output.count(code) == 1, output  # in the banner, not in a log line too
    assert "Doko-Turnier beendet." in output
    assert "Traceback" not in output, output
    assert "leaked" not in output, output  # the export workers were shut down, not dropped


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_takes_the_port_and_keeps_the_migrations_in_the_log_file(database: Path) -> None:
    """``make run PORT=...`` serves on that port; alembic's English migration lines go to the
    log file in the data folder, not to the console before the German banner."""
    port = _free_port()
    environment = _environment(database)
    for inherited in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PORT", "ARGS"):
        environment.pop(inherited, None)
    installed = f"{sys.prefix}/bin/.installed"  # this venv, never rebuilt by the test
    command = ["make", "--no-print-directory", "-o", installed, "run", f"PORT={port}"]
    process = subprocess.Popen(
        [*command, f"VENV={sys.prefix}", "ARGS=--host 127.0.0.1"],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        preexec_fn=as_in_a_terminal,
    )
    try:
        assert wait_for(lambda: _answers(port) or process.poll() is not None, seconds=60)
        assert process.poll() is None, process.communicate()[0]
        assert _get(port) == 302  # to the first set-up
        output = _stop(process)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    before, banner, after = output.partition(console.BANNER_RUNNING)
    assert banner, output
    assert "alembic" not in output and "INFO" not in output, output
    # make's echo of the command it runs, nothing else
    assert [line for line in before.splitlines() if line.strip()] == [
        f"{sys.prefix}/bin/doko-turnier --port {port} --host 127.0.0.1"
    ], output
    assert f"Auf diesem Computer: http://127.0.0.1:{port}/" in after
    log_file = database.parent / "instance" / laptop.LOG_FILE
    assert f"(auch die Aktualisierung der Datenbank): {log_file}" in after
    assert log_file.stat().st_mode & 0o777 == 0o600
    logged = log_file.read_text(encoding="utf-8")
    assert "INFO alembic.runtime.migration: Running upgrade  -> " in logged
    assert "Traceback" not in output, output


def test_the_help_and_the_readme_name_the_port_of_make_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        serve.main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "make run PORT=8080" in shown
    assert 'make run ARGS="--host 127.0.0.1"' in shown
    assert "doko-turnier.log" in shown
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run PORT=8080" in readme
    assert "doko-turnier.log" in readme


def test_kept_local_it_says_the_phones_cannot_reach_it(database: Path) -> None:
    port = _free_port()
    process = _start(database, port, "--host", "127.0.0.1")
    try:
        assert wait_for(lambda: _answers(port) or process.poll() is not None, seconds=60)
        output = _stop(process)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 0, output
    assert f"Nur auf diesem Computer erreichbar: http://127.0.0.1:{port}/" in output
    assert "Adresse für die Telefone im Saal" not in output


def test_a_port_in_use_is_named_in_one_line_without_a_traceback(database: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [*SERVE, "--port", str(port)],
            cwd=ROOT,
            env=_environment(database),
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        f"Doko-Turnier startet nicht: Port {port} ist schon belegt. Läuft Doko-Turnier "
        "schon? Sonst einen anderen Port wählen, z. B. --port 8080."
    ]
    assert not database.exists()  # refused before anything else happened


def test_pip_install_carries_templates_static_files_and_migrations(tmp_path: Path) -> None:
    """``pip install .`` installs the package alone: everything the app serves and migrates
    with must be in it, and the console command must be declared. Built from a copy of the
    checkout without earlier build output (``build/``, ``*.egg-info``), which could carry files
    that pyproject.toml no longer packages."""
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git",
            ".venv",
            "node_modules",
            "build",
            "dist",
            "*.egg-info",
            "instance",
            "__pycache__",
            ".*_cache",
            ".hypothesis",
        ),
    )
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(source)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("doko_turnier-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        assert "doko-turnier = tournament.serve:main" in archive.read(entry_points).decode()
    package = ROOT / "tournament"
    needed = {
        path.relative_to(ROOT).as_posix()
        for folder in ("templates", "static", "migrations")
        for path in (package / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert {"tournament/templates/base.html", "tournament/migrations/env.py"} <= needed
    assert needed <= names, sorted(needed - names)
    # The pure libraries the app imports travel with it: the rules engine and the table draw.
    for library in ("rules_engine", "table_draw"):
        modules = {path.relative_to(ROOT).as_posix() for path in (ROOT / library).glob("*.py")}
        assert f"{library}/__main__.py" in modules
        assert modules <= names, sorted(modules - names)


# ------------------------------------------------------------------ sized for the hall


def test_the_server_is_sized_for_a_hall_of_100_tables_and_2000_phones() -> None:
    """Each table's phone keeps a connection open, each spectator's phone its page's stream
    and a connection (the projector and a few staff browsers more): beyond the limit a phone
    waits for a free one."""
    laptop.open_files_allowed()  # raised in this process, as the command does in its own
    settings = laptop.server_settings("0.0.0.0", 5000)
    assert settings["backpressure"] >= 2 * 100 + 2 * 2000
    assert laptop.threads() >= 4  # Flask's, beside the streams in the event loop
    assert settings["workers"] == 1  # one app: one memory of the live pages, one Excel pool
    assert settings["target"] == "tournament.laptop:hall_app" and settings["factory"]


def test_more_than_1024_connections_are_held_open_and_answered(database: Path) -> None:
    """No select() limit of 1024 sockets, and the open-files limit raised: with 1,050 phones
    connected, the first and the last of them get their answers."""
    laptop.open_files_allowed()  # this process holds the phones' ends
    port = _free_port()
    process = _start(database, port)
    phones: list[socket.socket] = []
    try:
        assert wait_for(lambda: _answers(port) or process.poll() is not None, seconds=60)
        for _ in range(1050):
            phones.append(socket.create_connection(("127.0.0.1", port), timeout=20))
        for phone in phones[:5] + phones[-5:]:
            phone.sendall(b"GET /anmelden HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert phone.recv(64).startswith(b"HTTP/1.1 302 ")  # to the set-up page
    finally:
        for phone in phones:
            phone.close()
        output = _stop(process)
    assert console.ENDED in output


def test_hall_addresses_leave_out_loopback_and_self_assigned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(laptop, "default_route_address", lambda: "192.168.1.20")
    monkeypatch.setattr(
        laptop, "host_addresses", lambda: ["127.0.1.1", "169.254.3.4", "10.0.0.7", "192.168.1.20"]
    )
    assert laptop.hall_addresses("0.0.0.0") == ["192.168.1.20", "10.0.0.7"]
    assert laptop.hall_addresses("10.0.0.7") == ["10.0.0.7"]
    assert laptop.hall_addresses("127.0.0.1") == []
    lines = laptop.banner("0.0.0.0", 5000, None, ["192.168.1.20", "10.0.0.7"])
    assert "Adresse für die Telefone im Saal: http://192.168.1.20:5000/" in lines
    assert "  auch erreichbar unter: http://10.0.0.7:5000/" in lines
    monkeypatch.setattr(laptop, "default_route_address", lambda: None)
    monkeypatch.setattr(laptop, "host_addresses", lambda: ["127.0.1.1"])
    assert laptop.banner("0.0.0.0", 5000, None, laptop.hall_addresses("0.0.0.0"))[1] == (
        console.BANNER_NO_NETWORK
    )


# ------------------------------------------------------------------ the cards' address


@pytest.fixture
def drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Any]:
    """An app with round 1 drawn, signed in as Turnierleitung: (client, cards, overview)."""

    def make(**config: Any) -> tuple[Any, str, str]:
        monkeypatch.delenv("PUBLIC_URL", raising=False)
        app = create_app({"TESTING": True, **config}, instance_path=str(tmp_path / "instance"))
        with app.app_context():
            flask_migrate.upgrade()
        client = app.test_client()
        sign_in(app, client)
        tournament_id = create_tournament(client)
        paste_players(client, tournament_id, "\n".join(player_names(8)))
        draw_round(client, tournament_id, seed=1)
        base = f"/turniere/{tournament_id}/runden/1"
        return client, f"{base}/tischkarten", f"{base}/uebersicht"

    return make


def _codes(page: str) -> list[str]:
    return re.findall(r'<code class="access-code">([^<]+)</code>', page)


def test_cards_and_overview_carry_the_configured_address(drawn: Callable[..., Any]) -> None:
    client, cards_url, overview_url = drawn(PUBLIC_URL=HALL + "/")
    cards = client.get(cards_url).get_data(as_text=True)
    overview = client.get(overview_url).get_data(as_text=True)
    codes = _codes(overview)
    assert len(codes) == 2
    for code in codes:
        link = f"{HALL}/tisch/{code}/"
        assert f'<a href="{link}">{link}</a>' in cards
        assert f'href="{link}"' in overview
        # the QR code of exactly this link, on the card of one of the two tables
        assert any(
            str(qr.svg(link, title=f"QR-Code: Liste von Tisch {n}")) in cards for n in (1, 2)
        )
    assert f'<span class="card-url">{HALL}/tisch</span>' in cards
    assert "127.0.0.1" not in cards and "localhost" not in cards
    assert WARNING not in cards and WARNING not in overview


def _as_host(client: Any, url: str, host: str) -> str:
    """The page at ``url`` asked for at ``host`` (the session cookie goes along)."""
    session = client.get_cookie("session")
    client.set_cookie("session", session.value, domain=urlsplit(f"//{host}").hostname)
    return str(client.get(url, headers={"Host": host}).get_data(as_text=True))


def test_a_loopback_address_is_named_on_cards_and_overview(drawn: Callable[..., Any]) -> None:
    """Without ``PUBLIC_URL`` the request's host is the address: a loopback one is named."""
    client, cards_url, overview_url = drawn()
    for host in ("127.0.0.1:5000", "localhost:5000", "[::1]:5000"):
        for url in (cards_url, overview_url):
            page = _as_host(client, url, host)
            assert (
                f"{WARNING}: http://{host}/ (sie gilt nur auf diesem Computer). "
                "Doko-Turnier ohne --host 127.0.0.1 starten" in page
            ), (host, url)
    for url in (cards_url, overview_url):
        page = _as_host(client, url, "192.168.1.20:5000")
        assert WARNING not in page
        assert "http://192.168.1.20:5000/tisch/" in page


def test_the_address_can_come_from_the_environment() -> None:
    assert from_environment({"PUBLIC_URL": HALL})["PUBLIC_URL"] == HALL
    assert "PUBLIC_URL" not in from_environment({"PUBLIC_URL": ""})


# ------------------------------------------------------------------ killed under load

GAMES = 12  # per table: normal games only, none of them a Pflichtsolo's place yet
SAVED = re.compile(r"#inhalt$")


@dataclass
class Table:
    number: int
    code: str
    keys: list[str]
    acknowledged: list[int] = field(default_factory=list)  # game indexes answered "saved"
    failures: list[str] = field(default_factory=list)


def _game(table: Table, index: int) -> list[tuple[str, str]]:
    """Game ``index`` of the table: a normal game, told apart from the others by its eyes."""
    re_pair = [table.keys[index % 4], table.keys[(index + 1) % 4]]
    return [
        ("kind", "normal"),
        *(("re", key) for key in re_pair),
        ("eyes_party", "re"),
        ("eyes", str(121 + index)),
        ("schwarz", ""),
        ("re_call", ""),
        ("kontra_call", ""),
    ]


class Keeper:
    """A list-keeper's phone: its cookies, one request at a time."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, fields: list[tuple[str, str]] | None = None
    ) -> tuple[int, str, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        try:
            headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
            body = None
            if fields is not None:
                headers["Content-Type"] = "application/x-www-form-urlencoded"
                body = urlencode(fields)
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return response.status, response.headers.get("Location") or "", text
        finally:
            connection.close()


def _hidden(page: str, action: str) -> list[tuple[str, str]]:
    form = form_on(page, action)
    return [(k, form.fields[k]) for k in ("csrf_token", "version") if k in form.fields]


def _save(keeper: Keeper, table: Table, index: int) -> bool:
    """Open the list, preview game ``index``, confirm it: whether the app said "saved"."""
    page_path = f"/tisch/{table.code}/"
    action = page_path + "spiel"
    status, _, page = keeper.request("GET", page_path)
    assert status == 200, page
    status, _, preview = keeper.request(
        "POST", action, [*_hidden(page, action), *_game(table, index)]
    )
    assert status == 200 and 'class="points-line"' in preview, preview
    confirmed = [*_hidden(preview, action), *_game(table, index), ("confirmed", "1")]
    status, location, _ = keeper.request("POST", action, confirmed)
    return status == 302 and bool(SAVED.search(location))


def _stored(database: Path, table: Table) -> list[int]:
    """The eyes of the games stored at the table, in order, as game indexes."""
    with sqlite3.connect(database, timeout=30) as connection:
        rows = connection.execute(
            "SELECT e.record FROM list_entry e JOIN round_table t ON e.table_id = t.id "
            "WHERE t.number = ? ORDER BY e.number",
            (table.number,),
        ).fetchall()
    return [int(json.loads(record)["re_eyes"]) - 121 for (record,) in rows]


def _keep_saving(port: int, database: Path, table: Table, stop: threading.Event) -> None:
    """Save the table's games one after another; after a failed request look at the stored
    list (as the keeper would on the restarted server) and go on from there."""
    keeper = Keeper(port)
    index = 0
    while index < GAMES and not stop.is_set():
        try:
            if _save(keeper, table, index):
                table.acknowledged.append(index)
                index += 1
                continue
            table.failures.append(f"game {index} not saved")
            return
        except (OSError, http.client.HTTPException):
            time.sleep(0.05)
            index = len(_stored(database, table))
        except AssertionError as error:
            if not _answers(port):  # the server died mid-answer
                index = len(_stored(database, table))
                continue
            table.failures.append(f"game {index}: {error}"[:300])
            return


@pytest.fixture
def tables_drawn(database: Path, monkeypatch: pytest.MonkeyPatch) -> list[Table]:
    """Round 1 of 16 players started in ``database``: four tables with their codes."""
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    app: Flask = create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"},
        instance_path=str(database.parent / "instance"),
    )
    with app.app_context():
        flask_migrate.upgrade()
    client = app.test_client()
    sign_in(app, client)
    tournament_id = create_tournament(client)
    paste_players(client, tournament_id, "\n".join(player_names(16)))
    draw_round(client, tournament_id, seed=3)
    round_action(client, tournament_id, 1, "starten")
    with app.app_context():
        round_ = db.session.execute(select(Round)).scalar_one()
        found = [
            Table(
                t.number,
                str(t.access_code),
                [str(s.registration.start_number) for s in t.seats],
            )
            for t in round_.tables
        ]
        db.engine.dispose()
    return found


def test_ctrl_c_ends_the_open_pages_streams_and_the_worker_stops_by_itself(
    database: Path, tables_drawn: list[Table]
) -> None:
    """Spectators' pages hold their streams open (``tournament.web.push``): Ctrl+C ends each
    of them, so the worker stops by itself instead of being killed when granian's patience
    ends (30 s after Ctrl+C)."""
    port = _free_port()
    process = _start(database, port)
    try:
        assert wait_for(lambda: _answers(port) or process.poll() is not None, seconds=60)
        streams = []
        for _ in range(3):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            connection.request(
                "GET", "/turniere/1/stand?stand=x", headers={"Accept": "text/event-stream"}
            )
            response = connection.getresponse()
            assert response.status == 200
            assert response.getheader("Content-Type") == "text/event-stream"
            assert b"event: page" in response.read1(1 << 16)  # the page of the day's state
            streams.append(response)
        os.killpg(process.pid, signal.SIGINT)
        # Each stream ends as a response ends (its last chunk), not cut off.
        assert all(b"event: page" not in response.read() for response in streams)
        output, _ = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate(timeout=30)
    assert process.returncode == 0, output
    assert "refused to gracefully stop" not in output, output
    assert "Traceback" not in output, output


def test_killed_under_load_and_restarted_no_acknowledged_save_is_lost_or_doubled(
    database: Path, tables_drawn: list[Table]
) -> None:
    port = _free_port()
    stop = threading.Event()
    process = _start(database, port, "--host", "127.0.0.1")
    keepers = [
        threading.Thread(target=_keep_saving, args=(port, database, table, stop))
        for table in tables_drawn
    ]
    try:
        assert wait_for(lambda: _answers(port), seconds=60)
        for keeper in keepers:
            keeper.start()
        saved_at_kill = 0
        for _ in range(2):
            # Killed while the tables are saving: after a few more saves than last time.
            _wait_for_saves(tables_drawn, saved_at_kill + 6)
            saved_at_kill = _acknowledged(tables_drawn)
            process.kill()  # kill -9: no clean-up at all
            process.communicate(timeout=30)
            process = _start(database, port, "--host", "127.0.0.1")
            assert wait_for(lambda: _answers(port), seconds=60)
        for keeper in keepers:
            keeper.join(120)
    finally:
        stop.set()
        if process.poll() is None:
            output = _stop(process)
            assert process.returncode == 0, output
    assert not [t.failures for t in tables_drawn if t.failures]
    for table in tables_drawn:
        stored = _stored(database, table)
        # Every acknowledged game once, in order; a game whose answer the kill cut off at
        # most once (then the keeper went on after it).
        assert stored == list(range(GAMES)), (table.number, stored)
        assert set(table.acknowledged) <= set(stored)
    assert _acknowledged(tables_drawn) > saved_at_kill  # saving went on after the last kill


def _acknowledged(tables: list[Table]) -> int:
    return sum(len(t.acknowledged) for t in tables)


def _wait_for_saves(tables: list[Table], count: int) -> None:
    assert wait_for(lambda: _acknowledged(tables) >= count, seconds=60)
