"""004 L61 („Oft vereinbaren die Spieler“): a Zwangssolo only where the day names its Frist.
Without a Frist nobody owes a solo, so neither the list nor the round overview shows a section
or a column of Zwangssoli; with one both do.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.support.scorelist_pages import table_info
from tests.support.webapp import (
    running_under,
    sign_in,
)


def _shown(page: str) -> str:
    """The page's text as its reader sees it: hidden parts, tags and white space gone."""
    page = re.sub(r"<(\w+)[^>]*\shidden[\s>].*?</\1>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_004_L61_without_a_frist_no_zwangssoli_on_the_list_or_the_overview(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    seen = {}
    for frist, start in (("", 1), ("12", 101)):
        tid = running_under(
            client,
            4,
            name="Kassenabend",
            start=start,
            rules_preset="ravensburger-2015",
            zwangssolo_frist=frist,
        )
        info = table_info(app, tid, 4)
        sheet = _shown(client.get(info["url"]).get_data(as_text=True))
        overview = _shown(client.get(f"/turniere/{tid}/runden/1/uebersicht").get_data(as_text=True))
        seen[frist] = (sheet, overview)
    sheet, overview = seen[""]
    assert "Zwangssol" not in sheet
    assert "Zwangssol" not in overview and "Vorführung" not in overview
    sheet, overview = seen["12"]
    assert "Zwangssoli" in sheet and "Noch kein Zwangssolo." in sheet
    assert "Zwangssolo, Vorführung" in overview
