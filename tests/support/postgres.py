"""A throwaway PostgreSQL 15 cluster for the tests, so the data layer is tested on it too.

The web-app tests run on SQLite and on PostgreSQL (see ``conftest.py``). For PostgreSQL the
first test that needs it starts a private cluster: ``initdb`` and ``pg_ctl`` from
``/usr/lib/postgresql/15/bin`` (Debian package ``postgresql-15``; ``make test`` installs it),
run as the ``postgres`` OS user when the tests run as root. The cluster lives in a fresh
temporary folder (in memory, under ``/dev/shm``, where there is one), trusts every local
connection, listens only on 127.0.0.1 on a free port (its socket is in that folder too) and
skips fsync, since its data is thrown away: at the end of the session it is stopped
(``pg_ctl stop -m immediate``) and deleted, failed tests or not. Every test gets its own
database in it.

Without the binaries the PostgreSQL variants of the tests fail with a message saying what to
install. ``DOKO_TEST_POSTGRES=0`` skips them instead (explicit opt-out, e.g. on a machine
where PostgreSQL cannot be installed); any other value, or none, runs them.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg
from psycopg import sql

BIN_DIR = Path("/usr/lib/postgresql/15/bin")
OS_USER = "postgres"
SUPERUSER = "postgres"
OPT_OUT_VARIABLE = "DOKO_TEST_POSTGRES"

# The data is thrown away, so crash safety is not needed, only speed.
SETTINGS = {
    "listen_addresses": "127.0.0.1",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
}


def opted_out() -> bool:
    """True if ``DOKO_TEST_POSTGRES=0``: the PostgreSQL variants of the tests are skipped."""
    return os.environ.get(OPT_OUT_VARIABLE, "").strip() == "0"


def missing_binaries() -> str | None:
    """None if the cluster can be started, otherwise what is missing and how to install it."""
    missing = [name for name in ("initdb", "pg_ctl") if not (BIN_DIR / name).is_file()]
    if missing:
        return (
            f"PostgreSQL 15 server binaries not found ({', '.join(missing)} in {BIN_DIR}). "
            "Install them (Debian/Ubuntu, as root: apt-get install postgresql-15; `make test` "
            f"does that), or set {OPT_OUT_VARIABLE}=0 to skip the PostgreSQL tests."
        )
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(OS_USER)
        except KeyError:
            return (
                f"The tests run as root, but there is no OS user {OS_USER!r} to run PostgreSQL "
                "as (the package postgresql-15 creates it)."
            )
    return None


def _memory_folder() -> str | None:
    """``/dev/shm`` if there is one: in memory, creating a database takes a tenth of the time."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Cluster:
    """A running cluster; ``start()`` it, ``stop()`` it (which also deletes it)."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="doko-test-postgres-", dir=_memory_folder()))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = 0
        self._admin: psycopg.Connection[tuple[object, ...]] | None = None
        self._names = itertools.count(1)
        self._running = False

    # -- life cycle -------------------------------------------------------------------------

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.root, user=OS_USER, group=OS_USER)
        self._run(
            "initdb",
            "--pgdata",
            str(self.data),
            "--username",
            SUPERUSER,
            "--auth",
            "trust",
            "--encoding",
            "UTF8",
            "--locale",
            "C",
            "--no-sync",
        )
        settings = {**SETTINGS, "unix_socket_directories": str(self.root)}
        # Appending keeps the file's owner; the last setting of a name wins.
        with (self.data / "postgresql.conf").open("a", encoding="utf-8") as conf:
            conf.writelines(f"{name} = '{value}'\n" for name, value in settings.items())
        for attempt in range(3):
            self.port = _free_port()
            try:
                self._run(
                    "pg_ctl",
                    "start",
                    "--pgdata",
                    str(self.data),
                    "--log",
                    str(self.log),
                    "--options",
                    f"-p {self.port}",
                )
            except RuntimeError:
                if attempt == 2:  # Else perhaps the port was taken between probe and start.
                    raise
                continue
            self._running = True
            break
        self._admin = psycopg.connect(self._conninfo("postgres"), autocommit=True)

    def stop(self) -> None:
        """Stop at once and delete everything; safe to call more than once."""
        try:
            if self._admin is not None:
                with contextlib.suppress(psycopg.Error):
                    self._admin.close()
                self._admin = None
            if self._running:
                self._running = False
                self._run("pg_ctl", "stop", "--pgdata", str(self.data), "--mode", "immediate")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    # -- databases ---------------------------------------------------------------------------

    def create_database(
        self, prefix: str = "doko_test", *, template: str | None = None, name: str | None = None
    ) -> str:
        """A new database (empty, or a copy of ``template``) named ``name``, else a unique name
        starting with ``prefix``; its name."""
        name = name or f"{prefix}_{next(self._names)}"
        # FILE_COPY copies the files instead of writing them to the WAL: several times
        # faster for a small database, since the checkpoints it needs cost nothing with fsync off.
        statement = sql.SQL("CREATE DATABASE {} STRATEGY FILE_COPY").format(sql.Identifier(name))
        if template is not None:
            statement += sql.SQL(" TEMPLATE {}").format(sql.Identifier(template))
        self._execute(statement)
        return name

    def drop_database(self, name: str) -> None:
        """Drop the database, even if a test left a connection to it open.

        A connection closed just before is still ending in its server process for a moment:
        the drop waits for that in steps of a tenth of a second, which would double the time
        of many app tests on PostgreSQL, so it is waited for here in steps of a millisecond
        (for a twentieth of a second at most, then the drop ends what is left)."""
        assert self._admin is not None, "the cluster is not running"
        for _ in range(50):
            connected = self._admin.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", (name,)
            ).fetchone()
            if not connected or not connected[0]:
                break
            time.sleep(0.001)
        self._execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of a database in this cluster (psycopg 3 driver)."""
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    # -- helpers -----------------------------------------------------------------------------

    def _conninfo(self, database: str) -> str:
        return f"host=127.0.0.1 port={self.port} user={SUPERUSER} dbname={database}"

    def _execute(self, statement: sql.Composed) -> None:
        assert self._admin is not None, "the cluster is not running"
        self._admin.execute(statement)

    def _run(self, program: str, *arguments: str) -> None:
        command = [str(BIN_DIR / program), *arguments]
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root.
            command = ["runuser", "-u", OS_USER, "--", *command]
        result = subprocess.run(
            command,
            cwd=self.root,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            log = self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""
            raise RuntimeError(
                f"{' '.join(command)} failed with exit code {result.returncode}:\n"
                f"{result.stdout}{result.stderr}{log}"
            )
