"""The audit log: every change a service makes is written here, in the transaction of the
change, with :func:`record` (who, what, the values before and after); the log is read back
by object (:func:`events_for`) or page by page, newest first (:func:`page_of_events`). The
Protokoll pages that show it in German are the feature ``tournament.audit``."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import ColumnElement, and_, insert, or_, select

from tournament.extensions import db
from tournament.models import AuditEvent, Registration, Round, RoundTable, User, core_table, utcnow
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
    db.session.execute(_INSERT_EVENT, _rows(user, action, object_type, [(object_id, old, new)])[0])


def record_each(
    user: User | None,
    action: str,
    object_type: str,
    changes: Sequence[tuple[int | None, Mapping[str, Any] | None, Mapping[str, Any] | None]],
) -> None:
    """:func:`record` for several objects changed alike, one ``(object_id, old, new)`` each, in
    one INSERT of all their events (a pasted list of 400 players: one statement, not 400)."""
    if changes:
        db.session.execute(_INSERT_EVENT, _rows(user, action, object_type, changes))


def _rows(
    user: User | None,
    action: str,
    object_type: str,
    changes: Sequence[tuple[int | None, Mapping[str, Any] | None, Mapping[str, Any] | None]],
) -> list[dict[str, Any]]:
    if user is not None and user.id is None:
        db.session.flush()  # a user created in this transaction gets its id
    user_id = user.id if user is not None else None
    at = utcnow()
    return [
        {
            "user_id": user_id,
            "at": at,
            "action": action,
            "object_type": object_type,
            "object_id": object_id,
            "old_value": _to_json(old),
            "new_value": _to_json(new),
        }
        for object_id, old, new in changes
    ]


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
