"""The round overview for the Turnierleitung and the Schiedsrichter: every table at a glance.

Each table's list is read as its own page reads it (``list_sheet.sheet``): games entered and
left, the clock, open Pflichtsoli, a Vorführung due, Nachspielzeit, time up, and the
verification status green / yellow / red. The whole round is loaded with a fixed number of
queries, however many tables it has.

The overview follows every change by itself (``tournament.web.live``): :func:`state_token`
is what it shows, and each table's row carries :attr:`TableState.live_key`, so that a live
update replaces only the rows that changed.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from rules_engine.table_list import MINUTES
from tournament.domain import day_plans, list_sheet, list_store, names, round_plans
from tournament.domain.day_plans import ListDay
from tournament.domain.errors import ScoreListRefused
from tournament.domain.list_sheet import Sheet
from tournament.domain.table_clock import SizeClock, aware, iso_utc, round_clocks

# The clock's text as the page's script shows it, offered with the overview it is part of.
from tournament.extensions import db
from tournament.models import Round, RoundStatus, RoundTable, Tournament, utcnow
from tournament.rounds import service as rounds
from tournament.texts import Part, part
from tournament.texts import rule_set_day as day_words
from tournament.web.live import digest, lasts

STATUS_TEXT = {
    "green": "vollständig und geprüft",
    "yellow": "wird gespielt",
    "red": "Zeit um, Spiele fehlen",
}
STATUS_ERROR_TEXT = "Fehler in der Liste"


@dataclass(frozen=True)
class TableState:
    """One table of the overview; ``sheet`` is ``None`` if its list cannot be read at all."""

    table: RoundTable
    sheet: Sheet | None
    problem: str = ""

    @property
    def number(self) -> int:
        return self.table.number

    @property
    def players(self) -> list[str]:
        labels = names.of_tournament(self.table.round.tournament_id)
        return [labels.get(s.registration_id, s.registration.player.name) for s in self.table.seats]

    @property
    def status(self) -> str:
        return "red" if self.sheet is None else self.sheet.status

    @property
    def status_text(self) -> str:
        if self.sheet is None or not self.sheet.valid:
            return STATUS_ERROR_TEXT
        return STATUS_TEXT[self.sheet.status]

    @property
    def extension_minutes(self) -> int:
        """Nachspielzeit given to this table, in minutes (TSR 8.5.1; none under another
        rule set)."""
        if self.sheet is None or self.sheet.clock.minutes is None or self.day is not None:
            return 0
        return max(0, self.sheet.clock.minutes - MINUTES[len(self.sheet.players)])

    @property
    def day(self) -> ListDay | None:
        """The list under the tournament's rule set (``None`` under the DDV rules)."""
        if self.sheet is None:
            return None
        return day_plans.list_day(self.table, self.sheet.report, self.sheet.names)

    @property
    def deadline_iso(self) -> str | None:
        if self.sheet is None or self.sheet.clock.deadline is None:
            return None
        return iso_utc(self.sheet.clock.deadline)

    @property
    def has_code(self) -> bool:
        return self.table.access_code is not None

    @property
    def access_key(self) -> str:
        """What the row's access part shows (code, lock, the round's state)."""
        round_ = self.table.round
        return digest(f"{self.table.access_code}|{self.table.locked}|{round_.status.value}")

    @property
    def live_key(self) -> str:
        """What the whole row shows: its list (whose every change raises the table's version),
        the round's clock and state, and whether the table's time is over. The clock's text
        is left out: the page's script counts it down."""
        round_ = self.table.round
        over = self.sheet is not None and self.sheet.clock.over
        return digest(
            f"{self.table.id}|{self.table.version}|{round_.status.value}|{round_.started_at}"
            f"|{round_.time_up_at}|{over}|{self.access_key}"
        )


