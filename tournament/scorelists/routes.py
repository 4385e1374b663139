"""A table's score list: the page at the table, entering, correcting and deleting games,
penalties, Nachspielzeit and time up.

Every page exists twice: for the Turnierleitung and the Schiedsrichter under the round
(``/turniere/1/runden/2/tische/3/``), and for the list-keeper under the table's access code
(``/tisch/<code>/``), which opens this one list and nothing else.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    send_file,
    url_for,
)
from flask.typing import ResponseReturnValue

from tournament import throttle
from tournament.excel import exports
from tournament.extensions import db
from tournament.models import Role, RoundStatus, RoundTable
from tournament.rounds import tables
from tournament.scorelists import entries, list_page, refusals
from tournament.scorelists import service as scorelists
from tournament.scorelists.forms import (
    CodeForm,
    DeleteForm,
    ExtensionForm,
    GameForm,
    PenaltyForm,
    QuickForm,
    TimeUpForm,
)
from tournament.scorelists.quick import PLAYING, shape_of
from tournament.scorelists.refusals import ScoreListRefused
from tournament.scorelists.service import Actor
from tournament.scorelists.store import Report
from tournament.texts import Notice, Refusal, notice, refusal_text
from tournament.web.access import acting_user, roles_required
from tournament.web.errors import ServiceError
from tournament.web.helpers import posts_read_first
from tournament.web.lookups import round_or_404, table_or_404, tournament_or_404

bp = Blueprint("scorelists", __name__)


# Every change of a list is checked by the engine first and takes the write lock only to store.
bp.before_request(posts_read_first)


STAFF_RULE = "/turniere/<int:tournament_id>/runden/<int:number>/tische/<int:table_number>/"
CODE_RULE = "/tisch/<code>/"


@dataclass(frozen=True)
class ListAccess:
    """The table a request is about and who is writing: staff, or the code's list-keeper."""

    table: RoundTable
    actor: Actor
    code: str | None = None

    def url(self, endpoint: str, **values: Any) -> str:
        if self.code is not None:
            return url_for(f"scorelists.{endpoint}_by_code", code=self.code, **values)
        table = self.table
        return url_for(
            f"scorelists.{endpoint}",
            tournament_id=table.round.tournament_id,
            number=table.round.number,
            table_number=table.number,
            **values,
        )


ListView = Callable[..., ResponseReturnValue]


def list_route(rule: str, methods: tuple[str, ...] = ("GET",)) -> Callable[[ListView], ListView]:
    """Register ``view(access, **values)`` for staff and for the list-keeper's code."""

    def decorate(view: ListView) -> ListView:
        name = view.__name__

        @roles_required(Role.TURNIERLEITUNG, Role.SCHIEDSRICHTER)
        def staff(
            tournament_id: int, number: int, table_number: int, **values: Any
        ) -> ResponseReturnValue:
            tournament = tournament_or_404(tournament_id)
            round_ = round_or_404(tournament, number)
            table = table_or_404(round_, table_number)
            return view(ListAccess(table, Actor(acting_user())), **values)

        @throttle.per_address("THROTTLE_TABLE_CODE")
        def by_code(code: str, **values: Any) -> ResponseReturnValue:
            table = tables.table_by_code(code)
            if table is None:
                throttle.failed()
                return render_template("scorelists/bad_code.html"), 404
            return view(ListAccess(table, Actor(None, by_code=True), table.access_code), **values)

        bp.add_url_rule(STAFF_RULE + rule, name, staff, methods=list(methods))
        bp.add_url_rule(CODE_RULE + rule, f"{name}_by_code", by_code, methods=list(methods))
        return functools.wraps(view)(view)

    return decorate


@bp.route("/tisch", methods=["GET", "POST"])
@throttle.per_address("THROTTLE_TABLE_CODE")
def enter_code() -> ResponseReturnValue:
    """Type the code from the table card when the QR code cannot be scanned."""
    form = CodeForm()
    if form.validate_on_submit():
        table = tables.table_by_code(form.code.data or "")
        if table is not None and table.access_code is not None:
            return redirect(url_for("scorelists.page_by_code", code=table.access_code))
        throttle.failed()
        form.code.errors = [refusal_text(Refusal.NO_SUCH_CODE)]
    return render_template("scorelists/enter_code.html", form=form)


