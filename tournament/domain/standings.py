"""Standings: overall and per round, read from the seats' list totals.

Each call is one query over seats, registrations, players and rounds, shaped in Python (a
400-player, 8-round tournament is 3,200 rows, cheaper to fetch once than to ask per player),
and one count of the games entered per table. The seats' ``points`` are kept by the
score-list service, so no list is replayed here. Ties share a rank (1, 2, 2, 4), the TSR
being silent (``docs/rules.md``).

While a round is open (drawn and not yet closed) the standings are *provisional*: its points
count in the totals as far as its lists go, the games entered per table say how far that is,
and the Rundenschnitt is taken over the closed rounds only, so that a round just begun does
not pull every average down.

Under another rule set than the DDV's the values are in the set's unit (:class:`Scoring`:
Punkte, or Pfennig under a Kasse) and, under a Punktetopf or a Kasse, each round has its
pot's balance per table (:class:`RoundPot`, from the lists' reports). The order is the same
everywhere: the highest total first. Under a pot the total is what the player was paid (from
the pot, and solos from the pocket), so the one who won the most stands first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import func, select

from tournament.domain import day_plans, list_store, names, rule_sets
from tournament.domain.errors import ScoreListRefused
from tournament.extensions import db
from tournament.models import (
    ListEntry,
    Player,
    Registration,
    Round,
    RoundStatus,
    RoundTable,
    Seat,
    Tournament,
)

#: The games a list plans, by table size (TSR 8.3: 24 at four players, 30 at five).
PLANNED_GAMES = {4: 24, 5: 30}


@dataclass(frozen=True, slots=True)
class TableProgress:
    """How far one table's list of an open round has come."""

    number: int
    size: int
    games: int
    #: The games its list plans: TSR 8.3's under the DDV rules; under a set the games
    #: played once the list is complete, else the day's (``None``: until the pot is empty).
    planned: int | None

    @property
    def done(self) -> bool:
        return self.planned is not None and self.games >= self.planned


@dataclass(frozen=True, slots=True)
class RoundProgress:
    """An open round (drawn, not yet closed) and the games entered at each of its tables."""

    number: int
    status: RoundStatus
    tables: tuple[TableProgress, ...]

    @property
    def games(self) -> int:
        return sum(table.games for table in self.tables)

    @property
    def planned(self) -> int | None:
        """The games the round's lists plan; ``None`` if one plays until its pot is empty."""
        planned = [table.planned for table in self.tables]
        return None if None in planned else sum(p for p in planned if p is not None)

    @property
    def provisional(self) -> bool:
        """Whether its points may still change what the standings show: it runs, or games
        are entered (a round drawn and not begun leaves the standings as they were)."""
        return self.status is RoundStatus.RUNNING or self.games > 0


@dataclass(frozen=True, slots=True)
class Scoring:
    """What the values of the standings count, by the tournament's rule set: the engine's
    ``unit`` (``"Punkte"``, ``"Pfennig"``) and ``settlement`` (``"plus_minus"``, a Punktetopf
    ``"pot_winners"`` or a ``"kasse"``)."""

    unit: str = "Punkte"
    settlement: str = "plus_minus"

    @property
    def money(self) -> bool:
        return self.unit == "Pfennig"

    @property
    def has_pot(self) -> bool:
        return self.settlement != "plus_minus"


#: The DDV's scoring: points, plus-minus.
POINTS = Scoring()


def scoring_of(tournament: Tournament) -> Scoring:
    """The scoring of the tournament's rule set (the DDV's without one)."""
    if tournament.engine_rules is None:
        return POINTS
    rules = rule_sets.rules_of(tournament)
    return Scoring(unit=rules.unit.value, settlement=rules.settlement.value)


@dataclass(frozen=True, slots=True)
class TablePot:
    """One table's pot (Punktetopf or Kasse): its start and its balance now, in the unit;
    ``problem`` when the list cannot be read (the German reason), then both are 0."""

    number: int
    start: int
    balance: int
    problem: str | None = None

    @property
    def paid(self) -> int:
        return self.start - self.balance


@dataclass(frozen=True, slots=True)
class RoundPot:
    """The pots of one round's tables, and the round's sums."""

    number: int
    tables: tuple[TablePot, ...]

    @property
    def start(self) -> int:
        return sum(table.start for table in self.tables)

    @property
    def paid(self) -> int:
        return sum(table.paid for table in self.tables)

    @property
    def balance(self) -> int:
        return sum(table.balance for table in self.tables)


