"""The day under a rule set (issue 33, item 2): the tournament's settings (games per round or
until the Punktetopf is empty, the pot's start, 004's Zwangssolo Frist, a time limit) reach
the engine's lists and the clocks, are refused in German with the rule and the seed line where
the set has no such thing, and are fixed once a game is entered; the draw seats tables of the
set's sizes; the list's header and the round overview show the games or the pot, the solos the
set owes, the Vorführung and the Hammelrennen with the set's lines. Tests named after a seed
line test that line's rule.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from rules_engine.scorelist import check_list
from tests.support.scorelist_pages import enter as enter_game
from tests.support.scorelist_pages import entries, normal_game, table_info
from tests.support.webapp import (
    csrf_token,
    draw_round,
    flashes,
    players_under,
    post_new_tournament,
    round_action,
    running_under,
    sign_in,
    tournament_version,
)
from tournament.domain import list_store, score_lists
from tournament.domain.table_clock import clock
from tournament.extensions import db
from tournament.models import Round, RoundTable, Tournament, utcnow

Record = dict[str, Any]


def _create(client: FlaskClient, **fields: Any) -> Any:
    return post_new_tournament(client, "Regelabend", **fields)


def _tournament_count(app: Flask) -> int:
    with app.app_context():
        return int(db.session.execute(select(func.count(Tournament.id))).scalar_one())


def _players(app: Flask, client: FlaskClient, count: int, **fields: Any) -> int:
    """A new tournament with ``count`` new players (signed in for the first)."""
    known = _tournament_count(app)
    if known == 0:
        sign_in(app, client)
    return players_under(client, count, start=100 * known + 1, **fields)


def _running(app: Flask, client: FlaskClient, count: int, **fields: Any) -> int:
    known = _tournament_count(app)
    if known == 0:
        sign_in(app, client)
    return running_under(client, count, start=100 * known + 1, **fields)


def _tables(app: Flask, tid: int) -> list[RoundTable]:
    round_ = db.session.execute(
        select(Round).where(Round.tournament_id == tid, Round.number == 1)
    ).scalar_one()
    return list(round_.tables)


def _text(response: Any) -> str:
    """The page as its reader sees it: tags gone, white space folded."""
    page = response.get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def _header(response: Any) -> str:
    """The text of the list's header (``#kopf``)."""
    page = response.get_data(as_text=True)
    found = re.search(r'<header id="kopf".*?</header>', page, re.S)
    assert found, page
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0)))


def _refused(app: Flask, client: FlaskClient, **fields: Any) -> str:
    """Send the form, see it refused (the form again, no tournament), return its text."""
    before = _tournament_count(app)
    response = _create(client, **fields)
    assert response.status_code == 200
    assert _tournament_count(app) == before
    return _text(response)


def _game(dealer: str, re_: list[str], **fields: Any) -> Record:
    """A game with its details, Re winning with 150 Augen (as tests/engine's lists)."""
    return {
        "kind": "game",
        "dealer": dealer,
        "type": "normal",
        "re": re_,
        "re_eyes": 150,
        "re_tricks": 6,
        **fields,
    }


def _solo(dealer: str, soloist: str, pflicht: Any) -> Record:
    return _game(dealer, [soloist], type="solo", solo="buben", pflicht=pflicht)


# ------------------------------------------------------------------ the settings


