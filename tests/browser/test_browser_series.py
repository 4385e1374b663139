"""The season series in a real browser, on both servers (waitress on SQLite, gunicorn on
PostgreSQL): a season of five tournaments with 30 players (some missing some evenings, two
namesakes); the public series page on a phone shows, by each counting rule and measure, the
standings a computation in ``tests/support/season.py`` makes from the tournaments' own
standings; the page fits the phone (no axe finding, 44 px targets) and follows a change by
itself."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.support.accessibility import fits_the_phone
from tests.support.scorelist_browser import Devices, Site
from tests.support.season import (
    PLAYERS,
    SETTINGS,
    build_season,
    create_series,
    expected_standings,
)
from tests.support.webapp import submit

_ROWS = """() => [...document.querySelectorAll('table.series-standings tbody tr')].map(tr => [
    tr.cells[0].textContent.trim(),
    tr.querySelector('th').firstChild.textContent.trim(),
    (tr.querySelector('th small.club') || {textContent: ''}).textContent.trim(),
    tr.querySelector('td.total').textContent.trim(),
])"""


def _shown(page: Page) -> dict[tuple[str, str], tuple[str, str]]:
    rows: list[list[str]] = page.evaluate(_ROWS)
    return {(name.split(" (")[0], club): (rank, value) for rank, name, club, value in rows}


def test_the_series_page_shows_the_season_by_each_rule_on_a_phone(
    site: Site, devices: Devices
) -> None:
    season = build_season(site.app, site.client)
    phone = devices.open(phone=True)
    first: dict[str, Any] | None = None
    for rule in SETTINGS.values():
        series_id = create_series(site.client, season, rule)
        phone.goto(f"/jahreswertungen/{series_id}")
        expect(phone.locator("table.series-standings tbody tr")).to_have_count(PLAYERS)
        assert _shown(phone) == expected_standings(site.client, season, rule), rule
        if first is None:
            first = rule
            fits_the_phone(phone)


def test_the_series_page_follows_a_change_by_itself(site: Site, devices: Devices) -> None:
    season = build_season(site.app, site.client)
    series_id = create_series(site.client, season, SETTINGS["all-total"])
    phone = devices.open(phone=True)
    phone.goto(f"/jahreswertungen/{series_id}")
    phone.evaluate("window.notReloaded = true")
    content = phone.locator("#stand-inhalt")
    expect(content).to_contain_text("Clubabend 5")
    path = f"/jahreswertungen/{series_id}/bearbeiten"
    submit(site.client, path, f"/jahreswertungen/{series_id}/turniere/{season[4]}/entfernen")
    expect(content).not_to_contain_text("Clubabend 5")
    assert phone.evaluate("window.notReloaded") is True