def pot_of(round_: Round) -> RoundPot | None:
    """The round's pots, table by table, from the lists' reports (cached and stored with the
    lists, so no list is replayed twice); None under plus-minus."""
    if not scoring_of(round_.tournament).has_pot:
        return None
    tables = []
    for table in list_store.read_lists(round_.id):
        try:
            pot = list_store.check(table).get("pot") or {"start": 0, "balance": 0}
        except ScoreListRefused as refused:
            tables.append(TablePot(table.number, 0, 0, str(refused)))
            continue
        tables.append(TablePot(table.number, int(pot["start"]), int(pot["balance"])))
    return RoundPot(round_.number, tuple(tables))


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One registration's line; ``points`` and ``games`` have one value per drawn round
    (None without a seat there): the points and the games entered at the player's table."""

    rank: int
    start_number: int
    name: str
    club: str
    points: tuple[int | None, ...]
    games: tuple[int | None, ...]
    total: int
    #: Closed rounds played: the Rundenschnitt is taken over these.
    rounds_played: int
    # Rundenschnitt: the closed rounds' points / their number, exact; None before one closed.
    average: Decimal | None
    first_round: int
    withdrawn_after_round: int | None
    #: The rank before the latest round's points (None while there is only one round).
    previous_rank: int | None = None

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_after_round is not None

    @property
    def movement(self) -> int:
        """Places gained (positive) or lost (negative) by the latest round's points."""
        return 0 if self.previous_rank is None else self.previous_rank - self.rank


@dataclass(frozen=True, slots=True)
class Standings:
    """The overall standings: the drawn rounds' numbers, the closed ones among them, the open
    round (if one is drawn and not closed) and one row per registration."""

    rounds: tuple[int, ...]
    rows: tuple[StandingsRow, ...]
    closed: tuple[int, ...] = ()
    open_round: RoundProgress | None = None
    #: The round whose points the rows' ``movement`` shows (None with fewer than two).
    movement_round: int | None = None
    scoring: Scoring = POINTS
    #: Each drawn round's pot under a Punktetopf or a Kasse (empty under plus-minus).
    pots: tuple[RoundPot, ...] = ()

    @property
    def provisional(self) -> bool:
        return self.open_round is not None and self.open_round.provisional


@dataclass(frozen=True, slots=True)
class RoundRow:
    """One player's result in one round, with where the player sat."""

    rank: int
    start_number: int
    name: str
    club: str
    table: int
    position: int
    points: int
    withdrawn_after_round: int | None
    #: Games entered at the player's table.
    games: int = 0

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_after_round is not None


@dataclass(frozen=True, slots=True)
class RoundStandings:
    """One round's standings: rank by that round's points; ``progress`` while it is open."""

    number: int
    rows: tuple[RoundRow, ...]
    progress: RoundProgress | None = None
    scoring: Scoring = POINTS
    #: The round's pot under a Punktetopf or a Kasse.
    pot: RoundPot | None = None

    @property
    def provisional(self) -> bool:
        return self.progress is not None and self.progress.provisional


