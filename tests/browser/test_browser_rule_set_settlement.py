"""The evening's settlement on the Turnierleitung's phone (390×844, issue 33 item 6): the
Punktwert is typed in and sent without JavaScript, the payments read in Euro, nothing is
wider than the screen, every control is a touch target of 44 px, and axe-core finds nothing
serious or critical, under plus-minus (001) and under the Kasse (004). Served by doko-turnier on
SQLite (``tests/support/browser.py``; the page is the same on gunicorn).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select

from tests.support.accessibility import fits_the_phone
from tests.support.browser import ONE_SERVER
from tests.support.scorelist_browser import LEITUNG, Site, sign_in
from tests.support.scorelists import KEEPER, add_entry, make_round, make_tournament
from tournament.domain import list_entries as entries
from tournament.extensions import db
from tournament.models import User
from tournament.rounds import service as rounds

pytestmark = ONE_SERVER

FOUR = ("Anna", "Ben", "Cem", "Dora")


def _game(dealer: str, re: list[str], eyes: int) -> dict[str, Any]:
    if len(re) == 1:
        record = entries.game(kind="lustsolo", re=re, re_eyes=eyes, solo="buben")
    else:
        record = entries.game(kind="normal", re=re, re_eyes=eyes)
    return {**record, "re_tricks": 6, "dealer": dealer}


def _evening(site: Site, preset: str, *games: dict[str, Any], names: tuple[str, ...] = FOUR) -> int:
    """``names`` (Anna, Ben, Cem and Dora) at one table under ``preset``, round 1 running,
    ``games`` entered through the score-list service; the tournament's id."""
    with site.app.app_context():
        leitung = db.session.execute(select(User).where(User.username == LEITUNG)).scalar_one()
        tournament, regs = make_tournament([(n, "") for n in names])
        tournament.rules_preset = preset
        round_ = make_round(tournament, 1, [regs])
        db.session.commit()
        rounds.start(leitung, round_, tournament.version)
        db.session.commit()
        table = round_.tables[0]
        for game in games:
            add_entry(KEEPER, table, table.version, game)
            db.session.commit()
        return tournament.id


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_punktwert_prices_the_payments_on_the_phone(
    browser: Browser, site: Site, javascript: bool
) -> None:
    """001: Re (Anna, Ben) wins with 150 Augen, +1 each; at 12,5 Cent a point Cem and Dora
    each pay 13 Cent (halves up). Sent as a plain GET form, with and without JavaScript."""
    tid = _evening(site, "reglement-2001", _game("1", ["1", "2"], 150))
    context = browser.new_context(
        base_url=site.url,
        locale="de-DE",
        viewport={"width": 390, "height": 844},
        java_script_enabled=javascript,
    )
    try:
        page = context.new_page()
        sign_in(page, LEITUNG)
        page.goto(f"/turniere/{tid}/runden/1")
        page.get_by_role("link", name="Abrechnung des Abends (wer zahlt wem)").click()
        expect(page.get_by_role("heading", name="Abrechnung Runde 1")).to_be_visible()
        expect(page.locator("li[data-payer]")).to_have_count(2)
        page.get_by_label("Punktwert in Cent (leer: in Punkten)").fill("12,5")
        page.get_by_role("button", name="Umrechnen").click()
        expect(page.get_by_text("Cem zahlt Anna 0,13 €")).to_be_visible()
        expect(page.get_by_text("Dora zahlt Ben 0,13 €")).to_be_visible()
        if javascript:  # the checks run scripts in the page
            fits_the_phone(page)
    finally:
        context.close()


def test_the_kasse_reads_on_the_phone(leitung_phone: Page, site: Site) -> None:
    """004: the Kasse's table per player (eingezahlt, erhalten, Saldo) and its rest, in DM."""
    tid = _evening(
        site,
        "ravensburger-2015",
        _game("1", ["1", "2"], 150),
        _game("2", ["3"], 150),
    )
    page = leitung_phone
    page.goto(f"/turniere/{tid}/runden/1/abrechnung")
    expect(page.get_by_text("Rest in der Kasse: 1,90 DM")).to_be_visible()
    expect(page.locator("tr[data-key='4'] td").last).to_have_text("−0,55 DM")
    expect(page.get_by_label("Punktwert in Cent (leer: in Punkten)")).to_have_count(0)
    fits_the_phone(page)


LONG_NAMES = (
    "Friederike Zimmermann",
    "Maximilian Hoffmann",
    "Annegret Schumacher",
    "Bartholomäus Weber",
    "Konstantin Zimmermann",
)


def test_the_kasse_of_a_table_of_five_with_long_names_fits_the_phone(
    leitung_phone: Page, site: Site
) -> None:
    """004 at a table of five (the dealer sits out): long names wrap, the Saldo column stays
    on the screen with its whole header, no sideways scrolling."""
    tid = _evening(
        site,
        "ravensburger-2015",
        _game("1", ["2", "3"], 150),
        _game("2", ["4"], 150),
        names=LONG_NAMES,
    )
    page = leitung_phone
    page.goto(f"/turniere/{tid}/runden/1/abrechnung")
    net = page.locator("section.settlement-table thead th").last
    expect(net).to_have_text("Saldo")
    box = net.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390, box
    scroll = page.locator("section.settlement-table .table-scroll")
    assert scroll.evaluate("e => e.scrollWidth <= e.clientWidth"), scroll.evaluate(
        "e => [e.scrollWidth, e.clientWidth]"
    )
    fits_the_phone(page)
