"""A game entered on a phone at the table (390x844, touch), as issues 19 and 30 ask it: how
many actions it takes, on one screen without scrolling, also at a table of five with long
names; that the engine's value and "Speichern" stay in view after every step; the quick
entry with its live value and a Vorführung preset, switched to in place; a save whose answer
never arrives, two phones on one list, a game saved elsewhere showing up without a reload,
and entry with the keyboard alone.

Actions are counted by ``Steps``: a tap, a choice from a list, typing, and the tap that puts
the cursor into a field (typing into a field that has the focus already is one action, a tap
on it and typing two). Every control used must be on the screen above the bar when it is used,
without scrolling. Every test ends by finding the game stored with the score-list service,
and its points are the rules engine's own.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import APIResponse, Browser, Locator, Page, Route, expect

from tests.support.browser import SERVERS
from tests.support.scorelist_browser import (
    PHONE,
    SEED_FOUR,
    Devices,
    Record,
    Site,
    Table,
    new_round,
    normal,
    report,
    simulated,
    store,
    stored,
    tables_of,
)
from tests.support.scorelist_browser import engine_points as with_points
from tests.support.webapp import create_tournament, draw_round, paste_players, round_action
from tournament.domain.list_entries import kind_of

assert SERVERS  # the site fixture runs every test on each server of tests/support/browser.py


class Steps:
    """The actions of one person on one phone, counted. Each control is on the screen and not
    under the bar when it is used, and the page is never scrolled; after each action the
    engine's value (``#vorschau``) and the save button are on the screen."""

    def __init__(self, page: Page, save: str = "Speichern") -> None:
        self.page = page
        self.save_name = save
        self.count = 0
        self.scrolled = self.scroll_y()

    def tap(self, target: Locator) -> None:
        self.reachable(target)
        target.tap()
        self.count += 1
        self.in_view()

    def choose(self, select: Locator, value: str) -> None:
        """Pick ``value`` from a drop-down list: one action."""
        self.reachable(select)
        select.select_option(value)
        self.count += 1
        self.in_view()

    def type(self, field: Locator, text: str) -> None:
        """Type into ``field``: a tap first unless it has the focus already."""
        if not field.evaluate("element => element === document.activeElement"):
            self.tap(field)
        self.reachable(field)
        self.page.keyboard.type(text)
        self.count += 1
        self.in_view()

    def save(self, saved: str) -> None:
        """Tap the save button and wait for the page to say ``saved``; the next game's form
        is then in view again."""
        self.reachable(self.button())
        self.button().tap()
        self.count += 1
        expect(self.page.locator(".last-game")).to_contain_text(saved)
        self.in_view()

    def button(self) -> Locator:
        return self.page.locator(".savebar").get_by_role("button", name=self.save_name)

    def scroll_y(self) -> float:
        return float(self.page.evaluate("window.scrollY"))

    def reachable(self, target: Locator) -> None:
        """``target`` can be used where it is: on the screen and, unless it is part of the
        bar, above the bar; nothing has scrolled since the first action."""
        assert self.scroll_y() == self.scrolled, "the page was scrolled"
        box = target.bounding_box()
        assert box is not None, "not shown"
        in_bar = target.evaluate("element => Boolean(element.closest('.savebar'))")
        bar = self.page.locator(".savebar").bounding_box()
        assert bar is not None
        bottom = PHONE["height"] if in_bar else bar["y"]
        assert box["y"] >= 0 and box["y"] + box["height"] <= bottom, (box, bar)

    def in_view(self) -> None:
        """The value and the button lie wholly inside the 390x844 screen (the value is
        swapped in by htmx: asked again until it holds)."""
        for part in (self.page.locator("#vorschau"), self.button()):
            expect(part).to_be_in_viewport(ratio=1)


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
    """In the points mode: a Normalspiel is tap, tap, type (the second tap puts the cursor
    into the points), save; a lost solo is its kind, "Minuspunkte", the soloist, tap the
    points and type, save (one tap or three may name a solo's side, so the cursor stays). The
    zero sum, the solo's x3 and the plus-point marks are derived."""
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
    assert steps.count == 6
    first, second = stored(site, table)
    assert first["points"] == {a: 2, b: -2, c: 2, d: -2} and first["winners"] == [a, c]
    assert second["points"] == {a: 3, b: 3, c: 3, d: -9}
    assert second["winners"] == [a, b, c] and second["player"] == d


