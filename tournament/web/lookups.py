"""One lookup per kind of object a URL names: the object, or the 404 page.

A table opened by its access code is not looked up here: an unknown code has its own page
(``scorelists/bad_code.html``), see :func:`tournament.rounds.tables.table_by_code`.
"""

from __future__ import annotations

from flask import abort

from tournament.domain import table_play, tournaments
from tournament.extensions import db
from tournament.models import Registration, Round, RoundTable, Tournament, User


def tournament_or_404(tournament_id: int) -> Tournament:
    tournament = tournaments.get(tournament_id)
    if tournament is None:
        abort(404)
    return tournament


def round_or_404(tournament: Tournament, number: int) -> Round:
    round_ = tournaments.round_by_number(tournament, number)
    if round_ is None:
        abort(404)
    return round_


def table_or_404(round_: Round, number: int) -> RoundTable:
    """Table ``number`` of the round, loaded for its list page."""
    table = table_play.table_of_round(round_, number)
    if table is None:
        abort(404)
    return table


def registration_or_404(tournament: Tournament, registration_id: int) -> Registration:
    registration = db.session.get(Registration, registration_id)
    if registration is None or registration.tournament_id != tournament.id:
        abort(404)
    return registration


def user_or_404(user_id: int) -> User:
    user = db.session.get(User, user_id)
    if user is None:
        abort(404)
    return user
