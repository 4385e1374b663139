"""The round overview and the table plans in a real browser (``tests/support/browser.py``):

- they follow a saved game, another device's change and a redraw by themselves, on both
  servers (doko-turnier on SQLite, two gunicorn workers on PostgreSQL), and the Turnierleitung's
  buttons still work after such an update (they send the version the page shows now);
- the overview fits a 1,366×768 laptop without sideways scrolling, with 26 tables and a
  table of five, and a 390-px phone;
- axe-core finds nothing serious or critical on the overview (Turnierleitung and
  Schiedsrichter), the table plan (public and staff), the seats and the table cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.support.accessibility import axe_findings
from tests.support.browser import served_on
from tests.support.scorelist_browser import (
    LEITUNG,
    PHONE,
    SCHIRI,
    SEED_SHORT,
    Devices,
    Site,
    engine_points,
    enter_game,
    new_round,
    normal,
    open_with_code,
    sideways_scrollers,
    sign_in,
    simulated,
    sticking_out,
    store,
    tables_of,
)
from tests.support.webapp import (
    add_account,
    create_tournament,
    draw_round,
    flashes,
    log_in,
    paste_players,
    player_names,
    round_action,
    submit,
)
from tournament.models import Role

LAPTOP = ViewportSize(width=1366, height=768)
STALE = "Diese Seite war nicht mehr aktuell"


def _loads(page: Page) -> int:
    """How many documents the tab has loaded (1: nothing was reloaded)."""
    count: int = page.evaluate("performance.getEntriesByType('navigation').length")
    return count


# ------------------------------------------------------------------ live, on both servers


def test_the_overview_follows_a_saved_game_and_its_buttons_work_after_an_update(
    site: Site, devices: Devices
) -> None:
    first, second = new_round(site, 8)
    leitung = devices.open()
    sign_in(leitung, LEITUNG)
    leitung.goto(first.overview_url)
    row = leitung.locator(f"#tisch-{first.number}")
    expect(row.locator(".progress")).to_have_text("0 / 24")
    menu = row.locator("details.access-menu")
    menu.locator("summary").click()
    expect(menu.get_by_role("button", name="Sperren")).to_be_visible()

    # A game saved at table 1 appears by itself; the open menu of that row stays open.
    keeper = devices.open(phone=True)
    open_with_code(keeper, first)
    a, b = first.keys[0], first.keys[2]
    enter_game(keeper, first, engine_points(first, [], normal((a, b), 150)))
    expect(row.locator(".progress")).to_have_text("1 / 24")
    expect(row.locator(".status")).to_have_text("wird gespielt")
    expect(menu).to_have_attribute("open", "")

    # Another device of the Turnierleitung gives table 2 a new code: the tournament's
    # version moves on, and the overview shows the new code by itself.
    renewed = submit(
        site.client,
        first.overview_url,
        f"/turniere/{first.tid}/runden/1/tische/{second.number}/code-neu",
        follow=True,
    )
    [message] = [m for m in flashes(renewed.get_data(as_text=True)) if "neuen Zugangscode" in m]
    new_code = message.split("Zugangscode ")[1].split(";")[0]
    expect(leitung.locator(f"#tisch-{second.number} code.access-code")).to_have_text(new_code)
    assert _loads(leitung) == 1

    # A button in table 1's row, left in place by both updates, sends the current version.
    menu.get_by_role("button", name="Sperren").click()
    expect(leitung.locator(".flash-success")).to_contain_text(
        f"Die Liste von Tisch {first.number} ist gesperrt"
    )
    expect(leitung.get_by_text(STALE)).to_have_count(0)
    expect(row).to_contain_text("gesperrt")


def test_the_table_plan_and_seats_follow_a_redraw(site: Site, devices: Devices) -> None:
    tid = create_tournament(site.client, f"Auslosung {next(site.numbers)}")
    paste_players(site.client, tid, "\n".join(player_names(9)))
    draw_round(site.client, tid, seed=11)
    plan, seats = devices.open(phone=True), devices.open(phone=True)
    plan.goto(f"/turniere/{tid}/runden/1")
    seats.goto(f"/turniere/{tid}/runden/1/sitzplaetze")
    expect(plan.locator("table.plan-table")).to_have_count(2)
    expect(plan.get_by_text("Startwert")).to_have_count(0)

    base = f"/turniere/{tid}/runden/1"
    submit(site.client, base, f"{base}/neu-auslosen", {"seed": "12"}, follow=True)
    for table in tables_of(site, tid):
        names = list(table.names.values())
        caption = f"Tisch {table.number}"
        shown = plan.locator("table.plan-table", has=plan.locator("caption", has_text=caption))
        expect(shown.locator("tbody tr").first).to_contain_text(names[0])
        expect(shown.locator("tbody tr").last).to_contain_text(names[-1])
        for name in names:
            seat = seats.locator("table.seats tr", has=seats.get_by_text(name, exact=True))
            expect(seat.locator("td").nth(2)).to_have_text(str(table.number))
    assert _loads(plan) == 1 and _loads(seats) == 1


# ------------------------------------------------------------------ layout and axe (one server)


@dataclass(frozen=True)
class Hall:
    site: Site
    round: str  # the round's address


@pytest.fixture(scope="module")
def hall(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Hall]:
    """A round of 105 players (25 tables of four and one of five), started, some lists
    begun, on doko-turnier and SQLite (the pages are the same on gunicorn)."""
    instance = tmp_path_factory.mktemp("live-rounds") / "instance"
    with served_on("laptop-sqlite", instance, request) as (app, url):
        add_account(app, LEITUNG)
        add_account(app, SCHIRI, role=Role.SCHIEDSRICHTER)
        client = app.test_client()
        assert log_in(client, LEITUNG).status_code == 302
        site = Site(app, url, client)
        tid = create_tournament(client, "Großes Turnier")
        paste_players(client, tid, "\n".join(player_names(105)))
        draw_round(client, tid, seed=2026)
        round_action(client, tid, 1, "starten")
        for table in tables_of(site, tid)[:6]:
            store(site, table, simulated(table, SEED_SHORT)[: 4 + table.number])
        yield Hall(site, f"/turniere/{tid}/runden/1")


def _page(browser: Browser, hall: Hall, who: str | None, viewport: ViewportSize) -> Page:
    context = browser.new_context(base_url=hall.site.url, locale="de-DE", viewport=viewport)
    page = context.new_page()
    if who is not None:
        sign_in(page, who)
    return page


def test_the_overview_fits_a_laptop_and_a_phone(browser: Browser, hall: Hall) -> None:
    base = hall.round
    for viewport in (LAPTOP, ViewportSize(width=PHONE["width"], height=PHONE["height"])):
        page = _page(browser, hall, LEITUNG, viewport)
        page.goto(f"{base}/uebersicht")
        expect(page.locator("table.overview tbody tr")).to_have_count(26)
        expect(page.locator("#tisch-26")).to_contain_text("0 / 30")
        page.locator("#tisch-1 details.access-menu summary").click()
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        assert sticking_out(page, viewport["width"]) == []
        assert sideways_scrollers(page) == []
        page.context.close()


@pytest.mark.parametrize(
    ("who", "path"),
    [
        (LEITUNG, "uebersicht"),
        (SCHIRI, "uebersicht"),
        (None, ""),
        (LEITUNG, ""),
        (None, "sitzplaetze"),
        (None, "tischkarten"),
        (LEITUNG, "tischkarten"),
    ],
)
def test_no_serious_axe_finding_on_the_overview_and_the_plans(
    browser: Browser, hall: Hall, who: str | None, path: str
) -> None:
    url = f"{hall.round}/{path}".rstrip("/")
    for viewport in (LAPTOP, ViewportSize(width=PHONE["width"], height=PHONE["height"])):
        page = _page(browser, hall, who, viewport)
        page.goto(url)
        for summary in page.locator("details summary").all()[:2]:
            summary.click()
        assert axe_findings(page) == [], (who, url, viewport)
        page.context.close()
