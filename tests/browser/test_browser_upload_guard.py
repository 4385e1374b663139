"""A file far over the upload limit, sent from a real browser (Debian's Chromium, Playwright;
doko-turnier on SQLite, ``tests/support/browser.py``) on a 390x844 phone: the page names the
2 MB limit, axe-core finds nothing serious or critical on it, its way back is a full-size touch
target, and it leads back to the form the file was sent from."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.support.accessibility import axe_findings, small_targets
from tests.support.browser import migrated_app, served
from tests.support.uploads import LIMIT_SENTENCE
from tests.support.webapp import PASSWORD, add_account, create_tournament, log_in

LEITUNG = "leitung"


def test_a_30_mb_file_gets_the_limit_and_the_way_back(browser: Browser, tmp_path: Path) -> None:
    app = migrated_app(tmp_path / "instance")
    add_account(app, LEITUNG)
    client = app.test_client()
    assert log_in(client, LEITUNG).status_code == 302
    tid = create_tournament(client, "Großes Turnier")
    forms = {
        f"/turniere/{tid}/einlesen": "main form [type=submit]",  # posts to its own page
        f"/turniere/{tid}/spieler/": "form[action$='/datei'] [type=submit]",  # to /datei
    }
    # A file on disk, as a phone's photo: Chromium reads it itself (a buffer would be sent
    # through Playwright's pipe as 40 MB of base64, twice).
    photo = tmp_path / "foto.xlsx"
    photo.write_bytes(bytes(30 * 1024 * 1024))
    with served(app) as url:
        context = browser.new_context(
            base_url=url, locale="de-DE", viewport={"width": 390, "height": 844}, has_touch=True
        )
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto("/anmelden")
        page.get_by_label("Benutzername").fill(LEITUNG)
        page.get_by_label("Passwort").fill(PASSWORD)
        page.get_by_role("button", name="Anmelden").click()
        for path, submit in forms.items():
            page.goto(path)
            form = page.locator(submit).locator("xpath=ancestor::form")
            form.locator("input[type=file]").set_input_files(photo)
            with page.expect_response(lambda response: response.status == 413):
                page.locator(submit).click()
            expect(page.get_by_text(LIMIT_SENTENCE)).to_be_visible()
            assert not axe_findings(page), path
            back = page.get_by_role("link", name="Zurück zum Formular")
            assert not small_targets(page), small_targets(page)
            back.click()
            page.wait_for_load_state()
            assert page.url == url + path
            expect(page.locator("input[type=file]").first).to_be_visible()
        context.close()
