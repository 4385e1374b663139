"""A round's tables at play: access codes for the list-keepers, locks, the clock, time up.

A table's access code opens that table's score list and nothing else, and only while its
round is drawn or running: it is printed (with a QR code) on the table card. The clock runs
from the round's start for 100 minutes (125 at a table of five) plus the Nachspielzeit the
Schiedsrichter gave that table (TSR 8.5.1, 10.2).
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload, selectinload, undefer

from rules_engine.table_list import MINUTES
from tournament.domain import audit_log as audit
from tournament.domain import tournaments
from tournament.domain.errors import ServiceError
from tournament.extensions import db
from tournament.models import Registration, Round, RoundStatus, RoundTable, Seat, User, utcnow
from tournament.scorelists import service as scorelists
from tournament.scorelists.service import Actor
from tournament.scorelists.store import Report
from tournament.texts import Refusal

# No 0/O, 1/I/L: a code read aloud or typed from the card must not be mistaken.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
MAX_EXTENSION = 60


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
#: ``unique()``); the entries' texts follow in a second (``store.entry_texts``).
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


# ---------------------------------------------------------------------- the clock


@dataclass(frozen=True, slots=True)
class Clock:
    """A table's playing time: ``deadline`` is ``None`` before the round starts."""

    minutes: int
    deadline: dt.datetime | None
    now: dt.datetime

    @property
    def seconds_left(self) -> int | None:
        if self.deadline is None:
            return None
        return max(0, int((self.deadline - self.now).total_seconds()))

    @property
    def over(self) -> bool:
        return self.deadline is not None and self.now >= self.deadline

    @property
    def text(self) -> str:
        """E.g. "noch 37 min", "abgelaufen", "nicht gestartet"."""
        left = self.seconds_left
        if left is None:
            return "nicht gestartet"
        if left == 0:
            return "abgelaufen"
        return f"noch {left // 60}:{left % 60:02d} min"


def clock(table: RoundTable, report: Report, now: dt.datetime | None = None) -> Clock:
    """The table's time from the round's start and the list's time limit (with Nachspielzeit).

    Once the Turnierleitung has called time, that moment is the end of the regular time
    (whatever the app's clock said), and the table's Nachspielzeit runs on from it.
    """
    now = now or utcnow()
    minutes = int(report["time_limit"])
    started = _utc(table.round.started_at)
    if started is None:
        return Clock(minutes, None, now)
    called = _utc(table.round.time_up_at)
    if called is not None:
        extra = minutes - MINUTES[table.size]
        return Clock(minutes, called + dt.timedelta(minutes=extra), now)
    return Clock(minutes, started + dt.timedelta(minutes=minutes), now)


def _utc(moment: dt.datetime | None) -> dt.datetime | None:
    """SQLite hands back naive UTC."""
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=dt.UTC)
    return moment


# ---------------------------------------------------------------------- time up, Nachspielzeit


def declare_time_up(user: User | None, round_: Round, version: int) -> None:
    """The Turnierleitung calls time (TSR 8.5.3); each table then marks its list."""
    tournaments.claim(round_.tournament, version)
    if round_.status is not RoundStatus.RUNNING:
        raise ServiceError(Refusal.ROUND_NOT_RUNNING, round=round_.number)
    if round_.time_up_at is not None:
        raise ServiceError(Refusal.TIME_ALREADY_UP, round=round_.number)
    round_.time_up_at = utcnow()
    audit.record(user, "time_up", "round", round_.id, new={"time_up_at": round_.time_up_at})


def may_mark_time_up(actor: Actor, table: RoundTable, report: Report) -> bool:
    """Staff always; the list-keeper once time is called and the table's own time is over."""
    if report["time_up"] or report["complete"] or table.round.status is not RoundStatus.RUNNING:
        return False
    if actor.is_staff:
        return True
    return table.round.time_up_at is not None and clock(table, report).over


def mark_time_up(actor: Actor, table: RoundTable, version: int, being_dealt: bool) -> Report:
    """Write time up on the list: the game being dealt is finished, other Normalspiele are
    struck, missing Pflichtsoli follow as Vorführungen (TSR 8.5.3, 8.6)."""
    report = scorelists.check(table)
    if not may_mark_time_up(actor, table, report):
        raise why_not_time_up(table, report)
    entry = {"kind": "time_up", "being_dealt": being_dealt}
    return scorelists.add_entry(actor, table, version, entry, checked_by_caller=True)


def why_not_time_up(table: RoundTable, report: Report) -> ServiceError:
    """Why nobody may write time up on this list now (what :func:`may_mark_time_up` refused)."""
    if report["time_up"]:
        return ServiceError(Refusal.TIME_UP_ALREADY_MARKED)
    if report["complete"]:
        return ServiceError(Refusal.LIST_COMPLETE)
    if table.round.status is not RoundStatus.RUNNING:
        return ServiceError(Refusal.ROUND_NOT_RUNNING, round=table.round.number)
    if table.round.time_up_at is None:
        return ServiceError(Refusal.TIME_NOT_CALLED)
    return ServiceError(Refusal.EXTRA_TIME_LEFT)


def grant_extension(
    actor: Actor, table: RoundTable, version: int, minutes: int, reason: str
) -> Report:
    """Nachspielzeit for one table, by the Schiedsrichter, with a reason (TSR 8.5.1)."""
    if not actor.is_schiedsrichter:
        raise ServiceError(Refusal.EXTENSION_NOT_ALLOWED)
    if not 1 <= minutes <= MAX_EXTENSION:
        raise ServiceError(
            Refusal.EXTENSION_MINUTES, field="minutes", minutes=minutes, most=MAX_EXTENSION
        )
    reason = reason.strip()
    if not reason:
        raise ServiceError(Refusal.EXTENSION_REASON_MISSING, field="reason")
    entry: dict[str, Any] = {"kind": "nachspielzeit", "minutes": minutes, "reason": reason}
    return scorelists.add_entry(actor, table, version, entry, checked_by_caller=True)


def add_penalty(actor: Actor, table: RoundTable, version: int, record: dict[str, Any]) -> Report:
    """Strafpunkte (TSR 9), entered and signed off by the Schiedsrichter (8.2.2)."""
    if not actor.is_schiedsrichter or actor.user is None:
        raise ServiceError(Refusal.PENALTY_NOT_ALLOWED)
    entry = {**record, "kind": "penalty", "signed_by": actor.user.username}
    return scorelists.add_entry(actor, table, version, entry, checked_by_caller=True)
