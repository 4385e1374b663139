"""Table plans of a round: by table, and alphabetically ("where do I sit")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Select, select
from sqlalchemy.orm import joinedload, selectinload

from tournament.domain import names
from tournament.extensions import db
from tournament.models import Registration, Round, RoundTable, Seat, Tournament


@dataclass(frozen=True)
class PlanSeat:
    position: int
    start_number: int
    name: str
    club: str
    deals_first: bool
    keeps_list: bool


@dataclass(frozen=True)
class PlanTable:
    number: int
    size: int
    seats: tuple[PlanSeat, ...]

    @property
    def strohmann(self) -> bool:
        """A table of three: the Strohmann plays the fourth hand (004 L91)."""
        return self.size == 3

    @property
    def dealer(self) -> PlanSeat:
        return self.seats[0]

    @property
    def list_keeper(self) -> PlanSeat:
        return self.seats[-1]


@dataclass(frozen=True)
class SeatRow:
    name: str
    start_number: int
    club: str
    table: int
    position: int
    size: int


def state_token(tournament_id: int, **_: int) -> str:
    """What a round's table plan, seats and cards (and the tournament page) show, in one
    query, for ``tournament.web.live.polled`` (other view arguments ignored): the tournament's
    version, which every draw, redraw, start, close, access code and player's change raises.
    (A change elsewhere, e.g. the next round drawn, reloads a plan that shows the same; its
    parts then stay as they are.)"""
    version = db.session.execute(
        select(Tournament.version).where(Tournament.id == tournament_id)
    ).scalar_one_or_none()
    return "-" if version is None else str(version)


def tables_with_players(round_id: int) -> Select[RoundTable]:
    """The round's tables in number order, their seats with registrations and players."""
    return (
        select(RoundTable)
        .where(RoundTable.round_id == round_id)
        .order_by(RoundTable.number)
        .options(
            selectinload(RoundTable.seats)
            .joinedload(Seat.registration)
            .joinedload(Registration.player)
        )
    )


def table_plan(round_: Round) -> list[PlanTable]:
    """Tables in number order, players by position; position 1 deals first, the last keeps
    the list (TSR 3.1.1, 8.4.1). One query for the whole round, and one for the players'
    labels (namesakes told apart)."""
    plan = []
    labels = names.of_tournament(round_.tournament_id)
    for table in db.session.execute(tables_with_players(round_.id)).scalars():
        seats = tuple(
            PlanSeat(
                position=seat.position,
                start_number=seat.registration.start_number,
                name=labels.get(seat.registration_id, seat.registration.player.name),
                club=seat.registration.player.club,
                deals_first=seat.position == 1,
                keeps_list=seat.position == table.size,
            )
            for seat in table.seats
        )
        plan.append(PlanTable(table.number, table.size, seats))
    return plan


def seats_of(round_: Round) -> list[Seat]:
    """The round's seats with their tables, registrations and players, in one query."""
    query = (
        select(Seat)
        .where(Seat.round_id == round_.id)
        .options(
            joinedload(Seat.registration).joinedload(Registration.player),
            joinedload(Seat.table),
        )
    )
    return list(db.session.execute(query).scalars())


def seatings(rounds: Sequence[Round]) -> list[list[list[int]]]:
    """Each round's tables in number order as the start numbers of their players by
    position, in one query for all the rounds (a draw's history)."""
    query = (
        select(Seat.round_id, RoundTable.number, Registration.start_number)
        .join(RoundTable, Seat.table_id == RoundTable.id)
        .join(Registration, Seat.registration_id == Registration.id)
        .where(Seat.round_id.in_([round_.id for round_ in rounds]))
        .order_by(RoundTable.number, Seat.position)
    )
    tables: dict[int, dict[int, list[int]]] = {round_.id: {} for round_ in rounds}
    for round_id, table_number, start_number in db.session.execute(query):
        tables[round_id].setdefault(table_number, []).append(start_number)
    return [list(tables[round_.id].values()) for round_ in rounds]


def seat_list(round_: Round) -> list[SeatRow]:
    """Every seated player by label, alphabetically (German-friendly, case-insensitive)."""
    labels = names.of_tournament(round_.tournament_id)
    rows = [
        SeatRow(
            name=labels.get(seat.registration_id, seat.registration.player.name),
            start_number=seat.registration.start_number,
            club=seat.registration.player.club,
            table=seat.table.number,
            position=seat.position,
            size=seat.table.size,
        )
        for seat in seats_of(round_)
    ]
    return sorted(rows, key=lambda row: (_sort_key(row.name), row.start_number))


def _sort_key(name: str) -> str:
    return name.casefold().translate(_UMLAUTS)


_UMLAUTS = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss"})
