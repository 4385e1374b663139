"""The playing time of a round's tables: each table's clock, and the regular time of the
tables of each size.

A table's clock runs from the round's start for 100 minutes (125 at a table of five) plus the
Nachspielzeit the Schiedsrichter gave that table (TSR 8.5.1, 10.2). Once the Turnierleitung
has called time, that moment ends the regular time and the table's Nachspielzeit runs on
from it (TSR 8.5.3). Under another rule set the tournament's time limit counts, if it has one
(``day_plans.minutes_at``); without one a list has no clock.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from rules_engine.table_list import MINUTES
from tournament.domain import day_plans
from tournament.domain.list_store import Report
from tournament.models import Round, RoundTable, utcnow

SIZE_LABELS = {4: "Vierertische", 5: "Fünfertische"}


def aware(value: dt.datetime) -> dt.datetime:
    """A stored time as UTC with its zone (SQLite hands back naive UTC)."""
    return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


def iso_utc(value: dt.datetime) -> str:
    """For ``data-deadline``: ISO 8601 in UTC, e.g. ``2026-11-21T14:40:00Z``."""
    return aware(value).strftime("%Y-%m-%dT%H:%M:%SZ")


def clock_text(deadline: dt.datetime | None, now: dt.datetime) -> str:
    """As ``Clock.text`` and the page's script: "noch 37:05 min", "abgelaufen"."""
    if deadline is None:
        return "nicht gestartet"
    left = max(0, int((aware(deadline) - aware(now)).total_seconds()))
    if left == 0:
        return "abgelaufen"
    return f"noch {left // 60}:{left % 60:02d} min"


@dataclass(frozen=True, slots=True)
class Clock:
    """A table's playing time: ``deadline`` is ``None`` before the round starts and where the
    list has no time limit (``minutes`` ``None``: a rule set without one)."""

    minutes: int | None
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
        if self.minutes is None:
            return "ohne Zeitlimit"
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
    if report["time_limit"] is None or table.round.tournament.evening:
        # A club evening has no time limit under any set (``day_plans.minutes_at``).
        return _set_clock(table, now)
    minutes = int(report["time_limit"])
    started = _utc(table.round.started_at)
    if started is None:
        return Clock(minutes, None, now)
    called = _utc(table.round.time_up_at)
    if called is not None:
        extra = minutes - MINUTES[table.size]
        return Clock(minutes, called + dt.timedelta(minutes=extra), now)
    return Clock(minutes, started + dt.timedelta(minutes=minutes), now)


def _set_clock(table: RoundTable, now: dt.datetime) -> Clock:
    """A list under a rule set, whose report has no time limit: the tournament's own limit
    (``day_plans.minutes_at``), else none ("ohne Zeitlimit", never over). Time called by the
    Turnierleitung ends it then (a set has no Nachspielzeit)."""
    minutes = day_plans.minutes_at(table.round.tournament, table.size)
    if minutes is None:
        return Clock(None, None, now)
    started = _utc(table.round.started_at)
    if started is None:
        return Clock(minutes, None, now)
    called = _utc(table.round.time_up_at)
    deadline = started + dt.timedelta(minutes=minutes)
    return Clock(minutes, deadline if called is None else min(called, deadline), now)


def _utc(moment: dt.datetime | None) -> dt.datetime | None:
    """SQLite hands back naive UTC."""
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=dt.UTC)
    return moment


@dataclass(frozen=True)
class SizeClock:
    """The regular playing time of the round's tables of one size."""

    size: int
    minutes: int
    deadline: dt.datetime
    now: dt.datetime

    @property
    def label(self) -> str:
        return SIZE_LABELS.get(self.size, f"Tische mit {self.size} Spielern")

    @property
    def over(self) -> bool:
        return self.now >= self.deadline

    @property
    def text(self) -> str:
        return clock_text(self.deadline, self.now)

    @property
    def deadline_iso(self) -> str:
        return iso_utc(self.deadline)


def round_clocks(round_: Round, sizes: Iterable[int], now: dt.datetime) -> tuple[SizeClock, ...]:
    """The regular playing time of the round's tables of each size, once it has started
    (100 minutes, 125 at a table of five: TSR 8.5.1, 10.2; under another rule set the
    tournament's limit, none without one)."""
    if round_.started_at is None:
        return ()
    started = aware(round_.started_at)
    limits = {size: day_plans.minutes_at(round_.tournament, size) for size in set(sizes)}
    return tuple(
        SizeClock(size, minutes, started + dt.timedelta(minutes=minutes), now)
        for size, minutes in sorted(limits.items())
        if minutes is not None
    )
