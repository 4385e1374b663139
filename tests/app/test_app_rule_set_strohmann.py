"""Tables of three with the Strohmann under preset 004 ``ravensburger-2015`` (L91: "Doppelkopf
zu dritt ... legt die Karten des Vierten, des »Strohmannes«, offen auf den Tisch"): the draw
seats a table of three only where fours and fives cannot seat everyone, the table plan, the
table cards and the round overview show the Strohmann's seat, the form asks who played its
cards, and the points stored are the engine's score of the same record."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import flask_migrate
import pytest
from flask import Flask
from flask.testing import FlaskClient
from openpyxl import load_workbook
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from rules_engine import score_record
from tests.support.scorelist_pages import entries, post_form, table_info
from tests.support.uploads import clear_lists, confirm, upload
from tests.support.webapp import (
    draw_round,
    form_on,
    players_under,
    round_action,
    sign_in,
    submit,
)
from tournament.domain import list_store
from tournament.extensions import db
from tournament.models import Round, RoundTable, Tournament

Values = dict[str, Any]
# The migration before the one that allows tables of three.
BEFORE_THREES = "f3c9a1d7b5e2"


def _tournament(app: Flask, client: FlaskClient, preset: str, players: int) -> int:
    sign_in(app, client)
    return players_under(
        client, players, name="Dreierabend", rules_preset=preset, rounds_planned="2"
    )


def _sizes(app: Flask, tid: int, number: int = 1) -> list[int]:
    with app.app_context():
        round_ = db.session.execute(
            select(Round).where(Round.tournament_id == tid, Round.number == number)
        ).scalar_one()
        return [table.size for table in round_.tables]


def _text(response: Any) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def test_seven_players_under_004_sit_at_a_four_and_a_three(app: Flask, client: FlaskClient) -> None:
    tid = _tournament(app, client, "ravensburger-2015", 7)
    page = draw_round(client, tid, seed=5)
    assert page.status_code == 200
    assert _sizes(app, tid) == [4, 3]


def _three_table(app: Flask, client: FlaskClient) -> tuple[int, Values]:
    """Seven players under 004, round 1 started; the facts of its table of three."""
    tid = _tournament(app, client, "ravensburger-2015", 7)
    draw_round(client, tid, seed=5)
    round_action(client, tid, 1, "starten")
    return tid, table_info(app, tid, 3)


def _save(client: FlaskClient, info: Values, data: Values) -> Any:
    return post_form(client, info["url"], info["url"] + "spiel", {**data, "confirmed": "1"})


def _engine_points(app: Flask, tid: int, info: Values, record: Values) -> dict[str, int]:
    """The engine's own score of ``record`` at the table of three (``score`` with the
    ``rules`` field, the Strohmann as the fourth player)."""
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        rules = tournament.engine_rules
    game = {k: v for k, v in record.items() if k not in ("kind", "dealer", "player")}
    players = [*info["keys"], "Strohmann"]
    result = score_record({**game, "players": players, "strohmann": "Strohmann", "rules": rules})
    assert "error" not in result, result
    return {k: int(v) for k, v in result["scores"].items()}


def _report(app: Flask, tid: int, number: int) -> Values:
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        table = next(t for t in tournament.rounds[0].tables if t.number == number)
        report: Values = list_store.check(table)
        return report


def test_a_game_with_the_strohmann_on_re_is_scored_as_the_engine_scores_it(
    app: Flask, client: FlaskClient
) -> None:
    tid, info = _three_table(app, client)
    first = info["keys"][0]
    response = _save(client, info, {"kind": "normal", "re": [first, "Strohmann"], "eyes": "151"})
    assert response.status_code == 302, _text(response)
    stored = json.loads(entries(app, info["number"])[-1])
    assert stored["re"] == [first, "Strohmann"]
    # 004 L91: the partner plays the Strohmann's cards, and its share goes to him (D32).
    assert stored["strohmann_by"] == first
    report = _report(app, tid, info["number"])
    assert report["valid"], report["findings"]
    points = dict(report["rows"][-1]["points"])
    assert points == _engine_points(app, tid, info, stored)
    assert set(points) == set(info["keys"])


def test_a_solo_against_the_strohmann_asks_who_played_its_cards(
    app: Flask, client: FlaskClient
) -> None:
    tid, info = _three_table(app, client)
    soloist, second, third = info["keys"]
    solo = {"kind": "solo", "solo": "buben", "player": soloist, "eyes": "130"}
    response = _save(client, info, solo)
    assert response.status_code == 422
    page = _text(response)
    assert "wer die Karten des Strohmanns gespielt hat" in page
    assert entries(app, info["number"]) == []
    # The value while typing: the Strohmann's payment from who played its cards.
    page = client.get(info["url"]).get_data(as_text=True)
    fields = form_on(page, info["url"] + "spiel", info["url"]).fields
    preview = client.post(info["url"] + "vorschau", data={**fields, **solo, "strohmann_by": third})
    names = dict(zip(info["keys"], info["names"], strict=True))
    assert f"{names[soloist]} +15 {names[second]} -5 {names[third]} -10" in _text(preview)
    response = _save(client, info, {**solo, "strohmann_by": third})
    assert response.status_code == 302, _text(response)
    stored = json.loads(entries(app, info["number"])[-1])
    assert stored["re"] == [soloist] and stored["strohmann_by"] == third
    points = dict(_report(app, tid, info["number"])["rows"][-1]["points"])
    assert points == _engine_points(app, tid, info, stored)
    # The soloist won against three: the Strohmann's payment is booked to who played it.
    assert points[soloist] > 0 and points[third] < 0 and points[second] < 0


def test_a_forged_strohmann_player_is_refused_in_german(app: Flask, client: FlaskClient) -> None:
    _, info = _three_table(app, client)
    first, second, third = info["keys"]
    # The Strohmann is on Re with the first player: the third cannot have played its cards.
    data = {"kind": "normal", "re": [first, "Strohmann"], "eyes": "151", "strohmann_by": third}
    response = _save(client, info, data)
    assert response.status_code == 422
    assert "war nicht auf der Seite des Strohmanns" in _text(response)
    solo = {"kind": "solo", "solo": "buben", "player": "Strohmann", "eyes": "130"}
    response = _save(client, info, solo)
    assert response.status_code == 422
    assert "Der Strohmann spielt kein Solo und keine Hochzeit" in _text(response)
    assert entries(app, info["number"]) == []
    # The page offers no quick entry at a table of three; a quick post is refused.
    page = client.get(info["url"] + "?schnell=1").get_data(as_text=True)
    assert "Nur Punkte" not in page and "im Detail eintragen" in _text(client.get(info["url"]))
    form = form_on(page, info["url"] + "spiel", info["url"])
    quick = {**form.fields, "kind": "normal", "winners": [first, second], "value": "2"}
    response = client.post(info["url"] + "schnell", data=quick)
    assert response.status_code == 422
    assert "im Detail eintragen" in _text(response)
    assert entries(app, info["number"]) == []


def test_plan_cards_and_overview_show_the_strohmann_seat(app: Flask, client: FlaskClient) -> None:
    tid = _tournament(app, client, "ravensburger-2015", 7)
    draw_round(client, tid, seed=5)
    plan = _text(client.get(f"/turniere/{tid}/runden/1"))
    assert "Tisch 2 Platz Nr. Name Verein" in plan
    assert "– – Strohmann offene Karten, gespielt von seinem Partner (004 Z. 91)" in plan
    assert "Am Dreiertisch spielt der Strohmann mit" in plan
    cards = _text(client.get(f"/turniere/{tid}/runden/1/tischkarten"))
    assert cards.count("Strohmann offene Karten") == 1
    assert "18 Spiele" in cards
    round_action(client, tid, 1, "starten")
    overview = _text(client.get(f"/turniere/{tid}/runden/1/uebersicht"))
    assert overview.count(", Strohmann") == 1
    assert "Tisch 2: 18 Spiele fehlen noch" in overview


def test_under_the_ddv_rules_seven_players_are_still_refused(
    app: Flask, client: FlaskClient
) -> None:
    tid = _tournament(app, client, "ddv", 7)
    page = _text(draw_round(client, tid, seed=5))
    assert "7 Spieler lassen sich nicht auf Tische zu 4 und 5 Spielern verteilen" in page
    with app.app_context():
        assert db.session.execute(select(Round)).first() is None


def test_correction_standings_and_settlement_at_a_table_of_three(
    app: Flask, client: FlaskClient
) -> None:
    tid, info = _three_table(app, client)
    soloist, second, third = info["keys"]
    solo = {"kind": "solo", "solo": "buben", "player": soloist, "eyes": "130"}
    assert _save(client, info, {**solo, "strohmann_by": third}).status_code == 302
    # The correction page holds who played the Strohmann's cards, and changes it.
    url = info["url"] + "eintrag/1"
    page = client.get(url).get_data(as_text=True)
    assert re.search(rf'name="strohmann_by"[^>]*value="{third}"[^>]*checked', page), page
    response = post_form(client, url, url, {"strohmann_by": second, "confirmed": "1"})
    assert response.status_code == 302, _text(response)
    stored = json.loads(entries(app, info["number"])[-1])
    assert stored["strohmann_by"] == second
    points = dict(_report(app, tid, info["number"])["rows"][-1]["points"])
    assert points == _engine_points(app, tid, info, stored)
    names = dict(zip(info["keys"], info["names"], strict=True))
    for path in ("stand", "runden/1/stand", "runden/1/abrechnung"):
        response = client.get(f"/turniere/{tid}/{path}")
        assert response.status_code == 200, path
        shown = _text(response)
        assert "Strohmann" not in shown, path
        assert all(name in shown for name in names.values()), path


def _records(app: Flask, info: Values) -> list[Values]:
    """The table's records; a game's empty Sonderpunkte left out (the form stores none, a
    list read in names both parties' as empty: the same game to the engine)."""
    found = [json.loads(text) for text in entries(app, info["number"])]
    for record in found:
        if record.get("specials") == {"re": {}, "kontra": {}}:
            del record["specials"]
    return found


def test_excel_of_a_table_of_three_goes_out_and_back_in(app: Flask, client: FlaskClient) -> None:
    """The list, the template and the upload of a table of three work as at a four (004 L91:
    the Strohmann's column says who played his cards); a file without it where two could
    have is refused naming the cell and the rule, and nothing is lost."""
    tid, info = _three_table(app, client)
    soloist, _, third = info["keys"]
    solo = {"kind": "solo", "solo": "buben", "player": soloist, "eyes": "130"}
    assert _save(client, info, {**solo, "strohmann_by": third}).status_code == 302
    stored = _records(app, info)
    page = client.get(info["url"]).get_data(as_text=True)
    assert "liste.xlsx" in page and "vorlage.xlsx" in page and "einlesen" in page
    listed = client.get(info["url"] + "liste.xlsx")
    assert listed.status_code == 200
    sheet = load_workbook(io.BytesIO(listed.data)).worksheets[0]
    headers = [cell.value for cell in sheet[12]]
    column = headers.index("Strohmann gespielt von (Platz)") + 1
    positions = dict(zip(info["keys"], (1, 2, 3), strict=True))
    assert sheet.cell(14, column).value == positions[third]
    template = client.get(info["url"] + "vorlage.xlsx")
    assert template.status_code == 200
    assert "Strohmann gespielt von (Platz)" in [
        c.value for c in load_workbook(io.BytesIO(template.data)).worksheets[0][12]
    ]
    table_upload = info["url"].rstrip("/") + "/einlesen"
    # Who played the Strohmann's cards left out where two could have: refused, nothing lost.
    sheet.cell(14, column).value = None
    buffer = io.BytesIO()
    sheet.parent.save(buffer)
    refused = _text(upload(client, table_upload, buffer.getvalue()))
    ref = f"{sheet.cell(14, column).column_letter}14"
    assert f"Zelle {ref}: bitte angeben, wer die Karten des Strohmanns gespielt hat" in refused
    assert "004 Z. 91" in refused and "Liste einlesen" not in refused
    assert _records(app, info) == stored
    # The list itself and the tournament workbook read back unchanged.
    workbook = client.get(f"/turniere/{tid}/turnier.xlsx")
    assert workbook.status_code == 200
    clear_lists(app, tid)
    preview = upload(client, table_upload, listed.data)
    text = preview.get_data(as_text=True)
    assert preview.status_code == 200 and "1 Liste einlesen" in text, _text(preview)
    confirm(client, text, table_upload)
    assert _records(app, info) == stored
    clear_lists(app, tid)
    whole = f"/turniere/{tid}/einlesen"
    preview = upload(client, whole, workbook.data, "turnier.xlsx")
    text = preview.get_data(as_text=True)
    assert "abgelehnt" not in text and "Dreiertisch" not in text, _text(preview)
    confirm(client, text, whole)
    assert _records(app, info) == stored


def _insert_table_of_three(app: Flask) -> None:
    with app.app_context():
        round_id = db.session.execute(select(Round.id)).scalars().first()
        db.session.execute(
            text("INSERT INTO round_table (round_id, number, size) VALUES (:round, 99, 3)"),
            {"round": round_id},
        )
        db.session.commit()


def test_the_migration_allows_tables_of_three_and_keeps_them_on_the_way_back(
    app: Flask, client: FlaskClient
) -> None:
    tid = _tournament(app, client, "ravensburger-2015", 8)
    draw_round(client, tid, seed=5)
    with app.app_context():
        flask_migrate.downgrade(revision=BEFORE_THREES)
    with pytest.raises(IntegrityError):
        _insert_table_of_three(app)
    with app.app_context():
        db.session.rollback()
        flask_migrate.upgrade()
    _insert_table_of_three(app)
    # Flask-Migrate logs the refusal ("Es gibt Dreiertische ...") and exits.
    with app.app_context(), pytest.raises(SystemExit):
        flask_migrate.downgrade(revision=BEFORE_THREES)
    with app.app_context():
        assert (
            db.session.execute(select(RoundTable.size).where(RoundTable.number == 99)).scalar_one()
            == 3
        )


def test_a_club_evening_of_three_under_004_plays_with_the_strohmann(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    names = ["Anna", "Bernd", "Carla"]
    data = {"rules_preset": "ravensburger-2015", **{f"seat_{n}": v for n, v in enumerate(names, 1)}}
    response = submit(client, "/spieleabend/neu", data=data)
    assert response.status_code == 302, _text(response)
    url = response.headers["Location"]
    page = client.get(url).get_data(as_text=True)
    form = form_on(page, url + "spiel", url)
    keys = [choice for choice in form.choices["player"]]
    game = {"kind": "normal", "re": [keys[1], "Strohmann"], "eyes": "151", "confirmed": "1"}
    response = client.post(url + "spiel", data={**dict(form.fields), **game})
    assert response.status_code == 302, _text(response)
    with app.app_context():
        table = db.session.execute(select(RoundTable)).scalar_one()
        assert table.size == 3
        stored = json.loads(table.entries[-1].record)
        assert stored["strohmann_by"] == keys[1]
        assert list_store.check(table)["valid"]
    ddv = submit(client, "/spieleabend/neu", data={**data, "rules_preset": "ddv"})
    assert ddv.status_code != 302
