"""The stylesheet and the scripts, kept by the browsers for a year.

Without this, every page a phone opens asks again for ``style.css``, ``htmx.min.js`` and
``app.js`` (three more round trips on the hall's WLAN, three more requests for the server).
Each ``url_for("static", ...)`` carries a hash of the file's content (``?v=…``), so a file
changed by an update gets a new URL and is fetched once; a static file asked for under its
current hash is answered as kept for a year and never to be asked again (``immutable``). A
request without the hash, or with an old one (a page kept from before an update), gets
Flask's default: the browser asks again each time whether the file changed.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

from flask import Flask, current_app, request
from werkzeug.security import safe_join
from werkzeug.wrappers import Response

#: How long a browser keeps a static file under its hash: a year, as is usual.
KEPT_SECONDS = 365 * 24 * 3600
_VERSIONS = "doko_static_versions"


def init_app(app: Flask) -> None:
    """Add the hash to the app's static URLs and let browsers keep what they name."""
    app.extensions[_VERSIONS] = {}
    app.url_defaults(_with_version)
    app.after_request(_kept_for_a_year)


def version(app: Flask, filename: str) -> str | None:
    """A hash of the static file ``filename``'s content (``None``: no such file); read again
    when the file's size or time changes."""
    assert app.static_folder is not None
    path = safe_join(app.static_folder, filename)  # nothing outside the folder
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return None
    versions: dict[str, tuple[int, int, str]] = app.extensions[_VERSIONS]
    known = versions.get(filename)
    if known is not None and known[:2] == (stat.st_mtime_ns, stat.st_size):
        return known[2]
    with open(path, "rb") as file:
        digest = hashlib.sha256(file.read()).hexdigest()[:12]
    versions[filename] = (stat.st_mtime_ns, stat.st_size, digest)
    return digest


def _with_version(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint != "static" or "v" in values or not isinstance(values.get("filename"), str):
        return
    found = version(current_app, values["filename"])
    if found is not None:
        values["v"] = found


def _kept_for_a_year(response: Response) -> Response:
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    filename = (request.view_args or {}).get("filename")
    asked = request.args.get("v")
    if not asked or not isinstance(filename, str):
        return response
    if asked != version(current_app, filename):
        return response
    response.cache_control.no_cache = None
    response.cache_control.public = True
    response.cache_control.max_age = KEPT_SECONDS
    response.cache_control.immutable = True
    return response
