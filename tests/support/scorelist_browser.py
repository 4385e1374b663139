"""The score list in a real browser: the site and its tables, a test's browser tabs (phones,
laptops), lists from the engine's simulator stored or entered through the page's forms, and
what a phone's screen must show."""

from __future__ import annotations

import contextlib
import datetime as dt
import itertools
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Browser, BrowserContext, Dialog, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError
from sqlalchemy import select

from rules_engine.scorelist import check_list
from rules_engine.simulate import random_list
from tests.support.webapp import (
    PASSWORD,
    create_tournament,
    draw_round,
    flashes,
    paste_players,
    round_action,
)
from tournament.domain import list_store, score_lists
from tournament.domain.list_entries import kind_of
from tournament.extensions import db
from tournament.models import Round, RoundTable, User
from tournament.scorelists.forms import KIND_TAPS

Record = dict[str, Any]


LEITUNG = "leitung"


SCHIRI = "schiri"


FIRST_NAMES = ("Anna", "Ben", "Cem", "Dora", "Emil", "Frida", "Gero", "Hanna")


SURNAMES = ("Albers", "Brandt", "Claussen", "Dietz", "Engel", "Fink", "Graf", "Hansen", "Iversen")


PHONE = {"width": 390, "height": 844}


# Seeds of the simulator whose lists hold what a test needs (asserted where they are used).
SEED_FOUR = 79  # 24 games: Hochzeit with partner, stille Hochzeit, Lustsolo, Vorführung, schwarz


SEED_FIVE = 62  # 30 games: a Lustsolo as game 25, three Vorführungen at the end, schwarz


SEED_SHORT = 9  # the first games of a list, for corrections, penalties, time up, two phones


@dataclass
class Site:
    """The app, its URL, and the Turnierleitung's test client that sets tournaments up."""

    app: Flask
    url: str
    client: FlaskClient
    numbers: Iterator[int] = field(default_factory=lambda: itertools.count(1))


@dataclass(frozen=True)
class Table:
    """A table of round 1: its players' engine keys (start numbers) in position order."""

    tid: int
    id: int
    number: int
    code: str
    keys: tuple[str, ...]
    names: dict[str, str]

    @property
    def staff_url(self) -> str:
        return f"/turniere/{self.tid}/runden/1/tische/{self.number}/"

    @property
    def code_url(self) -> str:
        return f"/tisch/{self.code}/"

    @property
    def overview_url(self) -> str:
        return f"/turniere/{self.tid}/runden/1/uebersicht"

    def order(self, values: dict[str, int]) -> list[int]:
        return [values[key] for key in self.keys]


Options = tuple[bool, bool]  # a tab's kind: (phone, touch)


class Tabs:
    """The browser tabs of one test module's site, kept from test to test: a new context costs
    Chromium a renderer and the site's stylesheet and scripts again, several times a test's
    own page loads. A tab goes back only after a test that passed without script errors, on a
    blank page, with its cookies and the site's storage cleared and its other pages closed;
    anything else is closed. Tests that change a tab for good (routes, offline, print media,
    another size) are marked ``fresh_tabs`` and get new ones (tests/browser/conftest.py)."""

    def __init__(self, browser: Browser, url: str) -> None:
        self.browser = browser
        self.url = url
        self.free: dict[Options, list[Page]] = {}
        self.taken: set[BrowserContext] = set()

    def take(self, options: Options) -> Page:
        kept = self.free.get(options)
        page = kept.pop() if kept else self.new(options)
        self.taken.add(page.context)
        return page

    def new(self, options: Options) -> Page:
        phone, touch = options
        settings: dict[str, Any] = {"base_url": self.url, "locale": "de-DE"}
        if phone:
            settings["viewport"] = PHONE
        if touch:
            settings |= {"is_mobile": True, "has_touch": True}
        return self.browser.new_context(**settings).new_page()

    def give_back(self, page: Page, options: Options) -> None:
        """Keep ``page`` for the module's next test, or close it if it cannot be cleaned."""
        context = page.context
        self.taken.discard(context)
        try:
            if page.is_closed():
                raise PlaywrightError("closed by the test")
            for other in context.pages:
                if other != page:
                    other.close()
            if page.url.startswith(self.url):
                page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            page.goto("about:blank", timeout=5_000)
            context.clear_cookies()
        except PlaywrightError:  # a tab that cannot be cleaned is not kept
            self.discard(context)
            return
        self.free.setdefault(options, []).append(page)

    def discard(self, context: BrowserContext) -> None:
        self.taken.discard(context)
        with contextlib.suppress(PlaywrightError):  # gone already, with its browser
            context.close()

    def close(self) -> None:
        for page in [page for kept in self.free.values() for page in kept]:
            self.discard(page.context)
        for context in list(self.taken):
            self.discard(context)
        self.free.clear()


