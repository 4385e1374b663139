"""Registering players for a tournament: pasted lists, changes, withdrawal, late entry.

Players are people kept across tournaments; a registration puts one into one tournament with
a start number. A pasted name that matches a known player is pointed out and the Turnierleitung
decides whether it is that player or a new one with the same name: never merged silently.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import joinedload

from tournament.domain import audit_log as audit
from tournament.domain import names, tournaments
from tournament.domain.errors import ServiceError
from tournament.extensions import db
from tournament.models import (
    Player,
    Registration,
    RoundStatus,
    Seat,
    Tournament,
    User,
)
from tournament.texts import Notice, Part, Refusal, notice, part

MAX_PASTE_LINES = 500
DDV_LENGTH = 20
NEW = "neu"

# withdraw and reinstate: (user, registration, version) -> a message for the page.
RegistrationAction = Callable[[User | None, Registration, int], str]


@dataclass(frozen=True)
class PastedLine:
    """One line of a pasted list and what registering it would mean."""

    line: int
    name: str
    club: str
    ddv_number: str | None
    # Known players this line may mean (same name, or the same DDV number), none of them
    # registered in this tournament already.
    matches: tuple[Player, ...] = ()
    # Why the line cannot be registered; None if it can.
    problem: str | None = None
    # What the Turnierleitung should notice, e.g. a namesake registered as another person.
    note: str | None = None

    @property
    def key(self) -> str:
        """The form field that carries the decision for a line with matches."""
        return f"zeile-{self.line}"


normalise = names.normalise


def clean(text: str) -> str:
    """Visible text only: NFC, no control characters, single spaces."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(" " if unicodedata.category(ch).startswith("C") else ch for ch in text)
    return " ".join(text.split())


def parse_paste(tournament: Tournament, text: str) -> list[PastedLine]:
    """Each non-empty line ``Name; Verein; DDV-Nr.`` (club and number optional), checked.

    Same-named people are different people: a line with the name of a registered player or
    of an earlier line is registered as another person, with a note saying so. The same
    person twice is a problem: a DDV number registered or on an earlier line, and a line
    that repeats a registered player or an earlier line in name, club and DDV number alike
    (most likely pasted twice; namesakes are told apart by club or DDV number).
    """
    raw_lines = text.splitlines()
    if len(raw_lines) > MAX_PASTE_LINES:
        raise ServiceError(Refusal.TOO_MANY_LINES, limit=MAX_PASTE_LINES, lines=len(raw_lines))
    registered: dict[str, list[Registration]] = {}
    for r in sorted(tournament.registrations, key=lambda r: r.start_number):
        registered.setdefault(normalise(r.player.name), []).append(r)
    taken = {r.player_id for r in tournament.registrations}
    known = _KnownPlayers()
    seen: dict[str, list[tuple[int, str, str | None]]] = {}
    seen_ddv: dict[str, int] = {}
    result: list[PastedLine] = []
    for number, raw in enumerate(raw_lines, start=1):
        parts = [clean(piece) for piece in raw.split(";")]
        if not any(parts):
            continue
        name = parts[0]
        club = parts[1] if len(parts) > 1 else ""
        ddv = (parts[2] if len(parts) > 2 else "") or None
        problem = _line_problem(name, club, ddv, len(parts))
        key = normalise(name)
        same_name = registered.get(key, [])
        earlier = seen.get(key, [])
        if problem is None:
            repeat = next((r for r in same_name if _alike(r.player, club, ddv)), None)
            if repeat is not None:
                problem = part(Part.LINE_REGISTERED, start_number=repeat.start_number)
        if problem is None:
            line = next((n for n, c, d in earlier if _same(c, club) and d == ddv), None)
            if line is not None:
                problem = part(Part.LINE_REPEATED, line=line)
        if problem is None and ddv is not None:
            holder = known.by_ddv.get(ddv)
            if holder is not None and holder.id in taken:
                problem = part(Part.LINE_DDV_REGISTERED, ddv=ddv, holder=holder.name)
        if problem is None and ddv is not None and ddv in seen_ddv:
            problem = part(Part.LINE_SAME_DDV, ddv=ddv, line=seen_ddv[ddv])
        seen.setdefault(key, []).append((number, club, ddv))
        if ddv is not None:
            seen_ddv.setdefault(ddv, number)
        note = None
        if problem is None and same_name:
            numbers = ", ".join(str(r.start_number) for r in same_name)
            note = part(Part.LINE_NAMESAKE_REGISTERED, start_numbers=numbers)
        elif problem is None and earlier:
            note = part(Part.LINE_NAMESAKE_LINE, line=earlier[0][0])
        matches = () if problem else tuple(p for p in known.matches(name, ddv) if p.id not in taken)
        result.append(PastedLine(number, name, club, ddv, matches, problem, note))
    return result


