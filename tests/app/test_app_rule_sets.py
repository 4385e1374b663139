"""A tournament's rule set: chosen on the tournament form (the five presets, DDV the default,
and their documented variants), fixed once a game is entered, shown in German parameter by
parameter on the page „Regelwerk“ and by name on every list, the standings, the projector, the
printed list and the table cards; the app's engine calls carry it (issue 33, item 1).
"""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from openpyxl import load_workbook

from rules_engine.rulesets import parse_rules
from tests.support.apps import CopiedDay
from tests.support.scorelist_pages import enter as enter_game
from tests.support.scorelist_pages import (
    entries,
    normal_game,
    table_info,
)
from tests.support.webapp import (
    audit_events,
    create_tournament,
    created_tournament_id,
    csrf_token,
    draw_round,
    paste_players,
    player_names,
    post_new_tournament,
    round_action,
    sign_in,
    snapshot,
)
from tournament.domain import list_store
from tournament.extensions import db
from tournament.models import Tournament
from tournament.publish import standings_files

PRESET_NAMES = {
    "ddv": "DDV-Turnierspielregeln",
    "hausregeln-2024": "Hausregeln 2024 (40 Karten, Punktetopf)",
    "reglement-2001": "Reglement 2001",
    "schweinchen": "Hausregeln mit Schweinchen",
    "ravensburger-2015": "Ravensburger 2015 (Kasse)",
}


def _create(client: FlaskClient, **fields: Any) -> Any:
    return post_new_tournament(client, "Regelturnier", **fields)


def _tournament(app: Flask, tid: int) -> tuple[str, list[str], dict[str, Any], Any]:
    with app.app_context():
        t = db.session.get(Tournament, tid)
        assert t is not None
        return t.rules_preset, list(t.rules_variants), dict(t.rules_overrides), t.engine_rules


def _edit(client: FlaskClient, tid: int, **rules: Any) -> Any:
    """Send the edit form as the page holds it, with ``rules`` instead of its rule set."""
    path = f"/turniere/{tid}/bearbeiten"
    page = client.get(path).get_data(as_text=True)
    version = re.search(r'name="version"[^>]*value="(\d+)"', page)
    assert version, page
    data: dict[str, Any] = {
        "csrf_token": csrf_token(client, path),
        "version": version.group(1),
        "name": "Regelturnier",
        "date": "2026-11-21",
        "rounds_planned": "3",
        **rules,
    }
    return client.post(path, data=data)


def _running(copied_day: CopiedDay, **rules: Any) -> int:
    """Nine players (a table of four, one of five), round 1 started, under ``rules``; eight
    under a set of tables of four only (Schweinchen). Built once per database and worker for
    each rule set, then copied (``tests/support/apps.py``)."""
    app, client = copied_day.app, copied_day.client

    def build() -> int:
        sign_in(app, client)
        tid = created_tournament_id(_create(client, **rules))
        count = 8 if rules.get("rules_preset") == "schweinchen" else 9
        paste_players(client, tid, "\n".join(player_names(count)))
        draw_round(client, tid, seed=5)
        round_action(client, tid, 1, "starten")
        return tid

    return copied_day((__name__, tuple(sorted(rules.items()))), build)


# ------------------------------------------------------------------ choosing


