"""Tournaments: create, change, and the version check every tournament write goes through."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from sqlalchemy import select, update

from tournament.domain import audit_log as audit
from tournament.domain import day_plans, rule_sets
from tournament.domain.day_plans import DayPlan
from tournament.domain.errors import ServiceError, StaleError
from tournament.extensions import db
from tournament.models import Round, RoundStatus, Tournament, TournamentStatus, User
from tournament.texts import Refusal

FIELDS = (
    "name",
    "date",
    "venue",
    "organiser",
    "rounds_planned",
    "rules_preset",
    "rules_variants",
    *day_plans.FIELDS,
)
# Versions are 32-bit integers in the database; anything beyond is no version a page showed.
MAX_VERSION = 2**31 - 1


def list_tournaments() -> list[Tournament]:
    """All tournaments, the newest first."""
    query = select(Tournament).order_by(Tournament.date.desc(), Tournament.name)
    return list(db.session.execute(query).scalars())


def get(tournament_id: int) -> Tournament | None:
    return db.session.get(Tournament, tournament_id)


def claim(tournament: Tournament, version: int) -> None:
    """Take the tournament for one change, or refuse if the page's version is old.

    A single conditional UPDATE: of two requests sent from the same page (second tab, double
    click, retried request) exactly one matches; on PostgreSQL the second waits for the first
    to commit and then matches no row, on SQLite the write lock serialises them the same way.
    """
    if not 0 < version < MAX_VERSION:
        raise StaleError
    result = db.session.execute(
        update(Tournament)
        .where(Tournament.id == tournament.id, Tournament.version == version)
        .values(version=Tournament.version + 1)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        raise StaleError
    db.session.refresh(tournament, ["version"])


def create(
    user: User | None,
    *,
    name: str,
    date: dt.date,
    venue: str,
    organiser: str,
    rounds_planned: int,
    rules_preset: str = rule_sets.DEFAULT,
    rules_variants: Sequence[str] = (),
    day: DayPlan = day_plans.DDV_DAY,
) -> Tournament:
    """A new tournament under the chosen rule set with its day's settings (ServiceError for a
    set the engine lacks or a setting the set refuses)."""
    choice = rule_sets.choose(rules_preset, rules_variants)
    day_plans.check(choice, day)
    tournament = Tournament(
        name=name,
        date=date,
        venue=venue,
        organiser=organiser,
        rounds_planned=rounds_planned,
        rules_preset=choice.preset,
        rules_variants=list(choice.variants),
        rules_overrides=dict(choice.overrides),
        **day.as_dict(),
    )
    db.session.add(tournament)
    db.session.flush()
    audit.record(user, "create", "tournament", tournament.id, new=_fields(tournament))
    return tournament


def update_details(
    user: User | None,
    tournament: Tournament,
    version: int,
    *,
    name: str,
    date: dt.date,
    venue: str,
    organiser: str,
    rounds_planned: int,
    rules_preset: str | None = None,
    rules_variants: Sequence[str] = (),
    day: DayPlan | None = None,
) -> None:
    """Change the tournament's data; ``rules_preset`` None keeps the rule set, ``day`` None
    the day's settings. A changed rule set or changed settings are refused once a game is
    entered (``rule_sets.apply``, ``day_plans.apply``)."""
    claim(tournament, version)
    drawn = len(tournament.rounds)
    if rounds_planned < drawn:
        raise ServiceError(Refusal.FEWER_ROUNDS_THAN_DRAWN, drawn=drawn, planned=rounds_planned)
    old = _fields(tournament)
    tournament.name = name
    tournament.date = date
    tournament.venue = venue
    tournament.organiser = organiser
    tournament.rounds_planned = rounds_planned
    if rules_preset is not None:
        choice = rule_sets.choose(rules_preset, rules_variants)
    else:
        choice = rule_sets.Choice(
            tournament.rules_preset,
            tuple(tournament.rules_variants),
            dict(tournament.rules_overrides),
        )
    plan = day_plans.of(tournament) if day is None else day
    if rules_preset is not None or day is not None:
        day_plans.check(choice, plan)
    rule_sets.apply(tournament, choice)
    day_plans.apply(tournament, plan)
    refresh_status(tournament)
    new = _fields(tournament)
    changed = [key for key in FIELDS if old.get(key) != new.get(key)]
    if changed:
        audit.record(
            user,
            "update",
            "tournament",
            tournament.id,
            old={key: old.get(key) for key in changed},
            new={key: new.get(key) for key in changed},
        )


def latest_round(tournament: Tournament) -> Round | None:
    return tournament.rounds[-1] if tournament.rounds else None


def round_by_number(tournament: Tournament, number: int) -> Round | None:
    query = select(Round).where(Round.tournament_id == tournament.id, Round.number == number)
    return db.session.execute(query).scalar_one_or_none()


def refresh_status(tournament: Tournament) -> None:
    """Planned until round 1 starts; finished when the last planned round is closed."""
    rounds = tournament.rounds
    if not rounds or rounds[0].status is RoundStatus.DRAWN:
        status = TournamentStatus.PLANNED
    elif len(rounds) >= tournament.rounds_planned and all(
        r.status is RoundStatus.FINISHED for r in rounds
    ):
        status = TournamentStatus.FINISHED
    else:
        status = TournamentStatus.RUNNING
    tournament.status = status


def _fields(tournament: Tournament) -> dict[str, object]:
    """The audited fields; the day's settings only where set (the DDV rules have none)."""
    fields = {key: getattr(tournament, key) for key in FIELDS}
    fields["rules_variants"] = list(tournament.rules_variants)
    for key in day_plans.FIELDS:
        if fields[key] in (None, False):
            del fields[key]
    return fields