def test_the_settings_reach_the_engines_lists_and_the_clock(
    app: Flask, client: FlaskClient
) -> None:
    """004 with 20 games a round, a Kasse of 300 Pfennig, a Frist of 12 and 80 minutes: the
    lists carry them (a quarter more games and time at the table of five)."""
    tid = _running(
        app,
        client,
        9,
        rules_preset="ravensburger-2015",
        round_games="20",
        pot_start="300",
        zwangssolo_frist="12",
        time_limit="80",
    )
    with app.app_context():
        by_size = {table.size: table for table in _tables(app, tid)}
        four = json.loads(list_store.list_setting(by_size[4]))
        five = json.loads(list_store.list_setting(by_size[5]))
        assert four == {"rules": "ravensburger-2015", "games": 20, "pot": 300, "frist": 12}
        assert five["games"] == 25
        report = list_store.check(by_size[4])
        assert report["pot"] == {"start": 300, "balance": 300}
        assert report["games_left"] == 20 + 4  # and each player's Zwangssolo (004 L61)
        assert clock(by_size[4], report).minutes == 80
        assert clock(by_size[5], list_store.check(by_size[5])).minutes == 100
    # the Frist ends the Punkterunden (004 L61, as the engine reads it): 12 games, then the
    # Zwangssoli still owed
    header = _header(client.get(table_info(app, tid, 4)["url"]))
    assert "Spiel 1 von 12 · noch 12" in header
    cards = _text(client.get(f"/turniere/{tid}/runden/1/tischkarten"))
    assert (
        "12 Spiele · Kasse am Start: 300 Pfennig · 80 Minuten · Zwangssolo für jeden in 12 "
        "Spielen (004 Z. 61)" in cards
    )
    assert "12 Spiele · Kasse am Start: 300 Pfennig · 100 Minuten" in cards
    assert "TSR 4.2" not in cards
    page = _text(client.get(f"/turniere/{tid}"))
    assert "Spiele je Runde: 20 (an Fünfertischen 25)" in page
    assert "Kasse am Start: 300 Pfennig je Tisch" in page
    assert "Zwangssolo-Frist: 12 Spiele (004 Z. 61) · Zeitlimit: 80 Minuten" in page


def test_the_defaults_under_a_set_are_24_games_and_no_time_limit(
    app: Flask, client: FlaskClient
) -> None:
    tid = _running(app, client, 8, rules_preset="schweinchen")
    with app.app_context():
        table = _tables(app, tid)[0]
        assert json.loads(list_store.list_setting(table)) == {"rules": "schweinchen", "games": 24}
        assert clock(table, list_store.check(table)).minutes is None