# ---------------------------------------------------------------------- the page


@list_route("")
def page(access: ListAccess) -> ResponseReturnValue:
    return _render(access)


def _render(access: ListAccess, status: int = 200, **forms: Any) -> ResponseReturnValue:
    sheet = list_page.sheet(access.table)
    version = access.table.version
    choices = _choices(access.table)
    writable = _writable(access)
    game_form = forms.pop("game_form", None) or GameForm(version=version, formdata=None)
    quick_form = forms.pop("quick_form", None) or QuickForm(version=version, formdata=None)
    staff = access.actor.is_schiedsrichter
    context = {
        **_shown(access, sheet),
        "writable": writable and not sheet.complete,
        "can_correct_all": writable and access.actor.is_staff,
        "game_form": game_form.for_table(choices),
        "quick_form": quick_form.for_table(choices),
        "delete_form": DeleteForm(version=version, formdata=None),
        "penalty_form": (
            forms.pop("penalty_form", None) or PenaltyForm(version=version, formdata=None)
        ).for_table(choices)
        if staff and writable
        else None,
        "extension_form": (
            forms.pop("extension_form", None) or ExtensionForm(version=version, formdata=None)
        )
        if staff and writable
        else None,
        "time_up_form": TimeUpForm(version=version, formdata=None)
        if writable and tables.may_mark_time_up(access.actor, access.table, sheet.report)
        else None,
        **forms,
    }
    return render_template("scorelists/page.html", **context), status


def _choices(table: RoundTable) -> list[tuple[str, str]]:
    """The table's players for the forms, by engine key (start number), in seat order."""
    return list(scorelists.names_of(table).items())


def _writable(access: ListAccess) -> bool:
    table = access.table
    if table.round.status is not RoundStatus.RUNNING:
        return False
    return not (access.actor.by_code and table.locked)


@list_route("liste.xlsx")
def export(access: ListAccess) -> ResponseReturnValue:
    """The list as an Excel workbook, laid out like the paper list."""
    return _workbook(exports.list_workbook(access.table), exports.list_filename(access.table))


def _workbook(body: bytes, filename: str) -> ResponseReturnValue:
    return send_file(
        io.BytesIO(body), mimetype=exports.XLSX, as_attachment=True, download_name=filename
    )


# ---------------------------------------------------------------------- games


@list_route("spiel", methods=("POST",))
def game(access: ListAccess) -> ResponseReturnValue:
    """A game in detail: checked and explained first, stored when the list-keeper confirms."""
    form = GameForm().for_table(_choices(access.table))
    if not form.validate():
        return _render(access, 422, game_form=form)
    record = _game_record(form)
    if form.confirmed.data != "1":
        return _preview(access, form, record)
    return _save(
        access,
        form,
        lambda: scorelists.add_entry(access.actor, access.table, form.version_number(), record),
        "game_form",
    )


@list_route("schnell", methods=("POST",))
def quick(access: ListAccess) -> ResponseReturnValue:
    """A game as on paper: the engine runs the checks of TSR 7.3 on the points."""
    choices = _choices(access.table)
    sits_out = scorelists.check(access.table)["sits_out"]
    players = [choice for choice in choices if choice[0] != sits_out]
    form = QuickForm().for_table(players, [key for key, _ in choices])
    if not form.validate():
        return _render(access, 422, quick_form=form, quick_open=True)
    record = _quick_record(form)
    return _save(
        access,
        form,
        lambda: scorelists.add_entry(access.actor, access.table, form.version_number(), record),
        "quick_form",
        quick_open=True,
    )


def _quick_record(form: QuickForm) -> dict[str, Any]:
    """The record of a validated quick form: points for every player of the table."""
    row = form.row()
    return entries.quick_game(
        kind=form.kind.data or "normal", points=row.points, winners=row.winners, player=row.player
    )


