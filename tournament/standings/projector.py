"""The projector (kiosk) view: the standings in large type with the round, its clock and the
latest results, for a screen in the hall that nobody touches.

The standings are :func:`tournament.domain.standings.overall`; the round shown is the open
one, else the latest. The latest results are the round's last saved games, valued as each
table's list page values them (``list_sheet.sheet``): only the few tables they come from are
read, so a render costs a handful of list checks, and a render happens only after a change
(the page polls with the standings' state, ``tournament.web.live``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select

from tournament.domain import list_sheet, round_plans, standings
from tournament.domain.errors import ScoreListRefused
from tournament.domain.table_clock import SizeClock, iso_utc, round_clocks
from tournament.extensions import db
from tournament.models import ListEntry, Round, RoundStatus, RoundTable, Tournament, utcnow

#: How many of the round's last games the projector lists.
LATEST = 6


@dataclass(frozen=True, slots=True)
class LatestResult:
    """One saved game as the projector lists it: where, which, and each player's points."""

    table: int
    game: int
    label: str
    points: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Projector:
    """Everything the projector shows."""

    tournament: Tournament
    standings: standings.Standings
    round: Round | None
    clocks: tuple[SizeClock, ...]
    latest: tuple[LatestResult, ...]
    now: dt.datetime

    @property
    def now_iso(self) -> str:
        return iso_utc(self.now)

    @property
    def round_column(self) -> int | None:
        """The index of the shown round's column in the rows' ``points``."""
        if self.round is None or self.round.number not in self.standings.rounds:
            return None
        return self.standings.rounds.index(self.round.number)

    @property
    def time_up(self) -> bool:
        return self.round is not None and self.round.time_up_at is not None


def projector(tournament: Tournament, now: dt.datetime | None = None) -> Projector:
    now = now or utcnow()
    table = standings.overall(tournament)
    shown = _shown_round(tournament, table)
    return Projector(
        tournament=tournament,
        standings=table,
        round=shown,
        clocks=_clocks(shown, table, now),
        latest=latest_results(shown) if shown is not None else (),
        now=now,
    )


def _shown_round(tournament: Tournament, table: standings.Standings) -> Round | None:
    number = table.open_round.number if table.open_round else (table.rounds or (None,))[-1]
    if number is None:
        return None
    return db.session.execute(
        select(Round).where(Round.tournament_id == tournament.id, Round.number == number)
    ).scalar_one_or_none()


def _clocks(
    round_: Round | None, table: standings.Standings, now: dt.datetime
) -> tuple[SizeClock, ...]:
    """The round's clocks while it runs (``table_clock.round_clocks``)."""
    if round_ is None or round_.status is not RoundStatus.RUNNING or table.open_round is None:
        return ()
    return round_clocks(round_, (t.size for t in table.open_round.tables), now)


def latest_results(round_: Round, limit: int = LATEST) -> tuple[LatestResult, ...]:
    """The round's last ``limit`` saved games, newest first, valued by their lists; the
    dealer who sits out at a table of five shows only where he pays or collects (004 Z. 93)."""
    query = (
        select(ListEntry.table_id, ListEntry.number)
        .join(RoundTable, RoundTable.id == ListEntry.table_id)
        .where(RoundTable.round_id == round_.id, ListEntry.kind == "game")
        .order_by(ListEntry.entered_at.desc(), ListEntry.id.desc())
        .limit(limit)
    )
    wanted = list(db.session.execute(query))
    table_ids = {table_id for table_id, _ in wanted}
    if not table_ids:
        return ()
    tables = db.session.execute(
        round_plans.tables_with_players(round_.id).where(RoundTable.id.in_(table_ids))
    ).scalars()
    rows = {}
    for found in tables:
        try:
            sheet = list_sheet.sheet(found)
        except ScoreListRefused:
            continue  # a list that cannot be read shows on the overview, not here
        for row in sheet.rows:
            if row.kind == "game" and row.game is not None and row.points:
                points = tuple(
                    (player.name, value)
                    for player, value in zip(sheet.players, row.points, strict=True)
                    if player.key != row.sat_out or value
                )
                rows[found.id, row.entry] = LatestResult(found.number, row.game, row.label, points)
    return tuple(rows[key] for key in ((t, n) for t, n in wanted) if key in rows)
