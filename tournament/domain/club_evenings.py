"""A club evening (issue 33, item 6): a game night that is no tournament, in the same app.

One step makes a tournament marked as an evening (``Tournament.evening``) with one planned
round, registers the typed players (``registrations.register_pasted``, namesakes told apart
as there; a line that spells out a known player, as the seats suggest them with
:func:`known_players`, is that player), and seats them at one table of round 1 in the typed
order, with no draw (:func:`seat_at_one_table`); the caller starts the round as any round is
started. An evening has no time limit (``day_plans.minutes_at``); its games per round are the
set's own, and under a set that names none as many as a list may have, and the Turnierleitung
closes the round whenever the table stops (``rounds.service.finish`` lets an evening's lists
have games left). Closing it shows the evening's settlement (``domain.settlement``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import func, select

from tournament.domain import audit_log as audit
from tournament.domain import day_plans, names, registrations, rule_sets, tournaments
from tournament.domain.day_plans import DayPlan
from tournament.domain.errors import ServiceError
from tournament.extensions import db
from tournament.models import (
    DrawMethod,
    Player,
    Registration,
    Round,
    RoundTable,
    Seat,
    Tournament,
    User,
)
from tournament.texts import club_evening as words
from tournament.texts.messages import Refusal

#: The table sizes the app seats (``RoundTable.size``), 004's table of three with a Strohmann.
SEATED_SIZES = frozenset({3, 4, 5})
PLAYERS_FIELD = "players"
#: The seats suggest the players of the evenings and tournaments of the last year, at most
#: this many: a club laptop used for years knows hundreds, most of them long gone.
KNOWN_DAYS = 365
KNOWN_LIMIT = 200


@dataclass(frozen=True)
class KnownPlayer:
    """A player already in the database, as a seat's field suggests him."""

    #: The line that names him as a pasted list does: ``Name``, ``Name; Verein``,
    #: ``Name; Verein; DDV-Nr.`` (club and number where he has them).
    line: str


def _line_of(name: str, club: str, ddv: str | None) -> str:
    parts = [name, club, ddv or ""]
    while parts[-1] == "":
        parts.pop()
    return "; ".join(parts)


def _key(name: str, club: str, ddv: str | None) -> tuple[str, str, str]:
    return names.normalise(name), names.normalise(club), ddv or ""


def known_players(today: dt.date | None = None) -> list[KnownPlayer]:
    """The known players the seats suggest: those of the evenings and tournaments of the
    last :data:`KNOWN_DAYS` days (counted back from today, or from the last one held if the
    laptop lay unused longer), the most frequent first, then the most recent, then by name;
    at most :data:`KNOWN_LIMIT` (two queries). Namesakes are told apart as a pasted list
    tells them apart, by club and DDV number; players alike in name, club and number are one
    person to a pasted list, so they are one suggestion. A name typed that is not suggested
    is still read as a pasted list reads it (:func:`start`)."""
    latest = db.session.execute(select(func.max(Tournament.date))).scalar_one_or_none()
    if latest is None:
        return []
    since = min(today or dt.date.today(), latest) - dt.timedelta(days=KNOWN_DAYS)
    query = (
        select(
            Player.name,
            Player.club,
            Player.ddv_number,
            func.count(func.distinct(Registration.tournament_id)),
            func.max(Tournament.date),
        )
        .join(Registration, Registration.player_id == Player.id)
        .join(Tournament, Tournament.id == Registration.tournament_id)
        .where(Tournament.date >= since)
        .group_by(Player.id, Player.name, Player.club, Player.ddv_number)
    )
    found: dict[tuple[str, str, str], tuple[int, dt.date, str]] = {}
    for name, club, ddv, count, last in db.session.execute(query):
        key = _key(name, club, ddv)
        line = _line_of(name, club, ddv)
        before = found.get(key)
        if before is None:
            found[key] = (count, last, line)
        else:
            found[key] = (before[0] + count, max(before[1], last), min(before[2], line))
    ranked = sorted(
        found.values(),
        key=lambda seen: (-seen[0], -seen[1].toordinal(), names.normalise(seen[2]), seen[2]),
    )
    return [KnownPlayer(line) for _, _, line in ranked[:KNOWN_LIMIT]]


def table_sizes(choice: rule_sets.Choice) -> frozenset[int]:
    """The sizes of the one table an evening under ``choice`` may have."""
    return frozenset(rule_sets.rules_of_choice(choice).table_sizes & SEATED_SIZES)


def evening_day(choice: rule_sets.Choice, day: DayPlan) -> DayPlan:
    """The day's settings of an evening: as given, but under a set that names no games per
    round and no end by the pot, as many games as a list may have (the table stops earlier
    when it likes); never a time limit."""
    rules = rule_sets.rules_of_choice(choice)
    games = day.round_games
    if (
        choice.engine_rules is not None
        and games is None
        and not day.until_pot_empty
        and rules.games_per_round is None
    ):
        games = day_plans.MAX_GAMES * 4 // 5 if 5 in rules.table_sizes else day_plans.MAX_GAMES
    return DayPlan(
        round_games=games,
        until_pot_empty=day.until_pot_empty,
        pot_start=day.pot_start,
        zwangssolo_frist=day.zwangssolo_frist,
        time_limit=None,
    )


