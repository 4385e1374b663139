"""A club evening (issue 33, item 6): the quick start „Spieleabend starten“ makes a tournament
marked as an evening with one table seated in the typed order (no draw), starts it with no
time limit and opens the table's list; games are entered through the list; closing the
evening (with games left) shows its settlement, whose payments are computed here by hand.
Refusals in German: too few players, a count the set's one table cannot seat, the same person
twice, a setting the set needs, a bad Punktwert; nothing is stored then."""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from tests.support.scorelist_pages import entries, form_on, table_info
from tests.support.webapp import field_errors, sign_in, submit
from tournament.domain import club_evenings
from tournament.extensions import db
from tournament.models import Player, Registration, RoundStatus, Tournament

START = "/spieleabend/neu"
FOUR = ["Anna", "Ben", "Cem", "Dora"]
FIVE = [*FOUR, "Emil"]


def _text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def _start(client: FlaskClient, preset: str, names: list[str], **extra: str) -> Any:
    """Send the quick start with ``names`` in the seats, in order."""
    seats = {f"seat_{number}": name for number, name in enumerate(names, start=1)}
    data = {"rules_preset": preset, **seats, **extra}
    return submit(client, START, data=data)


def _started(app: Flask, client: FlaskClient, preset: str, names: list[str], **extra: str) -> int:
    """The evening started; its id. The answer opens table 1's list of round 1."""
    response = _start(client, preset, names, **extra)
    assert response.status_code == 302, _text(response.get_data(as_text=True))
    found = re.fullmatch(r"/turniere/(\d+)/runden/1/tische/1/", response.headers["Location"])
    assert found, response.headers["Location"]
    return int(found.group(1))


def _tournaments(app: Flask) -> int:
    with app.app_context():
        return int(db.session.execute(select(func.count(Tournament.id))).scalar_one())


def _quick(client: FlaskClient, info: dict[str, Any], data: dict[str, Any]) -> Any:
    """A row entered through the list's quick entry as the page holds it."""
    url = info["url"]
    page = client.get(url + "?schnell=1").get_data(as_text=True)
    form = form_on(page, url + "schnell", url)
    response = client.post(url + "schnell", data={**dict(form.fields), **data})
    assert response.status_code == 302, _text(response.get_data(as_text=True))
    return response


def _game(client: FlaskClient, info: dict[str, Any], data: dict[str, Any]) -> None:
    """A game entered through the list's game form, "Speichern" pressed."""
    url = info["url"]
    page = client.get(url).get_data(as_text=True)
    form = form_on(page, url + "spiel", url)
    response = client.post(url + "spiel", data={**dict(form.fields), **data, "confirmed": "1"})
    assert response.status_code == 302, _text(response.get_data(as_text=True))


def _close(client: FlaskClient, tid: int) -> str:
    """Close the evening on its round page: the answer is the settlement."""
    response = submit(client, f"/turniere/{tid}/runden/1", f"/turniere/{tid}/runden/1/abschliessen")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/turniere/{tid}/runden/1/abrechnung"
    return client.get(response.headers["Location"]).get_data(as_text=True)


def _payments(page: str) -> list[tuple[str, str, int]]:
    found = re.findall(r'data-payer="(\w+)" data-payee="(\w+)" data-amount="(\d+)"', page)
    return sorted((payer, payee, int(amount)) for payer, payee, amount in found)


