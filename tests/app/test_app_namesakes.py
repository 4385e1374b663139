"""Namesakes: two people with one name are registered as two and told apart wherever names
show, by start number and club or DDV number; a name nobody shares shows as it is."""

from __future__ import annotations

import csv
import html
import io
import re
import unicodedata

import pytest
from flask import Flask
from flask.testing import FlaskClient
from openpyxl import load_workbook

from tests.support.apps import CopiedDay
from tests.support.protokoll import changes, links
from tests.support.uploads import all_lists, clear_lists, confirm, decisive, table_path, upload
from tests.support.webapp import (
    complete_lists,
    create_tournament,
    draw_round,
    flashes,
    paste_players,
    round_action,
    sign_in,
    submit,
)
from tournament.domain import names

BONN = "Hans Müller (Nr. 1, SC Bonn)"
DDV = "Hans Müller (Nr. 2, DDV 4711)"
PLAIN = "Anna Schmidt"
PLAYERS = "Hans Müller; SC Bonn\nHans Müller; ; 4711\nAnna Schmidt\nBernd Meier; DK Kiel"


def _round_played(app: Flask, client: FlaskClient) -> int:
    """Two Hans Müller and two others at one table, round 1 running, its list complete."""
    sign_in(app, client)
    tournament_id = create_tournament(client)
    paste_players(client, tournament_id, PLAYERS)
    draw_round(client, tournament_id, seed=3)
    round_action(client, tournament_id, 1, "starten")
    complete_lists(app, tournament_id, 1)
    return tournament_id


@pytest.fixture
def played(copied_day: CopiedDay) -> int:
    """Two Hans Müller and two others at one table, round 1 played and closed; built once per
    database and worker, then copied (``tests/support/apps.py``)."""

    def build() -> int:
        tournament_id = _round_played(copied_day.app, copied_day.client)
        round_action(copied_day.client, tournament_id, 1, "abschliessen")
        return tournament_id

    return copied_day((__name__, "played"), build)


