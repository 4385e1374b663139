"""The season series in a real browser, on both servers (doko-turnier on SQLite, gunicorn on
PostgreSQL): a season of five tournaments with 30 players (some missing some evenings, two
namesakes); the public series page on a phone shows, by each counting rule and measure, the
standings a computation in ``tests/support/season.py`` makes from the tournaments' own
standings; the page fits the phone (no axe finding, 44 px targets) and follows a change by
itself. The series on the projector pages through its standings on a wide screen, fits a
phone and follows a change; a player's page lists the series with his tournaments and fits
the phone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

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
from tournament.extensions import db
from tournament.models import Player, Registration

_ROWS = """() => [...document.querySelectorAll('table.series-standings tbody tr')].map(tr => [
    tr.cells[0].textContent.trim(),
    tr.querySelector('th').firstChild.textContent.trim(),
    (tr.querySelector('th small.club') || {textContent: ''}).textContent.trim(),
    tr.querySelector('td.total').textContent.trim(),
])"""


@pytest.fixture(scope="module")
def season(site: Site) -> list[int]:
    """The five played tournaments, built once for the file's tests on each server: each test
    makes series of its own from them and changes only those."""
    return build_season(site.app, site.client)


def _shown(page: Page) -> dict[tuple[str, str], tuple[str, str]]:
    rows: list[list[str]] = page.evaluate(_ROWS)
    return {(name.split(" (")[0], club): (rank, value) for rank, name, club, value in rows}


def test_the_series_page_shows_the_season_by_each_rule_on_a_phone(
    site: Site, devices: Devices, season: list[int]
) -> None:
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


def test_the_series_page_follows_a_change_by_itself(
    site: Site, devices: Devices, season: list[int]
) -> None:
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


# The projector's rows shown at one moment and its "Seite n von m".
_SHOWN = """() => ({
  status: document.querySelector("[data-pager-status]").textContent,
  rows: Array.from(document.querySelectorAll(".projector-table tbody tr"))
    .filter((row) => row.checkVisibility())
    .map((row) => row.querySelector("th").innerText),
})"""


@pytest.mark.fresh_tabs
def test_the_series_projector_pages_follows_a_change_and_fits_a_phone(
    site: Site, devices: Devices, season: list[int]
) -> None:
    series_id = create_series(site.client, season, SETTINGS["best3-total"])
    projector = devices.open()
    projector.set_viewport_size({"width": 1280, "height": 720})
    projector.goto(f"/jahreswertungen/{series_id}/leinwand?sekunden=3")
    projector.evaluate("window.notReloaded = true")
    status = projector.locator("[data-pager-status]")
    expect(status).to_have_text(re.compile(r"Seite 1 von [2-9]"))
    pages = int(status.inner_text().rsplit(" ", 1)[1])
    assert projector.evaluate("document.documentElement.scrollHeight") <= 720
    seen: dict[str, list[str]] = {}
    for _ in range(4 * pages):
        now: dict[str, Any] = projector.evaluate(_SHOWN)
        seen.setdefault(now["status"], now["rows"])
        if len(seen) == pages:
            break
        expect(status).not_to_have_text(now["status"])
    rows = [name for shown in seen.values() for name in shown]
    assert len(rows) == len(set(rows)) == PLAYERS
    # A change of the series reaches the projector by itself.
    latest = projector.locator(".projector-latest")
    expect(latest).to_contain_text("Clubabend 5")
    path = f"/jahreswertungen/{series_id}/bearbeiten"
    submit(site.client, path, f"/jahreswertungen/{series_id}/turniere/{season[4]}/entfernen")
    expect(latest).not_to_contain_text("Clubabend 5")
    assert projector.evaluate("window.notReloaded") is True
    phone = devices.open(phone=True)
    phone.goto(f"/jahreswertungen/{series_id}/leinwand")
    expect(phone.locator(".projector-table tbody tr")).to_have_count(PLAYERS)
    fits_the_phone(phone)


def test_a_player_s_page_lists_the_series_on_a_phone(
    site: Site, devices: Devices, season: list[int]
) -> None:
    series_id = create_series(site.client, season, SETTINGS["best3-total"])
    with site.app.app_context():
        player = db.session.execute(
            select(Player).where(Player.name == "Hans Müller", Player.club == "SC Bonn")
        ).scalar_one()
        numbers = dict(
            db.session.execute(
                select(Registration.tournament_id, Registration.start_number).where(
                    Registration.player_id == player.id, Registration.tournament_id.in_(season)
                )
            ).all()
        )
    tid = season[0]
    phone = devices.open(phone=True)
    phone.goto(f"/turniere/{tid}/startnummer/{numbers[tid]}")
    # The other tests' series of the same tournaments are listed too, each in its own part.
    part = phone.locator(f"section.player-series[aria-labelledby='jahreswertung-{series_id}']")
    expect(part.get_by_role("link", name="Jahreswertung Jahreswertung Kiel")).to_have_attribute(
        "href", f"/jahreswertungen/{series_id}"
    )
    rows = part.locator("table.player-series-tournaments tbody tr")
    expect(rows).to_have_count(len(numbers))
    expect(part.locator("td", has_text="gestrichen")).to_have_count(len(numbers) - 3)
    fits_the_phone(phone)
    # Each tournament's link leads to his page there.
    other = next(t for t in season if t in numbers and t != tid)
    part.get_by_role("link", name=re.compile(f"^Clubabend {season.index(other) + 1}")).click()
    expect(phone).to_have_url(re.compile(rf"/turniere/{other}/startnummer/{numbers[other]}$"))
    expect(phone.locator("h1")).to_have_text(re.compile(r"^Hans Müller \(.*SC Bonn\)$"))
