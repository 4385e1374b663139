"""The tournament's public pages as a static site: plain HTML and CSS in one ZIP, to open
from disk or to upload to a club website as it is.

Every page is rendered by its own view and template, the very ones the app serves, so the
export shows what the live page shows. While exporting, ``g.export`` (an :class:`Exported`)
puts the templates in their exported mode: no scripts and no poller (``layout.html``,
``_live.html``), no sign-in link but a navigation between the exported pages and a line
"Stand: … Uhr" (``base.html``, ``templates/publish/``). The views run as an anonymous
visitor, so no staff part is rendered.

The templates build their links with ``url_for`` as always; :class:`_Links` then maps each
absolute link through the app's own URL map: a page of :data:`PAGES` becomes its file's name
(all files lie side by side, so the link is relative and works from ``file://`` and any
folder of a web server), a static file becomes ``static/…`` and goes into the ZIP, and a link
to a page that is not exported becomes its text (in a ``span``), so no link is dead. Script and form
elements are dropped whatever a template renders.

Frozen-Flask (``relative_urls``) was weighed: it requests every URL through the app, so its
pages would be the live ones (poller, sign-in link, cached for a moment) unless the app learnt
an exported mode anyway; its file names follow the URLs (``/turniere/1/stand`` becomes a file
without ``.html``, which a browser opens from disk as text unless the URLs change); it writes
a folder for a whole app rather than one tournament's ZIP in a request; and it leaves links to
pages it does not freeze dead. Rendering the views directly needs none of that.

A kind of page is one entry of :data:`PAGES`. The season series the tournament counts in
go with it (their page, CSV and PDF, :data:`SERIES_PAGES`): from the exported navigation and
the players' pages a visitor reaches them, and from them the tournament's own pages.
"""

from __future__ import annotations

import inspect
import io
import posixpath
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from html import escape, unescape
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, g, url_for
from werkzeug.exceptions import HTTPException

from tournament.domain import player_pages as player_pages
from tournament.domain import series as series_service
from tournament.extensions import db
from tournament.models import Tournament
from tournament.publish import standings_files
from tournament.texts import series as series_words

Args = dict[str, int]
Key = tuple[str, frozenset[tuple[str, int]]]


def _once(_tournament: Tournament) -> list[Args]:
    return [{}]


def _each_round(tournament: Tournament) -> list[Args]:
    return [{"number": round_.number} for round_ in tournament.rounds]


def _each_player(tournament: Tournament) -> list[Args]:
    return [{"start_number": r.start_number} for r in tournament.registrations]


@dataclass(frozen=True, slots=True)
class PageKind:
    """A kind of exported file: the view (``endpoint``) that renders it, its file name
    (``file``, formatted with the view's arguments) and its instances in a tournament (the
    view's arguments besides ``tournament_id``)."""

    endpoint: str
    file: str
    instances: Callable[[Tournament], Iterable[Args]]
    #: Whether the view takes the tournament (``tournament_id``) besides the instance's
    #: arguments; a series' page does not.
    of_tournament: bool = True


#: Every exported file; the first is the site's ``index.html``. The rounds' PDFs are left out:
#: fpdf2 lays out a table of 400 players in seconds, and a ZIP of eight of them would keep the
#: Turnierleitung waiting; the exported round pages offer their CSV (and the PDF's link is text).
PAGES: tuple[PageKind, ...] = (
    PageKind("standings.overall", "index.html", _once),
    PageKind("standings.one_round", "runde-{number}-stand.html", _each_round),
    PageKind("rounds.show", "runde-{number}-tischplan.html", _each_round),
    PageKind("rounds.seats", "runde-{number}-wo-sitze-ich.html", _each_round),
    PageKind("player_pages.show", "spieler-{start_number}.html", _each_player),
    PageKind("publish.overall_csv", "gesamtstand.csv", _once),
    PageKind("publish.overall_pdf", "gesamtstand.pdf", _once),
    PageKind("publish.round_csv", "runde-{number}-stand.csv", _each_round),
)


