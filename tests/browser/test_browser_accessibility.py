"""Accessibility of the score list's pages on a phone (390×844) in a real browser: Debian's
Chromium driven by Playwright, the app served by doko-turnier on SQLite
(``tests/support/browser.py``; the pages are the same on gunicorn, so one server is enough).

Every list and entry page is opened as the list-keeper (with the table's code), as the
Schiedsrichter and as the Turnierleitung: the list of a table of four and of five with some
games, the correction of the last game, the page after a refused check, the code entry
``/tisch`` and the Schiedsrichter's screens (time up on a list whose time is declared over).
On each, axe-core (``tests/support/accessibility.py``) must find nothing serious or critical, no
element to tap may be under 44 px, and the Tab key must reach every control, each showing
where the focus is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from tests.support.accessibility import axe_findings, keyboard_gaps, small_targets, tab_to
from tests.support.browser import served_on
from tests.support.scorelist_browser import (
    LEITUNG,
    PHONE,
    SCHIRI,
    SEED_FIVE,
    SEED_SHORT,
    Site,
    Table,
    fill_game,
    game_form,
    new_round,
    normal,
    report,
    sign_in,
    simulated,
    started_minutes_ago,
    store,
    stored,
)
from tests.support.webapp import add_account, flashes, log_in, submit
from tournament.models import Role

KEEPER = "tischcode"
WHO = (KEEPER, SCHIRI, LEITUNG)
GAMES = 6  # games on each list before the pages are looked at


@dataclass(frozen=True)
class Tables:
    four: Table
    five: Table
    over: Table  # a table of four whose round the Turnierleitung has declared over


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Site]:
    instance = tmp_path_factory.mktemp("accessibility") / "instance"
    with served_on("laptop-sqlite", instance, request) as (app, url):
        add_account(app, LEITUNG)
        add_account(app, SCHIRI, role=Role.SCHIEDSRICHTER)
        client = app.test_client()
        assert log_in(client, LEITUNG).status_code == 302
        yield Site(app, url, client)


@pytest.fixture(scope="module")
def tables(site: Site) -> Tables:
    four, five = new_round(site, 4)[0], new_round(site, 5)[0]
    store(site, four, simulated(four, SEED_SHORT)[:GAMES])
    store(site, five, simulated(five, SEED_FIVE)[:GAMES])
    over = new_round(site, 4)[0]
    store(site, over, simulated(over, SEED_SHORT)[:GAMES])
    started_minutes_ago(site, over, 101)
    base = f"/turniere/{over.tid}/runden/1"
    declared = submit(site.client, over.overview_url, f"{base}/zeit-abgelaufen", follow=True)
    assert any(
        "Die Zeit ist abgelaufen." in said for said in flashes(declared.get_data(as_text=True))
    )
    return Tables(four, five, over)


@pytest.fixture(scope="module")
def phones(browser: Browser, site: Site) -> Iterator[dict[str, BrowserContext]]:
    """A phone for each of the list-keeper, the Schiedsrichter and the Turnierleitung, the
    staff signed in."""
    contexts = {}
    for who in WHO:
        context = browser.new_context(
            base_url=site.url,
            locale="de-DE",
            viewport=ViewportSize(width=PHONE["width"], height=PHONE["height"]),
        )
        contexts[who] = context
        if who != KEEPER:
            page = context.new_page()
            sign_in(page, who)
            page.close()
    yield contexts
    for context in contexts.values():
        context.close()


@pytest.fixture(scope="module")
def tabs(phones: dict[str, BrowserContext]) -> dict[str, Page]:
    """A tab on each phone, which every test of the module opens its screen in
    (``tests/support/accessibility.py``: *Tabs*)."""
    return {who: context.new_page() for who, context in phones.items()}


def list_url(who: str, table: Table) -> str:
    return table.code_url if who == KEEPER else table.staff_url


def set_up(page: Page) -> None:
    """Wait until the page's script has set up the game form swapped in (the parts of other
    kinds of game hidden), as it is after a page load."""
    page.wait_for_function(
        """() => {
          const form = document.querySelector("form.game-form");
          const kind = form && form.querySelector("input[name=kind]:checked");
          return !kind || [...form.querySelectorAll("[data-show-for]")].every(
            (part) => part.hidden === !part.dataset.showFor.split(" ").includes(kind.value));
        }"""
    )


def from_the_top(page: Page) -> None:
    """Let the keyboard start at the top of the page, as after a page load (a refusal is
    swapped into the page in place, the focus stays on the button that sent it): a stop that
    takes no Tab of its own is put first in the body and focused."""
    page.evaluate(
        """() => {
          const start = document.createElement("span");
          start.tabIndex = -1;
          document.body.prepend(start);
          start.focus();
        }"""
    )


def refused_empty(page: Page) -> None:
    """The game form sent empty with "Speichern": each missing field says so."""
    game_form(page).get_by_role("button", name="Speichern").click()
    expect(page.locator("#eingabe .has-error").first).to_be_visible()
    set_up(page)
    from_the_top(page)


def refused_one_re_player(page: Page, table: Table, site: Site) -> None:
    """A Normalspiel with one Re player: the check refuses it."""
    dealer = report(table, stored(site, table))["next_dealer"]
    player = next(key for key in table.keys if key != dealer)
    form = game_form(page)
    fill_game(form, table, {**normal((player, player), 130), "re": [player]})
    form.get_by_role("button", name="Speichern").click()
    expect(page.locator("#vorschau .problems, #eingabe .has-error").first).to_be_visible()
    set_up(page)
    from_the_top(page)


Visit = Callable[[Page, Site, Tables, str], None]


def _goto(page: Page, url: str) -> None:
    response = page.goto(url)
    assert response is not None and response.ok, f"{url}: {response and response.status}"


def _list(size: str) -> Visit:
    def visit(page: Page, site: Site, tables: Tables, who: str) -> None:
        _goto(page, list_url(who, getattr(tables, size)))

    return visit


def _correction(size: str) -> Visit:
    def visit(page: Page, site: Site, tables: Tables, who: str) -> None:
        table = getattr(tables, size)
        number = len(stored(site, table))
        _goto(page, f"{list_url(who, table)}eintrag/{number}")
        expect(page.get_by_role("heading", name=f"Spiel {number} korrigieren")).to_be_visible()

    return visit


def _refused_four(page: Page, site: Site, tables: Tables, who: str) -> None:
    _goto(page, list_url(who, tables.four))
    refused_empty(page)


def _refused_five(page: Page, site: Site, tables: Tables, who: str) -> None:
    _goto(page, list_url(who, tables.five))
    refused_one_re_player(page, tables.five, site)


def _points_mode(page: Page, site: Site, tables: Tables, who: str) -> None:
    _goto(page, list_url(who, tables.four) + "?schnell=1")
    expect(page.locator("form.quick-form")).to_be_visible()


def _value_shown(page: Page, site: Site, tables: Tables, who: str) -> None:
    """A game typed in, its value in the bar above "Speichern"."""
    table = tables.four
    _goto(page, list_url(who, table))
    form = game_form(page)
    dealer = report(table, stored(site, table))["next_dealer"]
    first, second = [key for key in table.keys if key != dealer][:2]
    fill_game(form, table, normal((first, second), 130))
    expect(page.locator("#vorschau .points-line")).to_be_visible()
    set_up(page)
    from_the_top(page)


def _code_entry(page: Page, site: Site, tables: Tables, who: str) -> None:
    _goto(page, "/tisch")


def _referee(screen: str, size: str = "four") -> Visit:
    def visit(page: Page, site: Site, tables: Tables, who: str) -> None:
        _goto(page, list_url(who, getattr(tables, size)) + screen)

    return visit


SCREENS = {
    "list-4": _list("four"),
    "list-5": _list("five"),
    "correction-4": _correction("four"),
    "correction-5": _correction("five"),
    "refused-check-4": _refused_four,
    "refused-check-5": _refused_five,
    "points-mode": _points_mode,
    "value-shown": _value_shown,
    "code-entry": _code_entry,
    "penalty": _referee("strafe"),
    "nachspielzeit": _referee("nachspielzeit"),
    "time-up": _referee("zeit-abgelaufen", "over"),
}
STAFF_ONLY = {"penalty", "nachspielzeit"}
CASES = [
    pytest.param(who, screen, id=f"{who}-{screen}")
    for who in WHO
    for screen in SCREENS
    if not (who == KEEPER and screen in STAFF_ONLY)
]


@pytest.mark.parametrize(("who", "screen"), CASES)
def test_no_serious_axe_finding_and_no_small_touch_target(
    site: Site, tables: Tables, tabs: dict[str, Page], who: str, screen: str
) -> None:
    page = tabs[who]
    SCREENS[screen](page, site, tables, who)
    findings = axe_findings(page)
    small = small_targets(page)
    assert not findings and not small, (
        f"{screen} as {who}: axe (serious, critical): {findings}; under 44 px: {small}"
    )


@pytest.mark.parametrize(("who", "screen"), CASES)
def test_every_control_is_reached_with_the_tab_key_and_shows_the_focus(
    site: Site, tables: Tables, tabs: dict[str, Page], who: str, screen: str
) -> None:
    page = tabs[who]
    SCREENS[screen](page, site, tables, who)
    gaps = keyboard_gaps(page)
    assert not gaps, f"{screen} as {who}: {gaps}"


def test_the_list_keeper_opens_the_list_with_the_keyboard_alone(
    tables: Tables, tabs: dict[str, Page]
) -> None:
    page = tabs[KEEPER]
    _goto(page, "/tisch")
    tab_to(page, "#code")
    page.keyboard.type(tables.four.code)
    page.keyboard.press("Enter")
    expect(page.locator("#kopf")).to_contain_text(f"Tisch {tables.four.number} · Runde 1")
    # From the top of the list page, Tab gets to the game form.
    tab_to(page, "form.game-form input, form.game-form select")