def register_pasted(
    user: User | None,
    tournament: Tournament,
    version: int,
    text: str,
    decisions: Mapping[str, str],
) -> list[Registration]:
    """Register every line of the paste, all or nothing.

    ``decisions`` maps a line's key to ``"neu"`` or the id of a known player; a line with
    matches needs one. Lines with a problem refuse the whole paste.
    """
    tournaments.claim(tournament, version)
    lines = parse_paste(tournament, text)
    if not lines:
        raise ServiceError(Refusal.EMPTY_PASTE)
    problems = [
        part(
            Part.PASTED_LINE,
            line=line.line,
            name=line.name or part(Part.NAMELESS),
            problem=line.problem,
        )
        for line in lines
        if line.problem
    ]
    if problems:
        raise ServiceError(Refusal.PASTE_PROBLEMS, problems=problems)
    players: list[Player] = []
    chosen_in: dict[int, int] = {}
    for line in lines:
        if line.matches:
            decision = decisions.get(line.key, "")
            chosen = next((p for p in line.matches if str(p.id) == decision), None)
            if chosen is None and decision != NEW:
                raise ServiceError(Refusal.PASTE_UNDECIDED, line=line.line, name=line.name)
            if chosen is not None:
                if chosen.id in chosen_in:
                    raise ServiceError(
                        Refusal.PASTE_SAME_PLAYER,
                        line=line.line,
                        other_line=chosen_in[chosen.id],
                        name=chosen.name,
                    )
                chosen_in[chosen.id] = line.line
                players.append(chosen)
                continue
            if line.ddv_number is not None and _player_with_ddv(line.ddv_number) is not None:
                raise ServiceError(Refusal.PASTE_DDV_TAKEN, line=line.line, ddv=line.ddv_number)
        player = Player(name=line.name, club=line.club, ddv_number=line.ddv_number)
        db.session.add(player)
        players.append(player)
    db.session.flush()
    added = _register_all(user, tournament, players)
    names.forget(tournament.id)
    return added


def update_registration(
    user: User | None,
    registration: Registration,
    version: int,
    *,
    name: str,
    club: str,
    ddv_number: str | None,
    start_number: int,
    fixed_table: int | None,
) -> None:
    """Correct a player's data and the registration; a taken start number or DDV number is
    refused. Another registration's name is not: namesakes are different people."""
    tournament = registration.tournament
    tournaments.claim(tournament, version)
    name, club = clean(name), clean(club)
    ddv_number = clean(ddv_number or "") or None
    if not name:
        raise ServiceError(Refusal.NAME_MISSING, field="name")
    found = names.problem(name, club)
    if found is not None:
        field, problem = found
        raise ServiceError(Refusal.NAME_PROBLEM, field=field, name=name, problem=problem)
    ddv_problem = _line_problem(name, club, ddv_number, 3)
    if ddv_problem:
        raise ServiceError(Refusal.NAME_PROBLEM, field="ddv_number", name=name, problem=ddv_problem)
    for other in tournament.registrations:
        if other.id == registration.id:
            continue
        if other.start_number == start_number:
            raise ServiceError(
                Refusal.START_NUMBER_TAKEN,
                field="start_number",
                start_number=start_number,
                holder=other.player.name,
            )
    if start_number != registration.start_number and _has_seats(registration):
        raise ServiceError(Refusal.START_NUMBER_FIXED, field="start_number")
    if ddv_number is not None:
        holder = _player_with_ddv(ddv_number)
        if holder is not None and holder.id != registration.player_id:
            raise ServiceError(
                Refusal.DDV_TAKEN, field="ddv_number", ddv=ddv_number, holder=holder.name
            )
    player = registration.player
    old = _describe(registration)
    player.name, player.club, player.ddv_number = name, club, ddv_number
    registration.start_number = start_number
    registration.fixed_table = fixed_table
    names.forget(tournament.id)
    new = _describe(registration)
    changed = [key for key in new if old[key] != new[key]]
    if changed:
        audit.record(
            user,
            "update",
            "registration",
            registration.id,
            old={key: old[key] for key in changed},
            new={key: new[key] for key in changed},
        )


