"""Player registration (Turnierleitung): the list, pasting names or a file, changes, withdrawal."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from tournament.domain import registrations
from tournament.domain.errors import ServiceError
from tournament.domain.excel.reading import MAX_UPLOAD_BYTES
from tournament.extensions import db
from tournament.models import Registration, Tournament
from tournament.registrations import player_files
from tournament.registrations.forms import PasteForm, PlayerFileForm, RegistrationForm
from tournament.texts import Notice, notice
from tournament.web.access import acting_user, leitung_required
from tournament.web.forms import ActionForm
from tournament.web.helpers import refuse
from tournament.web.lookups import registration_or_404, tournament_or_404

bp = Blueprint("players", __name__, url_prefix="/turniere/<int:tournament_id>/spieler")


@bp.app_template_global()
def player_label(registration: Registration) -> str:
    """The registration's display label (:mod:`tournament.domain.names`) in templates."""
    return registrations.label_of(registration)


@bp.get("/")
@leitung_required
def index(tournament_id: int) -> ResponseReturnValue:
    return _index_page(tournament_or_404(tournament_id))


def _index_page(
    tournament: Tournament,
    paste_form: PasteForm | None = None,
    file_form: PlayerFileForm | None = None,
) -> str:
    return render_template(
        "players/index.html",
        tournament=tournament,
        registered=registrations.with_players(tournament),
        paste_form=paste_form or PasteForm(version=tournament.version),
        file_form=file_form or PlayerFileForm(formdata=None),
        action_form=ActionForm(version=tournament.version),
        next_round=registrations.next_round_number(tournament),
    )


@bp.post("/einfuegen")
@leitung_required
def paste(tournament_id: int) -> ResponseReturnValue:
    """First the preview of every line; registered only when the preview is confirmed."""
    tournament = tournament_or_404(tournament_id)
    form = PasteForm()
    if not form.validate_on_submit():
        return _index_page(tournament, paste_form=form), 400
    if "bestaetigen" in request.form:
        try:
            added = registrations.register_pasted(
                acting_user(),
                tournament,
                form.version_number(),
                form.text.data,
                {key: value for key, value in request.form.items() if key.startswith("zeile-")},
            )
        except ServiceError as error:
            refuse(error)
            tournament = tournament_or_404(tournament_id)
        else:
            db.session.commit()
            flash(notice(Notice.PLAYERS_REGISTERED, count=len(added)), "success")
            return redirect(url_for("players.index", tournament_id=tournament.id))
    try:
        lines = registrations.parse_paste(tournament, form.text.data)
    except ServiceError as error:
        form.text.errors = [str(error)]
        lines = []
    # The preview shows the tournament as it is now, so its confirmation carries that version.
    form.version.data = str(tournament.version)
    return render_template(
        "players/preview.html",
        tournament=tournament,
        form=form,
        lines=lines,
        new=registrations.NEW,
    )


@bp.post("/datei")
@leitung_required
def upload(tournament_id: int) -> ResponseReturnValue:
    """A player list as a file (.xlsx, .csv): the preview of a paste of its rows.

    Nothing is stored: the preview's confirmation goes to ``paste`` like a pasted list.
    A file that cannot be used shows the players page again with the reason at the field.
    """
    tournament = tournament_or_404(tournament_id)
    form = PlayerFileForm()
    if form.validate_on_submit():
        upload = form.file.data
        try:
            # One byte more than allowed is enough to refuse an oversized file.
            data = upload.stream.read(MAX_UPLOAD_BYTES + 1)
            players = player_files.read_player_file(data, upload.filename or "")
            lines = registrations.parse_paste(tournament, players.text)
        except ServiceError as error:
            form.file.errors = [str(error)]
        else:
            paste_form = PasteForm(
                formdata=None, data={"text": players.text, "version": str(tournament.version)}
            )
            return render_template(
                "players/preview.html",
                tournament=tournament,
                form=paste_form,
                lines=lines,
                new=registrations.NEW,
                source=players,
            )
    return _index_page(tournament, file_form=form), 400


@bp.route("/<int:registration_id>", methods=["GET", "POST"])
@leitung_required
def edit(tournament_id: int, registration_id: int) -> ResponseReturnValue:
    tournament = tournament_or_404(tournament_id)
    registration = registration_or_404(tournament, registration_id)
    form = (
        RegistrationForm(
            data={
                "name": registration.player.name,
                "club": registration.player.club,
                "ddv_number": registration.player.ddv_number or "",
                "start_number": registration.start_number,
                "fixed_table": registration.fixed_table,
                "version": tournament.version,
            }
        )
        if request.method == "GET"
        else RegistrationForm()
    )
    if form.validate_on_submit():
        try:
            registrations.update_registration(
                acting_user(),
                registration,
                form.version_number(),
                name=form.name.data,
                club=form.club.data or "",
                ddv_number=form.ddv_number.data or None,
                start_number=form.start_number.data,
                fixed_table=form.fixed_table.data,
            )
        except ServiceError as error:
            refuse(error, form)
            tournament = tournament_or_404(tournament_id)
            registration = registration_or_404(tournament, registration_id)
        else:
            db.session.commit()
            label = registrations.label_of(registration)
            flash(notice(Notice.REGISTRATION_SAVED, name=label), "success")
            return redirect(url_for("players.index", tournament_id=tournament.id))
    form.version.data = str(tournament.version)
    return render_template(
        "players/edit.html", tournament=tournament, registration=registration, form=form
    )


@bp.post("/<int:registration_id>/zurueckziehen")
@leitung_required
def withdraw(tournament_id: int, registration_id: int) -> ResponseReturnValue:
    return _change(tournament_id, registration_id, registrations.withdraw)


@bp.post("/<int:registration_id>/wieder-aufnehmen")
@leitung_required
def reinstate(tournament_id: int, registration_id: int) -> ResponseReturnValue:
    return _change(tournament_id, registration_id, registrations.reinstate)


def _change(
    tournament_id: int, registration_id: int, action: registrations.RegistrationAction
) -> ResponseReturnValue:
    tournament = tournament_or_404(tournament_id)
    registration = registration_or_404(tournament, registration_id)
    form = ActionForm()
    if form.validate_on_submit():
        try:
            message = action(acting_user(), registration, form.version_number())
        except ServiceError as error:
            refuse(error)
        else:
            db.session.commit()
            flash(message, "success")
    else:
        flash(notice(Notice.FORM_INCOMPLETE), "error")
    return redirect(url_for("players.index", tournament_id=tournament_id))
