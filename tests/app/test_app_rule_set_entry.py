"""The entry at the table under a tournament's rule set (issue 33, item 3): the form offers
exactly the set's game kinds, solos, calls and Sonderpunkte; the records it stores are those
of ``docs/contracts/game-records.md`` for the set, and the points stored are the engine's
score of the same record; what the set lacks is not offered, and a forged post is refused in
German naming the rule text's line, with nothing stored.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from rules_engine import score_record
from rules_engine.rulesets import Settlement
from tests.support.apps import CopiedDay
from tests.support.scorelist_pages import entries, post_form, table_info
from tests.support.webapp import (
    csrf_token,
    draw_round,
    form_on,
    paste_players,
    player_names,
    round_action,
    sign_in,
    snapshot,
)
from tournament.domain import list_store
from tournament.extensions import db
from tournament.models import Tournament
from tournament.scorelists.forms import pot_row
from tournament.scorelists.quick import derive

Values = dict[str, Any]


def _running(copied_day: CopiedDay, preset: str, *variants: str, **day: str) -> int:
    """Eight players (two tables of four), round 1 started, under ``preset`` (``day``: the
    fields of the day under the set, e.g. ``pot_start``); built once per database and worker
    for each set, variants and fields, then copied (``tests/support/apps.py``)."""
    app, client = copied_day.app, copied_day.client

    def build() -> int:
        sign_in(app, client)
        data: Values = {
            "csrf_token": csrf_token(client, "/turniere/neu"),
            "name": "Regelabend",
            "date": "2026-11-21",
            "rounds_planned": "2",
            "rules_preset": preset,
            "rules_variants": [f"{preset}/{v}" for v in variants],
            **day,
        }
        response = client.post("/turniere/neu", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        found = re.search(r"/turniere/(\d+)/", response.headers["Location"])
        assert found
        tid = int(found.group(1))
        paste_players(client, tid, "\n".join(player_names(8)))
        draw_round(client, tid, seed=5)
        round_action(client, tid, 1, "starten")
        return tid

    return copied_day((__name__, preset, variants, tuple(sorted(day.items()))), build)


def _text(response: Any) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def _offered(client: FlaskClient, info: Values) -> dict[str, list[str]]:
    page = client.get(info["url"]).get_data(as_text=True)
    form = form_on(page, info["url"] + "spiel", info["url"])
    return {**form.choices, "fields": list(form.fields)}


def _save(client: FlaskClient, info: Values, data: Values) -> Any:
    """Send the game form as the page holds it with ``data``, pressing "Speichern"."""
    return post_form(client, info["url"], info["url"] + "spiel", {**data, "confirmed": "1"})


def _engine_points(app: Flask, tid: int, info: Values, record: Values) -> dict[str, int]:
    """The engine's own score of ``record`` (its public ``score`` with the ``rules`` field)."""
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        rules = tournament.engine_rules
    game = {k: v for k, v in record.items() if k not in ("kind", "dealer", "player")}
    result = score_record({**game, "players": info["keys"], "rules": rules})
    assert "error" not in result, result
    return {k: int(v) for k, v in result["scores"].items()}


def _stored_points(app: Flask, tid: int) -> list[dict[str, int]]:
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        table = next(t for t in tournament.rounds[0].tables if t.number == 1)
        report = list_store.check(table)
        assert report["valid"], report["findings"]
        return [dict(row["points"]) for row in report["rows"]]


def _check_games(
    app: Flask, client: FlaskClient, tid: int, games: list[tuple[Values, Values]]
) -> None:
    """Enter each game; its stored record is the expected one, its points the engine's."""
    info = table_info(app, tid, 4)
    assert info["number"] == 1
    for number, (data, expected) in enumerate(games, start=1):
        response = _save(client, info, data)
        assert response.status_code == 302, _text(response)
        stored = json.loads(entries(app, info["number"])[-1])
        assert len(entries(app, info["number"])) == number
        assert {k: v for k, v in stored.items() if k != "dealer"} == expected(info)
        points = _stored_points(app, tid)[-1]
        assert points == _engine_points(app, tid, info, stored), stored


def _specials(keys: tuple[str, ...], **counts: tuple[int, int]) -> Values:
    return {
        party: {key: counts.get(key, (0, 0))[i] for key in keys}
        for i, party in enumerate(("re", "kontra"))
    }


# ------------------------------------------------------------------ what each set offers

