"""The audit log: who changed what, when, and the values before and after."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import joinedload

from tournament.extensions import db
from tournament.models import AuditEvent, User, core_table, utcnow

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


def page_of_events(page: int, object_type: str | None = None) -> tuple[list[AuditEvent], bool]:
    """One page of the log, newest first, and whether an older page exists."""
    query = select(AuditEvent).options(joinedload(AuditEvent.user))
    if object_type:
        query = query.where(AuditEvent.object_type == object_type)
    query = (
        query.order_by(AuditEvent.at.desc(), AuditEvent.id.desc())
        .offset((page - 1) * AUDIT_PAGE_SIZE)
        .limit(AUDIT_PAGE_SIZE + 1)
    )
    events = list(db.session.execute(query).scalars())
    return events[:AUDIT_PAGE_SIZE], len(events) > AUDIT_PAGE_SIZE


def object_types() -> list[str]:
    query = select(AuditEvent.object_type).distinct().order_by(AuditEvent.object_type)
    return list(db.session.execute(query).scalars())
