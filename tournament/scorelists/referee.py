"""The Schiedsrichter's short screens on a table's list: Strafpunkte (TSR 9), Nachspielzeit
(TSR 8.5.1) and time up (TSR 8.5.3), each a page of its own that fits a phone, and the links
to them that the list's header shows (:func:`referee_links`).

Each screen exists for staff and under the table's code like every list page
(:func:`~tournament.scorelists.pages.list_route`): GET shows it, POST saves and goes back to
the list with a notice that names what was stored. A refusal keeps what was typed and shows
why on the screen, next to its field where it has one. Penalties and Nachspielzeit are the
Schiedsrichter's and the Turnierleitung's (403 for the list-keeper); time up is staff's, and
the list-keeper's once :func:`~tournament.domain.score_lists.may_mark_time_up` allows it. A screen
that cannot save now (the round does not run, time up is not due or already written) says
why, with HTTP 403, and shows no form.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any, NamedTuple

from flask import abort, render_template, request
from flask.typing import ResponseReturnValue

from tournament.domain import (
    list_entries,
    list_sheet,
    list_store,
    rule_set_entry,
    score_lists,
    table_play,
)
from tournament.domain.errors import ScoreListRefused, ServiceError, StaleList
from tournament.domain.list_entries import PENALTY_LABELS
from tournament.domain.list_store import Report
from tournament.scorelists.forms import ExtensionForm, ListForm, PenaltyForm, TimeUpForm
from tournament.scorelists.pages import ListAccess, all_players, list_route, save, shown
from tournament.texts import Notice, notice

#: How a screen is drawn again after a refusal: the status and what else it shows.
Render = Callable[..., ResponseReturnValue]


class RefereeLink(NamedTuple):
    """A link of the list's header to one of these screens."""

    label: str
    url: str


def referee_links(access: ListAccess, sheet: list_sheet.Sheet) -> list[RefereeLink]:
    """The screens this viewer may open on this list now, in the header's order: the
    Schiedsrichter and the Turnierleitung get Strafe and Nachspielzeit, and Zeit abgelaufen
    once the table's time is over or time has been called (the screen itself is open to
    them earlier, by its address); the list-keeper only Zeit abgelaufen, once it is due."""
    actor, table = access.actor, access.table
    if sheet.ruled or score_lists.why_not_writable(actor, table) is not None:
        return []
    links = []
    if actor.is_schiedsrichter:
        links += [
            RefereeLink("Strafe", access.url("penalty")),
            RefereeLink("Nachspielzeit", access.url("extension")),
        ]
    due = sheet.clock.over or table.round.time_up_at is not None
    if due and score_lists.may_mark_time_up(actor, table, sheet.report):
        links.append(RefereeLink("Zeit abgelaufen", access.url("time_up")))
    return links


# ---------------------------------------------------------------------- Strafpunkte


@list_route("strafe", methods=("GET", "POST"))
def penalty(access: ListAccess) -> ResponseReturnValue:
    """Strafpunkte by the Schiedsrichter: the distribution is shown, then confirmed.

    The hidden ``confirmed`` holds a fingerprint of the penalty the shown distribution is
    for: "Strafe speichern" stores exactly that penalty, and a changed form is checked again.
    """
    actor = access.actor
    not_here = _not_on_the_list("penalty", access)
    if not_here is not None:
        return not_here
    if not actor.is_schiedsrichter or actor.user is None:
        abort(403)
    closed = score_lists.why_not_writable(actor, access.table)
    if closed is not None:
        return _screen("penalty", access, None, 403, closed=str(closed))
    choices = all_players(access.table)
    if request.method == "GET":
        form = PenaltyForm(version=access.table.version, formdata=None).for_table(choices)
        return _penalty_screen(access, form)
    form = PenaltyForm().for_table(choices)
    if not form.validate():
        form.confirmed.data = ""
        return _penalty_screen(access, form, 422)
    record = _penalty_record(form)
    signed = {**record, "signed_by": actor.user.username}
    report, problems = score_lists.trial_problems(
        access.table, [*list_store.entries_of(access.table), signed]
    )
    if problems:
        form.confirmed.data = ""
        return _penalty_screen(access, form, 422, problems=problems)
    preview = list_sheet.preview_row(access.table, signed, report["rows"][-1])
    fingerprint = _fingerprint(record)
    if form.confirmed.data != fingerprint:
        form.confirmed.data = fingerprint
        return _penalty_screen(access, form, preview=preview)

    def render(status: int, **extra: Any) -> ResponseReturnValue:
        form.confirmed.data = ""
        return _penalty_screen(access, form, status, **extra)

    names = list_store.names_of(access.table)
    done = notice(
        Notice.PENALTY_SAVED,
        offender=names.get(record["offender"], record["offender"]),
        what=_penalty_title(record["category"]),
        points=[
            f"{name} {points:+d}"
            for name, points in zip(names.values(), preview.points, strict=True)
        ],
    )
    version = form.version_number()
    return _store(
        access,
        form,
        lambda: table_play.add_penalty(actor, access.table, version, record),
        done,
        render,
    )