class Held:
    """Answers of the server held back (the request reached it), to let them arrive at the
    page in an order of the test's choosing."""

    def __init__(self, page: Page, status: int = 200) -> None:
        self.page = page
        self.status = status
        self.answers: list[tuple[Route, APIResponse]] = []

    def hold(self, route: Route) -> None:
        """Hold the first answer of ``status``; let any other through at once."""
        answer = route.fetch()
        if self.answers or answer.status != self.status:
            route.fulfill(response=answer)
        else:
            self.answers.append((route, answer))

    def first(self) -> tuple[Route, APIResponse]:
        """The first held answer, waited for as long as a page's actions wait (15 s): an
        answer that never comes fails the test instead of holding up the run."""
        deadline = time.monotonic() + 15
        while not self.answers:
            assert time.monotonic() < deadline, f"no answer {self.status} came in 15 s"
            self.page.wait_for_timeout(20)
        return self.answers[0]


@pytest.mark.fresh_tabs
def test_a_poll_answered_just_after_the_save_leaves_the_next_game_on_one_screen(
    site: Site, devices: Devices
) -> None:
    """The list's poll, asked while "Punkte speichern" was on its way, is answered just after
    the save (two gunicorn workers can do that) and replaces the header the save brought
    before the page has moved to the entry part: the page still moves there, and the next
    game's points field is above the bar."""
    table = new_round(site, 4)[0]
    page = phone(devices, table, "?schnell=1")
    form = page.locator("form.quick-form")
    players = form.locator("fieldset#winners label.tap")
    steps = Steps(page, "Punkte speichern")
    a, _, c, d = table.keys
    steps.tap(players.filter(has_text=table.names[a]))
    steps.tap(players.filter(has_text=table.names[c]))
    steps.type(form.get_by_label("Punkte für jeden von ihnen"), "2")
    saves, polls = Held(page), Held(page)
    page.route("**/schnell", saves.hold)
    # Routed before the save: a poll on its way while the save is stored would otherwise
    # bring the new state past the route, and every later poll answer 204.
    page.route(lambda url: "stand=" in url, polls.hold)
    steps.reachable(steps.button())
    steps.button().tap()
    save, saved = saves.first()  # stored; its answer not yet at the page
    poll, polled = polls.first()  # the first poll that found the list moved on
    save.fulfill(response=saved)
    poll.fulfill(response=polled)
    expect(page.locator(".last-game")).to_contain_text("Spiel 1 gespeichert")
    page.unroute_all()
    steps.in_view()

    steps = Steps(page, "Punkte speichern")
    form = page.locator("form.quick-form")
    steps.tap(form.locator("fieldset#schnell-kind label.tap").filter(has_text="Pflichtsolo"))
    steps.tap(form.locator("fieldset#schnell-side label.tap").filter(has_text="Minuspunkte"))
    steps.tap(form.locator("fieldset#winners label.tap").filter(has_text=table.names[d]))
    steps.type(form.get_by_label("Punkte für jeden von ihnen"), "3")
    steps.save("Spiel 2 gespeichert")
    first, second = stored(site, table)
    assert first["winners"] == [a, c] and second["player"] == d


# ------------------------------------------------ a table of five with long names (issue 30)

FIRST_NAMES = ("Maximiliane", "Bartholomäus", "Friederike", "Konstantin", "Wilhelmine")
SURNAMES = ("Schwarzenberger", "von Hohenzollern", "Löwenstein", "Zimmermann", "Fürstenberg")
PLACES = ("Aachen", "Bremerhaven", "Castrop-Rauxel", "Donaueschingen", "Eisenhüttenstadt")
PLACES += ("Fürstenfeldbruck", "Gelsenkirchen", "Hildesheim", "Ingolstadt", "Jerichow")
PLACES += ("Königswinter", "Ludwigshafen", "Mönchengladbach", "Neubrandenburg", "Oberammergau")
PLACES += ("Pfaffenhofen", "Quedlinburg", "Recklinghausen", "Sigmaringen", "Tauberbischofsheim")
PLACES += ("Unterschleißheim", "Villingen-Schwenningen", "Wolfenbüttel")


def long_names_table(site: Site) -> Table:
    """A tournament of its own: five players with long names (none a namesake of an earlier
    tournament's) at one table, round 1 started."""
    n = next(site.numbers)
    names = [
        f"{first} {surname}-{PLACES[(n + i) % len(PLACES)]}"
        for i, (first, surname) in enumerate(zip(FIRST_NAMES, SURNAMES, strict=True))
    ]
    tid = create_tournament(site.client, f"Lange Namen {n}")
    paste_players(site.client, tid, "\n".join(names))
    draw_round(site.client, tid, seed=n)
    round_action(site.client, tid, 1, "starten")
    [table] = tables_of(site, tid)
    assert sorted(table.names.values()) == sorted(names)
    return table