class Devices:
    """Browser tabs of one test, each in its own context (a phone, a laptop); confirm dialogs
    are accepted and remembered, script errors collected. With ``tabs`` the contexts come
    from the module's pool and go back to it (``close(keep=True)``)."""

    def __init__(self, browser: Browser, url: str, tabs: Tabs | None = None) -> None:
        self.tabs = tabs if tabs is not None else Tabs(browser, url)
        self.pooled = tabs is not None
        self.pages: list[tuple[Page, Options]] = []
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.answer = True  # accept confirm dialogs (False: press "Abbrechen")

    def open(self, *, phone: bool = False, touch: bool = False) -> Page:
        """A laptop, or a phone's narrow screen; ``touch``: a real phone's browser, which
        widens the page to what its content needs (and zooms out) instead of scrolling."""
        options = (phone, touch)
        page = self.tabs.take(options)
        self.pages.append((page, options))
        page.set_default_timeout(15_000)
        page.set_default_navigation_timeout(15_000)
        page.on("dialog", self._accept)
        page.on("pageerror", self._error)
        return page

    def _accept(self, dialog: Dialog) -> None:
        self.dialogs.append(dialog.message)
        if self.answer:
            dialog.accept()
        else:
            dialog.dismiss()

    def _error(self, error: Exception) -> None:
        self.errors.append(str(error))

    def close(self, *, keep: bool = False) -> None:
        """Close the test's tabs, or with ``keep`` (a passed test) give them back to the pool."""
        keep = keep and self.pooled and not self.errors
        for page, options in self.pages:
            if keep:
                self.tabs.give_back(page, options)
                if not page.is_closed():
                    page.remove_listener("dialog", self._accept)
                    page.remove_listener("pageerror", self._error)
            else:
                self.tabs.discard(page.context)


def new_round(site: Site, players: int) -> list[Table]:
    """A tournament of its own with ``players`` players, round 1 drawn and started."""
    n = next(site.numbers)
    tid = create_tournament(site.client, f"Listenturnier {n}")
    names = [f"{first} {surname(n)}" for first in FIRST_NAMES[:players]]
    page = paste_players(site.client, tid, "\n".join(names))
    assert f"{players} Spieler angemeldet." in flashes(page.get_data(as_text=True))
    draw_round(site.client, tid, seed=n)
    started = round_action(site.client, tid, 1, "starten")
    assert "Runde 1 läuft: die Zeit beginnt." in flashes(started.get_data(as_text=True))
    return tables_of(site, tid)


def surname(n: int) -> str:
    """The players' surname in the ``n``-th tournament of a site: another in each, so that no
    name repeats one already registered (which would ask whether it is the same player)."""
    count = len(SURNAMES)
    if n < count:
        return SURNAMES[n]
    return f"{SURNAMES[n % count]}-{SURNAMES[n // count % count]}"


def tables_of(site: Site, tid: int) -> list[Table]:
    with site.app.app_context():
        round_ = _round(tid)
        return [
            Table(
                tid,
                table.id,
                table.number,
                table.access_code or "",
                tuple(str(s.registration.start_number) for s in table.seats),
                {str(s.registration.start_number): s.registration.player.name for s in table.seats},
            )
            for table in round_.tables
        ]


def _round(tid: int) -> Round:
    query = select(Round).where(Round.tournament_id == tid, Round.number == 1)
    return db.session.execute(query).scalar_one()


def store(site: Site, table: Table, entries: list[Record]) -> None:
    """Write ``entries`` as the table's list with the service (for the parts of a list that
    are not what a test is about)."""
    with site.app.app_context():
        user = db.session.execute(select(User).where(User.username == LEITUNG)).scalar_one()
        score_lists.replace_entries(db.session.get_one(RoundTable, table.id), entries, user)
        db.session.commit()


def stored(site: Site, table: Table) -> list[Record]:
    with site.app.app_context():
        return list_store.entries_of(db.session.get_one(RoundTable, table.id))


def started_minutes_ago(site: Site, table: Table, minutes: int) -> None:
    """Let the round's clock have run for ``minutes`` (the table's time is then over)."""
    with site.app.app_context():
        round_ = _round(table.tid)
        round_.started_at = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=minutes)
        db.session.commit()


def report(table: Table, entries: list[Record]) -> dict[str, Any]:
    """The rules engine's own report of ``entries`` as this table's list."""
    return check_list({"id": "test", "players": list(table.keys), "entries": entries})


def simulated(table: Table, seed: int) -> list[Record]:
    """A complete legal list for the table's players, played card by card by the engine."""
    entries: list[Record] = random_list(random.Random(seed), players=table.keys)["entries"]
    return entries


