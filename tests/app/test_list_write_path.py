"""One write path for a score list: every change of a table's list (a game, a correction, a
deletion, a penalty, Nachspielzeit, time up) goes through ``score_lists.write``, which checks
who may make it, lets the engine check the new list, stores it, audits it and gives back the
engine's report with the list's page model; the pages show what it gave back.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.support.scorelists import (
    add_entry,
    delete_entry,
    make_round,
    make_tournament,
    make_user,
    replace_entry,
)
from tests.support.webapp import (
    create_tournament,
    draw_round,
    flashes,
    form_on,
    paste_players,
    player_names,
    round_action,
    sign_in,
)
from tournament.domain import list_entries, list_sheet, list_store, score_lists, table_play
from tournament.domain.errors import ServiceError
from tournament.domain.score_lists import Actor, Correction, Deletion, NewEntry, Written
from tournament.extensions import db
from tournament.models import AuditEvent, ListEntry, Role, Round, RoundTable, User
from tournament.rounds import service as rounds
from tournament.texts import Notice, Refusal, notice

KEEPER = Actor(None, by_code=True)


@pytest.fixture
def ctx(app: Flask) -> Iterator[None]:
    with app.app_context():
        yield


def seated() -> RoundTable:
    """A table of four (start numbers 1 to 4), a Turnierleitung ``leitung`` and a
    Schiedsrichter ``schiri``; the round started."""
    leitung = make_user()
    db.session.add(User(username="schiri", password_hash="-", role=Role.SCHIEDSRICHTER))
    tournament, registrations = make_tournament([(name, "Kiel") for name in "ABCD"])
    round_ = make_round(tournament, 1, [registrations])
    db.session.commit()
    rounds.start(leitung, round_, tournament.version)
    db.session.commit()
    return round_.tables[0]


def actor(username: str) -> Actor:
    return Actor(db.session.execute(select(User).where(User.username == username)).scalar_one())


def game(re: list[str]) -> dict[str, Any]:
    return list_entries.game(kind="normal", re=re, re_eyes=150)


def stored(table: RoundTable) -> list[dict[str, Any]]:
    query = select(ListEntry).where(ListEntry.table_id == table.id).order_by(ListEntry.number)
    return [json.loads(e.record) for e in db.session.execute(query).scalars()]


def test_every_change_of_a_list_goes_through_the_one_write_path(
    ctx: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = seated()
    through: list[score_lists.ListChange] = []
    write = score_lists.write

    def spy(who: Actor, at: RoundTable, version: int, change: score_lists.ListChange) -> Written:
        through.append(change)
        return write(who, at, version, change)

    monkeypatch.setattr(score_lists, "write", spy)
    schiri, leitung = actor("schiri"), actor("leitung")
    add_entry(KEEPER, table, table.version, game(["1", "3"]))
    add_entry(KEEPER, table, table.version, game(["2", "4"]))
    replace_entry(schiri, table, table.version, 2, game(["1", "2"]))
    delete_entry(schiri, table, table.version, 2)
    penalty = list_entries.penalty(category="geringfuegig", offender="2")
    table_play.add_penalty(schiri, table, table.version, penalty)
    table_play.grant_extension(schiri, table, table.version, 5, "Reklamation")
    table_play.mark_time_up(leitung, table, table.version, False)
    db.session.commit()

    assert [type(change) for change in through] == [
        NewEntry,
        NewEntry,
        Correction,
        Deletion,
        NewEntry,
        NewEntry,
        NewEntry,
    ]
    new_kinds = [c.entry["kind"] for c in through if isinstance(c, NewEntry)]
    assert new_kinds == ["game", "game", "penalty", "nachspielzeit", "time_up"]
    assert [e["kind"] for e in stored(table)] == ["game", "penalty", "nachspielzeit", "time_up"]
    events = db.session.execute(
        select(AuditEvent.action)
        .where(AuditEvent.object_type == "round_table", AuditEvent.object_id == table.id)
        .order_by(AuditEvent.id)
    ).scalars()
    assert list(events) == [
        "add_list_entry",
        "add_list_entry",
        "correct_list_entry",
        "delete_list_entry",
        "add_list_entry",
        "add_list_entry",
        "add_list_entry",
    ]


PENALTY = {"kind": "penalty", "category": "geringfuegig", "offender": "1"}
TIME_UP = {"kind": "time_up", "being_dealt": False}


def extension(minutes: int, reason: str = "Reklamation") -> dict[str, Any]:
    return {"kind": "nachspielzeit", "minutes": minutes, "reason": reason}


@pytest.mark.parametrize(
    ("who", "entry", "refusal", "field"),
    [
        ("keeper", PENALTY, Refusal.PENALTY_NOT_ALLOWED, None),
        ("keeper", extension(5), Refusal.EXTENSION_NOT_ALLOWED, None),
        ("schiri", extension(0), Refusal.EXTENSION_MINUTES, "minutes"),
        ("schiri", extension(61), Refusal.EXTENSION_MINUTES, "minutes"),
        ("schiri", extension(5, "  "), Refusal.EXTENSION_REASON_MISSING, "reason"),
        ("keeper", TIME_UP, Refusal.TIME_NOT_CALLED, None),
    ],
)
def test_the_write_path_itself_checks_who_may_write_each_kind_of_entry(
    ctx: None, who: str, entry: dict[str, Any], refusal: Refusal, field: str | None
) -> None:
    """Not only the Schiedsrichter's screens check: a penalty, Nachspielzeit or time up sent
    straight to the write path is refused the same way, and nothing is stored."""
    table = seated()
    version = table.version
    writer = KEEPER if who == "keeper" else actor(who)
    with pytest.raises(ServiceError) as refused:
        score_lists.write(writer, table, version, NewEntry(entry))
    db.session.rollback()
    assert refused.value.code is refusal
    assert refused.value.field == field
    assert stored(table) == []
    assert table.version == version


def test_a_penalty_is_signed_by_who_writes_it_whatever_the_entry_says(ctx: None) -> None:
    table = seated()
    forged = {
        **list_entries.penalty(category="geringfuegig", offender="2"),
        "signed_by": "jemand",
    }
    score_lists.write(actor("schiri"), table, table.version, NewEntry(forged))
    db.session.commit()
    assert stored(table)[-1]["signed_by"] == "schiri"


def test_the_write_path_gives_back_the_report_and_the_page_model_of_the_stored_list(
    ctx: None,
) -> None:
    table = seated()
    written = score_lists.write(KEEPER, table, table.version, NewEntry(game(["1", "3"])))
    db.session.commit()
    now = list_sheet.sheet(table)
    assert written.report == list_store.check(table)
    assert written.sheet.report == written.report
    assert written.sheet.rows == now.rows
    assert written.sheet.players == now.players
    assert written.sheet.rows[-1].game == 1


@pytest.fixture
def running(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """Round 1 of a tournament of eight started; the first table's addresses and players."""
    sign_in(app, client)
    tid = create_tournament(client)
    paste_players(client, tid, "\n".join(player_names(8)))
    draw_round(client, tid, seed=5)
    round_action(client, tid, 1, "starten")
    with app.app_context():
        round_ = db.session.execute(
            select(Round).where(Round.tournament_id == tid, Round.number == 1)
        ).scalar_one()
        table = round_.tables[0]
        return {
            "code_url": f"/tisch/{table.access_code}/",
            "keys": [str(s.registration.start_number) for s in table.seats],
        }