def playing(table: Table) -> list[str]:
    """The four who play the first game: the dealer sits out (TSR 10.1)."""
    dealer = report(table, [])["next_dealer"]
    return [key for key in table.keys if key != dealer]


def shown_points(page: Page) -> str:
    """The players' points in the bar, as the engine worked them out before the save."""
    line = page.locator("#vorschau .points-line")
    expect(line).to_be_visible()
    return " ".join(line.inner_text().split())


def stored_points(site: Site, table: Table) -> str:
    """The last stored game's points as the engine counts them, written as the bar does."""
    points = report(table, stored(site, table))["rows"][-1]["points"]
    return " ".join(f"{table.names[key]} {points[key]:+d}" for key in table.keys)


def test_at_five_with_long_names_a_normalspiel_is_four_actions_on_one_screen(
    site: Site, devices: Devices
) -> None:
    """Re, Re (the cursor is then in the Augen), type, save: no scrolling, the value shown."""
    table = long_names_table(site)
    page = phone(devices, table)
    steps = Steps(page)
    form = page.locator("#spiel-form")
    a, b, _, _ = playing(table)
    steps.tap(re_tap(page, table, a))
    steps.tap(re_tap(page, table, b))
    steps.type(form.locator("#spiel-form-eyes"), "131")
    shown = shown_points(page)
    steps.save("Spiel 1 gespeichert: Normalspiel")
    assert steps.count <= 4, steps.count
    [game] = stored(site, table)
    assert game["re"] == [a, b] and game["re_eyes"] == 131
    assert shown == stored_points(site, table)


def test_at_five_with_long_names_re_keine_90_and_a_fuchs_take_seven_actions(
    site: Site, devices: Devices
) -> None:
    """Re, Re, the Augen, "keine 90" from the list, the Fuchs in its field, save: the call
    and the Sonderpunkte are on the screen above the bar, nothing to unfold or scroll."""
    table = long_names_table(site)
    page = phone(devices, table)
    steps = Steps(page)
    form = page.locator("#spiel-form")
    a, b, _, _ = playing(table)
    steps.tap(re_tap(page, table, a))
    steps.tap(re_tap(page, table, b))
    steps.type(form.locator("#spiel-form-eyes"), "160")
    steps.choose(form.get_by_label("Ansage Re", exact=True), "keine90")
    steps.type(form.get_by_label("Re: Fuchs gefangen"), "1")
    expect(page.locator("#vorschau .verdict")).to_contain_text("Fuchs")
    shown = shown_points(page)
    steps.save("Spiel 1 gespeichert: Normalspiel")
    assert steps.count <= 7, steps.count
    [game] = stored(site, table)
    assert game["calls"]["re"] == "keine90" and game["specials"]["re"]["fuchs"] == 1
    assert shown == stored_points(site, table)


def test_at_five_with_long_names_a_pflichtsolo_is_five_actions(
    site: Site, devices: Devices
) -> None:
    """The kind, the solo from the list, the soloist (the cursor is then in the Augen), type,
    save."""
    table = long_names_table(site)
    page = phone(devices, table)
    steps = Steps(page)
    form = page.locator("#spiel-form")
    soloist = playing(table)[2]
    steps.tap(form.locator("fieldset#kind label.tap").filter(has_text="Pflichtsolo"))
    steps.choose(form.get_by_label("Solo", exact=True), "damen")
    steps.tap(form.locator("fieldset#player label.tap").filter(has_text=table.names[soloist]))
    steps.type(form.locator("#spiel-form-eyes"), "150")
    shown = shown_points(page)
    steps.save("Spiel 1 gespeichert: Pflichtsolo")
    assert steps.count <= 5, steps.count
    [game] = stored(site, table)
    assert (game["type"], game["pflicht"], game["player"]) == ("solo", True, soloist)
    assert shown == stored_points(site, table)