def engine_points(table: Table, entries: list[Record], record: Record) -> Record:
    """``record`` as the next game of the list, with its dealer and the engine's points."""
    dealer = report(table, entries)["next_dealer"]
    game = {**record, "dealer": dealer}
    row = report(table, [*entries, game])["rows"][-1]
    return {**game, "points": dict(row["points"])}


def solo(player: str, re_eyes: int, solo_type: str = "damen") -> Record:
    """A vorgeführtes Pflichtsolo as the list-keeper would write it down."""
    return {
        "kind": "game",
        "type": "solo",
        "solo": solo_type,
        "pflicht": "vorgefuehrt",
        "re": [player],
        "player": player,
        "re_eyes": re_eyes,
        "re_tricks": 6,
        "calls": {"re": None, "kontra": None},
        "specials": {
            side: {"doppelkopf": 0, "fuchs": 0, "karlchen": 0} for side in ("re", "kontra")
        },
    }


def normal(re_players: tuple[str, str], re_eyes: int) -> Record:
    return {
        "kind": "game",
        "type": "normal",
        "re": list(re_players),
        "re_eyes": re_eyes,
        "re_tricks": 6,
        "calls": {"re": None, "kontra": None},
        "specials": {
            side: {"doppelkopf": 0, "fuchs": 0, "karlchen": 0} for side in ("re", "kontra")
        },
    }


def sign_in(page: Page, username: str) -> None:
    page.goto("/anmelden")
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    expect(page.get_by_text(f"Angemeldet als {username}")).to_be_visible()


def game_form(page: Page) -> Locator:
    return page.locator("form.game-form")


def fill_game(form: Locator, table: Table, record: Record, *, kontra_eyes: bool = False) -> None:
    """Tap in a game as the list-keeper does after it: kind, players, Augen, calls, specials
    (schwarz in its folded part, opened only when needed)."""
    kind = kind_of(record)
    form.get_by_role("radio", name=KIND_TAPS[kind], exact=True).check()
    re_keys = list(record["re"])
    player = str(record.get("player") or re_keys[0])  # soloist or Hochzeiter if not normal
    if record["type"] == "solo":
        form.get_by_label("Solo", exact=True).select_option(record["solo"])
    if kind != "normal":
        form.locator("#player").get_by_role("radio", name=table.names[player], exact=True).check()
    if kind in ("normal", "hochzeit"):
        for key in re_keys:
            if key != player or kind == "normal":
                form.locator("#re").get_by_role("checkbox", name=table.names[key]).check()
    eyes = form.locator("fieldset.eyes")
    if kontra_eyes:
        eyes.get_by_role("radio", name="Kontra", exact=True).check()
        eyes.get_by_role("spinbutton").fill(str(240 - record["re_eyes"]))
    else:
        eyes.get_by_role("spinbutton").fill(str(record["re_eyes"]))
    calls = record.get("calls") or {}
    form.get_by_label("Ansage Re", exact=True).select_option(calls.get("re") or "")
    form.get_by_label("Ansage Kontra", exact=True).select_option(calls.get("kontra") or "")
    specials = record.get("specials") or {}
    numbers = {
        f"{side}_{name}": count
        for side, found in specials.items()
        for name, count in found.items()
        if count
    }
    if record["re_tricks"] in (0, 12):
        details = form.locator("details.specials")
        if details.get_attribute("open") is None:
            details.locator("summary").click()
        schwarz = "Re ohne Stich" if record["re_tricks"] == 0 else "Kontra ohne Stich"
        details.get_by_role("radio", name=schwarz).check()
    for name, count in numbers.items():
        form.locator(f"#{name}").fill(str(count))


def points_line(table: Table, points: dict[str, int]) -> list[str]:
    return [f"{table.names[key]} {points[key]:+d}" for key in table.keys]


def preview(page: Page) -> Locator:
    """The engine's value of the game being typed, in the bar above "Speichern"."""
    return page.locator("#vorschau")


def check_game(page: Page, table: Table, record: Record, *, kontra_eyes: bool = False) -> None:
    """Fill in the game: the engine's value, shown live above "Speichern", must be the
    simulator's."""
    form = game_form(page)
    fill_game(form, table, record, kontra_eyes=kontra_eyes)
    expect(preview(page).locator(".pp")).to_have_text(points_line(table, record["points"]))
    expect(preview(page).locator(".problems")).to_have_count(0)
    expect(form.get_by_role("button", name="Speichern")).to_be_visible()


def saved_message(page: Page) -> Locator:
    """What the entry part says was just saved."""
    return page.locator("#eingabe [role=status]")


def game_saved(table: Table, number: int, points: dict[str, int]) -> re.Pattern[str]:
    """The message after game ``number`` is saved: its number, its label and its points."""
    line = re.escape(", ".join(points_line(table, points)))
    return re.compile(rf"^Spiel {number} gespeichert: .+ – {line}\.$")


