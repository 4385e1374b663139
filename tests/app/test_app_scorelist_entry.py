"""The score-list page at the table: entering games in detail and as points,
preview and confirm, corrections, deletions, the version check, the list-keeper's code,
penalties, Nachspielzeit and time up, over HTTP on SQLite and PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import threading
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from tests.support.scorelist_pages import (
    Values,
    confirm,
    enter,
    entries,
    normal_game,
    penalty_saved,
    post_form,
    table_info,
    totals,
)
from tests.support.scorelists import add_entry
from tests.support.webapp import (
    create_tournament,
    draw_round,
    flashes,
    form_on,
    others_can_write,
    paste_players,
    player_names,
    sign_in,
)
from tournament.domain import score_lists
from tournament.domain.score_lists import Actor
from tournament.extensions import db
from tournament.models import AuditEvent, ListEntry, Round, RoundTable

NORMAL_LOST_BY_RE = {"kind": "normal", "eyes_party": "re", "eyes": "100"}


# ------------------------------------------------------------------ the page


def test_page_shows_dealer_games_left_and_pflichtsoli(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    page = client.get(info["url"]).get_data(as_text=True)
    assert "Spiel <strong>1</strong>" in page
    assert f"Gibt: <strong>{info['names'][0]}</strong>" in page
    assert "Spiel <strong>1</strong> von 24 · noch 24" in page
    assert "Pflichtsolo offen: <strong>alle</strong>" in page  # every player owes one
    assert "data-deadline" in page


def test_table_of_five_names_who_sits_out_tsr_10_1(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 5)
    page = client.get(info["url"]).get_data(as_text=True)
    assert f'Gibt: <strong>{info["names"][0]}</strong> <span class="tag">sitzt aus</span>' in page
    assert "Spiel <strong>1</strong> von 30" in page
    # The dealer who sits out is never offered as a Re player or soloist (TSR 3.3.2).
    form = page[page.index('id="spiel-form"') :]
    assert f'value="{info["keys"][0]}"' not in form[: form.index("</form>")]
    assert all(f'value="{key}"' in form for key in info["keys"][1:])


# ------------------------------------------------------------------ detailed entry


def test_detailed_game_is_previewed_with_explanation_then_saved_tsr_7_2(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url = info["url"]
    preview = post_form(client, url, url + "spiel", normal_game(info))
    text = preview.get_data(as_text=True)
    assert preview.status_code == 200
    assert "Gewonnen hat" in text
    assert "+1 gewonnen (Re)" in text  # the items of the game value
    assert entries(app, info["number"]) == []  # nothing stored before the confirmation
    saved = confirm(client, preview, url + "spiel", url)
    assert saved.status_code == 302
    assert len(entries(app, info["number"])) == 1
    assert totals(app, info["number"]) == [1, 1, -1, -1]  # 130 Augen: gewonnen, +1 each
    page = client.get(url).get_data(as_text=True)
    assert "Spiel 1 gespeichert: Normalspiel" in " ".join(flashes(page))
    assert f"Gibt: <strong>{info['names'][1]}</strong>" in page


def test_augen_out_of_range_is_shown_at_the_field(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url = info["url"]
    response = post_form(client, url, url + "spiel", {**normal_game(info), "eyes": "300"})
    assert response.status_code == 422
    assert "Augen gehen von 0 bis 240 (TSR 2.2)." in response.get_data(as_text=True)
    response = post_form(client, url, url + "spiel", {**normal_game(info), "eyes": "abc"})
    assert response.status_code == 422
    assert entries(app, info["number"]) == []


def early_lustsolo(info: dict[str, Any]) -> Values:
    """A Damen-Lustsolo by position 3 in the first game, before his own Pflichtsolo."""
    return {
        "kind": "lustsolo",
        "solo": "damen",
        "player": info["keys"][2],
        "eyes_party": "re",
        "eyes": "130",
    }


def test_lustsolo_before_own_pflichtsolo_is_refused_in_german_tsr_4_3_1(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url = info["url"]
    response = post_form(client, url, url + "spiel", early_lustsolo(info))
    text = response.get_data(as_text=True)
    assert response.status_code == 422
    assert info["names"][2] in text
    assert "TSR 4.3.1" in text
    assert entries(app, info["number"]) == []


def test_a_player_not_at_the_table_is_refused(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    other = table_info(app, running["tid"], 5)
    url = info["url"]
    data = {**normal_game(info), "re": [info["keys"][0], other["keys"][0]]}
    response = post_form(client, url, url + "spiel", data)
    assert response.status_code == 422
    assert entries(app, info["number"]) == []


def test_tampered_confirmation_still_goes_through_the_engine(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url = info["url"]
    response = post_form(client, url, url + "spiel", {**early_lustsolo(info), "confirmed": "1"})
    assert response.status_code == 422
    assert "TSR 4.3.1" in response.get_data(as_text=True)
    assert entries(app, info["number"]) == []


def test_pflichtsolo_then_the_same_dealer_deals_again_tsr_3_3_1(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    data = {
        "kind": "pflichtsolo",
        "solo": "buben",
        "player": info["keys"][1],
        "eyes_party": "re",
        "eyes": "121",
    }
    assert enter(client, info, data).status_code == 302
    assert totals(app, info["number"]) == [-1, 3, -1, -1]
    page = client.get(info["url"]).get_data(as_text=True)
    assert f"Gibt: <strong>{info['names'][0]}</strong>" in page
    assert "Pflichtsoli (TSR 4.2.4)" in page
    assert (
        "Pflichtsolo offen: <strong>" + ", ".join(n for i, n in enumerate(info["names"]) if i != 1)
        in page
    )


# ------------------------------------------------------------------ quick entry


def quick(
    info: dict[str, Any], kind: str, plus: tuple[int, ...], value: str, **more: Any
) -> Values:
    """The quick form: the kind, the players with plus points (by seat), their points."""
    return {"kind": kind, "winners": [info["keys"][i] for i in plus], "value": value, **more}


def stored(app: Flask, number: int) -> list[dict[str, Any]]:
    return [json.loads(text) for text in entries(app, number)]


def test_quick_normalspiel_is_two_taps_and_one_number_tsr_7_3_3(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url, keys = info["url"], info["keys"]
    page = client.get(url + "?schnell=1").get_data(as_text=True)
    assert "Die angetippten Spieler haben" in page and 'name="p1"' not in page
    response = post_form(
        client, url + "?schnell=1", url + "schnell", quick(info, "normal", (0, 2), "2")
    )
    assert response.status_code == 302
    assert totals(app, info["number"]) == [2, -2, 2, -2]
    assert stored(app, info["number"]) == [
        {
            "kind": "game",
            "quick": True,
            "type": "normal",
            "points": {keys[0]: 2, keys[1]: -2, keys[2]: 2, keys[3]: -2},
            "winners": [keys[0], keys[2]],
            "dealer": keys[0],
        }
    ]


@pytest.mark.parametrize(
    ("side", "tapped", "plus", "points", "soloist"),
    [
        ("plus", (1,), (1,), [-3, 9, -3, -3], 1),
        ("plus", (0, 2, 3), (0, 2, 3), [3, -9, 3, 3], 1),
        ("minus", (1,), (0, 2, 3), [3, -9, 3, 3], 1),
    ],
    ids=["won", "lost", "lost-soloist-tapped-with-minus"],
)
def test_quick_solo_counts_three_times_and_names_its_soloist_tsr_7_2_4(
    app: Flask,
    client: FlaskClient,
    running: dict[str, Any],
    side: str,
    tapped: tuple[int, ...],
    plus: tuple[int, ...],
    points: list[int],
    soloist: int,
) -> None:
    info = table_info(app, running["tid"], 4)
    url, keys = info["url"], info["keys"]
    row = quick(info, "pflichtsolo", tapped, "3", side=side)
    response = post_form(client, url + "?schnell=1", url + "schnell", row)
    assert response.status_code == 302
    assert totals(app, info["number"]) == points
    [record] = stored(app, info["number"])
    assert record["type"] == "solo" and record["pflicht"] is True
    assert record["player"] == keys[soloist]
    assert record["winners"] == [keys[i] for i in plus]
    page = client.get(url).get_data(as_text=True)
    assert (
        "Pflichtsolo offen: <strong>"
        + ", ".join(n for i, n in enumerate(info["names"]) if i != soloist)
        in page
    )


def test_quick_hochzeit_with_a_partner_may_name_its_hochzeiter(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url, keys = info["url"], info["keys"]
    row = quick(info, "hochzeit", (0, 3), "1")
    assert post_form(client, url + "?schnell=1", url + "schnell", row).status_code == 302
    assert (
        post_form(
            client, url + "?schnell=1", url + "schnell", {**row, "player": keys[3]}
        ).status_code
        == 302
    )
    first, second = stored(app, info["number"])
    assert "player" not in first and second["player"] == keys[3]
    assert totals(app, info["number"]) == [2, -2, -2, 2]


def test_quick_game_worth_0_marks_nobody_and_a_solo_asks_its_soloist_tsr_7_1_3(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url, keys = info["url"], info["keys"]
    assert (
        post_form(
            client, url + "?schnell=1", url + "schnell", quick(info, "normal", (), "0")
        ).status_code
        == 302
    )
    solo = quick(info, "pflichtsolo", (), "0")
    refused = post_form(client, url + "?schnell=1", url + "schnell", solo)
    assert refused.status_code == 422
    text = refused.get_data(as_text=True)
    assert "Bei 0 Punkten sagen die Pluspunkte nicht, wer allein gespielt hat" in text
    assert len(stored(app, info["number"])) == 1
    saved = post_form(client, url + "?schnell=1", url + "schnell", {**solo, "player": keys[2]})
    assert saved.status_code == 302
    first, second = stored(app, info["number"])
    assert first["winners"] == [] and set(first["points"].values()) == {0}
    assert second["winners"] == [] and second["player"] == keys[2]
    assert totals(app, info["number"]) == [0, 0, 0, 0]


def test_quick_entry_at_a_table_of_five_gives_the_dealer_who_sits_out_0_tsr_10_1(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 5)
    url, keys = info["url"], info["keys"]
    dealer_tapped = post_form(
        client, url + "?schnell=1", url + "schnell", quick(info, "normal", (0, 1), "1")
    )
    assert dealer_tapped.status_code == 422
    assert "Angetippt ist ein Spieler, der dieses Spiel nicht mitspielt." in dealer_tapped.get_data(
        as_text=True
    )
    assert stored(app, info["number"]) == []
    lustsolo = quick(info, "lustsolo", (2,), "1")
    response = post_form(client, url + "?schnell=1", url + "schnell", lustsolo)
    assert response.status_code == 422  # no Lustsolo before one's Pflichtsolo: the engine says
    assert "TSR 4.3.1" in response.get_data(as_text=True)
    response = post_form(
        client, url + "?schnell=1", url + "schnell", quick(info, "normal", (1, 3), "1")
    )
    assert response.status_code == 302
    [record] = stored(app, info["number"])
    assert record["points"] == {keys[0]: 0, keys[1]: 1, keys[2]: -1, keys[3]: 1, keys[4]: -1}
    assert totals(app, info["number"]) == [0, 1, -1, 1, -1]
    # Its correction offers the four who played it, not the dealer who sat out.
    page = client.get(url + "eintrag/1").get_data(as_text=True)
    offered = re.findall(r'name="winners"[^>]*value="([^"]+)"', page)
    assert offered == keys[1:]


def test_a_quick_page_sent_again_at_a_table_of_five_is_recognised_as_saved(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    """The page says who sat out of its game: sent again once the deal has moved on (the
    next dealer was tapped), it derives the same row and the version check knows it."""
    info = table_info(app, running["tid"], 5)
    url, keys = info["url"], info["keys"]
    page = client.get(url + "?schnell=1").get_data(as_text=True)
    values: Values = dict(form_on(page, url + "schnell", url).fields)
    values.update(quick(info, "normal", (1, 2), "2"), sits_out=keys[0])
    assert client.post(url + "schnell", data=values).status_code == 302
    again = client.post(url + "schnell", data=values)
    assert again.status_code == 302
    shown = flashes(client.get(url).get_data(as_text=True))
    assert any("schon gespeichert (Eintrag 1)" in text for text in shown)
    assert len(stored(app, info["number"])) == 1
    assert totals(app, info["number"]) == [0, 2, 2, -2, -2]
    # A page whose sitting-out player is no longer right gives a row the engine refuses.
    values.update(version=str(int(values["version"]) + 1), sits_out=keys[4])
    refused = client.post(url + "schnell", data=values)
    assert refused.status_code == 422
    assert "TSR 10.1" in refused.get_data(as_text=True)
    assert len(stored(app, info["number"])) == 1


QUICK_REFUSALS = [
    ("normal", (0,), "2", None, "winners", "Bitte genau zwei Spieler antippen"),
    ("normal", (0, 1, 2), "2", None, "winners", "Bitte genau zwei Spieler antippen"),
    ("normal", (0, 1, 2, 3), "2", None, "winners", "Nicht alle vier können Plus- oder Minuspunkte"),
    ("normal", (), "2", None, "winners", "Bitte die Spieler mit Pluspunkten antippen"),
    ("pflichtsolo", (0, 1), "2", None, "winners", "Bei einem Solo spielt einer gegen drei"),
    ("pflichtsolo", (0,), "2", 1, "player", "ist nach den Pluspunkten ein anderer"),
    ("normal", (0, 1), "", None, "value", "Bitte die Punkte eingeben"),
    ("normal", (0, 1), "-2", None, "value", "0 bis 999"),
    ("normal", (0, 1), "zwei", None, "value", "Keine gültige, ganze Zahl."),
]


@pytest.mark.parametrize(("kind", "plus", "value", "player", "field", "message"), QUICK_REFUSALS)
def test_quick_taps_that_make_no_row_are_refused_at_their_field(
    app: Flask,
    client: FlaskClient,
    running: dict[str, Any],
    kind: str,
    plus: tuple[int, ...],
    value: str,
    player: int | None,
    field: str,
    message: str,
) -> None:
    info = table_info(app, running["tid"], 4)
    url = info["url"]
    named = {} if player is None else {"player": info["keys"][player]}
    response = post_form(
        client, url + "?schnell=1", url + "schnell", quick(info, kind, plus, value, **named)
    )
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert message in text
    # said at its field: the last field before the message is the one it is about
    assert re.findall(r'name="(\w+)"', text[: text.index(message)])[-1] == field
    assert stored(app, info["number"]) == []


# ------------------------------------------------------------------ version check


def test_the_same_page_sent_twice_stores_one_game(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url = info["url"]
    preview = post_form(client, url, url + "spiel", normal_game(info))
    assert confirm(client, preview, url + "spiel", url).status_code == 302
    again = confirm(client, preview, url + "spiel", url)
    assert again.status_code == 302
    page = client.get(url).get_data(as_text=True)
    assert any("schon gespeichert (Eintrag 1)" in f for f in flashes(page))
    assert len(entries(app, info["number"])) == 1


def test_a_stale_page_with_another_game_is_refused_and_says_what_changed(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url = info["url"]
    first = post_form(client, url, url + "spiel", normal_game(info))
    second = post_form(client, url, url + "spiel", normal_game(info, (0, 2), 90))
    assert confirm(client, first, url + "spiel", url).status_code == 302
    refused = confirm(client, second, url + "spiel", url)
    assert refused.status_code == 409
    page = refused.get_data(as_text=True)
    assert "Ein anderes Gerät war schneller" in page
    assert "Eintrag 1 (Normalspiel" in page
    assert 'value="90"' in page  # the input is kept
    assert len(entries(app, info["number"])) == 1
    # Saving the kept input again stores it as the next game.
    assert confirm(client, refused, url + "spiel", url).status_code == 302
    assert len(entries(app, info["number"])) == 2


# ------------------------------------------------------------------ corrections


def test_correcting_a_game_rechecks_and_is_audited(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    enter(client, info, normal_game(info))
    enter(client, info, normal_game(info, (1, 2), 200))
    url = info["url"] + "eintrag/1"
    form_page = client.get(url)
    assert form_page.status_code == 200
    preview = post_form(client, url, url, {**normal_game(info), "eyes": "90"})
    assert preview.status_code == 200
    assert confirm(client, preview, url, url).status_code == 302
    # Game 1 now lost by Re with 90 Augen (-2: verloren, gegen die Kreuz-Damen); game 2 Re
    # (positions 2, 3) won with 200 Augen (3: gewonnen, keine 90, keine 60).
    assert totals(app, info["number"]) == [-5, 1, 5, -1]
    with app.app_context():
        event = db.session.execute(
            select(AuditEvent).where(AuditEvent.action == "correct_list_entry")
        ).scalar_one()
        assert '"re_eyes": 130' in (event.old_value or "")
        assert '"re_eyes": 90' in (event.new_value or "")


def test_a_late_answer_to_an_earlier_request_leaves_the_correction_message(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    """The preview sent as the Augen lose the focus goes out beside "Korrektur speichern"; when
    its answer arrives after the save's redirect, the cookie it brings is the one the preview
    was sent with. It must not take back the message the save left for the list page (a
    signed-in Schiedsrichter's session is a permanent one)."""
    info = table_info(app, running["tid"], 4)
    enter(client, info, normal_game(info))
    enter(client, info, normal_game(info, (1, 2), 200))
    url = info["url"] + "eintrag/1"
    corrected = {**normal_game(info), "eyes": "90"}
    preview = post_form(client, url, url, corrected)
    sent_with = client.get_cookie("session")
    assert sent_with is not None
    saved = confirm(client, preview, url, url)
    assert saved.status_code == 302
    # The preview, sent with the cookie from before the save and answered only now.
    late = app.test_client()
    late.set_cookie("session", sent_with.value)
    fields = dict(form_on(preview.get_data(as_text=True), url, url).fields)
    answer = late.post(
        info["url"] + "vorschau?eintrag=1",
        data={**fields, **corrected},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200
    brought = late.get_cookie("session")
    if answer.headers.getlist("Set-Cookie") and brought is not None:
        client.set_cookie("session", brought.value)  # the browser stores what it brings
    page = client.get(saved.location).get_data(as_text=True)
    assert flashes(page) == ["Eintrag 1 ist korrigiert; die Liste ist neu geprüft."]


def test_deleting_the_last_game(app: Flask, client: FlaskClient, running: dict[str, Any]) -> None:
    info = table_info(app, running["tid"], 4)
    enter(client, info, normal_game(info))
    action = info["url"] + "eintrag/1/loeschen"
    response = post_form(client, info["url"], action, {})
    assert response.status_code == 302
    assert entries(app, info["number"]) == []
    assert totals(app, info["number"]) == [0, 0, 0, 0]


# ------------------------------------------------------------------ the list-keeper's code


def test_the_code_opens_its_list_and_nothing_else(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    other = table_info(app, running["tid"], 5)
    client.post("/abmelden", data={})
    anonymous = app.test_client()
    assert anonymous.get(info["code_url"]).status_code == 200
    assert info["names"][0] in anonymous.get(info["code_url"]).get_data(as_text=True)
    assert anonymous.get(info["url"]).status_code == 302  # staff URL: to the login
    assert anonymous.get("/tisch/AAAAAAAA/").status_code == 404
    saved = enter(anonymous, info, normal_game(info), base="code_url")
    assert saved.status_code == 302
    assert saved.headers["Location"].startswith(info["code_url"])
    assert len(entries(app, info["number"])) == 1
    assert entries(app, other["number"]) == []
    # A penalty and Nachspielzeit are the Schiedsrichter's, not the list-keeper's.
    for screen in ("strafe", "nachspielzeit"):
        assert anonymous.get(info["code_url"] + screen).status_code == 403
        assert anonymous.post(info["code_url"] + screen, data={}).status_code in (400, 403)


def test_the_list_keeper_corrects_only_the_last_game(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    enter(client, info, normal_game(info))
    enter(client, info, normal_game(info, (1, 2)))
    anonymous = app.test_client()
    page = anonymous.get(info["code_url"]).get_data(as_text=True)
    assert f"{info['code_url']}eintrag/2" in page
    assert f'{info["code_url"]}eintrag/1"' not in page
    response = post_form(anonymous, info["code_url"], info["code_url"] + "eintrag/2/loeschen", {})
    assert response.status_code == 302
    assert len(entries(app, info["number"])) == 1


def test_a_typed_code_leads_to_the_list(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    anonymous = app.test_client()
    response = post_form(anonymous, "/tisch", "/tisch", {"code": " " + info["code"].lower() + " "})
    assert response.status_code == 302
    assert response.headers["Location"].endswith(info["code_url"])
    wrong = post_form(anonymous, "/tisch", "/tisch", {"code": "XXXX"})
    assert wrong.status_code == 200
    assert "Diesen Code gibt es nicht" in wrong.get_data(as_text=True)


# ------------------------------------------------------------------ penalties, time


def test_penalty_by_the_schiedsrichter_is_previewed_signed_and_counted_tsr_9_3(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url = info["url"]
    assert penalty_saved(client, url, "geringfuegig", info["keys"][2], 0) == ""
    assert sum(totals(app, info["number"])) == 0
    assert totals(app, info["number"])[2] < 0
    page = client.get(url).get_data(as_text=True)
    assert "abgezeichnet von" in page


def test_a_deduction_for_the_dealer_who_sits_out_is_stored_tsr_9_7(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    """The sitting dealer is a Teilnehmer (TSR 9.1.5); his deduction is no game score."""
    info = table_info(app, running["tid"], 5)
    url, sitting = info["url"], info["keys"][0]  # position 1 deals the first game, sits out
    assert penalty_saved(client, url, "unsportlich", sitting, 7) == ""
    assert totals(app, info["number"]) == [-7, 0, 0, 0, 0]
    refused = penalty_saved(client, url, "geringfuegig", sitting, 0)
    assert "TSR 10.1" in refused
    assert totals(app, info["number"]) == [-7, 0, 0, 0, 0]


def test_nachspielzeit_moves_the_clock_tsr_8_5_1(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url = info["url"]
    screen = url + "nachspielzeit"
    response = post_form(client, screen, screen, {"minutes": "5", "reason": "Reklamation"})
    assert response.status_code == 302
    page = client.get(url).get_data(as_text=True)
    assert flashes(page) == [
        f"Nachspielzeit gespeichert: 5 Minuten für Tisch {info['number']} (Reklamation); "
        "die Liste hat jetzt 105 Minuten."
    ]
    assert "105 Minuten, mit Nachspielzeit" in page
    assert "Nachspielzeit 5 Minuten" in page
    bad = post_form(client, screen, screen, {"minutes": "0", "reason": ""})
    assert bad.status_code == 422


def test_time_up_strikes_normalspiele_and_demands_vorfuehrungen_tsr_8_5_3(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url = info["url"]
    enter(client, info, normal_game(info))
    screen = url + "zeit-abgelaufen"
    response = post_form(client, screen, screen, {"being_dealt": "nein"})
    assert response.status_code == 302
    page = client.get(url).get_data(as_text=True)
    assert flashes(page) == [
        "Zeit abgelaufen gespeichert: Es wurde kein Spiel gegeben; die offenen Normalspiele "
        "sind gestrichen (TSR 8.5.3)."
    ]
    assert "23 Normalspiele sind gestrichen" in page or "gestrichen" in page
    assert "Vorführung:" in page
    # Position 2 deals next; the first missing Pflichtsolo from his left is position 3's.
    assert f"{info['names'][2]} muss jetzt das Pflichtsolo spielen" in page


def test_the_list_keeper_marks_time_up_only_after_time_is_called(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    anonymous = app.test_client()
    screen = info["code_url"] + "zeit-abgelaufen"
    refused = anonymous.get(screen)
    assert refused.status_code == 403
    text = refused.get_data(as_text=True)
    assert "Die Turnierleitung hat die Zeit noch nicht für beendet erklärt." in text
    assert "Zeit abgelaufen eintragen" not in text
    with app.app_context():
        round_ = db.session.execute(select(Round)).scalar_one()
        round_.started_at = round_.started_at - dt.timedelta(minutes=101)
        round_.time_up_at = round_.started_at + dt.timedelta(minutes=100)
        db.session.commit()
    shown = anonymous.get(screen)
    assert shown.status_code == 200
    assert "Zeit abgelaufen eintragen" in shown.get_data(as_text=True)
    response = post_form(anonymous, screen, screen, {"being_dealt": "ja"})
    assert response.status_code == 302
    with app.app_context():
        assert db.session.execute(select(ListEntry.kind)).scalars().all() == ["time_up"]


def test_nothing_is_written_before_the_round_starts(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    tid = create_tournament(client)
    paste_players(client, tid, "\n".join(player_names(8)))
    draw_round(client, tid, seed=1)
    info = table_info(app, tid, 4)
    page = client.get(info["url"]).get_data(as_text=True)
    assert "noch nicht begonnen" in page
    response = client.post(info["url"] + "spiel", data=normal_game(info))
    assert response.status_code in (302, 400, 422)
    assert entries(app, info["number"]) == []


def test_a_game_entered_as_points_is_corrected_as_points_tsr_7_3(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    info = table_info(app, running["tid"], 4)
    url, keys = info["url"], info["keys"]
    row = quick(info, "pflichtsolo", (0, 1, 3), "2")
    assert post_form(client, url + "?schnell=1", url + "schnell", row).status_code == 302
    enter(client, info, normal_game(info, (1, 2)))
    correct = url + "eintrag/1"
    page = client.get(correct).get_data(as_text=True)
    # the stored row as it was typed: the three with plus points, 2 each
    assert re.findall(r'name="winners"[^>]*value="([^"]+)" checked', page) == row["winners"]
    assert re.search(r'name="value"[^>]*value="2"', page)
    assert re.search(r'id="schnell-kind-3"[^>]*value="pflichtsolo" checked', page)
    refused = post_form(client, correct, correct, {**row, "winners": keys[:2]})
    assert refused.status_code == 422
    assert "Bei einem Solo spielt einer gegen drei" in refused.get_data(as_text=True)
    fixed = {**row, "winners": [keys[2]], "value": "1"}
    assert post_form(client, correct, correct, fixed).status_code == 302
    assert totals(app, info["number"]) == [-2, 0, 4, -2]
    assert stored(app, info["number"])[0]["player"] == keys[2]


def test_a_stored_row_that_is_no_games_row_is_shown_and_entered_anew(
    app: Flask, client: FlaskClient, running: dict[str, Any]
) -> None:
    """A row written elsewhere (e.g. into the database by hand) that sums to 0 but has no
    game's shape: its correction shows it as written above an empty form."""
    info = table_info(app, running["tid"], 4)
    url, keys, names = info["url"], info["keys"], info["names"]
    row = quick(info, "normal", (0, 1), "2")
    assert post_form(client, url + "?schnell=1", url + "schnell", row).status_code == 302
    [record] = stored(app, info["number"])
    odd = {**record, "points": dict(zip(keys, (3, 1, -2, -2), strict=True))}
    with app.app_context():
        table = db.session.execute(
            select(RoundTable).where(RoundTable.number == info["number"])
        ).scalar_one()
        db.session.execute(
            update(ListEntry)
            .where(ListEntry.table_id == table.id, ListEntry.number == 1)
            .values(record=json.dumps(odd))
        )
        db.session.commit()
    correct = url + "eintrag/1"
    page = client.get(correct).get_data(as_text=True)
    assert (
        f"Bisher eingetragen: {names[0]} +3, {names[1]} +1, {names[2]} -2, {names[3]} -2." in page
    )
    assert re.findall(r'name="winners"[^>]*value="([^"]+)" checked', page) == []
    assert post_form(client, correct, correct, row).status_code == 302
    assert totals(app, info["number"]) == [2, 2, -2, -2]


# ------------------------------------------------------------------ storing: checked first


def _while_checking(monkeypatch: pytest.MonkeyPatch, action: Callable[[], None]) -> None:
    """Run ``action`` once, while the next change of a list is being checked by the engine
    (after the page's request has read the list, before it stores anything)."""
    checked = score_lists._checked_change
    done: list[bool] = []

    def checking(table: RoundTable, entries_: list[dict[str, Any]]) -> Any:
        if not done:
            done.append(True)
            action()
        return checked(table, entries_)

    monkeypatch.setattr(score_lists, "_checked_change", checking)


def _in_another_thread(app: Flask, change: Callable[[], None]) -> Callable[[], None]:
    """``change`` committed by another connection (as a second device or the Turnierleitung)."""

    def run() -> None:
        failed: list[BaseException] = []

        def work() -> None:
            try:
                with app.app_context():
                    change()
                    db.session.commit()
            except BaseException as error:
                failed.append(error)

        thread = threading.Thread(target=work)
        thread.start()
        thread.join(timeout=60)
        assert not failed, failed

    return run


@pytest.mark.sqlite_only
def test_a_save_takes_the_write_lock_only_to_store_the_checked_game(
    app: Flask, client: FlaskClient, running: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the engine checks a game, other tables' saves can write (SQLite's single write
    lock is not held), so saves at many tables are checked side by side."""
    info = table_info(app, running["tid"], 4)
    with app.app_context():
        path = db.engine.url.database
    assert path is not None
    others: list[bool] = []
    _while_checking(monkeypatch, lambda: others.append(others_can_write(path)))
    saved = enter(client, info, normal_game(info), base="code_url")
    assert saved.status_code == 302
    assert others == [True]
    assert len(entries(app, info["number"])) == 1


def test_a_list_locked_while_the_game_was_checked_stores_nothing(
    app: Flask, client: FlaskClient, running: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What was read is proved current when the game is stored: the Turnierleitung locking
    the list in between refuses the list-keeper's save."""
    info = table_info(app, running["tid"], 4)

    def lock() -> None:
        db.session.execute(
            update(RoundTable).where(RoundTable.number == info["number"]).values(locked=True)
        )

    _while_checking(monkeypatch, _in_another_thread(app, lock))
    keeper = app.test_client()  # the code alone (signed-in staff write on a locked list)
    saved = enter(keeper, info, normal_game(info), base="code_url")
    assert saved.status_code == 422
    page = saved.get_data(as_text=True)
    assert "von der Turnierleitung gesperrt" in page
    assert 'value="130"' in page  # the input is kept
    assert entries(app, info["number"]) == []
    assert totals(app, info["number"]) == [0, 0, 0, 0]


def test_a_game_saved_on_another_device_while_this_one_was_checked_is_reported(
    app: Flask, client: FlaskClient, running: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two devices on one list, the second saving while the first one's game is checked:
    one game is stored, and the first device is told what was saved instead."""
    info = table_info(app, running["tid"], 4)

    def other_device() -> None:
        table = db.session.execute(
            select(RoundTable).where(RoundTable.number == info["number"])
        ).scalar_one()
        game = {
            "kind": "game",
            "type": "normal",
            "re": [info["keys"][2], info["keys"][3]],
            "re_eyes": 150,
            "re_tricks": 7,
        }
        add_entry(Actor(None, by_code=True), table, table.version, game)

    _while_checking(monkeypatch, _in_another_thread(app, other_device))
    saved = enter(client, info, normal_game(info), base="code_url")
    assert saved.status_code == 409
    page = saved.get_data(as_text=True)
    assert "Ein anderes Gerät war schneller" in page
    assert f"Re: {info['names'][2]}, {info['names'][3]}" in page
    assert 'value="130"' in page  # the input is kept
    [stored] = entries(app, info["number"])
    assert json.loads(stored)["re"] == [info["keys"][2], info["keys"][3]]
