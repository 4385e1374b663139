"""A player's public page: overall rank and total, per round the table and the games, and
his place in each season series the tournament counts in."""

from __future__ import annotations

from flask import Blueprint, abort, g, render_template

from tournament.domain import player_pages as players
from tournament.domain import series, standings
from tournament.models import Tournament
from tournament.texts import series as series_words
from tournament.web import live
from tournament.web.lookups import tournament_or_404
from tournament.web.public_pages import shared_for_a_moment

bp = Blueprint("player_pages", __name__)


def state_of(tournament_id: int, **_: int) -> str:
    """The page changes with the standings and with the series the tournament counts in:
    their state tokens."""
    return _state(tournament_or_404(tournament_id))


def _state(tournament: Tournament) -> str:
    tokens = [standings.state_token(tournament)]
    tokens += [series.state_token(found) for found in series.series_of(tournament)]
    return "/".join(tokens)


@bp.get("/turniere/<int:tournament_id>/startnummer/<int:start_number>")
@live.polled(state_of)
@shared_for_a_moment
def show(tournament_id: int, start_number: int) -> str:
    tournament = tournament_or_404(tournament_id)
    found = players.registration(tournament, start_number)
    if found is None:
        abort(404)
    return render_template(
        "player_pages/show.html",
        tournament=tournament,
        # Exported with every other player's page: what they share is worked out once.
        page=players.player_page(tournament, found, g.export.shared if g.get("export") else None),
        live_token=_state(tournament),
        series_words=series_words,
        poll_seconds=live.POLL_SECONDS,
    )