def entering(page: Page) -> int:
    """The number of the game the form is for (its heading "Spiel N eintragen")."""
    heading = page.locator("#eingabe h2").inner_text()
    found = re.fullmatch(r"Spiel (\d+) eintragen", heading.strip())
    assert found is not None, heading
    return int(found.group(1))


def enter_game(page: Page, table: Table, record: Record, *, kontra_eyes: bool = False) -> None:
    """A whole game at the table: fill in, compare the value, "Speichern", and the game is
    named as saved (in place, without a page load)."""
    number = entering(page)
    check_game(page, table, record, kontra_eyes=kontra_eyes)
    game_form(page).get_by_role("button", name="Speichern").click()
    expect(saved_message(page)).to_have_text(game_saved(table, number, record["points"]))


def state(page: Page) -> Locator:
    """The list's header: game, dealer, time, Pflichtsoli owed, totals, banners."""
    return page.locator("#kopf")


def sums(page: Page) -> list[int]:
    """The totals in the list's header row, per table position."""
    cells = page.locator("#summen th.num .total").all_inner_texts()
    return [int(text) for text in cells]


def player_totals(page: Page) -> list[int]:
    """The totals in the page's header line, per table position."""
    cells = page.locator("#kopf .totals .total strong").all_inner_texts()
    return [int(text) for text in cells]


def list_rows(page: Page, section: str = "normal") -> Locator:
    """The list's entries in ``section`` ("normal" or "pflicht")."""
    return page.locator(f"#{section}-rows tr[id^=eintrag-]")


def open_with_code(page: Page, table: Table) -> None:
    page.goto(table.code_url)
    expect(
        page.get_by_role("heading", name=re.compile(rf"^Liste von Tisch {table.number}, Runde 1"))
    ).to_be_attached()


def sticking_out(page: Page, width: int = PHONE["width"]) -> list[str]:
    """What makes the page wider than a ``width`` px screen: the page's own width, and each
    kind of element that reaches beyond the screen without a box that clips or scrolls it
    (an absolutely placed element that escapes such a box counts)."""
    found: list[str] = page.evaluate(
        """(width) => {
          const out = [];
          const page = document.documentElement.scrollWidth;
          if (page > width) out.push(`page ${page} px wide (layout viewport ${innerWidth} px)`);
          const positioned = (el) => {
            for (let a = el.parentElement; a; a = a.parentElement) {
              if (getComputedStyle(a).position !== "static") return a;
            }
            return null;
          };
          const clipped = (el) => {
            const style = getComputedStyle(el);
            const free = style.position === "absolute" || style.position === "fixed";
            const block = free ? positioned(el) : el.parentElement;
            for (let a = el.parentElement; a; a = a.parentElement) {
              const o = getComputedStyle(a).overflowX;
              if (o === "visible") continue;
              if (!free || (block && (a === block || a.contains(block)))) return true;
            }
            return false;
          };
          const seen = new Map();
          for (const el of document.body.querySelectorAll("*")) {
            const box = el.getBoundingClientRect();
            if (box.width === 0 && box.height === 0) continue;
            if (box.right <= width + 0.5) continue;
            if (clipped(el)) continue;
            const name = el.tagName.toLowerCase() +
              (el.className ? "." + String(el.className).trim().replace(/ +/g, ".") : "") +
              ` "${el.textContent.trim().slice(0, 20)}"`;
            seen.set(name, Math.max(seen.get(name) || 0, Math.round(box.right)));
          }
          for (const [name, right] of seen) out.push(`${name} reaches to ${right} px`);
          return out;
        }""",
        width,
    )
    return found


def assert_targets(page: Page, selector: str) -> None:
    """Every visible control of ``selector`` is a touch target of at least 44 px."""
    found = [target for target in page.locator(selector).all() if target.is_visible()]
    assert found, selector
    for target in found:
        box = target.bounding_box()
        assert box is not None and box["height"] >= 44, (target.inner_text(), box)


def sideways_scrollers(page: Page) -> list[str]:
    """Boxes on the page whose content is wider than they are and scrolls sideways."""
    found: list[str] = page.evaluate(
        """() => {
          const out = [];
          for (const el of document.body.querySelectorAll("*")) {
            const o = getComputedStyle(el).overflowX;
            if ((o === "auto" || o === "scroll") && el.scrollWidth > el.clientWidth + 1) {
              out.push(`${el.tagName.toLowerCase()}.${el.className}: ` +
                `${el.scrollWidth} px in ${el.clientWidth} px`);
            }
          }
          return out;
        }"""
    )
    return found


def assert_fits(page: Page, where: str) -> None:
    problems = sticking_out(page)
    assert not problems, f"{where} is wider than the phone: " + "; ".join(problems)
