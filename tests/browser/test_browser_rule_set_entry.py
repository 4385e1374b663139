"""Entry at the table under another rule set than the DDV's, on a phone (390x844, touch) in
Chromium (issue 33, item 3): per preset a plain Normalspiel in at most five actions with
nothing scrolled, and games of the set's own kinds (000's Damen/Buben-Solo and Hammelrennen,
001's Schieben and Schwarz-Spiel, 002's Karo-Solo with Schweinchen, 004's Grand with Kontra
and Re); each time the value in the bar is the rules engine's score of the stored record, and
axe finds nothing serious or critical on the entry page.

The app is served by doko-turnier on SQLite (``tests/support/browser.py``): the pages are the same
on gunicorn. 000 is played with its plus-minus variant (D2); its Punktetopf (a start set for
the day) is covered by tests/app/test_app_rule_set_entry.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Response, expect

from rules_engine import score_record
from tests.support.accessibility import axe_findings
from tests.support.browser import served_on
from tests.support.scorelist_browser import (
    LEITUNG,
    PHONE,
    Devices,
    Site,
    Table,
    stored,
    surname,
    tables_of,
)
from tests.support.webapp import (
    add_account,
    csrf_token,
    draw_round,
    log_in,
    paste_players,
    round_action,
)
from tournament.extensions import db
from tournament.models import Tournament

FIRST_NAMES = ("Anna", "Ben", "Cem", "Dora")


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Site]:
    instance = tmp_path_factory.mktemp("rule-set-entry") / "instance"
    with served_on("laptop-sqlite", instance, request) as (app, url):
        add_account(app, LEITUNG)
        client = app.test_client()
        assert log_in(client, LEITUNG).status_code == 302
        yield Site(app, url, client)


def ruled_table(site: Site, preset: str, *variants: str) -> Table:
    """A tournament under ``preset`` with four players, round 1 started: its table."""
    n = next(site.numbers)
    client = site.client
    response = client.post(
        "/turniere/neu",
        data={
            "csrf_token": csrf_token(client, "/turniere/neu"),
            "name": f"Regelabend {n}",
            "date": "2026-11-21",
            "rounds_planned": "1",
            "rules_preset": preset,
            "rules_variants": [f"{preset}/{v}" for v in variants],
        },
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    found = re.search(r"/turniere/(\d+)/", response.headers["Location"])
    assert found
    tid = int(found.group(1))
    paste_players(client, tid, "\n".join(f"{first} {surname(n)}" for first in FIRST_NAMES))
    draw_round(client, tid, seed=n)
    round_action(client, tid, 1, "starten")
    [table] = tables_of(site, tid)
    return table


class Steps:
    """A list-keeper's actions on one phone, counted (a tap, a choice, typing, the tap that
    puts the cursor into a field); each control is on the screen above the bar when used and
    the page is never scrolled. ``value_ms``: from each keystroke to the value in the bar."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0
        self.value_ms: list[float] = []

    def tap(self, target: Locator) -> None:
        self.reachable(target)
        target.tap()
        self.count += 1

    def choose(self, select: Locator, value: str) -> None:
        self.reachable(select)
        select.select_option(value)
        self.count += 1

    def type(self, field: Locator, text: str) -> None:
        if not field.evaluate("element => element === document.activeElement"):
            self.tap(field)
        self.reachable(field)
        # The time from the last keystroke until htmx has settled the answer to the value asked
        # with the whole text in the bar (a loaded machine may ask after each keystroke too).
        self.page.evaluate(
            """() => { window.__valueShown = null; window.__answered = 0;
                 const ours = (e) => e.detail.target && e.detail.target.id === "vorschau";
                 document.body.addEventListener("htmx:afterRequest", (event) => {
                   if (ours(event)) { window.__answered = performance.now(); } });
                 document.body.addEventListener("htmx:afterSettle", (event) => {
                   if (ours(event)) { window.__valueShown = performance.now(); } }); }"""
        )
        sent = f"{field.get_attribute('name')}={text}"

        def asked(response: Response) -> bool:
            body = response.request.post_data or ""
            return "vorschau" in response.url and sent in body.split("&")

        with self.page.expect_response(asked):
            self.page.keyboard.type(text)
            typed = float(self.page.evaluate("performance.now()"))
        self.page.wait_for_function("() => !document.querySelector('.htmx-request')")
        self.page.wait_for_function(
            "() => window.__valueShown !== null && window.__valueShown >= window.__answered"
        )
        self.value_ms.append(float(self.page.evaluate("window.__valueShown")) - typed)
        self.count += 1

    def save(self) -> None:
        button = self.page.locator(".savebar").get_by_role("button", name="Speichern")
        self.reachable(button)
        button.tap()
        self.count += 1
        expect(self.page.locator(".last-game .saved")).to_be_visible()

    def reachable(self, target: Locator) -> None:
        assert self.page.evaluate("window.scrollY") == 0, "the page was scrolled"
        box = target.bounding_box()
        assert box is not None, "not shown"
        in_bar = target.evaluate("element => Boolean(element.closest('.savebar'))")
        bar = self.page.locator(".savebar").bounding_box()
        assert bar is not None
        bottom = PHONE["height"] if in_bar else bar["y"]
        assert box["y"] >= 0 and box["y"] + box["height"] <= bottom, (box, bar)


