"""The Protokoll in German: the log's events described, with what they name looked up
(the log itself is ``tournament.domain.audit_log``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import select

from tournament.audit.describe import (
    Described,
    EventData,
    Lookups,
    RegistrationInfo,
    RoundInfo,
    TableInfo,
    describe,
)
from tournament.domain import names
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
)


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
    rules: dict[int, Any] = {}
    if tournament_ids:
        titled = select(Tournament).where(Tournament.id.in_(tournament_ids))
        for found in db.session.execute(titled).scalars():
            tournaments[found.id] = found.name
            if found.engine_rules is not None:
                rules[found.id] = found.engine_rules
    return Lookups(users, tournaments, rounds, tables, registrations, start_numbers, rules)


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
