"""Tables of three with the Strohmann under preset 004 ``ravensburger-2015`` (L91: "Doppelkopf
zu dritt ... legt die Karten des Vierten, des »Strohmannes«, offen auf den Tisch"): the draw
seats a table of three only where fours and fives cannot seat everyone, the table plan, the
table cards and the round overview show the Strohmann's seat, the form asks who played its
cards, and the points stored are the engine's score of the same record."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from rules_engine import score_record
from tests.support.scorelist_pages import entries, post_form, table_info
from tests.support.webapp import (
    csrf_token,
    draw_round,
    paste_players,
    player_names,
    round_action,
    sign_in,
)
from tournament.domain import list_store
from tournament.extensions import db
from tournament.models import Round, Tournament

Values = dict[str, Any]
# The migration before the one that allows tables of three.
BEFORE_THREES = "f3c9a1d7b5e2"


def _tournament(app: Flask, client: FlaskClient, preset: str, players: int) -> int:
    sign_in(app, client)
    data: Values = {
        "csrf_token": csrf_token(client, "/turniere/neu"),
        "name": "Strohmannabend",
        "date": "2026-11-21",
        "rounds_planned": "2",
        "rules_preset": preset,
    }
    response = client.post("/turniere/neu", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    found = re.search(r"/turniere/(\d+)/", response.headers["Location"])
    assert found
    tid = int(found.group(1))
    paste_players(client, tid, "\n".join(player_names(players)))
    return tid


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
    assert entries(app, info["number"]) == []
    quick = {"kind": "normal", "winners": [first, second], "value": "2"}
    response = post_form(client, info["url"] + "?schnell=1", info["url"] + "schnell", quick)
    assert response.status_code == 422
    assert "im Detail eintragen" in _text(response)
    assert entries(app, info["number"]) == []
