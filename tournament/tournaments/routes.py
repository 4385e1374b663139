"""Tournaments: the overview page (public) and the tournament data (Turnierleitung)."""

from __future__ import annotations

import io

from flask import Blueprint, flash, redirect, render_template, request, send_file, url_for
from flask.typing import ResponseReturnValue

from tournament.domain import day_plans, registrations, rule_sets, tournaments
from tournament.domain import round_plans as plans
from tournament.domain.errors import ServiceError
from tournament.domain.excel import exports
from tournament.extensions import db
from tournament.models import Tournament
from tournament.texts import Notice, notice
from tournament.tournaments.forms import TournamentForm
from tournament.web import live
from tournament.web.access import acting_user, is_leitung, leitung_required
from tournament.web.forms import DrawForm
from tournament.web.helpers import refuse
from tournament.web.lookups import tournament_or_404
from tournament.web.public_pages import shared_for_a_moment

bp = Blueprint("tournaments", __name__, url_prefix="/turniere")
bp.add_app_template_global(rule_sets.name_of, "rule_set_name")
bp.add_app_template_global(day_plans.list_day, "list_day")
bp.add_app_template_global(day_plans.card_line, "table_card_line")


@bp.get("/<int:tournament_id>/turnier.xlsx")
@leitung_required
def workbook(tournament_id: int) -> ResponseReturnValue:
    """Standings, players and every round's lists in one workbook."""
    tournament = tournament_or_404(tournament_id)
    return send_file(
        io.BytesIO(exports.tournament_workbook(tournament)),
        mimetype=exports.XLSX,
        as_attachment=True,
        download_name=exports.tournament_filename(tournament),
    )


@bp.get("/<int:tournament_id>")
@live.polled(plans.state_token)
@shared_for_a_moment
def show(tournament_id: int) -> str:
    """The tournament with its rounds' states, which follow every draw, start and close."""
    token = plans.state_token(tournament_id)
    tournament = tournament_or_404(tournament_id)
    draw_form = None
    if is_leitung():
        draw_form = DrawForm(version=tournament.version)
    active = sum(1 for r in tournament.registrations if r.withdrawn_after_round is None)
    next_round = len(tournament.rounds) + 1
    draw_problem = None
    if draw_form is not None and next_round <= tournament.rounds_planned:
        drawn = registrations.count_of_round(tournament, next_round)
        draw_problem = day_plans.table_count_problem(tournament, drawn)
    return render_template(
        "tournaments/show.html",
        tournament=tournament,
        live_token=token,
        poll_seconds=live.POLL_SECONDS,
        draw_form=draw_form,
        active_players=active,
        next_round=registrations.next_round_number(tournament),
        day_lines=day_plans.summary(tournament),
        draw_problem=draw_problem,
    )


@bp.route("/neu", methods=["GET", "POST"])
@leitung_required
def create() -> ResponseReturnValue:
    form = TournamentForm()
    if form.validate_on_submit():
        preset, variants = form.chosen_rules()
        try:
            tournament = tournaments.create(
                acting_user(),
                name=form.name.data,
                date=form.date.data,
                venue=form.venue.data or "",
                organiser=form.organiser.data or "",
                rounds_planned=form.rounds_planned.data,
                rules_preset=preset,
                rules_variants=variants,
                day=form.day_plan(),
            )
        except ServiceError as error:
            refuse(error, form)
        else:
            db.session.commit()
            flash(notice(Notice.TOURNAMENT_CREATED, name=tournament.name), "success")
            return redirect(url_for("players.index", tournament_id=tournament.id))
    return _form_page(form, None)


def _form_page(form: TournamentForm, tournament: Tournament | None) -> str:
    """The tournament form with the rule sets to choose from, or the fixed one shown."""
    fixed = tournament is not None and rule_sets.has_games(tournament)
    return render_template(
        "tournaments/form.html",
        form=form,
        tournament=tournament,
        rules_fixed=fixed,
        presets=[(key, name, rule_sets.variants_of(key)) for key, name in rule_sets.presets()],
        day_lines=None if tournament is None else day_plans.summary(tournament),
    )


@bp.get("/<int:tournament_id>/regelwerk")
@shared_for_a_moment
def rule_set(tournament_id: int) -> str:
    """The tournament's rule set in German, parameter by parameter, each with its source."""
    tournament = tournament_or_404(tournament_id)
    return render_template(
        "tournaments/rule_set.html", tournament=tournament, page=rule_sets.page(tournament)
    )


@bp.route("/<int:tournament_id>/bearbeiten", methods=["GET", "POST"])
@leitung_required
def edit(tournament_id: int) -> ResponseReturnValue:
    tournament = tournament_or_404(tournament_id)
    if request.method == "GET":
        form = TournamentForm(obj=tournament)
        form.show_rules(tournament.rules_preset, tournament.rules_variants)
    else:
        form = TournamentForm()
    if form.validate_on_submit():
        # A page showing the rule set read-only sends none: the tournament keeps its own.
        preset, variants = form.chosen_rules() if "rules_preset" in request.form else (None, [])
        # Likewise the day's settings, fixed with the rule set.
        day = form.day_plan() if "round_games" in request.form else None
        try:
            tournaments.update_details(
                acting_user(),
                tournament,
                form.version_number(),
                name=form.name.data,
                date=form.date.data,
                venue=form.venue.data or "",
                organiser=form.organiser.data or "",
                rounds_planned=form.rounds_planned.data,
                rules_preset=preset,
                rules_variants=variants,
                day=day,
            )
        except ServiceError as error:
            refuse(error, form)
            tournament = tournament_or_404(tournament_id)
        else:
            db.session.commit()
            flash(notice(Notice.TOURNAMENT_SAVED), "success")
            return redirect(url_for("tournaments.show", tournament_id=tournament.id))
    form.version.data = str(tournament.version)
    return _form_page(form, tournament)