def phone(devices: Devices, table: Table) -> Page:
    page = devices.open(phone=True, touch=True)
    page.goto(table.code_url)
    return page


def form(page: Page) -> Locator:
    return page.locator("form.game-form")


def kind_tap(page: Page, label: str) -> Locator:
    return form(page).locator("fieldset#kind label.tap").filter(has_text=re.compile(f"^ ?{label}$"))


def player_tap(page: Page, table: Table, key: str, field: str = "player") -> Locator:
    return form(page).locator(f"fieldset#{field} label.tap").filter(has_text=table.names[key])


def engine_result(site: Site, table: Table, record: dict[str, Any]) -> dict[str, Any]:
    """The engine's own score of a stored record under the table's rule set."""
    with site.app.app_context():
        tournament = db.session.get(Tournament, table.tid)
        assert tournament is not None
        rules = tournament.engine_rules
    game = {k: v for k, v in record.items() if k not in ("kind", "dealer", "player")}
    dealer = record["dealer"]
    players = [table.keys[(table.keys.index(dealer) + i) % 4] for i in range(1, 5)]
    result = score_record({**game, "players": players, "rules": rules})
    assert "error" not in result, result
    return result


def shown_matches_engine(page: Page, site: Site, table: Table, shown: str) -> dict[str, Any]:
    """The bar showed, before "Speichern", every player's points as the engine scores the
    stored game, and its items."""
    record = stored(site, table)[-1]
    result = engine_result(site, table, record)
    for key, points in result["scores"].items():
        assert f"{table.names[key]} {points:+d}" in shown, (key, points, shown, record)
    for label, _, _ in result["items"]:
        assert label in shown, (label, shown)
    return record


def last(page: Page, sent: str, action: Callable[[], Any]) -> None:
    """The last input of a game (``sent``: how the form sends it, ``name=value``): the answer
    to the value asked with it is awaited and swapped in."""

    def asked(response: Response) -> bool:
        body = response.request.post_data or ""
        return "vorschau" in response.url and sent in body.split("&")

    with page.expect_response(asked):
        action()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def bar_text(page: Page) -> str:
    expect(page.locator("#vorschau .points-line")).to_be_visible()
    return " ".join(page.locator("#vorschau").inner_text().split())


PRESETS = [
    ("hausregeln-2024", ("plus_minus",)),
    ("reglement-2001", ()),
    ("schweinchen", ()),
    ("ravensburger-2015", ()),
]


@pytest.mark.parametrize(("preset", "variants"), PRESETS)
def test_a_plain_game_in_five_actions_on_one_screen_valued_as_the_engine_scores_it(
    site: Site, devices: Devices, preset: str, variants: tuple[str, ...]
) -> None:
    table = ruled_table(site, preset, *variants)
    page = phone(devices, table)
    assert axe_findings(page) == []
    steps = Steps(page)
    a, _, c, _ = table.keys
    steps.tap(player_tap(page, table, a, "re"))
    steps.tap(player_tap(page, table, c, "re"))
    steps.type(form(page).locator("#spiel-form-eyes"), "151")
    shown = bar_text(page)
    steps.save()
    assert steps.count <= 5
    record = shown_matches_engine(page, site, table, shown)
    assert record["type"] == "normal" and record["re"] == [a, c] and record["re_eyes"] == 151
    print(f"{preset}: value shown {steps.value_ms[-1]:.0f} ms after the last keystroke")


