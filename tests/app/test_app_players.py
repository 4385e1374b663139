"""Registering players on the pages: the pasted list with its preview, corrections, withdrawal.

A pasted list is registered all or nothing, only after the preview is confirmed; a name the
database knows already needs a decision (same player or a new one), never a silent merge.
"""

from __future__ import annotations

import json
import re
import unicodedata

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from tests.support import apps
from tests.support.webapp import (
    audit_events,
    complete_lists,
    create_tournament,
    csrf_token,
    draw_round,
    field_errors,
    flashes,
    paste_players,
    player_names,
    preview,
    round_action,
    send,
    sign_in,
    snapshot,
    submit,
)
from tournament.extensions import db
from tournament.models import Player, Registration, Tournament

STALE = "Diese Seite war nicht mehr aktuell"
SCRIPT = "<script>alert(1)</script>"
NOTHING = (
    "Bitte die Zeilen mit Fehler im Textfeld korrigieren und erneut prüfen. Es wurde noch "
    "niemand angemeldet."
)


def _registered(app: Flask, tournament_id: int) -> list[tuple[int, str, str, str | None, int]]:
    """(start number, name, club, DDV number, player id) of every registration."""
    with app.app_context():
        query = (
            select(
                Registration.start_number,
                Player.name,
                Player.club,
                Player.ddv_number,
                Player.id,
            )
            .join(Player)
            .where(Registration.tournament_id == tournament_id)
            .order_by(Registration.start_number)
        )
        return [tuple(row) for row in db.session.execute(query).all()]


def _names(app: Flask, tournament_id: int) -> list[str]:
    return [name for _, name, _, _, _ in _registered(app, tournament_id)]


def _player_count(app: Flask) -> int:
    with app.app_context():
        return db.session.execute(select(func.count(Player.id))).scalar_one()


def _registration(app: Flask, tournament_id: int, start_number: int) -> Registration:
    with app.app_context():
        query = select(Registration).where(
            Registration.tournament_id == tournament_id,
            Registration.start_number == start_number,
        )
        registration = db.session.execute(query).scalar_one()
        db.session.expunge(registration)
        return registration


_ROW = re.compile(r'<tr class="(ok|match|refused)">\s*<td>(\d+)</td>(.*?)</tr>', re.S)


def _preview_rows(page: str) -> list[tuple[int, str, str]]:
    """(line, ok/match/refused, the row's text) of every line of the preview."""
    rows = []
    for kind, line, cells in _ROW.findall(page):
        text = " ".join(re.sub(r"<[^>]+>", " ", cells).split())
        rows.append((int(line), kind, text))
    return rows


def _confirm_anyway(client: FlaskClient, tournament_id: int, text: str, **extra: str) -> str:
    """Send the confirmation directly (as an old page or a crafted request would); followed."""
    path = f"/turniere/{tournament_id}/spieler/"
    page = client.get(path).get_data(as_text=True)
    response = send(
        client,
        page,
        f"{path}einfuegen",
        {"text": text, "bestaetigen": "1", **extra},
        follow=True,
    )
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.fixture
def tournament(app: Flask, client: FlaskClient) -> int:
    """Signed in as the Turnierleitung, with an empty tournament."""
    sign_in(app, client)
    return create_tournament(client)


# ------------------------------------------------------------------ paste and preview


