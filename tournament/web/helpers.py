"""Small pieces every blueprint needs: showing a refusal, and posts that read before they write."""

from __future__ import annotations

from flask import flash, request
from wtforms import Form as WTForm

from tournament.domain.errors import ServiceError
from tournament.extensions import db, reads_first


def refuse(error: ServiceError, form: WTForm | None = None) -> None:
    """Undo the request's changes and show why: next to its field if it has one."""
    db.session.rollback()
    if form is not None and error.field is not None and error.field in form:
        form[error.field].errors = [*form[error.field].errors, str(error)]
    else:
        flash(str(error), "error")


def posts_read_first() -> None:
    """``before_request`` of a blueprint whose POSTs read and check everything first and take
    SQLite's write lock only to store (``scorelists.claim``), or not at all (a preview)."""
    if request.method == "POST":
        reads_first()
