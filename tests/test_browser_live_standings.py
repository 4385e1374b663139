"""The standings follow a saved game by themselves: a spectator's phone with the overall or
the round's standings open shows the new points without a reload, on both servers of
``tests/browser.py`` (waitress on SQLite, two gunicorn workers on PostgreSQL).
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.test_browser_scorelists import (
    Devices,
    Site,
    browser,
    engine_points,
    enter_game,
    new_round,
    normal,
    open_with_code,
)
from tests.test_browser_scorelists import devices as devices
from tests.test_browser_scorelists import site as site  # both servers

__all__ = ["browser", "devices", "site"]


def test_a_game_saved_at_a_table_appears_on_the_open_standings(
    site: Site, devices: Devices
) -> None:
    [table] = new_round(site, 4)
    overall = devices.open()
    overall.goto(f"/turniere/{table.tid}/stand")
    one_round = devices.open(phone=True)
    one_round.goto(f"/turniere/{table.tid}/runden/1/stand")
    a, b = table.keys[0], table.keys[2]
    record = engine_points(table, [], normal((a, b), 150))
    keeper = devices.open(phone=True)
    open_with_code(keeper, table)
    enter_game(keeper, table, record)
    points = record["points"][a]
    assert points > 0
    for page in (overall, one_round):
        row = page.locator(
            "table.standings tr", has=page.get_by_role("rowheader").filter(has_text=table.names[a])
        )
        expect(row.locator("td.total")).to_have_text(str(points))
    # Nothing was reloaded: each page is still the one document it opened as.
    for page in (overall, one_round):
        assert page.evaluate("performance.getEntriesByType('navigation').length") == 1
