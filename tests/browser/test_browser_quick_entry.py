"""The quick entry ("Schnelleingabe") on a phone, in Chromium: the points of one side typed
once. A Normalspiel is tap, tap, type, save; a won solo is the kind, tap, type, save; a lost
solo taps its three opponents. Each game is then found stored as derived (TSR 7.3), with the
page's script and without it."""

from __future__ import annotations

from playwright.sync_api import Browser, Locator, Page, expect

from tests.support.scorelist_browser import (
    PHONE,
    Devices,
    Site,
    Table,
    game_saved,
    new_round,
    open_with_code,
    saved_message,
    stored,
)


def quick_form(page: Page, table: Table) -> Locator:
    """The list page of ``table`` in its points mode (chosen once, it stays for the next
    games: not one of a game's actions)."""
    open_with_code(page, table)
    page.get_by_role("link", name="Nur Punkte").click()
    return page.locator("form.quick-form")


def test_quick_entry_takes_four_actions_for_a_normalspiel_and_a_won_solo(
    site: Site,
    devices: Devices,
) -> None:
    [table] = new_round(site, 4)
    a, b, c, d = table.keys
    page = devices.open(phone=True, touch=True)

    quick = quick_form(page, table)
    quick.locator("#winners").get_by_role("checkbox", name=table.names[a]).tap()  # 1
    quick.locator("#winners").get_by_role("checkbox", name=table.names[c]).tap()  # 2
    quick.get_by_role("spinbutton", name="Punkte für jeden von ihnen").fill("2")  # 3
    quick.get_by_role("button", name="Punkte speichern").tap()  # 4
    expect(saved_message(page)).to_have_text(game_saved(table, 1, {a: 2, b: -2, c: 2, d: -2}))
    [normal] = stored(site, table)
    assert normal["type"] == "normal" and normal["winners"] == [a, c]
    assert normal["points"] == {a: 2, b: -2, c: 2, d: -2}

    quick = quick_form(page, table)
    quick.get_by_role("radio", name="Pflichtsolo", exact=True).tap()  # 1
    quick.locator("#winners").get_by_role("checkbox", name=table.names[b]).tap()  # 2
    quick.get_by_role("spinbutton", name="Punkte für jeden von ihnen").fill("3")  # 3
    quick.get_by_role("button", name="Punkte speichern").tap()  # 4
    expect(saved_message(page)).to_have_text(game_saved(table, 2, {a: -3, b: 9, c: -3, d: -3}))
    solo = stored(site, table)[1]
    assert (solo["type"], solo["pflicht"], solo["player"]) == ("solo", True, b)
    assert solo["winners"] == [b] and solo["points"] == {a: -3, b: 9, c: -3, d: -3}
    expect(page.locator("#eintrag-2")).to_contain_text(table.names[b])


def test_quick_entry_works_without_javascript_and_says_what_is_wrong_at_the_field(
    site: Site,
    browser: Browser,
) -> None:
    [table] = new_round(site, 4)
    a, b, c, d = table.keys
    context = browser.new_context(
        base_url=site.url, locale="de-DE", viewport=PHONE, java_script_enabled=False
    )
    try:
        page = context.new_page()
        quick = quick_form(page, table)
        # A Pflichtsolo lost by Cem: his three opponents have plus points.
        quick.get_by_role("radio", name="Pflichtsolo", exact=True).check()
        for key in (a, b):
            quick.locator("#winners").get_by_role("checkbox", name=table.names[key]).check()
        quick.get_by_role("spinbutton", name="Punkte für jeden von ihnen").fill("1")
        quick.get_by_role("button", name="Punkte speichern").click()
        winners = page.locator("form.quick-form #winners")
        expect(winners).to_contain_text("Bei einem Solo spielt einer gegen drei")
        assert stored(site, table) == []
        # The form came back as it was sent: one more tap and it is saved.
        winners.get_by_role("checkbox", name=table.names[d]).check()
        page.locator("form.quick-form").get_by_role("button", name="Punkte speichern").click()
        expect(page.locator(".flash-success")).to_have_text(
            game_saved(table, 1, {a: 1, b: 1, c: -3, d: 1})
        )
        [solo] = stored(site, table)
        assert solo["player"] == c and solo["winners"] == [a, b, d]
        assert solo["points"] == {a: 1, b: 1, c: -3, d: 1}
    finally:
        context.close()
