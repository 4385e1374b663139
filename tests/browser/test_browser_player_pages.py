"""The player pages and "Wo sitze ich?" in a real browser on a phone (390×844): the search
filters in place while typing and also without JavaScript, the big print is at least 16 pt on
screen and on paper, the list follows a re-draw by itself, and axe-core
(``tests/support/accessibility.py``) finds nothing serious or critical and no target under 44 px on
the player page, the seat list and its big print. Served by doko-turnier on SQLite
(``tests/support/browser.py``; the pages are the same on gunicorn).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.accessibility import axe_findings, small_targets
from tests.support.browser import served_on
from tests.support.scorelist_browser import (
    LEITUNG,
    PHONE,
    SEED_SHORT,
    Devices,
    Site,
    Table,
    new_round,
    simulated,
    store,
)
from tests.support.webapp import (
    add_account,
    create_tournament,
    draw_round,
    log_in,
    paste_players,
    submit,
)

GAMES = 6  # games on the running list
PT = 4 / 3  # CSS px per pt


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Site]:
    instance = tmp_path_factory.mktemp("player-pages") / "instance"
    with served_on("laptop-sqlite", instance, request) as (app, url):
        add_account(app, LEITUNG)
        client = app.test_client()
        assert log_in(client, LEITUNG).status_code == 302
        yield Site(app, url, client)


@pytest.fixture(scope="module")
def table(site: Site) -> Table:
    """Table 1 of a running round 1 of eight players, a few games on its list."""
    first = new_round(site, 8)[0]
    store(site, first, simulated(first, SEED_SHORT)[:GAMES])
    return first


def _seats(table: Table) -> str:
    return f"/turniere/{table.tid}/runden/1/sitzplaetze"


def _shown(page: Page) -> list[str]:
    return page.locator("#sitzplaetze [data-suche]:visible .player-link").all_inner_texts()


def test_search_filters_the_seat_list_in_place_while_typing(devices: Devices, table: Table) -> None:
    page = devices.open(phone=True)
    page.goto(_seats(table))
    everybody = _shown(page)
    assert len(everybody) == 8
    wanted = table.names[table.keys[1]]
    page.get_by_label("Name oder Startnummer suchen").press_sequentially(wanted[:3].lower())
    expect(page.locator("#sitzplaetze [data-suche]:visible")).to_have_count(
        sum(1 for name in everybody if wanted[:3].lower() in name.lower())
    )
    assert wanted in _shown(page)
    expect(page.locator("[data-seat-count]")).to_have_text(
        re.compile(r"^\d von 8 Spielern gefunden$")
    )
    page.get_by_label("Name oder Startnummer suchen").fill("qqq")
    expect(page.locator("#sitzplaetze [data-suche]:visible")).to_have_count(0)
    expect(page.locator("[data-seat-count]")).to_have_text("Kein Name passt zu dieser Suche.")
    page.get_by_label("Name oder Startnummer suchen").fill(table.keys[2])
    assert _shown(page) == [table.names[table.keys[2]]]
    page.get_by_label("Name oder Startnummer suchen").fill("")
    expect(page.locator("#sitzplaetze [data-suche]:visible")).to_have_count(8)
    # Filtered in place: still the one page it opened as.
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1


def test_search_works_without_javascript(browser: Browser, site: Site, table: Table) -> None:
    context = browser.new_context(
        base_url=site.url, locale="de-DE", viewport=PHONE, java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.goto(_seats(table))
        wanted = table.names[table.keys[0]]
        page.get_by_label("Name oder Startnummer suchen").fill(wanted)
        page.get_by_role("button", name="Suchen").click()
        expect(page).to_have_url(re.compile(r"\?q="))
        assert _shown(page) == [wanted]
        expect(page.locator("[data-seat-count]")).to_have_text("1 von 8 Spielern gefunden")
    finally:
        context.close()


def _font_px(page: Page, selector: str) -> list[float]:
    sizes: list[float] = page.eval_on_selector_all(
        selector, "els => els.map(el => parseFloat(getComputedStyle(el).fontSize))"
    )
    return sizes


@pytest.mark.fresh_tabs
@pytest.mark.parametrize("media", ["screen", "print"])
def test_big_print_is_at_least_16_pt_one_player_a_line(
    devices: Devices, table: Table, media: str
) -> None:
    page = devices.open(phone=media == "screen")
    page.emulate_media(media=media)  # type: ignore[arg-type]
    page.goto(_seats(table) + "?gross=1")
    lines = page.locator(".big-seats li")
    expect(lines).to_have_count(8)
    for selector in (".big-seats li", ".big-seats .player-link", ".big-seats .big-where"):
        sizes = _font_px(page, selector)
        assert sizes and min(sizes) >= 16 * PT - 0.01, (media, selector, sizes)
    # One player a line, one column: every line starts at the same left edge, one below the other.
    boxes = [lines.nth(i).bounding_box() for i in range(8)]
    assert all(box is not None for box in boxes)
    lefts = {round(box["x"]) for box in boxes if box is not None}
    tops = [box["y"] for box in boxes if box is not None]
    assert len(lefts) == 1 and tops == sorted(tops)
    names = page.locator(".big-seats .player-link").all_inner_texts()
    assert names == sorted(names, key=str.casefold)


def test_seat_list_follows_a_redraw(devices: Devices, site: Site) -> None:
    tid = create_tournament(site.client, "Neu gelost")
    paste_players(site.client, tid, "\n".join(f"Spieler {n}" for n in range(1, 9)))
    draw_round(site.client, tid, seed=1)
    page = devices.open(phone=True)
    page.goto(f"/turniere/{tid}/runden/1/sitzplaetze?gross=1")
    before = page.locator(".big-seats").inner_text()
    path = f"/turniere/{tid}/runden/1"
    redrawn = submit(site.client, path, f"{path}/neu-auslosen", {"seed": "2"}, follow=True)
    assert redrawn.status_code == 200
    expect(page.locator(".big-seats")).not_to_have_text(before)
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1


def test_player_page_shows_the_running_round_and_follows_a_save(
    devices: Devices, site: Site, table: Table
) -> None:
    page = devices.open(phone=True)
    player = table.keys[0]
    page.goto(f"/turniere/{table.tid}/startnummer/{player}")
    expect(page.get_by_role("heading", level=1)).to_have_text(table.names[player])
    expect(page.locator("#runde-1")).to_have_text("Runde 1 läuft")
    expect(page.locator("table.player-games tbody tr")).to_have_count(GAMES)
    store(site, table, simulated(table, SEED_SHORT)[: GAMES + 1])
    expect(page.locator("table.player-games tbody tr")).to_have_count(GAMES + 1)
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1


@pytest.mark.parametrize(
    "where",
    ["player", "seats", "seats-search", "big-print"],
)
def test_no_serious_axe_finding_and_no_small_touch_target(
    devices: Devices, table: Table, where: str
) -> None:
    page = devices.open(phone=True)
    paths = {
        "player": f"/turniere/{table.tid}/startnummer/{table.keys[0]}",
        "seats": _seats(table),
        "seats-search": _seats(table) + "?q=" + table.names[table.keys[0]][:3],
        "big-print": _seats(table) + "?gross=1",
    }
    page.goto(paths[where])
    if where == "player":
        page.locator("details.explain summary").first.click()
    findings = axe_findings(page)
    small = small_targets(page)
    assert not findings and not small, f"{where}: axe {findings}; under 44 px: {small}"
