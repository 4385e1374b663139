"""A table's score list: the page at the table, entering, correcting and deleting games;
penalties, Nachspielzeit and time up have their own screens (``referee.py``). What the pages
share (their two addresses, who is asking, saving a change) is ``pages.py``.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable
from typing import Any

from flask import abort, flash, redirect, render_template, request, send_file, url_for
from flask.typing import ResponseReturnValue

from rules_engine.rulesets import Settlement
from tournament import throttle
from tournament.domain import (
    list_entries,
    list_sheet,
    list_store,
    rule_set_entry,
    score_lists,
    table_play,
)
from tournament.domain.errors import ScoreListRefused, ServiceError, StaleList
from tournament.domain.excel import exports
from tournament.domain.score_lists import Correction, Deletion, NewEntry, Written
from tournament.extensions import db
from tournament.models import RoundStatus, RoundTable
from tournament.scorelists import referee
from tournament.scorelists.forms import (
    CodeForm,
    DeleteForm,
    GameForm,
    QuickForm,
)
from tournament.scorelists.pages import ListAccess, all_players, list_route, save, shown
from tournament.scorelists.pages import bp as bp
from tournament.scorelists.quick import PLAYING, paid_shape_of, shape_of
from tournament.texts import Notice, Refusal, notice, refusal_text
from tournament.web import live

# The Schiedsrichter's screens (penalty, Nachspielzeit, time up) are on ``bp`` as well; the
# list's header links to those this viewer may open now.
bp.add_app_template_global(referee.referee_links)


@bp.route("/tisch", methods=["GET", "POST"])
@throttle.per_address("THROTTLE_TABLE_CODE")
def enter_code() -> ResponseReturnValue:
    """Type the code from the table card when the QR code cannot be scanned."""
    form = CodeForm()
    if form.validate_on_submit():
        table = table_play.table_by_code(form.code.data or "")
        if table is not None and table.access_code is not None:
            return redirect(url_for("scorelists.page_by_code", code=table.access_code))
        throttle.failed()
        form.code.errors = [refusal_text(Refusal.NO_SUCH_CODE)]
    return render_template("scorelists/enter_code.html", form=form)


# ---------------------------------------------------------------------- the page


@list_route("")
def page(access: ListAccess) -> ResponseReturnValue:
    """The list; ``?schnell=1`` opens the quick entry. For htmx (the entry mode's links) the
    entry part alone, switched in place, with the poller that keeps the mode."""
    quick_open = _quick_asked(access)
    return _render(access, quick_open=quick_open, switched=live.is_fragment_request())


@list_route("stand")
def live_state(access: ListAccess) -> ResponseReturnValue:
    """What an open list page polls: ``204`` while it is current, else its changed parts
    (header, list, and a fresh entry form, which the page takes only while nothing is typed
    into its own)."""
    token = live_token(access.table)
    current = live.unchanged(token)
    if current is not None:
        return current
    sheet = list_sheet.sheet(access.table)
    quick_open = _quick_asked(access)
    return render_template(
        "scorelists/_live_response.html", **_context(access, sheet, quick_open=quick_open)
    )


def _quick_asked(access: ListAccess) -> bool:
    """Whether the page shows the quick entry: asked for, and not at a table of three, whose
    games are entered in detail (the Strohmann's share, 004 L91)."""
    return request.args.get("schnell") == "1" and access.table.size != 3


def live_token(table: RoundTable) -> str:
    """The state a list page shows: the list's version and what the round's state adds to
    its header (started, time called, closed) and the lock."""
    round_ = table.round
    return list_token(table.version, round_.status, round_.time_up_at, table.locked)


def list_token(
    version: int, status: RoundStatus, time_up_at: dt.datetime | None, locked: bool
) -> str:
    """``live_token`` of a table from its parts (``table_play.open_lists``)."""
    called = time_up_at.timestamp() if time_up_at is not None else 0
    return f"{version}.{status.value}.{int(called)}.{int(locked)}"


def _render(
    access: ListAccess,
    status: int = 200,
    sheet: list_sheet.Sheet | None = None,
    **extra: Any,
) -> ResponseReturnValue:
    """The list page, or for htmx its entry part (with header and list when ``refresh``);
    ``sheet``: the list's page model, if the caller has made it already."""
    context = _context(access, sheet or list_sheet.sheet(access.table), **extra)
    # A list shown again from the browser's history would offer a game already saved; the
    # entry part alone (an address of the page, asked by htmx) must never stand in for it.
    headers = {"Cache-Control": "no-store"}
    if live.is_fragment_request():
        return render_template("scorelists/_entry_response.html", **context), status, headers
    return render_template("scorelists/page.html", **context), status, headers


def _context(
    access: ListAccess,
    sheet: list_sheet.Sheet,
    *,
    game_form: GameForm | None = None,
    quick_form: QuickForm | None = None,
    **extra: Any,
) -> dict[str, Any]:
    table = access.table
    version = table.version
    players = _playing(table, sheet.report["sits_out"])
    writable = _writable(access)
    # A form sent back (refused, or overtaken by a lock) stays on the page with its input.
    kept = game_form is not None or quick_form is not None
    return {
        **shown(access, sheet),
        "writable": (writable or kept) and not sheet.complete,
        "can_correct_all": writable and access.actor.is_staff,
        "may_correct_last": writable,
        "game_form": (game_form or _fresh_game_form(sheet, version))
        .for_table(players)
        .for_rules(_offer(table), bool(sheet.report.get("hammelrennen_due"))),
        "quick_form": (quick_form or _fresh_quick_form(sheet, version))
        .for_table(players, list(list_store.names_of(table)))
        .for_rules(_offer(table)),
        "delete_form": DeleteForm(version=version, formdata=None),
        "live_token": live_token(table),
        "live_url": access.url("live_state", **({"schnell": 1} if extra.get("quick_open") else {})),
        "poll_seconds": live.POLL_SECONDS,
        **extra,
    }


def _offer(table: RoundTable) -> rule_set_entry.EntryRules | None:
    """What the entry form offers under the tournament's rule set (``None``: the DDV's), at a
    table of three with the Strohmann (004 L91)."""
    return rule_set_entry.at_table(rule_set_entry.entry_rules(table.round.tournament), table.size)


def _fresh_game_form(sheet: list_sheet.Sheet, version: int) -> GameForm:
    """An empty game form; when a Vorführung is due it is set for it (TSR 4.2.3), when the
    Hammelrennen is due (004 L83) for that."""
    due = sheet.vorfuehrung_key
    if due is not None:
        return GameForm(version=version, formdata=None, kind="vorfuehrung", player=due)
    if sheet.report.get("hammelrennen_due"):
        # 004 L83: the Kasse holds at most twice the Grundbetrag; the next game is this one.
        return GameForm(version=version, formdata=None, kind="hammelrennen")
    return GameForm(version=version, formdata=None)


def _fresh_quick_form(sheet: list_sheet.Sheet, version: int) -> QuickForm:
    """An empty quick entry; when a Vorführung is due it is set for it (TSR 4.2.3)."""
    due = sheet.vorfuehrung_key
    if due is not None:
        return QuickForm(version=version, formdata=None, kind="vorfuehrung", player=due)
    return QuickForm(version=version, formdata=None)


def _playing(table: RoundTable, sits_out: Any) -> list[tuple[str, str]]:
    """The players of a game, by engine key (start number) in seat order, for the forms: at a
    table of five the one who sits out is not offered (TSR 3.3.2)."""
    return [(key, name) for key, name in list_store.names_of(table).items() if key != sits_out]


def _next_game_players(table: RoundTable) -> list[tuple[str, str]]:
    return _playing(table, list_store.check(table)["sits_out"])


def _game_players(table: RoundTable, record: dict[str, Any]) -> list[tuple[str, str]]:
    """The players of a stored game: at a table of five its dealer sat out."""
    return _playing(table, record.get("dealer") if table.size == 5 else None)


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
    """A game in detail: stored if the engine accepts it. Without JavaScript "Prüfen" shows
    the engine's value first; with it the value is shown while typing (``preview``)."""
    form = GameForm().for_table(_next_game_players(access.table)).for_rules(_offer(access.table))
    if not form.validate():
        return _render(access, 422, game_form=form)
    record = _game_record(form)
    if form.confirmed.data != "1" and not live.is_fragment_request():
        return _checked(access, form, record)
    return _save(
        access,
        form,
        lambda: score_lists.write(
            access.actor, access.table, form.version_number(), NewEntry(record)
        ),
        "game_form",
        record,
    )


@list_route("vorschau", methods=("POST",))
def preview(access: ListAccess) -> ResponseReturnValue:
    """The engine's value of the game in the form, as typed so far (nothing is stored): for
    the bar above "Speichern", swapped in by htmx after every change."""
    number = request.args.get("eintrag", type=int)
    stored = list_store.entries_of(access.table)
    correcting = number is not None and 1 <= number <= len(stored)
    players = (
        _game_players(access.table, stored[number - 1])
        if correcting and number is not None
        else _next_game_players(access.table)
    )
    form = GameForm().for_table(players).for_rules(_offer(access.table))
    context = {
        "form": form,
        "names": list(list_store.names_of(access.table).values()),
        "parts": list_sheet.FORM_PARTS,
    }
    if not form.validate():
        return render_template("scorelists/_preview.html", missing=_missing(form), **context)
    trial = _trial(access, _game_record(form), number if correcting else None, stored)
    return render_template("scorelists/_preview.html", trial=trial, **context)


def _missing(form: GameForm | QuickForm) -> list[str]:
    """What the form still lacks, in German, one line per field."""
    return [error for errors in form.errors.values() for error in errors if isinstance(error, str)]


@list_route("schnell", methods=("POST",))
def quick(access: ListAccess) -> ResponseReturnValue:
    """A game as on paper: the engine runs the checks of TSR 7.3 on the points."""
    form = _posted_quick_form(access.table)
    if not form.validate():
        return _render(access, 422, quick_form=form, quick_open=True)
    record = _quick_record(form)
    return _save(
        access,
        form,
        lambda: score_lists.write(
            access.actor, access.table, form.version_number(), NewEntry(record)
        ),
        "quick_form",
        quick_open=True,
    )


@list_route("schnell/vorschau", methods=("POST",))
def quick_preview(access: ListAccess) -> ResponseReturnValue:
    """The engine's verdict on the quick entry's row as typed so far (nothing is stored), for
    the bar above "Punkte speichern", as ``preview`` gives it for the game in detail."""
    form = _posted_quick_form(access.table)
    context = {"names": list(list_store.names_of(access.table).values()), "parts": ()}
    if not form.validate():
        return render_template("scorelists/_preview.html", missing=_missing(form), **context)
    trial = _trial(access, _quick_record(form))
    return render_template("scorelists/_preview.html", trial=trial, **context)


def _posted_quick_form(table: RoundTable) -> QuickForm:
    """The quick entry as posted, offering the players of the list's next game."""
    offered = all_players(table)
    sits_out = list_store.check(table)["sits_out"]
    players = [choice for choice in offered if choice[0] != sits_out]
    return QuickForm().for_table(players, [key for key, _ in offered]).for_rules(_offer(table))


def _quick_record(form: QuickForm) -> dict[str, Any]:
    """The record of a validated quick form: points for every player of the table."""
    row = form.row()
    if form.offer is not None:
        return rule_set_entry.quick_game(
            form.offer,
            kind=form.kind.data or "normal",
            points=row.points,
            winners=row.winners,
            player=row.player,
            pot=form.settlement is not Settlement.PLUS_MINUS,
        )
    return list_entries.quick_game(
        kind=form.kind.data or "normal", points=row.points, winners=row.winners, player=row.player
    )


def _game_record(form: GameForm) -> dict[str, Any]:
    """The game the form holds, under the tournament's rule set where it has one."""
    taps: dict[str, Any] = {
        "kind": form.kind.data or "normal",
        "re": form.re_players(),
        "re_eyes": form.re_eyes(),
        "schwarz": form.schwarz.data or None,
        "solo": form.solo.data or None,
        "player": form.soloist(),
        "re_call": form.re_call.data or None,
        "kontra_call": form.kontra_call.data or None,
        "specials": form.specials(),
    }
    if form.offer is None:
        return list_entries.game(**taps)
    return rule_set_entry.game(
        form.offer,
        **taps,
        schweinchen=bool(form.schweinchen.data),
        eyes={key: int(field.data or 0) for key, field in form.hammel_fields()},
        strohmann_by=form.strohmann_player(),
    )


def _trial(
    access: ListAccess,
    record: dict[str, Any],
    number: int | None = None,
    current: list[dict[str, Any]] | None = None,
) -> list_sheet.Trial:
    """The engine's verdict on the list with ``record`` added (or as entry ``number``);
    ``current``: the stored entries, if the caller has read them already."""
    table = access.table
    if current is None:
        current = list_store.entries_of(table)
    if number is None:
        trial_entries = [*current, score_lists.with_dealer(table, record)]
        at = len(trial_entries)
    else:
        old = current[number - 1]
        trial_entries = [
            *current[: number - 1],
            {**record, "dealer": old.get("dealer")},
            *current[number:],
        ]
        at = number
    return list_sheet.trial(table, trial_entries, at)


def _checked(
    access: ListAccess, form: GameForm, record: dict[str, Any], number: int | None = None
) -> ResponseReturnValue:
    """Without JavaScript: the engine's value and explanation, with the form to save it."""
    trial = _trial(access, record, number)
    status = 422 if trial.problems else 200
    if number is None:
        return _render(access, status, game_form=form, trial=trial)
    return _render_correction(access, number, form, status, trial=trial)


def _save(
    access: ListAccess,
    form: Any,
    store: Callable[[], Written],
    form_name: str,
    record: dict[str, Any] | None = None,
    **extra: Any,
) -> ResponseReturnValue:
    """Store a new entry and commit; the page (or its entry part) then names what was saved.
    Whatever refuses it, the form comes back as typed, with why next to it; a list changed
    on another device meanwhile shows that change beside the kept input (``409``)."""
    kept = {form_name: form, **extra}
    try:
        written = store()
    except ScoreListRefused as error:
        db.session.rollback()
        return _render(access, 422, trial=list_sheet.refused_trial(error), **kept)
    except StaleList as error:
        db.session.rollback()
        if error.already_saved is None:
            form.version.data = str(access.table.version)
            if record is not None:
                kept.setdefault("trial", _trial(access, record))
            return _render(access, 409, conflict=error.changes, refresh=True, **kept)
        if not live.is_fragment_request():
            flash(str(error), "info")
            return redirect(access.url("page"))
        return _saved(access, str(error), **extra)
    except ServiceError as error:
        db.session.rollback()
        if error.field is not None and error.field in form:
            form[error.field].errors = [*form[error.field].errors, str(error)]
            return _render(access, 422, **kept)
        return _render(access, 422, problems=[str(error)], refresh=True, **kept)
    db.session.commit()
    return _saved(access, _saved_text(written.sheet), written.sheet, **extra)


def _saved(
    access: ListAccess,
    message: str,
    sheet: list_sheet.Sheet | None = None,
    *,
    quick_open: bool = False,
) -> ResponseReturnValue:
    """After a save: the page, or for htmx the fresh entry part with the new row of
    ``sheet`` (the list as stored now; without it, when it is unknown what changed, the whole
    list); the quick entry stays open for the next game if it was used."""
    if live.is_fragment_request():
        appended = sheet.rows[-1] if sheet is not None and sheet.rows else None
        return _render(
            access,
            200,
            sheet,
            saved=message,
            appended=appended,
            refresh=appended is None,
            quick_open=quick_open,
        )
    flash(message, "success")
    if quick_open:
        return redirect(access.url("page", schnell=1) + "#eingabe")
    return redirect(access.url("page") + "#inhalt")


def _saved_text(sheet: list_sheet.Sheet) -> str:
    """What the last entry was, for the list-keeper: a game by number, label and points."""
    row = sheet.rows[-1] if sheet.rows else None
    if row is None or row.kind != "game" or row.game is None:
        return notice(Notice.SAVED)
    points = ", ".join(
        f"{player.name} {value:+d}" for player, value in zip(sheet.players, row.points, strict=True)
    )
    return notice(Notice.GAME_SAVED, game=row.game, label=row.label, points=points)


# ---------------------------------------------------------------------- corrections


@list_route("eintrag/<int:entry>", methods=("GET", "POST"))
def correct(access: ListAccess, entry: int) -> ResponseReturnValue:
    """Correct a game: staff any game, the list-keeper the last one; later games re-checked."""
    stored = list_store.entries_of(access.table)
    if not 1 <= entry <= len(stored) or stored[entry - 1].get("kind") != "game":
        abort(404)
    record = stored[entry - 1]
    choices = _game_players(access.table, record)
    if record.get("quick") is True:
        return _correct_quick(access, entry, record, choices)
    if request.method == "GET":
        offer = _offer(access.table)
        form = _form_from_record(record, access.table.version, offer, choices)
        return _render_correction(access, entry, form)
    form = GameForm().for_table(choices).for_rules(_offer(access.table))
    if not form.validate():
        return _render_correction(access, entry, form, 422)
    new = _game_record(form)
    if form.confirmed.data != "1":
        return _checked(access, form, new, entry)
    return _save_correction(
        access,
        entry,
        form,
        lambda: score_lists.write(
            access.actor, access.table, form.version_number(), Correction(entry, new)
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
        offer = _offer(access.table)
        shape = shape_of(points, [key for key, _ in playing])
        if shape is None and offer is not None and record.get("pot") is not None:
            shape = paid_shape_of(points, [key for key, _ in playing])
        player = record.get("player")
        kind = (
            list_entries.kind_of(record) if offer is None else rule_set_entry.kind_of(record, offer)
        )
        form = (
            QuickForm(
                formdata=None,
                version=access.table.version,
                kind=kind,
                player=player if isinstance(player, str) else None,
                winners=shape.plus if shape else [],
                value=shape.value if shape else None,
            )
            .for_table(playing, keys)
            .for_rules(offer)
        )
        written = None if shape else [(name, points.get(key, 0)) for key, name in choices]
        return _render_correction(access, entry, form, written_row=written)
    form = QuickForm().for_table(playing, keys).for_rules(_offer(access.table))
    if not form.validate():
        return _render_correction(access, entry, form, 422)
    new = _quick_record(form)
    return _save_correction(
        access,
        entry,
        form,
        lambda: score_lists.write(
            access.actor, access.table, form.version_number(), Correction(entry, new)
        ),
    )


def _save_correction(
    access: ListAccess, entry: int, form: GameForm | QuickForm, store: Callable[[], Written]
) -> ResponseReturnValue:
    def refused(error: ScoreListRefused) -> ResponseReturnValue:
        if isinstance(form, GameForm):
            form.confirmed.data = ""
        if isinstance(form, GameForm):
            return _render_correction(
                access, entry, form, 422, trial=list_sheet.refused_trial(error)
            )
        return _render_correction(access, entry, form, 422, problems=error.messages)

    done = notice(Notice.ENTRY_CORRECTED, entry=entry)
    return save(access, store, done, refused)


def _render_correction(
    access: ListAccess,
    entry: int,
    form: GameForm | QuickForm,
    status: int = 200,
    **extra: Any,
) -> ResponseReturnValue:
    sheet = list_sheet.sheet(access.table)
    row = next((r for r in sheet.rows if r.entry == entry), None)
    context = {
        **shown(access, sheet),
        "entry": entry,
        "row": row,
        "game_form": form if isinstance(form, GameForm) else None,
        "quick_form": form if isinstance(form, QuickForm) else None,
        "delete_form": DeleteForm(version=access.table.version, formdata=None),
        **extra,
    }
    return render_template("scorelists/correct.html", **context), status


def _form_from_record(
    record: dict[str, Any],
    version: int,
    offer: rule_set_entry.EntryRules | None,
    choices: list[tuple[str, str]],
) -> GameForm:
    if offer is not None:
        return _ruled_form_from_record(record, version, offer, choices)
    calls = record.get("calls") or {}
    sp = record.get("specials") or {}
    kind = list_entries.kind_of(record)
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
            f"{party}_{name}": int((sp.get(party) or {}).get(name, 0)) or None
            for party in ("re", "kontra")
            for name in list_entries.SPECIALS
        },
    )
    return form.for_table(choices)


def _ruled_form_from_record(
    record: dict[str, Any],
    version: int,
    offer: rule_set_entry.EntryRules,
    choices: list[tuple[str, str]],
) -> GameForm:
    """The form of a stored game under a rule set, as it was entered."""
    calls = record.get("calls") or {}
    sp = record.get("specials") or {}
    kind = rule_set_entry.kind_of(record, offer)
    re = list(record.get("re") or [])
    player = (
        record.get("player")
        or record.get("first_to_60")
        or record.get("culprit")
        or (re[0] if len(re) == 1 else None)
    )
    tricks = record.get("re_tricks")
    given = record.get("eyes")
    eyes: dict[str, Any] = given if isinstance(given, dict) else {}
    keys = [key for key, _ in choices]
    form = GameForm(
        formdata=None,
        version=version,
        kind=kind,
        solo=record.get("solo") or "",
        player=player,
        re=re,
        eyes_party="re",
        eyes=record.get("re_eyes"),
        schwarz="re" if tricks == 0 else "kontra" if tricks == offer.rules.tricks else "",
        re_call=calls.get("re") or "",
        kontra_call=calls.get("kontra") or "",
        schweinchen=record.get("schweinchen") is True,
        strohmann_by=record.get("strohmann_by") or "",
        **{
            f"{party}_{name}": int((sp.get(party) or {}).get(name, 0)) or None
            for party in ("re", "kontra")
            for name in rule_set_entry.ALL_SPECIALS
        },
        **{f"augen_{i}": eyes.get(key) for i, key in enumerate(keys[:PLAYING])},
    )
    return form.for_table(choices).for_rules(offer)


@list_route("eintrag/<int:entry>/loeschen", methods=("POST",))
def delete(access: ListAccess, entry: int) -> ResponseReturnValue:
    form = DeleteForm()
    if not form.validate():
        flash(notice(Notice.DELETE_PAGE_INCOMPLETE), "error")
        return redirect(access.url("page"))

    def refused(error: ScoreListRefused) -> ResponseReturnValue:
        flash(notice(Notice.DELETE_REFUSED, problems=error.messages), "error")
        return redirect(access.url("page"))

    def store() -> Written:
        return score_lists.write(access.actor, access.table, form.version_number(), Deletion(entry))

    return save(access, store, notice(Notice.ENTRY_DELETED, entry=entry), refused)


@list_route("vorlage.xlsx")
def template(access: ListAccess) -> ResponseReturnValue:
    """The table's blank list as an Excel workbook, to fill in (or print) like the paper list."""
    return _workbook(
        exports.template_workbook(access.table), exports.template_filename(access.table)
    )
