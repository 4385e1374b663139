"""One player's tournament as the player's page shows it.

The overall rank and total come from the standings; each round's part comes from the
table's list as its page shows it (``scorelists.list_page.sheet``): the rows the engine
checked, the value of each game as the engine explains it, and the Pflichtsolo the engine
counts as played or still owed. Nothing is scored here.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import joinedload, selectinload

from tournament.domain import list_sheet, names, standings
from tournament.domain import list_store as store
from tournament.domain import series as series_service
from tournament.domain.errors import ScoreListRefused
from tournament.domain.list_sheet import Sheet
from tournament.extensions import db
from tournament.models import (
    Registration,
    Round,
    RoundStatus,
    RoundTable,
    Seat,
    Series,
    SeriesCounting,
    Tournament,
)


class Pflicht(enum.Enum):
    """Where a player's Pflichtsolo of one round stands (TSR 4.2)."""

    PLAYED = "played"
    VORGEFUEHRT = "vorgefuehrt"
    #: Counted as played without a game of its own (a penalty's solo, TSR 9.4).
    COUNTED = "counted"
    OWED = "owed"


@dataclass(frozen=True)
class TableMate:
    """Another player at the same table."""

    start_number: int
    name: str
    position: int


@dataclass(frozen=True)
class PlayerGame:
    """One game of the table's list the player took part in, with the player's points."""

    game: int
    label: str
    details: str
    points: int
    total: int
    quick: bool
    items: tuple[str, ...]
    verdict: tuple[str, ...]


@dataclass(frozen=True)
class ListLine:
    """A line of the table's list that is not a game: a penalty, Nachspielzeit, time up;
    ``points`` is the player's share of a penalty, None for the others."""

    label: str
    details: str
    points: int | None
    explanation: tuple[str, ...]


@dataclass(frozen=True)
class PlayerRound:
    """The player's part in one round; ``seat`` is None when the player has none in it."""

    number: int
    status: RoundStatus
    seat: Seated | None


@dataclass(frozen=True)
class Seated:
    """Where the player sat in a round and what the table's list says about the player."""

    table: int
    position: int
    size: int
    rank: int | None
    points: int
    others: tuple[TableMate, ...]
    games: tuple[PlayerGame, ...] = ()
    sat_out: int = 0
    lines: tuple[ListLine, ...] = ()
    pflicht: Pflicht = Pflicht.OWED
    pflicht_game: int | None = None
    complete: bool = False
    #: The list cannot be read at all (a seat missing): why, in German; else "".
    problem: str = ""


@dataclass(frozen=True)
class SeriesTournament:
    """A tournament of a series the player played: his rank and points there
    (``result``) and his start number, for the link to his page of it."""

    tournament: Tournament
    start_number: int | None
    result: series_service.Result


@dataclass(frozen=True)
class SeriesPart:
    """The player in one season series the tournament counts in: his place (None:
    unranked, too few tournaments), his value and the series' tournaments he played;
    ``best_only``: only the best N count, so each says whether it counted."""

    series: Series
    rank: int | None
    value: str
    min_tournaments: int
    best_only: bool
    tournaments: tuple[SeriesTournament, ...]


@dataclass(frozen=True)
class PlayerPage:
    """Everything the player's page shows."""

    start_number: int
    name: str
    club: str
    first_round: int
    withdrawn_after_round: int | None
    rank: int | None
    total: int
    rounds: tuple[PlayerRound, ...]
    #: The rule set's unit and settlement: the values are in its unit (Pfennig: money).
    scoring: standings.Scoring = standings.POINTS
    #: The season series the tournament counts in that the player is in.
    series: tuple[SeriesPart, ...] = ()

    @property
    def running(self) -> PlayerRound | None:
        return next((r for r in self.rounds if r.status is RoundStatus.RUNNING), None)


