"""Rounds: draw (Turnierleitung), table plan, "where do I sit" and table cards (public)."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass

from flask import Blueprint, flash, redirect, render_template, request, send_file, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from tournament.domain import day_plans, round_plans
from tournament.domain.errors import ServiceError
from tournament.extensions import db
from tournament.models import DrawMethod, Role, Round, RoundStatus, Tournament
from tournament.rounds import seat_search
from tournament.rounds import service as rounds
from tournament.rounds.forms import RedrawForm
from tournament.texts import Notice, counted, notice
from tournament.texts import rule_set_day as day_words
from tournament.texts import strohmann as strohmann_words
from tournament.web import live, qr
from tournament.web.access import acting_user, is_leitung, leitung_required, roles_required
from tournament.web.addresses import phone_url, unreachable_warning
from tournament.web.forms import ActionForm, DrawForm
from tournament.web.helpers import refuse
from tournament.web.lookups import round_or_404, tournament_or_404
from tournament.web.public_pages import shared_for_a_moment

bp = Blueprint("rounds", __name__, url_prefix="/turniere/<int:tournament_id>/runden")
bp.add_app_template_filter(live.digest, "digest")


@bp.app_context_processor
def _strohmann_words() -> dict[str, object]:
    """The Strohmann's texts (004 L91) for the plan, the cards, the overview and the list."""
    return {"strohmann_words": strohmann_words}


@bp.post("/")
@leitung_required
def draw(tournament_id: int) -> ResponseReturnValue:
    tournament = tournament_or_404(tournament_id)
    form = DrawForm()
    if not form.validate_on_submit():
        for errors in form.errors.values():
            for error in errors:
                flash(notice(Notice.NOT_DRAWN, error=error), "error")
        return redirect(url_for("tournaments.show", tournament_id=tournament_id))
    try:
        round_ = rounds.draw_next_round(
            acting_user(),
            tournament,
            form.version_number(),
            method=DrawMethod(form.method.data),
            seed=form.seed.data,
            separate_clubs=form.separate_clubs.data,
        )
    except ServiceError as error:
        refuse(error)
        return redirect(url_for("tournaments.show", tournament_id=tournament_id))
    db.session.commit()
    flash(
        notice(Notice.ROUND_DRAWN, round=round_.number, seed=round_.seed, repeats=round_.repeats),
        "success",
    )
    return redirect(_round_url(round_))


@bp.get("/<int:number>")
@live.polled(round_plans.state_token)
@shared_for_a_moment
def show(tournament_id: int, number: int) -> str:
    """The table plan by table; printable (A4). Staff also see how the round was drawn."""
    token = round_plans.state_token(tournament_id)
    tournament = tournament_or_404(tournament_id)
    round_ = round_or_404(tournament, number)
    leitung = is_leitung()
    return render_template(
        "rounds/show.html",
        live_token=token,
        poll_seconds=live.POLL_SECONDS,
        tournament=tournament,
        round=round_,
        plan=round_plans.table_plan(round_),
        action_form=ActionForm(version=tournament.version) if leitung else None,
        redraw_form=RedrawForm(version=tournament.version) if leitung else None,
        problems=rounds.seating_problems(round_) if leitung else [],
        repeats_text=counted(round_.repeats, "wiederholte Begegnungen"),
        plan_seed=rounds.plan_seed_of(round_),
        start_label=_start_label(tournament),
    )


def _start_label(tournament: Tournament) -> str:
    """The start button: with the clock only where the tables play to a time limit."""
    if day_plans.minutes_at(tournament, 4) is None:
        return day_words.START_BUTTON_NO_CLOCK
    return day_words.START_BUTTON


@bp.get("/<int:number>/sitzplaetze")
@live.polled(round_plans.state_token)
@shared_for_a_moment
def seats(tournament_id: int, number: int) -> str:
    """Everybody alphabetically with table and position: "where do I sit", with a search
    (``?q=``) and in big print (``?gross=1``: one player a line, for the wall)."""
    token = round_plans.state_token(tournament_id)
    tournament = tournament_or_404(tournament_id)
    round_ = round_or_404(tournament, number)
    query = seat_search.query_of(request.args)
    big = request.args.get("gross") == "1"
    rows = seat_search.search(round_plans.seat_list(round_), query)
    return render_template(
        "rounds/seats_big.html" if big else "rounds/seats.html",
        tournament=tournament,
        round=round_,
        rows=rows,
        query=query,
        shown=sum(1 for row in rows if row.shown),
        page_url=url_for(
            "rounds.seats",
            tournament_id=tournament.id,
            number=round_.number,
            q=query or None,
            gross=1 if big else None,
        ),
        live_token=token,
        poll_seconds=live.POLL_SECONDS,
    )