def test_the_saved_game_is_named_from_what_the_write_path_gave_back(
    app: Flask, client: FlaskClient, running: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a save the page does not read the list again: it names the game from the page
    model the write path returned."""
    write, sheet = score_lists.write, list_sheet.sheet
    written: list[Written] = []

    def writing(*args: Any) -> Written:
        written.append(write(*args))
        return written[-1]

    def reading(*args: Any, **kwargs: Any) -> list_sheet.Sheet:
        assert not written, "the list was read again after it was written"
        return sheet(*args, **kwargs)

    monkeypatch.setattr(score_lists, "write", writing)
    monkeypatch.setattr(list_sheet, "sheet", reading)
    url, keys = running["code_url"], running["keys"]
    page = client.get(url).get_data(as_text=True)
    values: dict[str, Any] = dict(form_on(page, url + "spiel", url).fields)
    values.update(
        {"kind": "normal", "re": keys[:2], "eyes_party": "re", "eyes": "130", "confirmed": "1"}
    )
    response = client.post(url + "spiel", data=values)
    assert response.status_code == 302, response.get_data(as_text=True)
    assert len(written) == 1
    row = written[0].sheet.rows[-1]
    monkeypatch.setattr(list_sheet, "sheet", sheet)
    shown = flashes(client.get(response.headers["Location"]).get_data(as_text=True))
    points = ", ".join(
        f"{player.name} {value:+d}"
        for player, value in zip(written[0].sheet.players, row.points, strict=True)
    )
    assert notice(Notice.GAME_SAVED, game=1, label=row.label, points=points) in shown