def _penalty_record(form: PenaltyForm) -> dict[str, Any]:
    return list_entries.penalty(
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


def _fingerprint(record: dict[str, Any]) -> str:
    """A short digest of a penalty as the form gave it, to tell whether it was checked."""
    text = json.dumps(record, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _penalty_title(category: str) -> str:
    labels = PENALTY_LABELS[category]
    return f"{labels.title} ({labels.rule})"


def _penalty_screen(
    access: ListAccess, form: PenaltyForm, status: int = 200, **extra: Any
) -> ResponseReturnValue:
    """The penalty's screen; its rare fields are open when one is used, refused or needed
    (the deduction of unsportliches Verhalten)."""
    rare = (
        form.phase,
        form.soloist,
        form.solo_pflicht,
        form.absagen,
        form.harms_soloist,
        form.deduction,
    )
    more_open = form.category.data == "unsportlich" or any(
        f.errors or f.data not in (None, "", 0, "normal") for f in rare
    )
    return _screen("penalty", access, form, status, more_open=more_open, **extra)


# ---------------------------------------------------------------------- Nachspielzeit


@list_route("nachspielzeit", methods=("GET", "POST"))
def extension(access: ListAccess) -> ResponseReturnValue:
    """Nachspielzeit for this table, with its reason (TSR 8.5.1)."""
    actor = access.actor
    not_here = _not_on_the_list("extension", access)
    if not_here is not None:
        return not_here
    if not actor.is_schiedsrichter:
        abort(403)
    closed = score_lists.why_not_writable(actor, access.table)
    if closed is not None:
        return _screen("extension", access, None, 403, closed=str(closed))
    if request.method == "GET":
        form = ExtensionForm(version=access.table.version, formdata=None)
        return _screen("extension", access, form)
    form = ExtensionForm()
    if not form.validate():
        return _screen("extension", access, form, 422)
    minutes, reason = int(form.minutes.data or 0), form.reason.data or ""
    version = form.version_number()
    limit = int(list_store.check(access.table)["time_limit"]) + minutes
    done = notice(
        Notice.EXTENSION_SAVED,
        minutes=minutes,
        table=access.table.number,
        reason=reason,
        limit=limit,
    )

    def render(status: int, **extra: Any) -> ResponseReturnValue:
        return _screen("extension", access, form, status, **extra)

    return _store(
        access,
        form,
        lambda: table_play.grant_extension(actor, access.table, version, minutes, reason),
        done,
        render,
    )


# ---------------------------------------------------------------------- time up


@list_route("zeit-abgelaufen", methods=("GET", "POST"))
def time_up(access: ListAccess) -> ResponseReturnValue:
    """Time up on this list: was a game being dealt (TSR 8.5.3)? Open Normalspiele are struck,
    missing Pflichtsoli follow as Vorführungen."""
    not_here = _not_on_the_list("time_up", access)
    if not_here is not None:
        return not_here
    report = list_store.check(access.table)
    refusal = score_lists.why_not_writable(access.actor, access.table)
    if refusal is None and not score_lists.may_mark_time_up(access.actor, access.table, report):
        refusal = score_lists.why_not_time_up(access.table, report)
    if refusal is not None:
        return _screen("time_up", access, None, 403, closed=str(refusal))
    if request.method == "GET":
        form = TimeUpForm(version=access.table.version, formdata=None)
        return _screen("time_up", access, form)
    form = TimeUpForm()
    if not form.validate():
        return _screen("time_up", access, form, 422)
    being_dealt = form.being_dealt.data == "ja"
    version = form.version_number()
    done = notice(Notice.TIME_UP_SAVED_DEALT if being_dealt else Notice.TIME_UP_SAVED)

    def render(status: int, **extra: Any) -> ResponseReturnValue:
        return _screen("time_up", access, form, status, **extra)

    return _store(
        access,
        form,
        lambda: table_play.mark_time_up(access.actor, access.table, version, being_dealt),
        done,
        render,
    )


# ---------------------------------------------------------------------- shared


def _not_on_the_list(name: str, access: ListAccess) -> ResponseReturnValue | None:
    """Under another rule set than the DDV's the list has no penalties, Nachspielzeit or time
    up (they are the TSR's, 8.5 and 9; ``docs/rule-sets.md``): the screen says so, naming
    the set, and saves nothing (403). ``None`` under the DDV rules."""
    offer = rule_set_entry.entry_rules(access.table.round.tournament)
    if offer is None:
        return None
    return _screen(name, access, None, 403, closed=offer.no_referee_screens)


def _store(
    access: ListAccess,
    form: ListForm,
    store: Callable[[], Report],
    done: str,
    render: Render,
) -> ResponseReturnValue:
    """Save through the list's one write path; a refusal draws the screen again with what was
    typed and why: the engine's findings (``problems``) and other refusals (``refusal``) above
    the form, a field's problem at the field. After a change elsewhere the form takes the
    list's new version, so that the next press saves on the list as it now is (a penalty is
    checked again first)."""

    def refused(error: ScoreListRefused) -> ResponseReturnValue:
        return render(422, problems=error.messages)

    def kept(error: ServiceError) -> ResponseReturnValue | None:
        if isinstance(error, StaleList) and error.already_saved is not None:
            return None  # stored by an earlier press: the list says so
        if error.field is not None and error.field in form:
            form[error.field].errors = [*form[error.field].errors, str(error)]
            return render(422)
        if isinstance(error, StaleList):
            form.version.data = str(access.table.version)
        return render(422, refusal=str(error))

    return save(access, store, done, refused, kept)


def _screen(
    name: str,
    access: ListAccess,
    form: ListForm | None,
    status: int = 200,
    **extra: Any,
) -> ResponseReturnValue:
    """One of the screens, ``scorelists/<name>.html``, with the list's header (without its
    links to these screens, so that the screen's own button stays on a phone's screen)."""
    sheet = list_sheet.sheet(access.table)
    context = {**shown(access, sheet), "form": form, "referee_screen": name, **extra}
    return render_template(f"scorelists/{name}.html", **context), status
