"""The Startgeld desk in a real browser on the Turnierleitung's phone (390×844): finding
players by the search and paying three in (cash, transfer, cash) with the buttons, no
JavaScript needed; the totals follow; the desk and the prize list fit the phone (no serious
or critical axe finding, 44 px targets)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.support.accessibility import fits_the_phone
from tests.support.browser import ONE_SERVER
from tests.support.scorelist_browser import Site
from tests.support.webapp import create_tournament, paste_players, player_names, submit

pytestmark = ONE_SERVER


def test_paying_in_three_players_at_the_desk_on_a_phone(site: Site, leitung_phone: Page) -> None:
    tid = create_tournament(site.client, "Kassenturnier", rounds=2)
    names = player_names(12)
    paste_players(site.client, tid, "\n".join(names))
    rules = f"/turniere/{tid}/preisregeln"
    submit(site.client, rules, data={"entry_fee": "12,5", "share_1": "60", "share_2": "40"})
    phone = leitung_phone
    phone.goto(f"/turniere/{tid}")
    phone.get_by_role("link", name="Startgeld-Kasse").click()
    expect(phone.locator("h1")).to_have_text("Startgeld-Kasse")
    expect(phone.get_by_text("Startgeld: 12,50 € je Spieler")).to_be_visible()
    fits_the_phone(phone)
    for name, button in ((names[0], "Bar"), (names[4], "Überweisung"), (names[10], "Bar")):
        phone.get_by_label("Name oder Startnummer").fill(name)
        phone.get_by_role("button", name="Suchen").click()
        row = phone.locator("ul.desk-list > li")
        expect(row).to_have_count(1)
        row.get_by_role("button", name=f"{button}: {name}").click()
        expect(phone.locator(".flash")).to_contain_text(f"{name}: 12,50 €")
        # the search stays after the payment
        expect(phone.locator("ul.desk-list > li")).to_have_count(1)
        expect(phone.locator("ul.desk-list > li .desk-status")).to_contain_text("bezahlt")
    expect(phone.locator("#summe-bar")).to_have_text("25,00 €")
    expect(phone.locator("#summe-ueberweisung")).to_have_text("12,50 €")
    expect(phone.locator("#summe-offen")).to_have_text("112,50 €")
    expect(phone.locator("#summe-topf")).to_have_text("37,50 €")
    phone.get_by_role("link", name="Alle zeigen").click()
    phone.get_by_label("nur offene").check()
    phone.get_by_role("button", name="Suchen").click()
    expect(phone.locator("ul.desk-list > li")).to_have_count(9)
    fits_the_phone(phone)
    # the provisional prize list for the Turnierleitung: 60 % and 40 % of 37,50 EUR
    phone.goto(f"/turniere/{tid}/preisliste")
    expect(phone.locator("h1")).to_have_text("Preisliste (vorläufig)")
    expect(phone.get_by_text(re.compile(r"Topf: 37,50 €"))).to_be_visible()
    fits_the_phone(phone)
    phone.goto(rules)
    fits_the_phone(phone)