@bp.get("/<int:number>/tischkarten")
@live.polled(round_plans.state_token)
@shared_for_a_moment
def cards(tournament_id: int, number: int) -> str:
    """One card per table to print and put on the table; the Turnierleitung's cards also
    carry the table's access code with a QR code of its list's link, at the address the
    phones open (a warning if that address names this computer only)."""
    token = round_plans.state_token(tournament_id)
    tournament = tournament_or_404(tournament_id)
    round_ = round_or_404(tournament, number)
    leitung = is_leitung()
    return render_template(
        "rounds/cards.html",
        live_token=token,
        poll_seconds=live.POLL_SECONDS,
        tournament=tournament,
        round=round_,
        plan=round_plans.table_plan(round_),
        access=_card_access(round_) if leitung else None,
        enter_code_url=phone_url("scorelists.enter_code"),
        address_warning=unreachable_warning() if leitung else None,
    )


@dataclass(frozen=True)
class CardAccess:
    """What a table card tells the list-keeper: the code, the list's link, its QR code."""

    code: str
    url: str
    qr: Markup


def _card_access(round_: Round) -> dict[int, CardAccess]:
    """Table number to its access; none once the round is over (the codes no longer work)."""
    if round_.status is RoundStatus.FINISHED:
        return {}
    access = {}
    for table in round_.tables:
        if table.access_code is None:
            continue
        url = phone_url("scorelists.page_by_code", code=table.access_code)
        access[table.number] = CardAccess(
            table.access_code, url, qr.svg(url, title=f"QR-Code: Liste von Tisch {table.number}")
        )
    return access


@bp.get("/<int:number>/auslosung.json")
@roles_required(Role.TURNIERLEITUNG, Role.SCHIEDSRICHTER)
def draw_request(tournament_id: int, number: int) -> ResponseReturnValue:
    """The stored draw request: ``python -m tournament.draw`` repeats the draw from it. Staff
    only (it names the players' clubs, fixed tables, who met whom and the seeds); they find it
    under "Nachprüfen" on the table plan."""
    tournament = tournament_or_404(tournament_id)
    round_ = round_or_404(tournament, number)
    body = json.dumps(json.loads(round_.draw_request), ensure_ascii=False, indent=1)
    return send_file(
        io.BytesIO((body + "\n").encode()),
        mimetype="application/json",
        as_attachment=True,
        download_name=f"auslosung-runde-{round_.number}.json",
    )


@bp.post("/<int:number>/neu-auslosen")
@leitung_required
def redraw(tournament_id: int, number: int) -> ResponseReturnValue:
    tournament = tournament_or_404(tournament_id)
    round_ = round_or_404(tournament, number)
    form = RedrawForm()
    if form.validate_on_submit():
        try:
            rounds.redraw(acting_user(), round_, form.version_number(), seed=form.seed.data)
        except ServiceError as error:
            refuse(error)
        else:
            db.session.commit()
            flash(
                notice(
                    Notice.ROUND_REDRAWN, round=number, seed=round_.seed, repeats=round_.repeats
                ),
                "success",
            )
    else:
        _flash_form_errors(form.errors)
    return redirect(url_for("rounds.show", tournament_id=tournament_id, number=number))


@bp.post("/<int:number>/starten")
@leitung_required
def start(tournament_id: int, number: int) -> ResponseReturnValue:
    return _act(tournament_id, number, rounds.start, Notice.ROUND_STARTED)


@bp.post("/<int:number>/abschliessen")
@leitung_required
def finish(tournament_id: int, number: int) -> ResponseReturnValue:
    return _act(tournament_id, number, rounds.finish, Notice.ROUND_CLOSED)


def _act(
    tournament_id: int, number: int, action: rounds.RoundAction, done: Notice
) -> ResponseReturnValue:
    tournament = tournament_or_404(tournament_id)
    round_ = round_or_404(tournament, number)
    form = ActionForm()
    if form.validate_on_submit():
        try:
            action(acting_user(), round_, form.version_number())
        except ServiceError as error:
            refuse(error)
        else:
            db.session.commit()
            if done is Notice.ROUND_STARTED and day_plans.minutes_at(tournament, 4) is None:
                flash(day_words.ROUND_STARTED_NO_CLOCK.format(round=number), "success")
            else:
                flash(notice(done, round=number), "success")
            if action is rounds.finish and tournament.evening:
                # Closing a club evening shows what it comes to.
                return redirect(
                    url_for("standings.settle", tournament_id=tournament_id, number=number)
                )
    else:
        _flash_form_errors(form.errors)
    return redirect(url_for("rounds.show", tournament_id=tournament_id, number=number))


def _flash_form_errors(errors: dict[str, list[str]]) -> None:
    flash(notice(Notice.NOT_DONE, errors=[e for field in errors.values() for e in field]), "error")


def _round_url(round_: Round) -> str:
    return url_for("rounds.show", tournament_id=round_.tournament_id, number=round_.number)