def _each_series(tournament: Tournament) -> list[Args]:
    return [{"series_id": found.id} for found in series_service.series_of(tournament)]


#: The files of each season series the tournament counts in.
SERIES_PAGES: tuple[PageKind, ...] = (
    PageKind("series.show", "jahreswertung-{series_id}.html", _each_series, of_tournament=False),
    PageKind(
        "series.standings_csv", "jahreswertung-{series_id}.csv", _each_series, of_tournament=False
    ),
    PageKind(
        "publish.series_pdf", "jahreswertung-{series_id}.pdf", _each_series, of_tournament=False
    ),
)


@dataclass(frozen=True, slots=True)
class Exported:
    """What the templates' exported mode shows (``g.export``): the tournament, its rounds'
    numbers and the "Stand: … Uhr" line."""

    tournament_id: int
    rounds: tuple[int, ...]
    stamp_line: str
    #: The series the tournament counts in: id and link text, for the navigation.
    series: tuple[tuple[int, str], ...] = ()
    #: What the players' pages have in common, worked out once for all of them.
    shared: player_pages.Shared = field(default_factory=player_pages.Shared)


def _key(endpoint: str, args: Args) -> Key:
    return endpoint, frozenset(args.items())


def site_files(app: Flask, tournament_id: int) -> list[tuple[str, bytes]]:
    """Each file of the tournament's static site: its name in the ZIP and its content.
    Rendered in an application context of its own, as an anonymous visitor."""
    with app.app_context():
        return list(_render(app, tournament_id))


def _render(app: Flask, tournament_id: int) -> Iterator[tuple[str, bytes]]:
    tournament = db.session.get(Tournament, tournament_id)
    if tournament is None:
        raise LookupError(tournament_id)
    g.export = Exported(
        tournament_id=tournament_id,
        rounds=tuple(round_.number for round_ in tournament.rounds),
        stamp_line=standings_files.stamp_line(tournament, standings_files.stamp()),
        series=tuple(
            (found.id, series_words.NAV_LINK.format(name=found.name))
            for found in series_service.series_of(tournament)
        ),
    )
    files: dict[Key, str] = {}
    takes_tournament: dict[Key, bool] = {}
    for kind in PAGES + SERIES_PAGES:
        for instance in kind.instances(tournament):
            files[_key(kind.endpoint, instance)] = kind.file.format(**instance)
            takes_tournament[_key(kind.endpoint, instance)] = kind.of_tournament
    static: set[str] = set()
    for (endpoint, frozen), name in files.items():
        view_args: dict[str, Any] = dict(frozen)
        if takes_tournament[endpoint, frozen]:
            view_args["tournament_id"] = tournament_id
        with app.test_request_context("/"):
            path = url_for(endpoint, **view_args)
        with app.test_request_context(path):
            # The view itself, without the live and shared-page wrappers around it.
            view = inspect.unwrap(app.view_functions[endpoint])
            result = view(**view_args)
        if isinstance(result, Response):
            result.direct_passthrough = False
            yield name, result.get_data()
            continue
        links = _Links(app, tournament_id, files)
        page = links.rewrite(str(result))
        static |= links.static
        yield name, page.encode("utf-8")
    assert app.static_folder is not None
    for filename in sorted(_with_their_files(Path(app.static_folder), static)):
        yield f"static/{filename}", (Path(app.static_folder) / filename).read_bytes()


