"""Score lists read from Excel (Turnierleitung): one table's list, or a whole tournament's.

Upload, preview (every row accepted or refused, nothing stored), confirm: the confirmation
sends the previewed file back, which is read and checked again and stored all or nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from flask import Blueprint, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from tournament.domain.errors import ServiceError
from tournament.domain.excel import rule_set_cells
from tournament.domain.excel.reading import MAX_UPLOAD_BYTES
from tournament.excel import imports
from tournament.excel.forms import ConfirmForm, UploadForm
from tournament.excel.imports import FileImport
from tournament.extensions import db
from tournament.models import RoundTable, Tournament
from tournament.texts import Notice, notice
from tournament.texts import rule_set_excel as set_words
from tournament.web.access import acting_user, leitung_required
from tournament.web.helpers import posts_read_first, refuse
from tournament.web.lookups import round_or_404, table_or_404, tournament_or_404

bp = Blueprint("imports", __name__)


# An import reads and checks the whole file first and takes the write lock only to store.
bp.before_request(posts_read_first)

TABLE_RULE = "/turniere/<int:tournament_id>/runden/<int:number>/tische/<int:table_number>/einlesen"
TOURNAMENT_RULE = "/turniere/<int:tournament_id>/einlesen"


def _table_file(
    tournament_id: int, number: int, table_number: int
) -> tuple[Tournament, Read, RoundTable]:
    """The table's tournament, how a file with the table's list is read, and the table."""
    table = table_or_404(round_or_404(tournament_or_404(tournament_id), number), table_number)
    return (
        table.round.tournament,
        lambda data, name: imports.read_table_file(table, data, name),
        table,
    )


@bp.route(TABLE_RULE, methods=["GET", "POST"])
@leitung_required
def table_upload(tournament_id: int, number: int, table_number: int) -> ResponseReturnValue:
    return _upload(*_table_file(tournament_id, number, table_number))


@bp.post(TABLE_RULE + "/bestaetigen")
@leitung_required
def table_confirm(tournament_id: int, number: int, table_number: int) -> ResponseReturnValue:
    return _confirm(*_table_file(tournament_id, number, table_number))


@bp.route(TOURNAMENT_RULE, methods=["GET", "POST"])
@leitung_required
def tournament_upload(tournament_id: int) -> ResponseReturnValue:
    tournament = tournament_or_404(tournament_id)
    return _upload(
        tournament, lambda data, name: imports.read_tournament_file(tournament, data, name)
    )


@bp.post(TOURNAMENT_RULE + "/bestaetigen")
@leitung_required
def tournament_confirm(tournament_id: int) -> ResponseReturnValue:
    tournament = tournament_or_404(tournament_id)
    return _confirm(
        tournament, lambda data, name: imports.read_tournament_file(tournament, data, name)
    )


Read = Callable[[bytes, str], FileImport]


def _upload(
    tournament: Tournament, read: Read, table: RoundTable | None = None
) -> ResponseReturnValue:
    """The upload form; a sent file is read and shown as a preview, nothing is stored."""
    form = UploadForm()
    if not form.validate_on_submit():
        status = 400 if form.is_submitted() else 200
        return _upload_page(tournament, table, form), status
    upload = form.file.data
    data = upload.stream.read(MAX_UPLOAD_BYTES + 1)
    name = upload.filename or "datei.xlsx"
    try:
        found = read(data, name)
    except ServiceError as error:
        form.file.errors = [str(error)]
        return _upload_page(tournament, table, form), 400
    return _preview(tournament, table, found, data, name)


def _confirm(
    tournament: Tournament, read: Read, table: RoundTable | None = None
) -> ResponseReturnValue:
    form = ConfirmForm()
    data = form.file_bytes() if form.validate_on_submit() else None
    name = form.filename.data or "datei.xlsx"
    if data is None:
        flash(notice(Notice.CONFIRMATION_INCOMPLETE), "error")
        return redirect(_upload_url(tournament, table))
    try:
        found = read(data, name)
        stored = imports.store(acting_user(), found, form.version_map())
    except ServiceError as error:
        refuse(error)
        try:
            found = read(data, name)
        except ServiceError:
            return redirect(_upload_url(tournament, table))
        return _preview(tournament, table, found, data, name, status=409)
    db.session.commit()
    flash(notice(Notice.LISTS_IMPORTED, stored=stored), "success")
    if table is not None:
        return redirect(
            url_for(
                "scorelists.page",
                tournament_id=tournament.id,
                number=table.round.number,
                table_number=table.number,
            )
        )
    return redirect(url_for("tournaments.show", tournament_id=tournament.id))


def _upload_url(tournament: Tournament, table: RoundTable | None) -> str:
    if table is None:
        return url_for("imports.tournament_upload", tournament_id=tournament.id)
    return url_for(
        "imports.table_upload",
        tournament_id=tournament.id,
        number=table.round.number,
        table_number=table.number,
    )


def _upload_page(tournament: Tournament, table: RoundTable | None, form: UploadForm) -> str:
    layout = rule_set_cells.layout_of(tournament, table.size if table is not None else 4)
    note = None
    if layout is not None:
        note = set_words.UPLOAD_NOTE.format(
            name=layout.name, columns=", ".join(layout.extra) or "keine", unit=layout.unit
        )
    return render_template(
        "imports/upload.html",
        tournament=tournament,
        table=table,
        form=form,
        action=_upload_url(tournament, table),
        rule_set_note=note,
    )


def _preview(
    tournament: Tournament,
    table: RoundTable | None,
    found: FileImport,
    data: bytes,
    name: str,
    status: int = 200,
) -> tuple[str, int]:
    versions = {lst.table.id: lst.table.version for lst in found.lists}
    confirm = ConfirmForm(
        content=ConfirmForm.encode(data), filename=name, versions=json.dumps(versions)
    )
    return render_template(
        "imports/preview.html",
        tournament=tournament,
        table=table,
        found=found,
        form=confirm,
        filename=name,
        upload_url=_upload_url(tournament, table),
        confirm_url=_upload_url(tournament, table) + "/bestaetigen",
    ), status
