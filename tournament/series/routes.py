"""The season series (Jahreswertung): the Turnierleitung sets one up and adds tournaments;
its standings are public and live, like a tournament's (``tournament/web/live.py``)."""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from wtforms.fields.choices import SelectChoice

from tournament.domain import series as service
from tournament.domain import tournaments
from tournament.domain.errors import ServiceError
from tournament.extensions import db
from tournament.models import Series, Tournament
from tournament.series.forms import AddTournamentForm, RemoveTournamentForm, SeriesForm
from tournament.texts import series as words
from tournament.web import live
from tournament.web.access import acting_user, leitung_required
from tournament.web.helpers import refuse
from tournament.web.projector import pager_seconds
from tournament.web.public_pages import shared_for_a_moment

bp = Blueprint("series", __name__, url_prefix="/jahreswertungen")
bp.add_app_template_filter(service.amount, "series_amount")
# The series a tournament counts in, for the tournament's pages.
bp.record_once(lambda state: state.app.jinja_env.globals.update(series_of=service.series_of))


def _series_or_404(series_id: int) -> Series:
    found = service.get(series_id)
    if found is None:
        abort(404)
    return found


def state_of(series_id: int) -> str:
    return service.state_token(_series_or_404(series_id))


@bp.get("/")
def index() -> str:
    return render_template("series/index.html", all_series=service.all_series(), words=words)


@bp.get("/<int:series_id>")
@live.polled(state_of)
@shared_for_a_moment
def show(series_id: int) -> str:
    found = _series_or_404(series_id)
    return render_template(
        "series/show.html",
        series=found,
        table=service.overall(found),
        rules=service.rules_name(found),
        words=words,
        live_token=service.state_token(found),
        poll_seconds=live.POLL_SECONDS,
    )


@bp.get("/<int:series_id>/leinwand")
@live.polled(state_of)
@shared_for_a_moment
def projector(series_id: int) -> str:
    """The series standings for a projector in the hall (kiosk, full screen, no controls),
    paged as the tournament's projector (``standings/projector.html``)."""
    found = _series_or_404(series_id)
    table = service.overall(found)
    return render_template(
        "series/projector.html",
        series=found,
        table=table,
        provisional=service.is_provisional(table),
        running=service.running,
        rules=service.rules_name(found),
        words=words,
        live_token=service.state_token(found),
        poll_seconds=live.POLL_SECONDS,
        pager_seconds=pager_seconds(request.args.get("sekunden")),
    )


@bp.get("/<int:series_id>/stand.csv")
def standings_csv(series_id: int) -> Response:
    found = _series_or_404(series_id)
    response = Response(service.to_csv(service.overall(found)), mimetype="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="jahreswertung-{found.id}-{found.season}.csv"'
    )
    return response


def _placement(form: SeriesForm) -> list[int] | None:
    try:
        return service.parse_placement_points(form.placement_points.data or "")
    except ServiceError as error:
        refuse(error, form)
        return None


@bp.route("/neu", methods=["GET", "POST"])
@leitung_required
def create() -> ResponseReturnValue:
    form = SeriesForm(version="0")
    if form.validate_on_submit():
        points = _placement(form)
        if points is not None:
            try:
                found = service.create(acting_user(), form.settings(points))
            except ServiceError as error:
                refuse(error, form)
            else:
                db.session.commit()
                flash(words.CREATED.format(name=found.name), "success")
                return redirect(url_for("series.edit", series_id=found.id))
    return render_template("series/form.html", form=form, series=None, words=words)


def _add_form(found: Series) -> AddTournamentForm:
    form = AddTournamentForm(version=str(found.version))
    taken = {entry.tournament_id for entry in found.entries}
    form.tournament.choices = [
        SelectChoice(t.id, f"{t.name} ({t.date.strftime('%d.%m.%Y')})")
        for t in tournaments.list_tournaments()
        if t.id not in taken
    ]
    return form


@bp.route("/<int:series_id>/bearbeiten", methods=["GET", "POST"])
@leitung_required
def edit(series_id: int) -> ResponseReturnValue:
    found = _series_or_404(series_id)
    form = SeriesForm(obj=None if _posted() else found, version=str(found.version))
    if not _posted():
        form.placement_points.data = ", ".join(str(p) for p in found.placement_points)
        form.counting.data = found.counting.value
        form.measure.data = found.measure.value
        for number, key in enumerate(found.tie_breaks[:3], start=1):
            form[f"tie_break_{number}"].data = key
    if form.validate_on_submit():
        points = _placement(form)
        if points is not None:
            try:
                service.update(acting_user(), found, form.version_number(), form.settings(points))
            except ServiceError as error:
                refuse(error, form)
            else:
                db.session.commit()
                flash(words.SAVED, "success")
                return redirect(url_for("series.edit", series_id=found.id))
    return _edit_page(found, form)


def _posted() -> bool:
    return request.method == "POST"


def _edit_page(found: Series, form: SeriesForm) -> str:
    return render_template(
        "series/form.html",
        form=form,
        series=found,
        add_form=_add_form(found),
        remove_form=RemoveTournamentForm(version=str(found.version)),
        entries=service.tournaments_of(found),
        rules=service.rules_name(found),
        words=words,
    )


def _tournament(tournament_id: int | None) -> Tournament | None:
    return None if tournament_id is None else tournaments.get(tournament_id)


@bp.post("/<int:series_id>/turniere")
@leitung_required
def add(series_id: int) -> ResponseReturnValue:
    found = _series_or_404(series_id)
    form = _add_form(found)
    form.tournament.choices = [SelectChoice(t.id, t.name) for t in tournaments.list_tournaments()]
    if form.validate_on_submit():
        chosen = _tournament(form.tournament.data)
        if chosen is None:
            flash(words.NO_SUCH_TOURNAMENT, "error")
        else:
            try:
                service.add(acting_user(), found, form.version_number(), chosen)
            except ServiceError as error:
                refuse(error)
            else:
                db.session.commit()
                flash(words.ADDED.format(tournament=chosen.name), "success")
    else:
        flash(words.NO_SUCH_TOURNAMENT, "error")
    return redirect(url_for("series.edit", series_id=series_id))


@bp.post("/<int:series_id>/turniere/<int:tournament_id>/entfernen")
@leitung_required
def remove(series_id: int, tournament_id: int) -> ResponseReturnValue:
    found = _series_or_404(series_id)
    form = RemoveTournamentForm()
    chosen = _tournament(tournament_id)
    if chosen is None:
        abort(404)
    if form.validate_on_submit():
        try:
            service.remove(acting_user(), found, form.version_number(), chosen)
        except ServiceError as error:
            refuse(error)
        else:
            db.session.commit()
            flash(words.REMOVED.format(tournament=chosen.name), "success")
    return redirect(url_for("series.edit", series_id=series_id))
