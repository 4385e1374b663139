"""The audit log: who changed what, when, and the values before and after."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from tournament.extensions import db
from tournament.models import AuditEvent, User


def record(
    user: User | None,
    action: str,
    object_type: str,
    object_id: int | None,
    *,
    old: Mapping[str, Any] | None = None,
    new: Mapping[str, Any] | None = None,
) -> AuditEvent:
    """Add an event to the session; it is committed together with the change it describes."""
    event = AuditEvent(
        user=user,
        action=action,
        object_type=object_type,
        object_id=object_id,
        old_value=_to_json(old),
        new_value=_to_json(new),
    )
    db.session.add(event)
    return event


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
