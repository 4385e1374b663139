"""The set's own words and form parts (issue 33): the entry form shows only what the game
kind has under the set, the list and the overview name the solos the set owes by its word, a
round without a time limit starts without the clock."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from rules_engine.scorelist import check_list
from tests.support.scorelist_pages import table_info
from tests.support.webapp import (
    csrf_token,
    draw_round,
    paste_players,
    player_names,
    round_action,
    running_under,
    sign_in,
)
from tournament.domain import score_lists
from tournament.extensions import db
from tournament.models import Round, RoundTable

Record = dict[str, Any]


def _running(app: Flask, client: FlaskClient, count: int, **fields: Any) -> int:
    """A tournament under a set with ``count`` players, round 1 drawn and started."""
    sign_in(app, client)
    return running_under(client, count, **fields)


def _game(dealer: str, re_: list[str], **fields: Any) -> Record:
    return {
        "kind": "game",
        "dealer": dealer,
        "type": "normal",
        "re": re_,
        "re_eyes": 150,
        "re_tricks": 6,
        **fields,
    }


def _form(page: str) -> str:
    found = re.search(r'<form[^>]*id="spiel-form".*?</form>', page, re.S)
    assert found, page
    return found.group(0)


def _parts_for(form: str, kind: str) -> str:
    """The form's parts shown for ``kind`` (``data-show-for`` naming it), as text with tags."""
    shown = re.findall(r'<(\w+)[^>]*data-show-for="([^"]*)"', form)
    return " ".join(tag for tag, kinds in shown if kind in kinds.split())


def _hammelrennen_due(app: Flask, client: FlaskClient) -> tuple[int, dict[str, Any]]:
    """004 with a Kasse that one game brings down to 10 Pfennig: the Hammelrennen is due."""
    probe = check_list(
        {
            "id": "probe",
            "rules": "ravensburger-2015",
            "players": ["1", "2", "3", "4"],
            "pot": 1000,
            "entries": [_game("1", ["2", "4"])],
        }
    )
    paid = 1000 - probe["pot"]["balance"]
    tid = _running(app, client, 4, rules_preset="ravensburger-2015", pot_start=str(paid + 10))
    info = table_info(app, tid, 4)
    a, b, _, d = info["keys"]
    with app.app_context():
        table = db.session.execute(
            select(RoundTable)
            .join(Round)
            .where(Round.tournament_id == tid, RoundTable.number == info["number"])
        ).scalar_one()
        score_lists.replace_entries(table, [_game(a, [b, d])], None)
        db.session.commit()
    return tid, info


def test_004_L83_the_hammelrennen_form_has_no_calls(app: Flask, client: FlaskClient) -> None:
    _, info = _hammelrennen_due(app, client)
    """004 L83: the Hammelrennen is due and preset; its form hides the Ansagen, the Augen of
    a party and the Sonderpunkte by the ticked kind itself (the style sheet: with or without
    the page's script), and its player taps say who they are for."""
    form = _form(client.get(info["url"]).get_data(as_text=True))
    assert re.search(r'value="hammelrennen" checked', form)
    calls = re.search(r'<div class="two calls"[^>]*>', form)
    assert calls and re.search(r'data-hide-for="[^"]*\bhammelrennen\b', calls.group(0))
    eyes = re.search(r'<fieldset class="eyes"[^>]*>', form)
    assert eyes and re.search(r'data-hide-for="[^"]*\bhammelrennen\b', eyes.group(0))
    legend = re.search(
        r'<fieldset class="choices compact" id="player">\s*<legend>(.*?)</legend>', form
    )
    assert legend
    assert '<span data-only-for="hammelrennen">Wer zuerst 60 Augen hatte</span>' in legend.group(1)
    css = client.get("/static/style.css").get_data(as_text=True)
    assert (
        '.game-form:has(input[name="kind"][value="hammelrennen"]:checked) '
        '[data-hide-for~="hammelrennen"]' in css
    )


def _text(response: Any) -> str:
    page = response.get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def _table(tid: int, number: int) -> RoundTable:
    return db.session.execute(
        select(RoundTable)
        .join(Round)
        .where(Round.tournament_id == tid, Round.number == 1, RoundTable.number == number)
    ).scalar_one()