#: A stylesheet's reference to another file: ``url(fonts/x.woff2)``, quoted or not.
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+?)['"]?\s*\)""")


def _with_their_files(folder: Path, names: set[str]) -> set[str]:
    """The static files ``names`` and every file their stylesheets refer to (fonts, images),
    as paths within ``folder``."""
    found, waiting = set(), list(names)
    while waiting:
        name = waiting.pop()
        if name in found or name.startswith("..") or not (folder / name).is_file():
            continue
        found.add(name)
        if name.endswith(".css"):
            text = (folder / name).read_text(encoding="utf-8")
            for reference in CSS_URL.findall(text):
                parts = urlsplit(reference)
                if not (parts.scheme or parts.netloc or parts.path.startswith("/")):
                    waiting.append(
                        posixpath.normpath(posixpath.join(posixpath.dirname(name), parts.path))
                    )
    return found


def zip_bytes(app: Flask, tournament_id: int) -> bytes:
    """The tournament's static site as a ZIP, ``index.html`` at its top."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in site_files(app, tournament_id):
            archive.writestr(name, content)
    return out.getvalue()


def write_folder(app: Flask, tournament_id: int, folder: Path) -> int:
    """The static site written into ``folder`` (created if missing); the number of files."""
    count = 0
    for name, content in site_files(app, tournament_id):
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
        count += 1
    return count


#: What a page's links are rewritten at, in one pass (the templates write well-formed HTML
#: with quoted attributes, and escape every text, so none of this can occur in a text):
#: an element dropped with everything inside it (scripts, forms, their no-script twins);
#: the start of an element that links (``a``, ``link``, ``img``, ``source``) with its
#: attributes; an ``</a>``; an htmx attribute of any other element.
REWRITTEN = re.compile(
    r"<(?P<dropped>script|form|noscript)\b.*?</(?P=dropped)\s*>"
    r"|<(?P<tag>a|link|img|source)\b(?P<attrs>[^>]*?)(?P<closed>/?)>"
    r"|(?P<end></a\s*>)"
    r"|\s(?P<hx>hx-[\w:-]+)(?:=(?:\"[^\"]*\"|'[^']*'))?",
    re.DOTALL | re.IGNORECASE,
)
ATTRIBUTE = re.compile(r"""([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")


class _Links:
    """Re-emits a page with its links made relative to the exported files (see the module's
    docstring); everything else is passed through as it was written."""

    def __init__(self, app: Flask, tournament_id: int, files: dict[Key, str]) -> None:
        self.adapter = app.url_map.bind("localhost")
        self.tournament_id = tournament_id
        self.files = files
        self.static: set[str] = set()
        self.anchors: list[bool] = []  # per open <a>: whether it was unwrapped

    def rewrite(self, page: str) -> str:
        return REWRITTEN.sub(self._replace, page)

    def target(self, url: str) -> str | None:
        """Where a link points in the export; None: to nothing exported."""
        parts = urlsplit(url)
        if parts.scheme or parts.netloc or not parts.path.startswith("/"):
            return url  # within the page, or another site
        fragment = f"#{parts.fragment}" if parts.fragment else ""
        try:
            endpoint, matched = self.adapter.match(parts.path, method="GET")
        except HTTPException:
            return None
        args = dict(matched)
        if endpoint == "static":
            self.static.add(str(args["filename"]))
            return f"static/{args['filename']}"
        if "tournament_id" in args and args.pop("tournament_id") != self.tournament_id:
            return None  # another tournament's page
        name = self.files.get(_key(endpoint, args))
        return None if name is None else name + fragment

    def _replace(self, found: re.Match[str]) -> str:
        if found["dropped"] or found["hx"]:
            return ""
        if found["end"]:
            return "</span>" if self.anchors and self.anchors.pop() else found["end"]
        tag = found["tag"].lower()
        attrs = [
            (name.lower(), next((v for v in values if v is not None), None))
            for name, *values in ATTRIBUTE.findall(found["attrs"])
        ]
        kept: list[tuple[str, str | None]] = []
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                target = self.target(unescape(value))
                if target is None:
                    if tag == "a":  # its text stays, in a span of its class
                        self.anchors.append(True)
                        classes = dict(attrs).get("class")
                        return f'<span class="{classes}">' if classes else "<span>"
                    return ""  # a stylesheet, image or icon that is not exported is dropped
                value = escape(target)
            if name.startswith("hx-"):
                continue
            kept.append((name, value))
        if tag == "a":
            self.anchors.append(False)
        text = "".join(
            f" {name}" if value is None else f' {name}="{value}"' for name, value in kept
        )
        return f"<{found['tag']}{text}{' /' if found['closed'] else ''}>"