def test_at_five_with_long_names_a_quick_row_is_at_most_five_actions(
    site: Site, devices: Devices
) -> None:
    """In the points mode (switched to in place, not one of the game's actions): two players
    with plus points, the points, save; the engine's value shows before the save."""
    table = long_names_table(site)
    page = phone(devices, table)
    page.get_by_role("link", name="Nur Punkte").tap()
    form = page.locator("form.quick-form")
    expect(form).to_be_visible()
    steps = Steps(page, "Punkte speichern")
    a, _, c, _ = playing(table)
    winners = form.locator("fieldset#winners label.tap")
    steps.tap(winners.filter(has_text=table.names[a]))
    steps.tap(winners.filter(has_text=table.names[c]))
    steps.type(form.get_by_label("Punkte für jeden von ihnen"), "3")
    shown = shown_points(page)
    steps.save("Spiel 1 gespeichert")
    assert steps.count <= 5, steps.count
    [game] = stored(site, table)
    assert game["winners"] == [a, c] and game["points"][a] == 3
    assert shown == stored_points(site, table)


# ---------------------------------------------------------------------- quick entry


def test_quick_entry_switches_in_place_and_shows_the_engines_value_while_typing(
    site: Site, devices: Devices
) -> None:
    """ "Nur Punkte" swaps the form without loading the page (the live updates then ask for
    the quick entry); the bar shows what is missing, then the engine's points as typed, all
    before "Punkte speichern"; "Spiel im Detail" swaps back."""
    table = new_round(site, 4)[0]
    page = phone(devices, table)
    page.evaluate("window.samePage = true")
    page.get_by_role("link", name="Nur Punkte").tap()
    form = page.locator("form.quick-form")
    expect(form).to_be_visible()
    assert page.evaluate("window.samePage === true"), "the page was loaded again"
    assert "schnell=1" in (page.locator("#live").get_attribute("hx-get") or "")
    a, b, c, d = table.keys
    winners = form.locator("fieldset#winners label.tap")
    for key in (a, b, c):
        winners.filter(has_text=table.names[key]).tap()
    form.get_by_label("Punkte für jeden von ihnen").fill("2")
    expect(page.locator("#vorschau")).to_contain_text("genau zwei Spieler antippen")
    winners.filter(has_text=table.names[b]).tap()
    points_shown(page, table, {a: 2, b: -2, c: 2, d: -2})
    assert stored(site, table) == []
    page.locator(".savebar").get_by_role("button", name="Punkte speichern").tap()
    expect(page.locator(".last-game")).to_contain_text("Spiel 1 gespeichert")
    page.get_by_role("link", name="Spiel im Detail").tap()
    expect(page.locator("#spiel-form")).to_be_visible()
    assert page.evaluate("window.samePage === true"), "the page was loaded again"
    assert "schnell" not in (page.locator("#live").get_attribute("hx-get") or "")
    [game] = stored(site, table)
    assert game["points"] == {a: 2, b: -2, c: 2, d: -2}


def test_quick_entry_is_set_for_a_vorfuehrung_that_is_due(site: Site, devices: Devices) -> None:
    """When a Vorführung is due (TSR 4.2.3) the quick entry is set for it, as the game in
    detail is: the kind and the soloist are chosen, the soloist's side and the points are
    what is left to tap; the bar shows the engine's value and the save is accepted."""
    table = new_round(site, 4)[0]
    entries = simulated(table, SEED_FOUR)
    assert kind_of(entries[-1]) == "vorfuehrung"
    store(site, table, entries[:-1])
    due = report(table, entries[:-1])["vorfuehrung"]
    assert due == entries[-1]["player"]
    page = phone(devices, table, "?schnell=1")
    form = page.locator("form.quick-form")
    expect(form.get_by_role("radio", name="Vorführung", exact=True)).to_be_checked()
    expect(
        form.locator("#schnell-player").get_by_role("radio", name=table.names[due])
    ).to_be_checked()
    points = with_points(table, entries[:-1], entries[-1])["points"]
    won = points[due] > 0
    value = abs(next(points[key] for key in table.keys if key != due))
    if not won:
        form.locator("fieldset#schnell-side label.tap").filter(has_text="Minuspunkte").tap()
    form.locator("fieldset#winners label.tap").filter(has_text=table.names[due]).tap()
    form.get_by_label("Punkte für jeden von ihnen").fill(str(value))
    points_shown(page, table, points)
    page.locator(".savebar").get_by_role("button", name="Punkte speichern").tap()
    expect(page.locator(".last-game")).to_contain_text("Spiel 24 gespeichert")
    game = stored(site, table)[-1]
    assert kind_of(game) == "vorfuehrung" and game["player"] == due
    assert game["points"] == points


# ---------------------------------------------------------------------- nothing lost


@pytest.mark.fresh_tabs
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


@pytest.mark.fresh_tabs
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


@pytest.mark.fresh_tabs
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