@dataclass(frozen=True)
class Overview:
    round: Round
    tables: tuple[TableState, ...]
    open_lists: tuple[str, ...]
    clocks: tuple[SizeClock, ...]
    now: dt.datetime

    @property
    def pflicht_column(self) -> str | None:
        """The heading of the column of owed solos and the Vorführung, in the set's word;
        ``None`` under a set that owes no solo (001, 002): no such column."""
        owed = day_plans.owed_solo(self.round.tournament)
        return None if owed is None else day_words.OVERVIEW_COLUMNS[owed]

    @property
    def now_iso(self) -> str:
        return iso_utc(self.now)

    @property
    def started_at(self) -> dt.datetime | None:
        return None if self.round.started_at is None else aware(self.round.started_at)

    @property
    def time_up_at(self) -> dt.datetime | None:
        return None if self.round.time_up_at is None else aware(self.round.time_up_at)

    @property
    def running(self) -> bool:
        return self.round.status is RoundStatus.RUNNING

    @property
    def can_finish(self) -> bool:
        """Nothing keeps the running round from closing (``rounds.finish`` checks again)."""
        return self.running and not self.open_lists

    @property
    def under_a_set(self) -> bool:
        return self.round.tournament.engine_rules is not None

    @property
    def may_call_time(self) -> bool:
        """TSR 8.5.3: the Turnierleitung declares time up; a rule set has no such step (its
        lists take no time-up entry)."""
        return self.running and self.round.time_up_at is None and not self.under_a_set

    def count(self, status: str) -> int:
        return sum(1 for state in self.tables if state.status == status)

    @property
    def tables_key(self) -> str:
        """What the table of tables shows: the rows' keys (a redraw changes them all)."""
        return digest("|".join(state.live_key for state in self.tables))

    @property
    def actions_key(self) -> str:
        """What the round's actions part shows (not the version its forms carry)."""
        return digest(f"{self.round.status.value}|{self.may_call_time}|{'|'.join(self.open_lists)}")


def state_token(tournament_id: int, number: int, now: dt.datetime | None = None) -> str:
    """What the overview of round ``number`` shows, in one query: the tournament's version
    (start, time up, close, codes, locks, redraws raise it), its tables' versions (every saved,
    corrected or deleted entry, penalty, Nachspielzeit and time up on a list raises one) and,
    while the round runs, the whole minutes since its clock last started (at the start, or
    when time was called): every table's time ends on such a minute, Nachspielzeit being whole
    minutes, so a table whose time runs out turns red without a change to any list."""
    found = db.session.execute(
        select(
            Tournament.version,
            Round.status,
            Round.started_at,
            Round.time_up_at,
            func.coalesce(func.sum(RoundTable.version), 0),
            func.count(RoundTable.id),
        )
        .join(Tournament, Round.tournament_id == Tournament.id)
        .outerjoin(RoundTable, RoundTable.round_id == Round.id)
        .where(Round.tournament_id == tournament_id, Round.number == number)
        .group_by(Tournament.version, Round.status, Round.started_at, Round.time_up_at)
    ).one_or_none()
    if found is None:
        return "-"
    version, status, started_at, time_up_at, lists, tables = found
    token = f"{version}.{lists}.{tables}"
    anchor = time_up_at or started_at
    if status is RoundStatus.RUNNING and anchor is not None:
        seconds = ((now or utcnow()) - aware(anchor)).total_seconds()
        token += f".{int(seconds // 60)}"
        lasts(60 - seconds % 60)
    return token


def round_overview(round_: Round, now: dt.datetime | None = None) -> Overview:
    """Every table of the round with its list's state, and what keeps the round open."""
    now = now or utcnow()
    query = round_plans.tables_with_players(round_.id).options(selectinload(RoundTable.entries))
    tables = list(db.session.execute(query).scalars())
    list_store.load_stored_reports(tables)
    states = tuple(_state(table, now) for table in tables)
    return Overview(
        round_,
        states,
        _open_lists(round_, states),
        round_clocks(round_, (t.size for t in tables), now),
        now,
    )


def _state(table: RoundTable, now: dt.datetime) -> TableState:
    try:
        return TableState(table, list_sheet.sheet(table, now))
    except ScoreListRefused as problem:
        return TableState(table, None, str(problem))


def _open_lists(round_: Round, states: tuple[TableState, ...]) -> tuple[str, ...]:
    if round_.status is not RoundStatus.RUNNING:
        return ()
    unreadable = [
        part(Part.LIST_UNREADABLE, table=state.number) for state in states if state.sheet is None
    ]
    if unreadable:
        return tuple(unreadable)
    return tuple(rounds.open_lists(round_))
