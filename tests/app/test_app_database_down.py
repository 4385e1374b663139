"""A database that cannot be reached is a 503 page that asks to try again, never a 500; once
the database answers again, the app serves again without a restart."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import psycopg
import pytest
from flask import Flask
from flask.testing import FlaskClient
from psycopg import sql
from sqlalchemy import make_url
from werkzeug.test import TestResponse

from tests.support.webapp import create_tournament, csrf_token, post_form, sign_in
from tournament.app import create_app
from tournament.config import DEFAULT_DATABASE_FILE
from tournament.extensions import db

UNREACHABLE = "Datenbank nicht erreichbar – bitte gleich noch einmal versuchen."


def _is_unreachable_page(response: TestResponse) -> None:
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    assert UNREACHABLE in response.get_data(as_text=True)


def _admin(app: Flask) -> psycopg.Connection[tuple[object, ...]]:
    """A superuser connection to the cluster's maintenance database."""
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"]).set(drivername="postgresql")
    conninfo = url.set(database="postgres").render_as_string(hide_password=False)
    return psycopg.connect(conninfo, autocommit=True)


def _refuse_connections(app: Flask, refused: bool) -> None:
    """Close the app's database to new connections and end the open ones (as a restart or a
    network break would), or open it again."""
    name = make_url(app.config["SQLALCHEMY_DATABASE_URI"]).database
    with _admin(app) as admin:
        admin.execute(
            sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS {}").format(
                sql.Identifier(name), sql.Literal(not refused)
            )
        )
        if refused:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )


@pytest.mark.postgresql_only
def test_postgresql_going_away_is_a_503_and_comes_back_by_itself(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tid = create_tournament(client)
    page = f"/turniere/{tid}"
    token = csrf_token(client, page)
    _refuse_connections(app, True)
    try:
        _is_unreachable_page(client.get(page))
        _is_unreachable_page(client.post(f"{page}/runden/", data={"csrf_token": token}))
        _is_unreachable_page(app.test_client().get("/"))
    finally:
        _refuse_connections(app, False)
    assert client.get(page).status_code == 200


@pytest.mark.postgresql_only
def test_connections_ended_by_the_server_are_replaced_unnoticed(
    app: Flask, client: FlaskClient
) -> None:
    """A restarted server ends every connection in the pool: the next request gets a new one."""
    sign_in(app, client)
    tid = create_tournament(client)
    _refuse_connections(app, True)
    _refuse_connections(app, False)
    assert client.get(f"/turniere/{tid}").status_code == 200


@pytest.mark.postgresql_only
def test_a_server_that_is_not_there_at_start_is_a_503(
    app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The migration check of the first requests meets the dead server: the 503 page, not
    the page of an unmigrated database."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"]).set(port=1)
    dead = create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": url.render_as_string(False)},
        instance_path=str(tmp_path / "dead"),
    )
    for path in ("/", "/anmelden", "/turniere/1"):
        _is_unreachable_page(dead.test_client().get(path))


@pytest.mark.sqlite_only
def test_a_sqlite_file_locked_by_another_program_is_a_503(
    instance_dir: Path, monkeypatch: pytest.MonkeyPatch, app: Flask
) -> None:
    """Another program (a backup, an sqlite3 shell) holds the write lock beyond the busy
    timeout: a change is refused with the 503 page; reading goes on; then writing too."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    impatient = create_app(
        {"TESTING": True, "SQLITE_BUSY_TIMEOUT": 0.2}, instance_path=str(instance_dir)
    )
    client = impatient.test_client()
    sign_in(impatient, client)
    other = sqlite3.connect(instance_dir / DEFAULT_DATABASE_FILE, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        _is_unreachable_page(post_form(client, "/turniere/neu", {"name": "X"}))
        assert client.get("/").status_code == 200
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert create_tournament(client) == 1


@pytest.mark.sqlite_only
def test_a_vanished_sqlite_folder_is_a_503_until_it_is_back(
    app: Flask, client: FlaskClient, instance_dir: Path
) -> None:
    """The folder of the database is gone (a pulled USB stick) when connections are opened."""
    sign_in(app, client)
    tid = create_tournament(client)
    moved = instance_dir.with_name("weg")
    shutil.move(instance_dir, moved)
    with app.app_context():
        db.engine.dispose()
    try:
        _is_unreachable_page(client.get(f"/turniere/{tid}"))
    finally:
        shutil.move(moved, instance_dir)
    assert client.get(f"/turniere/{tid}").status_code == 200