def overall(tournament: Tournament) -> Standings:
    """Every registration, withdrawn players too (they keep their points), best total first."""
    statuses = _round_statuses(tournament)
    closed = tuple(n for n, (_, status) in statuses.items() if status is RoundStatus.FINISHED)
    found = _open_round(statuses)
    open_round: RoundProgress | None = None
    games: dict[int, int] = {}
    if found is not None:
        table_progress = _table_progress(tournament, found.id)
        games = {table_id: table.games for table_id, table in table_progress}
        open_round = RoundProgress(found.number, found.status, tuple(t for _, t in table_progress))
    query = (
        select(
            Registration.id,
            Registration.start_number,
            Registration.first_round,
            Registration.withdrawn_after_round,
            Player.name,
            Player.club,
            Player.ddv_number,
            Round.number,
            Seat.points,
            Seat.table_id,
        )
        .select_from(Registration)
        .join(Player, Player.id == Registration.player_id)
        .outerjoin(Seat, Seat.registration_id == Registration.id)
        .outerjoin(Round, Round.id == Seat.round_id)
        .where(Registration.tournament_id == tournament.id)
    )
    people: dict[int, tuple[int, int, int | None, str, str]] = {}
    played: dict[int, dict[int, int]] = {}
    tables: dict[int, dict[int, int]] = {}
    persons: dict[int, names.Person] = {}
    for (
        reg_id,
        start,
        first,
        withdrawn,
        name,
        club,
        ddv,
        number,
        points,
        table_id,
    ) in db.session.execute(query):
        if reg_id not in people:
            people[reg_id] = (start, first, withdrawn, name, club)
            persons[reg_id] = names.Person(name, start, club, ddv)
            played[reg_id] = {}
            tables[reg_id] = {}
        if number is not None:
            played[reg_id][number] = points
            tables[reg_id][number] = table_id
    rounds = tuple(sorted({number for by_round in played.values() for number in by_round}))

    totals = {reg_id: sum(by_round.values()) for reg_id, by_round in played.items()}
    latest = _latest_counted(rounds, open_round)
    before = _ranks_before(latest, played, people)
    closed_set = set(closed)
    open_number = None if open_round is None else open_round.number
    labels = names.display_names(persons)
    rows = []
    for reg_id, rank in _ranked(totals, people).items():
        start, first, withdrawn, _, club = people[reg_id]
        by_round, total = played[reg_id], totals[reg_id]
        counted = [points for number, points in by_round.items() if number in closed_set]
        rows.append(
            StandingsRow(
                rank=rank,
                start_number=start,
                name=labels[reg_id],
                club=club,
                points=tuple(by_round.get(number) for number in rounds),
                games=tuple(
                    games[tables[reg_id][number]]
                    if number == open_number and number in tables[reg_id]
                    else None
                    for number in rounds
                ),
                total=total,
                rounds_played=len(counted),
                average=Decimal(sum(counted)) / len(counted) if counted else None,
                first_round=first,
                withdrawn_after_round=withdrawn,
                previous_rank=before.get(reg_id),
            )
        )
    scoring = scoring_of(tournament)
    pots: list[RoundPot] = []
    if scoring.has_pot:
        for round_ in sorted(tournament.rounds, key=lambda r: r.number):
            pot = pot_of(round_)
            if pot is not None and round_.number in rounds:
                pots.append(pot)
    return Standings(
        rounds=rounds,
        rows=tuple(rows),
        closed=closed,
        open_round=open_round,
        movement_round=latest,
        scoring=scoring,
        pots=tuple(pots),
    )


def for_round(round_: Round) -> RoundStandings:
    """The players of one round, ranked by that round's points, with table and position.

    One query over all the tournament's registrations (a seat joined where there is one in
    this round), so that namesakes are labelled as everywhere else."""
    query = (
        select(
            Registration.start_number,
            Registration.withdrawn_after_round,
            Player.name,
            Player.club,
            Player.ddv_number,
            RoundTable.number,
            Seat.position,
            Seat.points,
            Seat.table_id,
        )
        .select_from(Registration)
        .join(Player, Player.id == Registration.player_id)
        .outerjoin(Seat, (Seat.registration_id == Registration.id) & (Seat.round_id == round_.id))
        .outerjoin(RoundTable, RoundTable.id == Seat.table_id)
        .where(Registration.tournament_id == round_.tournament_id)
    )
    still_open = round_.status is not RoundStatus.FINISHED
    progress = _table_progress(round_.tournament, round_.id) if still_open else ()
    games = {table_id: table.games for table_id, table in progress}
    everyone = list(db.session.execute(query))
    labels = names.display_names(
        {start: names.Person(name, start, club, ddv) for start, _, name, club, ddv, *_ in everyone}
    )
    # Best points first, then by start number.
    seated = sorted(
        (seat for seat in everyone if seat.table_id is not None),
        key=lambda seat: (-seat.points, seat.start_number),
    )
    rows = tuple(
        RoundRow(
            rank=rank,
            start_number=start,
            name=labels[start],
            club=club,
            table=table,
            position=position,
            points=points,
            withdrawn_after_round=withdrawn,
            games=games.get(table_id, 0),
        )
        for (start, withdrawn, _, club, _, table, position, points, table_id), rank in zip(
            seated, ranks([seat.points for seat in seated]), strict=True
        )
    )
    return RoundStandings(
        number=round_.number,
        rows=rows,
        progress=RoundProgress(round_.number, round_.status, tuple(t for _, t in progress))
        if still_open
        else None,
        scoring=scoring_of(round_.tournament),
        pot=pot_of(round_),
    )


