"""The public pages on a phone (390x844) with the names a club really has, on both servers of
``tests/support/browser.py`` (doko-turnier on SQLite, two gunicorn workers on PostgreSQL):

- the overall and the round standings keep the total ("Summe", "Punkte") in view after
  several rounds, with a name of 40+ characters and a long club, without the page scrolling
  sideways; the long names are there in full; the table plan is no wider than the phone; the
  exported static site (``tournament/publish``, same templates and stylesheet) too;
- "Wo sitze ich?" finds a name however its umlauts and ß are typed (ä/ae, ö/oe, ü/ue, ß/ss),
  while typing and without JavaScript.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.accessibility import axe_findings, small_targets
from tests.support.scorelist_browser import PHONE, Devices, Site, sticking_out
from tests.support.webapp import (
    complete_lists,
    create_tournament,
    draw_round,
    flashes,
    paste_players,
    round_action,
)

LONG_NAME = "Maximilian-Alexander Schwarzenberger-Hohenlohe"
ONE_LONG_WORD = "Wolfgang Donaudampfschifffahrtsgesellschaft"
LONG_CLUB = "Doppelkopffreunde Schleswig-Holstein Nord e. V."
SPELLINGS = ("Jörg Müller", "Uwe Mueller", "Hans Weiß", "Grete Weiss")
OTHERS = ("Anna Albers", "Ben Brandt", "Cem Claussen", "Dora Dietz", "Emil Engel", "Frida Fink")
ROUNDS = 4  # 1 to 3 closed, 4 running with every game entered


@pytest.fixture(scope="module")
def tid(site: Site) -> int:
    """A tournament of twelve players after three closed rounds, the fourth running."""
    tid = create_tournament(site.client, "Turnier der langen Namen", rounds=ROUNDS)
    lines = [f"{LONG_NAME}; {LONG_CLUB}", f"{ONE_LONG_WORD}; {LONG_CLUB}"]
    lines += [*SPELLINGS, *(f"{name}; DK Kiel" for name in OTHERS)]
    page = paste_players(site.client, tid, "\n".join(lines))
    assert "12 Spieler angemeldet." in flashes(page.get_data(as_text=True))
    assert len(LONG_NAME) > 40
    for number in range(1, ROUNDS + 1):
        draw_round(site.client, tid, seed=number)
        round_action(site.client, tid, number, "starten")
        complete_lists(site.app, tid, number, seed=number)
        if number < ROUNDS:
            round_action(site.client, tid, number, "abschliessen")
    return tid


# ---------------------------------------------------------------------- 1. standings, plan


def _total_out_of_view(page: Page) -> list[str]:
    """Each total (the column's head and every row's cell) that is not fully inside the
    screen's width or is covered by something else, scrolling the page (not the table)
    down to each row."""
    found: list[str] = page.evaluate(
        """() => {
          const out = [];
          const cells = document.querySelectorAll("table.standings .total");
          if (cells.length === 0) return ["no total column"];
          for (const cell of cells) {
            const top = cell.getBoundingClientRect().top + scrollY;
            scrollTo(scrollX, Math.max(0, top - innerHeight / 2));
            const box = cell.getBoundingClientRect();
            const what = `${cell.tagName.toLowerCase()} "${cell.innerText.trim()}"`;
            if (box.left < 0 || box.right > innerWidth + 0.5) {
              out.push(`${what} from ${Math.round(box.left)} to ${Math.round(box.right)} px`);
              continue;
            }
            const x = box.left + box.width / 2, y = box.top + box.height / 2;
            const hit = document.elementFromPoint(x, y);
            if (!hit || !cell.contains(hit)) {
              out.push(`${what} covered by ${hit && hit.outerHTML.slice(0, 60)}`);
            }
          }
          scrollTo(0, 0);
          return out;
        }"""
    )
    return found


def _names_cut(page: Page, names: list[str]) -> list[str]:
    """Each of ``names`` whose link is not on the page in full: missing, its text not the
    whole name, reaching beyond the screen's width, or clipped."""
    found: list[str] = page.evaluate(
        """(names) => {
          const out = [];
          const links = [...document.querySelectorAll("a.player-link")];
          for (const name of names) {
            const link = links.find(a => a.textContent.replace(/\\s+/g, " ").trim() === name);
            if (!link) { out.push(`${name}: no link with the whole name`); continue; }
            const box = link.getBoundingClientRect();
            if (box.left < 0 || box.right > innerWidth + 0.5) {
              out.push(`${name}: from ${Math.round(box.left)} to ${Math.round(box.right)} px`);
            }
            if (link.scrollWidth > link.clientWidth + 1) out.push(`${name}: clipped`);
          }
          return out;
        }""",
        names,
    )
    return found


def _assert_standings_fit(page: Page, where: str) -> None:
    expect(page.locator("table.standings tbody tr")).to_have_count(12)
    assert sticking_out(page) == [], where
    assert _total_out_of_view(page) == [], where
    assert _names_cut(page, [LONG_NAME, ONE_LONG_WORD]) == [], where
    # Scrolled sideways to its end, the table still shows the total.
    page.locator(".table-scroll").evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    assert _total_out_of_view(page) == [], where + ", scrolled to the end"


