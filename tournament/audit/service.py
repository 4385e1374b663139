"""The audit log: who changed what, when, and the values before and after."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import ColumnElement, and_, insert, or_, select

from tournament.audit.describe import (
    Described,
    EventData,
    Lookups,
    RegistrationInfo,
    RoundInfo,
    TableInfo,
    describe,
)
from tournament.extensions import db
from tournament.models import (
    AuditEvent,
    Player,
    Registration,
    Round,
    RoundTable,
    Seat,
    Tournament,
    User,
    core_table,
    utcnow,
)
from tournament.registrations import names
from tournament.texts.audit import LogKind

_INSERT_EVENT = insert(core_table(AuditEvent))


def record(
    user: User | None,
    action: str,
    object_type: str,
    object_id: int | None,
    *,
    old: Mapping[str, Any] | None = None,
    new: Mapping[str, Any] | None = None,
) -> None:
    """Write an event in the transaction of the change it describes (committed or rolled back
    with it). One Core INSERT: a score list's save writes its event while it holds SQLite's
    write lock, where the session's unit of work cost more than the row."""
    if user is not None and user.id is None:
        db.session.flush()  # a user created in this transaction gets its id
    db.session.execute(
        _INSERT_EVENT,
        {
            "user_id": user.id if user is not None else None,
            "at": utcnow(),
            "action": action,
            "object_type": object_type,
            "object_id": object_id,
            "old_value": _to_json(old),
            "new_value": _to_json(new),
        },
    )


def events_for(object_type: str, object_id: int) -> list[AuditEvent]:
    """One object's history, oldest first."""
    query = (
        select(AuditEvent)
        .where(AuditEvent.object_type == object_type, AuditEvent.object_id == object_id)
        .order_by(AuditEvent.at, AuditEvent.id)
    )
    return list(db.session.execute(query).scalars())


def _to_json(value: Mapping[str, Any] | None) -> str | None:
    # default=str: dates, enums and decimals are stored as readable text.
    if value is None:
        return None
    return json.dumps(dict(value), ensure_ascii=False, sort_keys=True, default=str)


AUDIT_PAGE_SIZE = 100

#: The score list's own changes (games, penalties, Nachspielzeit, time up, whole lists).
LIST_ACTIONS = ("add_list_entry", "correct_list_entry", "delete_list_entry", "replace_list")


def _kind_filter(kind: LogKind) -> ColumnElement[bool]:
    kind_of, action = AuditEvent.object_type, AuditEvent.action
    lists = and_(kind_of == "round_table", action.in_(LIST_ACTIONS))
    list_import = and_(kind_of == "tournament", action == "import_lists")
    return {
        LogKind.REGISTRATIONS: kind_of == "registration",
        LogKind.ROUNDS: kind_of == "round",
        LogKind.LISTS: or_(lists, list_import),
        LogKind.TABLES: and_(kind_of == "round_table", action.not_in(LIST_ACTIONS)),
        LogKind.ACCOUNTS: kind_of == "user",
        LogKind.TOURNAMENT: and_(kind_of == "tournament", action != "import_lists"),
    }[kind]


def _tournament_filter(tournament_id: int) -> ColumnElement[bool]:
    """Events about the tournament or anything of it (not accounts)."""
    kind, object_id = AuditEvent.object_type, AuditEvent.object_id
    registrations = select(Registration.id).where(Registration.tournament_id == tournament_id)
    rounds = select(Round.id).where(Round.tournament_id == tournament_id)
    tables = (
        select(RoundTable.id)
        .join(Round, RoundTable.round_id == Round.id)
        .where(Round.tournament_id == tournament_id)
    )
    return or_(
        and_(kind == "tournament", object_id == tournament_id),
        and_(kind == "registration", object_id.in_(registrations)),
        and_(kind == "round", object_id.in_(rounds)),
        and_(kind == "round_table", object_id.in_(tables)),
    )


def page_of_events(
    page: int, kind: LogKind | None = None, tournament_id: int | None = None
) -> tuple[list[AuditEvent], bool]:
    """One page of the log, newest first, and whether an older page exists; only events of
    ``kind`` and of the tournament ``tournament_id`` if given (accounts belong to no
    tournament: with ``kind`` accounts, ``tournament_id`` is not asked)."""
    query = select(AuditEvent)
    if kind is not None:
        query = query.where(_kind_filter(kind))
    if tournament_id is not None and kind is not LogKind.ACCOUNTS:
        query = query.where(_tournament_filter(tournament_id))
    query = (
        query.order_by(AuditEvent.at.desc(), AuditEvent.id.desc())
        .offset((page - 1) * AUDIT_PAGE_SIZE)
        .limit(AUDIT_PAGE_SIZE + 1)
    )
    events = list(db.session.execute(query).scalars())
    return events[:AUDIT_PAGE_SIZE], len(events) > AUDIT_PAGE_SIZE