def test_002_owes_no_solo_so_the_list_and_overview_name_none(
    app: Flask, client: FlaskClient
) -> None:
    """002 (Schweinchen) has no Pflichtsolo: no section for it on the list, no column in the
    overview; its Trumpfabgabe is called so in the form and on the saved line."""
    tid = _running(app, client, 4, rules_preset="schweinchen")
    info = table_info(app, tid, 4)
    page = client.get(info["url"]).get_data(as_text=True)
    assert re.search(r'<tbody id="pflicht-rows" hidden>', page)
    overview = _text(client.get(f"/turniere/{tid}/runden/1/uebersicht"))
    assert "Pflichtsoli, Vorführung" not in overview
    assert "Trumpfabgabe: beide antippen, wer abgegeben und wer genommen hat" in _text(
        client.get(info["url"])
    )
    _, _, c, d = info["keys"]
    record = {**_game(info["keys"][0], [c, d]), "type": "armut"}
    with app.app_context():
        score_lists.replace_entries(_table(tid, info["number"]), [record], None)
        db.session.commit()
    sheet = _text(client.get(info["url"]))
    assert "Trumpfabgabe" in sheet.split("Spiele", 1)[1]
    assert " Armut " not in sheet


def test_004_calls_its_owed_solo_the_zwangssolo(app: Flask, client: FlaskClient) -> None:
    tid = _running(app, client, 4, rules_preset="ravensburger-2015", zwangssolo_frist="12")
    info = table_info(app, tid, 4)
    sheet = _text(client.get(info["url"]))
    assert "Zwangssoli" in sheet and "Noch kein Zwangssolo." in sheet
    assert "Pflicht- und vorgeführte Soli" not in sheet
    overview = _text(client.get(f"/turniere/{tid}/runden/1/uebersicht"))
    assert "Zwangssolo, Vorführung" in overview


def test_a_round_without_a_time_limit_starts_without_the_clock(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    data: dict[str, Any] = {
        "csrf_token": csrf_token(client, "/turniere/neu"),
        "name": "Regelabend",
        "date": "2026-11-21",
        "rounds_planned": "3",
        "rules_preset": "schweinchen",
    }
    response = client.post("/turniere/neu", data=data)
    found = re.fullmatch(r"/turniere/(\d+)/spieler/", response.headers["Location"])
    assert found
    tid = int(found.group(1))
    paste_players(client, tid, "\n".join(player_names(4)))
    draw_round(client, tid, seed=5)
    page = _text(client.get(f"/turniere/{tid}/runden/1"))
    assert "Runde starten" in page and "Uhr läuft" not in page
    page = _text(round_action(client, tid, 1, "starten"))
    assert "Runde 1 läuft (ohne Zeitlimit)." in page
    assert "die Zeit beginnt" not in page


def test_004_L57_L61_the_list_names_a_solo_and_a_vorgefuehrtes_solo_by_the_sets_words(
    app: Flask, client: FlaskClient
) -> None:
    """004 has no Pflichtsolo: a solo is named by the rule text's name alone („Grand
    (Bubensolo)“), one played vorgeführt after the Frist a „vorgeführtes Solo“, never a
    „Pflichtsolo“, and no bracket inside a bracket."""
    tid = _running(app, client, 4, rules_preset="ravensburger-2015", zwangssolo_frist="4")
    info = table_info(app, tid, 4)
    a, b, c, d = info["keys"]
    names = dict(zip(info["keys"], info["names"], strict=True))
    solo = {"type": "solo", "re_eyes": 130, "re_tricks": 6}
    entries = [
        {**_game(a, [b]), **solo, "solo": "buben", "re": [b], "player": b},
        _game(b, [a, c]),
        _game(c, [a, c]),
        _game(d, [a, c]),
    ]
    with app.app_context():
        table = _table(tid, info["number"])
        score_lists.replace_entries(table, entries, None)
        db.session.commit()
        due = check_list(
            {
                "id": "t",
                "rules": "ravensburger-2015",
                "players": list(info["keys"]),
                "pot": 250,
                "frist": 4,
                "entries": entries,
            }
        )["vorfuehrung"]
        owed = {**_game(a, [due]), **solo, "solo": "fleischlos", "re": [due]}
        owed |= {"player": due, "pflicht": "vorgefuehrt"}
        score_lists.replace_entries(_table(tid, info["number"]), [*entries, owed], None)
        db.session.commit()
    sheet = _text(client.get(info["url"])).split("Spiele", 1)[1]
    assert f"Grand (Bubensolo): {names[b]}" in sheet
    assert f"vorgeführtes Solo, Ohnetrumpf (Fleischloser): {names[due]}" in sheet
    assert "Pflichtsolo" not in sheet and "((" not in sheet and "))" not in sheet
