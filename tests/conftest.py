"""What every folder of the tests shares: the tiers (markers), and the web app on both databases.

Tiers. A test that needs something slow or outside Python is marked for it here, from the
fixtures it uses, never by hand:

- ``browser``: Debian's Chromium (the ``browser`` fixture, ``tests/browser/conftest.py``);
- ``postgresql``: the throwaway PostgreSQL cluster (the ``[postgresql]`` variant of an app
  test, a site served by gunicorn on PostgreSQL, or the ``postgres_cluster`` fixture);
- ``libreoffice``: LibreOffice Calc (the ``libreoffice`` fixture, ``tests/files/conftest.py``);
- ``server``: the app's servers as processes (every test in ``tests/server/``).

``make check`` runs the tests with none of these marks
(``pytest -m "not (browser or postgresql or libreoffice or server)"``); ``make test`` runs all.

The web app. Each app test gets a fresh app with its own temporary instance folder (so the
generated secret key is the app's default) and runs once on each database backend, test ids
``[sqlite]`` and ``[postgresql]``:

- ``sqlite``: the app's default, a SQLite file in the instance folder;
- ``postgresql``: a fresh database of its own in a throwaway PostgreSQL 15 cluster that the
  session starts on first use and deletes at its end (``tests/support/postgres.py``, which also
  says how to skip these variants where PostgreSQL is not installed: ``DOKO_TEST_POSTGRES=0``).

``unmigrated_app`` starts on an empty database; ``app`` (and ``client``) on one built by the
real Alembic migrations, which run once per session (per xdist worker) and are copied for each
test (``tests/support/apps.py``).

A test that checks something only SQLite has is marked ``@pytest.mark.sqlite_only``: it runs
on SQLite alone; ``@pytest.mark.postgresql_only`` likewise.

Flask and the app are imported only when a test asks for an app, so that the engine's and the
draw's tests run without them.
"""

from __future__ import annotations

import gc
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import pytest

from tournament.config import INSTANCE_PATH_VARIABLE

if TYPE_CHECKING:
    from flask import Flask
    from flask.testing import FlaskClient

    from tests.support import postgres

BACKENDS = ("sqlite", "postgresql")

TIERS = {
    "browser": "drives Debian's Chromium (uses the browser fixture)",
    "postgresql": "runs on the throwaway PostgreSQL cluster",
    "libreoffice": "opens files in LibreOffice Calc (uses the libreoffice fixture)",
    "server": "starts the app's servers as processes (tests/server/)",
}
SERVER_FOLDER = Path(__file__).parent / "server"
POSTGRES_SITE = "gunicorn-postgresql"  # of tests.support.browser.SERVERS


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "sqlite_only: checks something only SQLite has; not run on PostgreSQL"
    )
    config.addinivalue_line(
        "markers", "postgresql_only: checks something only PostgreSQL has; not run on SQLite"
    )
    config.addinivalue_line(
        "markers",
        "fresh_tabs: changes its browser tabs for good (routes, offline, media, size); "
        "they are not kept for the next test (tests/browser/conftest.py)",
    )
    for name, meaning in TIERS.items():
        config.addinivalue_line("markers", f"{name}: {meaning}; set by tests/conftest.py")


#: The collector's first generation: 50,000 new objects rather than Python's 700 before it runs.
GC_THRESHOLD = (50_000, 50, 100)
GC_DEFAULT = gc.get_threshold()
#: The order the files run in, by their slowest tier: the slow tiers first, so that the files
#: that take longest are not left for the end, when one worker runs them and the others wait.
TIER_ORDER = ("server", "browser", "libreoffice", "postgresql")


class Collector:
    """The collector's settings for the test about to run. A test that needs no browser and no
    server process collects less often: what is loaded by then (the modules, the collected
    tests) is kept out of every later collection (``gc.freeze``), and the first generation runs
    after 50,000 new objects. Each app test makes an app and hundreds of thousands of objects;
    with Python's defaults the collector took an eighth of the app tests' time (three app test
    files, one process: 32.9 s -> 28.8 s of CPU). A browser or server test runs with Python's
    defaults, after a collection: a socket or file in a reference cycle is closed only when a
    collection frees it, and a test process that holds a hall's connections must stay under
    its limit of open files."""

    def __init__(self) -> None:
        self.sparing = False

    def before(self, item: pytest.Item) -> None:
        sparing = not {"browser", "server"} & set(tiers_of(item))
        if sparing == self.sparing:
            return
        self.sparing = sparing
        if sparing:
            gc.collect()
            gc.freeze()
            gc.set_threshold(*GC_THRESHOLD)
        else:
            gc.unfreeze()
            gc.set_threshold(*GC_DEFAULT)
            gc.collect()


