"""The pages people use, in a real browser: Debian's Chromium driven by Playwright, against
the app served on a fresh database twice: by doko-turnier on SQLite and by gunicorn (two workers)
on PostgreSQL (``tests/support/browser.py``).

One tournament day in order: first set-up, login, create a tournament, register 41 players by
pasting, draw rounds 1 and 2, view and print the table plans, the public standings.
The tests of this module share one server and build on each other, as the day does (the whole
day on one server, then on the other).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.support.browser import SERVERS, served_on
from tournament.accounts import setup_code

USERNAME = "turnierleitung"
PASSWORD = "Pik-Dame-im-Browser"
CLUBS = ("DK Kiel", "Herz-Buben Hamburg", "Doko-Freunde Lübeck", "")
PLAYERS = [f"Spieler{n:02d} Nachname; {CLUBS[n % 4]}".rstrip("; ") for n in range(1, 42)]


@pytest.fixture(scope="module", params=SERVERS)
def site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, Path]]:
    """The served app's base URL, and its instance folder (where its set-up code is)."""
    instance = tmp_path_factory.mktemp("browser") / "instance"
    with served_on(request.param, instance, request) as (_app, url):
        yield url, instance


@pytest.fixture(scope="module")
def base_url(site: tuple[str, Path]) -> str:
    return site[0]


@pytest.fixture(scope="module")
def instance(site: tuple[str, Path]) -> Path:
    return site[1]


