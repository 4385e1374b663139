"""Small pieces every blueprint needs: loading by id or 404, showing a refusal, and posts that
read before they write."""

from __future__ import annotations

from flask import abort, flash, request
from wtforms import Form as WTForm

from tournament.extensions import db, reads_first
from tournament.models import Registration, Round, Tournament
from tournament.tournaments import service as tournaments
from tournament.web.errors import ServiceError


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


def registration_or_404(tournament: Tournament, registration_id: int) -> Registration:
    registration = db.session.get(Registration, registration_id)
    if registration is None or registration.tournament_id != tournament.id:
        abort(404)
    return registration


def refuse(error: ServiceError, form: WTForm | None = None) -> None:
    """Undo the request's changes and show why: next to its field if it has one."""
    db.session.rollback()
    if form is not None and error.field is not None and error.field in form:
        form[error.field].errors = [*form[error.field].errors, str(error)]
    else:
        flash(str(error), "error")


def posts_read_first() -> None:
    """``before_request`` of a blueprint whose POSTs read and check everything first and take
    SQLite's write lock only to store (``scorelists.claim``), or not at all (a preview)."""
    if request.method == "POST":
        reads_first()
