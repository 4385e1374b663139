"""Rounds: draw the next round with the table draw, re-draw it, start it, close it.

The draw itself lives in :mod:`table_draw` (pure, with its own command line); this
module builds its request from the database, stores the request with the result, and seats
the players. Player ids in the draw are start numbers.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable

from sqlalchemy.exc import IntegrityError

import table_draw
from tournament import texts
from tournament.domain import audit_log as audit
from tournament.domain import (
    backups,
    day_plans,
    list_store,
    registrations,
    round_plans,
    standings,
    table_play,
    tournaments,
)
from tournament.domain.errors import ServiceError, StaleError
from tournament.extensions import db
from tournament.models import (
    DrawMethod,
    Registration,
    Round,
    RoundStatus,
    RoundTable,
    Seat,
    Tournament,
    User,
    utcnow,
)
from tournament.texts import Part, Refusal, part
from tournament.texts import rule_set_day as day_words

SEED_LIMIT = 10**9

# start and finish: (user, round, version) -> None, raising ServiceError.
RoundAction = Callable[[User | None, Round, int], None]


def new_seed() -> int:
    """A seed for a draw nobody chose; shown with the round so the draw can be repeated."""
    return secrets.randbelow(SEED_LIMIT)


def draw_next_round(
    user: User | None,
    tournament: Tournament,
    version: int,
    *,
    method: DrawMethod,
    seed: int | None,
    separate_clubs: bool,
) -> Round:
    """Create round n+1 and draw its tables; the previous round must have started."""
    tournaments.claim(tournament, version)
    latest = tournaments.latest_round(tournament)
    number = 1 if latest is None else latest.number + 1
    if latest is not None and latest.status is RoundStatus.DRAWN:
        raise ServiceError(Refusal.PREVIOUS_ROUND_NOT_STARTED, round=latest.number)
    if number > tournament.rounds_planned:
        raise ServiceError(Refusal.ALL_ROUNDS_DRAWN, planned=tournament.rounds_planned)
    if (
        method is DrawMethod.STANDINGS
        and latest is not None
        and (latest.status is not RoundStatus.FINISHED)
    ):
        raise ServiceError(Refusal.STANDINGS_NOT_FINAL, round=latest.number)
    round_ = Round(
        tournament=tournament,
        number=number,
        method=method,
        seed=new_seed() if seed is None else seed,
        separate_clubs=separate_clubs,
        repeats=0,
        five_tables=0,
        draw_request="{}",
    )
    db.session.add(round_)
    _draw_into(round_)
    try:
        db.session.flush()
    except IntegrityError as error:
        # A second request for the same round got past the version check (cannot happen
        # through the pages, which always send a version; kept as the last line of defence).
        raise StaleError from error
    tournaments.refresh_status(tournament)
    audit.record(user, "draw", "round", round_.id, new=_describe(round_))
    return round_


def redraw(user: User | None, round_: Round, version: int, *, seed: int | None) -> Round:
    """Draw a round again before it starts (e.g. after a withdrawal); logged with both."""
    tournaments.claim(round_.tournament, version)
    if round_.status is not RoundStatus.DRAWN:
        raise ServiceError(Refusal.REDRAW_STARTED, round=round_.number)
    if round_.number != round_.tournament.rounds[-1].number:
        raise ServiceError(Refusal.REDRAW_NOT_LAST)
    old = _describe(round_)
    round_.tables.clear()
    db.session.flush()
    round_.seed = new_seed() if seed is None else seed
    round_.drawn_at = utcnow()
    _draw_into(round_)
    db.session.flush()
    audit.record(user, "redraw", "round", round_.id, old=old, new=_describe(round_))
    return round_


def start(user: User | None, round_: Round, version: int) -> None:
    """Start the round for all tables at once (TSR 8.5.1): the clock starts now. A backup of
    the database is written once this commits (``tournament.backups``)."""
    tournaments.claim(round_.tournament, version)
    if round_.status is not RoundStatus.DRAWN:
        raise ServiceError(Refusal.ALREADY_STARTED, round=round_.number)
    problems = seating_problems(round_)
    if problems:
        raise ServiceError(Refusal.SEATING_WRONG, round=round_.number, problems=problems)
    day_plans.check_drawn_sizes(round_)
    round_.status = RoundStatus.RUNNING
    round_.started_at = utcnow()
    table_play.issue_codes(round_)
    tournaments.refresh_status(round_.tournament)
    audit.record(
        user, "start", "round", round_.id, old={"status": "drawn"}, new={"status": "running"}
    )
    backups.after_commit(backups.round_reason(round_.number, "start"), round_.tournament.name)


def finish(user: User | None, round_: Round, version: int) -> None:
    """Close the round: only when every table's list is complete and verified. A backup of
    the database is written once this commits (``tournament.backups``)."""
    tournaments.claim(round_.tournament, version)
    if round_.status is not RoundStatus.RUNNING:
        raise ServiceError(Refusal.FINISH_NOT_RUNNING, round=round_.number)
    missing = open_lists(round_)
    if missing:
        raise ServiceError(Refusal.LISTS_OPEN, round=round_.number, missing=missing)
    round_.status = RoundStatus.FINISHED
    round_.finished_at = utcnow()
    tournaments.refresh_status(round_.tournament)
    audit.record(
        user, "finish", "round", round_.id, old={"status": "running"}, new={"status": "finished"}
    )
    backups.after_commit(backups.round_reason(round_.number, "ende"), round_.tournament.name)


def open_lists(round_: Round) -> list[str]:
    """What keeps the round from closing, per table, in German. At a club evening games left
    do not (it ends when the table stops), errors still do."""
    evening = round_.tournament.evening
    missing = []
    for table in list_store.read_lists(round_.id):
        report = list_store.check(table)
        if evening and not report["complete"]:
            if not report["valid"]:
                missing.append(part(Part.LIST_HAS_ERRORS, table=table.number))
        elif not report["complete"] and report["games_left"] is None:
            missing.append(day_words.list_open_until_empty(table.number))
        elif not report["complete"]:
            missing.append(part(Part.GAMES_MISSING, table=table.number, left=report["games_left"]))
        elif not report["valid"]:
            missing.append(part(Part.LIST_HAS_ERRORS, table=table.number))
    return missing


def seating_problems(round_: Round) -> list[str]:
    """Players seated who no longer play, and players who play but have no seat.

    Only a round not yet started can be wrong this way: a round that was played stands as
    it was played, whatever happened to the registrations later.
    """
    if round_.status is not RoundStatus.DRAWN:
        return []
    expected = {r.id: r for r in registrations.players_of_round(round_.tournament, round_.number)}
    seated = {seat.registration_id: seat for seat in round_plans.seats_of(round_)}
    problems = []
    for reg_id, seat in seated.items():
        if reg_id not in expected:
            problems.append(
                part(
                    Part.SEATED_WITHDRAWN,
                    name=seat.registration.player.name,
                    start_number=seat.registration.start_number,
                    table=seat.table.number,
                )
            )
    for reg_id, registration in expected.items():
        if reg_id not in seated:
            problems.append(
                part(
                    Part.NO_SEAT,
                    name=registration.player.name,
                    start_number=registration.start_number,
                )
            )
    return problems


def draw_request(round_: Round) -> dict[str, object]:
    """The draw request for this round from the tournament as it is now."""
    tournament = round_.tournament
    players = registrations.players_of_round(tournament, round_.number)
    earlier = [r for r in tournament.rounds if r.number < round_.number]
    request: dict[str, object] = {
        "players": [_draw_player(r) for r in players],
        "history": [
            [[str(number) for number in table] for table in tables]
            for tables in round_plans.seatings(earlier)
        ],
        "method": round_.method.value,
        "seed": round_.seed,
        "rounds_planned": tournament.rounds_planned,
        "options": {
            "separate_clubs": round_.separate_clubs,
            "fixed": {str(r.start_number): r.fixed_table for r in players if r.fixed_table},
        },
    }
    if tournament.draw_plan_seed is not None:
        request["plan_seed"] = tournament.draw_plan_seed
    sizes = day_plans.draw_table_sizes(tournament)
    if sizes is not None:
        request["table_sizes"] = sizes
    if round_.method is DrawMethod.STANDINGS:
        present = {str(r.start_number) for r in players}
        order = [str(row.start_number) for row in standings.overall(tournament).rows]
        request["standings"] = [number for number in order if number in present]
    return request


def plan_seed_of(round_: Round) -> int | None:
    """The plan seed this round was drawn with (from its stored request), if any."""
    try:
        stored = json.loads(round_.draw_request)
    except ValueError:
        return None
    value = stored.get("plan_seed") if isinstance(stored, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def settle_plan_seed(tournament: Tournament) -> int:
    """The tournament's plan seed, given to it at its first draw: the seed of its round 1
    (typed or new). Every later draw and re-draw keeps it, so all rounds follow one plan
    while the players stay the same (docs/draw.md)."""
    if tournament.draw_plan_seed is None:
        tournament.draw_plan_seed = min(tournament.rounds, key=lambda r: r.number).seed
    return tournament.draw_plan_seed


def _draw_into(round_: Round) -> None:
    """Draw with the request built now, store request and result, seat the players."""
    settle_plan_seed(round_.tournament)
    request = draw_request(round_)
    players = request["players"]
    assert isinstance(players, list)
    day_plans.check_table_count(round_.tournament, len(players))
    try:
        result = table_draw.draw(table_draw.parse_request(request))
    except table_draw.DrawError as error:
        raise ServiceError.sentence(texts.german_refusal(error)) from error
    round_.draw_request = json.dumps(request, ensure_ascii=False, sort_keys=True)
    round_.repeats = result.repeats
    round_.five_tables = result.five_tables
    by_number = {str(r.start_number): r for r in round_.tournament.registrations}
    for table_number, ids in enumerate(result.tables, start=1):
        table = RoundTable(number=table_number, size=len(ids))
        round_.tables.append(table)
        for position, player_id in enumerate(ids, start=1):
            table.seats.append(
                Seat(round=round_, registration=by_number[player_id], position=position)
            )
    table_play.issue_codes(round_)


def _draw_player(registration: Registration) -> dict[str, str]:
    player: dict[str, str] = {"id": str(registration.start_number)}
    if registration.player.club:
        player["club"] = registration.player.club
    return player


def _tables_of(round_: Round) -> list[list[str]]:
    return [
        [str(seat.registration.start_number) for seat in table.seats] for table in round_.tables
    ]


def _describe(round_: Round) -> dict[str, object]:
    return {
        "number": round_.number,
        "method": round_.method.value,
        "seed": round_.seed,
        "repeats": round_.repeats,
        "tables": _tables_of(round_),
    }
