"""Reading a score list from Excel in a real browser: the Turnierleitung opens the
table's list, chooses the file, sees every row in the preview, confirms, and the list is
stored; a file with a wrong row shows the row and stores nothing. Debian's Chromium driven by
Playwright against the app served by doko-turnier (``tests/support/browser.py``)."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from openpyxl import load_workbook
from playwright.sync_api import Browser, expect
from sqlalchemy import select

from rules_engine.simulate import random_list
from tests.support.browser import migrated_app, served
from tests.support.uploads import page_shaped
from tests.support.webapp import (
    PASSWORD,
    add_account,
    create_tournament,
    draw_round,
    log_in,
    paste_players,
    player_names,
    round_action,
)
from tournament.domain import list_store, score_lists
from tournament.domain.excel import list_cells
from tournament.extensions import db
from tournament.models import RoundTable, User

LEITUNG = "leitung"


def test_upload_preview_and_confirm_a_list(browser: Browser, tmp_path: Path) -> None:
    app = migrated_app(tmp_path / "instance")
    add_account(app, LEITUNG)
    client = app.test_client()
    assert log_in(client, LEITUNG).status_code == 302
    tid = create_tournament(client, "Einlese-Turnier")
    paste_players(client, tid, "\n".join(player_names(8)))
    draw_round(client, tid, seed=3)
    round_action(client, tid, 1, "starten")
    with app.app_context():
        user = db.session.execute(select(User)).scalars().first()
        table = db.session.execute(select(RoundTable).where(RoundTable.number == 1)).scalar_one()
        keys = tuple(str(s.registration.start_number) for s in table.seats)
        entries = page_shaped(random_list(random.Random(8), players=keys)["entries"])
        score_lists.replace_entries(table, entries, user)
        db.session.commit()
    list_path = f"/turniere/{tid}/runden/1/tische/1/"
    exported = client.get(list_path + "liste.xlsx").data
    with app.app_context():
        table = db.session.execute(select(RoundTable).where(RoundTable.number == 1)).scalar_one()
        score_lists.replace_entries(table, [], None)
        db.session.commit()
    good = tmp_path / "tisch-1.xlsx"
    good.write_bytes(exported)
    book = load_workbook(io.BytesIO(exported))
    sheet = book.active
    assert sheet is not None
    line = next(r for r in range(13, sheet.max_row + 1) if sheet.cell(r, 3).value == "Normalspiel")
    sheet.cell(line, list_cells.EYES + 1).value = 250
    bad = tmp_path / "tisch-1-fehler.xlsx"
    book.save(bad)

    with served(app) as url:
        context = browser.new_context(
            base_url=url, locale="de-DE", viewport={"width": 390, "height": 844}
        )
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto("/anmelden")
        page.get_by_label("Benutzername").fill(LEITUNG)
        page.get_by_label("Passwort").fill(PASSWORD)
        page.get_by_role("button", name="Anmelden").click()
        page.goto(list_path)
        page.get_by_role("link", name="Liste aus Excel einlesen").click()
        # A wrong cell: the preview names it, and there is nothing to confirm.
        page.get_by_label("Excel-Datei (.xlsx) mit der Spielliste").set_input_files(str(bad))
        page.get_by_role("button", name="Datei prüfen").click()
        expect(
            page.get_by_text(f"Zelle I{line}: 250 liegt nicht zwischen 0 und 240")
        ).to_be_visible()
        expect(page.get_by_role("button", name="1 Liste einlesen")).to_have_count(0)
        # The right file: every row accepted, then stored after the confirmation.
        page.get_by_role("link", name="andere Datei hochladen").click()
        page.get_by_label("Excel-Datei (.xlsx) mit der Spielliste").set_input_files(str(good))
        page.get_by_role("button", name="Datei prüfen").click()
        expect(page.get_by_text("24 Zeilen angenommen")).to_be_visible()
        expect(page.locator("tr.refused")).to_have_count(0)
        page.get_by_role("button", name="1 Liste einlesen").click()
        expect(
            page.get_by_text("1 Liste eingelesen und von der Regelprüfung bestätigt.")
        ).to_be_visible()
        expect(
            page.get_by_role("heading", name=re.compile("^Liste von Tisch 1, Runde 1"))
        ).to_have_count(1)
        expect(page.locator("#spielliste tr[id^=eintrag-]")).to_have_count(len(entries))
        context.close()
    with app.app_context():
        table = db.session.execute(select(RoundTable).where(RoundTable.number == 1)).scalar_one()
        assert list_store.entries_of(table) == entries
