"""The Startgeld desk and the prize list on the app's pages (SQLite and PostgreSQL): paying
in cash and by transfer, undoing a wrong mark, a refund for a player who withdrew before
round 1, the totals; the prize rules with German messages at the field for bad input; the
prize list after the last round agreeing with a computation written here from the
tournament's own standings (its CSV), provisional for the Turnierleitung before."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.apps import CopiedDay
from tests.support.protokoll import links
from tests.support.webapp import (
    USERNAME,
    audit_events,
    complete_lists,
    create_tournament,
    draw_round,
    field_errors,
    flashes,
    log_out,
    paste_players,
    player_names,
    round_action,
    sign_in,
    submit,
)

RULES = {
    "entry_fee": "10",
    "kept_back": "5",
    "share_1": "50",
    "share_2": "30",
    "share_3": "20",
    "category_1_name": "Damen",
    "category_1_prize": "7,5",
    "category_1_members": "2, 5",
}


def _registration_ids(client: FlaskClient, tid: int) -> dict[int, int]:
    """Start number -> registration id, from the desk's forms."""
    page = client.get(f"/turniere/{tid}/kasse").get_data(as_text=True)
    found = re.findall(r'id="spieler-(\d+)">.*?/kasse/(\d+)/', page, re.S)
    return {int(number): int(reg) for number, reg in found}


def _press(client: FlaskClient, tid: int, reg: int, action: str, **data: str) -> str:
    path = f"/turniere/{tid}/kasse"
    response = submit(client, path, f"{path}/{reg}/{action}", data or None, follow=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _build(app: Flask, client: FlaskClient, *, finish: bool) -> dict[str, Any]:
    sign_in(app, client)
    tid = create_tournament(client, "Preisturnier", rounds=1)
    paste_players(client, tid, "\n".join(player_names(9)))
    response = submit(client, f"/turniere/{tid}/preisregeln", data=RULES, follow=True)
    assert "Die Preisregeln sind gespeichert." in flashes(response.get_data(as_text=True))
    regs = _registration_ids(client, tid)
    for number in range(1, 10):
        _press(client, tid, regs[number], "bar" if number % 2 else "ueberweisung")
    # Number 9 withdraws before round 1 and gets his money back.
    players = f"/turniere/{tid}/spieler/"
    submit(client, players, f"{players}{regs[9]}/zurueckziehen", follow=True)
    _press(client, tid, regs[9], "erstatten")
    draw_round(client, tid, seed=3)
    round_action(client, tid, 1, "starten")
    complete_lists(app, tid, 1, seed=7)
    if finish:
        round_action(client, tid, 1, "abschliessen")
    return {"tid": tid, "regs": regs}


@pytest.fixture
def finished(copied_day: CopiedDay) -> dict[str, Any]:
    return dict(
        copied_day(
            (__name__, "finished"), lambda: _build(copied_day.app, copied_day.client, finish=True)
        )
    )


@pytest.fixture
def playing(copied_day: CopiedDay) -> dict[str, Any]:
    return dict(
        copied_day(
            (__name__, "playing"), lambda: _build(copied_day.app, copied_day.client, finish=False)
        )
    )


def _csv(client: FlaskClient, path: str) -> list[list[str]]:
    response = client.get(path)
    assert response.status_code == 200, path
    assert response.data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(response.data.decode("utf-8-sig")), delimiter=";"))


def _cents(text: str) -> int:
    euros, cents = text.split(",")
    return int(euros) * 100 + int(cents)


