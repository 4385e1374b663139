"""Found trying a Ravensburger afternoon in the browser (issue 33, "tried as a new user
would"): what the projector shows of a game at a table of five under 004, where the dealer
who sits out pays or collects in a solo (004 Z. 93)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.support.scorelists import KEEPER, add_entry, make_round, make_tournament, make_user
from tournament.domain import list_entries as entries
from tournament.domain import list_sheet
from tournament.extensions import db
from tournament.rounds import service as rounds

KEYS = ("1", "2", "3", "4")


def _five_with_a_solo() -> int:
    """Anna deals and sits out; Ben plays a Bubensolo (Grand) and wins with 150 Augen:
    5 Pfennig from each of the four others, Anna too (004 Z. 93): Ben +20, each -5."""
    leitung = make_user()
    names = ("Anna", "Ben", "Cem", "Dora", "Emil")
    tournament, regs = make_tournament([(n, "") for n in names])
    tournament.rules_preset = "ravensburger-2015"
    round_ = make_round(tournament, 1, [regs])
    db.session.commit()
    rounds.start(leitung, round_, tournament.version)
    db.session.commit()
    table = round_.tables[0]
    solo = entries.game(kind="lustsolo", re=["2"], re_eyes=150, solo="buben")
    add_entry(KEEPER, table, table.version, {**solo, "re_tricks": 6, "dealer": "1"})
    db.session.commit()
    return tournament.id


def test_the_projector_shows_the_sitter_who_pays_in_a_solo(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        tid = _five_with_a_solo()
    page = client.get(f"/turniere/{tid}/leinwand").get_data(as_text=True)
    latest = page[page.index("Neueste Ergebnisse") :]
    assert "Ben +0,20 DM" in latest
    assert "Anna −0,05 DM" in latest


def test_a_game_worth_one_point_reads_1_punkt() -> None:
    """002: Re wins with 170 Augen (gewonnen, keine 90), Kontra caught a Fuchs: 1 Punkt."""
    record = entries.game(kind="normal", re=["1", "3"], re_eyes=170)
    record["specials"] = {"kontra": {"fuchs": 1}}
    _, verdict = list_sheet.value_explanation(record, KEYS, '"schweinchen"')
    assert "Spielwert aus Sicht von Re: 1 Punkt" in verdict
    _, verdict = list_sheet.value_explanation(record | {"re_eyes": 200}, KEYS, '"schweinchen"')
    assert "Spielwert aus Sicht von Re: 2 Punkte" in verdict


def test_under_the_kasse_the_value_line_names_the_kasse() -> None:
    """004: Re wins with 140 Augen: 5 Pfennig to each Re player, 10 from the Kasse."""
    record = entries.game(kind="normal", re=["1", "3"], re_eyes=140)
    _, verdict = list_sheet.value_explanation(record, KEYS, '"ravensburger-2015"')
    assert "Aus der Kasse: 10 Pfennig" in verdict


def test_a_tournament_of_one_round_reads_1_runde(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        make_user()
        tournament, _ = make_tournament([(n, "") for n in ("Anna", "Ben", "Cem", "Dora")])
        tournament.rounds_planned = 1
        db.session.commit()
        tid = tournament.id
    page = client.get(f"/turniere/{tid}").get_data(as_text=True)
    assert " · 1 Runde · " in page
    assert "1 Runden" not in page
