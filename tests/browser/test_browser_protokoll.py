"""The Protokoll on a phone (390×844) in a real browser: Debian's Chromium driven by
Playwright, the app served by doko-turnier on SQLite (``tests/support/browser.py``).

The log page (all entries and filtered), the before/after page of a corrected game at a table
of five and of a draw: axe-core (``tests/support/accessibility.py``) finds nothing serious or
critical, nothing to tap is under 44 px, Tab reaches every control with a visible focus, and
the page is no wider than the phone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, ViewportSize, expect
from sqlalchemy import select

from tests.support.accessibility import axe_findings, keyboard_gaps, small_targets
from tests.support.browser import served_on
from tests.support.scorelist_browser import LEITUNG, PHONE, Site, new_round, sign_in
from tests.support.scorelists import add_entry, replace_entry
from tests.support.webapp import add_account, log_in
from tournament.domain import list_entries as entries
from tournament.domain.score_lists import Actor
from tournament.extensions import db
from tournament.models import AuditEvent, RoundTable, User


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Site]:
    instance = tmp_path_factory.mktemp("protokoll") / "instance"
    with served_on("laptop-sqlite", instance, request) as (app, url):
        add_account(app, LEITUNG)
        client = app.test_client()
        assert log_in(client, LEITUNG).status_code == 302
        yield Site(app, url, client)


@pytest.fixture(scope="module")
def events(site: Site) -> dict[str, int]:
    """A game saved and corrected at a table of five; the ids of the correction and the draw."""
    table = new_round(site, 5)[0]
    re_players = list(table.keys[1:3])  # position 1 deals the first game and sits out
    with site.app.app_context():
        user = db.session.execute(select(User).where(User.username == LEITUNG)).scalar_one()
        stored = db.session.get_one(RoundTable, table.id)
        actor = Actor(user)
        game = entries.game(kind="normal", re=re_players, re_eyes=130)
        add_entry(actor, stored, stored.version, game)
        db.session.commit()
        corrected = entries.game(kind="normal", re=re_players, re_eyes=90, kontra_call="kontra")
        replace_entry(actor, stored, stored.version, 1, corrected)
        db.session.commit()
        ids = {
            action: db.session.execute(
                select(AuditEvent.id).where(AuditEvent.action == action)
            ).scalar_one()
            for action in ("correct_list_entry", "draw")
        }
    return ids


@pytest.fixture(scope="module")
def phone(browser: Browser, site: Site) -> Iterator[BrowserContext]:
    context = _phone(browser, site)
    yield context
    context.close()


def _phone(browser: Browser, site: Site) -> BrowserContext:
    context = browser.new_context(
        base_url=site.url,
        locale="de-DE",
        viewport=ViewportSize(width=PHONE["width"], height=PHONE["height"]),
    )
    page = context.new_page()
    sign_in(page, LEITUNG)
    page.close()
    return context


PAGES = {
    "log": lambda ids: "/protokoll",
    "log-filtered": lambda ids: "/protokoll?art=listen&turnier=1",
    "correction": lambda ids: f"/protokoll/{ids['correct_list_entry']}",
    "draw": lambda ids: f"/protokoll/{ids['draw']}",
}


@pytest.mark.parametrize("name", PAGES)
def test_the_protokoll_pages_are_accessible_on_a_phone(
    phone: BrowserContext, events: dict[str, int], name: str
) -> None:
    page = phone.new_page()
    try:
        page.goto(PAGES[name](events))
        expect(page.locator("h1")).to_be_visible()
        gaps = keyboard_gaps(page)
        if name == "correction":  # the unchanged fields unfolded too
            page.get_by_text("Unveränderte Felder").click()
            expect(page.get_by_role("rowheader", name="Geber")).to_be_visible()
        findings = axe_findings(page)
        small = small_targets(page)
        width = page.evaluate("document.documentElement.scrollWidth")
    finally:
        page.close()
    assert not findings and not small, f"axe (serious, critical): {findings}; small: {small}"
    assert not gaps, gaps
    assert width <= PHONE["width"]


def test_a_row_opens_the_before_and_after_of_its_change(
    phone: BrowserContext, events: dict[str, int]
) -> None:
    page = phone.new_page()
    try:
        page.goto("/protokoll?art=listen")
        row = page.get_by_role("link", name="Spiel 1 korrigiert von leitung")
        expect(row).to_contain_text("Re 130 → 90 Augen")
        row.click()
        expect(page).to_have_url(re.compile(rf"/protokoll/{events['correct_list_entry']}$"))
        changed = page.locator("table.log-changes").first
        expect(changed.get_by_role("row", name="Augen Re 130 90")).to_be_visible()
        expect(changed.get_by_role("row", name="Ansage Kontra – Kontra")).to_be_visible()
    finally:
        page.close()
