"""Standings: overall and per round, read from the seats' list totals.

Each call is one query over seats, registrations, players and rounds, shaped in Python: a
400-player, 8-round tournament is 3,200 rows, cheaper to fetch once than to ask per player.
The seats' ``points`` are kept by the score-list service, so no list is replayed here.
Ties share a rank (1, 2, 2, 4), the TSR being silent (``docs/rules.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import func, select

from tournament.extensions import db
from tournament.models import Player, Registration, Round, RoundTable, Seat, Tournament


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One registration's line; ``points`` has one value per drawn round, None without a seat."""

    rank: int
    start_number: int
    name: str
    club: str
    points: tuple[int | None, ...]
    total: int
    rounds_played: int
    # Rundenschnitt: total / rounds played, exact; None before the first round played.
    average: Decimal | None
    first_round: int
    withdrawn_after_round: int | None

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_after_round is not None


@dataclass(frozen=True, slots=True)
class Standings:
    """The overall standings: the drawn rounds' numbers and one row per registration."""

    rounds: tuple[int, ...]
    rows: tuple[StandingsRow, ...]


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

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_after_round is not None


@dataclass(frozen=True, slots=True)
class RoundStandings:
    """One round's standings: rank by that round's points."""

    number: int
    rows: tuple[RoundRow, ...]


def overall(tournament: Tournament) -> Standings:
    """Every registration, withdrawn players too (they keep their points), best total first."""
    query = (
        select(
            Registration.id,
            Registration.start_number,
            Registration.first_round,
            Registration.withdrawn_after_round,
            Player.name,
            Player.club,
            Round.number,
            Seat.points,
        )
        .select_from(Registration)
        .join(Player, Player.id == Registration.player_id)
        .outerjoin(Seat, Seat.registration_id == Registration.id)
        .outerjoin(Round, Round.id == Seat.round_id)
        .where(Registration.tournament_id == tournament.id)
    )
    people: dict[int, tuple[int, int, int | None, str, str]] = {}
    played: dict[int, dict[int, int]] = {}
    for reg_id, start, first, withdrawn, name, club, number, points in db.session.execute(query):
        if reg_id not in people:
            people[reg_id] = (start, first, withdrawn, name, club)
            played[reg_id] = {}
        if number is not None:
            played[reg_id][number] = points
    rounds = tuple(sorted({number for by_round in played.values() for number in by_round}))

    totals = {reg_id: sum(by_round.values()) for reg_id, by_round in played.items()}
    order = sorted(people, key=lambda reg_id: (-totals[reg_id], people[reg_id][0]))
    rows = []
    for reg_id, rank in zip(order, ranks([totals[r] for r in order]), strict=True):
        start, first, withdrawn, name, club = people[reg_id]
        by_round, total = played[reg_id], totals[reg_id]
        rows.append(
            StandingsRow(
                rank=rank,
                start_number=start,
                name=name,
                club=club,
                points=tuple(by_round.get(number) for number in rounds),
                total=total,
                rounds_played=len(by_round),
                average=Decimal(total) / len(by_round) if by_round else None,
                first_round=first,
                withdrawn_after_round=withdrawn,
            )
        )
    return Standings(rounds=rounds, rows=tuple(rows))


def for_round(round_: Round) -> RoundStandings:
    """The players of one round, ranked by that round's points, with table and position."""
    query = (
        select(
            Registration.start_number,
            Registration.withdrawn_after_round,
            Player.name,
            Player.club,
            RoundTable.number,
            Seat.position,
            Seat.points,
        )
        .select_from(Seat)
        .join(RoundTable, RoundTable.id == Seat.table_id)
        .join(Registration, Registration.id == Seat.registration_id)
        .join(Player, Player.id == Registration.player_id)
        .where(Seat.round_id == round_.id)
    )
    # Best points first, then by start number.
    seated = sorted(db.session.execute(query), key=lambda seat: (-seat[6], seat[0]))
    rows = tuple(
        RoundRow(
            rank=rank,
            start_number=start,
            name=name,
            club=club,
            table=table,
            position=position,
            points=points,
            withdrawn_after_round=withdrawn,
        )
        for (start, withdrawn, name, club, table, position, points), rank in zip(
            seated, ranks([seat[6] for seat in seated]), strict=True
        )
    )
    return RoundStandings(number=round_.number, rows=rows)


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
