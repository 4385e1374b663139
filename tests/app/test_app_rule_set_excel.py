"""Excel lists under a rule set through the pages (issue 33, item 5): the list and the template
downloaded from a table of a tournament under ``reglement-2001`` carry the set, the whole
tournament workbook reads back, an upload reads into the list under the set, and a list of
another set is refused on the preview page naming both sets, with nothing stored."""

from __future__ import annotations

import html
import io
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from openpyxl import load_workbook

from tests.support.scorelists import KEEPER, add_entry
from tests.support.uploads import all_lists, clear_lists, confirm, table_path, upload
from tests.support.webapp import (
    create_tournament,
    draw_round,
    paste_players,
    player_names,
    round_action,
    running_under,
    sign_in,
)
from tournament.domain import list_store
from tournament.extensions import db
from tournament.models import Tournament


def _running(app: Flask, client: FlaskClient, preset: str, players: int = 8, **fields: str) -> int:
    """Eight players (two tables of four; nine: one of five) under ``preset``, round 1
    started; ``fields``: more of the new-tournament form (``pot_start``)."""
    sign_in(app, client)
    return running_under(client, players, name="Regelturnier", rules_preset=preset, **fields)


def _games(keys: list[str]) -> list[dict[str, Any]]:
    """A Normalspiel, an Armut and a Schwarz-Spiel (001 L87, L145-149) at these four players."""
    a, b, c, d = keys
    return [
        {
            "kind": "game",
            "type": "normal",
            "dealer": a,
            "re": [a, b],
            "re_eyes": 130,
            "re_tricks": 7,
            "calls": {"re": "re", "kontra": None},
            "specials": {"re": {"fuchs": 1}, "kontra": {}},
        },
        {
            "kind": "game",
            "type": "armut",
            "dealer": b,
            "re": [c, a],
            "re_eyes": 125,
            "re_tricks": 6,
            "calls": {"re": None, "kontra": None},
            "specials": {"re": {}, "kontra": {}},
        },
        {"kind": "game", "type": "schwarz_spiel", "dealer": c, "culprit": d},
    ]


def _store_games(app: Flask, tid: int) -> list[dict[str, Any]]:
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        table = tournament.rounds[0].tables[0]
        keys = [str(seat.registration.start_number) for seat in table.seats]
        for record in _games(keys):
            add_entry(KEEPER, table, table.version, record)
            db.session.commit()
        return list_store.entries_of(table)


def test_a_list_under_a_rule_set_goes_out_and_back_in_through_the_pages(app: Flask) -> None:
    client = app.test_client()
    tid = _running(app, client, "reglement-2001")
    stored = _store_games(app, tid)
    path = table_path(tid)
    listed = client.get(path + "/liste.xlsx")
    assert listed.status_code == 200
    sheet = load_workbook(io.BytesIO(listed.data)).worksheets[0]
    assert (sheet["A7"].value, sheet["B7"].value, sheet["C7"].value) == (
        "Regelwerk",
        "Reglement 2001",
        "reglement-2001",
    )
    headers = [cell.value for cell in sheet[12]]
    assert "Schwarz-Spiel: Verursacher (Platz)" in headers
    assert "Armut: gibt ab (Platz)" in headers
    assert [sheet.cell(row, 3).value for row in (14, 15, 16)] == [
        "Normalspiel",
        "Armut",
        "Schwarz-Spiel",
    ]
    template = load_workbook(io.BytesIO(client.get(path + "/vorlage.xlsx").data)).worksheets[0]
    assert template["C7"].value == "reglement-2001"
    words = {v.formula1 for v in template.data_validations.dataValidation}
    assert '"Normalspiel,Hochzeit,stille Hochzeit,Solo,Armut,Schwarz-Spiel"' in words
    page = html.unescape(client.get(path + "/einlesen").get_data(as_text=True))
    assert "spielt nach dem Regelwerk Reglement 2001" in page
    assert "Schwarz-Spiel: Verursacher (Platz)" in page
    before = all_lists(app, tid)
    workbook = client.get(f"/turniere/{tid}/turnier.xlsx").data
    clear_lists(app, tid)
    preview = upload(client, path + "/einlesen", listed.data)
    text = preview.get_data(as_text=True)
    assert preview.status_code == 200, text
    assert "abgelehnt" not in text and "1 Liste einlesen" in text
    confirm(client, text, path + "/einlesen")
    assert all_lists(app, tid)[(1, 1)] == stored
    clear_lists(app, tid)
    whole = f"/turniere/{tid}/einlesen"
    preview = upload(client, whole, workbook, "turnier.xlsx")
    text = preview.get_data(as_text=True)
    assert preview.status_code == 200, text
    confirm(client, text, whole)
    assert all_lists(app, tid) == before