def registration(tournament: Tournament, start_number: int) -> Registration | None:
    """The tournament's registration with this start number, with its player."""
    return db.session.execute(
        select(Registration)
        .where(
            Registration.tournament_id == tournament.id,
            Registration.start_number == start_number,
        )
        .options(joinedload(Registration.player))
    ).scalar_one_or_none()


@dataclass
class Shared:
    """What the pages of one tournament's players have in common, worked out once for all
    of them when many are rendered together (the static site's export,
    ``tournament.publish.site``): the standings, each round's ranks, each table's list."""

    overall: dict[int, standings.StandingsRow] | None = None
    round_ranks: dict[int, dict[int, int]] = field(default_factory=dict)
    sheets: dict[int, Sheet | ScoreListRefused] = field(default_factory=dict)
    #: The series the tournament counts in, with their standings.
    series: list[tuple[Series, series_service.SeriesStandings]] | None = None

    def series_tables(
        self, tournament: Tournament
    ) -> list[tuple[Series, series_service.SeriesStandings]]:
        if self.series is None:
            self.series = [
                (s, series_service.overall(s)) for s in series_service.series_of(tournament)
            ]
        return self.series

    def overall_row(
        self, tournament: Tournament, start_number: int
    ) -> standings.StandingsRow | None:
        if self.overall is None:
            self.overall = {r.start_number: r for r in standings.overall(tournament).rows}
        return self.overall.get(start_number)

    def round_rank(self, round_: Round, start_number: int) -> int | None:
        if round_.id not in self.round_ranks:
            ranks = {r.start_number: r.rank for r in standings.for_round(round_).rows}
            self.round_ranks[round_.id] = ranks
        return self.round_ranks[round_.id].get(start_number)

    def sheet(self, table: RoundTable) -> Sheet:
        """The table's list as its page shows it; raises ScoreListRefused as ``sheet`` does."""
        if table.id not in self.sheets:
            try:
                self.sheets[table.id] = list_sheet.sheet(table)
            except ScoreListRefused as refused:
                self.sheets[table.id] = refused
        found = self.sheets[table.id]
        if isinstance(found, ScoreListRefused):
            raise found
        return found


def player_page(
    tournament: Tournament, found: Registration, shared: Shared | None = None
) -> PlayerPage:
    """The page of the player registered as ``found``: overall and every drawn round
    (``shared``: what the pages of the other players rendered with it worked out already)."""
    shared = shared if shared is not None else Shared()
    row = shared.overall_row(tournament, found.start_number)
    tables = _tables_of(found)
    rounds = tuple(
        PlayerRound(
            round_.number,
            round_.status,
            _seated(round_, tables[round_.id], found.start_number, shared)
            if round_.id in tables
            else None,
        )
        for round_ in sorted(tournament.rounds, key=lambda r: r.number)
    )
    return PlayerPage(
        start_number=found.start_number,
        name=names.of_tournament(tournament.id).get(found.id, found.player.name),
        club=found.player.club,
        first_round=found.first_round,
        withdrawn_after_round=found.withdrawn_after_round,
        rank=None if row is None else row.rank,
        total=0 if row is None else row.total,
        rounds=rounds,
        scoring=standings.scoring_of(tournament),
        series=series_parts(tournament, found, shared),
    )


def series_parts(
    tournament: Tournament, found: Registration, shared: Shared | None = None
) -> tuple[SeriesPart, ...]:
    """The player registered as ``found`` in each series the tournament counts in: his row
    of its standings (``domain/series.py``) with the tournaments of it he played."""
    shared = shared if shared is not None else Shared()
    parts = []
    for one, table in shared.series_tables(tournament):
        row = next((r for r in table.rows if r.player_id == found.player_id), None)
        if row is None:
            continue
        numbers = series_service.start_numbers(
            found.player_id, (r.tournament_id for r in row.results)
        )
        by_id = {t.id: t for t in table.tournaments}
        parts.append(
            SeriesPart(
                series=one,
                rank=row.rank,
                value=series_service.amount(row.value),
                min_tournaments=table.min_tournaments,
                best_only=one.counting is SeriesCounting.BEST,
                tournaments=tuple(
                    SeriesTournament(by_id[r.tournament_id], numbers.get(r.tournament_id), r)
                    for r in row.results
                ),
            )
        )
    return tuple(parts)


