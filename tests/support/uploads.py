"""Files uploaded to the app's import pages: lists shaped as the list page stores them, a tournament
with complete lists, the upload form and its confirmation, and bad files with what the page says
about each."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from rules_engine.simulate import random_list
from tests.support import spreadsheet_files as files
from tests.support.webapp import (
    create_tournament,
    draw_round,
    paste_players,
    player_names,
    round_action,
    send,
    sign_in,
)
from tournament.domain import list_store, score_lists
from tournament.extensions import db
from tournament.models import Round, RoundTable, User


def page_shaped(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Entries as the list page stores them: a game in detail without the written points."""
    return [
        {k: v for k, v in e.items() if k != "points"}
        if e.get("kind") == "game" and not e.get("quick")
        else e
        for e in entries
    ]


def tournament_with_lists(app: Flask, client: FlaskClient, rounds: int = 1) -> int:
    """Nine players (one table of five, one of four), ``rounds`` rounds started, every list
    complete with games played card by card by the engine."""
    sign_in(app, client)
    tournament_id = create_tournament(client, rounds=rounds)
    paste_players(client, tournament_id, "\n".join(player_names(9)))
    for number in range(1, rounds + 1):
        draw_round(client, tournament_id, seed=number)
        round_action(client, tournament_id, number, "starten")
        with app.app_context():
            user = db.session.execute(select(User)).scalars().first()
            round_ = db.session.execute(
                select(Round).where(Round.tournament_id == tournament_id, Round.number == number)
            ).scalar_one()
            for table in round_.tables:
                players = tuple(str(s.registration.start_number) for s in table.seats)
                made = random_list(random.Random(number * 10 + table.number), players=players)
                score_lists.replace_entries(table, page_shaped(made["entries"]), user)
            db.session.commit()
    return tournament_id


def all_lists(app: Flask, tournament_id: int) -> dict[tuple[int, int], list[dict[str, Any]]]:
    with app.app_context():
        query = select(RoundTable).join(Round).where(Round.tournament_id == tournament_id)
        return {
            (t.round.number, t.number): list_store.entries_of(t)
            for t in db.session.execute(query).scalars()
        }


def clear_lists(app: Flask, tournament_id: int) -> None:
    with app.app_context():
        user = db.session.execute(select(User)).scalars().first()
        query = select(RoundTable).join(Round).where(Round.tournament_id == tournament_id)
        for table in db.session.execute(query).scalars():
            score_lists.replace_entries(table, [], user)
        db.session.commit()


def table_path(tournament_id: int, round_number: int = 1, table: int = 1) -> str:
    return f"/turniere/{tournament_id}/runden/{round_number}/tische/{table}"


def upload(client: FlaskClient, path: str, data: bytes, name: str = "liste.xlsx") -> Any:
    page = client.get(path)
    assert page.status_code == 200
    token = re.search(
        r'name="csrf_token" type="hidden" value="([^"]+)"', page.get_data(as_text=True)
    )
    assert token
    return client.post(
        path,
        data={"csrf_token": token.group(1), "file": (io.BytesIO(data), name)},
        content_type="multipart/form-data",
    )


def confirm(client: FlaskClient, preview: str, path: str) -> Any:
    return send(client, preview, path + "/bestaetigen", follow=True)


def _extra_sheets() -> bytes:
    return files.workbook(
        {"Anmeldungen": files.PLAYERS, "Warteliste": [["Name"], ["Dora Kurz"]], "Leer": []}
    )