def _expected(client: FlaskClient, tid: int) -> dict[tuple[str, int], int]:
    """(prize kind, start number) -> cents, worked out from the standings' CSV by the rules
    of docs/prizes.md: pool = pot - kept back - special prizes; equal totals share the
    prizes of the places they occupy, rounded down to cents; one prize per player."""
    header, *rows = _csv(client, f"/turniere/{tid}/stand.csv")
    nr, total = header.index("Nr."), header.index("Summe")
    played = [(int(row[nr]), int(row[total])) for row in rows if int(row[nr]) != 9]
    pot = 8 * 1000
    pool = pot - 500 - 750
    places = [pool * 5000 // 10000, pool * 3000 // 10000, pool * 2000 // 10000]
    played.sort(key=lambda p: (-p[1], p[0]))
    expected: dict[tuple[str, int], int] = {}
    place = 1
    i = 0
    while i < len(played) and place <= 3:
        group = [p for p in played if p[1] == played[i][1]]
        shared = sum(places[k - 1] for k in range(place, min(place + len(group) - 1, 3) + 1))
        for number, _ in group:
            expected[("place", number)] = shared // len(group)
        place += len(group)
        i += len(group)
    ladies = [p for p in played if p[0] in (2, 5) and ("place", p[0]) not in expected]
    if ladies:
        best = max(t for _, t in ladies)
        winners = [n for n, t in ladies if t == best]
        for number in winners:
            expected[("category", number)] = 750 // len(winners)
    return {key: value for key, value in expected.items() if value > 0}


def test_the_prize_list_agrees_with_the_standings_and_is_public_after_the_last_round(
    client: FlaskClient, finished: dict[str, Any]
) -> None:
    tid = finished["tid"]
    header, *rows = _csv(client, f"/turniere/{tid}/preisliste.csv")
    assert header == ["Platz", "Preis", "Nr.", "Name", "Punkte", "Betrag (€)"]
    got = {
        ("category" if "Damen" in row[1] else "place", int(row[2])): _cents(row[5]) for row in rows
    }
    expected = _expected(client, tid)
    assert len(expected) >= 3
    assert got == expected
    assert all(int(row[2]) != 9 for row in rows)
    log_out(client)
    page = client.get(f"/turniere/{tid}/preisliste").get_data(as_text=True)
    assert "vorläufig" not in page
    assert "Topf: 80,00 €" in page
    assert "Einbehalt: 5,00 €" in page
    assert client.get(f"/turniere/{tid}/preisliste.pdf").status_code == 200
    standings = client.get(f"/turniere/{tid}/stand").get_data(as_text=True)
    assert f'href="/turniere/{tid}/preisliste"' in standings


def test_before_the_last_round_only_the_leitung_sees_it_marked_provisional(
    client: FlaskClient, playing: dict[str, Any]
) -> None:
    tid = playing["tid"]
    page = client.get(f"/turniere/{tid}/preisliste").get_data(as_text=True)
    assert "Preisliste (vorläufig)" in page
    assert "nur die Turnierleitung sieht diese Liste" in page
    log_out(client)
    page = client.get(f"/turniere/{tid}/preisliste").get_data(as_text=True)
    assert "Die Preisliste erscheint nach der letzten Runde." in page
    assert "Betrag" not in page
    assert client.get(f"/turniere/{tid}/preisliste.csv").status_code == 404
    assert client.get(f"/turniere/{tid}/preisliste.pdf").status_code == 404
    standings = client.get(f"/turniere/{tid}/stand").get_data(as_text=True)
    assert "/preisliste" not in standings


def test_the_desk_totals_a_refund_an_undo_and_who_recorded_each(
    app: Flask, client: FlaskClient, playing: dict[str, Any]
) -> None:
    tid, regs = playing["tid"], playing["regs"]
    page = client.get(f"/turniere/{tid}").get_data(as_text=True)
    assert f'href="/turniere/{tid}/kasse"' in page
    assert f'href="/turniere/{tid}/preisregeln"' in page
    page = client.get(f"/turniere/{tid}/kasse").get_data(as_text=True)

    def total(name: str, markup: str) -> str:
        found = re.search(rf'id="summe-{name}">([^<]*)<', markup)
        assert found is not None
        return found.group(1)

    # 5 in cash (1, 3, 5, 7, 9), 4 by transfer, 9 paid back; 8 owe 80 EUR.
    assert total("bar", page) == "50,00 €"
    assert total("ueberweisung", page) == "40,00 €"
    assert total("erstattet", page) == "10,00 €"
    assert total("erwartet", page) == "80,00 €"
    assert total("offen", page) == "0,00 €"
    assert total("topf", page) == "80,00 €"
    assert f"erfasst von {USERNAME} am" in page
    # A wrong mark undone: number 4 is open again, and paying twice is refused.
    undo_page = client.get(f"/turniere/{tid}/kasse").get_data(as_text=True)
    payment = re.search(
        rf'/kasse/{regs[4]}/rueckgaengig.*?name="payment" value="(\d+)"', undo_page, re.S
    )
    assert payment is not None
    page = _press(client, tid, regs[4], "rueckgaengig")
    assert any("rückgängig gemacht" in text for text in flashes(page))
    assert total("offen", page) == "10,00 €"
    assert total("ueberweisung", page) == "30,00 €"
    assert "rückgängig gemacht" in page  # the entry stays, marked
    page = _press(client, tid, regs[4], "bar")
    assert total("offen", page) == "0,00 €"
    token_page = client.get(f"/turniere/{tid}/kasse").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', token_page)
    token = token or re.search(r'name="csrf_token" value="([^"]+)"', token_page)
    assert token is not None
    again = client.post(
        f"/turniere/{tid}/kasse/{regs[4]}/bar",
        data={"csrf_token": token.group(1)},
        follow_redirects=True,
    )
    assert "hat das Startgeld schon bezahlt" in " ".join(flashes(again.get_data(as_text=True)))
    # Back at the player's row of the desk as it was filtered.
    back = client.post(
        f"/turniere/{tid}/kasse/{regs[4]}/bar?q=4", data={"csrf_token": token.group(1)}
    )
    assert back.headers["Location"].endswith(f"/turniere/{tid}/kasse?q=4#spieler-4")
    # A refund is a payment back, not a deletion; the search finds the player.
    page = client.get(f"/turniere/{tid}/kasse?q=9").get_data(as_text=True)
    assert "erstattet" in page
    assert page.count('id="spieler-') == 1
    page = client.get(f"/turniere/{tid}/kasse?zeigen=offen").get_data(as_text=True)
    assert page.count('id="spieler-') == 0
    # The Protokoll has each entry with its user.
    paid = audit_events(app, "entry_fee_paid")
    assert len(paid) == 10
    assert all(event.user_id is not None for event in paid)
    [refund] = audit_events(app, "entry_fee_refunded")
    assert json.loads(refund.new_value or "") == {"payment": "refund", "amount": 1000}
    [undone] = audit_events(app, "entry_fee_undone")
    assert json.loads(undone.old_value or "") == {"payment": "transfer", "amount": 1000}
    log_out(client)
    assert client.get(f"/turniere/{tid}/kasse").status_code in (302, 303, 401, 403)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("entry_fee", "-10", "Ein Betrag darf nicht negativ sein."),
        ("entry_fee", "zehn", "„zehn“ ist kein Geldbetrag"),
        ("kept_back", "5 Euro", "„5 Euro“ ist kein Geldbetrag"),
        ("share_2", "60", "Die Anteile ergeben zusammen 130 %"),
        ("share_1", "abc", "„abc“ ist kein Prozentsatz"),
        ("category_1_members", "", "Die Kategorie „Damen“ hat keinen Spieler"),
        ("category_1_members", "2, 77", "Startnummer 77 gibt es in diesem Turnier nicht."),
        ("category_1_members", "zwei", "„zwei“ ist keine Startnummer."),
    ],
)
def test_bad_rules_get_a_german_message_at_their_field(
    client: FlaskClient, playing: dict[str, Any], field: str, value: str, message: str
) -> None:
    tid = playing["tid"]
    path = f"/turniere/{tid}/preisregeln"
    response = submit(client, path, data={field: value})
    assert response.status_code == 200
    errors = field_errors(response.get_data(as_text=True), field)
    assert any(message in error for error in errors), errors
    # nothing stored: the desk still asks 10 EUR
    desk = client.get(f"/turniere/{tid}/kasse").get_data(as_text=True)
    assert "Startgeld: 10,00 € je Spieler" in desk


