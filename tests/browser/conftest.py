"""Fixtures of the browser tests: Debian's Chromium (one per worker), the app served on a
fresh database by each of the two servers, and a test's browser tabs (kept for the module's
next test after a test that passed, unless it is marked ``fresh_tabs``).

A module whose pages are the same on either server narrows ``site`` to doko-turnier on SQLite
with ``pytestmark = ONE_SERVER`` (``tests/support/browser.py``)."""

from __future__ import annotations

from collections.abc import Generator, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import SERVERS, chromium, served_on
from tests.support.scorelist_browser import LEITUNG, SCHIRI, Devices, Site, Tabs, sign_in
from tests.support.webapp import add_account, log_in
from tournament.models import Role

# An expectation waits as long as a page's actions do (Devices.open): on a loaded machine a
# served page can take seconds; how soon pages answer is measured in bench/, not here.
expect.set_options(timeout=15_000)

#: Whether a test's own part (not its set-up or teardown) passed: only then are its tabs kept.
PASSED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.when == "call":
        item.stash[PASSED] = report.passed
    return report


@pytest.fixture(scope="module", params=SERVERS)
def site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Site]:
    instance = tmp_path_factory.mktemp("scorelists") / "instance"
    with served_on(request.param, instance, request) as (app, url):
        add_account(app, LEITUNG)
        add_account(app, SCHIRI, role=Role.SCHIEDSRICHTER)
        client = app.test_client()
        assert log_in(client, LEITUNG).status_code == 302
        yield Site(app, url, client)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One Chromium for all the browser tests of a worker: starting it and Playwright's driver
    cost a second of CPU, and each test has contexts of its own."""
    with chromium() as browser:
        yield browser


@pytest.fixture(scope="module")
def tabs(browser: Browser, site: Site) -> Iterator[Tabs]:
    kept = Tabs(browser, site.url)
    yield kept
    kept.close()


@pytest.fixture
def devices(request: pytest.FixtureRequest, browser: Browser, site: Site) -> Iterator[Devices]:
    fresh = request.node.get_closest_marker("fresh_tabs") is not None
    found = Devices(browser, site.url, None if fresh else request.getfixturevalue("tabs"))
    yield found
    found.close(keep=request.node.stash.get(PASSED, False))
    assert found.errors == [], f"script errors on the pages: {found.errors}"


@pytest.fixture
def leitung_phone(devices: Devices) -> Page:
    """The Turnierleitung's phone (390×844), signed in."""
    page = devices.open(phone=True)
    sign_in(page, LEITUNG)
    return page