@pytest.fixture(scope="module")
def leitung(browser: Browser, base_url: str) -> Iterator[Page]:
    """The Turnierleitung's browser tab, kept signed in across the tests of the day."""
    context = browser.new_context(base_url=base_url, locale="de-DE")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[Page]:
    """A player's phone: small screen, no account."""
    context: BrowserContext = browser.new_context(
        base_url=base_url, locale="de-DE", viewport={"width": 390, "height": 844}, is_mobile=True
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def test_first_visit_leads_to_setup_and_creates_the_leitung_account(
    leitung: Page, instance: Path
) -> None:
    leitung.goto("/")
    expect(leitung).to_have_url(re.compile(r"/einrichten$"))
    # Read from the server's console, where the set-up code was printed at the start.
    leitung.get_by_label("Einrichtungscode").fill(setup_code.load_or_create(str(instance)))
    leitung.get_by_label("Benutzername").fill(USERNAME)
    leitung.get_by_label("Passwort", exact=True).fill(PASSWORD)
    leitung.get_by_label("Passwort wiederholen").fill(PASSWORD)
    leitung.get_by_role("button", name="Konto anlegen").click()
    expect(leitung).to_have_url(re.compile(r"/anmelden$"))
    expect(leitung.get_by_text("ist angelegt")).to_be_visible()


def test_login_with_a_wrong_password_says_so_then_login_works(leitung: Page) -> None:
    leitung.get_by_label("Benutzername").fill(USERNAME)
    leitung.get_by_label("Passwort").fill("falsch-falsch")
    leitung.get_by_role("button", name="Anmelden").click()
    expect(leitung.get_by_text("Benutzername oder Passwort ist falsch.")).to_be_visible()
    leitung.get_by_label("Benutzername").fill(USERNAME)
    leitung.get_by_label("Passwort").fill(PASSWORD)
    leitung.get_by_role("button", name="Anmelden").click()
    expect(leitung.get_by_text(f"Angemeldet als {USERNAME}")).to_be_visible()


def test_create_tournament_shows_errors_next_to_fields_then_saves(leitung: Page) -> None:
    leitung.get_by_role("link", name="Neues Turnier anlegen").click()
    leitung.get_by_label("Geplante Runden").fill("0")
    leitung.get_by_role("button", name="Speichern").click()
    expect(leitung.get_by_text("Bitte einen Namen eingeben.")).to_be_visible()
    expect(leitung.get_by_text("Zwischen 1 und 20 Runden.")).to_be_visible()
    leitung.get_by_label("Name des Turniers").fill("Kieler Herbstturnier")
    leitung.get_by_label("Datum").fill("2026-11-22")
    leitung.get_by_label("Ort").fill("Vereinsheim")
    leitung.get_by_label("Geplante Runden").fill("3")
    leitung.get_by_role("button", name="Speichern").click()
    expect(leitung.get_by_text("Das Turnier „Kieler Herbstturnier“ ist angelegt.")).to_be_visible()
    expect(leitung.get_by_role("heading", name="Spieler", exact=True)).to_be_visible()


def test_register_41_players_by_paste_with_preview(leitung: Page) -> None:
    leitung.get_by_label(re.compile("einer pro Zeile")).fill("\n".join(PLAYERS))
    leitung.get_by_role("button", name="Prüfen").click()
    expect(leitung.get_by_role("heading", name="Vorschau der Anmeldung")).to_be_visible()
    expect(leitung.get_by_text("41 Zeilen")).to_be_visible()
    leitung.get_by_role("button", name="41 Spieler anmelden").click()
    expect(leitung.get_by_text("41 Spieler angemeldet.")).to_be_visible()
    expect(leitung.get_by_role("heading", name="Angemeldet (41)")).to_be_visible()


def test_paste_repeating_a_registered_player_is_refused_in_the_preview(leitung: Page) -> None:
    leitung.get_by_label(re.compile("einer pro Zeile")).fill(f"Neuer Spieler\n{PLAYERS[0]}")
    leitung.get_by_role("button", name="Prüfen").click()
    expect(leitung.get_by_text("ist schon angemeldet (Startnummer 1)")).to_be_visible()
    expect(leitung.get_by_role("button", name=re.compile("anmelden$"))).to_have_count(0)


def _open_tournament(page: Page) -> None:
    page.goto("/")
    page.get_by_role("link", name="Kieler Herbstturnier").click()


def test_draw_round_1_shows_seed_repeats_and_the_table_plan(leitung: Page) -> None:
    _open_tournament(leitung)
    leitung.get_by_label("Startwert (leer: zufällig)").fill("20261122")
    leitung.get_by_role("button", name="Runde auslosen").click()
    expect(
        leitung.get_by_text(re.compile(r"Runde 1 ist ausgelost \(Startwert 20261122"))
    ).to_be_visible()
    expect(leitung.get_by_role("heading", name="Tischplan Runde 1")).to_be_visible()
    # 41 players: nine tables of four and one of five.
    expect(leitung.locator("table.plan-table")).to_have_count(10)
    expect(leitung.locator("table.plan-table tbody tr")).to_have_count(41)
    expect(leitung.get_by_text("gibt zuerst")).to_have_count(10)
    expect(leitung.get_by_text("Tisch 10 (fünf Spieler)")).to_be_visible()


def test_start_round_1_asks_first_then_draw_round_2(leitung: Page) -> None:
    leitung.once("dialog", lambda dialog: dialog.accept())
    leitung.get_by_role("button", name="Runde starten (Uhr läuft)").click()
    expect(leitung.get_by_text("Runde 1 läuft: die Zeit beginnt.")).to_be_visible()
    _open_tournament(leitung)
    leitung.get_by_role("button", name="Runde auslosen").click()
    expect(
        leitung.get_by_text(re.compile(r"Runde 2 ist ausgelost .*keine wiederholten"))
    ).to_be_visible()
    expect(leitung.locator("table.plan-table")).to_have_count(10)


def test_table_plan_prints_on_a4_without_navigation(leitung: Page) -> None:
    leitung.emulate_media(media="print")
    expect(leitung.locator(".site-header")).to_be_hidden()
    expect(leitung.locator(".admin-box")).to_be_hidden()
    expect(leitung.locator("table.plan-table").first).to_be_visible()
    pdf = leitung.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
    leitung.emulate_media(media="screen")


def test_where_do_i_sit_is_alphabetical_and_table_cards_one_per_page(leitung: Page) -> None:
    leitung.get_by_role("link", name="Wo sitze ich?").first.click()
    first_cells = leitung.locator("table.seats tbody tr td:first-child")
    expect(first_cells).to_have_count(41)
    names = first_cells.all_inner_texts()
    assert names == sorted(names, key=str.casefold)
    leitung.get_by_role("link", name="Tischkarten").first.click()
    expect(leitung.locator("article.table-card")).to_have_count(10)
    leitung.emulate_media(media="print")
    # Retried: a click returns once the page is there, maybe before its stylesheet is.
    expect(leitung.locator("article.table-card").first).to_have_css("break-after", "page")
    leitung.emulate_media(media="screen")


def test_public_pages_on_a_phone_without_account(phone: Page) -> None:
    phone.goto("/")
    phone.get_by_role("link", name="Kieler Herbstturnier").click()
    expect(phone.get_by_role("heading", name="Turnierleitung")).to_have_count(0)
    phone.get_by_role("link", name="Gesamtstand").click()
    expect(phone.get_by_role("heading", name=re.compile("Gesamtstand"))).to_be_visible()
    expect(phone.locator("table.standings tbody tr")).to_have_count(41)
    # Nobody has played a game yet: everybody shares rank 1 with 0 points.
    expect(phone.locator("table.standings tbody tr").first).to_contain_text("0")
    phone.goto("/turniere/1/runden/2")
    # The names are what a player looks for: never hidden on a small screen.
    expect(phone.locator("table.plan-table tbody td:nth-child(3)").first).to_be_visible()
    expect(phone.locator("table.plan-table tbody td:nth-child(3)").first).to_contain_text(
        "Nachname"
    )
    phone.goto("/turniere/1/runden/2/sitzplaetze")
    expect(phone.locator("table.seats tbody tr")).to_have_count(41)
    # The page fits the phone: nothing wider than the screen but the scrolling tables.
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


def test_public_visitor_cannot_reach_the_leitung_pages(phone: Page) -> None:
    phone.goto("/turniere/1/spieler/")
    expect(phone).to_have_url(re.compile(r"/anmelden\?next="))
    expect(phone.get_by_text("Bitte melden Sie sich an")).to_be_visible()
