"""The DDV ranking report's page and files, for the Turnierleitung alone (they hold the
players' DDV numbers). The files can be downloaded whatever the checks find: a tournament
that does not qualify gets files marked so, in their name and their head, with every error
named (``docs/ddv-report.md``)."""

from __future__ import annotations

from decimal import Decimal

from flask import Blueprint, Response, render_template

from tournament.ddv_report import service
from tournament.domain import ddv_report
from tournament.domain.excel.exports import XLSX
from tournament.texts import ddv_report as words
from tournament.web.access import leitung_required
from tournament.web.lookups import tournament_or_404

bp = Blueprint("ddv_report", __name__, url_prefix="/turniere")


def _decimal(value: Decimal | None) -> str:
    """A Rundenschnitt as in the files: two decimals, decimal comma; empty without one."""
    return "" if value is None else ddv_report.decimal_comma(value)


bp.add_app_template_filter(_decimal, "ddv_decimal")


def _private(response: Response) -> Response:
    """Neither the page nor a file is kept by a browser or a proxy: they hold DDV numbers."""
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<int:tournament_id>/ddv-rangliste")
@leitung_required
def show(tournament_id: int) -> Response:
    tournament = tournament_or_404(tournament_id)
    found = service.report_of(tournament)
    page = render_template(
        "ddv_report/show.html",
        tournament=tournament,
        report=found,
        head=ddv_report.head_lines(found),
        by_level=ddv_report.findings_by_level(found),
        words=words,
    )
    return _private(Response(page))


def _download(content: bytes, name: str, mimetype: str) -> Response:
    response = Response(content, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return _private(response)


@bp.get("/<int:tournament_id>/ddv-rangliste.csv")
@leitung_required
def report_csv(tournament_id: int) -> Response:
    found = service.report_of(tournament_or_404(tournament_id))
    return _download(
        ddv_report.to_csv(found), ddv_report.filename(found, "csv"), "text/csv; charset=utf-8"
    )


@bp.get("/<int:tournament_id>/ddv-rangliste.xlsx")
@leitung_required
def report_xlsx(tournament_id: int) -> Response:
    found = service.report_of(tournament_or_404(tournament_id))
    return _download(ddv_report.to_xlsx(found), ddv_report.filename(found, "xlsx"), XLSX)