def test_the_start_page_offers_the_sets_and_a_name_of_today(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    home = client.get("/").get_data(as_text=True)
    assert f'href="{START}"' in home
    page = client.get(START).get_data(as_text=True)
    today = dt.date.today().strftime("%d.%m.%Y")
    assert f'value="Spieleabend {today}"' in page
    form = form_on(page, START, START)
    assert form.choices["rules_preset"] == [
        "ddv",
        "hausregeln-2024",
        "reglement-2001",
        "schweinchen",
        "ravensburger-2015",
    ]
    assert 'name="time_limit"' not in page
    assert 'name="pot_start"' in page


def test_anyone_but_the_turnierleitung_is_sent_to_sign_in(client: FlaskClient) -> None:
    assert client.get(START).status_code in (302, 303)


def test_under_schweinchen_four_typed_players_play_and_the_settlement_is_theirs(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tid = _started(app, client, "schweinchen", FOUR, point_value="10")
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        assert tournament.evening and tournament.rounds_planned == 1
        assert tournament.point_value == 100
        round_ = tournament.rounds[0]
        assert round_.status is RoundStatus.RUNNING
        [table] = round_.tables
        assert [s.registration.player.name for s in table.seats] == FOUR
        assert table.access_code is not None
    info = table_info(app, tid, 4)
    page = _text(client.get(info["url"]).get_data(as_text=True))
    assert "ohne Zeitlimit" in page
    assert "Gibt: Anna" in page
    assert "Abrechnung des Abends (wer zahlt wem)" in page
    a, b, c, d = info["keys"]
    # A Normalspiel won by Anna and Cem for 2; a solo won by Ben for 1 (each other pays 1).
    _quick(client, info, {"kind": "normal", "winners": [a, c], "value": "2"})
    _quick(client, info, {"kind": "solo", "winners": [b], "value": "1"})
    assert len(entries(app, 1)) == 2
    overview = _text(client.get(f"/turniere/{tid}/runden/1/uebersicht").get_data(as_text=True))
    assert "Der Abend endet, wann der Tisch aufhört." in overview
    assert "Abend beenden" in overview
    # By hand: Anna 2 - 1 = 1, Ben -2 + 3 = 1, Cem 2 - 1 = 1, Dora -2 - 1 = -3: Dora pays
    # each of the others 1 Punkt, at 10 Cent a point 0,10 €.
    settled = _close(client, tid)
    assert _payments(settled) == sorted([(d, a, 10), (d, b, 10), (d, c, 10)])
    assert _text(settled).count("Dora zahlt") == 3
    assert "0,10 €" in settled
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        assert tournament.rounds[0].status is RoundStatus.FINISHED
    in_points = client.get(f"/turniere/{tid}/runden/1/abrechnung?punktwert=")
    assert _payments(in_points.get_data(as_text=True)) == sorted([(d, a, 1), (d, b, 1), (d, c, 1)])


def test_under_ddv_games_from_the_game_form_and_the_round_closes_with_games_left(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tid = _started(app, client, "ddv", FOUR)
    info = table_info(app, tid, 4)
    assert "ohne Zeitlimit" in _text(client.get(info["url"]).get_data(as_text=True))
    a, b, c, d = info["keys"]
    normal = {"kind": "normal", "re": [a, b], "eyes_party": "re", "eyes": "130"}
    _game(client, info, {**normal, "schwarz": "", "re_call": "", "kontra_call": ""})
    _game(client, info, {**normal, "schwarz": "", "re_call": "", "kontra_call": ""})
    stored = [json.loads(e) for e in entries(app, 1)]
    assert [e["re"] for e in stored] == [[a, b], [a, b]]
    # By hand (TSR 7.2): Re wins with 130 Augen, nothing called: gewonnen 1, and Kontra has
    # 110, so no keine 90: 1 point to each of Re, -1 to each of Kontra; twice: Anna and Ben
    # +2, Cem and Dora -2: two payments of 2 Punkte, each of Kontra pays one of Re.
    settled = _close(client, tid)
    payments = _payments(settled)
    assert [amount for _, _, amount in payments] == [2, 2]
    assert {payer for payer, _, _ in payments} == {c, d}
    assert {payee for _, payee, _ in payments} == {a, b}


@pytest.mark.parametrize("names", [FOUR, FIVE], ids=["four", "five"])
def test_under_ravensburger_2015_the_kasse_is_settled(
    app: Flask, client: FlaskClient, names: list[str]
) -> None:
    sign_in(app, client)
    tid = _started(app, client, "ravensburger-2015", names)
    info = table_info(app, tid, len(names))
    assert info["names"] == names
    page = client.get(info["url"] + "?schnell=1").get_data(as_text=True)
    playing = form_on(page, info["url"] + "schnell", info["url"]).choices["winners"]
    assert len(playing) == 4
    _quick(client, info, {"kind": "normal", "winners": playing[:2], "value": "5"})
    _quick(client, info, {"kind": "solo", "winners": [playing[2]], "value": "5"})
    settled = _close(client, tid)
    # By hand (004 L63-65): each paid his share of the Kasse's start in (10 Grundbeträge of
    # 5 Pfennig a player: 200 at four, 250 at five, even shares), took out what the rows
    # paid him; his balance is taken out minus paid in.
    taken = {key: 0 for key in info["keys"]}
    for record in (json.loads(e) for e in entries(app, 1)):
        for key, points in record["points"].items():
            taken[key] += points
    share = 50
    for key in info["keys"]:
        assert f'data-key="{key}" data-net="{taken[key] - share}"' in settled
    rest = len(names) * share - (5 + 5)
    assert f'data-rest="{rest}"' in settled


def test_under_hausregeln_2024_the_pot_start_is_asked_for(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    refused = _start(client, "hausregeln-2024", FOUR)
    assert refused.status_code == 200
    assert field_errors(refused.get_data(as_text=True), "pot_start")
    assert _tournaments(app) == 0
    tid = _started(app, client, "hausregeln-2024", FOUR, pot_start="40")
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None and tournament.pot_start == 40


@pytest.mark.parametrize(
    ("preset", "names", "expected"),
    [
        ("schweinchen", FOUR[:3], "Zu wenige Spieler: unter Hausregeln mit Schweinchen sitzen 4"),
        ("ddv", FOUR[:2], "Zu wenige Spieler: unter DDV-Turnierspielregeln sitzen 4 oder 5"),
        ("schweinchen", FIVE, "5 Spieler passen an keinen Tisch unter Hausregeln mit Schweinchen"),
        ("ddv", [], "Bitte die Spieler eintragen, einen je Platz."),
    ],
    ids=["three", "two", "five-at-fours", "none"],
)
def test_a_start_the_set_cannot_seat_is_refused_in_german_and_nothing_is_stored(
    app: Flask, client: FlaskClient, preset: str, names: list[str], expected: str
) -> None:
    sign_in(app, client)
    response = _start(client, preset, names)
    assert response.status_code == 200
    errors = " ".join(field_errors(response.get_data(as_text=True), "players"))
    assert expected in errors, errors
    assert _tournaments(app) == 0


@pytest.mark.parametrize(
    ("names", "seat", "expected"),
    [
        (
            ["Anna", "Ben", "Anna", "Dora"],
            3,
            "Platz 3: Anna steht genauso schon auf Platz 1 – eine andere Person gleichen Namens "
            "bitte mit Verein oder DDV-Nr. eintragen",
        ),
        (
            ["Anna; ; 123", "Ben", "Cem", "Dora; ; 123"],
            4,
            "Platz 4: Dora hat dieselbe DDV-Nr. 123 wie Platz 1",
        ),
        (["Anna", "Ben; ; 12#", "Cem", "Dora"], 2, "Platz 2: Ben hat keine gültige DDV-Nr."),
        (["Anna", "Ben", "Cem", "Dora; Kiel; 7; x"], 4, "Platz 4: Dora hat mehr als drei Teile"),
        (["Anna", "Ben", "Cem", "Dora", "; Kiel"], 5, "Platz 5: (ohne Namen)"),
    ],
    ids=["same-twice", "same-ddv", "bad-ddv", "four-parts", "no-name"],
)
def test_a_seat_that_cannot_be_registered_is_refused_at_its_seat(
    app: Flask, client: FlaskClient, names: list[str], seat: int, expected: str
) -> None:
    """Each refusal about one seat names its „Platz“ (never a „Zeile“) and stands at that
    seat's field; the other seats keep what was typed, nothing is stored."""
    sign_in(app, client)
    response = _start(client, "ddv", names)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    errors = field_errors(page, f"seat_{seat}")
    assert len(errors) == 1 and errors[0].startswith(expected), errors
    assert "Zeile" not in _text(page)
    for number in {1, 2, 3, 4, 5} - {seat}:
        assert field_errors(page, f"seat_{number}") == []
    assert field_errors(page, "players") == []
    assert f'value="{html.escape(names[seat - 1], quote=True)}"' in page
    assert _tournaments(app) == 0


def test_namesakes_are_told_apart_by_their_club(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    tid = _started(app, client, "ddv", ["Anna; Rot", "Ben", "Anna; Blau", "Dora"])
    info = table_info(app, tid, 4)
    assert info["names"] == ["Anna", "Ben", "Anna", "Dora"]
    page = _text(client.get(info["url"]).get_data(as_text=True))
    assert "Anna (Nr. 1, Rot)" in page and "Anna (Nr. 3, Blau)" in page


def test_a_bad_punktwert_is_refused_next_to_its_field(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    response = _start(client, "ddv", FOUR, point_value="zehn")
    assert response.status_code == 200
    assert field_errors(response.get_data(as_text=True), "point_value") == [
        "Punktwert „zehn“: bitte Cent je Punkt eingeben, z. B. 5 oder 0,5."
    ]
    assert _tournaments(app) == 0


# ------------------------------------------------------------------ known players


def _options(page: str) -> list[str]:
    """The suggestions of the seats' datalist, as the browser offers them."""
    found = re.search(r'<datalist id="bekannte-spieler">(.*?)</datalist>', page, re.S)
    assert found, page
    return [html.unescape(v) for v in re.findall(r'<option value="([^"]*)"', found.group(1))]


def _seated_players(app: Flask, tid: int) -> list[int]:
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        seats = tournament.rounds[0].tables[0].seats
        return [seat.registration.player_id for seat in seats]


def test_each_seat_suggests_the_known_players_and_a_suggestion_is_that_player(
    app: Flask, client: FlaskClient
) -> None:
    """Players of an earlier evening are offered on every seat (a datalist, no script),
    namesakes told apart by club, else DDV number, each person once; a seat filled with a
    suggestion plays as that known player, a namesake typed otherwise is a new person."""
    sign_in(app, client)
    first = _started(
        app,
        client,
        "ddv",
        ["Anna; Rot", "Ben", "Anna; Blau", "Dora; ; 123", "Dora; ; 456"],
    )
    page = client.get(START).get_data(as_text=True)
    for number in range(1, 6):
        seat = re.search(rf'<input[^>]*name="seat_{number}"[^>]*>', page)
        assert seat and 'list="bekannte-spieler"' in seat.group(0)
        assert 'type="text"' in seat.group(0)  # 44 px high, as every text field
        assert f'<label for="seat_{number}">Platz {number}</label>' in page
    assert _options(page) == ["Anna; Blau", "Anna; Rot", "Ben", "Dora; ; 123", "Dora; ; 456"]
    known = _seated_players(app, first)
    second = _started(app, client, "ddv", ["Anna; Blau", "Dora; ; 456", "Ben", "Anna"])
    again = _seated_players(app, second)
    assert again[:3] == [known[2], known[4], known[1]]
    assert again[3] not in known  # „Anna“ without a club is neither Anna: a new person
    page = client.get(START).get_data(as_text=True)
    assert _options(page).count("Anna") == 1 and len(_options(page)) == 6
    with app.app_context():
        assert db.session.execute(select(func.count(Player.id))).scalar_one() == 6


def test_the_seats_suggest_the_players_of_the_last_year_most_frequent_first(
    app: Flask, client: FlaskClient
) -> None:
    """A laptop used for years: the seats suggest the players of the last 12 months only, the
    most frequent first, then the most recent, at most 200; a known player typed as he is
    known still plays as that player though he is no longer suggested."""
    sign_in(app, client)
    today = dt.date.today()
    with app.app_context():
        anna, ben, cem = Player(name="Anna", club="Rot"), Player(name="Ben"), Player(name="Cem")
        gone = Player(name="Alt", club="Vorzeit")
        guests = [Player(name=f"Gast {n:03d}") for n in range(1, 206)]

        def held(days_ago: int, players: list[Player]) -> None:
            tournament = Tournament(
                name="Abend", date=today - dt.timedelta(days=days_ago), rounds_planned=1
            )
            db.session.add(tournament)
            db.session.add_all(
                Registration(tournament=tournament, player=player, start_number=number)
                for number, player in enumerate(players, start=1)
            )

        held(400, [gone])
        held(300, [anna])
        held(200, guests)
        held(100, [cem, anna])
        held(20, [anna])
        held(5, [ben])
        db.session.commit()
        gone_id = gone.id
    options = _options(client.get(START).get_data(as_text=True))
    assert options[:3] == ["Anna; Rot", "Ben", "Cem"]
    assert options[3:] == [f"Gast {n:03d}" for n in range(1, 198)]
    assert "Alt; Vorzeit" not in options
    tid = _started(app, client, "ddv", ["Alt; Vorzeit", "Ben", "Cem", "Dora"])
    assert _seated_players(app, tid)[0] == gone_id
    with app.app_context():
        # Unused for three years: the year before the last evening is offered.
        later = club_evenings.known_players(today + dt.timedelta(days=3 * 365))
        assert [known.line for known in later][:4] == ["Anna; Rot", "Ben", "Cem", "Alt; Vorzeit"]


def test_a_seat_with_two_lines_is_refused_next_to_it(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    response = _start(client, "ddv", ["Anna", "Ben\nCem", "Dora", "Emil"])
    assert response.status_code == 200
    assert field_errors(response.get_data(as_text=True), "seat_2") == [
        "Bitte nur einen Spieler je Platz, in einer Zeile."
    ]
    assert _tournaments(app) == 0