def _text(client: FlaskClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return html.unescape(response.get_data(as_text=True))


def _distinguished(text: str) -> None:
    assert BONN in text
    assert DDV in text
    assert PLAIN in text
    assert f"{PLAIN} (Nr." not in text
    assert "Bernd Meier (Nr." not in text


@pytest.mark.parametrize(
    "path",
    [
        "/turniere/{tid}/spieler/",
        "/turniere/{tid}/runden/1",
        "/turniere/{tid}/runden/1/sitzplaetze",
        "/turniere/{tid}/runden/1/tischkarten",
        "/turniere/{tid}/runden/1/uebersicht",
        "/turniere/{tid}/runden/1/tische/1/",
        "/turniere/{tid}/stand",
        "/turniere/{tid}/runden/1/stand",
        "/turniere/{tid}/leinwand",
    ],
)
def test_namesakes_are_told_apart_on_every_page(
    client: FlaskClient, played: int, path: str
) -> None:
    _distinguished(_text(client, path.format(tid=played)))


def test_the_list_page_heads_its_columns_by_start_number_and_names_them_in_a_legend(
    client: FlaskClient, played: int
) -> None:
    """A column's head is as narrow as a fifth of a phone: the start number tells the two
    Hans Müller apart there, the name is cut to the column; the link's title and the legend
    under the list give who it is."""
    page = _text(client, f"/turniere/{played}/runden/1/tische/1/")
    heads = re.findall(
        r'<th scope="col" class="num"><a class="player-link" href="[^"]+" title="([^"]+)">'
        r'<span class="nr"><span class="visually-hidden">Nr. </span>(\d+)</span> '
        r'<span class="name">([^<]+)</span>',
        page,
    )
    assert sorted(heads, key=lambda head: head[1]) == [
        (BONN, "1", "Hans Müller"),
        (DDV, "2", "Hans Müller"),
        (PLAIN, "3", PLAIN),
        ("Bernd Meier", "4", "Bernd Meier"),
    ]
    legend = page[page.index('<ul class="legend"') : page.index("</ul>", page.index('"legend"'))]
    entries = re.findall(r"<li><strong>Nr. (\d+)</strong> ([^<]+)</li>", legend)
    assert sorted(entries) == [
        ("1", "Hans Müller (SC Bonn)"),
        ("2", "Hans Müller (DDV 4711)"),
        ("3", PLAIN),
        ("4", "Bernd Meier"),
    ]


def test_the_player_pages_name_the_namesake_and_the_table_mates(
    client: FlaskClient, played: int
) -> None:
    page = _text(client, f"/turniere/{played}/startnummer/1")
    assert f"<h1>{BONN}</h1>" in page
    assert DDV in page
    page = _text(client, f"/turniere/{played}/startnummer/3")
    assert f"<h1>{PLAIN}</h1>" in page
    assert BONN in page and DDV in page


def test_the_standings_csv_tells_namesakes_apart(client: FlaskClient, played: int) -> None:
    for path in (f"/turniere/{played}/stand.csv", f"/turniere/{played}/runden/1/stand.csv"):
        content = client.get(path).data.decode("utf-8-sig")
        cells = {cell for row in csv.reader(io.StringIO(content), delimiter=";") for cell in row}
        assert {BONN, DDV, PLAIN} <= cells, path
        assert "Hans Müller" not in cells


def test_the_tournament_workbook_tells_namesakes_apart(client: FlaskClient, played: int) -> None:
    response = client.get(f"/turniere/{played}/turnier.xlsx")
    assert response.status_code == 200
    book = load_workbook(io.BytesIO(response.data))
    standings = {row[2] for row in book["Stand"].iter_rows(min_row=2, values_only=True)}
    assert standings == {BONN, DDV, PLAIN, "Bernd Meier"}
    listed = {cell for row in book["Runde 1"].iter_rows(values_only=True) for cell in row}
    assert {BONN, DDV, PLAIN} <= listed
    # The players sheet keeps the registered names: number, club and DDV-Nr. have columns.
    players = [row[:4] for row in book["Spieler"].iter_rows(min_row=2, values_only=True)]
    assert players[:2] == [(1, "Hans Müller", "SC Bonn", None), (2, "Hans Müller", None, "4711")]


def test_a_unique_name_shows_without_a_suffix_until_a_namesake_registers(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client)
    paste_players(client, tournament_id, "Hans Müller; SC Bonn\nAnna Schmidt")
    listing = _text(client, f"/turniere/{tournament_id}/spieler/")
    assert ">Hans Müller</a>" in listing
    assert "(Nr. 1" not in listing
    paste_players(client, tournament_id, "Hans Müller")
    listing = _text(client, f"/turniere/{tournament_id}/spieler/")
    assert f">{BONN}</a>" in listing
    assert ">Hans Müller (Nr. 3)</a>" in listing


def test_the_protokoll_names_namesakes_by_label(client: FlaskClient, played: int) -> None:
    log = links(client)
    draw = next(path for sentence, path in log.items() if sentence.startswith("Runde 1: ausgelost"))
    changed, _ = changes(client, draw)
    tables = next(row for row in changed if row[0] == "Tische")
    assert BONN in tables[2] and DDV in tables[2] and PLAIN in tables[2]


def test_a_withdrawal_names_the_namesake_by_label(client: FlaskClient, played: int) -> None:
    players = f"/turniere/{played}/spieler/"
    page = submit(client, players, f"{players}2/zurueckziehen", follow=True)
    assert any(message.startswith(DDV) for message in flashes(page.get_data(as_text=True)))


def test_labels_compare_names_as_spelt_alike_and_prefer_the_club() -> None:
    decomposed = unicodedata.normalize("NFD", "JÖRG  müller")
    people = {
        1: names.Person("Jörg Müller", 1, "SC Bonn", "4711"),
        2: names.Person(decomposed, 2, "", "12"),
        3: names.Person("Jörg Müller", 3),
        4: names.Person("Jörg Müllers", 4, "DK Kiel"),
    }
    assert names.display_names(people) == {
        1: "Jörg Müller (Nr. 1, SC Bonn)",
        2: f"{decomposed} (Nr. 2, DDV 12)",
        3: "Jörg Müller (Nr. 3)",
        4: "Jörg Müllers",
    }


def test_a_list_of_a_table_with_namesakes_reads_back_from_its_export(
    app: Flask, client: FlaskClient
) -> None:
    """The export names the two Hans Müller by their labels; read back it is the same list
    (first unchanged, then into an emptied list), each game's players by position."""
    tournament_id = _round_played(app, client)
    path = table_path(tournament_id)
    data = client.get(path + "/liste.xlsx").data
    shown = {
        str(c.value) for row in load_workbook(io.BytesIO(data)).active.iter_rows() for c in row
    }
    assert BONN in shown and DDV in shown
    before = all_lists(app, tournament_id)

    again = html.unescape(upload(client, path + "/einlesen", data).get_data(as_text=True))
    assert "unverändert" in again and "abgelehnt" not in again

    clear_lists(app, tournament_id)
    preview = upload(client, path + "/einlesen", data).get_data(as_text=True)
    assert "abgelehnt" not in preview and "1 Liste einlesen" in preview, preview
    assert BONN in html.unescape(preview) and DDV in html.unescape(preview)
    confirm(client, preview, path + "/einlesen")
    after = all_lists(app, tournament_id)
    assert decisive(after[(1, 1)]) == decisive(before[(1, 1)])
