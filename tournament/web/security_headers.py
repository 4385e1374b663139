"""Cheap defence in depth on every answer: no framing, no sniffing, scripts and styles only
from here; a browser that reached the app over https keeps to https (HSTS)."""

from __future__ import annotations

from flask import request
from werkzeug.wrappers import Response

#: One year, the usual HSTS age; subdomains are not the app's to decide.
HSTS = "max-age=31536000"
#: The headers of every answer (Flask's, and the static files sent from the event loop).
EVERY_ANSWER = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
}


def add(response: Response) -> Response:
    """Flask's ``after_request``: the headers, unless the answer set its own."""
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    for name, value in EVERY_ANSWER.items():
        response.headers.setdefault(name, value)
    return response