def start(
    user: User | None,
    *,
    name: str,
    date: dt.date,
    rules_preset: str,
    rules_variants: Sequence[str],
    day: DayPlan,
    players: str,
    point_value: int | None = None,
) -> Round:
    """Create the evening with its players seated at table 1 of round 1, in the typed order
    (one name a line, ``Name; Verein`` as in a pasted list). The caller starts the round and
    commits; a :class:`ServiceError` (in German, with its field) leaves nothing to keep."""
    choice = rule_sets.choose(rules_preset, rules_variants)
    tournament = tournaments.create(
        user,
        name=name,
        date=date,
        venue="",
        organiser="",
        rounds_planned=1,
        rules_preset=choice.preset,
        rules_variants=choice.variants,
        day=evening_day(choice, day),
    )
    tournament.evening = True
    tournament.point_value = point_value
    lines = registrations.parse_paste(tournament, players)
    sizes = table_sizes(choice)
    set_name = rule_sets.name_of(tournament)
    if not lines:
        raise ServiceError.sentence(words.NO_PLAYERS, PLAYERS_FIELD)
    if len(lines) < min(sizes):
        raise ServiceError.sentence(words.too_few(set_name, sizes, len(lines)), PLAYERS_FIELD)
    if len(lines) not in sizes:
        raise ServiceError.sentence(words.cannot_seat(set_name, sizes, len(lines)), PLAYERS_FIELD)
    _check_seats(lines)
    decisions = {line.key: _decision(line) for line in lines if line.matches}
    try:
        added = registrations.register_pasted(
            user, tournament, tournament.version, players, decisions
        )
    except ServiceError as error:
        if error.code is Refusal.PASTE_SAME_PLAYER:
            other = int(error.params["other_line"])
            text = words.SEAT_SAME_PLAYER.format(
                number=error.params["line"], name=error.params["name"], other=other
            )
            raise SeatsRefused({int(error.params["line"]): [text]}) from error
        raise ServiceError.sentence(words.player_lines(str(error)), PLAYERS_FIELD) from error
    return seat_at_one_table(user, tournament, added)


class SeatsRefused(ServiceError):
    """Typed seats that cannot be registered: per seat number (a line's number is its
    seat's) the German sentences, each naming its „Platz“, for the page to show at the seat."""

    def __init__(self, seats: dict[int, list[str]]) -> None:
        self.seats = seats
        text = " ".join(problem for found in seats.values() for problem in found)
        super().__init__(Refusal.SENTENCE, field=PLAYERS_FIELD, text=text)


def _check_seats(lines: Sequence[registrations.PastedLine]) -> None:
    """Refuse the seats whose line has a problem (``registrations.parse_paste``), each by its
    „Platz“: the same person on an earlier seat, an earlier seat's DDV number, or what is
    wrong with the seat's own name, club or number."""
    seats: dict[int, list[str]] = {}
    for number, line in enumerate(lines):
        if line.problem is None:
            continue
        name = line.name or words.SEAT_NAMELESS
        earlier = lines[:number]
        wanted = _key(line.name, line.club, line.ddv_number)
        same = next((e for e in earlier if _key(e.name, e.club, e.ddv_number) == wanted), None)
        same_ddv = next(
            (e for e in earlier if line.ddv_number and e.ddv_number == line.ddv_number), None
        )
        if same is not None:
            text = words.SEAT_REPEATED.format(number=line.line, name=name, other=same.line)
        elif same_ddv is not None:
            text = words.SEAT_SAME_DDV.format(
                number=line.line, name=name, ddv=line.ddv_number, other=same_ddv.line
            )
        else:
            text = words.SEAT_PROBLEM.format(number=line.line, name=name, problem=line.problem)
        seats.setdefault(line.line, []).append(text)
    if seats:
        raise SeatsRefused(seats)


def _decision(line: registrations.PastedLine) -> str:
    """A typed line names the known player it spells out (a seat's suggestion): the same
    name, club and DDV number, the first of such players; any other line is a new person,
    also when a known player has the same name (a namesake is never merged silently)."""
    wanted = _key(line.name, line.club, line.ddv_number)
    alike = [p for p in line.matches if _key(p.name, p.club, p.ddv_number) == wanted]
    return str(min(p.id for p in alike)) if alike else registrations.NEW


def seat_at_one_table(
    user: User | None, tournament: Tournament, players: Sequence[Registration]
) -> Round:
    """Round 1 of ``tournament`` with one table seating ``players`` in the given order (the
    first deals first, the last keeps the list), without a draw."""
    if tournament.rounds:
        raise ServiceError.sentence(words.ALREADY_SEATED)
    round_ = Round(
        tournament=tournament,
        number=1,
        method=DrawMethod.RANDOM,
        seed=0,
        separate_clubs=False,
        repeats=0,
        five_tables=1 if len(players) == 5 else 0,
        draw_request="{}",
    )
    db.session.add(round_)
    table = RoundTable(number=1, size=len(players))
    round_.tables.append(table)
    for position, registration in enumerate(players, start=1):
        table.seats.append(Seat(round=round_, registration=registration, position=position))
    db.session.flush()
    tournaments.refresh_status(tournament)
    seated = [[str(r.start_number) for r in players]]
    audit.record(
        user, "draw", "round", round_.id, new={"number": 1, "repeats": 0, "tables": seated}
    )
    return round_
