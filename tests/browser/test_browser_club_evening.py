"""A club evening on the Turnierleitung's phone (390×844, issue 33 item 6): „Spieleabend
starten“ from the start page, four players typed in under the Schweinchen rules with a
Punktwert, two games entered in the list's points mode, the evening closed on the round page,
and the settlement says who pays whom in Euro. Every page on the way fits the screen, its
controls are touch targets of 44 px and axe-core finds nothing serious or critical. Served by
doko-turnier on SQLite (``tests/support/browser.py``; the pages are the same on gunicorn).
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.support.accessibility import fits_the_phone
from tests.support.browser import ONE_SERVER

pytestmark = ONE_SERVER


def test_an_evening_is_started_played_closed_and_settled_on_the_phone(
    leitung_phone: Page,
) -> None:
    page = leitung_phone
    page.goto("/")
    page.get_by_role("link", name="Spieleabend starten").click()
    expect(page.get_by_role("heading", name="Spieleabend starten")).to_be_visible()
    fits_the_phone(page)
    for number, name in enumerate(["Anna", "Ben", "Cem", "Dora"], start=1):
        page.get_by_label(f"Platz {number}").fill(name)
    page.get_by_role("radio", name="Hausregeln mit Schweinchen").check()
    page.get_by_label("Punktwert in Cent (freiwillig)").fill("10")
    page.get_by_role("button", name="Spieleabend starten").click()

    expect(page.locator(".flash-success")).to_contain_text("4 Spieler an Tisch 1")
    expect(page.locator("#kopf")).to_contain_text("ohne Zeitlimit")
    expect(page.locator("#kopf")).to_contain_text("Gibt: Anna")
    list_url = page.url
    fits_the_phone(page)

    # Anna and Cem win a Normalspiel for 2; Ben wins a solo for 1.
    page.get_by_role("link", name="Nur Punkte").click()
    quick = page.locator("form.quick-form")
    quick.locator("#winners").get_by_role("checkbox", name="Anna").check()
    quick.locator("#winners").get_by_role("checkbox", name="Cem").check()
    quick.get_by_role("spinbutton", name="Punkte für jeden von ihnen").fill("2")
    quick.get_by_role("button", name="Punkte speichern").click()
    expect(page.locator("#eintrag-1")).to_be_visible()
    page.goto(list_url)
    page.get_by_role("link", name="Nur Punkte").click()
    quick = page.locator("form.quick-form")
    quick.get_by_role("radio", name="Solo", exact=True).check()
    quick.locator("#winners").get_by_role("checkbox", name="Ben").check()
    quick.get_by_role("spinbutton", name="Punkte für jeden von ihnen").fill("1")
    quick.get_by_role("button", name="Punkte speichern").click()
    expect(page.locator("#eintrag-2")).to_be_visible()

    # The evening is closed on its round page; the answer is its settlement. By hand: Anna
    # 2 - 1, Ben -2 + 3, Cem 2 - 1, Dora -2 - 1: Dora pays each of the others 1 Punkt, at
    # 10 Cent a point 0,10 €.
    page.get_by_role("link", name="Abend beenden (Tischplan)").click()
    page.get_by_role("button", name="Abend beenden").click()
    expect(page.get_by_role("heading", name="Abrechnung Runde 1")).to_be_visible()
    expect(page.locator("li[data-payer]")).to_have_count(3)
    for payee in ("Anna", "Ben", "Cem"):
        expect(page.get_by_text(f"Dora zahlt {payee} 0,10 €")).to_be_visible()
    fits_the_phone(page)
