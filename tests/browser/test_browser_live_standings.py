"""The standings follow a saved game by themselves: a spectator's phone with the overall or
the round's standings open, and the projector, show the new points without a reload, on both
servers of ``tests/support/browser.py`` (doko-turnier on SQLite, two gunicorn workers on
PostgreSQL); how soon is ``bench/projector_live.py``'s figure, not a test's. The projector
pages through standings that do not fit its screen.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.support.scorelist_browser import (
    Devices,
    Site,
    engine_points,
    enter_game,
    new_round,
    normal,
    open_with_code,
    simulated,
    store,
    tables_of,
)
from tests.support.webapp import create_tournament, draw_round, flashes, paste_players, round_action


@pytest.mark.fresh_tabs
def test_a_game_saved_at_a_table_appears_on_the_open_standings(
    site: Site, devices: Devices
) -> None:
    [table] = new_round(site, 4)
    overall = devices.open()
    overall.goto(f"/turniere/{table.tid}/stand")
    one_round = devices.open(phone=True)
    one_round.goto(f"/turniere/{table.tid}/runden/1/stand")
    projector = devices.open()
    projector.set_viewport_size({"width": 1920, "height": 1080})
    projector.goto(f"/turniere/{table.tid}/leinwand")
    a, b = table.keys[0], table.keys[2]
    record = engine_points(table, [], normal((a, b), 150))
    keeper = devices.open(phone=True)
    open_with_code(keeper, table)
    enter_game(keeper, table, record)
    points = record["points"][a]
    assert points > 0
    for page in (overall, one_round, projector):
        row = page.locator(
            "table.standings tr", has=page.get_by_role("rowheader").filter(has_text=table.names[a])
        )
        # The pages ask every 1.5 s; how soon they show it is bench/projector_live.py's figure.
        expect(row.locator("td.total")).to_have_text(str(points))
        # The row that changed is marked for a while.
        expect(row).to_have_class("changed")
    expect(projector.locator(".projector-latest li").first).to_contain_text("Tisch 1 · Spiel 1")
    expect(overall.locator(".provisional")).to_contain_text("1 von 24 Spielen eingetragen")
    # Nothing was reloaded: each page is still the one document it opened as.
    for page in (overall, one_round, projector):
        assert page.evaluate("performance.getEntriesByType('navigation').length") == 1


def _big_tournament(site: Site, players: int) -> int:
    """A tournament of ``players`` players, round 1 running, half of its lists complete."""
    n = next(site.numbers)
    tid = create_tournament(site.client, f"Leinwandturnier {n}")
    first = ("Anna", "Ben", "Cem", "Dora", "Emil", "Frida", "Gero", "Hanna", "Ida", "Jan")
    last = ("Albers", "Brandt", "Claussen", "Dietz", "Engel")
    pairs = itertools.islice(itertools.product(first, last), players)
    names = [f"{a} {b}-{n}" for a, b in pairs]  # new people: names are unique
    page = paste_players(site.client, tid, "\n".join(names))
    assert f"{players} Spieler angemeldet." in flashes(page.get_data(as_text=True))
    draw_round(site.client, tid, seed=n)
    round_action(site.client, tid, 1, "starten")
    for table in tables_of(site, tid)[::2]:
        store(site, table, simulated(table, table.number))
    return tid


# What the projector shows at one moment: its "Seite n von m", the names of the rows shown
# and their lower edges (read at once: the page turns by itself).
SHOWN = """() => {
  const rows = Array.from(document.querySelectorAll(".projector-table tbody tr"))
    .filter((row) => row.checkVisibility());
  return {
    status: document.querySelector("[data-pager-status]").textContent,
    rows: rows.map((row) => row.querySelector("th").innerText),
    bottoms: rows.map((row) => row.getBoundingClientRect().bottom),
  };
}"""


def _pages_shown(page: Page, pages: int) -> dict[int, dict[str, Any]]:
    """What each of the projector's ``pages`` pages shows, as it turns them by itself (a page
    missed on a slow machine is seen on the next round)."""
    status = page.locator("[data-pager-status]")
    shown: dict[int, dict[str, Any]] = {}
    for _ in range(4 * pages):
        now: dict[str, Any] = page.evaluate(SHOWN)
        found = re.fullmatch(rf"Seite (\d+) von {pages}", now["status"])
        assert found, now["status"]
        shown.setdefault(int(found.group(1)), now)
        if len(shown) == pages:
            break
        expect(status).not_to_have_text(now["status"])  # the next page
    assert sorted(shown) == list(range(1, pages + 1)), sorted(shown)
    return shown


@pytest.mark.fresh_tabs
def test_the_projector_pages_through_standings_that_do_not_fit(
    site: Site, devices: Devices
) -> None:
    tid = _big_tournament(site, 41)
    for width, height, type_px in ((1920, 1080, 26), (1280, 720, 18)):
        page = devices.open()
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"/turniere/{tid}/leinwand?sekunden=3")
        status = page.locator("[data-pager-status]")
        expect(status).to_have_text(re.compile(r"Seite 1 von [2-9]"))
        pages = int(status.inner_text().rsplit(" ", 1)[1])
        # Nothing scrolls: the page is the screen, every row shown lies inside it.
        assert page.evaluate("document.documentElement.scrollHeight") <= height
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        size = page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('.projector-table td')).fontSize)"
        )
        assert size >= type_px, (width, size)
        seen: list[str] = []
        for number, now in sorted(_pages_shown(page, pages).items()):
            rows = now["rows"]
            assert rows and not set(rows) & set(seen), number
            assert max(now["bottoms"]) <= height, number
            seen += rows
        assert len(seen) == 41
        # It goes round: the first page comes again.
        expect(status).to_have_text(f"Seite 1 von {pages}")