def test_hausregeln_2024_damen_buben_solo_and_hammelrennen(site: Site, devices: Devices) -> None:
    table = ruled_table(site, "hausregeln-2024", "plus_minus")
    page = phone(devices, table)
    a, b, c, d = table.keys
    kind_tap(page, "Lustsolo").tap()
    form(page).get_by_label("Soloart", exact=True).select_option("damen_buben")
    expect(form(page).get_by_label("Soloart", exact=True)).to_contain_text(
        "gemischtes Damen/Buben-Solo"
    )
    player_tap(page, table, b).tap()
    last(page, "eyes=130", lambda: form(page).locator("#spiel-form-eyes").fill("130"))
    shown = bar_text(page)
    form(page).get_by_role("button", name="Speichern").tap()
    expect(page.locator(".last-game .saved")).to_be_visible()
    record = shown_matches_engine(page, site, table, shown)
    assert (record["type"], record["solo"], record["re"]) == ("solo", "damen_buben", [b])

    kind_tap(page, "Hammelrennen").tap()
    fields = form(page).locator("fieldset.hammel-eyes input")
    expect(fields).to_have_count(4)
    for field, eyes in zip(fields.all()[:3], (20, 130, 50), strict=True):
        field.fill(str(eyes))
    last(page, "augen_3=40", lambda: fields.nth(3).fill("40"))
    shown = bar_text(page)
    assert "Gewonnen hat" in shown
    assert axe_findings(page) == []
    form(page).get_by_role("button", name="Speichern").tap()
    expect(page.locator(".last-game .saved")).to_contain_text("Spiel 2")
    record = shown_matches_engine(page, site, table, shown)
    assert record["type"] == "hammelrennen" and sorted(record["eyes"].values()) == [20, 40, 50, 130]
    assert set(record["eyes"]) == {a, b, c, d}


def test_reglement_2001_schieben_and_schwarz_spiel(site: Site, devices: Devices) -> None:
    table = ruled_table(site, "reglement-2001")
    page = phone(devices, table)
    a, b, c, _ = table.keys
    kind_tap(page, "Schieben").tap()
    player_tap(page, table, a, "re").tap()
    player_tap(page, table, b, "re").tap()
    form(page).locator("#spiel-form-eyes").fill("140")
    last(page, "re_fuchs=1", lambda: form(page).locator("#re_fuchs").fill("1"))
    shown = bar_text(page)
    form(page).get_by_role("button", name="Speichern").tap()
    expect(page.locator(".last-game .saved")).to_be_visible()
    record = shown_matches_engine(page, site, table, shown)
    assert record["type"] == "armut" and record["specials"]["re"]["fuchs"] == 1

    kind_tap(page, "Schwarz-Spiel").tap()
    expect(form(page).locator("fieldset.eyes")).to_be_hidden()
    last(page, f"player={c}", lambda: player_tap(page, table, c).tap())
    shown = bar_text(page)
    form(page).get_by_role("button", name="Speichern").tap()
    expect(page.locator(".last-game .saved")).to_contain_text("Spiel 2")
    record = shown_matches_engine(page, site, table, shown)
    assert record == {**record, "type": "schwarz_spiel", "culprit": c}


def test_schweinchen_karo_solo_with_the_schweinchen(site: Site, devices: Devices) -> None:
    table = ruled_table(site, "schweinchen")
    page = phone(devices, table)
    _, _, c, _ = table.keys
    expect(kind_tap(page, "Pflichtsolo")).to_have_count(0)
    kind_tap(page, "Solo").tap()
    form(page).get_by_label("Soloart", exact=True).select_option("karo")
    player_tap(page, table, c).tap()
    form(page).locator("#spiel-form-eyes").fill("160")
    form(page).get_by_label("Ansage Re", exact=True).select_option("re")
    form(page).get_by_text("Schweinchen gemeldet").tap()
    last(page, "re_doppelkopf=1", lambda: form(page).locator("#re_doppelkopf").fill("1"))
    shown = bar_text(page)
    assert "x2 Re angesagt" in shown
    assert axe_findings(page) == []
    form(page).get_by_role("button", name="Speichern").tap()
    expect(page.locator(".last-game .saved")).to_be_visible()
    record = shown_matches_engine(page, site, table, shown)
    assert record["schweinchen"] is True and record["solo"] == "karo" and "pflicht" not in record


