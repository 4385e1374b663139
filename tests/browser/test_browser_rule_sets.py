"""Choosing a tournament's rule set on a phone (390x844) in a real browser without
JavaScript, and the page „Regelwerk“: axe-core finds nothing serious or critical on the form or
the page, every choice is a target of at least 44 px, nothing scrolls sideways (waitress on
SQLite, one server: the form and the page are the same on both).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.accessibility import axe_findings, small_targets
from tests.support.browser import served_on
from tests.support.scorelist_browser import LEITUNG, sign_in
from tests.support.webapp import add_account

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[str]:
    instance = tmp_path_factory.mktemp("rulesets") / "instance"
    with served_on("waitress-sqlite", instance, request) as (app, base):
        add_account(app, LEITUNG)
        yield base


@pytest.fixture
def phone(browser: Browser, url: str) -> Iterator[Page]:
    context = browser.new_context(
        base_url=url, locale="de-DE", viewport=PHONE, java_script_enabled=False
    )
    page = context.new_page()
    yield page
    context.close()


def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width} px wide"


def test_a_rule_set_is_chosen_on_a_phone_without_javascript_and_shown(phone: Page) -> None:
    sign_in(phone, LEITUNG)
    phone.goto("/turniere/neu")
    assert phone.get_by_role("radio", name="DDV-Turnierspielregeln").is_checked()
    assert axe_findings(phone) == []
    assert small_targets(phone) == []
    _no_sideways_scroll(phone)

    phone.get_by_label("Name des Turniers").fill("Kasse am Tisch")
    phone.get_by_label("Datum").fill("2026-12-05")
    phone.get_by_role("radio", name="Ravensburger 2015 (Kasse)").check()
    phone.get_by_role("checkbox", name=re.compile("^„Tolle“")).check()
    phone.get_by_role("checkbox", name=re.compile("^„Füchse“")).check()
    phone.get_by_role("button", name="Speichern").click()
    expect(phone.get_by_text("Das Turnier „Kasse am Tisch“ ist angelegt.")).to_be_visible()

    tid = re.search(r"/turniere/(\d+)/", phone.url)
    assert tid
    phone.goto(f"/turniere/{tid.group(1)}")
    phone.get_by_role("link", name=re.compile("^Ravensburger 2015")).click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        "Regelwerk: Ravensburger 2015 (Kasse), „Tolle“: die Herz 10 ist höchster Trumpf, "
        "„Füchse“: 5 Pfennig für jeden gefangenen Fuchs"
    )
    expect(
        phone.get_by_text("Quelle: 004 Z. 71 – Variante „Tolle“: die Herz 10 ist höchster Trumpf")
    ).to_be_visible()
    assert axe_findings(phone) == []
    _no_sideways_scroll(phone)