def _game_record(form: GameForm) -> dict[str, Any]:
    return entries.game(
        kind=form.kind.data or "normal",
        re=form.re_players(),
        re_eyes=form.re_eyes(),
        schwarz=form.schwarz.data or None,
        solo=form.solo.data or None,
        player=form.soloist(),
        re_call=form.re_call.data or None,
        kontra_call=form.kontra_call.data or None,
        specials=form.specials(),
    )


def _preview(
    access: ListAccess, form: GameForm, record: dict[str, Any], number: int | None = None
) -> ResponseReturnValue:
    """The engine's value and explanation of the game, before it is stored."""
    table = access.table
    current = scorelists.entries_of(table)
    if number is None:
        trial_entries = [*current, scorelists.with_dealer(table, record)]
        at = len(trial_entries)
    else:
        old = current[number - 1]
        trial_entries = [
            *current[: number - 1],
            {**record, "dealer": old.get("dealer")},
            *current[number:],
        ]
        at = number
    report, problems = scorelists.trial_problems(table, trial_entries)
    if problems:
        form.confirmed.data = ""
        return _render_form(access, form, number, 422, problems=problems)
    row = next(r for r in report["rows"] if r["entry"] == at)
    preview = list_page.preview_row(access.table, trial_entries[at - 1], row)
    form.confirmed.data = "1"
    return _render_form(access, form, number, 200, preview=preview)


def _render_form(
    access: ListAccess, form: GameForm, number: int | None, status: int, **extra: Any
) -> ResponseReturnValue:
    if number is None:
        return _render(access, status, game_form=form, **extra)
    return _render_correction(access, number, form, status, **extra)


def _save(
    access: ListAccess, form: Any, store: Callable[[], Report], form_name: str, **extra: Any
) -> ResponseReturnValue:
    """Store, commit and go back to the list; a refusal shows the form again with why."""

    def refused(error: ScoreListRefused) -> ResponseReturnValue:
        return _render(access, 422, **{form_name: form}, problems=error.messages, **extra)

    def at_field(error: ServiceError) -> ResponseReturnValue | None:
        if error.field is None or error.field not in form:
            return None
        form[error.field].errors = [*form[error.field].errors, str(error)]
        return _render(access, 422, **{form_name: form}, **extra)

    return _write(access, store, notice(Notice.SAVED), refused, at_field)


def _write(
    access: ListAccess,
    store: Callable[[], Report],
    done: str,
    refused: Callable[[ScoreListRefused], ResponseReturnValue],
    at_field: Callable[[ServiceError], ResponseReturnValue | None] | None = None,
) -> ResponseReturnValue:
    """Run one change of the list: commit and say ``done``, or roll back and say why (the
    engine's refusal through ``refused``, a field's problem through ``at_field``, anything
    else, e.g. a stale page, as a message over the list)."""
    try:
        store()
    except ScoreListRefused as error:
        db.session.rollback()
        return refused(error)
    except ServiceError as error:
        db.session.rollback()
        shown = at_field(error) if at_field is not None else None
        if shown is not None:
            return shown
        saved = isinstance(error, refusals.StaleList) and error.already_saved is not None
        flash(str(error), "info" if saved else "error")
        return redirect(access.url("page"))
    db.session.commit()
    flash(done, "success")
    return redirect(access.url("page") + "#inhalt")


# ---------------------------------------------------------------------- corrections


@list_route("eintrag/<int:entry>", methods=("GET", "POST"))
def correct(access: ListAccess, entry: int) -> ResponseReturnValue:
    """Correct a game: staff any game, the list-keeper the last one; later games re-checked."""
    stored = scorelists.entries_of(access.table)
    if not 1 <= entry <= len(stored) or stored[entry - 1].get("kind") != "game":
        abort(404)
    record = stored[entry - 1]
    choices = _choices(access.table)
    if record.get("quick") is True:
        return _correct_quick(access, entry, record, choices)
    if request.method == "GET":
        return _render_correction(
            access, entry, _form_from_record(record, access.table.version).for_table(choices)
        )
    form = GameForm().for_table(choices)
    if not form.validate():
        return _render_correction(access, entry, form, 422)
    new = _game_record(form)
    if form.confirmed.data != "1":
        return _preview(access, form, new, entry)
    return _save_correction(
        access,
        entry,
        form,
        lambda: scorelists.replace_entry(
            access.actor, access.table, form.version_number(), entry, new
        ),
    )