@dataclass(frozen=True, slots=True)
class _OpenRound:
    number: int
    id: int
    status: RoundStatus


def _round_statuses(tournament: Tournament) -> dict[int, tuple[int, RoundStatus]]:
    """Round number to (id, status), in order."""
    query = (
        select(Round.number, Round.id, Round.status)
        .where(Round.tournament_id == tournament.id)
        .order_by(Round.number)
    )
    return {number: (round_id, status) for number, round_id, status in db.session.execute(query)}


def _open_round(statuses: dict[int, tuple[int, RoundStatus]]) -> _OpenRound | None:
    """The latest round not yet closed (rounds are closed in order)."""
    for number in reversed(statuses):
        round_id, status = statuses[number]
        if status is not RoundStatus.FINISHED:
            return _OpenRound(number, round_id, status)
    return None


def _table_progress(tournament: Tournament, round_id: int) -> list[tuple[int, TableProgress]]:
    """Each table of the round (table id, progress): the games entered so far, one query."""
    query = (
        select(RoundTable.id, RoundTable.number, RoundTable.size, func.count(ListEntry.id))
        .outerjoin(ListEntry, (ListEntry.table_id == RoundTable.id) & (ListEntry.kind == "game"))
        .where(RoundTable.round_id == round_id)
        .group_by(RoundTable.id, RoundTable.number, RoundTable.size)
        .order_by(RoundTable.number)
    )
    counted = list(db.session.execute(query))
    tables: dict[int, RoundTable] = {}
    if tournament.engine_rules is not None:
        # The engine's report of each list says what it plans.
        tables = {table.id: table for table in list_store.read_lists(round_id)}
    return [
        (table_id, TableProgress(number, size, games, _planned(tournament, tables, table_id, size)))
        for table_id, number, size, games in counted
    ]


def _planned(
    tournament: Tournament, tables: dict[int, RoundTable], table_id: int, size: int
) -> int | None:
    """The games a table's list plans (the engine's report under a set: cached)."""
    if tournament.engine_rules is None:
        return PLANNED_GAMES.get(size, 0)
    table = tables[table_id]
    try:
        report = list_store.check(table)
    except ScoreListRefused:
        return day_plans.round_end(tournament, size)
    return day_plans.planned_games(tournament, size, report)


def _latest_counted(rounds: tuple[int, ...], open_round: RoundProgress | None) -> int | None:
    """The latest round whose points the standings show (an open round only once it runs or
    has games); None while there is no earlier round to compare it with."""
    counted = list(rounds)
    if open_round is not None and not open_round.provisional and open_round.number in counted:
        counted.remove(open_round.number)
    return counted[-1] if len(counted) >= 2 else None


def _ranks_before(
    latest: int | None,
    played: dict[int, dict[int, int]],
    people: dict[int, tuple[int, int, int | None, str, str]],
) -> dict[int, int]:
    """Each registration's rank without the ``latest`` round's points."""
    if latest is None:
        return {}
    totals = {
        reg_id: sum(points for number, points in by_round.items() if number != latest)
        for reg_id, by_round in played.items()
    }
    return _ranked(totals, people)


def _ranked(
    totals: dict[int, int], people: dict[int, tuple[int, int, int | None, str, str]]
) -> dict[int, int]:
    """Each registration's rank by ``totals``, best first, in that order (equal totals by
    start number)."""
    order = sorted(people, key=lambda reg_id: (-totals[reg_id], people[reg_id][0]))
    return dict(zip(order, ranks([totals[r] for r in order]), strict=True))


def ranks(scores: Sequence[int]) -> list[int]:
    """Competition ranks of scores sorted best first: equal scores share a rank (1, 2, 2, 4)."""
    result: list[int] = []
    for index, score in enumerate(scores):
        same = index > 0 and score == scores[index - 1]
        result.append(result[-1] if same else index + 1)
    return result


def state_token(tournament: Tournament) -> str:
    """What the standings of ``tournament`` show, in one cheap query: its version (draws,
    starts, closes, players) and the sum of its lists' versions (every saved, corrected or
    deleted entry raises one)."""
    lists = db.session.execute(
        select(func.coalesce(func.sum(RoundTable.version), 0), func.count(RoundTable.id))
        .join(Round, RoundTable.round_id == Round.id)
        .where(Round.tournament_id == tournament.id)
    ).one()
    return f"{tournament.version}.{lists[0]}.{lists[1]}"