OFFERED_KINDS = {
    "hausregeln-2024": [
        "normal",
        "hochzeit",
        "stille_hochzeit",
        "armut",
        "pflichtsolo",
        "vorfuehrung",
        "lustsolo",
        "schwarze_sau",
        "hammelrennen",
    ],
    "reglement-2001": ["normal", "hochzeit", "stille_hochzeit", "armut", "solo", "schwarz_spiel"],
    "schweinchen": ["normal", "hochzeit", "stille_hochzeit", "armut", "solo"],
    # The Hammelrennen once the Kasse calls for it (004 L83).
    "ravensburger-2015": ["normal", "hochzeit", "stille_hochzeit", "solo", "vorfuehrung"],
}
OFFERED_SOLOS = {
    "hausregeln-2024": ["kreuz", "pik", "herz", "karo", "damen", "buben", "damen_buben"],
    "reglement-2001": ["kreuz", "pik", "herz", "karo", "damen", "buben", "fleischlos"],
    "schweinchen": ["karo", "damen", "buben"],
    "ravensburger-2015": ["kreuz", "pik", "herz", "karo", "buben", "fleischlos"],
}
OFFERED_SPECIALS = {
    "hausregeln-2024": [
        "doppelkopf",
        "herzstich",
        "fuchs",
        "karlchen",
        "karlchen_gefangen",
        "fuchs_letzter_stich",
    ],
    "reglement-2001": ["fuchs", "karlchen"],
    "schweinchen": ["doppelkopf", "fuchs", "karlchen", "karlchen_gefangen"],
    "ravensburger-2015": [],
}


#: A list under the Punktetopf of 000 needs its pot's start (a field of the day): most tests
#: play 000 with its plus-minus variant (D2), which changes nothing the form offers; the
#: Punktetopf has its own test.
VARIANTS = {"hausregeln-2024": ("plus_minus",)}


@pytest.mark.parametrize("preset", list(OFFERED_KINDS))
def test_the_form_offers_exactly_the_sets_kinds_solos_calls_and_sonderpunkte(
    app: Flask, client: FlaskClient, copied_day: CopiedDay, preset: str
) -> None:
    tid = _running(copied_day, preset, *VARIANTS.get(preset, ()))
    info = table_info(app, tid, 4)
    offered = _offered(client, info)
    assert offered["kind"] == OFFERED_KINDS[preset]
    assert offered["solo"] == ["", *OFFERED_SOLOS[preset]]
    specials = [
        name.removeprefix("re_")
        for name in offered["fields"]
        if name.startswith("re_") and name not in ("re_call",)
    ]
    assert specials == OFFERED_SPECIALS[preset]
    assert ("schweinchen" in offered) == (preset == "schweinchen")
    if preset == "ravensburger-2015":
        assert offered["re_call"] == ["", "re"]
        assert offered["kontra_call"] == ["", "kontra"]
    else:
        assert offered["re_call"] == ["", "re", "keine90", "keine60", "keine30", "schwarz"]
    page = client.get(info["url"]).get_data(as_text=True)
    if preset == "hausregeln-2024":
        assert "gemischtes Damen/Buben-Solo" in page
        assert "Karlchen gef." in page and "Herzstich" in page
    if preset == "ravensburger-2015":
        assert "Grand (Bubensolo)" in page and "Ohnetrumpf (Fleischloser)" in page
    if preset == "schweinchen":
        assert "Vorführung" not in page and "Lustsolo" not in page
        assert "Trumpfabgabe" in page
    if preset == "reglement-2001":
        assert "Schieben" in page and "Schwarz-Spiel" in page


# ------------------------------------------------------------------ games entered and scored