BAD_FILES: dict[str, tuple[Callable[[], bytes], str, str]] = {
    "text": (lambda: files.TEXT_FILE, "liste.xlsx", "keine Excel-Datei (.xlsx)"),
    "pdf": (lambda: files.PDF_FILE, "liste.xlsx", "keine Excel-Datei (.xlsx)"),
    "xls": (lambda: files.XLS_FILE, "liste.xlsx", "alte Excel-Datei (.xls)"),
    "truncated": (files.truncated, "liste.xlsx", "beschädigt oder unvollständig"),
    "no workbook parts": (
        files.without_workbook_parts,
        "liste.xlsx",
        "beschädigt oder unvollständig",
    ),
    "xml bomb": (files.xml_bomb_in_sheet, "liste.xlsx", "unzulässige XML-Konstrukte"),
    "xml bomb in strings": (
        files.xml_bomb_in_shared_strings,
        "liste.xlsx",
        "unzulässige XML-Konstrukte",
    ),
    "external entity": (files.external_entity, "liste.xlsx", "unzulässige XML-Konstrukte"),
    "zip bomb": (files.zip_bomb, "liste.xlsx", "entpackt größer als 40 MB"),
    "huge sheet": (files.huge_sheet, "liste.xlsx", "Blatt „Tisch 3“ hat mehr als 200.000 Zellen"),
    "over size": (files.oversized, "liste.xlsx", "größer als 2 MB"),
    "merged cells": (
        files.merged_cells,
        "liste.xlsx",
        "Blatt „Tisch 3“: verbundene Zellen A14:C14 – bitte die Verbindung aufheben",
    ),
    "formula without value": (
        lambda: files.workbook({"Liste": [["Name", "Verein"], ["Anna", "=A2&B1"]]}),
        "liste.xlsx",
        "Formeln ohne gespeicherten Wert (bitte die Datei in Excel öffnen und speichern, "
        "dann steht der berechnete Wert darin): B2 (=A2&B1)",
    ),
    "empty sheet": (files.empty_workbook, "liste.xlsx", "enthält keine Werte"),
    "empty csv": (lambda: b"\r\n;;\r\n", "liste.csv", "enthält keine Werte"),
    "empty file": (lambda: b"", "liste.csv", "„liste.csv“ ist leer"),
    "extra sheets": (
        _extra_sheets,
        "liste.xlsx",
        "mehrere ausgefüllte Blätter („Anmeldungen“, „Warteliste“)",
    ),
    "only a heading": (
        lambda: files.workbook({"Liste": [["Name", "Verein"]]}),
        "liste.xlsx",
        "unter der Überschriftenzeile 1 keine Spieler",
    ),
    "semicolon": (
        lambda: files.workbook({"Liste": [["Name", "Verein"], ["Anna", "DK Kiel; Abt. 2"]]}),
        "liste.xlsx",
        "Zellen mit einem Semikolon, das in der Liste Name, Verein und DDV-Nr. trennt (bitte "
        "in der Datei durch ein Komma ersetzen): B2",
    ),
    "error value": (
        lambda: files.workbook({"Liste": [["Name"], ["#N/A"]]}),
        "liste.xlsx",
        "Fehlerwerte statt Namen oder Nummern (bitte in der Datei korrigieren): A2 (#N/A)",
    ),
    "binary csv": (lambda: b"Name\x00;x\r\n", "liste.csv", "NUL-Zeichen"),
    "name twice": (
        lambda: files.workbook({"Liste": [["Name", "Verein", "Spieler"], ["a", "b", "c"]]}),
        "liste.xlsx",
        "mehr als eine Spalte für Name: A1 („Name“) und C1 („Spieler“)",
    ),
}


LIMIT_SENTENCE = (
    "Die Datei ist zu groß: hochgeladen werden können Dateien von höchstens 2 MB. "
    "Es wurde nichts geändert."
)
#: The way back from the page of an upload over the limit: the upload's own form.
BACK_TO_FORM = re.compile(r'<a class="button" href="([^"]+)">Zurück zum Formular</a>')


def decisive(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A list without the points the page writes beside a game in detail (a file's list
    carries them in its Punkte columns, which the import checks, not stores)."""
    return [e if e.get("quick") else {k: v for k, v in e.items() if k != "points"} for e in entries]
