"""The DDV ranking report on the Turnierleitung's phone (390×844): a 32-player, 3-round DDV
tournament played through the app, one player without DDV number; the tournament page links
to the report, the report page names the finding with its source, lists every player and
offers both files; it fits the phone, its controls are 44 px touch targets and axe-core finds
nothing serious or critical. Served by doko-turnier on SQLite (``tests/support/browser.py``; the
page is the same on gunicorn)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.support.accessibility import fits_the_phone
from tests.support.browser import ONE_SERVER
from tests.support.scorelist_browser import Site
from tests.support.webapp import (
    complete_lists,
    create_tournament,
    draw_round,
    paste_players,
    round_action,
)
from tournament.texts import ddv_report as words

pytestmark = ONE_SERVER

PLAYERS = 32


def _played(site: Site) -> int:
    """32 players, all with a DDV number but player 7; three rounds played and closed."""
    tid = create_tournament(site.client, "Ranglistenturnier", rounds=3)
    lines = [
        f"Spieler {i:03d}; Verein {i % 4}; {'' if i == 7 else 20000 + i}" for i in range(1, 33)
    ]
    paste_players(site.client, tid, "\n".join(lines))
    for number in (1, 2, 3):
        draw_round(site.client, tid, seed=number)
        round_action(site.client, tid, number, "starten")
        complete_lists(site.app, tid, number, seed=number)
        round_action(site.client, tid, number, "abschliessen")
    return tid


def test_the_report_page_names_its_findings_on_a_phone(site: Site, leitung_phone: Page) -> None:
    tid = _played(site)
    page = leitung_phone
    page.goto(f"/turniere/{tid}")
    page.get_by_role("link", name=words.LINK).click()
    expect(page.get_by_role("heading", name=words.TITLE, exact=True)).to_be_visible()
    expect(page.locator(".ddv-status")).to_have_text(words.QUALIFIES)
    finding = page.locator('[data-check="ddv_missing"]')
    expect(finding).to_contain_text("Spieler 007 (Nr. 7) hat keine DDV-Nr.")
    expect(finding).to_contain_text(words.SOURCES[words.Check.DDV_MISSING])
    expect(page.locator("table.ddv-rows tbody tr")).to_have_count(PLAYERS)
    expect(page.get_by_role("link", name=words.CSV_LINK)).to_be_visible()
    expect(page.get_by_role("link", name=words.XLSX_LINK)).to_be_visible()
    fits_the_phone(page)
    with page.expect_download() as download:
        page.get_by_role("link", name=words.XLSX_LINK).click()
    assert download.value.suggested_filename == f"ddv-rangliste-{tid}-2026-11-21.xlsx"