def test_paste_shows_a_preview_first_and_stores_nothing(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    before = snapshot(app)
    text = "Anna Schmidt; DK Kiel; 12345\n\n   \nBernd Meier\nClara Wolf; Herz-Buben Hamburg\n"
    response = preview(client, tournament, text)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Vorschau der Anmeldung" in page
    assert _preview_rows(page) == [
        (1, "ok", "Anna Schmidt DDV 12345 DK Kiel neu"),
        (4, "ok", "Bernd Meier neu"),
        (5, "ok", "Clara Wolf Herz-Buben Hamburg neu"),
    ]
    assert "3 Spieler anmelden" in page
    assert snapshot(app) == before


def test_confirmed_paste_registers_everyone_with_start_numbers_in_order(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    text = "Anna Schmidt; DK Kiel; 12345\n\n  Bernd   Meier  \r\n;;\nClara Wolf; Herz-Buben Hamburg"
    page = paste_players(client, tournament, text).get_data(as_text=True)
    assert "3 Spieler angemeldet." in flashes(page)
    assert _registered(app, tournament) == [
        (1, "Anna Schmidt", "DK Kiel", "12345", 1),
        (2, "Bernd Meier", "", None, 2),
        (3, "Clara Wolf", "Herz-Buben Hamburg", None, 3),
    ]
    assert "Angemeldet (3)" in page
    assert "DDV 12345" in page
    registered = audit_events(app, "register")
    assert [json.loads(e.new_value or "")["name"] for e in registered] == [
        "Anna Schmidt",
        "Bernd Meier",
        "Clara Wolf",
    ]
    assert json.loads(registered[0].new_value or "") == {
        "name": "Anna Schmidt",
        "club": "DK Kiel",
        "ddv_number": "12345",
        "start_number": 1,
        "first_round": 1,
        "fixed_table": None,
    }
    # A second paste continues the start numbers.
    paste_players(client, tournament, "Dora Kurz\nEmil Lang")
    assert [n for n, *_ in _registered(app, tournament)] == [1, 2, 3, 4, 5]


def test_the_players_page_reads_no_more_queries_for_more_players(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    """The list of registered players reads each player with its registration: 48 players
    cost the page as many queries as 12 (a 400-player day opens it often while registering)."""
    path = f"/turniere/{tournament}/spieler/"
    counts = []
    for start, count in ((1, 12), (13, 36)):
        paste_players(client, tournament, "\n".join(player_names(count, start=start)))
        with apps.statements_seen(app) as seen:
            page = client.get(path).get_data(as_text=True)
        assert f"Angemeldet ({start + count - 1})" in page
        assert page.count('class="edit-link"') == start + count - 1
        counts.append(len(seen))
    assert counts[0] == counts[1], counts


def test_a_paste_runs_no_more_statements_for_more_players(
    app: Flask, client: FlaskClient, backend: str
) -> None:
    """Registering a pasted list reads what it checks once, whatever its length; on
    PostgreSQL it also writes its players, their registrations and their events in one
    statement each (SQLite takes an INSERT per row, a cheap one without a network): a list of
    48 runs as many statements as a list of 12 (a 400-player list took about 1,600)."""
    sign_in(app, client)
    counts = []
    for start, count in ((1, 12), (13, 48)):
        tournament = create_tournament(client)
        page = preview(client, tournament, "\n".join(player_names(count, start=start)))
        with apps.statements_seen(app) as seen:
            send(
                client,
                page.get_data(as_text=True),
                f"/turniere/{tournament}/spieler/einfuegen",
                button="bestaetigen",
            )
        assert len(_registered(app, tournament)) == count
        writes = [statement for statement in seen if statement.startswith("INSERT")]
        counts.append((len(seen) - len(writes), len(writes) if backend == "postgresql" else 0))
    assert counts[0] == counts[1], counts


def test_paste_of_41_players(app: Flask, client: FlaskClient, tournament: int) -> None:
    names = player_names(41)
    page = paste_players(client, tournament, "\n".join(names)).get_data(as_text=True)
    assert "41 Spieler angemeldet." in flashes(page)
    registered = _registered(app, tournament)
    assert [n for n, *_ in registered] == list(range(1, 42))
    assert [name for _, name, *_ in registered] == names
    overview = client.get(f"/turniere/{tournament}").get_data(as_text=True)
    assert "Spieler (41 aktiv)" in overview


def test_line_repeated_in_name_club_and_number_is_refused_with_its_line_number(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    before = snapshot(app)
    text = "Anna Schmidt\nBernd Meier\n\n  anna   SCHMIDT "
    page = preview(client, tournament, text).get_data(as_text=True)
    assert _preview_rows(page)[-1] == (
        4,
        "refused",
        "anna SCHMIDT Fehler: anna SCHMIDT steht genauso schon in Zeile 1"
        " – eine andere Person gleichen Namens bitte mit Verein oder DDV-Nr. eintragen",
    )
    assert "Spieler anmelden</button>" not in page
    assert NOTHING in flashes(page)
    page = _confirm_anyway(client, tournament, text)
    assert (
        "Nichts angemeldet. Zeile 4: anna SCHMIDT steht genauso schon in Zeile 1 – eine andere "
        "Person gleichen Namens bitte mit Verein oder DDV-Nr. eintragen."
    ) in flashes(page)
    assert snapshot(app) == before


def test_unicode_spellings_of_one_name_count_as_repeats(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    composed = "Jörg Müller"
    decomposed = unicodedata.normalize("NFD", composed)
    assert composed != decomposed
    page = preview(client, tournament, f"{composed}\n{decomposed}").get_data(as_text=True)
    assert _preview_rows(page)[1][1] == "refused"
    assert "steht genauso schon in Zeile 1" in _preview_rows(page)[1][2]


def test_registered_player_repeated_refuses_the_whole_paste(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "Anna Schmidt\nBernd Meier")
    before = snapshot(app)
    text = "Clara Wolf\nBERND MEIER\nDora Kurz"
    page = preview(client, tournament, text).get_data(as_text=True)
    assert [kind for _, kind, _ in _preview_rows(page)] == ["ok", "refused", "ok"]
    assert "BERND MEIER ist schon angemeldet (Startnummer 2)" in _preview_rows(page)[1][2]
    page = _confirm_anyway(client, tournament, text)
    assert (
        "Nichts angemeldet. Zeile 2: BERND MEIER ist schon angemeldet (Startnummer 2) – eine "
        "andere Person gleichen Namens bitte mit Verein oder DDV-Nr. eintragen."
    ) in flashes(page)
    assert snapshot(app) == before
    assert _names(app, tournament) == ["Anna Schmidt", "Bernd Meier"]


def test_namesakes_in_one_paste_are_registered_as_two_people_with_a_note(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    text = "Hans Müller; SC Bonn\nAnna Schmidt\nhans  MÜLLER; ; 4711"
    page = preview(client, tournament, text).get_data(as_text=True)
    rows = _preview_rows(page)
    assert [kind for _, kind, _ in rows] == ["ok", "ok", "ok"]
    assert "gleichnamig mit Zeile 1 – wird als weitere Person angemeldet" in rows[2][2]
    assert "gleichnamig" not in rows[0][2] + rows[1][2]
    page = paste_players(client, tournament, text).get_data(as_text=True)
    assert "3 Spieler angemeldet." in flashes(page)
    registered = _registered(app, tournament)
    assert [(n, name, club, ddv) for n, name, club, ddv, _ in registered] == [
        (1, "Hans Müller", "SC Bonn", None),
        (2, "Anna Schmidt", "", None),
        (3, "hans MÜLLER", "", "4711"),
    ]
    assert registered[0][4] != registered[2][4]  # two Player rows
    listing = client.get(f"/turniere/{tournament}/spieler/").get_data(as_text=True)
    assert "Hans Müller (Nr. 1, SC Bonn)" in listing
    assert "hans MÜLLER (Nr. 3, DDV 4711)" in listing
    assert "Anna Schmidt (Nr." not in listing


def test_namesake_of_a_registered_player_is_registered_later_with_a_note(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "Hans Müller\nAnna Schmidt")
    text = "Hans Müller; SC Bonn"
    page = preview(client, tournament, text).get_data(as_text=True)
    [row] = _preview_rows(page)
    # The registered Hans Müller is no choice: he cannot play twice.
    assert row[1] == "ok"
    assert "gleichnamig mit Startnummer 1 – wird als weitere Person angemeldet" in row[2]
    page = paste_players(client, tournament, text).get_data(as_text=True)
    assert "1 Spieler angemeldet." in flashes(page)
    assert [(n, name, club) for n, name, club, *_ in _registered(app, tournament)] == [
        (1, "Hans Müller", ""),
        (2, "Anna Schmidt", ""),
        (3, "Hans Müller", "SC Bonn"),
    ]


def test_the_same_ddv_number_twice_is_still_refused(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "Hans Müller; SC Bonn; 4711")
    before = snapshot(app)
    page = preview(client, tournament, "Hans Müller; TSV Köln; 4711").get_data(as_text=True)
    [row] = _preview_rows(page)
    assert row[1] == "refused"
    assert "DDV-Nr. 4711 ist schon angemeldet (Hans Müller)" in row[2]
    page = preview(client, tournament, "Eva Roth; ; 99\nEva Roth; DK Kiel; 99").get_data(
        as_text=True
    )
    assert "hat dieselbe DDV-Nr. 99 wie Zeile 1" in _preview_rows(page)[1][2]
    assert snapshot(app) == before


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("N" * 81, "ist länger als 80 Zeichen"),
        ("Anna; " + "V" * 121, "hat einen Vereinsnamen über 120 Zeichen"),
        ("Anna; DK Kiel; 12 34!", "hat keine gültige DDV-Nr."),
        ("Anna; DK Kiel; 1234; mehr", "hat mehr als drei Teile (Name; Verein; DDV-Nr.)"),
        ("; DK Kiel", "hat keinen Namen"),
        # Excel's error values would not read back from the workbook's Spieler sheet.
        ("#NV; DK Kiel", "hat als Namen „#NV“, einen Fehlerwert von Excel"),
        ("Anna; #wert!", "hat als Verein „#wert!“, einen Fehlerwert von Excel"),
    ],
)
def test_bad_line_is_refused_with_its_line_number(
    app: Flask, client: FlaskClient, tournament: int, line: str, problem: str
) -> None:
    before = snapshot(app)
    text = f"Bernd Meier\n{line}\nClara Wolf"
    page = preview(client, tournament, text).get_data(as_text=True)
    rows = _preview_rows(page)
    assert [(number, kind) for number, kind, _ in rows] == [(1, "ok"), (2, "refused"), (3, "ok")]
    assert problem in rows[1][2]
    page = _confirm_anyway(client, tournament, text)
    [message] = [m for m in flashes(page) if m.startswith("Nichts angemeldet.")]
    assert message.startswith("Nichts angemeldet. Zeile 2: ")
    assert problem in message
    assert snapshot(app) == before


def test_longest_allowed_name_is_registered(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "N" * 80)
    assert _names(app, tournament) == ["N" * 80]


def test_more_than_500_lines_are_refused(app: Flask, client: FlaskClient, tournament: int) -> None:
    before = snapshot(app)
    text = "\n".join(player_names(501))
    page = preview(client, tournament, text).get_data(as_text=True)
    assert field_errors(page, "text") == ["Höchstens 500 Zeilen auf einmal (eingefügt: 501)."]
    assert "Spieler anmelden</button>" not in page
    page = _confirm_anyway(client, tournament, text)
    assert "Höchstens 500 Zeilen auf einmal (eingefügt: 501)." in flashes(page)
    assert snapshot(app) == before


def test_500_lines_are_accepted(app: Flask, client: FlaskClient, tournament: int) -> None:
    text = "Anna Schmidt" + "\n" * 498 + "Bernd Meier"
    assert len(text.splitlines()) == 499
    page = paste_players(client, tournament, text + "\nClara Wolf").get_data(as_text=True)
    assert "3 Spieler angemeldet." in flashes(page)


def test_empty_paste_is_refused(app: Flask, client: FlaskClient, tournament: int) -> None:
    before = snapshot(app)
    response = preview(client, tournament, "")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert field_errors(page, "text") == ["Bitte mindestens einen Namen eingeben."]
    page = _confirm_anyway(client, tournament, " \n ; ;\n")
    assert "Die Liste ist leer: bitte einen Namen pro Zeile eingeben." in flashes(page)
    assert snapshot(app) == before


def test_hostile_names_are_shown_escaped_and_control_characters_removed(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    text = f"{SCRIPT}; \"Kreuz\" & 'Pik'\nAnna\tSchmidt\u0007\nÖzil Çelik 🂡"
    page = preview(client, tournament, text).get_data(as_text=True)
    assert SCRIPT not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    paste_players(client, tournament, text)
    assert _names(app, tournament) == [SCRIPT, "Anna Schmidt", "Özil Çelik 🂡"]
    for path in (f"/turniere/{tournament}/spieler/", f"/turniere/{tournament}/spieler/1"):
        page = client.get(path).get_data(as_text=True)
        assert SCRIPT not in page, path
        assert "&lt;script&gt;" in page, path
    listing = client.get(f"/turniere/{tournament}/spieler/").get_data(as_text=True)
    assert "&#34;Kreuz&#34; &amp; &#39;Pik&#39;" in listing
    assert "Özil Çelik 🂡" in listing
    # A refusal that quotes the name escapes it too.
    page = _confirm_anyway(client, tournament, f"Neu\n{SCRIPT}; \"Kreuz\" & 'Pik'")
    assert f"Nichts angemeldet. Zeile 2: {SCRIPT} ist schon angemeldet (Startnummer 1) – " in (
        " ".join(flashes(page))
    )
    assert SCRIPT not in page


# ------------------------------------------------------------------ names the database knows


@pytest.fixture
def known(app: Flask, client: FlaskClient, tournament: int) -> int:
    """Anna Schmidt (DK Kiel, DDV 111) played the first tournament; a second one is empty."""
    paste_players(client, tournament, "Anna Schmidt; DK Kiel; 111\nBernd Meier")
    return create_tournament(client, "Wintertunier")


def test_known_name_is_pointed_out_in_the_preview(
    app: Flask, client: FlaskClient, known: int
) -> None:
    page = preview(client, known, "anna schmidt\nClara Wolf").get_data(as_text=True)
    rows = _preview_rows(page)
    assert rows[0][1] == "match"
    assert "Diesen Namen gibt es schon. Wer ist gemeint?" in rows[0][2]
    assert "derselbe Spieler: Anna Schmidt (DK Kiel), DDV 111" in rows[0][2]
    assert "ein anderer Spieler mit gleichem Namen (neu anlegen)" in rows[0][2]
    assert rows[1][1] == "ok"


def test_a_known_player_registered_already_is_no_choice_for_a_namesake(
    app: Flask, client: FlaskClient, known: int
) -> None:
    paste_players(client, known, "Anna Schmidt", {"zeile-1": "1"})
    page = preview(client, known, "Anna Schmidt; SV Neumünster").get_data(as_text=True)
    [row] = _preview_rows(page)
    assert row[1] == "ok"
    assert "derselbe Spieler" not in row[2]
    assert "gleichnamig mit Startnummer 1" in row[2]
    paste_players(client, known, "Anna Schmidt; SV Neumünster", {"zeile-1": "1"})
    registered = _registered(app, known)
    assert [(n, name, club) for n, name, club, *_ in registered] == [
        (1, "Anna Schmidt", "DK Kiel"),
        (2, "Anna Schmidt", "SV Neumünster"),
    ]
    assert registered[0][4] == 1 and registered[1][4] != 1


def test_known_name_without_decision_stores_nothing(
    app: Flask, client: FlaskClient, known: int
) -> None:
    before = snapshot(app)
    page = paste_players(client, known, "Clara Wolf\nAnna Schmidt").get_data(as_text=True)
    assert (
        "Nichts angemeldet. Zeile 2: Anna Schmidt gibt es schon in der Datenbank; bitte "
        "auswählen, ob es derselbe Spieler ist oder ein neuer." in flashes(page)
    )
    assert snapshot(app) == before
    # The preview is shown again, with the choice still to make.
    assert "Diesen Namen gibt es schon. Wer ist gemeint?" in page


@pytest.mark.parametrize("decision", ["", "abc", "999", "-1", "neu ", "NEU"])
def test_known_name_with_garbage_decision_stores_nothing(
    app: Flask, client: FlaskClient, known: int, decision: str
) -> None:
    before = snapshot(app)
    page = _confirm_anyway(client, known, "Anna Schmidt", **{"zeile-1": decision})
    assert any("bitte auswählen" in message for message in flashes(page))
    assert snapshot(app) == before


def test_choosing_the_same_player_registers_the_existing_player(
    app: Flask, client: FlaskClient, tournament: int, known: int
) -> None:
    [(_, _, _, _, anna_id), *_] = _registered(app, tournament)
    players = _player_count(app)
    page = paste_players(
        client, known, "Clara Wolf\nAnna Schmidt", {"zeile-2": str(anna_id)}
    ).get_data(as_text=True)
    assert "2 Spieler angemeldet." in flashes(page)
    assert _player_count(app) == players + 1
    assert _registered(app, known) == [
        (1, "Clara Wolf", "", None, players + 1),
        (2, "Anna Schmidt", "DK Kiel", "111", anna_id),
    ]


def test_choosing_new_creates_another_player_of_the_same_name(
    app: Flask, client: FlaskClient, tournament: int, known: int
) -> None:
    [(_, _, _, _, anna_id), *_] = _registered(app, tournament)
    players = _player_count(app)
    page = paste_players(client, known, "Anna Schmidt; TSV Kiel", {"zeile-1": "neu"})
    assert "1 Spieler angemeldet." in flashes(page.get_data(as_text=True))
    assert _player_count(app) == players + 1
    [(number, name, club, ddv, player_id)] = _registered(app, known)
    assert (number, name, club, ddv) == (1, "Anna Schmidt", "TSV Kiel", None)
    assert player_id != anna_id


def test_known_ddv_number_under_another_name_needs_a_decision(
    app: Flask, client: FlaskClient, tournament: int, known: int
) -> None:
    [(_, _, _, _, anna_id), *_] = _registered(app, tournament)
    page = preview(client, known, "Anna Schmidt-Berg; DK Kiel; 111").get_data(as_text=True)
    assert "derselbe Spieler: Anna Schmidt (DK Kiel), DDV 111" in _preview_rows(page)[0][2]
    before = snapshot(app)
    page = paste_players(client, known, "Anna Schmidt-Berg; DK Kiel; 111", {"zeile-1": "neu"})
    assert (
        "Nichts angemeldet. Zeile 1: Die DDV-Nr. 111 gehört schon einem Spieler; ein neuer "
        "Spieler kann sie nicht bekommen." in flashes(page.get_data(as_text=True))
    )
    assert snapshot(app) == before
    paste_players(client, known, "Anna Schmidt-Berg; DK Kiel; 111", {"zeile-1": str(anna_id)})
    assert [player_id for *_, player_id in _registered(app, known)] == [anna_id]


def test_same_ddv_number_twice_in_one_paste_is_refused_with_line_number(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    before = snapshot(app)
    text = "Anna Schmidt; DK Kiel; 4711\nBernd Meier; DK Kiel; 4711"
    page = _confirm_anyway(client, tournament, text)
    assert any(m.startswith("Nichts angemeldet. Zeile 2:") for m in flashes(page))
    assert snapshot(app) == before
    page = preview(client, tournament, text).get_data(as_text=True)
    assert _preview_rows(page)[1][1] == "refused"


def test_two_lines_meaning_the_same_known_player_are_refused(
    app: Flask, client: FlaskClient, tournament: int, known: int
) -> None:
    [(_, _, _, _, anna_id), *_] = _registered(app, tournament)
    before = snapshot(app)
    text = "Anna Schmidt\nA. Schmidt; DK Kiel; 111"
    decisions = {"zeile-1": str(anna_id), "zeile-2": str(anna_id)}
    page = paste_players(client, known, text, decisions).get_data(as_text=True)
    assert any(m.startswith("Nichts angemeldet.") for m in flashes(page))
    assert snapshot(app) == before


# ------------------------------------------------------------------ two tabs, double clicks


def test_same_confirmation_sent_twice_registers_the_players_once(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    path = f"/turniere/{tournament}/spieler/einfuegen"
    page = preview(client, tournament, "Anna Schmidt\nBernd Meier").get_data(as_text=True)
    first = send(client, page, path, button="bestaetigen", follow=True)
    assert "2 Spieler angemeldet." in flashes(first.get_data(as_text=True))
    before = snapshot(app)
    second = send(client, page, path, button="bestaetigen", follow=True)
    assert second.status_code == 200
    assert any(STALE in message for message in flashes(second.get_data(as_text=True)))
    assert snapshot(app) == before
    assert _names(app, tournament) == ["Anna Schmidt", "Bernd Meier"]


def test_preview_confirmed_after_a_change_in_another_tab_is_refused(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    path = f"/turniere/{tournament}/spieler/einfuegen"
    old_tab = preview(client, tournament, "Clara Wolf").get_data(as_text=True)
    paste_players(client, tournament, "Anna Schmidt")
    page = send(client, old_tab, path, button="bestaetigen", follow=True).get_data(as_text=True)
    assert any(STALE in message for message in flashes(page))
    assert _names(app, tournament) == ["Anna Schmidt"]


def test_preview_shown_again_after_an_outdated_confirmation_can_be_confirmed(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    path = f"/turniere/{tournament}/spieler/einfuegen"
    old_tab = preview(client, tournament, "Clara Wolf").get_data(as_text=True)
    paste_players(client, tournament, "Anna Schmidt")
    refused = send(client, old_tab, path, button="bestaetigen", follow=True)
    page = refused.get_data(as_text=True)
    assert any(STALE in message for message in flashes(page))
    assert "1 Spieler anmelden" in page
    again = send(client, page, path, button="bestaetigen", follow=True)
    assert "1 Spieler angemeldet." in flashes(again.get_data(as_text=True))
    assert _names(app, tournament) == ["Anna Schmidt", "Clara Wolf"]


@pytest.mark.parametrize("version", ["abc", "-1", "0", "1.5"])
def test_paste_with_garbage_version_stores_nothing(
    app: Flask, client: FlaskClient, tournament: int, version: str
) -> None:
    before = snapshot(app)
    page = _confirm_anyway(client, tournament, "Anna Schmidt", version=version)
    assert any(STALE in message for message in flashes(page))
    assert snapshot(app) == before


def test_paste_without_version_is_refused(app: Flask, client: FlaskClient, tournament: int) -> None:
    before = snapshot(app)
    path = f"/turniere/{tournament}/spieler/einfuegen"
    response = client.post(
        path,
        data={"csrf_token": csrf_token(client, "/"), "text": "Anna", "bestaetigen": "1"},
    )
    assert response.status_code == 400
    assert snapshot(app) == before


# ------------------------------------------------------------------ editing a registration


def _edit_path(app: Flask, tournament_id: int, start_number: int) -> str:
    registration = _registration(app, tournament_id, start_number)
    return f"/turniere/{tournament_id}/spieler/{registration.id}"


def test_edit_shows_the_registration_and_audits_changes(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "Anna Schmidt; DK Kiel; 111\nBernd Meier")
    path = _edit_path(app, tournament, 1)
    page = client.get(path).get_data(as_text=True)
    assert 'value="Anna Schmidt"' in page
    assert 'value="DK Kiel"' in page
    assert 'value="111"' in page
    response = submit(
        client,
        path,
        data={"name": "Anna Schmidt-Berg", "club": "TSV Kiel", "fixed_table": "2"},
        follow=True,
    )
    assert "Anna Schmidt-Berg ist gespeichert." in flashes(response.get_data(as_text=True))
    registration = _registration(app, tournament, 1)
    assert registration.fixed_table == 2
    assert _registered(app, tournament)[0][:4] == (1, "Anna Schmidt-Berg", "TSV Kiel", "111")
    [event] = audit_events(app, "update")
    assert event.object_type == "registration"
    assert event.object_id == registration.id
    assert json.loads(event.old_value or "") == {
        "name": "Anna Schmidt",
        "club": "DK Kiel",
        "fixed_table": None,
    }
    assert json.loads(event.new_value or "") == {
        "name": "Anna Schmidt-Berg",
        "club": "TSV Kiel",
        "fixed_table": 2,
    }


def test_edit_can_change_the_start_number_to_a_free_one(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "Anna Schmidt\nBernd Meier")
    submit(client, _edit_path(app, tournament, 1), data={"start_number": "7"})
    assert [(n, name) for n, name, *_ in _registered(app, tournament)] == [
        (2, "Bernd Meier"),
        (7, "Anna Schmidt"),
    ]


def test_taken_start_number_is_refused(app: Flask, client: FlaskClient, tournament: int) -> None:
    paste_players(client, tournament, "Anna Schmidt\nBernd Meier")
    before = snapshot(app)
    response = submit(client, _edit_path(app, tournament, 1), data={"start_number": "2"})
    assert response.status_code == 200
    assert "Die Startnummer 2 hat schon Bernd Meier." in response.get_data(as_text=True)
    assert snapshot(app) == before


def test_taken_start_number_is_explained_next_to_the_start_number_field(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "Anna Schmidt\nBernd Meier")
    response = submit(client, _edit_path(app, tournament, 1), data={"start_number": "2"})
    page = response.get_data(as_text=True)
    assert field_errors(page, "start_number") == ["Die Startnummer 2 hat schon Bernd Meier."]


def test_ddv_number_of_another_player_is_refused_next_to_its_field(
    app: Flask, client: FlaskClient, tournament: int, known: int
) -> None:
    # Anna Schmidt holds DDV 111 since the first tournament; Clara plays only the second.
    paste_players(client, known, "Clara Wolf")
    before = snapshot(app)
    response = submit(client, _edit_path(app, known, 1), data={"ddv_number": "111"})
    page = response.get_data(as_text=True)
    assert field_errors(page, "ddv_number") == ["Die DDV-Nr. 111 gehört schon Anna Schmidt."]
    assert snapshot(app) == before


def test_name_of_another_registered_player_is_saved_as_a_namesake(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "Anna Schmidt\nBernd Meier; SC Bonn")
    response = submit(
        client, _edit_path(app, tournament, 1), data={"name": " bernd  meier"}, follow=True
    )
    assert "bernd meier (Nr. 1) ist gespeichert." in flashes(response.get_data(as_text=True))
    assert [(n, name, club) for n, name, club, *_ in _registered(app, tournament)] == [
        (1, "bernd meier", ""),
        (2, "Bernd Meier", "SC Bonn"),
    ]
    listing = client.get(f"/turniere/{tournament}/spieler/").get_data(as_text=True)
    assert "bernd meier (Nr. 1)" in listing
    assert "Bernd Meier (Nr. 2, SC Bonn)" in listing


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"name": ""}, "name", "Bitte einen Namen eingeben."),
        ({"name": "N" * 81}, "name", "Höchstens 80 Zeichen."),
        ({"club": "V" * 121}, "club", "Höchstens 120 Zeichen."),
        ({"ddv_number": "1" * 21}, "ddv_number", "Höchstens 20 Zeichen."),
        ({"start_number": "0"}, "start_number", "Eine Startnummer von 1 bis 9999."),
        ({"start_number": "10000"}, "start_number", "Eine Startnummer von 1 bis 9999."),
        ({"start_number": ""}, "start_number", "Bitte eine Startnummer eingeben."),
        ({"fixed_table": "0"}, "fixed_table", "Ein Tisch von 1 bis 200."),
        ({"fixed_table": "201"}, "fixed_table", "Ein Tisch von 1 bis 200."),
    ],
)
def test_edit_refuses_bad_values_next_to_the_field(
    app: Flask,
    client: FlaskClient,
    tournament: int,
    data: dict[str, str],
    field: str,
    message: str,
) -> None:
    paste_players(client, tournament, "Anna Schmidt")
    before = snapshot(app)
    response = submit(client, _edit_path(app, tournament, 1), data=data)
    assert response.status_code == 200
    assert message in field_errors(response.get_data(as_text=True), field)
    assert snapshot(app) == before


@pytest.mark.parametrize("value", ["abc", "1e3", "²", "9" * 5000])
def test_edit_with_unreadable_numbers_explains_without_error_page(
    app: Flask, client: FlaskClient, tournament: int, value: str
) -> None:
    paste_players(client, tournament, "Anna Schmidt")
    before = snapshot(app)
    response = submit(
        client, _edit_path(app, tournament, 1), data={"start_number": value, "fixed_table": value}
    )
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert field_errors(page, "start_number")
    assert field_errors(page, "fixed_table")
    assert snapshot(app) == before


def test_edit_from_an_outdated_page_is_refused(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "Anna Schmidt\nBernd Meier")
    path = _edit_path(app, tournament, 1)
    old_tab = client.get(path).get_data(as_text=True)
    submit(client, _edit_path(app, tournament, 2), data={"club": "DK Kiel"})
    response = send(client, old_tab, path, {"club": "TSV Kiel"}, path=path)
    assert any(STALE in message for message in flashes(response.get_data(as_text=True)))
    assert _registered(app, tournament)[0][2] == ""


def test_unknown_or_foreign_registration_gives_404(
    app: Flask, client: FlaskClient, tournament: int, known: int
) -> None:
    other = _registration(app, tournament, 1)
    token = csrf_token(client, "/")
    for path in (
        f"/turniere/{known}/spieler/{other.id}",
        f"/turniere/{known}/spieler/9999",
        f"/turniere/{known}/spieler/abc",
    ):
        assert client.get(path).status_code == 404, path
        response = client.post(f"{path}/zurueckziehen", data={"csrf_token": token, "version": "1"})
        assert response.status_code == 404, path


def test_start_number_cannot_change_once_the_player_was_drawn(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "\n".join(player_names(4)))
    draw_round(client, tournament, seed=3)
    before = snapshot(app)
    response = submit(client, _edit_path(app, tournament, 1), data={"start_number": "9"})
    assert field_errors(response.get_data(as_text=True), "start_number") == [
        "Die Startnummer kann nach der ersten Auslosung dieses Spielers nicht mehr geändert "
        "werden: sie steht schon in Tischplänen und Listen."
    ]
    assert snapshot(app) == before


# ------------------------------------------------------------------ withdrawal and late entry


def _press(client: FlaskClient, tournament_id: int, registration_id: int, action: str) -> str:
    """Press a player's button on the players page; the page after it."""
    base = f"/turniere/{tournament_id}/spieler/"
    response = submit(client, base, f"{base}{registration_id}/{action}", follow=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_withdrawal_before_the_first_round_and_reinstatement(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "Anna Schmidt\nBernd Meier")
    registration = _registration(app, tournament, 2)
    page = _press(client, tournament, registration.id, "zurueckziehen")
    assert "Bernd Meier ist nach Runde 0 zurückgezogen." in flashes(page)
    assert "zurückgezogen nach Runde 0" in page
    assert "Wieder aufnehmen" in page
    assert _registration(app, tournament, 2).withdrawn_after_round == 0
    overview = client.get(f"/turniere/{tournament}").get_data(as_text=True)
    assert "Spieler (1 aktiv)" in overview
    page = _press(client, tournament, registration.id, "wieder-aufnehmen")
    assert "Bernd Meier spielt ab Runde 1 wieder mit." in flashes(page)
    assert _registration(app, tournament, 2).withdrawn_after_round is None
    [withdrawn] = audit_events(app, "withdraw")
    assert json.loads(withdrawn.new_value or "") == {"withdrawn_after_round": 0}
    [reinstated] = audit_events(app, "reinstate")
    assert json.loads(reinstated.old_value or "") == {"withdrawn_after_round": 0}


def test_withdrawal_while_a_round_runs_is_refused(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "\n".join(player_names(4)))
    draw_round(client, tournament, seed=1)
    round_action(client, tournament, 1, "starten")
    before = snapshot(app)
    page = _press(client, tournament, _registration(app, tournament, 1).id, "zurueckziehen")
    assert any(m.startswith("Runde 1 läuft: ein Spieler kann erst") for m in flashes(page))
    assert snapshot(app) == before


def test_withdrawn_player_stays_listed_after_the_rounds_played(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "\n".join(player_names(9)))
    draw_round(client, tournament, seed=1)
    round_action(client, tournament, 1, "starten")
    complete_lists(app, tournament, 1)
    round_action(client, tournament, 1, "abschliessen")
    page = _press(client, tournament, _registration(app, tournament, 5).id, "zurueckziehen")
    assert "Spieler 005 ist nach Runde 1 zurückgezogen." in flashes(page)
    assert re.search(r"Spieler 005</a>.*?zurückgezogen nach Runde 1", page, re.S)
    assert 'class="withdrawn"' in page
    assert "Angemeldet (9)" in page


def test_withdrawing_twice_is_refused(app: Flask, client: FlaskClient, tournament: int) -> None:
    paste_players(client, tournament, "Anna Schmidt")
    registration = _registration(app, tournament, 1)
    page = client.get(f"/turniere/{tournament}/spieler/").get_data(as_text=True)
    path = f"/turniere/{tournament}/spieler/{registration.id}/zurueckziehen"
    send(client, page, path)
    before = snapshot(app)
    # The same button of the old page again: the version has moved on.
    again = send(client, page, path, follow=True).get_data(as_text=True)
    assert any(STALE in message for message in flashes(again))
    # With the current page there is no withdraw button any more; a crafted request is refused.
    current = client.get(f"/turniere/{tournament}/spieler/").get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', current)
    assert version
    response = client.post(
        path,
        data={"csrf_token": csrf_token(client, "/"), "version": version.group(1)},
        follow_redirects=True,
    )
    assert "Anna Schmidt ist schon zurückgezogen." in flashes(response.get_data(as_text=True))
    assert snapshot(app) == before


def test_withdraw_without_version_is_explained(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "Anna Schmidt")
    before = snapshot(app)
    path = f"/turniere/{tournament}/spieler/{_registration(app, tournament, 1).id}/zurueckziehen"
    response = client.post(
        path, data={"csrf_token": csrf_token(client, "/")}, follow_redirects=True
    )
    assert response.status_code == 200
    assert "Die Aktion wurde nicht ausgeführt: das Formular war unvollständig." in flashes(
        response.get_data(as_text=True)
    )
    assert snapshot(app) == before


def test_late_registration_after_round_one_started_plays_from_round_two(
    app: Flask, client: FlaskClient, tournament: int
) -> None:
    paste_players(client, tournament, "\n".join(player_names(8)))
    draw_round(client, tournament, seed=1)
    page = client.get(f"/turniere/{tournament}/spieler/").get_data(as_text=True)
    assert "Neue Spieler spielen ab Runde" not in page
    round_action(client, tournament, 1, "starten")
    page = client.get(f"/turniere/{tournament}/spieler/").get_data(as_text=True)
    assert "Neue Spieler spielen ab Runde 2 mit." in page
    paste_players(client, tournament, "Zoe Spät")
    late = _registration(app, tournament, 9)
    assert late.first_round == 2
    page = client.get(f"/turniere/{tournament}/spieler/").get_data(as_text=True)
    assert re.search(r"Zoe Spät</a>.*?ab Runde 2", page, re.S)
    with app.app_context():
        found = db.session.get(Tournament, tournament)
        assert found is not None
        assert all(r.first_round == 1 for r in found.registrations if r.start_number <= 8)


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (
            {"name": "Anna; Schmidt"},
            "name",
            "Anna; Schmidt hat ein Semikolon (;) im Namen; es trennt in Spielerlisten Name, "
            "Verein und DDV-Nr. (bitte z. B. durch ein Komma ersetzen).",
        ),
        (
            {"club": "DK; Kiel"},
            "club",
            "Anna Schmidt hat ein Semikolon (;) im Verein; es trennt in Spielerlisten Name, "
            "Verein und DDV-Nr. (bitte z. B. durch ein Komma ersetzen).",
        ),
        (
            {"name": " #BEZUG! "},
            "name",
            "#BEZUG! hat als Namen „#BEZUG!“, einen Fehlerwert von Excel, der aus einer "
            "Excel-Datei nicht als Name gelesen wird.",
        ),
    ],
)
def test_edit_refuses_a_name_the_player_sheet_would_not_read_back(
    app: Flask,
    client: FlaskClient,
    tournament: int,
    data: dict[str, str],
    field: str,
    message: str,
) -> None:
    """The player page applies the rule of the paste and the player file
    (``names.problem``): a name saved here is exported to the Spieler sheet and must read
    back from it as a player list."""
    paste_players(client, tournament, "Anna Schmidt")
    before = snapshot(app)
    response = submit(client, _edit_path(app, tournament, 1), data=data)
    assert response.status_code == 200
    assert field_errors(response.get_data(as_text=True), field) == [message]
    assert snapshot(app) == before