def withdraw(user: User | None, registration: Registration, version: int) -> str:
    """Withdraw between rounds; the player keeps the points of the rounds played.

    Returns a note for the Turnierleitung (e.g. that a drawn round must be drawn again).
    """
    tournament = registration.tournament
    tournaments.claim(tournament, version)
    if registration.withdrawn_after_round is not None:
        raise ServiceError(Refusal.ALREADY_WITHDRAWN, name=label_of(registration))
    latest = tournaments.latest_round(tournament)
    redraw: int | None = None
    if latest is None:
        last_played = 0
    elif latest.status is RoundStatus.DRAWN:
        last_played = latest.number - 1
        if _seated_in(registration, latest.id):
            redraw = latest.number
    elif latest.status is RoundStatus.RUNNING:
        raise ServiceError(Refusal.WITHDRAW_DURING_ROUND, round=latest.number)
    else:
        last_played = latest.number
    registration.withdrawn_after_round = last_played
    audit.record(
        user,
        "withdraw",
        "registration",
        registration.id,
        old={"withdrawn_after_round": None},
        new={"withdrawn_after_round": last_played},
    )
    name = label_of(registration)
    if redraw is not None:
        return notice(Notice.WITHDRAWN_REDRAW, name=name, round=last_played, drawn=redraw)
    return notice(Notice.WITHDRAWN, name=name, round=last_played)


def reinstate(user: User | None, registration: Registration, version: int) -> str:
    """Undo a withdrawal: the player is drawn again from the next round on."""
    tournament = registration.tournament
    tournaments.claim(tournament, version)
    if registration.withdrawn_after_round is None:
        raise ServiceError(Refusal.NOT_WITHDRAWN, name=label_of(registration))
    old = registration.withdrawn_after_round
    registration.withdrawn_after_round = None
    audit.record(
        user,
        "reinstate",
        "registration",
        registration.id,
        old={"withdrawn_after_round": old},
        new={"withdrawn_after_round": None},
    )
    return notice(
        Notice.REINSTATED, name=label_of(registration), round=next_round_number(tournament)
    )


def label_of(registration: Registration) -> str:
    """The registration's display label (:mod:`tournament.domain.names`)."""
    label = names.of_tournament(registration.tournament_id).get(registration.id)
    # Only a registration added since the labels were read needs its player loaded.
    return registration.player.name if label is None else label


def with_players(tournament: Tournament) -> list[Registration]:
    """The tournament's registrations by start number, their players read in the same query
    (the players page shows each one's name, club and DDV number)."""
    query = (
        select(Registration)
        .where(Registration.tournament_id == tournament.id)
        .order_by(Registration.start_number)
        .options(joinedload(Registration.player))
    )
    return list(db.session.scalars(query))


def next_round_number(tournament: Tournament) -> int:
    """The first round that has not started: a player registered now plays from there."""
    started = [r.number for r in tournament.rounds if r.status is not RoundStatus.DRAWN]
    return max(started, default=0) + 1


def plays_in(registration: Registration, number: int) -> bool:
    """Whether the draw of round ``number`` seats this player."""
    withdrawn = registration.withdrawn_after_round
    return registration.first_round <= number and (withdrawn is None or number <= withdrawn)


