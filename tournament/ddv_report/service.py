"""The report's facts read from the database: the head data, the standings
(``standings.overall``), the players as stored and the penalties on the lists; the report
itself is worked out by ``tournament.domain.ddv_report``."""

from __future__ import annotations

from sqlalchemy import select

from tournament.domain import ddv_report, rule_sets, standings
from tournament.extensions import db
from tournament.models import ListEntry, Player, Registration, Round, RoundTable, Tournament


def facts_of(tournament: Tournament) -> ddv_report.Facts:
    head = ddv_report.Head(
        tournament_id=tournament.id,
        name=tournament.name,
        date=tournament.date,
        venue=tournament.venue,
        organiser=tournament.organiser,
        rule_set=rule_sets.name_of(tournament),
        ddv_rules=tournament.engine_rules is None,
        rounds_planned=tournament.rounds_planned,
    )
    entrants = db.session.execute(
        select(Registration.start_number, Player.name, Player.club, Player.ddv_number)
        .join(Player, Player.id == Registration.player_id)
        .where(Registration.tournament_id == tournament.id)
    )
    penalties = db.session.execute(
        select(Round.number, RoundTable.number)
        .select_from(ListEntry)
        .join(RoundTable, RoundTable.id == ListEntry.table_id)
        .join(Round, Round.id == RoundTable.round_id)
        .where(Round.tournament_id == tournament.id, ListEntry.kind == "penalty")
    )
    return ddv_report.Facts(
        head=head,
        standings=standings.overall(tournament),
        entrants=tuple(ddv_report.Entrant(*line) for line in entrants),
        penalties=tuple(ddv_report.Penalty(*line) for line in penalties),
    )


def report_of(tournament: Tournament) -> ddv_report.Report:
    return ddv_report.report(facts_of(tournament))
