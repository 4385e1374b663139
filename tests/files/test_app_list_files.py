"""A table's list as a file: the export read back unchanged stores nothing, and a list saved
as CSV by a spreadsheet program reads in like its Excel file."""

from __future__ import annotations

import base64
import json
import random
import re
from types import ModuleType

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from rules_engine.simulate import random_list
from tests.support.uploads import (
    all_lists,
    clear_lists,
    confirm,
    decisive,
    table_path,
    upload,
)
from tests.support.webapp import (
    create_tournament,
    draw_round,
    flashes,
    paste_players,
    round_action,
    sign_in,
)
from tournament.domain import list_entries as entries
from tournament.domain import score_lists
from tournament.extensions import db
from tournament.models import AuditEvent, Round, RoundTable, User

# Names a CSV file must carry through: umlauts and ß (Windows-1252 has them), the
# delimiter, quotes and a leading "=".
NAMES = [
    "Jürgen Groß",
    "Müller; Hans",
    'Ute "Uschi" Öztürk',
    "=Anna",
    "Bärbel Weiß",
    "Klaus-Peter Fuß",
    "Zoë Ärmel",
    "Ömer Çelik",
    "Heike Schäfer",
]


def tournament_as_the_page_stores_it(app: Flask, client: FlaskClient) -> int:
    """Nine players (tables of five and four), round 1 started, every list complete and stored
    as the list page stores a game: with the points written beside its details."""
    sign_in(app, client)
    tournament_id = create_tournament(client, rounds=1)
    paste_players(client, tournament_id, "\n".join(NAMES))
    draw_round(client, tournament_id, seed=1)
    round_action(client, tournament_id, 1, "starten")
    with app.app_context():
        user = db.session.execute(select(User)).scalars().first()
        query = select(RoundTable).join(Round).where(Round.tournament_id == tournament_id)
        for table in db.session.execute(query).scalars():
            players = tuple(str(s.registration.start_number) for s in table.seats)
            made = random_list(random.Random(table.number), players=players)
            assert any("points" in e for e in made["entries"] if e.get("kind") == "game")
            score_lists.replace_entries(table, made["entries"], user)
        db.session.commit()
    return tournament_id


def audit_events(app: Flask) -> int:
    with app.app_context():
        return db.session.execute(select(func.count()).select_from(AuditEvent)).scalar_one()


def table_version(app: Flask, tournament_id: int, number: int = 1) -> tuple[int, int]:
    with app.app_context():
        query = (
            select(RoundTable)
            .join(Round)
            .where(Round.tournament_id == tournament_id, RoundTable.number == number)
        )
        table = db.session.execute(query).scalar_one()
        return table.id, table.version


def test_an_unchanged_list_read_back_says_unveraendert_and_stores_nothing(app: Flask) -> None:
    client = app.test_client()
    tournament_id = tournament_as_the_page_stores_it(app, client)
    path = table_path(tournament_id)
    data = client.get(path + "/liste.xlsx").data
    before, events = all_lists(app, tournament_id), audit_events(app)
    table_id, version = table_version(app, tournament_id)

    preview = upload(client, path + "/einlesen", data).get_data(as_text=True)
    assert "unverändert" in preview
    assert "Liste einlesen" not in preview and "ersetzt" not in preview
    assert "Nichts einzulesen" in preview

    # Sent anyway (an old preview, a second tab): refused, nothing stored, nothing logged.
    page = client.get(path + "/einlesen").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    done = client.post(
        path + "/einlesen/bestaetigen",
        data={
            "csrf_token": token.group(1),
            "content": base64.b64encode(data).decode("ascii"),
            "filename": "liste.xlsx",
            "versions": json.dumps({str(table_id): version}),
        },
        follow_redirects=True,
    )
    assert done.status_code in (200, 409)
    assert any("Nichts eingelesen" in f for f in flashes(done.get_data(as_text=True)))
    assert all_lists(app, tournament_id) == before
    assert audit_events(app) == events
    assert table_version(app, tournament_id) == (table_id, version)