def test_000_L61_the_punktetopf_start_is_required_in_german(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    text = _refused(app, client, rules_preset="hausregeln-2024")
    assert "beginnt jede Liste mit einem Punktetopf (000 Z. 61)" in text
    assert "Nichts wurde geändert." in text


def test_under_the_ddv_rules_the_days_fields_stay_empty_tsr_8_5_1(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    text = _refused(app, client, rules_preset="ddv", time_limit="90")
    assert "100 Minuten (125) (TSR 8.5.1, 10.2)" in text
    assert "„Zeitlimit (Minuten)“ bleibt dort leer" in text


def test_002_L59_plus_minus_has_no_pot_to_start_or_empty(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    text = _refused(app, client, rules_preset="schweinchen", pot_start="50")
    assert "rechnet plus-minus, ohne Punktetopf und ohne Kasse (002 Z. 59)" in text
    text = _refused(app, client, rules_preset="schweinchen", until_pot_empty="y")
    assert "nur mit einem Punktetopf oder einer Kasse" in text


def test_004_L61_a_zwangssolo_frist_only_under_004(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    text = _refused(app, client, rules_preset="reglement-2001", zwangssolo_frist="12")
    assert "Zwangssolo-Frist gibt es nur unter Ravensburger 2015 (004 Z. 61)" in text
    assert "„Reglement 2001“" in text


def test_000_L61_games_or_until_the_pot_is_empty_not_both(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    text = _refused(
        app,
        client,
        rules_preset="hausregeln-2024",
        pot_start="50",
        round_games="20",
        until_pot_empty="y",
    )
    assert "bis der Punktetopf leer ist (000 Z. 61), nicht beides" in text


def test_games_beyond_the_engines_limit_are_refused_next_to_the_field(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    text = _refused(app, client, rules_preset="ravensburger-2015", round_games="50")
    assert "„Spiele je Runde“: eine ganze Zahl von 1 bis 48" in text


def test_the_settings_are_fixed_after_the_first_game(app: Flask, client: FlaskClient) -> None:
    tid = _running(app, client, 8, rules_preset="schweinchen", time_limit="90")
    path = f"/turniere/{tid}/bearbeiten"
    open_page = _text(client.get(path))
    assert "Zeitlimit (Minuten)" in open_page  # still editable: no game yet
    info = table_info(app, tid, 4)
    enter_game(client, info, normal_game(info))
    assert len(entries(app, info["number"])) == 1
    page = client.get(path).get_data(as_text=True)
    assert 'name="time_limit"' not in page
    assert "Zeitlimit 90 Minuten" in _text(client.get(path))
    version = re.search(r'name="version"[^>]*value="(\d+)"', page)
    assert version
    forged = client.post(
        path,
        data={
            "csrf_token": csrf_token(client, path),
            "version": version.group(1),
            "name": "Regelabend",
            "date": "2026-11-21",
            "rounds_planned": "3",
            "round_games": "12",
            "time_limit": "",
        },
    )
    assert forged.status_code == 200
    assert "stehen fest: es ist schon ein Spiel eingetragen" in _text(forged)
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        assert (tournament.round_games, tournament.time_limit) == (None, 90)


# ------------------------------------------------------------------ the draw


def test_002_a_draw_of_13_players_is_refused_in_german_before_drawing(
    app: Flask, client: FlaskClient
) -> None:
    tid = _players(app, client, 13, rules_preset="schweinchen")
    text = _text(draw_round(client, tid, seed=5))
    assert (
        "Unter „Hausregeln mit Schweinchen“ spielen nur Vierertische (002 (ein Spiel zu viert)): "
        "13 Spieler lassen sich nicht an Vierertische setzen." in text
    )
    assert "Bitte 3 Spieler nachmelden oder 1 Spielerin oder Spieler" in text
    assert "Nichts wurde ausgelost." in text
    page = _text(client.get(f"/turniere/{tid}"))  # said before drawing, too
    assert "13 Spieler lassen sich nicht an Vierertische setzen" in page
    with app.app_context():
        assert db.session.execute(select(func.count(Round.id))).scalar_one() == 0


def test_000_L7_twelve_players_sit_at_three_tables_of_four(app: Flask, client: FlaskClient) -> None:
    tid = _running(app, client, 12, rules_preset="hausregeln-2024", pot_start="60")
    with app.app_context():
        assert [table.size for table in _tables(app, tid)] == [4, 4, 4]


def test_004_L93_a_draw_of_9_players_makes_a_four_and_a_five(
    app: Flask, client: FlaskClient
) -> None:
    tid = _running(app, client, 9, rules_preset="ravensburger-2015")
    with app.app_context():
        tables = _tables(app, tid)
        assert sorted(table.size for table in tables) == [4, 5]
        five = next(table for table in tables if table.size == 5)
        report = list_store.check(five)
        # the dealer sits out at five (004 L93), as the engine deals
        assert report["sits_out"] == str(five.seats[0].registration.start_number)
        assert report["games_left"] == 30


# ------------------------------------------------------------------ the list's header


def test_000_L61_a_round_until_the_punktetopf_is_empty_ends_when_it_is_empty(
    app: Flask, client: FlaskClient
) -> None:
    """A pot of 7: a Pflichtsolo, then a game that empties it; the others' Pflichtsoli follow
    vorgeführt; then the list is complete and the round closes."""
    tid = _running(
        app, client, 4, rules_preset="hausregeln-2024", until_pot_empty="y", pot_start="7"
    )
    info = table_info(app, tid, 4)
    header = _text(client.get(info["url"]))
    assert "Topf: 7 Punkte (000 Z. 61); die Runde endet, wenn er leer ist" in header
    cards = _text(client.get(f"/turniere/{tid}/runden/1/tischkarten"))
    assert (
        "bis der Punktetopf leer ist · Punktetopf am Start: 7 Punkte · ohne Zeitlimit · ein "
        "Pflichtsolo für jeden im Lauf des Abends (000 Z. 61)" in cards
    )
    assert "Pflichtsolo des Abends offen (000 Z. 61): alle" in header
    assert "Spiel 1 von" not in header
    overview = _text(client.get(f"/turniere/{tid}/runden/1/uebersicht"))
    assert "Tisch 1: der Topf ist noch nicht leer" in overview
    a, b, c, d = info["keys"]
    first = [
        _solo(a, b, True),  # b's Pflichtsolo; the dealer stays (000 L37)
        _game(a, [c, d], calls={"re": "re"}),  # 2 + 2 from the pot: 0 left
    ]
    rest = [_solo(b, c, "vorgefuehrt"), _solo(b, d, "vorgefuehrt"), _solo(b, a, "vorgefuehrt")]
    with app.app_context():
        table = _tables(app, tid)[0]
        assert check_list(list_store.list_record(table) | {"entries": first})["valid"]
        score_lists.replace_entries(table, first, None)
        db.session.commit()
    header = _text(client.get(info["url"]))
    assert "Topf: 0 Punkte" in header
    names = dict(zip(info["keys"], info["names"], strict=True))
    assert f"Vorführung: {names[c]} muss jetzt das Pflichtsolo vorgeführt spielen (000 Z. 61)" in (
        header
    )
    assert "TSR 4.2.3" not in header
    with app.app_context():
        table = _tables(app, tid)[0]
        score_lists.replace_entries(table, first + rest, None)
        db.session.commit()
    assert "Liste vollständig und geprüft: 5 Spiele" in _text(client.get(info["url"]))
    round_action(client, tid, 1, "abschliessen")
    with app.app_context():
        assert _tables(app, tid)[0].round.status.value == "finished"


def test_004_L83_the_kasse_and_the_hammelrennen_due_in_the_header(
    app: Flask, client: FlaskClient
) -> None:
    """A Kasse that one game brings down to twice the Grundbetrag (10 Pfennig): the
    Hammelrennen is due, as a banner with its line; the Zwangssolo with its Frist."""
    names4 = ["1", "2", "3", "4"]
    probe = check_list(
        {
            "id": "probe",
            "rules": "ravensburger-2015",
            "players": names4,
            "pot": 1000,
            "entries": [_game("1", ["2", "4"])],
        }
    )
    paid = 1000 - probe["pot"]["balance"]
    tid = _running(
        app,
        client,
        4,
        rules_preset="ravensburger-2015",
        pot_start=str(paid + 10),
        zwangssolo_frist="12",
    )
    info = table_info(app, tid, 4)
    header = _text(client.get(info["url"]))
    assert f"Kasse: {paid + 10} Pfennig (004 Z. 63)" in header
    assert "Spiel 1 von 12 · noch 12" in header
    assert "Zwangssolo offen, Frist 12 Spiele (004 Z. 61): alle" in header
    assert "Hammelrennen" not in header
    a, b, _, d = info["keys"]
    with app.app_context():
        score_lists.replace_entries(_tables(app, tid)[0], [_game(a, [b, d])], None)
        db.session.commit()
    header = _text(client.get(info["url"]))
    assert "Kasse: 10 Pfennig" in header
    assert (
        "Hammelrennen: Die Kasse hält nur noch 10 Pfennig: als Nächstes wird das Hammelrennen "
        "gespielt (004 Z. 83)." in header
    )
    overview = _text(client.get(f"/turniere/{tid}/runden/1/uebersicht"))
    assert "Hammelrennen:" in overview


def test_001_and_002_owe_no_solo_and_the_header_shows_none(app: Flask, client: FlaskClient) -> None:
    tid = _running(app, client, 4, rules_preset="reglement-2001", round_games="16")
    info = table_info(app, tid, 4)
    header = _header(client.get(info["url"]))
    assert "Spiel 1 von 16 · noch 16" in header
    assert "Pflichtsolo" not in header and "Zwangssolo" not in header


def test_a_list_without_a_time_limit_never_turns_red_for_time(
    app: Flask, client: FlaskClient
) -> None:
    """Ten hours after the start: under a set without a time limit the list stays yellow and
    its clock says "ohne Zeitlimit"; with a limit of 90 minutes it is over (red)."""
    for limit, over in (("", False), ("90", True)):
        tid = _running(app, client, 4, rules_preset="schweinchen", time_limit=limit)
        with app.app_context():
            round_ = _tables(app, tid)[0].round
            round_.started_at = utcnow() - dt.timedelta(hours=10)
            db.session.commit()
        info = table_info(app, tid, 4)
        page = client.get(info["url"]).get_data(as_text=True)
        overview = client.get(f"/turniere/{tid}/runden/1/uebersicht").get_data(as_text=True)
        assert ("clock-over" in page) is over
        assert ("clock-over" in overview) is over
        assert ("status-row-red" in overview) is over
        assert ("ohne Zeitlimit" in _text(client.get(info["url"]))) is not over
        assert "Zeit abgelaufen erklären" not in overview


def test_time_up_tsr_8_5_3_is_refused_under_a_set(app: Flask, client: FlaskClient) -> None:
    """The button is not offered; a forged request is refused in German, nothing changed."""
    tid = _running(app, client, 4, rules_preset="schweinchen", time_limit="90")
    overview = f"/turniere/{tid}/runden/1/uebersicht"
    response = client.post(
        f"/turniere/{tid}/runden/1/zeit-abgelaufen",
        data={"csrf_token": csrf_token(client, overview), "version": tournament_version(app, tid)},
        follow_redirects=True,
    )
    assert any(
        "kein Erklären der abgelaufenen Zeit (TSR 8.5.3 gilt nur unter den DDV" in text
        for text in flashes(response.get_data(as_text=True))
    )
    with app.app_context():
        assert _tables(app, tid)[0].round.time_up_at is None


def test_a_round_drawn_with_a_five_does_not_start_under_a_set_of_fours(
    app: Flask, client: FlaskClient
) -> None:
    """Nine players drawn under the DDV rules (4+5), then Reglement 2001 chosen: the start is
    refused in German until the round is drawn again (which the set then refuses for 9)."""
    tid = _players(app, client, 9)
    draw_round(client, tid, seed=5)
    path = f"/turniere/{tid}/bearbeiten"
    page = client.get(path).get_data(as_text=True)
    version = re.search(r'name="version"[^>]*value="(\d+)"', page)
    assert version
    changed = client.post(
        path,
        data={
            "csrf_token": csrf_token(client, path),
            "version": version.group(1),
            "name": "Regelabend",
            "date": "2026-11-21",
            "rounds_planned": "3",
            "rules_preset": "reglement-2001",
            "round_games": "",
        },
    )
    assert changed.status_code == 302
    text = _text(round_action(client, tid, 1, "starten"))
    assert "Runde 1 kann nicht starten: Tisch" in text
    assert "hat 5 Spieler, unter „Reglement 2001“ spielen nur Vierertische" in text
    with app.app_context():
        assert _tables(app, tid)[0].round.started_at is None


def test_a_list_ended_by_its_empty_pot_counts_as_done_in_the_progress(
    app: Flask, client: FlaskClient
) -> None:
    """000 with 24 games and a pot of 7 that empties at game 2: the list is complete after 5
    games, so the overview and the standings count 5 of 5, not 5 of 24."""
    tid = _running(app, client, 4, rules_preset="hausregeln-2024", pot_start="7")
    info = table_info(app, tid, 4)
    a, b, c, d = info["keys"]
    games = [
        _solo(a, b, True),
        _game(a, [c, d], calls={"re": "re"}),
        _solo(b, c, "vorgefuehrt"),
        _solo(b, d, "vorgefuehrt"),
        _solo(b, a, "vorgefuehrt"),
    ]
    with app.app_context():
        score_lists.replace_entries(_tables(app, tid)[0], games, None)
        db.session.commit()
    assert "Liste vollständig und geprüft: 5 Spiele" in _text(client.get(info["url"]))
    overview = _text(client.get(f"/turniere/{tid}/runden/1/uebersicht"))
    assert "5 / 5 0 offen" in overview
    assert "/ 24" not in overview
    standings = _text(client.get(f"/turniere/{tid}/stand"))
    assert "5 von 5 Spielen eingetragen" in standings
    assert "Tisch 1: 5/5" in standings
