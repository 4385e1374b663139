"""A round's tables at play: the list-keepers' access codes, locks, loading a table for its
list, the Turnierleitung calling time, and the Schiedsrichter's entries on a table's list.

A table's access code opens that table's score list and nothing else, and only while its
round is drawn or running: it is printed (with a QR code) on the table card. Penalties,
Nachspielzeit and time up are written, like every change of a list, through the one write
path :func:`tournament.domain.score_lists.write`, which checks who may; the table's clock is
:mod:`tournament.domain.table_clock`.
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from sqlalchemy import Row, bindparam, select
from sqlalchemy.orm import joinedload, selectinload, undefer

from tournament.domain import audit_log as audit
from tournament.domain import score_lists, tournaments
from tournament.domain.errors import ServiceError
from tournament.domain.list_store import Report
from tournament.domain.score_lists import Actor, NewEntry
from tournament.extensions import db
from tournament.models import Registration, Round, RoundStatus, RoundTable, Seat, User, utcnow
from tournament.texts import Refusal

# No 0/O, 1/I/L: a code read aloud or typed from the card must not be mistaken.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def issue_codes(round_: Round) -> None:
    """Give every table of the round that has none a fresh access code."""
    for table in round_.tables:
        if table.access_code is None:
            table.access_code = new_code()


def normalise_code(text: str) -> str:
    """What a person typed, as stored: upper case, without spaces or dashes."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


#: A table with everything its list page reads, in one query (a row per seat; results need
#: ``unique()``); the entries' texts follow in a second (``list_store.entry_texts``).
WHOLE_LIST = (
    joinedload(RoundTable.round).joinedload(Round.tournament),
    joinedload(RoundTable.seats).joinedload(Seat.registration).joinedload(Registration.player),
)


def tables_of_round(round_: Round) -> list[RoundTable]:
    """A round's tables with everything their lists read, in two queries (exports, imports)."""
    query = (
        select(RoundTable)
        .where(RoundTable.round_id == round_.id)
        .order_by(RoundTable.number)
        # Every list's entries and report are needed.
        .options(*WHOLE_LIST, selectinload(RoundTable.entries), undefer(RoundTable.report))
    )
    return list(db.session.execute(query).unique().scalars())


# The queries of the list pages, built once (as their loader options, they cost more to build
# than to run).
_OF_ROUND = (
    select(RoundTable)
    .where(RoundTable.round_id == bindparam("round_row"), RoundTable.number == bindparam("number"))
    .options(*WHOLE_LIST)
)
_BY_CODE = (
    select(RoundTable).where(RoundTable.access_code == bindparam("code")).options(*WHOLE_LIST)
)


def table_of_round(round_: Round, number: int) -> RoundTable | None:
    """Table ``number`` of the round, loaded for its list page."""
    found = db.session.execute(_OF_ROUND, {"round_row": round_.id, "number": number})
    return found.unique().scalar_one_or_none()


_OPEN_LISTS = (
    select(
        RoundTable.access_code,
        RoundTable.version,
        RoundTable.locked,
        Round.status,
        Round.time_up_at,
    )
    .join(Round, RoundTable.round_id == Round.id)
    .where(RoundTable.access_code.is_not(None), Round.status != RoundStatus.FINISHED)
)


def open_lists() -> list[Row[tuple[str, int, bool, RoundStatus, dt.datetime | None]]]:
    """Every list a table's code opens (its round not over), with what its page's state
    is made of: the code, the list's version and lock, the round's status and time-up."""
    return list(db.session.execute(_OPEN_LISTS))


def table_by_code(code: str) -> RoundTable | None:
    """The table this code opens, or ``None``: unknown, revoked, or its round is over."""
    code = normalise_code(code)
    if len(code) != CODE_LENGTH:
        return None
    table = db.session.execute(_BY_CODE, {"code": code}).unique().scalar_one_or_none()
    if table is None or table.round.status is RoundStatus.FINISHED:
        return None
    return table


def renew_code(user: User | None, table: RoundTable, version: int) -> str:
    """A new code for the table; the old one stops working at once."""
    _claim(table, version)
    old = table.access_code
    table.access_code = new_code()
    audit.record(
        user, "renew_code", "round_table", table.id, old={"had_code": old is not None}, new={}
    )
    return table.access_code


def revoke_code(user: User | None, table: RoundTable, version: int) -> None:
    """No code opens this table any more (until a new one is given)."""
    _claim(table, version)
    if table.access_code is None:
        raise ServiceError(Refusal.NO_ACCESS_CODE, table=table.number)
    table.access_code = None
    audit.record(user, "revoke_code", "round_table", table.id, old={"had_code": True}, new={})


def set_locked(user: User | None, table: RoundTable, version: int, locked: bool) -> None:
    """Lock the list against the list-keeper's code (staff can still write), or unlock it."""
    if table.locked == locked:
        return
    _claim(table, version)
    audit.record(
        user,
        "lock_list" if locked else "unlock_list",
        "round_table",
        table.id,
        old={"locked": table.locked},
        new={"locked": locked},
    )
    table.locked = locked


def _claim(table: RoundTable, version: int) -> None:
    """Codes and locks are the Turnierleitung's: they claim the tournament, not the list."""
    tournaments.claim(table.round.tournament, version)
    if table.round.status is RoundStatus.FINISHED:
        raise ServiceError(Refusal.ROUND_FINISHED, round=table.round.number)


# ------------------------------------------------------- time up, Nachspielzeit, Strafpunkte


def declare_time_up(user: User | None, round_: Round, version: int) -> None:
    """The Turnierleitung calls time (TSR 8.5.3); each table then marks its list."""
    tournaments.claim(round_.tournament, version)
    if round_.status is not RoundStatus.RUNNING:
        raise ServiceError(Refusal.ROUND_NOT_RUNNING, round=round_.number)
    if round_.time_up_at is not None:
        raise ServiceError(Refusal.TIME_ALREADY_UP, round=round_.number)
    round_.time_up_at = utcnow()
    audit.record(user, "time_up", "round", round_.id, new={"time_up_at": round_.time_up_at})


def mark_time_up(actor: Actor, table: RoundTable, version: int, being_dealt: bool) -> Report:
    """Write time up on the list: the game being dealt is finished, other Normalspiele are
    struck, missing Pflichtsoli follow as Vorführungen (TSR 8.5.3, 8.6)."""
    entry = {"kind": "time_up", "being_dealt": being_dealt}
    return score_lists.write(actor, table, version, NewEntry(entry)).report


def grant_extension(
    actor: Actor, table: RoundTable, version: int, minutes: int, reason: str
) -> Report:
    """Nachspielzeit for one table, by the Schiedsrichter, with a reason (TSR 8.5.1)."""
    entry: dict[str, Any] = {"kind": "nachspielzeit", "minutes": minutes, "reason": reason}
    return score_lists.write(actor, table, version, NewEntry(entry)).report


def add_penalty(actor: Actor, table: RoundTable, version: int, record: dict[str, Any]) -> Report:
    """Strafpunkte (TSR 9), entered and signed off by the Schiedsrichter (8.2.2)."""
    entry = {**record, "kind": "penalty"}
    return score_lists.write(actor, table, version, NewEntry(entry)).report