def test_a_list_saved_as_csv_by_a_spreadsheet_program_reads_in(
    app: Flask, libreoffice: ModuleType
) -> None:
    client = app.test_client()
    tournament_id = tournament_as_the_page_stores_it(app, client)
    path = table_path(tournament_id)
    data = client.get(path + "/liste.xlsx").data
    utf8 = libreoffice.convert_all([data], to=libreoffice.CSV)[0]
    windows = libreoffice.convert_all([data], to=libreoffice.CSV_WINDOWS)[0]
    assert "Jürgen Groß".encode() in utf8 + windows or "Jürgen Groß".encode("cp1252") in windows

    # The same list as CSV is the stored list: nothing to read in.
    preview = upload(client, path + "/einlesen", utf8, "liste.csv").get_data(as_text=True)
    assert "unverändert" in preview, preview

    before = all_lists(app, tournament_id)
    for csv_file in (utf8, windows):
        clear_lists(app, tournament_id)
        preview = upload(client, path + "/einlesen", csv_file, "liste.csv").get_data(as_text=True)
        assert "abgelehnt" not in preview and "1 Liste einlesen" in preview, preview
        done = confirm(client, preview, path + "/einlesen")
        assert "1 Liste eingelesen" in " ".join(flashes(done.get_data(as_text=True)))
        after = all_lists(app, tournament_id)
        assert decisive(after[(1, 1)]) == decisive(before[(1, 1)])


def test_the_tournament_import_reads_lists_from_one_csv_by_their_round(
    app: Flask, libreoffice: ModuleType
) -> None:
    client = app.test_client()
    tournament_id = tournament_as_the_page_stores_it(app, client)
    before = all_lists(app, tournament_id)
    workbooks = [
        client.get(table_path(tournament_id, table=n) + "/liste.xlsx").data for n in (1, 2)
    ]
    one, two = libreoffice.convert_all(workbooks, to=libreoffice.CSV)
    # Two lists one below the other in one CSV file, as a user copies them together.
    joined = one.rstrip(b"\r\n") + b"\r\n\r\n" + two
    clear_lists(app, tournament_id)
    path = f"/turniere/{tournament_id}/einlesen"
    preview = upload(client, path, joined, "runde-1.csv").get_data(as_text=True)
    assert "abgelehnt" not in preview and "2 Listen einlesen" in preview, preview
    confirm(client, preview, path)
    after = all_lists(app, tournament_id)
    assert {k: decisive(v) for k, v in after.items()} == {k: decisive(v) for k, v in before.items()}

    # A list whose "Runde" row names a round the tournament does not have: named by its cell.
    wrong = joined.replace(b"Runde;1", b"Runde;7", 1)
    refused = upload(client, path, wrong, "runde-1.csv").get_data(as_text=True)
    assert "Zelle B4: Runde 7 gibt es in diesem Turnier nicht." in refused


def test_tsr_7_3_3_a_game_nobody_won_marks_the_plus_points_and_never_says_won(app: Flask) -> None:
    """TSR 7.3.3(3) marks the players with plus points; after a game nobody won (7.1.3) some
    may still have them, and the list page does not call them winners."""
    client = app.test_client()
    sign_in(app, client)
    tournament_id = create_tournament(client, rounds=1)
    paste_players(client, tournament_id, "\n".join(["Anna", "Bert", "Carl", "Dora"]))
    draw_round(client, tournament_id, seed=1)
    round_action(client, tournament_id, 1, "starten")
    with app.app_context():
        user = db.session.execute(select(User)).scalars().first()
        table = db.session.execute(
            select(RoundTable).join(Round).where(Round.tournament_id == tournament_id)
        ).scalar_one()
        keys = [str(s.registration.start_number) for s in table.seats]
        # Both parties announce keine 90: Re needs 151, Kontra 151; Re makes 140. Nobody has
        # won, and Re gets +1 for 120 against keine 90 (TSR 7.2 (e)).
        game = {
            **entries.game(
                kind="normal",
                re=keys[:2],
                re_eyes=140,
                re_call="keine90",
                kontra_call="keine90",
            ),
            "dealer": keys[0],
        }
        report = score_lists.replace_entries(table, [game], user)
        db.session.commit()
        assert [report["rows"][0]["points"][k] for k in keys] == [1, 1, -1, -1]
    page = client.get(table_path(tournament_id) + "/").get_data(as_text=True)
    row = re.search(r'<tr class="row-game" id="eintrag-1">(.*?)</tr>', page, re.S)
    assert row is not None
    assert row.group(1).count("(Pluspunkte)") == 2
    assert "gewonnen" not in row.group(1).casefold()
