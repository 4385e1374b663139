"""The German sentences of the error pages, by code (:class:`ErrorPage`).

An HTTP error has its page by status code (:data:`HTTP_ERRORS`); the rest name what went
wrong: a form whose security check failed, a form that came back damaged, a database that
cannot be reached, an uploaded file over the request limit. A text with placeholders is
filled by :func:`error_text`'s parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from .messages import fill

__all__ = ["GERMAN_ERRORS", "HTTP_ERRORS", "ErrorPage", "error_text"]


class ErrorPage(Enum):
    """What an error page says."""

    BAD_REQUEST = "bad_request"
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    TOO_LARGE = "too_large"
    INTERNAL = "internal"
    #: The CSRF check failed: an expired or foreign form.
    CSRF = "csrf"
    #: A hidden field the page filled in came back unreadable.
    DAMAGED_FORM = "damaged_form"
    #: A control character in the URL's query.
    CONTROL_CHARACTER = "control_character"
    #: The database does not answer (HTTP 503).
    DATABASE_UNREACHABLE = "database_unreachable"
    #: A file upload over the request limit (HTTP 413); ``megabytes``: the file limit.
    UPLOAD_TOO_LARGE = "upload_too_large"


GERMAN_ERRORS: Mapping[ErrorPage, str] = {
    ErrorPage.BAD_REQUEST: "Die Anfrage war fehlerhaft und wurde nicht ausgeführt.",
    ErrorPage.FORBIDDEN: "Dafür fehlt Ihnen die Berechtigung.",
    ErrorPage.NOT_FOUND: "Diese Seite gibt es nicht.",
    ErrorPage.METHOD_NOT_ALLOWED: "Diese Aktion ist auf dieser Seite nicht möglich.",
    ErrorPage.TOO_LARGE: "Die gesendeten Daten sind zu groß.",
    ErrorPage.INTERNAL: (
        "Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es noch einmal."
    ),
    ErrorPage.CSRF: (
        "Das Formular ist abgelaufen oder unvollständig und wurde nicht gespeichert "
        "(Sicherheitsprüfung). Bitte laden Sie die Seite neu und senden Sie es noch einmal."
    ),
    ErrorPage.DAMAGED_FORM: (
        "Das Formular kam beschädigt an und wurde nicht gespeichert. Bitte laden Sie die "
        "Seite neu und senden Sie es noch einmal."
    ),
    ErrorPage.CONTROL_CHARACTER: (
        "Die Eingabe enthält ein unzulässiges Steuerzeichen und wurde nicht verarbeitet."
    ),
    ErrorPage.DATABASE_UNREACHABLE: (
        "Datenbank nicht erreichbar – bitte gleich noch einmal versuchen."
    ),
    ErrorPage.UPLOAD_TOO_LARGE: (
        "Die Datei ist zu groß: hochgeladen werden können Dateien von höchstens "
        "{megabytes} MB. Es wurde nichts geändert."
    ),
}

#: The page of each HTTP status code with a German text of its own.
HTTP_ERRORS: Mapping[int, ErrorPage] = {
    400: ErrorPage.BAD_REQUEST,
    403: ErrorPage.FORBIDDEN,
    404: ErrorPage.NOT_FOUND,
    405: ErrorPage.METHOD_NOT_ALLOWED,
    413: ErrorPage.TOO_LARGE,
    500: ErrorPage.INTERNAL,
}


def error_text(code: ErrorPage, /, **params: Any) -> str:
    """The German sentence of an error page, its placeholders filled with ``params``."""
    return fill(GERMAN_ERRORS[code], **params) if params else GERMAN_ERRORS[code]
