"""The Protokoll pages (Turnierleitung): on the ``admin`` blueprint (:mod:`tournament.web.admin`),
with the account pages.

The list of events, filtered by kind and by tournament and paged, and one event's
before/after view; :mod:`tournament.audit.describe` words both."""

from __future__ import annotations

from flask import abort, render_template, request
from flask.typing import ResponseReturnValue

from tournament.audit import service as audit
from tournament.domain import audit_log
from tournament.texts.audit import LogKind
from tournament.web.access import leitung_required
from tournament.web.admin import admin
from tournament.web.forms import whole_number

_KINDS = {kind.value: kind for kind in LogKind}


@admin.get("/protokoll")
@leitung_required
def log() -> ResponseReturnValue:
    page_number = whole_number(request.args.get("seite"), 100_000) or 1
    kind = _KINDS.get(request.args.get("art") or "")
    tournament_id = whole_number(request.args.get("turnier"), 2**31)
    events, more = audit_log.page_of_events(page_number, kind, tournament_id)
    filters = {
        "art": kind.value if kind is not None else None,
        "turnier": tournament_id,
    }
    return render_template(
        "admin/log.html",
        rows=audit.described(events),
        page=page_number,
        more=more,
        kind=kind,
        kinds=list(LogKind),
        tournament_id=tournament_id,
        tournaments=audit.tournament_choices(),
        filters=filters,
    )


@admin.get("/protokoll/<int:event_id>")
@leitung_required
def log_event(event_id: int) -> ResponseReturnValue:
    event = audit_log.event(event_id)
    if event is None:
        abort(404)
    [(data, described)] = audit.described([event])
    return render_template("admin/log_event.html", event=data, described=described)
