"""Score lists built straight from the models (tournaments, rounds, tables, complete lists), and
the service's actors and games: what the app, file and standings tests start from."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from rules_engine.simulate import random_list
from tournament.domain import list_entries as entries
from tournament.domain import list_store, score_lists
from tournament.domain.list_store import Report
from tournament.domain.score_lists import Actor, Correction, Deletion, NewEntry
from tournament.extensions import db
from tournament.models import (
    DrawMethod,
    Player,
    Registration,
    Role,
    Round,
    RoundTable,
    Seat,
    Tournament,
    User,
)
from tournament.rounds import service as rounds


def make_user() -> User:
    """An account, so pages are served (no set-up redirect) and audit events have an author."""
    user = User(username="leitung", password_hash="-", role=Role.TURNIERLEITUNG)
    db.session.add(user)
    return user


def make_tournament(
    players: Sequence[tuple[str, str]], *, name: str = "Herbstturnier"
) -> tuple[Tournament, list[Registration]]:
    """A tournament with these (name, club) players as start numbers 1, 2, 3 ..."""
    tournament = Tournament(name=name, date=dt.date(2026, 11, 21), rounds_planned=3)
    registrations = [
        Registration(
            tournament=tournament, player=Player(name=player, club=club), start_number=number
        )
        for number, (player, club) in enumerate(players, start=1)
    ]
    db.session.add_all([tournament, *registrations])
    return tournament, registrations


def make_round(
    tournament: Tournament, number: int, tables: Sequence[Sequence[Registration]]
) -> Round:
    """A drawn round; each table's registrations sit in positions 1, 2, ... in that order."""
    round_ = Round(
        tournament=tournament,
        number=number,
        method=DrawMethod.RANDOM,
        seed=number,
        repeats=0,
        five_tables=sum(1 for t in tables if len(t) == 5),
        draw_request="{}",
    )
    db.session.add(round_)
    db.session.flush()
    for table_number, seated in enumerate(tables, start=1):
        table = RoundTable(number=table_number, size=len(seated))
        round_.tables.append(table)
        table.seats.extend(
            Seat(round_id=round_.id, registration=registration, position=position)
            for position, registration in enumerate(seated, start=1)
        )
    return round_


def keys(table: RoundTable) -> tuple[str, ...]:
    """The engine's names of a table's players: start numbers as text, in position order."""
    return tuple(str(seat.registration.start_number) for seat in table.seats)


def complete_entries(table: RoundTable, seed: int) -> list[dict[str, Any]]:
    """A complete legal list for the table, every game played card by card by the engine."""
    entries: list[dict[str, Any]] = random_list(random.Random(seed), players=keys(table))["entries"]
    return entries


NAMES = ("Anna", "Ben", "Cem", "Dora", "Emil")


KEEPER = Actor(None, by_code=True)


def seated(size: int = 4, *, start: bool = True) -> RoundTable:
    """One table of Anna, Ben, Cem, Dora (and Emil) in positions 1.. (start numbers 1..),
    a Turnierleitung ``leitung`` and a Schiedsrichter ``schiri``; the round started."""
    leitung = make_user()
    db.session.add(User(username="schiri", password_hash="-", role=Role.SCHIEDSRICHTER))
    tournament, registrations = make_tournament([(name, "Kiel") for name in NAMES[:size]])
    round_ = make_round(tournament, 1, [registrations])
    db.session.commit()
    if start:
        rounds.start(leitung, round_, tournament.version)
        db.session.commit()
    return round_.tables[0]


def user(username: str) -> User:
    return db.session.execute(select(User).where(User.username == username)).scalar_one()


def leitung() -> Actor:
    return Actor(user("leitung"))


def schiri() -> Actor:
    return Actor(user("schiri"))


def normal(party: list[str], eyes: int = 150, **details: Any) -> dict[str, Any]:
    """A Normalspiel as the entry form builds it: ``party`` are the Re players."""
    return entries.game(kind="normal", re=party, re_eyes=eyes, **details)


def normals(table: RoundTable, count: int) -> list[dict[str, Any]]:
    """``count`` Normalspiele from the start of the list, each with its dealer."""
    keys = [list_store.player_key(s.registration.start_number) for s in table.seats]
    games = []
    for number in range(count):
        dealer = keys[number % len(keys)]
        playing = [k for k in keys if len(keys) == 4 or k != dealer]
        games.append({**normal([playing[number % 4], playing[(number + 1) % 4]]), "dealer": dealer})
    return games


def add_entry(actor: Actor, table: RoundTable, version: int, entry: dict[str, Any]) -> Report:
    """A new entry written through the list's one write path; its report."""
    return score_lists.write(actor, table, version, NewEntry(entry)).report


def replace_entry(
    actor: Actor, table: RoundTable, version: int, number: int, entry: dict[str, Any]
) -> Report:
    """Entry ``number`` corrected through the one write path; the report."""
    return score_lists.write(actor, table, version, Correction(number, entry)).report


def delete_entry(actor: Actor, table: RoundTable, version: int, number: int) -> Report:
    """Entry ``number`` deleted through the one write path; the report."""
    return score_lists.write(actor, table, version, Deletion(number)).report