COLLECTOR = Collector()


def pytest_runtest_setup(item: pytest.Item) -> None:
    COLLECTOR.before(item)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        marked = metafunc.definition.get_closest_marker
        backends = BACKENDS
        if marked("sqlite_only") is not None:
            backends = BACKENDS[:1]
        elif marked("postgresql_only") is not None:
            backends = BACKENDS[1:]
        metafunc.parametrize("backend", backends, indirect=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test with its tiers, and run the files of the slowest tier first
    (``TIER_ORDER``), among those of a tier the files with more tests first; the tests of a
    file keep their order. With ``--dist loadfile --no-loadscope-reorder`` the workers take
    the files in this order (the Makefile)."""
    rank: dict[Path, int] = {}
    count: dict[Path, int] = {}
    for item in items:
        tiers = tiers_of(item)
        for tier in tiers:
            item.add_marker(tier)
        found = next((n for n, tier in enumerate(TIER_ORDER) if tier in tiers), len(TIER_ORDER))
        rank[item.path] = min(found, rank.get(item.path, found))
        count[item.path] = count.get(item.path, 0) + 1
    items.sort(key=lambda item: (rank[item.path], -count[item.path]))


def tiers_of(item: pytest.Item) -> list[str]:
    """The tiers of a test, from the fixtures it uses (and, for servers, its folder)."""
    fixtures = set(getattr(item, "fixturenames", ()))
    callspec = getattr(item, "callspec", None)
    params = callspec.params if callspec is not None else {}
    found = [name for name in ("browser", "libreoffice") if name in fixtures]
    # The app's variant on PostgreSQL, or a site served by gunicorn on PostgreSQL
    # (tests/support/browser.py).
    on_postgres = params.get("backend") == "postgresql" or params.get("site") == POSTGRES_SITE
    if on_postgres or "postgres_cluster" in fixtures:
        found.append("postgresql")
    if item.path.is_relative_to(SERVER_FOLDER):
        found.append("server")
    return found


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The database backend of this test run: ``"sqlite"`` or ``"postgresql"``."""
    from tests.support import postgres

    name: str = request.param
    if name == "postgresql" and postgres.opted_out():
        pytest.skip(f"PostgreSQL tests switched off ({postgres.OPT_OUT_VARIABLE}=0)")
    return name


@pytest.fixture(scope="session", autouse=True)
def _instance_folder_of_the_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """An app that a test (or a server it starts) builds without naming its instance folder
    keeps its files in a temporary one, never in the checkout's ``instance/``."""
    folder = tmp_path_factory.mktemp("instance")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(INSTANCE_PATH_VARIABLE, str(folder))
        yield


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[postgres.Cluster]:
    """The throwaway PostgreSQL cluster of this session (of this xdist worker)."""
    from tests.support import postgres

    if postgres.opted_out():
        pytest.skip(f"PostgreSQL tests switched off ({postgres.OPT_OUT_VARIABLE}=0)")
    problem = postgres.missing_binaries()
    if problem:
        pytest.fail(problem, pytrace=False)
    cluster = postgres.Cluster()
    # Killed by SIGTERM (a CI time limit), pytest would exit without stopping the server:
    # as an interrupt, the session ends through its finalizers.
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
        signal.signal(signal.SIGTERM, previous)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


@pytest.fixture(scope="session")
def postgres_template(
    postgres_cluster: postgres.Cluster, tmp_path_factory: pytest.TempPathFactory
) -> str:
    """A database built by the migrations, the template for each test's migrated database."""
    from tests.support import apps

    with pytest.MonkeyPatch.context() as monkeypatch:
        return apps.migrated_postgres(
            postgres_cluster, tmp_path_factory.mktemp("template"), monkeypatch
        )


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file built by the migrations, copied for each test's migrated database."""
    from tests.support import apps

    with pytest.MonkeyPatch.context() as monkeypatch:
        return apps.migrated_sqlite(tmp_path_factory.mktemp("sqlite-template"), monkeypatch)


@pytest.fixture
def instance_dir(tmp_path: Path) -> Path:
    return tmp_path / "instance"


@pytest.fixture
def unmigrated_app(
    request: pytest.FixtureRequest,
    backend: str,
    instance_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Flask]:
    """The app on an empty database."""
    from tests.support import apps

    yield from apps.on_backend(request, backend, instance_dir, monkeypatch, migrated=False)


@pytest.fixture
def app(
    request: pytest.FixtureRequest,
    backend: str,
    instance_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Flask]:
    """The app on a database built by the migrations (a copy of the session's)."""
    from tests.support import apps

    yield from apps.on_backend(request, backend, instance_dir, monkeypatch, migrated=True)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