def test_the_form_offers_the_five_presets_ddv_checked_and_their_variants(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    page = client.get("/turniere/neu").get_data(as_text=True)
    for key, name in PRESET_NAMES.items():
        assert f'value="{key}"' in page
        assert name in page
    assert re.search(r'value="ddv"\s*checked', page)
    assert len(re.findall(r'type="radio" name="rules_preset"[^>]*checked', page)) == 1
    for variant in (
        "hausregeln-2024/plus_minus",
        "hausregeln-2024/sixty_in_vorgefuehrt",
        "reglement-2001/ohne_neunen",
        "ravensburger-2015/tolle",
        "ravensburger-2015/fuechse",
        "ravensburger-2015/muellers_karle",
        "ravensburger-2015/ohne_neunen",
        "ravensburger-2015/armut",
    ):
        assert f'value="{variant}"' in page
    assert "Plus-Minus statt Punktetopf" in page


def test_a_tournament_without_a_choice_is_ddv_and_its_records_carry_no_rules(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tid = create_tournament(client)
    assert _tournament(app, tid) == ("ddv", [], {}, None)


def test_a_chosen_preset_with_variants_is_stored_as_the_engine_reads_it_and_audited(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    response = _create(
        client,
        rules_preset="ravensburger-2015",
        rules_variants=[
            "ravensburger-2015/muellers_karle",
            "ravensburger-2015/fuechse",
            "ravensburger-2015/tolle",
        ],
    )
    tid = created_tournament_id(response)
    preset, variants, overrides, engine_rules = _tournament(app, tid)
    assert preset == "ravensburger-2015"
    assert variants == ["tolle", "fuechse", "muellers_karle"]  # the catalogue's order
    # Both Sonderpunkte: the engine's "specials" replaces the whole map.
    assert overrides["specials"] == {
        "fuchs": ["normal", "armut", "solo"],
        "karlchen": ["normal", "armut", "solo"],
    }
    rules = parse_rules(engine_rules)
    assert rules.key == "ravensburger-2015"
    assert rules.dullen and rules.farbsolo_keeps_dullen
    assert {kind.value for kind in rules.special_kinds} == {"fuchs", "karlchen"}
    (event,) = audit_events(app, "create")
    new = json.loads(event.new_value or "")
    assert new["rules_preset"] == "ravensburger-2015"
    assert new["rules_variants"] == ["tolle", "fuechse", "muellers_karle"]


def test_an_unknown_preset_or_a_variant_of_another_preset_is_refused_in_german(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    before = snapshot(app)
    page = _create(client, rules_preset="skat").get_data(as_text=True)
    assert "Das Regelwerk „skat“ gibt es nicht" in page
    page = _create(client, rules_preset="ddv", rules_variants=["ravensburger-2015/tolle"]).get_data(
        as_text=True
    )
    assert "Die Variante „ravensburger-2015/tolle“ gehört nicht zum Regelwerk" in page
    assert snapshot(app) == before


def test_the_rule_set_changes_while_no_game_is_entered_and_the_change_is_audited(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    tid = _running(copied_day)
    response = _edit(
        client, tid, rules_preset="reglement-2001", rules_variants=["reglement-2001/ohne_neunen"]
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    assert _tournament(app, tid)[:3] == ("reglement-2001", ["ohne_neunen"], {"deck": 40})
    (event,) = audit_events(app, "update")
    assert json.loads(event.old_value or "") == {"rules_preset": "ddv", "rules_variants": []}
    assert json.loads(event.new_value or "") == {
        "rules_preset": "reglement-2001",
        "rules_variants": ["ohne_neunen"],
    }


def test_after_the_first_game_the_rule_set_is_shown_read_only_and_a_forged_change_refused(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    tid = _running(copied_day)
    info = table_info(app, tid, 4)
    enter_game(client, info, normal_game(info))
    assert len(entries(app, info["number"])) == 1

    page = client.get(f"/turniere/{tid}/bearbeiten").get_data(as_text=True)
    assert 'name="rules_preset"' not in page
    assert "Das Regelwerk steht fest: es ist schon ein Spiel eingetragen" in page
    # The read-only page's own form still saves the other data.
    assert _edit(client, tid).status_code == 302

    before = snapshot(app)
    response = _edit(client, tid, rules_preset="schweinchen")
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert "Das Regelwerk kann nicht mehr geändert werden" in text
    assert "würde die gespeicherten Werte ändern" in text
    assert _tournament(app, tid)[:3] == ("ddv", [], {})
    assert snapshot(app) == before


# ------------------------------------------------------------------ showing


def test_the_page_regelwerk_shows_every_parameter_with_its_source_publicly(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tid = created_tournament_id(
        _create(
            client,
            rules_preset="reglement-2001",
            rules_variants=["reglement-2001/ohne_neunen"],
        )
    )
    client.post("/abmelden", data={"csrf_token": csrf_token(client, "/")})
    show = client.get(f"/turniere/{tid}").get_data(as_text=True)
    assert f'href="/turniere/{tid}/regelwerk"' in show
    response = client.get(f"/turniere/{tid}/regelwerk")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Regelwerk: Reglement 2001, ohne Neunen (40 Karten)" in page
    for label in (
        "Karten",
        "Dullen (Herz 10)",
        "Schweinchen",
        "Soli",
        "Hochzeit",
        "Armut",
        "Ansagen",
        "Fristen der Ansagen",
        "Wertung",
        "Sonderpunkte",
        "Abrechnung",
        "Pflichtsolo",
        "Geber nach einem Solo",
    ):
        assert f"<dt>{label}</dt>" in page
    assert "40 Karten ohne Neunen, 10 Stiche" in page
    assert "Quelle: 001 Z. 89-90 – Variante ohne Neunen (40 Karten)" in page
    assert "Quelle: 001 Z. 34 „Die zweite Herz 10 ist höher“" in page
    assert "Quelle: Vorgabe D11: höchstens 5 bzw. 9 Karten auf dem Tisch" in page


@pytest.mark.parametrize("preset", list(PRESET_NAMES))
def test_every_preset_has_its_page(app: Flask, client: FlaskClient, preset: str) -> None:
    sign_in(app, client)
    pot = {"pot_start": "100"} if preset == "hausregeln-2024" else {}  # 000 L61: required
    tid = created_tournament_id(_create(client, rules_preset=preset, **pot))
    page = client.get(f"/turniere/{tid}/regelwerk").get_data(as_text=True)
    assert PRESET_NAMES[preset] in page
    assert page.count("Quelle: ") >= 17


def test_the_name_shows_on_lists_standings_projector_cards_and_printed_list(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    tid = _running(copied_day, rules_preset="schweinchen")
    line = "Regelwerk: Hausregeln mit Schweinchen"
    info = table_info(app, tid, 4)
    for path in (
        f"/turniere/{tid}",
        info["url"],
        f"/turniere/{tid}/stand",
        f"/turniere/{tid}/runden/1/stand",
        f"/turniere/{tid}/leinwand",
        f"/turniere/{tid}/runden/1/tischkarten",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        text = re.sub(r"<[^>]+>", "", response.get_data(as_text=True))
        assert line in text, path
    workbook = client.get(info["url"] + "liste.xlsx")
    assert workbook.status_code == 200
    sheet = load_workbook(io.BytesIO(workbook.data)).active
    assert sheet is not None
    cells = [str(c.value) for row in sheet.iter_rows(max_row=8) for c in row if c.value]
    assert "Regelwerk" in cells
    assert "Hausregeln mit Schweinchen" in cells
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert tournament is not None
        assert line in standings_files.overall_sheet(tournament).lines
        assert line in standings_files.round_sheet(tournament.rounds[0]).lines
    assert client.get(f"/turniere/{tid}/stand.pdf").status_code == 200


# ------------------------------------------------------------------ the engine calls


def test_under_ddv_the_engine_record_has_no_rules_field(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    tid = _running(copied_day)
    info = table_info(app, tid, 4)
    with app.app_context():
        table = db.session.get(Tournament, tid).rounds[0].tables[0]  # type: ignore[union-attr]
        assert "rules" not in list_store.list_record(table)
        assert list_store.rules_text(table) == ""
    enter_game(client, info, normal_game(info))
    assert len(entries(app, info["number"])) == 1


def test_a_game_under_another_rule_set_is_scored_and_stored_under_that_set(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    """Re wins with 130 Augen after calling Re: 3 points under the DDV rules (won 1, Re x2 as
    +2), 2 under Schweinchen (won 1, Re doubles: 002 L60)."""
    tid = _running(copied_day, rules_preset="schweinchen")
    info = table_info(app, tid, 4)
    game = {**normal_game(info), "re_call": "re"}
    enter_game(client, info, game)
    assert len(entries(app, info["number"])) == 1
    with app.app_context():
        table = db.session.get(Tournament, tid).rounds[0].tables[0]  # type: ignore[union-attr]
        record = list_store.list_record(table)
        assert record["rules"] == "schweinchen"
        assert record["games"] == 24
        report = list_store.check(table)
        assert report["valid"] is True
        re_players = {json.loads(entries(app, info["number"])[0])["re"][0]}
        re_players.add(json.loads(entries(app, info["number"])[0])["re"][1])
        assert report["totals"] == {k: 2 if k in re_players else -2 for k in report["totals"]}
        assert {seat.points for seat in table.seats} == {2, -2}


def test_a_tournament_under_another_rule_set_shows_every_page(
    app: Flask, client: FlaskClient, copied_day: CopiedDay
) -> None:
    """No page of the tournament fails on it."""
    tid = _running(copied_day, rules_preset="ravensburger-2015")
    info = table_info(app, tid, 5)
    for path in (
        f"/turniere/{tid}",
        f"/turniere/{tid}/runden/1",
        f"/turniere/{tid}/runden/1/uebersicht",
        f"/turniere/{tid}/runden/1/sitzplaetze",
        f"/turniere/{tid}/startnummer/1",
        f"/turniere/{tid}/turnier.xlsx",
        f"/turniere/{tid}/stand.pdf",
        f"/turniere/{tid}/runden/1/stand.pdf",
        info["url"],
        info["url"] + "stand",
        info["url"] + "liste.xlsx",
        info["url"] + "vorlage.xlsx",
        info["code_url"],
        f"/turniere/{tid}/regelwerk",
    ):
        assert client.get(path).status_code == 200, path
