"""The static site opened from disk: the exported ``index.html`` in Chromium over ``file://``
shows the standings the live page shows, its links lead to the other exported pages, and axe
finds nothing serious on them; on both servers of ``tests/support/browser.py``."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.support.accessibility import axe_findings, small_targets
from tests.support.scorelist_browser import Devices, Site, new_round, simulated, store


def _standings(page: Page) -> list[tuple[str, str, str]]:
    """Rank, name and total of every row of the page's standings."""
    rows: list[list[str]] = page.eval_on_selector_all(
        "table.standings tbody tr",
        """rows => rows.map(row => [row.cells[0].innerText, row.querySelector("th").innerText,
                                    row.querySelector("td.total").innerText])""",
    )
    return [(rank, name, total) for rank, name, total in rows]


def test_the_exported_site_opened_from_disk_shows_the_live_standings(
    site: Site, devices: Devices, tmp_path: Path
) -> None:
    tables = new_round(site, 8)
    for seed, table in enumerate(tables, start=1):
        store(site, table, simulated(table, seed))
    tid = tables[0].tid
    response = site.client.get(f"/turniere/{tid}/ergebnisse.zip")
    assert response.status_code == 200
    zipfile.ZipFile(io.BytesIO(response.get_data())).extractall(tmp_path)

    live = devices.open(phone=True)
    live.goto(f"/turniere/{tid}/stand")
    expected = _standings(live)
    assert len(expected) == 8
    assert any(total != "0" for _, _, total in expected)

    page = devices.open(phone=True)
    page.goto((tmp_path / "index.html").as_uri())
    expect(page.get_by_role("heading", name="Gesamtstand", level=1)).to_be_visible()
    expect(page.get_by_text("Stand: ")).to_contain_text("Uhr (vorläufig)")
    assert _standings(page) == expected
    assert page.evaluate("getComputedStyle(document.body).fontFamily") == live.evaluate(
        "getComputedStyle(document.body).fontFamily"
    )  # the stylesheet is there
    assert axe_findings(page) == []
    assert small_targets(page) == []

    # From page to page by the exported links, all on disk.
    page.get_by_role("link", name="Runde 1", exact=True).first.click()
    expect(page).to_have_url((tmp_path / "runde-1-tischplan.html").as_uri())
    expect(page.get_by_role("heading", name="Tischplan Runde 1")).to_be_visible()
    assert axe_findings(page) == []
    page.get_by_role("link", name="Wo sitze ich?").click()
    expect(page).to_have_url((tmp_path / "runde-1-wo-sitze-ich.html").as_uri())
    for name in tables[0].names.values():
        expect(page.get_by_role("cell", name=name, exact=True)).to_be_visible()
    assert axe_findings(page) == []
    page.get_by_role("link", name="Rundenstand").click()
    expect(page).to_have_url((tmp_path / "runde-1-stand.html").as_uri())
    live.goto(f"/turniere/{tid}/runden/1/stand")
    assert _standings(page) == _standings(live)
    assert axe_findings(page) == []
    page.get_by_role("link", name="Gesamt", exact=True).click()
    expect(page).to_have_url((tmp_path / "index.html").as_uri())
