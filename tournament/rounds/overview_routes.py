"""The round overview: every table's list at a glance, for the Turnierleitung and the
Schiedsrichter; the Turnierleitung calls time and manages the tables' access codes and locks.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from tournament.domain import day_plans, table_play
from tournament.domain.errors import ServiceError
from tournament.extensions import db
from tournament.models import Role, Round, RoundTable, User, utcnow
from tournament.rounds.overview import round_overview, state_token
from tournament.texts import Notice, notice
from tournament.web import live
from tournament.web.access import acting_user, is_leitung, leitung_required, roles_required
from tournament.web.addresses import phone_url, unreachable_warning
from tournament.web.forms import ActionForm
from tournament.web.helpers import refuse
from tournament.web.lookups import round_or_404, table_or_404, tournament_or_404

bp = Blueprint("overview", __name__, url_prefix="/turniere/<int:tournament_id>/runden/<int:number>")

# (user, table, version) -> the sentence for the flash, raising ServiceError.
TableAction = Callable[[User, RoundTable, int], str]


@bp.get("/uebersicht")
@roles_required(Role.TURNIERLEITUNG, Role.SCHIEDSRICHTER)
@live.polled(state_token)
def show(tournament_id: int, number: int) -> ResponseReturnValue:
    """Every table of the round; follows saves, draws and the clock by itself."""
    tournament = tournament_or_404(tournament_id)
    round_ = round_or_404(tournament, number)
    leitung = is_leitung()
    # The token first: the page then shows at least what it names.
    now = utcnow()
    token = state_token(tournament_id, number, now)
    overview = round_overview(round_, now)
    return render_template(
        "rounds/overview.html",
        tournament=tournament,
        round=round_,
        overview=overview,
        live_token=token,
        poll_seconds=live.POLL_SECONDS,
        leitung=leitung,
        action_form=ActionForm(version=tournament.version) if leitung else None,
        phone_url=phone_url,
        address_warning=unreachable_warning() if leitung else None,
    )


@bp.post("/zeit-abgelaufen")
@leitung_required
def time_up(tournament_id: int, number: int) -> ResponseReturnValue:
    """Call time for the whole round (TSR 8.5.3)."""
    tournament = tournament_or_404(tournament_id)
    round_ = round_or_404(tournament, number)
    form = ActionForm()
    if form.validate_on_submit():
        try:
            day_plans.check_time_up(tournament)
            table_play.declare_time_up(acting_user(), round_, form.version_number())
        except ServiceError as error:
            refuse(error)
        else:
            db.session.commit()
            flash(notice(Notice.TIME_UP_CALLED, round=number), "success")
    else:
        _flash_form_errors(form.errors)
    return redirect(_overview_url(round_))


@bp.post("/tische/<int:table_number>/code-neu")
@leitung_required
def renew_code(tournament_id: int, number: int, table_number: int) -> ResponseReturnValue:
    def renew(user: User, table: RoundTable, version: int) -> str:
        code = table_play.renew_code(user, table, version)
        return notice(Notice.CODE_RENEWED, table=table.number, code=code)

    return _table_action(tournament_id, number, table_number, renew)


@bp.post("/tische/<int:table_number>/code-entziehen")
@leitung_required
def revoke_code(tournament_id: int, number: int, table_number: int) -> ResponseReturnValue:
    def revoke(user: User, table: RoundTable, version: int) -> str:
        table_play.revoke_code(user, table, version)
        return notice(Notice.CODE_REVOKED, table=table.number)

    return _table_action(tournament_id, number, table_number, revoke)


@bp.post("/tische/<int:table_number>/sperren")
@leitung_required
def lock(tournament_id: int, number: int, table_number: int) -> ResponseReturnValue:
    def lock_list(user: User, table: RoundTable, version: int) -> str:
        table_play.set_locked(user, table, version, True)
        return notice(Notice.LIST_LOCKED, table=table.number)

    return _table_action(tournament_id, number, table_number, lock_list)


@bp.post("/tische/<int:table_number>/entsperren")
@leitung_required
def unlock(tournament_id: int, number: int, table_number: int) -> ResponseReturnValue:
    def unlock_list(user: User, table: RoundTable, version: int) -> str:
        table_play.set_locked(user, table, version, False)
        return notice(Notice.LIST_UNLOCKED, table=table.number)

    return _table_action(tournament_id, number, table_number, unlock_list)


def _table_action(
    tournament_id: int, number: int, table_number: int, action: TableAction
) -> ResponseReturnValue:
    tournament = tournament_or_404(tournament_id)
    round_ = round_or_404(tournament, number)
    table = table_or_404(round_, table_number)
    form = ActionForm()
    if form.validate_on_submit():
        try:
            done = action(acting_user(), table, form.version_number())
        except ServiceError as error:
            refuse(error)
        else:
            db.session.commit()
            flash(done, "success")
    else:
        _flash_form_errors(form.errors)
    return redirect(_overview_url(round_))


def _flash_form_errors(errors: dict[str, list[str]]) -> None:
    flash(notice(Notice.NOT_DONE, errors=[e for field in errors.values() for e in field]), "error")


def _overview_url(round_: Round) -> str:
    return url_for("overview.show", tournament_id=round_.tournament_id, number=round_.number)