def event(event_id: int) -> AuditEvent | None:
    return db.session.get(AuditEvent, event_id)


def tournament_choices() -> list[tuple[int, str]]:
    """Every tournament as (id, name), the newest first: the Protokoll's filter."""
    query = select(Tournament.id, Tournament.name).order_by(Tournament.date.desc(), Tournament.name)
    return [(row.id, row.name) for row in db.session.execute(query)]


def data_of(event: AuditEvent) -> EventData:
    return EventData(
        id=event.id,
        at=event.at,
        user_id=event.user_id,
        action=event.action,
        object_type=event.object_type,
        object_id=event.object_id,
        old_value=event.old_value,
        new_value=event.new_value,
    )


def described(events: Sequence[AuditEvent]) -> list[tuple[EventData, Described]]:
    """The events in German, with what they name looked up once for all of them."""
    data = [data_of(e) for e in events]
    lookups = lookups_for(data)
    return [(d, describe(d, lookups)) for d in data]


def lookups_for(events: Sequence[EventData]) -> Lookups:
    """What ``events`` name, looked up with one query per kind of object (not per event)."""
    ids: dict[str, set[int]] = {}
    for e in events:
        if e.object_id is not None:
            ids.setdefault(e.object_type, set()).add(e.object_id)
    user_ids = ids.get("user", set()) | {e.user_id for e in events if e.user_id is not None}
    users: dict[int, str] = {}
    if user_ids:
        named = select(User.id, User.username).where(User.id.in_(user_ids))
        users = {row.id: row.username for row in db.session.execute(named)}
    rounds: dict[int, RoundInfo] = {}
    if ids.get("round"):
        numbered = select(Round.id, Round.number, Round.tournament_id).where(
            Round.id.in_(ids["round"])
        )
        rounds = {r.id: RoundInfo(r.number, r.tournament_id) for r in db.session.execute(numbered)}
    tables = _tables(ids.get("round_table", set()))
    registrations: dict[int, RegistrationInfo] = {}
    if ids.get("registration"):
        registered = (
            select(
                Registration.id,
                Registration.start_number,
                Registration.tournament_id,
                Player.name,
            )
            .join(Player, Registration.player_id == Player.id)
            .where(Registration.id.in_(ids["registration"]))
        )
        registrations = {
            r.id: RegistrationInfo(r.name, r.start_number, r.tournament_id)
            for r in db.session.execute(registered)
        }
    # Draws store their tables by start number: those tournaments' players, by start number.
    drawn = {
        rounds[e.object_id].tournament_id
        for e in events
        if e.object_type == "round" and e.object_id in rounds and e.action in ("draw", "redraw")
    }
    # Their players and the tables' players by label (namesakes told apart), one query.
    labelled = drawn | {t.tournament_id for t in tables.values()}
    labels = names.of_tournaments(labelled) if labelled else {}
    start_numbers = {
        tournament_id: {str(number): label for number, label in labels[tournament_id].items()}
        for tournament_id in drawn
        if tournament_id in labels
    }
    tables = {
        table_id: replace(
            table,
            players=tuple(
                (number, labels.get(table.tournament_id, {}).get(int(number), name))
                for number, name in table.players
            ),
        )
        for table_id, table in tables.items()
    }
    tournament_ids = (
        ids.get("tournament", set())
        | {r.tournament_id for r in rounds.values()}
        | {t.tournament_id for t in tables.values()}
        | {r.tournament_id for r in registrations.values()}
    )
    tournaments: dict[int, str] = {}
    if tournament_ids:
        titled = select(Tournament.id, Tournament.name).where(Tournament.id.in_(tournament_ids))
        tournaments = {row.id: row.name for row in db.session.execute(titled)}
    return Lookups(users, tournaments, rounds, tables, registrations, start_numbers)


def _tables(table_ids: set[int]) -> dict[int, TableInfo]:
    """Tables with their round and players: two queries for any number of tables."""
    if not table_ids:
        return {}
    query = (
        select(RoundTable.id, RoundTable.number, Round.number.label("round"), Round.tournament_id)
        .join(Round, RoundTable.round_id == Round.id)
        .where(RoundTable.id.in_(table_ids))
    )
    found = {row.id: row for row in db.session.execute(query)}
    players: dict[int, list[tuple[str, str]]] = {}
    if found:
        seats = (
            select(Seat.table_id, Registration.start_number, Player.name)
            .join(Registration, Seat.registration_id == Registration.id)
            .join(Player, Registration.player_id == Player.id)
            .where(Seat.table_id.in_(found))
            .order_by(Seat.table_id, Seat.position)
        )
        for seat in db.session.execute(seats):
            players.setdefault(seat.table_id, []).append((str(seat.start_number), seat.name))
    return {
        table_id: TableInfo(
            row.number, row.round, row.tournament_id, tuple(players.get(table_id, ()))
        )
        for table_id, row in found.items()
    }