@pytest.mark.parametrize(
    "path", ["stand", f"runden/{ROUNDS}/stand", "runden/1/stand"], ids=["overall", "open", "closed"]
)
def test_standings_keep_the_total_and_the_whole_names_in_view_on_a_phone(
    devices: Devices, tid: int, path: str
) -> None:
    page = devices.open(phone=True)
    page.goto(f"/turniere/{tid}/{path}")
    if path == "stand":
        expect(page.locator("thead abbr[title^='Runde ']")).to_have_count(ROUNDS)
        expect(page.locator("td.open").first).to_contain_text("nach 24")
    _assert_standings_fit(page, path)
    assert axe_findings(page) == [] and small_targets(page) == []


def _assert_plan_fits(page: Page, where: str) -> None:
    expect(page.get_by_role("heading", name=f"Tischplan Runde {ROUNDS}")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], where
    assert sticking_out(page) == [], where
    assert _names_cut(page, [LONG_NAME, ONE_LONG_WORD]) == [], where
    for name in (LONG_NAME, ONE_LONG_WORD):
        row = page.locator("table.plan-table tr", has=page.get_by_role("link", name=name))
        expect(row.locator(".club-below")).to_be_visible()  # the club, under the name
        expect(row.locator(".club-below")).to_have_text(LONG_CLUB)


def test_table_plan_is_no_wider_than_a_phone(devices: Devices, tid: int) -> None:
    page = devices.open(phone=True)
    page.goto(f"/turniere/{tid}/runden/{ROUNDS}")
    _assert_plan_fits(page, "table plan")
    assert axe_findings(page) == [] and small_targets(page) == []
    # On a laptop the club keeps its own column.
    laptop = devices.open()
    laptop.goto(f"/turniere/{tid}/runden/{ROUNDS}")
    expect(laptop.get_by_role("cell", name=LONG_CLUB, exact=True).first).to_be_visible()


def test_exported_site_fits_a_phone(site: Site, devices: Devices, tid: int, tmp_path: Path) -> None:
    response = site.client.get(f"/turniere/{tid}/ergebnisse.zip")
    assert response.status_code == 200
    zipfile.ZipFile(io.BytesIO(response.get_data())).extractall(tmp_path)
    page = devices.open(phone=True)
    for file in ("index.html", f"runde-{ROUNDS}-stand.html", "runde-1-stand.html"):
        page.goto((tmp_path / file).as_uri())
        _assert_standings_fit(page, file)
    page.goto((tmp_path / f"runde-{ROUNDS}-tischplan.html").as_uri())
    _assert_plan_fits(page, "exported table plan")


@pytest.mark.parametrize("what", ["seats", "big-print", "player"])
def test_other_public_pages_with_a_long_name_fit_a_phone(
    devices: Devices, tid: int, what: str
) -> None:
    page = devices.open(phone=True)
    page.goto(f"/turniere/{tid}/runden/{ROUNDS}/sitzplaetze")
    number = page.get_by_role("link", name=ONE_LONG_WORD).get_attribute("href")
    assert number is not None
    paths = {"seats": page.url, "big-print": page.url + "?gross=1", "player": number}
    page.goto(paths[what])
    assert sticking_out(page) == [], what
    if what == "player":
        expect(page.get_by_role("heading", level=1)).to_have_text(ONE_LONG_WORD)
    else:
        assert _names_cut(page, [LONG_NAME, ONE_LONG_WORD]) == [], what


# ---------------------------------------------------------------------- 2. "Wo sitze ich?"

#: What a player types, and whom it finds.
TYPED = (
    ("Joerg", ["Jörg Müller"]),
    ("jorg", ["Jörg Müller"]),
    ("Mueller", ["Jörg Müller", "Uwe Mueller"]),
    ("müller", ["Jörg Müller", "Uwe Mueller"]),
    ("Weiss", ["Grete Weiss", "Hans Weiß"]),
    ("WEISS", ["Grete Weiss", "Hans Weiß"]),
    ("weiß", ["Grete Weiss", "Hans Weiß"]),
    ("Hans Weis", ["Hans Weiß"]),
)


def _seats(tid: int) -> str:
    return f"/turniere/{tid}/runden/{ROUNDS}/sitzplaetze"


def _shown(page: Page) -> list[str]:
    return page.locator("#sitzplaetze [data-suche]:visible .player-link").all_inner_texts()


def test_seat_search_finds_umlauts_typed_as_ae_oe_ue_and_ss(devices: Devices, tid: int) -> None:
    page = devices.open(phone=True)
    page.goto(_seats(tid))
    box = page.get_by_label("Name oder Startnummer suchen")
    for typed, names in TYPED:
        box.fill("")
        box.press_sequentially(typed)
        expect(page.locator("#sitzplaetze [data-suche]:visible")).to_have_count(len(names))
        assert sorted(_shown(page)) == names, typed
        expect(page.locator("[data-seat-count]")).to_have_text(
            f"{len(names)} von 12 Spielern gefunden"
        )
    # Filtered in place: still the one page it opened as.
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1


def test_seat_search_finds_them_without_javascript(browser: Browser, site: Site, tid: int) -> None:
    context = browser.new_context(
        base_url=site.url, locale="de-DE", viewport=PHONE, java_script_enabled=False
    )
    try:
        page = context.new_page()
        for typed, names in TYPED:
            page.goto(_seats(tid))
            page.get_by_label("Name oder Startnummer suchen").fill(typed)
            page.get_by_role("button", name="Suchen").click()
            expect(page).to_have_url(re.compile(r"\?q="))
            assert sorted(_shown(page)) == names, typed
    finally:
        context.close()