def test_a_list_of_another_rule_set_is_refused_on_the_preview_page(app: Flask) -> None:
    client = app.test_client()
    tid = _running(app, client, "reglement-2001")
    _store_games(app, tid)
    path = table_path(tid)
    other = create_tournament(client)
    paste_players(client, other, "\n".join(player_names(8, start=9)))
    draw_round(client, other, seed=5)
    round_action(client, other, 1, "starten")
    ddv_list = client.get(table_path(other) + "/liste.xlsx").data
    before = all_lists(app, tid)
    preview = upload(client, path + "/einlesen", ddv_list)
    text = html.unescape(re.sub(r"<[^>]+>", " ", preview.get_data(as_text=True)))
    assert preview.status_code == 200
    assert "Zelle C7" in text
    assert "unter dem Regelwerk „DDV-Turnierspielregeln“ angelegt" in text
    assert "spielt nach „Reglement 2001“" in text
    assert "1 Liste einlesen" not in text
    assert all_lists(app, tid) == before


#: Per preset: the tournament's players, more fields of its form, and the solo's ``pflicht``.
PRESETS: dict[str, tuple[int, dict[str, str], bool | None]] = {
    "ddv": (8, {}, True),
    "hausregeln-2024": (8, {"pot_start": "100"}, True),
    "reglement-2001": (8, {}, None),
    "schweinchen": (8, {}, None),
    "ravensburger-2015": (9, {}, None),
}


def _store_each_kind(app: Flask, tid: int, pflicht: bool | None) -> tuple[int, list[Any]]:
    """At the round's largest table: a Normalspiel, a Bubensolo (a Pflichtsolo where the set
    has them) and a Hochzeit, each dealt by the dealer the rules name, as the entry form
    stores them (the DDV's with every Sonderpunkt counted); (table number, list)."""
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        table = max(tournament.rounds[0].tables, key=lambda t: (t.size, -t.number))
        keys = [str(seat.registration.start_number) for seat in table.seats]
        made: list[dict[str, Any]] = []
        ddv = tournament.rules_preset == "ddv"
        counted = dict.fromkeys(("doppelkopf", "fuchs", "karlchen"), 0) if ddv else {}
        for kind in ("normal", "solo", "hochzeit"):
            dealer = list_store.trial(table, made)["next_dealer"]
            a, b, c, d = [k for k in keys if k != dealer or len(keys) == 4]
            record: dict[str, Any] = {
                "kind": "game",
                "type": kind,
                "dealer": dealer,
                "re": [a, b] if kind == "normal" else [c] if kind == "solo" else [b, d],
                "re_eyes": 130 if kind == "normal" else 150,
                "re_tricks": 6 if kind == "normal" else 7,
                "calls": {"re": None, "kontra": "kontra" if kind == "normal" else None},
                "specials": {"re": dict(counted), "kontra": dict(counted)},
            }
            if kind == "solo":
                record.update(solo="buben", player=c)
                if pflicht is not None:
                    record["pflicht"] = pflicht
            if kind == "hochzeit":
                record["player"] = b
            add_entry(KEEPER, table, table.version, record)
            db.session.commit()
            made = list_store.entries_of(table)
        return table.number, made


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_list_goes_out_and_back_into_its_tournament_unchanged(app: Flask, preset: str) -> None:
    """Under each preset (004 at its table of five, 000 with its Punktetopf): the table's list
    and the tournament workbook, downloaded and uploaded again, are „unverändert“ and nothing
    can be stored; the list stays as it was."""
    client = app.test_client()
    players, fields, pflicht = PRESETS[preset]
    tid = _running(app, client, preset, players, **fields)
    number, stored = _store_each_kind(app, tid, pflicht)
    path = table_path(tid, table=number)
    before = all_lists(app, tid)
    listed = client.get(path + "/liste.xlsx")
    assert listed.status_code == 200
    preview = upload(client, path + "/einlesen", listed.data)
    text = html.unescape(preview.get_data(as_text=True))
    assert preview.status_code == 200, text
    assert "unverändert: genau so schon gespeichert (3 Zeilen)" in text, text
    assert "Liste einlesen" not in text and "abgelehnt" not in text
    whole = f"/turniere/{tid}/einlesen"
    preview = upload(client, whole, client.get(f"/turniere/{tid}/turnier.xlsx").data, "t.xlsx")
    text = html.unescape(preview.get_data(as_text=True))
    assert preview.status_code == 200, text
    assert "unverändert: genau so schon gespeichert (3 Zeilen)" in text, text
    assert "Listen einlesen" not in text and "abgelehnt" not in text
    assert all_lists(app, tid) == before
    assert before[(1, number)] == stored