def _tables_of(found: Registration) -> dict[int, RoundTable]:
    """Round id to the table the player sat at, loaded with its seats and entries."""
    query = (
        select(RoundTable)
        .join(Seat, Seat.table_id == RoundTable.id)
        .where(Seat.registration_id == found.id)
        .options(
            selectinload(RoundTable.seats)
            .joinedload(Seat.registration)
            .joinedload(Registration.player),
            selectinload(RoundTable.entries),
        )
    )
    return {table.round_id: table for table in db.session.execute(query).scalars()}


def _seated(round_: Round, table: RoundTable, start_number: int, shared: Shared) -> Seated:
    me = next(s for s in table.seats if s.registration.start_number == start_number)
    labels = names.of_tournament(round_.tournament_id)
    others = tuple(
        TableMate(
            s.registration.start_number,
            labels.get(s.registration_id, s.registration.player.name),
            s.position,
        )
        for s in table.seats
        if s is not me
    )
    rank = shared.round_rank(round_, start_number)
    try:
        sheet = shared.sheet(table)
    except ScoreListRefused as refused:
        problem = "; ".join(refused.messages)
        return Seated(
            table.number, me.position, table.size, rank, me.points, others, problem=problem
        )
    key = store.player_key(start_number)
    pflicht, pflicht_game = _pflicht(sheet, key)
    games, sat_out = _games(sheet, key)
    return Seated(
        table=table.number,
        position=me.position,
        size=table.size,
        rank=rank,
        points=me.points,
        others=others,
        games=games,
        sat_out=sat_out,
        lines=_lines(sheet, key),
        pflicht=pflicht,
        pflicht_game=pflicht_game,
        complete=sheet.complete,
    )


def _games(sheet: Sheet, key: str) -> tuple[tuple[PlayerGame, ...], int]:
    """The games of the list the player played (at a table of five the dealer sits out),
    each explained by the engine, and how many the player sat out."""
    index = [p.key for p in sheet.players].index(key)
    keys = tuple(p.key for p in sheet.players)
    games, sat_out = [], 0
    for row in sheet.rows:
        if row.kind != "game" or row.game is None or not row.points:
            continue
        if row.sat_out == key:
            sat_out += 1
            continue
        items, verdict = list_sheet.value_explanation(
            row.record, keys, store.rules_text(sheet.table)
        )
        games.append(
            PlayerGame(
                game=row.game,
                label=row.label,
                details=row.details,
                points=row.points[index],
                total=row.totals[index],
                quick=row.quick,
                items=items,
                verdict=verdict,
            )
        )
    return tuple(games), sat_out


def _lines(sheet: Sheet, key: str) -> tuple[ListLine, ...]:
    """Penalties, Nachspielzeit and time up on the table's list."""
    index = [p.key for p in sheet.players].index(key)
    return tuple(
        ListLine(
            row.label,
            row.details,
            row.points[index] if row.points else None,
            tuple(line for line in row.explanation if line),
        )
        for row in sheet.rows
        if row.kind != "game"
    )


def _pflicht(sheet: Sheet, key: str) -> tuple[Pflicht, int | None]:
    """The engine's word on the player's Pflichtsolo: owed, or the game it was played in."""
    if key in sheet.report["pflicht_missing"]:
        return Pflicht.OWED, None
    for row in sheet.report["rows"]:
        if row.get("section") == "pflicht" and str(row.get("player")) == key:
            kind = Pflicht.VORGEFUEHRT if row.get("kind") == "vorfuehrung" else Pflicht.PLAYED
            return kind, int(row["game"])
    return Pflicht.COUNTED, None
