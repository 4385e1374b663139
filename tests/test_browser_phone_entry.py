"""A game entered on a phone at the table (390x844, touch), as issue 19 asks it: how many
actions it takes, that the engine's value and "Speichern" stay in view after every step, a
save whose answer never arrives, two phones on one list, a game saved elsewhere showing up
without a reload, and entry with the keyboard alone.

Each action is one ``Steps`` call: a tap, or typing into a field (the tap that focuses it
and the typing together, as a person does it). Every test ends by finding the game stored
with the score-list service, and its points are the rules engine's own.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Locator, Page, Route, expect

from tests.browser import SERVERS
from tests.test_browser_scorelists import (
    PHONE,
    Devices,
    Record,
    Site,
    Table,
    browser,
    new_round,
    normal,
    report,
    stored,
)
from tests.test_browser_scorelists import devices as devices
from tests.test_browser_scorelists import site as site  # the module's server, both kinds

__all__ = ["browser", "devices", "site"]

assert SERVERS  # the site fixture runs every test on each server of tests/browser.py


class Steps:
    """The actions of one person on one phone, counted; after each one the engine's value
    (``#vorschau``) and the save button must be on the screen."""

    def __init__(self, page: Page, save: str = "Speichern") -> None:
        self.page = page
        self.save_name = save
        self.count = 0

    def tap(self, target: Locator) -> None:
        target.tap()
        self.count += 1
        self.in_view()

    def type(self, field: Locator, text: str) -> None:
        field.tap()
        self.page.keyboard.type(text)
        self.count += 1
        self.in_view()

    def save(self, saved: str) -> None:
        """Tap the save button and wait for the page to say ``saved``; the next game's form
        is then in view again."""
        self.button().tap()
        self.count += 1
        expect(self.page.locator(".last-game")).to_contain_text(saved)
        self.in_view()

    def button(self) -> Locator:
        return self.page.locator(".savebar").get_by_role("button", name=self.save_name)

    def in_view(self) -> None:
        """The bar with the value and the button lies inside the 390x844 screen."""
        for part in (self.page.locator(".savebar"), self.button()):
            box = part.bounding_box()
            assert box is not None, "not shown"
            assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box


def phone(devices: Devices, table: Table, query: str = "") -> Page:
    page = devices.open(phone=True, touch=True)
    page.goto(table.code_url + query)
    return page


def re_tap(page: Page, table: Table, key: str) -> Locator:
    return page.locator("#spiel-form fieldset#re label.tap").filter(has_text=table.names[key])


def points_shown(page: Page, table: Table, points: dict[str, int]) -> None:
    """The bar shows every player's points as the engine counts them."""
    line = page.locator("#vorschau .points-line")
    for key in table.keys:
        expect(line).to_contain_text(f"{table.names[key]} {points[key]:+d}")


def engine_points(table: Table, entries: list[Record], record: Record) -> dict[str, int]:
    dealer = report(table, entries)["next_dealer"]
    row = report(table, [*entries, {**record, "dealer": dealer}])["rows"][-1]
    return {key: int(value) for key, value in row["points"].items()}


# ---------------------------------------------------------------------- action counts


def test_a_normalspiel_is_four_taps_and_the_augen_on_one_screen(
    site: Site, devices: Devices
) -> None:
    """Tap both Re players, type the Augen, tap "Speichern": the value is there before the
    save, nothing scrolls, and the game is stored as tapped."""
    table = new_round(site, 4)[0]
    page = phone(devices, table)
    steps = Steps(page)
    steps.in_view()
    a, b = table.keys[0], table.keys[2]
    steps.tap(re_tap(page, table, a))
    steps.tap(re_tap(page, table, b))
    steps.type(page.locator("#spiel-form-eyes"), "151")
    record = normal((a, b), 151)
    points_shown(page, table, engine_points(table, [], record))
    steps.in_view()
    assert page.evaluate("window.scrollY") == 0  # one screen, no scrolling
    steps.save("Spiel 1 gespeichert: Normalspiel")
    assert steps.count == 4
    [game] = stored(site, table)
    assert game["re"] == [a, b] and game["re_eyes"] == 151


def test_quick_entry_takes_at_most_five_actions(site: Site, devices: Devices) -> None:
    """In the points mode: a Normalspiel is tap, tap, type, save; a lost solo is its kind,
    "Minuspunkte", the soloist, type, save. The zero sum, the solo's x3 and the plus-point
    marks are derived."""
    table = new_round(site, 4)[0]
    page = phone(devices, table, "?schnell=1")
    form = page.locator("form.quick-form")
    players = form.locator("fieldset#winners label.tap")
    steps = Steps(page, "Punkte speichern")
    a, b, c, d = table.keys
    steps.tap(players.filter(has_text=table.names[a]))
    steps.tap(players.filter(has_text=table.names[c]))
    steps.type(form.get_by_label("Punkte für jeden von ihnen"), "2")
    steps.save("Spiel 1 gespeichert")
    assert steps.count == 4

    steps = Steps(page, "Punkte speichern")
    form = page.locator("form.quick-form")
    steps.tap(form.locator("fieldset#schnell-kind label.tap").filter(has_text="Pflichtsolo"))
    steps.tap(form.locator("fieldset#schnell-side label.tap").filter(has_text="Minuspunkte"))
    steps.tap(form.locator("fieldset#winners label.tap").filter(has_text=table.names[d]))
    steps.type(form.get_by_label("Punkte für jeden von ihnen"), "3")
    steps.save("Spiel 2 gespeichert")
    assert steps.count == 5
    first, second = stored(site, table)
    assert first["points"] == {a: 2, b: -2, c: 2, d: -2} and first["winners"] == [a, c]
    assert second["points"] == {a: 3, b: 3, c: 3, d: -9}
    assert second["winners"] == [a, b, c] and second["player"] == d


# ---------------------------------------------------------------------- nothing lost


def test_a_save_whose_answer_never_arrives_is_sent_again_and_stored_once(
    site: Site, devices: Devices
) -> None:
    """The WLAN drops after the game reached the server: the phone keeps the input, says so
    in German, sends it again, and the server recognises it (one game stored)."""
    table = new_round(site, 4)[0]
    page = phone(devices, table)
    lost: list[str] = []

    def answer_lost(route: Route) -> None:
        if lost:
            route.continue_()
            return
        route.fetch()  # the server stores the game ...
        lost.append(route.request.url)
        route.abort("internetdisconnected")  # ... and its answer never arrives

    page.route("**/spiel", answer_lost)
    a, b = table.keys[1], table.keys[3]
    re_tap(page, table, a).tap()
    re_tap(page, table, b).tap()
    page.locator("#spiel-form-eyes").fill("120")
    page.locator(".savebar").get_by_role("button", name="Speichern").tap()
    expect(page.locator(".savebar .offline")).to_contain_text("Keine Verbindung")
    expect(page.locator(".last-game")).to_contain_text("schon gespeichert (Eintrag 1)")
    assert len(lost) == 1
    assert [game["re"] for game in stored(site, table)] == [[a, b]]


def test_a_save_while_offline_waits_for_the_network_and_stores_one_game(
    site: Site, devices: Devices
) -> None:
    """The phone is offline when "Speichern" is pressed: the input stays, the message says
    why, and once the network is back the game is stored, once."""
    table = new_round(site, 4)[0]
    page = phone(devices, table)
    a, b = table.keys[0], table.keys[1]
    re_tap(page, table, a).tap()
    re_tap(page, table, b).tap()
    page.locator("#spiel-form-eyes").fill("99")
    expect(page.locator("#vorschau .points-line")).to_be_visible()
    page.context.set_offline(True)
    page.locator(".savebar").get_by_role("button", name="Speichern").tap()
    expect(page.locator(".savebar .offline")).to_be_visible()
    expect(page.locator("#spiel-form-eyes")).to_have_value("99")
    assert stored(site, table) == []
    page.context.set_offline(False)
    expect(page.locator(".last-game")).to_contain_text("Spiel 1 gespeichert")
    assert [game["re_eyes"] for game in stored(site, table)] == [99]


def test_the_phone_refused_because_another_was_faster_keeps_its_input(
    site: Site, devices: Devices
) -> None:
    """Two phones type a game each; the slower one is told what the other saved, keeps its
    taps and Augen, and stores its own game with one more press."""
    table = new_round(site, 4)[0]
    first, second = phone(devices, table), phone(devices, table)
    a, b, c, d = table.keys
    for page, (x, y), eyes in ((first, (a, b), "130"), (second, (c, d), "170")):
        re_tap(page, table, x).tap()
        re_tap(page, table, y).tap()
        page.locator("#spiel-form-eyes").fill(eyes)
        expect(page.locator("#vorschau .points-line")).to_be_visible()
    first.locator(".savebar").get_by_role("button", name="Speichern").tap()
    expect(first.locator(".last-game")).to_contain_text("Spiel 1 gespeichert")
    second.locator(".savebar").get_by_role("button", name="Speichern").tap()
    conflict = second.locator(".conflict")
    expect(conflict).to_contain_text("Ein anderes Gerät war schneller")
    expect(conflict).to_contain_text(f"Re: {table.names[a]}, {table.names[b]}")
    expect(second.locator("#spiel-form-eyes")).to_have_value("170")
    for key in (c, d):
        expect(re_tap(second, table, key).locator("input")).to_be_checked()
    expect(second.locator("#eintrag-1")).to_be_visible()  # the other game is in its list
    assert len(stored(site, table)) == 1
    second.locator(".savebar").get_by_role("button", name="Speichern").tap()
    expect(second.locator(".last-game")).to_contain_text("Spiel 2 gespeichert")
    assert [game["re"] for game in stored(site, table)] == [[a, b], [c, d]]


# ---------------------------------------------------------------------- live


def test_a_game_saved_on_another_phone_appears_without_a_reload(
    site: Site, devices: Devices
) -> None:
    """An open list shows a game saved on another phone by itself: the row, the totals, the
    next game in the header; an untouched form moves on to the next game."""
    table = new_round(site, 4)[0]
    watching, keeping = phone(devices, table), phone(devices, table)
    a, b = table.keys[0], table.keys[3]
    re_tap(keeping, table, a).tap()
    re_tap(keeping, table, b).tap()
    keeping.locator("#spiel-form-eyes").fill("125")
    keeping.locator(".savebar").get_by_role("button", name="Speichern").tap()
    expect(keeping.locator(".last-game")).to_contain_text("Spiel 1 gespeichert")
    expect(watching.locator("#eintrag-1")).to_be_visible()
    expect(watching.locator("#kopf")).to_contain_text("Spiel 2 von 24")
    expect(watching.locator("#summen")).to_contain_text(f"{table.names[a]} 1")
    expect(watching.locator(".last-game")).to_contain_text("Zuletzt: Spiel 1")
    assert watching.evaluate("window.performance.getEntriesByType('navigation').length") == 1


# ---------------------------------------------------------------------- keyboard


def test_a_game_is_entered_with_the_keyboard_alone(site: Site, devices: Devices) -> None:
    """Tab to the Re players and tick them with the space bar, type the Augen, press Enter:
    the game is stored."""
    table = new_round(site, 4)[0]
    page = devices.open(phone=True)
    page.goto(table.code_url)
    a, b = table.keys[1], table.keys[2]
    for key in (a, b):
        box = re_tap(page, table, key).locator("input")
        for _ in range(60):
            if box.evaluate("element => element === document.activeElement"):
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Space")
        expect(box).to_be_checked()
    page.keyboard.press("Tab")  # on to the Augen: Re is chosen already
    for _ in range(10):
        if page.locator("#spiel-form-eyes").evaluate(
            "element => element === document.activeElement"
        ):
            break
        page.keyboard.press("Tab")
    page.keyboard.type("140")
    expect(page.locator("#vorschau .points-line")).to_be_visible()
    page.keyboard.press("Enter")
    expect(page.locator(".last-game")).to_contain_text("Spiel 1 gespeichert")
    assert [game["re"] for game in stored(site, table)] == [[a, b]]


# ---------------------------------------------------------------------- other screens


def test_a_laptop_shows_all_five_players_columns(site: Site, devices: Devices) -> None:
    """At a table of five on a 1,280 px laptop every player's column of the list is in view,
    and on the phone the list needs no sideways scrolling either."""
    five = next(table for table in new_round(site, 5) if len(table.keys) == 5)
    laptop = devices.open()
    laptop.set_viewport_size({"width": 1280, "height": 800})
    laptop.goto(five.code_url)
    for page in (laptop, phone(devices, five)):
        heads = page.locator("#summen th.num")
        expect(heads).to_have_count(5)
        width = page.evaluate("document.documentElement.clientWidth")
        for index in range(5):
            box = heads.nth(index).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_without_javascript_pruefen_shows_the_value_and_speichern_stores(
    site: Site, browser: Browser
) -> None:
    """A phone without JavaScript: "Prüfen" loads the page with the engine's value, then
    "Speichern" stores the game."""
    table = new_round(site, 4)[0]
    context = browser.new_context(
        base_url=site.url, locale="de-DE", viewport=PHONE, java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.goto(table.code_url)
        a, b = table.keys[0], table.keys[1]
        for key in (a, b):
            re_tap(page, table, key).click()
        page.locator("#spiel-form-eyes").fill("130")
        page.get_by_role("button", name="Prüfen").click()
        points_shown(page, table, engine_points(table, [], normal((a, b), 130)))
        assert stored(site, table) == []
        page.locator(".savebar").get_by_role("button", name="Speichern").click()
        expect(page.locator(".flash-success")).to_contain_text("Spiel 1 gespeichert")
        assert [game["re"] for game in stored(site, table)] == [[a, b]]
    finally:
        context.close()
