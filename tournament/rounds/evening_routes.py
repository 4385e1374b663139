"""A club evening's quick start (Turnierleitung): one form makes the evening, seats its table
in the typed order, starts the round and opens the table's list (``domain.club_evenings``)."""

from __future__ import annotations

import datetime as dt

from flask import Blueprint, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from tournament.domain import club_evenings, rule_sets, settlement
from tournament.domain.errors import ServiceError
from tournament.extensions import db
from tournament.rounds import service as rounds
from tournament.rounds.evening_forms import EveningForm
from tournament.texts import club_evening as words
from tournament.web.access import acting_user, leitung_required
from tournament.web.helpers import refuse

bp = Blueprint("evenings", __name__, url_prefix="/spieleabend")


@bp.route("/neu", methods=["GET", "POST"])
@leitung_required
def create() -> ResponseReturnValue:
    """The quick start: name, rule set, players; one POST and the table plays."""
    today = dt.date.today()
    form = EveningForm()
    if not form.is_submitted():
        form.name.data = words.default_name(today)
    if form.validate_on_submit():
        try:
            point_value = settlement.parse_point_value(form.point_value.data)
        except settlement.BadPointValue:
            form.point_value.errors = [words.POINT_VALUE_BAD.format(text=form.point_value.data)]
        else:
            preset, variants = form.chosen_rules()
            user = acting_user()
            try:
                round_ = club_evenings.start(
                    user,
                    name=form.name.data,
                    date=today,
                    rules_preset=preset,
                    rules_variants=variants,
                    day=form.day_plan(),
                    players=form.player_lines,
                    point_value=point_value,
                )
                rounds.start(user, round_, round_.tournament.version)
            except club_evenings.SeatsRefused as error:
                db.session.rollback()
                for number, problems in error.seats.items():
                    seat = form.seats[number - 1]
                    seat.errors = [*seat.errors, *problems]
            except ServiceError as error:
                if error.field == club_evenings.PLAYERS_FIELD:
                    db.session.rollback()
                    form.player_errors.append(str(error))
                else:
                    refuse(error, form)
            else:
                tournament = round_.tournament
                table = round_.tables[0]
                db.session.commit()
                flash(words.STARTED.format(name=tournament.name, count=table.size), "success")
                return redirect(
                    url_for(
                        "scorelists.page",
                        tournament_id=tournament.id,
                        number=round_.number,
                        table_number=table.number,
                    )
                )
    return render_template(
        "rounds/evening.html",
        form=form,
        presets=[(key, name, rule_sets.variants_of(key)) for key, name in rule_sets.presets()],
        known=club_evenings.known_players(),
        words=words,
    )
