"""Backups of the laptop's SQLite database (``tournament.backups``), on real files in temporary
folders: a copy at every round start and close, every five minutes while a round runs (the
clock is the test's), the newest twenty kept; copies taken while tables save games hold whole
games only, pass the restore's check and restore to lists the engine verifies; the restore
refuses damaged and foreign files and leaves the current database as it was; a restored copy
is served by ``doko-turnier``. With PostgreSQL nothing is written and nothing fails."""

from __future__ import annotations

import datetime as dt
import hashlib
import http.client
import io
import json
import logging
import os
import re
import sqlite3
import subprocess
import threading
from pathlib import Path

import flask_migrate
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import URL, make_url, select

from rules_engine.scorelist import check_list
from tests.support import postgres
from tests.support.server_processes import (
    ServerProcess,
    free_port,
    laptop_server_command,
    laptop_serving,
    server_environment,
)
from tests.support.serving import wait_for
from tests.support.webapp import (
    complete_lists,
    create_tournament,
    draw_round,
    flashes,
    paste_players,
    player_names,
    round_action,
    sign_in,
    snapshot,
)
from tournament import laptop, serve
from tournament.app import create_app
from tournament.backups import commands, restore
from tournament.config import INSTANCE_PATH_VARIABLE
from tournament.domain import backups as service
from tournament.domain import list_store
from tournament.domain import list_store as store
from tournament.extensions import db
from tournament.models import Round, RoundStatus, Tournament
from tournament.schema import schema_problem
from tournament.texts import console

TABLES = 4
GAMES = 12  # Normalspiele per table in the save burst
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]*)"')
VERSION = re.compile(r'name="version" type="hidden" value="([^"]*)"')


# ------------------------------------------------------------------ helpers


def _database(app: Flask) -> Path:
    found = service.database_file(app)
    assert found is not None
    return found


def _running_round(app: Flask, client: FlaskClient, players: int = 4 * TABLES) -> int:
    """A tournament (through its pages) with round 1 drawn and started; its id."""
    sign_in(app, client)
    tournament_id = create_tournament(client, "Sicherungsturnier")
    paste_players(client, tournament_id, "\n".join(player_names(players)))
    draw_round(client, tournament_id, seed=3)
    page = round_action(client, tournament_id, 1, "starten").get_data(as_text=True)
    assert any("die Zeit beginnt" in text for text in flashes(page)), flashes(page)
    return tournament_id


def _reasons(app: Flask) -> list[str]:
    return [backup.reason for backup in service.backups_in(service.folder_of(app))]


def _fingerprint(app: Flask) -> tuple[str, list[str]]:
    """The current database's bytes and the backups folder's files, to compare."""
    digest = hashlib.sha256(_database(app).read_bytes()).hexdigest()
    folder = service.folder_of(app)
    names = sorted(p.name for p in folder.iterdir()) if folder.exists() else []
    return digest, names


def _copy_of(app: Flask, target: Path) -> Path:
    """A consistent copy of the app's database at ``target`` (the backups' own mechanism)."""
    service.copy_database(_database(app), target)
    return target


def _app_on(database: Path, instance: Path) -> Flask:
    return create_app(
        {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}", "SETUP_CODE_IN_LOG": False},
        instance_path=str(instance),
    )


# ------------------------------------------------------------------ when copies are written


