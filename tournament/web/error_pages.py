"""German error pages: every HTTP error, a failed security check, a damaged form and an
unreachable database get a page of their own, so nobody ever sees a bare stack trace.

A request over ``MAX_CONTENT_LENGTH`` that carries a file (a form sent as
``multipart/form-data``) gets a page naming the upload limit and leading back to the form.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, current_app, g, render_template, request
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError, SQLAlchemyError
from werkzeug.exceptions import HTTPException, InternalServerError, RequestEntityTooLarge

from tournament.domain.excel.reading import MAX_UPLOAD_BYTES
from tournament.extensions import db, login_manager
from tournament.texts.errors import HTTP_ERRORS, ErrorPage, error_text
from tournament.web.forms import DamagedForm

#: Seconds a client is asked to wait before it tries again after a 503.
RETRY_AFTER = 5
#: Bytes of a request over the limit that are still read (and dropped) before its page is sent:
#: the browser, still sending, then takes the page. A server that hands the app a request as it
#: arrives (granian, gunicorn) would otherwise close the connection under the sender, and the
#: browser would show a broken connection instead of the page.
DRAINED_AT_MOST = 64 * 1024 * 1024
#: Bytes read at a time while draining.
DRAIN_CHUNK = 64 * 1024


def init_app(app: Flask) -> None:
    """Register the error pages on ``app``."""
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(RequestEntityTooLarge, _too_large)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(InternalServerError, _internal_error)
    app.register_error_handler(DBAPIError, _database_error)


def error_page(code: int, message: str) -> ResponseReturnValue:
    """The German error page with its status code."""
    return render_template("errors/error.html", code=code, message=message), code


def _csrf_error(error: CSRFError) -> ResponseReturnValue:
    return error_page(400, error_text(ErrorPage.CSRF))


def _too_large(error: RequestEntityTooLarge) -> ResponseReturnValue:
    """413: for a file, the upload limit and the way back to the form it was sent from."""
    _drain_request()
    if request.mimetype != "multipart/form-data":
        return error_page(413, error_text(ErrorPage.TOO_LARGE))
    message = error_text(ErrorPage.UPLOAD_TOO_LARGE, megabytes=MAX_UPLOAD_BYTES // (1024 * 1024))
    page = render_template("errors/error.html", code=413, message=message, back=_form_page())
    return page, 413


def _drain_request() -> None:
    """Read what the client sends of this request, up to :data:`DRAINED_AT_MOST` bytes (Flask
    refuses it before reading; ``request.stream`` would refuse again)."""
    stream = request.environ["wsgi.input"]
    left = min(request.content_length or 0, DRAINED_AT_MOST)
    try:
        while left > 0:
            chunk = stream.read(min(left, DRAIN_CHUNK))
            if not chunk:
                return
            left -= len(chunk)
    except OSError:
        return  # the client went away: the page goes nowhere anyway


def _form_page() -> str | None:
    """The page of the form a request was sent from: its own URL if that is a page (a form
    posting to itself), else the page the browser names as referrer, if it is one of ours;
    ``None`` if neither."""
    if _page_at(request.path):
        return request.script_root + request.path
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc == request.host and referrer.scheme == request.scheme:
        path = referrer.path.removeprefix(request.script_root) or "/"
        if _page_at(path):
            return request.script_root + path + (f"?{referrer.query}" if referrer.query else "")
    return None


def _page_at(path: str) -> bool:
    """Whether ``path`` (without the script root) is a page of the app that can be got."""
    adapter = current_app.url_map.bind(request.host, script_name=request.script_root or "/")
    try:
        adapter.match(path, method="GET")
    except HTTPException:
        return False
    return True


def _http_error(error: HTTPException) -> ResponseReturnValue:
    code = error.code or 500
    if isinstance(error, DamagedForm):
        message = error_text(ErrorPage.DAMAGED_FORM)
    elif code in HTTP_ERRORS:
        message = error_text(HTTP_ERRORS[code])
    else:
        message = error.description or ""
    return error_page(code, message)


def _internal_error(error: InternalServerError) -> ResponseReturnValue:
    _roll_back()
    return error_page(500, error_text(ErrorPage.INTERNAL))


def _database_error(error: DBAPIError) -> ResponseReturnValue:
    """A database that cannot be reached (or whose connection broke) is a 503 that asks to
    try again; the broken connection is dropped from the pool, and with ``pool_pre_ping``
    the next request finds a working one once the database is back. Any other database
    error is a programming error: raised on, to be logged and shown as the 500 page."""
    if not (isinstance(error, (OperationalError, InterfaceError)) or error.connection_invalidated):
        raise error
    _roll_back()
    current_app.logger.warning("Database unreachable: %s", error.orig)
    # The page must not load the signed-in user: that asks the database again.
    g._login_user = login_manager.anonymous_user()
    page = render_template(
        "errors/unavailable.html", message=error_text(ErrorPage.DATABASE_UNREACHABLE)
    )
    return page, 503, {"Retry-After": str(RETRY_AFTER)}


def _roll_back() -> None:
    """End the request's transaction; on a broken connection that may fail too."""
    try:
        db.session.rollback()
    except SQLAlchemyError:
        db.session.close()
