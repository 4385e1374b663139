"""The audit log page (Turnierleitung): on the ``admin`` blueprint of the account pages."""

from __future__ import annotations

from flask import render_template, request
from flask.typing import ResponseReturnValue

from tournament.accounts.routes import admin
from tournament.audit import service as audit
from tournament.web.access import leitung_required
from tournament.web.forms import whole_number


@admin.get("/protokoll")
@leitung_required
def log() -> ResponseReturnValue:
    page_number = whole_number(request.args.get("seite"), 100_000) or 1
    object_type = request.args.get("art") or None
    events, more = audit.page_of_events(page_number, object_type)
    return render_template(
        "admin/log.html",
        events=events,
        page=page_number,
        more=more,
        object_type=object_type,
        object_types=audit.object_types(),
    )
