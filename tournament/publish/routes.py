"""Results outside the hall: the standings as CSV and PDF (public, like the standings pages;
a season series' standings as PDF too, its CSV is ``series.standings_csv``),
the static site as a ZIP for the Turnierleitung, and ``flask export-site`` writing it into a
folder (on the laptop ``doko-turnier --export-site``, ``tournament.laptop``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click
from flask import Blueprint, Response, abort, current_app, request

from tournament.domain import series, settlement, standings
from tournament.extensions import cache
from tournament.publish import site, standings_files
from tournament.texts import publish as words
from tournament.texts import results as results_words
from tournament.texts import series as series_words
from tournament.web.access import leitung_required
from tournament.web.lookups import round_or_404, tournament_or_404

bp = Blueprint("publish", __name__, cli_group=None)

#: How long a laid-out PDF is kept for the same state of the standings (seconds).
PDF_SECONDS = 300


def _download(content: bytes, name: str, mimetype: str) -> Response:
    response = Response(content, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _csv(sheet: standings_files.Sheet, name: str) -> Response:
    return _download(standings_files.to_csv(sheet), f"{name}.csv", "text/csv; charset=utf-8")


def _pdf(state: str, sheet: Callable[[], standings_files.Sheet], name: str) -> Response:
    """The PDF of ``sheet``, laid out once per ``state`` of the standings (their state
    token): a PDF of 400 players takes a second, and every phone in the hall may ask for it."""
    key = f"publish:{request.path}:{state}"
    content = cache.get(key)
    if not isinstance(content, bytes):
        content = standings_files.to_pdf(sheet())
        cache.set(key, content, timeout=PDF_SECONDS)
    return _download(content, f"{name}.pdf", "application/pdf")


@bp.get("/turniere/<int:tournament_id>/stand.csv")
def overall_csv(tournament_id: int) -> Response:
    return _csv(standings_files.overall_sheet(tournament_or_404(tournament_id)), words.OVERALL_FILE)


@bp.get("/turniere/<int:tournament_id>/stand.pdf")
def overall_pdf(tournament_id: int) -> Response:
    tournament = tournament_or_404(tournament_id)
    return _pdf(
        standings.state_token(tournament),
        lambda: standings_files.overall_sheet(tournament),
        words.OVERALL_FILE,
    )


@bp.get("/turniere/<int:tournament_id>/runden/<int:number>/stand.csv")
def round_csv(tournament_id: int, number: int) -> Response:
    found = round_or_404(tournament_or_404(tournament_id), number)
    return _csv(standings_files.round_sheet(found), words.ROUND_FILE.format(number=number))


@bp.get("/turniere/<int:tournament_id>/runden/<int:number>/stand.pdf")
def round_pdf(tournament_id: int, number: int) -> Response:
    found = round_or_404(tournament_or_404(tournament_id), number)
    return _pdf(
        standings.state_token(found.tournament),
        lambda: standings_files.round_sheet(found),
        words.ROUND_FILE.format(number=number),
    )


@bp.get("/jahreswertungen/<int:series_id>/stand.pdf")
def series_pdf(series_id: int) -> Response:
    """A season series' standings as PDF, as its page (``tournament/series``) shows them."""
    found = series.get(series_id)
    if found is None:
        abort(404)
    return _pdf(
        series.state_token(found),
        lambda: standings_files.series_sheet(found, series.overall(found)),
        series_words.PDF_FILE.format(id=found.id, season=found.season),
    )


@bp.get("/turniere/<int:tournament_id>/runden/<int:number>/abrechnung.pdf")
@leitung_required
def settlement_pdf(tournament_id: int, number: int) -> Response:
    """The round's settlement (who pays whom) to print; ``?punktwert=`` as on its page (a
    Punktwert that is no amount counts in points, as the page says)."""
    found = round_or_404(tournament_or_404(tournament_id), number)
    try:
        value = settlement.parse_point_value(request.args.get("punktwert"))
    except settlement.BadPointValue:
        value = None
    sheet = standings_files.settlement_sheet(settlement.settle_round(found, value), found)
    return _download(
        standings_files.to_pdf(sheet),
        f"{results_words.SETTLEMENT_FILE.format(number=number)}.pdf",
        "application/pdf",
    )


@bp.get("/turniere/<int:tournament_id>/ergebnisse.zip")
@leitung_required
def site_zip(tournament_id: int) -> Response:
    """The static site of the tournament's public pages (``site``), to unpack and upload."""
    tournament = tournament_or_404(tournament_id)
    content = site.zip_bytes(current_app._get_current_object(), tournament.id)  # type: ignore[attr-defined]
    return _download(content, f"ergebnisse-{tournament.date.isoformat()}.zip", "application/zip")


@bp.cli.command("export-site")
@click.argument("tournament_id", type=int)
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
def export_site(tournament_id: int, folder: Path) -> None:
    """Write a tournament's public pages as a static site (HTML, CSS, CSV, PDF) into FOLDER."""
    try:
        count = site.write_folder(current_app._get_current_object(), tournament_id, folder)  # type: ignore[attr-defined]
    except LookupError:
        raise click.ClickException(words.NO_TOURNAMENT.format(id=tournament_id)) from None
    click.echo(words.EXPORTED.format(count=count, folder=folder))
