"""Accessibility of every page of the app, in a real browser (Debian's Chromium, Playwright;
doko-turnier on SQLite, ``tests/support/browser.py``): axe-core
(``tests/support/accessibility.py``) finds nothing serious or critical on any page a user opens,
on a phone (390x844) and on a laptop (1366x768), as the visitor the page is for (public,
list-keeper, Schiedsrichter, Turnierleitung).

The pages are every GET route of the app (``app.url_map``) that answers with a page: a test
fails when a new page has no entry in ``PAGES`` here, so that no page goes unchecked. Pages
reached by sending a form (the previews of pasted players and of an uploaded list) are opened
the way a user gets there. The score list's own screens are checked in more depth (touch
targets, the Tab key) by ``tests/browser/test_browser_accessibility.py``.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from sqlalchemy import select

from rules_engine.simulate import random_list
from tests.support.accessibility import axe_findings
from tests.support.browser import served_on
from tests.support.scorelist_browser import LEITUNG, SCHIRI, sign_in
from tests.support.spreadsheet_files import without_last_entry
from tests.support.webapp import (
    add_account,
    complete_lists,
    create_tournament,
    draw_round,
    log_in,
    paste_players,
    round_action,
    submit,
)
from tournament.app import create_app
from tournament.domain import score_lists
from tournament.extensions import db
from tournament.models import AuditEvent, Registration, Role, Round, RoundTable, User, utcnow

PUBLIC = "public"
KEEPER = "tischcode"
SIZES = {"phone": (390, 844), "laptop": (1366, 768)}
#: GET routes that are no page: files, the static files, a list's live questions.
NOT_PAGES = re.compile(r"(\.(xlsx|json|csv|pdf|zip)$)|(^/static/)")
NOT_PAGE_ENDPOINTS = re.compile(r"\.live_state")


@dataclass(frozen=True)
class World:
    """A tournament on the day: round 1 closed, round 2 running with games entered."""

    tid: int
    code: str  # the access code of table 1 of round 2
    registration: int
    start_number: int
    user: int
    event: int
    series: int = 0  # a season series with the tournament in it


@dataclass(frozen=True)
class Site:
    url: str
    world: World


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Site]:
    instance = tmp_path_factory.mktemp("pages") / "instance"
    with served_on("laptop-sqlite", instance, request) as (app, url):
        add_account(app, LEITUNG)
        add_account(app, SCHIRI, role=Role.SCHIEDSRICHTER)
        client = app.test_client()
        assert log_in(client, LEITUNG).status_code == 302
        tid = create_tournament(client, "Seitenturnier")
        names = "\n".join(f"Spieler {n}; Verein {n % 3}" for n in range(1, 10))
        paste_players(client, tid, names)
        draw_round(client, tid, seed=7)
        round_action(client, tid, 1, "starten")
        complete_lists(app, tid, 1)
        round_action(client, tid, 1, "abschliessen")
        draw_round(client, tid, seed=8)
        round_action(client, tid, 2, "starten")
        with app.app_context():
            second = db.session.execute(
                select(Round).where(Round.tournament_id == tid, Round.number == 2)
            ).scalar_one()
            # The round's time is over (and called below), so that the time-up screens open.
            second.started_at = utcnow() - dt.timedelta(minutes=101)
            db.session.commit()
            table = db.session.execute(
                select(RoundTable).where(RoundTable.round_id == second.id, RoundTable.number == 1)
            ).scalar_one()
            registration = (
                db.session.execute(select(Registration).where(Registration.tournament_id == tid))
                .scalars()
                .first()
            )
            assert registration is not None and table.access_code
            user = db.session.execute(select(User).where(User.username == SCHIRI)).scalar_one()
            event = db.session.execute(select(AuditEvent.id).order_by(AuditEvent.id.desc()))
            world = World(
                tid,
                table.access_code,
                registration.id,
                registration.start_number,
                user.id,
                event.scalars().first() or 0,
            )
        base = f"/turniere/{tid}/runden/2"
        submit(client, f"{base}/uebersicht", f"{base}/zeit-abgelaufen", follow=True)
        with app.app_context():  # round 2: six games at every table
            user = db.session.execute(select(User).where(User.username == LEITUNG)).scalar_one()
            for table in db.session.execute(
                select(RoundTable).join(Round).where(Round.tournament_id == tid, Round.number == 2)
            ).scalars():
                keys = tuple(str(seat.registration.start_number) for seat in table.seats)
                played = random_list(random.Random(table.number), players=keys)["entries"]
                score_lists.replace_entries(table, played[:6], user)
            db.session.commit()
        made = submit(
            client,
            "/jahreswertungen/neu",
            data={"name": "Jahreswertung", "season": "2026", "min_tournaments": "1"},
        )
        series = int(made.headers["Location"].split("/")[2])
        submit(
            client,
            f"/jahreswertungen/{series}/bearbeiten",
            f"/jahreswertungen/{series}/turniere",
            {"tournament": str(tid)},
        )
        yield Site(url, replace(world, series=series))


@pytest.fixture(scope="module")
def visitors(browser: Browser, site: Site) -> Iterator[dict[str, BrowserContext]]:
    """A browser for each kind of visitor, staff signed in."""
    contexts = {}
    for who in (PUBLIC, KEEPER, SCHIRI, LEITUNG):
        context = browser.new_context(base_url=site.url, locale="de-DE")
        contexts[who] = context
        if who in (SCHIRI, LEITUNG):
            page = context.new_page()
            sign_in(page, who)
            page.close()
    yield contexts
    for context in contexts.values():
        context.close()


@pytest.fixture(scope="module")
def tabs(visitors: dict[str, BrowserContext]) -> dict[str, Page]:
    """A tab for each kind of visitor, which every test of the module opens its page in
    (``tests/support/accessibility.py``: *Tabs*)."""
    return {who: context.new_page() for who, context in visitors.items()}


def _round(n: int) -> Callable[[World], str]:
    return lambda w: f"/turniere/{w.tid}/runden/{n}"


def _table(suffix: str) -> Callable[[World], str]:
    return lambda w: f"/turniere/{w.tid}/runden/2/tische/1/{suffix}"


#: Each page: the endpoint, who opens it, and its address in the tournament of ``World``.
PAGES: dict[str, tuple[tuple[str, ...], Callable[[World], str]]] = {
    "public.home": ((PUBLIC, LEITUNG), lambda w: "/"),
    "auth.login": ((PUBLIC,), lambda w: "/anmelden"),
    "admin.accounts": ((LEITUNG,), lambda w: "/konten"),
    "admin.password": ((LEITUNG,), lambda w: f"/konten/{w.user}/passwort"),
    "admin.log": ((LEITUNG,), lambda w: "/protokoll"),
    "admin.log_event": ((LEITUNG,), lambda w: f"/protokoll/{w.event}"),
    "scorelists.enter_code": ((KEEPER,), lambda w: "/tisch"),
    "scorelists.page_by_code": ((KEEPER,), lambda w: f"/tisch/{w.code}/"),
    "scorelists.correct_by_code": ((KEEPER,), lambda w: f"/tisch/{w.code}/eintrag/1"),
    "scorelists.extension_by_code": ((KEEPER,), lambda w: f"/tisch/{w.code}/nachspielzeit"),
    "scorelists.penalty_by_code": ((KEEPER,), lambda w: f"/tisch/{w.code}/strafe"),
    "scorelists.time_up_by_code": ((KEEPER,), lambda w: f"/tisch/{w.code}/zeit-abgelaufen"),
    "tournaments.show": ((PUBLIC, LEITUNG), lambda w: f"/turniere/{w.tid}"),
    "tournaments.edit": ((LEITUNG,), lambda w: f"/turniere/{w.tid}/bearbeiten"),
    "tournaments.create": ((LEITUNG,), lambda w: "/turniere/neu"),
    "evenings.create": ((LEITUNG,), lambda w: "/spieleabend/neu"),
    "tournaments.rule_set": ((PUBLIC,), lambda w: f"/turniere/{w.tid}/regelwerk"),
    "imports.tournament_upload": ((LEITUNG,), lambda w: f"/turniere/{w.tid}/einlesen"),
    "standings.projector": ((PUBLIC,), lambda w: f"/turniere/{w.tid}/leinwand"),
    "standings.overall": ((PUBLIC,), lambda w: f"/turniere/{w.tid}/stand"),
    "standings.one_round": ((PUBLIC,), lambda w: f"/turniere/{w.tid}/runden/2/stand"),
    "standings.settle": ((LEITUNG,), lambda w: f"/turniere/{w.tid}/runden/2/abrechnung"),
    "rounds.show": ((PUBLIC, LEITUNG), _round(2)),
    "rounds.seats": ((PUBLIC,), lambda w: f"/turniere/{w.tid}/runden/2/sitzplaetze"),
    "rounds.cards": ((PUBLIC, LEITUNG), lambda w: f"/turniere/{w.tid}/runden/2/tischkarten"),
    "overview.show": ((SCHIRI, LEITUNG), lambda w: f"/turniere/{w.tid}/runden/2/uebersicht"),
    "scorelists.page": ((SCHIRI, LEITUNG), _table("")),
    "imports.table_upload": ((LEITUNG,), _table("einlesen")),
    "scorelists.correct": ((LEITUNG,), _table("eintrag/1")),
    "scorelists.extension": ((SCHIRI,), _table("nachspielzeit")),
    "scorelists.penalty": ((SCHIRI,), _table("strafe")),
    "scorelists.time_up": ((SCHIRI,), _table("zeit-abgelaufen")),
    "players.index": ((LEITUNG,), lambda w: f"/turniere/{w.tid}/spieler/"),
    "player_pages.show": (
        (PUBLIC,),
        lambda w: f"/turniere/{w.tid}/startnummer/{w.start_number}",
    ),
    "players.edit": ((LEITUNG,), lambda w: f"/turniere/{w.tid}/spieler/{w.registration}"),
    "prizes.desk": ((LEITUNG,), lambda w: f"/turniere/{w.tid}/kasse"),
    "prizes.rules": ((LEITUNG,), lambda w: f"/turniere/{w.tid}/preisregeln"),
    "prizes.prize_list": ((PUBLIC, LEITUNG), lambda w: f"/turniere/{w.tid}/preisliste"),
    "ddv_report.show": ((LEITUNG,), lambda w: f"/turniere/{w.tid}/ddv-rangliste"),
    "series.index": ((PUBLIC, LEITUNG), lambda w: "/jahreswertungen/"),
    "series.show": ((PUBLIC, LEITUNG), lambda w: f"/jahreswertungen/{w.series}"),
    "series.projector": ((PUBLIC,), lambda w: f"/jahreswertungen/{w.series}/leinwand"),
    "series.create": ((LEITUNG,), lambda w: "/jahreswertungen/neu"),
    "series.edit": ((LEITUNG,), lambda w: f"/jahreswertungen/{w.series}/bearbeiten"),
}
#: Pages without a route of their own: the set-up page (only before the first account,
#: ``test_the_set_up_page``), and the error page.
OTHER_PAGES = {"auth.setup"}
ERROR_PAGE = "/turniere/999999/stand"
#: The Schiedsrichter's screens refuse a list-keeper (with the table's code): that refusal.
REFUSED = {"scorelists.extension_by_code", "scorelists.penalty_by_code"}

CASES = [
    (endpoint, who, size)
    for endpoint, (visitors, _) in PAGES.items()
    for who in visitors
    for size in SIZES
]


def test_every_page_of_the_app_is_checked() -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://"})
    pages = {
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if "GET" in (rule.methods or ())
        and not NOT_PAGES.search(rule.rule)
        and not NOT_PAGE_ENDPOINTS.search(rule.endpoint)
    }
    assert pages - OTHER_PAGES == set(PAGES), (
        f"pages without an accessibility check: {sorted(pages - OTHER_PAGES - set(PAGES))}; "
        f"checked pages that no longer exist: {sorted(set(PAGES) - pages)}"
    )


def _open(tabs: dict[str, Page], who: str, size: str, path: str, status: int = 200) -> Page:
    page = tabs[who]
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    response = page.goto(path)
    assert response is not None
    assert response.status == status, (path, response.status)
    return page


@pytest.mark.parametrize(("endpoint", "who", "size"), CASES)
def test_no_serious_axe_finding_on_any_page(
    site: Site, tabs: dict[str, Page], endpoint: str, who: str, size: str
) -> None:
    path = PAGES[endpoint][1](site.world)
    page = _open(tabs, who, size, path, 403 if endpoint in REFUSED else 200)
    findings = axe_findings(page)
    assert not findings, f"{path} as {who} ({size}): {findings}"


@pytest.mark.parametrize("size", SIZES)
def test_no_serious_axe_finding_on_the_error_page_and_the_previews(
    site: Site, tabs: dict[str, Page], size: str
) -> None:
    page = _open(tabs, PUBLIC, size, ERROR_PAGE, 404)
    assert not axe_findings(page), ERROR_PAGE
    # The preview of pasted players (one new, one already registered, one line wrong).
    page = _open(tabs, LEITUNG, size, f"/turniere/{site.world.tid}/spieler/")
    page.locator("textarea").first.fill("Neue Spielerin; Verein 1\nSpieler 1\n;;;")
    page.get_by_role("button", name="Prüfen").click()
    page.wait_for_load_state()
    assert "Neue Spielerin" in page.content()
    findings = axe_findings(page)
    assert not findings, f"players' preview ({size}): {findings}"
    # The preview of an uploaded list: the table's own export, its last game taken out.
    page = _open(tabs, LEITUNG, size, f"/turniere/{site.world.tid}/runden/2/tische/1/einlesen")
    exported = page.request.get(f"/turniere/{site.world.tid}/runden/2/tische/1/liste.xlsx")
    assert exported.ok
    page.locator("input[type=file]").set_input_files(
        {
            "name": "liste.xlsx",
            "mimeType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            # Changed: read back unchanged, the export has nothing to confirm.
            "buffer": without_last_entry(exported.body()),
        }
    )
    page.locator("main form [type=submit]").click()
    page.wait_for_load_state()
    assert page.locator("form[action$='/bestaetigen']").count() == 1
    findings = axe_findings(page)
    assert not findings, f"list import preview ({size}): {findings}"


def test_the_set_up_page(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest, browser: Browser
) -> None:
    """The first page of a new installation (no account yet)."""
    instance = tmp_path_factory.mktemp("setup") / "instance"
    with served_on("laptop-sqlite", instance, request) as (_, url):
        for width, height in SIZES.values():
            context = browser.new_context(base_url=url, locale="de-DE")
            page = context.new_page()
            page.set_viewport_size({"width": width, "height": height})
            page.goto("/einrichten")
            assert page.locator("form").count()
            findings = axe_findings(page)
            context.close()
            assert not findings, f"/einrichten ({width}px): {findings}"
