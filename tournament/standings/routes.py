"""Standings: overall and per round, public (players read them on their phones and on paper)."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from tournament.domain import settlement, standings
from tournament.standings.projector import projector as projector_view
from tournament.texts import results as results_words
from tournament.texts.numbers import one_decimal
from tournament.web import live
from tournament.web.access import leitung_required
from tournament.web.lookups import round_or_404, tournament_or_404
from tournament.web.projector import pager_seconds
from tournament.web.public_pages import shared_for_a_moment

bp = Blueprint("standings", __name__)
bp.add_app_template_filter(one_decimal, "one_decimal")
bp.add_app_template_filter(results_words.amount, "amount")
bp.add_app_template_filter(results_words.signed, "signed_amount")
bp.add_app_template_filter(results_words.average, "average_amount")

# The German words of the results under a rule set, for every template (macros too).
bp.record_once(lambda state: state.app.jinja_env.globals.update(results_words=results_words))


def state_of(tournament_id: int, **_: int) -> str:
    """The state the standings of a tournament show, and the pages that follow them (live
    pages, ``tournament.web.live``)."""
    return standings.state_token(tournament_or_404(tournament_id))


@bp.get("/turniere/<int:tournament_id>/stand")
@live.polled(state_of)
@shared_for_a_moment
def overall(tournament_id: int) -> str:
    tournament = tournament_or_404(tournament_id)
    return render_template(
        "standings/overall.html",
        tournament=tournament,
        table=standings.overall(tournament),
        live_token=standings.state_token(tournament),
        poll_seconds=live.POLL_SECONDS,
    )


@bp.get("/turniere/<int:tournament_id>/runden/<int:number>/stand")
@live.polled(state_of)
@shared_for_a_moment
def one_round(tournament_id: int, number: int) -> str:
    tournament = tournament_or_404(tournament_id)
    found = round_or_404(tournament, number)
    numbers = [r.number for r in tournament.rounds]
    return render_template(
        "standings/round.html",
        tournament=tournament,
        round=found,
        rounds=numbers,
        table=standings.for_round(found),
        live_token=standings.state_token(tournament),
        poll_seconds=live.POLL_SECONDS,
    )


@bp.get("/turniere/<int:tournament_id>/leinwand")
@live.polled(state_of)
@shared_for_a_moment
def projector(tournament_id: int) -> str:
    """The standings for a projector in the hall (kiosk, full screen, no controls)."""
    tournament = tournament_or_404(tournament_id)
    return render_template(
        "standings/projector.html",
        tournament=tournament,
        view=projector_view(tournament),
        live_token=standings.state_token(tournament),
        poll_seconds=live.POLL_SECONDS,
        pager_seconds=pager_seconds(request.args.get("sekunden")),
    )


@bp.get("/turniere/<int:tournament_id>/runden/<int:number>/abrechnung")
@leitung_required
def settle(tournament_id: int, number: int) -> str:
    """The evening's settlement of one round, table by table: who pays whom (under
    plus-minus, at the Punktwert ``?punktwert=`` in Cent if given), what each won from the
    Punktetopf, or what each paid into the Kasse and took out (``domain/settlement.py``)."""
    tournament = tournament_or_404(tournament_id)
    found = round_or_404(tournament, number)
    typed = request.args.get("punktwert")
    if typed is None:
        # A club evening's own Punktwert, unless the page is given another.
        value_of = tournament.point_value
        typed = "" if value_of is None else results_words.point_value(value_of)
    problem = None
    try:
        value = settlement.parse_point_value(typed)
    except settlement.BadPointValue:
        value = None
        problem = results_words.POINT_VALUE_BAD.format(text=typed)
    return render_template(
        "standings/settlement.html",
        tournament=tournament,
        round=found,
        result=settlement.settle_round(found, value),
        typed=typed,
        problem=problem,
    )