def test_hausregeln_2024_every_kind_stored_as_the_contract_says_and_scored_by_the_engine(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    """000 with its plus-minus variant (D2); the Punktetopf has its own test below."""
    tid = _running(copied_day, "hausregeln-2024", "plus_minus")
    keys = tuple(OFFERED_SPECIALS["hausregeln-2024"])
    k = lambda info, i: info["keys"][i]  # noqa: E731
    games: list[tuple[Values, Any]] = [
        (
            {
                "kind": "normal",
                "re": ["1", "2"],
                "eyes": "150",
                "re_call": "re",
                "re_herzstich": "1",
                "re_karlchen_gefangen": "1",
                "kontra_doppelkopf": "1",
            },
            lambda info: {
                "kind": "game",
                "type": "normal",
                "re": ["1", "2"],
                "re_eyes": 150,
                "re_tricks": 7,
                "calls": {"re": "re", "kontra": None},
                "specials": _specials(
                    keys, herzstich=(1, 0), karlchen_gefangen=(1, 0), doppelkopf=(0, 1)
                ),
            },
        ),
        (
            {"kind": "armut", "re": ["3", "4"], "eyes": "130", "re_fuchs_letzter_stich": "1"},
            lambda info: {
                "kind": "game",
                "type": "armut",
                "re": ["3", "4"],
                "re_eyes": 130,
                "re_tricks": 6,
                "calls": {"re": None, "kontra": None},
                "specials": _specials(keys, fuchs_letzter_stich=(1, 0)),
            },
        ),
        (
            {"kind": "lustsolo", "solo": "damen_buben", "player": "1", "eyes": "100"},
            lambda info: {
                "kind": "game",
                "type": "solo",
                "solo": "damen_buben",
                "pflicht": False,
                "re": ["1"],
                "re_eyes": 100,
                "re_tricks": 5,
                "calls": {"re": None, "kontra": None},
                "specials": _specials(keys),
                "player": "1",
            },
        ),
        (
            {"kind": "schwarze_sau", "player": "2", "eyes": "90"},
            lambda info: {
                "kind": "game",
                "type": "schwarze_sau",
                "re": ["2"],
                "re_eyes": 90,
                "re_tricks": 4,
                "player": "2",
            },
        ),
        (
            {
                "kind": "hammelrennen",
                "augen_0": "130",
                "augen_1": "50",
                "augen_2": "40",
                "augen_3": "20",
            },
            lambda info: {
                "kind": "game",
                "type": "hammelrennen",
                "eyes": dict(zip(info["keys"], (130, 50, 40, 20), strict=True)),
            },
        ),
        (
            {"kind": "stille_hochzeit", "player": "3", "eyes": "125", "kontra_call": "kontra"},
            lambda info: {
                "kind": "game",
                "type": "stille_hochzeit",
                "re": ["3"],
                "re_eyes": 125,
                "re_tricks": 6,
                "calls": {"re": None, "kontra": "kontra"},
                "specials": _specials(keys),
                "player": "3",
            },
        ),
        (
            {"kind": "pflichtsolo", "solo": "kreuz", "player": "4", "eyes": "180"},
            lambda info: {
                "kind": "game",
                "type": "solo",
                "solo": "kreuz",
                "pflicht": True,
                "re": ["4"],
                "re_eyes": 180,
                "re_tricks": 8,
                "calls": {"re": None, "kontra": None},
                "specials": _specials(keys),
                "player": "4",
            },
        ),
    ]
    del k
    _check_games(app, client, tid, _on_table(app, tid, games))


def _on_table(app: Flask, tid: int, games: list[tuple[Values, Any]]) -> list[tuple[Values, Any]]:
    """The games with "1" to "4" in their taps and records read as the table's seats."""
    info = table_info(app, tid, 4)
    seat = {str(i + 1): key for i, key in enumerate(info["keys"])}

    def taps(data: Values) -> Values:
        out: Values = {}
        for name, value in data.items():
            if name == "re":
                out[name] = [seat[v] for v in value]
            elif name == "player":
                out[name] = seat[value]
            else:
                out[name] = value
        return out

    def record(make: Any) -> Any:
        def made(info: Values) -> Values:
            value = make(info)
            for name in ("re",):
                if name in value:
                    value[name] = [seat.get(v, v) for v in value[name]]
            for name in ("player", "culprit", "first_to_60"):
                if name in value:
                    value[name] = seat.get(value[name], value[name])
            return value

        return made

    return [(taps(data), record(make)) for data, make in games]


def test_reglement_2001_every_kind_stored_as_the_contract_says_and_scored_by_the_engine(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    tid = _running(copied_day, "reglement-2001")
    keys = ("fuchs", "karlchen")
    games: list[tuple[Values, Any]] = [
        (
            {
                "kind": "normal",
                "re": ["1", "3"],
                "eyes": "100",
                "kontra_call": "kontra",
                "kontra_fuchs": "1",
            },
            lambda info: {
                "kind": "game",
                "type": "normal",
                "re": ["1", "3"],
                "re_eyes": 100,
                "re_tricks": 5,
                "calls": {"re": None, "kontra": "kontra"},
                "specials": _specials(keys, fuchs=(0, 1)),
            },
        ),
        (
            {"kind": "armut", "re": ["2", "4"], "eyes": "140", "re_karlchen": "1"},
            lambda info: {
                "kind": "game",
                "type": "armut",
                "re": ["2", "4"],
                "re_eyes": 140,
                "re_tricks": 7,
                "calls": {"re": None, "kontra": None},
                "specials": _specials(keys, karlchen=(1, 0)),
            },
        ),
        (
            {
                "kind": "solo",
                "solo": "fleischlos",
                "player": "2",
                "eyes": "130",
                "re_call": "keine90",
            },
            lambda info: {
                "kind": "game",
                "type": "solo",
                "solo": "fleischlos",
                "re": ["2"],
                "re_eyes": 130,
                "re_tricks": 6,
                "calls": {"re": "keine90", "kontra": None},
                "specials": _specials(keys),
                "player": "2",
            },
        ),
        (
            {"kind": "hochzeit", "player": "1", "re": ["1", "4"], "eyes": "121"},
            lambda info: {
                "kind": "game",
                "type": "hochzeit",
                "re": ["1", "4"],
                "re_eyes": 121,
                "re_tricks": 6,
                "calls": {"re": None, "kontra": None},
                "specials": _specials(keys),
                "player": "1",
            },
        ),
        (
            {"kind": "schwarz_spiel", "player": "3"},
            lambda info: {"kind": "game", "type": "schwarz_spiel", "culprit": "3"},
        ),
    ]
    _check_games(app, client, tid, _on_table(app, tid, games))


def test_schweinchen_every_kind_stored_as_the_contract_says_and_scored_by_the_engine(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    tid = _running(copied_day, "schweinchen")
    keys = tuple(OFFERED_SPECIALS["schweinchen"])
    games: list[tuple[Values, Any]] = [
        (
            {
                "kind": "normal",
                "re": ["1", "2"],
                "eyes": "130",
                "re_call": "re",
                "schweinchen": "y",
                "re_fuchs": "1",
                "kontra_karlchen_gefangen": "1",
            },
            lambda info: {
                "kind": "game",
                "type": "normal",
                "re": ["1", "2"],
                "re_eyes": 130,
                "re_tricks": 6,
                "calls": {"re": "re", "kontra": None},
                "specials": _specials(keys, fuchs=(1, 0), karlchen_gefangen=(0, 1)),
                "schweinchen": True,
            },
        ),
        (
            {
                "kind": "solo",
                "solo": "karo",
                "player": "3",
                "eyes": "150",
                "re_call": "re",
                "re_doppelkopf": "1",
            },
            lambda info: {
                "kind": "game",
                "type": "solo",
                "solo": "karo",
                "re": ["3"],
                "re_eyes": 150,
                "re_tricks": 7,
                "calls": {"re": "re", "kontra": None},
                "specials": _specials(keys, doppelkopf=(1, 0)),
                "player": "3",
            },
        ),
        (
            {"kind": "armut", "re": ["1", "4"], "eyes": "110"},
            lambda info: {
                "kind": "game",
                "type": "armut",
                "re": ["1", "4"],
                "re_eyes": 110,
                "re_tricks": 5,
                "calls": {"re": None, "kontra": None},
                "specials": _specials(keys),
            },
        ),
        (
            {"kind": "stille_hochzeit", "player": "2", "eyes": "200"},
            lambda info: {
                "kind": "game",
                "type": "stille_hochzeit",
                "re": ["2"],
                "re_eyes": 200,
                "re_tricks": 9,
                "calls": {"re": None, "kontra": None},
                "specials": _specials(keys),
                "player": "2",
            },
        ),
    ]
    _check_games(app, client, tid, _on_table(app, tid, games))


def test_ravensburger_2015_every_kind_stored_as_the_contract_says_and_scored_by_the_engine(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    tid = _running(copied_day, "ravensburger-2015")
    games: list[tuple[Values, Any]] = [
        (
            {
                "kind": "normal",
                "re": ["1", "2"],
                "eyes": "130",
                "kontra_call": "kontra",
                "re_call": "re",
            },
            lambda info: {
                "kind": "game",
                "type": "normal",
                "re": ["1", "2"],
                "re_eyes": 130,
                "re_tricks": 6,
                "calls": {"re": "re", "kontra": "kontra"},
            },
        ),
        (
            {"kind": "solo", "solo": "buben", "player": "4", "eyes": "70"},
            lambda info: {
                "kind": "game",
                "type": "solo",
                "solo": "buben",
                "re": ["4"],
                "re_eyes": 70,
                "re_tricks": 3,
                "calls": {"re": None, "kontra": None},
                "player": "4",
            },
        ),
        (
            {"kind": "hochzeit", "player": "3", "re": ["3", "1"], "eyes": "160"},
            lambda info: {
                "kind": "game",
                "type": "hochzeit",
                "re": ["3", "1"],
                "re_eyes": 160,
                "re_tricks": 8,
                "calls": {"re": None, "kontra": None},
                "player": "3",
            },
        ),
        (
            {"kind": "stille_hochzeit", "player": "1", "eyes": "121"},
            lambda info: {
                "kind": "game",
                "type": "stille_hochzeit",
                "re": ["1"],
                "re_eyes": 121,
                "re_tricks": 6,
                "calls": {"re": None, "kontra": None},
                "player": "1",
            },
        ),
    ]
    _check_games(app, client, tid, _on_table(app, tid, games))


def test_ravensburger_2015_the_hammelrennen_is_written_with_who_had_60_first(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    """004 L83: the Hammelrennen is played when the Kasse is nearly empty; before that the list
    refuses it, naming the line, and nothing is stored."""
    tid = _running(copied_day, "ravensburger-2015")
    info = table_info(app, tid, 4)
    before = snapshot(app)
    response = _save(client, info, {"kind": "hammelrennen", "player": info["keys"][2]})
    assert response.status_code == 422
    text = _text(response)
    assert "004 Z. 83" in text, text
    assert "(TSR" not in text, text
    assert snapshot(app) == before


# ------------------------------------------------------------------ what the set lacks

FORGED = [
    (
        "schweinchen",
        {"kind": "pflichtsolo", "solo": "karo", "player": "1", "eyes": "130"},
        "Die Spielart „Pflichtsolo“ gibt es unter „Hausregeln mit Schweinchen“ nicht "
        "(002 Z. 74 „kein Pflichtsolo“)",
    ),
    (
        "schweinchen",
        {"kind": "solo", "solo": "kreuz", "player": "1", "eyes": "130"},
        "Das Solo „Kreuz-Solo“ gibt es unter „Hausregeln mit Schweinchen“ nicht "
        "(002 Z. 24, 33, 74)",
    ),
    (
        "schweinchen",
        {"kind": "normal", "re": ["1", "2"], "eyes": "130", "re_herzstich": "1"},
        "Den Sonderpunkt „Herzstich“ gibt es unter „Hausregeln mit Schweinchen“ nicht "
        "(002 Z. 22-26, 70; Vorgabe D23",
    ),
    (
        "schweinchen",
        {"kind": "solo", "solo": "damen", "player": "1", "eyes": "130", "re_call": "keine90"},
        "Im Solo gibt es unter „Hausregeln mit Schweinchen“ nur Re und Kontra, keine Absage "
        "(002 Z. 40-46, 58, 74",
    ),
    (
        "schweinchen",
        {"kind": "schwarze_sau", "player": "1", "eyes": "130"},
        "Die Spielart „Schwarze Sau“ gibt es unter „Hausregeln mit Schweinchen“ nicht "
        "(kommt im Regeltext 002 nicht vor)",
    ),
    (
        "ravensburger-2015",
        {"kind": "normal", "re": ["1", "2"], "eyes": "130", "kontra_call": "keine90"},
        "Die Ansage „keine 90“ (Kontra) gibt es unter „Ravensburger 2015 (Kasse)“ nicht "
        "(004 Z. 23, 49, 67",
    ),
    (
        "ravensburger-2015",
        {"kind": "normal", "re": ["1", "2"], "eyes": "130", "re_call": "re"},
        "Re gibt es unter „Ravensburger 2015 (Kasse)“ nur als Antwort auf ein Kontra "
        "(004 Z. 23, 49, 67",
    ),
    (
        "ravensburger-2015",
        {"kind": "armut", "re": ["1", "2"], "eyes": "130"},
        "Die Spielart „Armut“ gibt es unter „Ravensburger 2015 (Kasse)“ nicht "
        "(004 Z. 87 (nur als Variante))",
    ),
    (
        "ravensburger-2015",
        {"kind": "normal", "re": ["1", "2"], "eyes": "130", "kontra_fuchs": "1"},
        "Den Sonderpunkt „Fuchs gefangen“ gibt es unter „Ravensburger 2015 (Kasse)“ nicht "
        "(004: keine in den Grundregeln (Varianten Z. 75-81))",
    ),
    (
        "reglement-2001",
        {"kind": "hammelrennen", "player": "1"},
        "Die Spielart „Hammelrennen“ gibt es unter „Reglement 2001“ nicht (001 Z. 145-149)",
    ),
    (
        "reglement-2001",
        {"kind": "normal", "re": ["1", "2"], "eyes": "130", "schweinchen": "y"},
        "Das Schweinchen gibt es unter „Reglement 2001“ nicht (kommt im Regeltext 001 nicht vor)",
    ),
    (
        "hausregeln-2024",
        {"kind": "lustsolo", "solo": "fleischlos", "player": "1", "eyes": "130"},
        "Das Solo „Fleischloser“ gibt es unter „Hausregeln 2024 (40 Karten, Punktetopf), "
        "Plus-Minus statt Punktetopf“ nicht (000 Z. 28-33)",
    ),
    (
        "hausregeln-2024",
        {"kind": "schwarz_spiel", "player": "1"},
        "Die Spielart „Schwarz-Spiel“ gibt es unter „Hausregeln 2024 (40 Karten, Punktetopf), "
        "Plus-Minus statt Punktetopf“ nicht (000 Z. 79, 81",
    ),
]


@pytest.mark.parametrize(("preset", "data", "message"), FORGED)
def test_a_forged_post_of_what_the_set_lacks_is_refused_naming_the_rule_and_nothing_is_stored(
    app: Flask, client: FlaskClient, copied_day: CopiedDay, preset: str, data: Values, message: str
) -> None:
    tid = _running(copied_day, preset, *VARIANTS.get(preset, ()))
    ((posted, _),) = _on_table(app, tid, [(data, lambda info: {})])
    info = table_info(app, tid, 4)
    before = snapshot(app)
    for confirmed in ("", "1"):
        response = post_form(
            client, info["url"], info["url"] + "spiel", {**posted, "confirmed": confirmed}
        )
        assert response.status_code == 422
        text = _text(response).replace("&#34;", '"')
        assert message in text, text
        assert "(TSR" not in text
    # The live value (htmx) says it too, and nothing is stored.
    page = client.get(info["url"]).get_data(as_text=True)
    fields = dict(form_on(page, info["url"] + "spiel", info["url"]).fields)
    preview = client.post(info["url"] + "vorschau", data={**fields, **posted})
    assert message in _text(preview).replace("&#34;", '"'), _text(preview)
    assert snapshot(app) == before
    assert entries(app, info["number"]) == []


# ------------------------------------------------------------------ the value shown

PREVIEWED = [
    (
        "schweinchen",
        {"kind": "normal", "re": ["1", "2"], "eyes": "130", "re_call": "re", "re_fuchs": "1"},
    ),
    ("hausregeln-2024", {"kind": "lustsolo", "solo": "damen_buben", "player": "1", "eyes": "70"}),
    (
        "hausregeln-2024",
        {
            "kind": "hammelrennen",
            "augen_0": "20",
            "augen_1": "70",
            "augen_2": "90",
            "augen_3": "60",
        },
    ),
    ("reglement-2001", {"kind": "schwarz_spiel", "player": "2"}),
    (
        "ravensburger-2015",
        {"kind": "normal", "re": ["1", "3"], "eyes": "100", "kontra_call": "kontra"},
    ),
]


@pytest.mark.parametrize(("preset", "data"), PREVIEWED)
def test_pruefen_and_the_live_value_show_the_engines_items_and_points_under_the_set(
    app: Flask, client: FlaskClient, copied_day: CopiedDay, preset: str, data: Values
) -> None:
    tid = _running(copied_day, preset, *VARIANTS.get(preset, ()))
    ((posted, _),) = _on_table(app, tid, [(data, lambda info: {})])
    info = table_info(app, tid, 4)
    checked = _text(post_form(client, info["url"], info["url"] + "spiel", posted))
    page = client.get(info["url"]).get_data(as_text=True)
    fields = dict(form_on(page, info["url"] + "spiel", info["url"]).fields)
    live = _text(client.post(info["url"] + "vorschau", data={**fields, **posted}))
    assert _save(client, info, posted).status_code == 302
    stored = json.loads(entries(app, info["number"])[-1])
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        rules = tournament.engine_rules
    game = {k: v for k, v in stored.items() if k not in ("kind", "dealer", "player")}
    result = score_record({**game, "players": info["keys"], "rules": rules})
    names = dict(zip(info["keys"], info["names"], strict=True))
    assert result["items"], result
    for shown in (checked, live):
        for label, party, amount in result["items"]:
            if party in ("re", "kontra"):
                line = f"{'+' if party == 're' else '-'}{amount} {label} ({party.capitalize()})"
            else:
                line = f"{amount:+d} {label} ({names[party]})"
            assert line in shown, (line, shown)
        for label, factor in result["factors"]:
            assert f"x{factor} {label}" in shown
        unit = (
            "Punkt" if result["unit"] == "Punkte" and abs(result["value"]) == 1 else result["unit"]
        )
        assert f"{result['value']} {unit}" in shown
        for key, points in result["scores"].items():
            assert f"{names[key]} {points:+d}" in shown


# ------------------------------------------------------------------ quick entry ("Nur Punkte")


def _quick(client: FlaskClient, info: Values, data: Values) -> Any:
    url = info["url"]
    page = client.get(url + "?schnell=1").get_data(as_text=True)
    form = form_on(page, url + "schnell", url)
    return client.post(url + "schnell", data={**dict(form.fields), **data})


def test_quick_entry_under_plus_minus_sums_to_zero_and_offers_the_sets_kinds(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    tid = _running(copied_day, "schweinchen")
    info = table_info(app, tid, 4)
    page = client.get(info["url"] + "?schnell=1").get_data(as_text=True)
    choices = form_on(page, info["url"] + "schnell", info["url"]).choices
    assert choices["kind"] == ["normal", "hochzeit", "stille_hochzeit", "armut", "solo"]
    quick_part = _text(client.get(info["url"] + "?schnell=1")).split("Spielliste")[0]
    assert "die Summe 0 ist" in quick_part
    assert "(TSR" not in quick_part.split("Nur Punkte")[1]
    soloist = info["keys"][1]
    response = _quick(client, info, {"kind": "solo", "winners": [soloist], "value": "2"})
    assert response.status_code == 302, _text(response)
    record = json.loads(entries(app, info["number"])[-1])
    assert {k: v for k, v in record.items() if k != "dealer"} == {
        "kind": "game",
        "quick": True,
        "type": "solo",
        "points": {k: 6 if k == soloist else -2 for k in info["keys"]},
        "winners": [soloist],
        "player": soloist,
    }
    response = _quick(client, info, {"kind": "armut", "winners": info["keys"][:2], "value": "3"})
    assert response.status_code == 302, _text(response)
    record = json.loads(entries(app, info["number"])[-1])
    assert record["type"] == "armut" and "pot" not in record
    assert sum(record["points"].values()) == 0
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        report = list_store.check(tournament.rounds[0].tables[0])
        assert report["valid"], report["findings"]


def test_quick_entry_under_the_kasse_pays_the_winners_and_a_solo_from_the_pocket(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    """004 L63-65: a Normalspiel is paid from the Kasse to its winners (the row sums to what
    the Kasse paid, written as its pot), a solo by the other players (0 from the Kasse)."""
    tid = _running(copied_day, "ravensburger-2015")
    info = table_info(app, tid, 4)
    a, b, c, d = info["keys"]
    assert (
        _quick(client, info, {"kind": "normal", "winners": [a, c], "value": "5"}).status_code == 302
    )
    record = json.loads(entries(app, info["number"])[-1])
    assert record["points"] == {a: 5, b: 0, c: 5, d: 0}
    assert record["pot"] == 10
    response = _quick(client, info, {"kind": "solo", "winners": [b], "value": "5"})
    assert response.status_code == 302, _text(response)
    record = json.loads(entries(app, info["number"])[-1])
    assert record["points"] == {a: -5, b: 15, c: -5, d: -5}
    assert record["pot"] == 0 and record["type"] == "solo" and record["player"] == b
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        table = next(t for t in tournament.rounds[0].tables if t.number == info["number"])
        report = list_store.check(table)
        assert report["valid"], report["findings"]
        assert report["pot"]["balance"] == report["pot"]["start"] - 10


def test_quick_rows_under_a_punktetopf_pay_only_the_players_with_plus_points() -> None:
    """000 L61: the pot pays the winners, the others get nothing (a won solo: the soloist
    three times the value)."""
    keys = ["a", "b", "c", "d"]
    pot = Settlement.POT_WINNERS
    assert pot_row(derive("normal", keys, ["a", "c"], 2), pot).points == {
        "a": 2,
        "b": 0,
        "c": 2,
        "d": 0,
    }
    assert pot_row(derive("lustsolo", keys, ["b"], 1), pot).points == {
        "a": 0,
        "b": 3,
        "c": 0,
        "d": 0,
    }
    assert pot_row(derive("lustsolo", keys, ["a", "c", "d"], 1), pot).points == {
        "a": 1,
        "b": 0,
        "c": 1,
        "d": 1,
    }
    plus_minus = pot_row(derive("normal", keys, ["a", "c"], 2), Settlement.PLUS_MINUS)
    assert sum(plus_minus.points.values()) == 0


@pytest.mark.parametrize(
    ("preset", "kind", "message"),
    [
        (
            "schweinchen",
            "schwarze_sau",
            "Die Spielart „Schwarze Sau“ gibt es unter „Hausregeln mit Schweinchen“ nicht "
            "(kommt im Regeltext 002 nicht vor)",
        ),
        ("hausregeln-2024", "hammelrennen", "Ein Hammelrennen bitte im Detail eintragen"),
        ("reglement-2001", "pflichtsolo", "(kommt im Regeltext 001 nicht vor)"),
    ],
)
def test_a_quick_row_of_a_kind_the_set_lacks_is_refused_in_german_and_nothing_stored(
    app: Flask, client: FlaskClient, copied_day: CopiedDay, preset: str, kind: str, message: str
) -> None:
    tid = _running(copied_day, preset, *VARIANTS.get(preset, ()))
    info = table_info(app, tid, 4)
    before = snapshot(app)
    response = _quick(client, info, {"kind": kind, "winners": [info["keys"][0]], "value": "2"})
    assert response.status_code == 422
    assert message in _text(response)
    assert snapshot(app) == before


# ------------------------------------------------------------------ the referee's screens


@pytest.mark.parametrize("preset", list(OFFERED_KINDS))
def test_under_a_set_the_list_has_no_penalty_nachspielzeit_or_time_up(
    app: Flask, client: FlaskClient, copied_day: CopiedDay, preset: str
) -> None:
    """docs/rule-sets.md: penalties, Nachspielzeit and time up are the TSR's, not on a list
    under another set: no links, and each screen refuses in German naming the set."""
    tid = _running(copied_day, preset, *VARIANTS.get(preset, ()))
    info = table_info(app, tid, 4)
    page = client.get(info["url"]).get_data(as_text=True)
    for screen in ("strafe", "nachspielzeit", "zeit-abgelaufen"):
        assert f'href="{info["url"]}{screen}"' not in page
    before = snapshot(app)
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        name = tournament.rules_preset
    seed = {"hausregeln-2024": "000", "reglement-2001": "001", "schweinchen": "002"}.get(
        name, "004"
    )
    for screen, data in (
        ("strafe", {"category": "geringfuegig", "offender": info["keys"][0], "phase": "normal"}),
        ("nachspielzeit", {"minutes": "5", "reason": "Streit"}),
        ("zeit-abgelaufen", {"being_dealt": "nein"}),
    ):
        for response in (
            client.get(info["url"] + screen),
            client.post(
                info["url"] + screen,
                data={"csrf_token": csrf_token(client, info["url"]), "version": "1", **data},
            ),
        ):
            assert response.status_code == 403, screen
            text = _text(response)
            assert "hat die Liste keine Strafpunkte, keine Nachspielzeit" in text, text
            assert f"der Regeltext {seed} kennt sie nicht" in text
            assert (
                "<form"
                not in response.get_data(as_text=True).split("<h1")[1].split("Zurück zur Liste")[0]
            )
    assert snapshot(app) == before


# ------------------------------------------------------------------ corrections


def test_a_game_under_a_set_is_corrected_in_its_own_form(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    """The correction shows the game as entered (the set's kind, Sonderpunkte, Schweinchen)
    and stores the corrected record under the set."""
    tid = _running(copied_day, "schweinchen")
    ((posted, _),) = _on_table(
        app,
        tid,
        [
            (
                {
                    "kind": "solo",
                    "solo": "karo",
                    "player": "2",
                    "eyes": "150",
                    "schweinchen": "y",
                    "re_karlchen_gefangen": "1",
                },
                lambda info: {},
            )
        ],
    )
    info = table_info(app, tid, 4)
    assert _save(client, info, posted).status_code == 302
    url = info["url"] + "eintrag/1"
    page = client.get(url).get_data(as_text=True)
    form = form_on(page, url, url)
    assert form.fields["kind"] == "solo" and form.fields["solo"] == "karo"
    assert form.fields["player"] == info["keys"][1]
    assert form.fields["schweinchen"] == "y"
    assert form.fields["re_karlchen_gefangen"] == "1"
    assert form.choices["kind"] == OFFERED_KINDS["schweinchen"]
    response = client.post(url, data={**dict(form.fields), "eyes": "100", "confirmed": "1"})
    assert response.status_code == 302, _text(response)
    record = json.loads(entries(app, info["number"])[0])
    assert record["re_eyes"] == 100 and record["schweinchen"] is True
    assert record["specials"]["re"]["karlchen_gefangen"] == 1 and "pflicht" not in record
    assert _stored_points(app, tid)[0] == _engine_points(app, tid, info, record)


def test_a_row_the_kasse_paid_is_corrected_as_taps_and_points(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    tid = _running(copied_day, "ravensburger-2015")
    info = table_info(app, tid, 4)
    a, b, c, d = info["keys"]
    assert (
        _quick(client, info, {"kind": "normal", "winners": [b, d], "value": "5"}).status_code == 302
    )
    url = info["url"] + "eintrag/1"
    page = client.get(url).get_data(as_text=True)
    form = form_on(page, url, url)
    assert form.fields["value"] == "5"
    assert re.findall(r'name="winners"[^>]*value="([^"]+)"[^>]*checked', page) == [b, d]
    response = client.post(url, data={**dict(form.fields), "winners": [a, c], "value": "10"})
    assert response.status_code == 302, _text(response)
    record = json.loads(entries(app, info["number"])[0])
    assert record["points"] == {a: 10, b: 0, c: 10, d: 0} and record["pot"] == 20


def test_a_sonderpunkt_the_set_counts_only_in_other_games_is_refused_naming_the_rule(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    """000 counts the Herzstich in a Normalspiel and an Armut only (000 Z. 65-77)."""
    tid = _running(copied_day, "hausregeln-2024", "plus_minus")
    info = table_info(app, tid, 4)
    before = snapshot(app)
    data = {
        "kind": "lustsolo",
        "solo": "kreuz",
        "player": info["keys"][0],
        "eyes": "130",
        "re_herzstich": "1",
    }
    response = _save(client, info, data)
    assert response.status_code == 422
    assert (
        "Den Sonderpunkt „Herzstich“ zählt „Hausregeln 2024 (40 Karten, Punktetopf), "
        "Plus-Minus statt Punktetopf“ in diesem Spiel (Lustsolo) nicht (000 Z. 65-77; Vorgabe D35"
    ) in _text(response)
    assert snapshot(app) == before


def test_ravensburger_2015_the_hammelrennen_is_offered_once_the_kasse_calls_for_it(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    """004 L83: when the Kasse holds at most twice the Grundbetrag the next game is the
    Hammelrennen: the form offers it then, set for it, and stores who had 60 first."""
    tid = _running(copied_day, "ravensburger-2015", pot_start="20")
    info = table_info(app, tid, 4)
    a, b, c, _ = info["keys"]
    game = {"kind": "normal", "re": [a, b], "eyes": "130"}
    assert _save(client, info, game).status_code == 302
    page = client.get(info["url"]).get_data(as_text=True)
    form = form_on(page, info["url"] + "spiel", info["url"])
    assert "hammelrennen" in form.choices["kind"]
    assert form.fields["kind"] == "hammelrennen"
    assert _save(client, info, {"kind": "hammelrennen", "player": c}).status_code == 302
    record = json.loads(entries(app, info["number"])[-1])
    assert {k: v for k, v in record.items() if k != "dealer"} == {
        "kind": "game",
        "type": "hammelrennen",
        "first_to_60": c,
    }
    assert _stored_points(app, tid)[-1] == _engine_points(app, tid, info, record)


def test_hausregeln_2024_under_its_punktetopf_a_game_and_a_row_of_points(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    """000 L61: the Punktetopf pays the winners. A game in detail is scored by the engine; a
    row of points gives the players with plus points their points, the others nothing, and
    carries what the pot paid."""
    tid = _running(copied_day, "hausregeln-2024", pot_start="100")
    info = table_info(app, tid, 4)
    a, b, c, d = info["keys"]
    assert _save(client, info, {"kind": "normal", "re": [a, b], "eyes": "150"}).status_code == 302
    record = json.loads(entries(app, info["number"])[-1])
    assert _stored_points(app, tid)[-1] == _engine_points(app, tid, info, record)
    response = _quick(client, info, {"kind": "normal", "winners": [a, c], "value": "2"})
    assert response.status_code == 302, _text(response)
    record = json.loads(entries(app, info["number"])[-1])
    assert record["points"] == {a: 2, b: 0, c: 2, d: 0} and record["pot"] == 4
    response = _quick(client, info, {"kind": "lustsolo", "winners": [d], "value": "1"})
    assert response.status_code == 302, _text(response)
    record = json.loads(entries(app, info["number"])[-1])
    assert record["points"] == {a: 0, b: 0, c: 0, d: 3} and record["pot"] == 3
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        table = next(t for t in tournament.rounds[0].tables if t.number == info["number"])
        report = list_store.check(table)
        assert report["valid"], report["findings"]
        assert report["pot"]["balance"] == 100 - sum(row["pot"] for row in report["rows"])