def count_of_round(tournament: Tournament, number: int) -> int:
    """How many players the draw of round ``number`` seats."""
    return sum(1 for r in tournament.registrations if plays_in(r, number))


def players_of_round(tournament: Tournament, number: int) -> list[Registration]:
    """The registrations the draw of round ``number`` seats, by start number, with their
    players (one query, whatever the count)."""
    return [r for r in with_players(tournament) if plays_in(r, number)]


def _register_all(
    user: User | None, tournament: Tournament, players: list[Player]
) -> list[Registration]:
    """The players registered in this order with the next start numbers, the registrations
    flushed together (one INSERT on PostgreSQL, a row each on SQLite) and their events written
    in one INSERT, however many there are."""
    first = _next_start_number(tournament)
    first_round = next_round_number(tournament)
    added = [
        Registration(
            tournament=tournament,
            player=player,
            start_number=first + offset,
            first_round=first_round,
        )
        for offset, player in enumerate(players)
    ]
    db.session.add_all(added)
    db.session.flush()
    audit.record_each(
        user,
        "register",
        "registration",
        [(registration.id, None, _describe(registration)) for registration in added],
    )
    return added


def _next_start_number(tournament: Tournament) -> int:
    query = select(func.max(Registration.start_number)).where(
        Registration.tournament_id == tournament.id
    )
    return (db.session.execute(query).scalar_one() or 0) + 1


def _same(one: str, other: str) -> bool:
    return normalise(one) == normalise(other)


def _alike(player: Player, club: str, ddv: str | None) -> bool:
    """Whether a line with the player's name names the club and DDV number the player has."""
    return _same(player.club, club) and player.ddv_number == ddv


def ddv_number_valid(ddv: str) -> bool:
    """Whether ``ddv`` is a DDV number as a registration takes it: up to :data:`DDV_LENGTH`
    letters, digits and hyphens."""
    return len(ddv) <= DDV_LENGTH and ddv.replace("-", "").isalnum()


def _line_problem(name: str, club: str, ddv: str | None, parts: int) -> str | None:
    found = names.problem(name, club)
    if found is not None:
        return found[1]
    if ddv is not None and not ddv_number_valid(ddv):
        return part(Part.DDV_INVALID, ddv=ddv[:DDV_LENGTH])
    if parts > 3:
        return part(Part.TOO_MANY_PARTS)
    return None


class _KnownPlayers:
    """Every player in the database, by normalised name and by DDV number (one query)."""

    def __init__(self) -> None:
        self.by_name: dict[str, list[Player]] = {}
        self.by_ddv: dict[str, Player] = {}
        for player in db.session.execute(select(Player)).scalars():
            self.by_name.setdefault(normalise(player.name), []).append(player)
            if player.ddv_number:
                self.by_ddv[player.ddv_number] = player

    def matches(self, name: str, ddv: str | None) -> tuple[Player, ...]:
        """Known players a line may mean: the same name or the same DDV number."""
        found = {p.id: p for p in self.by_name.get(normalise(name), [])}
        holder = self.by_ddv.get(ddv) if ddv is not None else None
        if holder is not None:
            found[holder.id] = holder
        return tuple(sorted(found.values(), key=lambda p: p.id))


def _player_with_ddv(ddv: str) -> Player | None:
    return db.session.execute(select(Player).where(Player.ddv_number == ddv)).scalar_one_or_none()


def _has_seats(registration: Registration) -> bool:
    query = select(Seat.id).where(Seat.registration_id == registration.id).limit(1)
    return db.session.execute(query).first() is not None


def _seated_in(registration: Registration, round_id: int) -> bool:
    query = select(Seat.id).where(
        Seat.registration_id == registration.id, Seat.round_id == round_id
    )
    return db.session.execute(query).first() is not None


def _describe(registration: Registration) -> dict[str, object]:
    player = registration.player
    return {
        "name": player.name,
        "club": player.club,
        "ddv_number": player.ddv_number,
        "start_number": registration.start_number,
        "first_round": registration.first_round,
        "fixed_table": registration.fixed_table,
    }
