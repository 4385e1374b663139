"""The stylesheet and the scripts, kept by the browsers for a year.

Without this, every page a phone opens asks again for ``style.css``, ``htmx.min.js`` and
``app.js`` (three more round trips on the hall's WLAN, three more requests for the server).
Each ``url_for("static", ...)`` carries a hash of the file's content (``?v=…``), so a file
changed by an update gets a new URL and is fetched once; a static file asked for under its
current hash is answered as kept for a year and never to be asked again (``immutable``). A
request without the hash, or with an old one (a page kept from before an update), gets
Flask's default: the browser asks again each time whether the file changed.

On the servers that push (``tournament.web.push``), a file asked for under its current hash
is sent from the event loop (:class:`KeptFiles`) instead of by Flask in a thread of the pool:
a hall's phones open their first page within minutes, and each then asks for the files at
once. (ServeStatic, tried for this under uvicorn, took 37 % of a worker's time: a thread pool
per file and an import per read.)
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
from typing import Any
from urllib.parse import parse_qsl

from flask import Flask, current_app, request
from werkzeug.http import http_date
from werkzeug.security import safe_join
from werkzeug.utils import get_content_type
from werkzeug.wrappers import Response

from tournament.web import security_headers

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


class KeptFiles:
    """The static files of ``app`` as the servers that push send them from their event loop
    (``tournament.web.push``): a file asked for under its current hash, read once per process
    and its hash, sent in one piece with the headers Flask would give it."""

    def __init__(self, app: Flask) -> None:
        assert app.static_folder is not None and app.static_url_path is not None
        self.app = app
        self.prefix = f"{app.static_url_path}/"
        # file name -> (hash, headers, content)
        self._files: dict[str, tuple[str, list[tuple[bytes, bytes]], bytes]] = {}

    def answer(self, path: str, query: bytes) -> tuple[list[tuple[bytes, bytes]], bytes] | None:
        """The headers and content of the file asked for (``path``, ``query``) under its
        current hash; ``None`` for any other request (Flask answers it)."""
        if not path.startswith(self.prefix):
            return None
        filename = path[len(self.prefix) :]
        asked = dict(parse_qsl(query.decode("latin-1"))).get("v")
        current = version(self.app, filename) if asked else None
        if current is None or asked != current:
            return None
        found = self._files.get(filename)
        if found is None or found[0] != current:
            found = self._files[filename] = (current, *self._read(filename))
        return found[1], found[2]

    def _read(self, filename: str) -> tuple[list[tuple[bytes, bytes]], bytes]:
        assert self.app.static_folder is not None
        path = safe_join(self.app.static_folder, filename)
        assert path is not None  # version() found it there
        with open(path, "rb") as file:
            content = file.read()
        kind = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        headers = {
            "Content-Type": get_content_type(kind, "utf-8"),  # as Flask's send_file says
            "Content-Length": str(len(content)),
            "Last-Modified": http_date(os.stat(path).st_mtime),
            "Cache-Control": f"public, max-age={KEPT_SECONDS}, immutable",
            **security_headers.EVERY_ANSWER,
        }
        return [(k.lower().encode(), v.encode("latin-1")) for k, v in headers.items()], content