def test_ravensburger_2015_grand_and_kontra_answered_by_re(site: Site, devices: Devices) -> None:
    table = ruled_table(site, "ravensburger-2015")
    page = phone(devices, table)
    a, b, _, d = table.keys
    expect(form(page).get_by_label("Ansage Kontra", exact=True).locator("option")).to_have_count(2)
    kind_tap(page, "Solo").tap()
    form(page).get_by_label("Soloart", exact=True).select_option("buben")
    player_tap(page, table, d).tap()
    last(page, "eyes=100", lambda: form(page).locator("#spiel-form-eyes").fill("100"))
    shown = bar_text(page)
    assert "Pfennig" in shown
    form(page).get_by_role("button", name="Speichern").tap()
    expect(page.locator(".last-game .saved")).to_be_visible()
    shown_matches_engine(page, site, table, shown)

    kind_tap(page, "Normal").tap()
    player_tap(page, table, a, "re").tap()
    player_tap(page, table, b, "re").tap()
    form(page).locator("#spiel-form-eyes").fill("130")
    form(page).get_by_label("Ansage Kontra", exact=True).select_option("kontra")
    last(
        page,
        "re_call=re",
        lambda: form(page).get_by_label("Ansage Re", exact=True).select_option("re"),
    )
    shown = bar_text(page)
    form(page).get_by_role("button", name="Speichern").tap()
    expect(page.locator(".last-game .saved")).to_contain_text("Spiel 2")
    record = shown_matches_engine(page, site, table, shown)
    assert record["calls"] == {"re": "re", "kontra": "kontra"}
    expect(page.locator(".referee-links")).to_have_count(0)


def test_the_entry_page_of_each_set_passes_axe(site: Site, devices: Devices) -> None:
    for preset, variants in PRESETS:
        table = ruled_table(site, preset, *variants)
        page = phone(devices, table)
        assert axe_findings(page) == [], preset
        page.get_by_role("link", name="Nur Punkte").tap()
        expect(page.locator("form.quick-form")).to_be_visible()
        assert axe_findings(page) == [], preset


#: Where each line of an element's text begins (the index of its first character), by the
#: characters' boxes on the screen.
LINE_STARTS = """e => {
  const text = e.firstChild, range = document.createRange(), starts = [];
  let top = null;
  for (let i = 0; i < text.length; i++) {
    range.setStart(text, i); range.setEnd(text, i + 1);
    const boxes = [...range.getClientRects()].filter(box => box.width > 0);
    const box = boxes[boxes.length - 1];
    if (!box || text.data[i] === "\u00ad") continue;
    if (top !== null && box.top > top + 2) starts.push(i);
    top = box.top;
  }
  return [text.data, starts];
}"""


def test_the_sonderpunkte_heads_break_only_where_a_word_may(site: Site, devices: Devices) -> None:
    """At 390 px each Sonderpunkt's column head is whole or breaks at a space or its soft
    hyphen (Doppel-kopf), never inside a word (not "Doppelkop / f")."""
    for preset, variants in PRESETS:
        table = ruled_table(site, preset, *variants)
        page = phone(devices, table)
        kind_tap(page, "Normal").tap()
        heads = form(page).locator(".sp-grid > span[aria-hidden]:not(.sp-party)")
        for head in heads.all():
            if not head.inner_text().strip():
                continue
            text, starts = head.evaluate(LINE_STARTS)
            for start in starts:
                assert text[start - 1] in " \u00ad", (preset, text, start)


def test_the_saved_line_takes_the_whole_width(site: Site, devices: Devices) -> None:
    """After saving a solo the line "Spiel 1 gespeichert: …" runs across the screen, the
    buttons Korrigieren and Löschen beneath it, not in a narrow column beside them."""
    table = ruled_table(site, "ravensburger-2015")
    page = phone(devices, table)
    _, b, _, _ = table.keys
    kind_tap(page, "Solo").tap()
    form(page).get_by_label("Soloart", exact=True).select_option("buben")
    player_tap(page, table, b).tap()
    last(page, "eyes=130", lambda: form(page).locator("#spiel-form-eyes").fill("130"))
    form(page).get_by_role("button", name="Speichern").tap()
    saved = page.locator(".last-game .saved")
    expect(saved).to_be_visible()
    box = saved.bounding_box()
    row = page.locator(".last-game").bounding_box()
    assert box is not None and row is not None
    assert box["width"] >= row["width"] - 20, (box, row)
    assert axe_findings(page) == []