def _correct_quick(
    access: ListAccess, entry: int, record: dict[str, Any], choices: list[tuple[str, str]]
) -> ResponseReturnValue:
    """A game entered as points is corrected as points (no preview: nothing to explain).

    The form shows the stored row as taps and points; a row without such a shape (it sums to
    0, but is no game's row) is shown as it was written, above an empty form, to enter anew.
    """
    keys = [key for key, _ in choices]
    dealer = record.get("dealer")
    playing = [c for c in choices if c[0] != dealer] if len(choices) > PLAYING else choices
    if request.method == "GET":
        points = record.get("points")
        points = points if isinstance(points, dict) else {}
        shape = shape_of(points, [key for key, _ in playing])
        player = record.get("player")
        form = QuickForm(
            formdata=None,
            version=access.table.version,
            kind=entries.kind_of(record),
            player=player if isinstance(player, str) else None,
            winners=shape.plus if shape else [],
            value=shape.value if shape else None,
        ).for_table(playing, keys)
        written = None if shape else [(name, points.get(key, 0)) for key, name in choices]
        return _render_correction(access, entry, form, written_row=written)
    form = QuickForm().for_table(playing, keys)
    if not form.validate():
        return _render_correction(access, entry, form, 422)
    new = _quick_record(form)
    return _save_correction(
        access,
        entry,
        form,
        lambda: scorelists.replace_entry(
            access.actor, access.table, form.version_number(), entry, new
        ),
    )


def _save_correction(
    access: ListAccess, entry: int, form: GameForm | QuickForm, store: Callable[[], Report]
) -> ResponseReturnValue:
    def refused(error: ScoreListRefused) -> ResponseReturnValue:
        if isinstance(form, GameForm):
            form.confirmed.data = ""
        return _render_correction(access, entry, form, 422, problems=error.messages)

    done = notice(Notice.ENTRY_CORRECTED, entry=entry)
    return _write(access, store, done, refused)


def _render_correction(
    access: ListAccess,
    entry: int,
    form: GameForm | QuickForm,
    status: int = 200,
    **extra: Any,
) -> ResponseReturnValue:
    sheet = list_page.sheet(access.table)
    row = next((r for r in sheet.rows if r.entry == entry), None)
    context = {
        **_shown(access, sheet),
        "entry": entry,
        "row": row,
        "game_form": form if isinstance(form, GameForm) else None,
        "quick_form": form if isinstance(form, QuickForm) else None,
        "delete_form": DeleteForm(version=access.table.version, formdata=None),
        **extra,
    }
    return render_template("scorelists/correct.html", **context), status


def _form_from_record(record: dict[str, Any], version: int) -> GameForm:
    calls = record.get("calls") or {}
    sp = record.get("specials") or {}
    kind = entries.kind_of(record)
    re = list(record.get("re") or [])
    player = record.get("player") or (re[0] if len(re) == 1 else None)
    eyes = int(record.get("re_eyes", 0))
    tricks = record.get("re_tricks")
    form = GameForm(
        formdata=None,
        version=version,
        kind=kind,
        solo=record.get("solo") or "",
        player=player,
        re=re,
        eyes_party="re",
        eyes=eyes,
        schwarz="re" if tricks == 0 else "kontra" if tricks == 12 else "",
        re_call=calls.get("re") or "",
        kontra_call=calls.get("kontra") or "",
        **{
            f"{party}_{name}": int((sp.get(party) or {}).get(name, 0))
            for party in ("re", "kontra")
            for name in entries.SPECIALS
        },
    )
    return form