def test_a_german_comma_amount_is_accepted(client: FlaskClient, playing: dict[str, Any]) -> None:
    tid = playing["tid"]
    path = f"/turniere/{tid}/preisregeln"
    response = submit(client, path, data={"entry_fee": "12,5"}, follow=True)
    assert "Die Preisregeln sind gespeichert." in flashes(response.get_data(as_text=True))
    page = client.get(path).get_data(as_text=True)
    assert 'value="12,50"' in page
    desk = client.get(f"/turniere/{tid}/kasse").get_data(as_text=True)
    assert "Startgeld: 12,50 € je Spieler" in desk
    # everyone paid 10 EUR: each owes 2,50 EUR more
    assert re.search(r'id="summe-offen">20,00 €<', desk)


def test_the_protokoll_tells_each_desk_entry_in_german(
    client: FlaskClient, playing: dict[str, Any]
) -> None:
    found = list(links(client))
    assert [text for text in found if "Startgeld erstattet" in text] == [
        f"Spieler 009 (Nr. 9): Startgeld erstattet von {USERNAME}: "
        "Zahlart Erstattung; Betrag (Cent) 1000"
    ]
    assert (
        f"Spieler 002 (Nr. 2): Startgeld erfasst von {USERNAME}: "
        "Zahlart Überweisung; Betrag (Cent) 1000" in found
    )
    rules = [text for text in found if "Preisregeln geändert" in text]
    assert len(rules) == 1 and "Startgeld (Cent) 1000" in rules[0]