@pytest.mark.sqlite_only
def test_a_round_start_and_a_round_close_each_write_a_backup(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _running_round(app, client)
    assert _reasons(app) == ["runde-1-start"]
    started = service.backups_in(service.folder_of(app))[0].path
    assert started.stat().st_mode & 0o777 == 0o600
    held = restore.inspect_copy(started)
    assert held.current
    assert [(t.name, t.rounds) for t in held.tournaments] == [
        ("Sicherungsturnier", [(1, RoundStatus.RUNNING)])
    ]

    complete_lists(app, tournament_id, 1)
    page = round_action(client, tournament_id, 1, "abschliessen").get_data(as_text=True)
    assert any("Runde 1 ist abgeschlossen." in text for text in flashes(page)), flashes(page)
    assert _reasons(app) == ["runde-1-start", "runde-1-ende"]
    closed = restore.inspect_copy(service.backups_in(service.folder_of(app))[-1].path)
    assert closed.tournaments[0].rounds == [(1, RoundStatus.FINISHED)]
    assert held.tournaments[0].games == 0
    with app.app_context():
        round_ = db.session.execute(select(Round)).scalar_one()
        games = sum(len(list_store.check(table)["rows"]) for table in round_.tables)
    assert closed.tournaments[0].games == games > 0


@pytest.mark.sqlite_only
def test_a_refused_round_close_writes_no_backup(app: Flask, client: FlaskClient) -> None:
    tournament_id = _running_round(app, client)
    page = round_action(client, tournament_id, 1, "abschliessen").get_data(as_text=True)
    assert not any("Runde 1 ist abgeschlossen." in text for text in flashes(page))
    assert _reasons(app) == ["runde-1-start"]


@pytest.mark.sqlite_only
def test_a_backup_that_cannot_be_written_leaves_the_round_started(
    app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    # A file where the backups folder belongs: no copy can be written.
    service.folder_of(app).write_text("kein Ordner")
    with caplog.at_level(logging.ERROR):
        _running_round(app, client)
    assert any("Sicherungskopie nicht geschrieben" in r.getMessage() for r in caplog.records)
    with app.app_context():
        assert db.session.execute(select(Round.status)).scalar_one() is RoundStatus.RUNNING


@pytest.mark.sqlite_only
def test_a_backup_is_written_every_five_minutes_while_a_round_runs(
    app: Flask, client: FlaskClient
) -> None:
    tournament_id = _running_round(app, client)
    start = service.backups_in(service.folder_of(app))[0].taken
    now = [start]
    schedule = service.Schedule(app, clock=lambda: now[0])
    written = []
    for minutes in range(0, 13):
        now[0] = start + dt.timedelta(minutes=minutes, seconds=1)
        if schedule.tick() is not None:
            written.append(minutes)
    assert written == [5, 10]
    assert _reasons(app) == ["runde-1-start", "runde-1-laufend", "runde-1-laufend"]

    complete_lists(app, tournament_id, 1)
    round_action(client, tournament_id, 1, "abschliessen")
    closed = service.backups_in(service.folder_of(app))[-1].taken
    for minutes in (5, 10, 60):
        now[0] = closed + dt.timedelta(minutes=minutes)
        assert schedule.tick() is None, "no round runs"


@pytest.mark.sqlite_only
def test_the_schedule_runs_in_a_thread_and_ends(app: Flask, client: FlaskClient) -> None:
    _running_round(app, client)
    later = service.backups_in(service.folder_of(app))[0].taken + dt.timedelta(minutes=6)
    schedule = service.Schedule(app, clock=lambda: later, check_seconds=0.01)
    assert schedule.start()
    try:
        assert wait_for(lambda: "runde-1-laufend" in _reasons(app), seconds=60)
    finally:
        schedule.stop()
    assert _reasons(app) == ["runde-1-start", "runde-1-laufend"]


def test_doko_turnier_copies_a_running_round_when_it_starts_and_says_where(
    tmp_path: Path,
) -> None:
    instance = tmp_path / "instance"
    database = instance / "doko-turnier.sqlite3"
    app = _app_on(database, instance)
    with app.app_context():
        flask_migrate.upgrade()
    _running_round(app, app.test_client())
    with app.app_context():
        db.engine.dispose()
    for backup in service.backups_in(service.folder_of(app)):
        backup.path.unlink()  # the round's copy lost: a copy is due at once
    env = server_environment(f"sqlite:///{database}", "k" * 64)
    env[INSTANCE_PATH_VARIABLE] = str(instance)
    port = free_port()
    server = ServerProcess(laptop_server_command(port), env, tmp_path / "server.log")
    server.start(port)
    try:
        assert wait_for(lambda: "runde-1-laufend" in _reasons(app), seconds=60), server.output()
    finally:
        server.stop()
    assert _reasons(app) == ["runde-1-laufend"], server.output()
    assert f"Sicherungskopien (alle 5 Minuten, solange eine Runde läuft): {instance}" in (
        server.output()
    )
    assert restore.inspect_copy(service.backups_in(service.folder_of(app))[0].path).current


def test_the_newest_twenty_backups_are_kept_and_other_files_left_alone(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    app = _app_on(tmp_path / "doko.sqlite3", instance)
    with app.app_context():
        flask_migrate.upgrade()
        db.engine.dispose()
    folder = service.folder_of(app)
    folder.mkdir()
    others = ["notizen.txt", "doko-turnier.sqlite3", "doko-kaputt.sqlite3"]
    for name in others:
        (folder / name).write_text("nicht von uns")
    aside = service.write_backup(app, service.BEFORE_RESTORE, now=dt.datetime(2026, 11, 1))
    first = dt.datetime(2026, 11, 26, 10, 0, 0)
    written = [
        service.write_backup(app, "runde-1-laufend", now=first + dt.timedelta(minutes=5 * n))
        for n in range(25)
    ]
    kept = service.backups_in(folder)
    assert [b.path for b in kept if b.reason == "runde-1-laufend"] == written[5:]
    assert aside is not None and aside.exists(), "the copy before a restore is never deleted"
    assert all((folder / name).exists() for name in others)
    # Two copies in one second for one reason: both kept, under two names.
    again = service.write_backup(app, "runde-1-laufend", now=first + dt.timedelta(minutes=120))
    assert again is not None and again != written[-1] and again.exists()


# ------------------------------------------------------------------ names and stamps


@pytest.mark.parametrize(
    ("name", "part"),
    [
        ("Herbstturnier 2026", "herbstturnier-2026"),
        ("Großes Dürener Doko-Turnier", "grosses-duerener-doko-turnier"),
        ('Cup <Köln>: "A/B" \\ C|D? *E*', "cup-koeln-a-b-c-d-e"),
        ("Café Crème – ẞ", "cafe-creme-ss"),
        ("Offene Westdeutsche Meisterschaft im Doppelkopf", "offene-westdeutsche"),
        ("Donaudampfschifffahrtsgesellschaftskapitänsturnier", "donaudampfschifffahrtsgesellsc"),
        ("東京", ""),
    ],
)
def test_a_copy_is_named_for_its_tournament_safely_on_every_system(name: str, part: str) -> None:
    assert service.slug(name) == part
    taken = dt.datetime(2026, 11, 26, 14, 5, 0)
    file_name = service.name_for(taken, "runde-3-start", name)
    # Windows refuses <>:"/\|?* and control characters; the names keep to a-z, 0-9, - and .
    assert re.fullmatch(r"doko-[a-z0-9-]+T[0-9-]+-runde-3-start\.sqlite3", file_name)
    expected = f"doko-{part}-" if part else "doko-"
    assert file_name == f"{expected}2026-11-26T14-05-00-runde-3-start.sqlite3"
    assert service.parse_name(file_name) == (taken, "runde-3-start", part)
    # the names of older versions, without the tournament, are still backups
    assert service.parse_name("doko-2026-11-26T14-05-00-runde-3-start.sqlite3") == (
        taken,
        "runde-3-start",
        "",
    )


@pytest.mark.sqlite_only
def test_copies_carry_the_tournament_whose_round_started_and_a_stamp_of_their_own(
    app: Flask, client: FlaskClient
) -> None:
    before = dt.datetime.now().astimezone().replace(microsecond=0)
    _running_round(app, client)  # "Sicherungsturnier", round 1
    cologne = create_tournament(client, "Frühjahrs-Cup Köln")
    [first] = service.backups_in(service.folder_of(app))
    assert first.path.name.startswith("doko-sicherungsturnier-")
    stamp = service.read_stamp(first.path)
    assert stamp is not None
    assert (stamp.reason, stamp.tournament) == ("runde-1-start", "Sicherungsturnier")
    assert before <= stamp.taken <= dt.datetime.now().astimezone()

    # The copy set aside before a restore: the tournament whose round started last, not the
    # newest one (which has no round yet).
    aside = service.write_backup(app, service.BEFORE_RESTORE)
    assert aside is not None
    assert aside.name.startswith("doko-sicherungsturnier-")

    # A second tournament starts a round: its copies carry its name, the five-minute copy
    # too (its round started last), and they hold the whole database.
    paste_players(client, cologne, "\n".join(player_names(4, start=101)))
    draw_round(client, cologne, seed=1)
    round_action(client, cologne, 1, "starten")
    newest = service.backups_in(service.folder_of(app))[-1]
    assert newest.path.name.startswith("doko-fruehjahrs-cup-koeln-")
    assert newest.path.name.endswith("-runde-1-start.sqlite3")
    later = newest.taken + dt.timedelta(minutes=6)
    running = service.Schedule(app, clock=lambda: later).tick()
    assert running is not None and running.name.startswith("doko-fruehjahrs-cup-koeln-")
    held = restore.inspect_copy(running)
    assert [t.name for t in held.tournaments] == ["Sicherungsturnier", "Frühjahrs-Cup Köln"]
    assert held.stamped and held.taken == later


@pytest.mark.sqlite_only
def test_list_backups_says_when_a_copy_was_made_from_the_copy_itself(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    _running_round(app, client)
    folder = service.folder_of(app)
    made = dt.datetime(2026, 11, 26, 14, 5, 7)
    copy = service.write_backup(app, "runde-1-laufend", now=made)
    assert copy is not None
    # Copied about since: another name and another file date; the copy still knows.
    moved = copy.rename(
        folder / "doko-sicherungsturnier-2026-11-27T09-00-00-runde-1-laufend.sqlite3"
    )
    os.utime(moved, (1_700_000_000, 1_700_000_000))
    # A copy of an older version: no stamp, the name of old.
    old = _copy_of(app, folder / "doko-2026-11-20T10-00-00-runde-1-start.sqlite3")
    assert service.read_stamp(old) is None

    lines = commands.listing(app)
    assert lines[lines.index(f"  {moved.name}  ({_kb(moved)} KB)") + 1] == (
        "    angelegt: 26.11.2026 14:05:07, Turnier „Sicherungsturnier“"
    )
    assert lines[lines.index(f"  {old.name}  ({_kb(old)} KB)") + 1] == (
        "    angelegt: 20.11.2026 10:00:00 laut Dateiname (die Kopie selbst nennt keine Zeit: "
        "sie stammt von einer älteren Version von Doko-Turnier)"
    )
    described = commands.described(restore.inspect_copy(moved))
    assert "  angelegt: 26.11.2026 14:05:07" in described
    old_described = commands.described(restore.inspect_copy(old))
    assert old_described[1].startswith("  angelegt: 20.11.2026 10:00:00 laut Dateiname")

    # Restoring the stamped copy works, and the stamp stays behind in the copy.
    with app.app_context():
        db.engine.dispose()
    assert commands.run_restore(app, moved, io.StringIO(), io.StringIO()) == 0
    with sqlite3.connect(_database(app)) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert service.STAMP_TABLE not in tables
    assert service.read_stamp(moved) is not None
    with app.app_context():
        assert schema_problem(db.engine) is None
        db.engine.dispose()


def _kb(path: Path) -> int:
    return max(1, round(path.stat().st_size / 1024))


@pytest.mark.postgresql_only
def test_on_postgresql_no_backup_is_written_and_nothing_fails(
    app: Flask, client: FlaskClient, backend: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO):
        _running_round(app, client)
        assert service.write_backup(app, "runde-1-laufend") is None
        assert not service.Schedule(app).start()
    assert not service.folder_of(app).exists()
    said = [r for r in caplog.records if "keine Sicherungskopien" in r.getMessage()]
    assert len(said) == 1
    with pytest.raises(restore.RestoreRefused, match="PostgreSQL"):
        restore.restore(app, Path("egal.sqlite3"))


# ------------------------------------------------------------------ copies during a save burst


def _keep_list(
    client: FlaskClient, code: str, keys: list[str], problems: list[str], progress: list[int]
) -> None:
    """Save ``GAMES`` games at one table as its phone does: open the list, preview, confirm."""
    page_path, action = f"/tisch/{code}/", f"/tisch/{code}/spiel"
    for index in range(GAMES):
        page = client.get(page_path).get_data(as_text=True)
        token, version = CSRF.search(page), VERSION.search(page)
        if token is None or version is None:
            problems.append(f"{code} game {index + 1}: no form")
            return
        game = {
            "kind": "normal",
            "re": keys[:2],
            "eyes_party": "re",
            "eyes": str(30 + (13 * index) % 150),
            "schwarz": "",
            "re_call": "",
            "kontra_call": "",
            "csrf_token": token[1],
            "version": version[1],
        }
        if client.post(action, data=game).status_code != 200:
            problems.append(f"{code} game {index + 1}: preview refused")
            return
        saved = client.post(action, data={**game, "confirmed": "1"})
        if saved.status_code != 302 or not saved.headers["Location"].endswith("#inhalt"):
            problems.append(f"{code} game {index + 1}: not saved ({saved.status_code})")
            return
        progress.append(index)


def _lists(app: Flask) -> dict[int, tuple[int, list[str], dict[str, int]]]:
    """Per table of round 1: (version, entries as stored, the seats' points)."""
    with app.app_context():
        round_ = db.session.execute(select(Round).where(Round.number == 1)).scalar_one()
        found = {
            table.number: (
                table.version,
                list(store.entry_texts(table)),
                {str(s.registration.start_number): s.points for s in table.seats},
            )
            for table in round_.tables
        }
        db.engine.dispose()
    return found


@pytest.mark.sqlite_only
def test_backups_taken_during_a_save_burst_hold_whole_games_and_restore(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    _running_round(app, client)
    with app.app_context():
        round_ = db.session.execute(select(Round)).scalar_one()
        tables = [
            (t.access_code or "", [str(s.registration.start_number) for s in t.seats])
            for t in round_.tables
        ]
    problems: list[str] = []
    progress: list[int] = []
    phones = [
        threading.Thread(
            target=_keep_list, args=(app.test_client(), code, keys, problems, progress)
        )
        for code, keys in tables
    ]
    copies: list[Path] = []
    start = dt.datetime(2026, 11, 26, 14, 0, 0)
    for phone in phones:
        phone.start()
    pause = threading.Event()
    while any(phone.is_alive() for phone in phones) and len(copies) < service.KEEP - 2:
        seen = len(progress)
        taken = service.write_backup(
            app, "runde-1-laufend", now=start + dt.timedelta(minutes=5 * len(copies))
        )
        assert taken is not None
        copies.append(taken)
        # The next copy after at least one more saved game.
        while len(progress) == seen and any(phone.is_alive() for phone in phones):
            pause.wait(0.002)
    for phone in phones:
        phone.join(timeout=120)
    assert not problems, problems
    final = _lists(app)
    assert all(len(texts) == GAMES for _, texts, _ in final.values())
    last = service.write_backup(app, "runde-1-laufend", now=start.replace(hour=16))
    assert last is not None
    copies.append(last)

    saved_counts = set()
    for number, copy in enumerate(copies):
        held = restore.inspect_copy(copy)  # whole and ours
        assert held.current and len(held.tournaments) == 1
        store.forget_reports()
        lists = _lists(_app_on(copy, tmp_path / f"check-{number}"))
        for table_number, (version, texts, points) in lists.items():
            final_version, final_texts, _ = final[table_number]
            assert texts == final_texts[: len(texts)], "whole games, in order"
            assert final_version - version == GAMES - len(texts), "a version per saved game"
            keys = list(points)  # in seat order: the first deals first
            report = check_list({"id": "copy", "players": keys, "entries": _loaded(texts)})
            assert report["valid"], report["findings"]
            assert report["totals"] == points, "the seats' points belong to the same games"
        saved_counts.add(sum(len(texts) for _, texts, _ in lists.values()))
        assert held.tournaments[0].games == sum(len(texts) for _, texts, _ in lists.values())
    assert len(saved_counts) >= 2, "copies taken at different moments of the burst"

    # A copy from the middle of the burst, restored on a new laptop, is served with lists the
    # app's own check accepts.
    middle = copies[len(copies) // 2]
    laptop = _app_on(tmp_path / "new-laptop" / "doko-turnier.sqlite3", tmp_path / "new-laptop")
    assert commands.run_restore(laptop, middle, io.StringIO(), io.StringIO()) == 0
    store.forget_reports()
    with laptop.app_context():
        round_ = db.session.execute(select(Round)).scalar_one()
        for table in round_.tables:
            report = list_store.check(table)
            assert report["valid"], report["findings"]
            assert {str(s.registration.start_number): s.points for s in table.seats} == (
                report["totals"]
            )
        db.engine.dispose()


def _loaded(texts: list[str]) -> list[object]:
    return [json.loads(text) for text in texts]


# ------------------------------------------------------------------ the restore's check


@pytest.fixture
def good_copy(app: Flask, client: FlaskClient, tmp_path: Path) -> Path:
    """A copy of a database holding a tournament with round 1 running."""
    _running_round(app, client)
    return _copy_of(app, tmp_path / "gut.sqlite3")


def _refused(app: Flask, copy: Path, expected: str) -> None:
    with app.app_context():
        db.engine.dispose()
    before = _fingerprint(app)
    err = io.StringIO()
    assert commands.run_restore(app, copy, io.StringIO(), err) == 1
    assert expected in err.getvalue() and console.RESTORE_UNCHANGED in err.getvalue(), (
        err.getvalue()
    )
    assert _fingerprint(app) == before


@pytest.mark.sqlite_only
def test_restore_refuses_a_truncated_copy(app: Flask, good_copy: Path, tmp_path: Path) -> None:
    cut = tmp_path / "abgeschnitten.sqlite3"
    data = good_copy.read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    _refused(app, cut, "beschädigt")


@pytest.mark.sqlite_only
def test_restore_refuses_a_copy_with_garbage_inside(
    app: Flask, good_copy: Path, tmp_path: Path
) -> None:
    spoilt = tmp_path / "verdorben.sqlite3"
    data = bytearray(good_copy.read_bytes())
    page = 4096
    for start in range(2 * page, len(data), 3 * page):
        data[start + 100 : start + 1500] = bytes(range(256)) * 5 + bytes(120)
    spoilt.write_bytes(bytes(data))
    _refused(app, spoilt, "beschädigt")


@pytest.mark.sqlite_only
def test_restore_refuses_a_file_that_is_no_database(
    app: Flask, good_copy: Path, tmp_path: Path
) -> None:
    other = tmp_path / "liste.sqlite3"
    other.write_text("Name;Verein\nAnna;Kiel\n" * 200)
    _refused(app, other, "keine SQLite-Datenbank")
    _refused(app, tmp_path / "fehlt.sqlite3", "gibt es nicht")


@pytest.mark.sqlite_only
def test_restore_refuses_a_sqlite_file_of_another_program(app: Flask, tmp_path: Path) -> None:
    foreign = tmp_path / "fremd.sqlite3"
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE kunden (name TEXT)")
        connection.execute("INSERT INTO kunden VALUES ('Anna')")
    _refused(app, foreign, "keine Datenbank von Doko-Turnier")
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE alembic_version (version_num TEXT)")
        connection.execute("INSERT INTO alembic_version VALUES ('b4e1c7d2a9f3')")
    _refused(app, foreign, "es fehlt: audit_event")


@pytest.mark.sqlite_only
def test_restore_refuses_a_copy_of_a_newer_program(
    app: Flask, good_copy: Path, tmp_path: Path
) -> None:
    with sqlite3.connect(good_copy) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'ffff00000000'")
    _refused(app, good_copy, "neueren Version")


@pytest.mark.sqlite_only
def test_restore_refuses_while_the_database_is_open(app: Flask, good_copy: Path) -> None:
    with app.app_context():
        db.engine.dispose()
    before = _fingerprint(app)
    server = sqlite3.connect(_database(app))  # another program holds it open, in WAL mode
    server.execute("PRAGMA journal_mode=WAL")
    server.execute("SELECT count(*) FROM tournament").fetchone()
    try:
        with pytest.raises(restore.RestoreRefused, match="Läuft Doko-Turnier noch"):
            restore.restore(app, good_copy)
    finally:
        server.close()
    assert _fingerprint(app)[1] == before[1]
    with app.app_context():
        assert db.session.execute(select(Tournament.name)).scalar_one() == "Sicherungsturnier"
        db.engine.dispose()


@pytest.mark.sqlite_only
def test_restore_refuses_when_the_current_database_cannot_be_kept(
    app: Flask, good_copy: Path
) -> None:
    with app.app_context():
        tournament = db.session.execute(select(Tournament)).scalar_one()
        tournament.name = "Nach der Kopie umbenannt"
        db.session.commit()
        db.engine.dispose()
    before = snapshot(app)
    with app.app_context():
        db.engine.dispose()
    for backup in service.backups_in(service.folder_of(app)):
        backup.path.unlink()
    service.folder_of(app).rmdir()
    service.folder_of(app).write_text("kein Ordner")  # no copy can be written there
    err = io.StringIO()
    assert commands.run_restore(app, good_copy, io.StringIO(), err) == 1
    assert "bisherige Datenbank ließ sich nicht sichern" in err.getvalue()
    assert snapshot(app) == before


# ------------------------------------------------------------------ restoring


@pytest.mark.sqlite_only
def test_restore_sets_the_current_database_aside_and_puts_the_copy_in_place(
    app: Flask, client: FlaskClient, good_copy: Path
) -> None:
    with app.app_context():
        tournament = db.session.execute(select(Tournament)).scalar_one()
        tournament.name = "Nach der Kopie umbenannt"
        db.session.commit()
        db.engine.dispose()
    out = io.StringIO()
    assert commands.run_restore(app, good_copy, out, io.StringIO()) == 0
    assert "Turnier „Sicherungsturnier“" in out.getvalue() and "Runde 1 läuft" in out.getvalue()
    aside = [
        b for b in service.backups_in(service.folder_of(app)) if b.reason == "vor-wiederherstellung"
    ]
    assert len(aside) == 1 and str(aside[0].path) in out.getvalue()
    assert restore.inspect_copy(aside[0].path).tournaments[0].name == "Nach der Kopie umbenannt"
    with app.app_context():
        assert db.session.execute(select(Tournament.name)).scalar_one() == "Sicherungsturnier"
        db.engine.dispose()


@pytest.mark.sqlite_only
def test_restore_replaces_a_damaged_database_and_keeps_it_aside(
    app: Flask, good_copy: Path
) -> None:
    with app.app_context():
        db.engine.dispose()
    database = _database(app)
    for companion in ("-wal", "-shm"):
        Path(f"{database}{companion}").unlink(missing_ok=True)
    database.write_bytes(b"\x00kaputt" * 5000)
    assert commands.run_restore(app, good_copy, io.StringIO(), io.StringIO()) == 0
    aside = service.backups_in(service.folder_of(app))
    assert [b.reason for b in aside] == ["runde-1-start", "vor-wiederherstellung-beschaedigt"]
    assert aside[1].path.read_bytes() == b"\x00kaputt" * 5000
    with app.app_context():
        assert db.session.execute(select(Tournament.name)).scalar_one() == "Sicherungsturnier"
        db.engine.dispose()


@pytest.mark.sqlite_only
def test_the_database_file_of_another_laptop_is_restored_with_its_wal(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    _running_round(app, client)
    with app.app_context():
        connection = db.engine.connect()  # the server still has it open: saves in the -wal
        connection.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
        connection.exec_driver_sql("UPDATE tournament SET name = 'Zuletzt gespeichert'")
        connection.commit()
        stick = tmp_path / "usb-stick"
        stick.mkdir()
        database = _database(app)
        for suffix in ("", "-wal"):
            (stick / f"doko-turnier.sqlite3{suffix}").write_bytes(
                Path(f"{database}{suffix}").read_bytes()
            )
        connection.close()
        db.engine.dispose()
    assert (stick / "doko-turnier.sqlite3-wal").stat().st_size > 0
    laptop = _app_on(tmp_path / "neu" / "doko-turnier.sqlite3", tmp_path / "neu")
    out = io.StringIO()
    assert commands.run_restore(laptop, stick / "doko-turnier.sqlite3", out, io.StringIO()) == 0
    assert "Turnier „Zuletzt gespeichert“" in out.getvalue()
    with laptop.app_context():
        assert db.session.execute(select(Tournament.name)).scalar_one() == "Zuletzt gespeichert"
        db.engine.dispose()


def test_a_copy_of_an_older_schema_is_restored_and_migrated(tmp_path: Path) -> None:
    old = _app_on(tmp_path / "alt.sqlite3", tmp_path / "old")
    with old.app_context():
        flask_migrate.upgrade(revision="7a3d9c1e4b20")
        db.engine.dispose()
    with sqlite3.connect(tmp_path / "alt.sqlite3") as connection:
        connection.execute(
            "INSERT INTO tournament (name, date, venue, organiser, rule_set, rounds_planned, "
            "status, version) VALUES ('Altes Turnier', '2026-10-03', '', '', 'TSR 2026', 3, "
            "'planned', 1)"
        )
    held = restore.inspect_copy(tmp_path / "alt.sqlite3")
    assert not held.current
    laptop = _app_on(tmp_path / "neu" / "doko-turnier.sqlite3", tmp_path / "neu")
    out = io.StringIO()
    assert commands.run_restore(laptop, tmp_path / "alt.sqlite3", out, io.StringIO()) == 0
    assert "älteren Version" in out.getvalue()
    with laptop.app_context():
        assert schema_problem(db.engine) is None
        assert db.session.execute(select(Tournament.name)).scalar_one() == "Altes Turnier"
        db.engine.dispose()


def test_doko_turnier_restores_a_copy_and_then_serves_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The copy comes from the broken laptop: a tournament with round 1 running.
    broken = _app_on(tmp_path / "alt" / "doko-turnier.sqlite3", tmp_path / "alt")
    with broken.app_context():
        flask_migrate.upgrade()
        db.engine.dispose()
    client = broken.test_client()
    _running_round(broken, client)
    copy = service.backups_in(service.folder_of(broken))[0].path

    instance = tmp_path / "neuer-laptop"
    monkeypatch.setenv(INSTANCE_PATH_VARIABLE, str(instance))
    assert serve.main(["--list-backups"]) == 0
    assert serve.main(["--restore", str(copy)]) == 0
    printed = capsys.readouterr().out
    assert "Keine Sicherungskopien" in printed and "Runde 1 läuft" in printed

    app = create_app({"SETUP_CODE_IN_LOG": False})
    assert laptop.migrate(app) is None
    with laptop_serving(app, tmp_path / "server.log") as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/turniere/1/runden/1")
        response = connection.getresponse()
        body = response.read().decode()
        connection.close()
    assert response.status == 200
    assert "Sicherungsturnier" in body
    with app.app_context():
        db.engine.dispose()


@pytest.mark.sqlite_only
def test_the_flask_commands_list_and_restore_backups(app: Flask, client: FlaskClient) -> None:
    _running_round(app, client)
    runner = app.test_cli_runner()
    listed = runner.invoke(args=["list-backups"])
    assert listed.exit_code == 0 and "runde-1-start" in listed.output
    copy = service.backups_in(service.folder_of(app))[0].path
    with app.app_context():
        db.engine.dispose()
    restored = runner.invoke(args=["restore-backup", str(copy)])
    assert restored.exit_code == 0, restored.output
    assert "Wiederhergestellt" in restored.output
    refused = runner.invoke(args=["restore-backup", str(copy.with_name("fehlt.sqlite3"))])
    assert refused.exit_code == 1


# ------------------------------------------------------------------ PostgreSQL: pg_dump


def _pg(program: str, url: URL, *arguments: str) -> subprocess.CompletedProcess[str]:
    """A PostgreSQL client program of the cluster's version, as docs/server.md runs it."""
    connection = ["--host", str(url.host), "--port", str(url.port), "--username", str(url.username)]
    return subprocess.run(
        [str(postgres.BIN_DIR / program), *connection, *arguments],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.postgresql_only
def test_the_pg_dump_routine_of_the_docs_restores_the_tournament(
    app: Flask, client: FlaskClient, backend: str, tmp_path: Path
) -> None:
    _running_round(app, client)
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    dump = tmp_path / "doko-2026-11-26T14-05.dump"
    made = _pg("pg_dump", url, "-Fc", "--file", str(dump), str(url.database))
    assert made.returncode == 0, made.stderr
    listed = _pg("pg_restore", url, "--list", str(dump))
    assert listed.returncode == 0 and "TABLE DATA public list_entry" in listed.stdout
    # A dump cut short is refused by the check that reads it whole.
    cut = tmp_path / "abgeschnitten.dump"
    cut.write_bytes(dump.read_bytes()[: dump.stat().st_size // 2])
    assert _pg("pg_restore", url, "--file", os.devnull, str(cut)).returncode != 0
    assert _pg("pg_restore", url, "--file", os.devnull, str(dump)).returncode == 0

    # Restored over the database after a change: the change is gone.
    with app.app_context():
        tournament = db.session.execute(select(Tournament)).scalar_one()
        tournament.name = "Nach dem Dump umbenannt"
        db.session.commit()
        db.engine.dispose()
    restored = _pg(
        "pg_restore",
        url,
        "--clean",
        "--if-exists",
        "--single-transaction",
        "--dbname",
        str(url.database),
        str(dump),
    )
    assert restored.returncode == 0, restored.stderr
    with app.app_context():
        assert schema_problem(db.engine) is None
        assert db.session.execute(select(Tournament.name)).scalar_one() == "Sicherungsturnier"
        db.engine.dispose()