@list_route("eintrag/<int:entry>/loeschen", methods=("POST",))
def delete(access: ListAccess, entry: int) -> ResponseReturnValue:
    form = DeleteForm()
    if not form.validate():
        flash(notice(Notice.DELETE_PAGE_INCOMPLETE), "error")
        return redirect(access.url("page"))

    def refused(error: ScoreListRefused) -> ResponseReturnValue:
        flash(notice(Notice.DELETE_REFUSED, problems=error.messages), "error")
        return redirect(access.url("page"))

    def store() -> Report:
        return scorelists.delete_entry(access.actor, access.table, form.version_number(), entry)

    return _write(access, store, notice(Notice.ENTRY_DELETED, entry=entry), refused)


# ---------------------------------------------------------------------- penalties, time


@list_route("strafe", methods=("POST",))
def penalty(access: ListAccess) -> ResponseReturnValue:
    """Strafpunkte by the Schiedsrichter: the distribution is shown, then confirmed."""
    if not access.actor.is_schiedsrichter:
        abort(403)
    choices = _choices(access.table)
    form = PenaltyForm().for_table(choices)
    if not form.validate():
        return _render(access, 422, penalty_form=form, penalty_open=True)
    record = entries.penalty(
        category=form.category.data or "geringfuegig",
        offender=form.offender.data or "",
        phase=form.phase.data or "normal",
        soloist=form.soloist.data or None,
        absagen=int(form.absagen.data or 0),
        harms_soloist=bool(form.harms_soloist.data),
        deduction=int(form.deduction.data or 0),
        solo_pflicht=form.solo_kind(),
        note=form.note.data or "",
    )
    if form.confirmed.data != "1":
        signed = {**record, "signed_by": acting_user().username}
        entries_now = [*scorelists.entries_of(access.table), signed]
        report, problems = scorelists.trial_problems(access.table, entries_now)
        if problems:
            return _render(
                access, 422, penalty_form=form, penalty_open=True, penalty_problems=problems
            )
        row = report["rows"][-1]
        form.confirmed.data = "1"
        preview = list_page.preview_row(access.table, signed, row)
        return _render(access, 200, penalty_form=form, penalty_open=True, penalty_preview=preview)
    return _save(
        access,
        form,
        lambda: tables.add_penalty(access.actor, access.table, form.version_number(), record),
        "penalty_form",
        penalty_open=True,
    )


@list_route("nachspielzeit", methods=("POST",))
def extension(access: ListAccess) -> ResponseReturnValue:
    if not access.actor.is_schiedsrichter:
        abort(403)
    form = ExtensionForm()
    if not form.validate():
        return _render(access, 422, extension_form=form, extension_open=True)
    return _save(
        access,
        form,
        lambda: tables.grant_extension(
            access.actor,
            access.table,
            form.version_number(),
            int(form.minutes.data or 0),
            form.reason.data or "",
        ),
        "extension_form",
        extension_open=True,
    )


@list_route("zeit-abgelaufen", methods=("POST",))
def time_up(access: ListAccess) -> ResponseReturnValue:
    form = TimeUpForm()
    if not form.validate():
        flash(notice(Notice.BEING_DEALT_MISSING), "error")
        return redirect(access.url("page"))
    return _save(
        access,
        form,
        lambda: tables.mark_time_up(
            access.actor, access.table, form.version_number(), form.being_dealt.data == "ja"
        ),
        "time_up_form",
    )


@list_route("vorlage.xlsx")
def template(access: ListAccess) -> ResponseReturnValue:
    """The table's blank list as an Excel workbook, to fill in (or print) like the paper list."""
    return _workbook(
        exports.template_workbook(access.table), exports.template_filename(access.table)
    )


def _shown(access: ListAccess, sheet: list_page.Sheet) -> dict[str, Any]:
    """What every list page shows: the list, its table, round and tournament."""
    table = access.table
    return {
        "access": access,
        "sheet": sheet,
        "table": table,
        "round": table.round,
        "tournament": table.round.tournament,
    }
