"""Public pages that every phone in the hall reloads, rendered once for all of them.

Hundreds of phones reload the standings every few seconds, and a standings page of 400
players takes about 10 ms to render. :func:`shared_for_a_moment` keeps a rendered page for
``PUBLIC_PAGE_SECONDS`` (Flask-Caching, in each server process's memory), so that all
anonymous requests for the same URL within that moment get the same page, rendered once
(the requests that come while it is rendered wait for it). A page is therefore at most that
old. A live page (``tournament.web.live.polled``), loaded or asking for the state after its
own, gets the page of the current state instead, which is rendered once per state for all
such pages (:class:`PagesByState`, cachetools): it is kept while that state may be answered
from memory (``live.MEMORY_SECONDS``, less for a state that follows the clock), and phones that
ask for it at the same moment wait for the one render instead of rendering it side by side.
Signed-in staff (whose pages show their name and forms) and a visitor with a message waiting
(a flash) always get a page of their own. A shared page is also compressed once for all who
get it (:class:`CompressedPages`): compressing 200 KB costs more than the page's lookup.
"""

from __future__ import annotations

import functools
import secrets
import threading
from collections.abc import Callable
from typing import NamedTuple, ParamSpec
from urllib.parse import urlencode

from cachetools import TLRUCache, cached
from flask import Flask, Request, current_app, g, request, session
from flask_login import current_user

from tournament.extensions import cache
from tournament.web import live

P = ParamSpec("P")
#: The request's key (WSGI environ) for the render of the shared page it got.
SHARED_RENDER = live.SHARED_PAGE
#: The request's key for how long (seconds) the shared page it got is kept.
SHARED_SECONDS = "doko.shared_seconds"
#: Pages of a state kept at most per process (a page per tournament, page and state).
MAX_PAGES_BY_STATE = 256


class Shared(NamedTuple):
    """A rendered page shared by all anonymous visitors: the page, the tag of its render
    (for its compressed copy) and how long it is kept (seconds)."""

    page: str
    tag: str
    seconds: float


class PagesByState:
    """The pages of a live page's state, rendered once per process (``app.extensions``)."""

    def __init__(self) -> None:
        self.pages: TLRUCache[str, Shared] = TLRUCache(
            maxsize=MAX_PAGES_BY_STATE, ttu=lambda _key, shared, now: now + shared.seconds
        )
        #: How often a page was rendered for this cache (tests and benchmarks read it).
        self.renders = 0
        self.render = cached(
            self.pages, key=lambda key, _render: key, condition=threading.Condition()
        )(self._render)

    def _render(self, _key: str, render: Callable[[], Shared]) -> Shared:
        self.renders += 1
        return render()


def pages_by_state(app: Flask) -> PagesByState:
    """The app's pages by state (created with the app, see ``tournament.app``)."""
    found = app.extensions.get("doko_pages_by_state")
    if not isinstance(found, PagesByState):
        found = app.extensions["doko_pages_by_state"] = PagesByState()
    return found


def shared_for_a_moment(view: Callable[P, str]) -> Callable[P, str]:
    """Serve the page rendered for another anonymous visitor within ``PUBLIC_PAGE_SECONDS``."""

    @functools.wraps(view)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> str:
        seconds = int(current_app.config["PUBLIC_PAGE_SECONDS"])
        if seconds <= 0 or _personal():
            return view(*args, **kwargs)
        # Rendered for everyone, whoever asked (``templates/_live.html``: its stream).
        g.page_for_everyone = True
        key = _key()
        if live.STATE in request.environ:
            lasting = float(request.environ.get(live.LASTS, live.MEMORY_SECONDS))
            shared = pages_by_state(current_app).render(
                key, lambda: Shared(view(*args, **kwargs), secrets.token_hex(8), lasting)
            )
        else:
            shared = _for_a_moment(
                key, seconds, lambda: Shared(view(*args, **kwargs), secrets.token_hex(8), seconds)
            )
        request.environ[SHARED_RENDER] = shared.tag
        request.environ[SHARED_SECONDS] = shared.seconds
        return shared.page

    return wrapped


#: The renders of a moment's pages: one at a time per page (of a stripe of pages).
_MOMENT_LOCKS = tuple(threading.Lock() for _ in range(64))


def _for_a_moment(key: str, seconds: int, render: Callable[[], Shared]) -> Shared:
    """The page kept under ``key``, else rendered and kept for ``seconds``: once, while the
    requests that come meanwhile wait for it (a hall's phones opening the standings at once
    would otherwise each render it when the moment is over)."""
    found = cache.get(key)
    if isinstance(found, Shared):
        return found
    with _MOMENT_LOCKS[hash(key) % len(_MOMENT_LOCKS)]:
        found = cache.get(key)
        if isinstance(found, Shared):
            return found
        shared = render()
        cache.set(key, shared, timeout=seconds)
        return shared


class CompressedPages:
    """Flask-Compress's cache (``COMPRESS_CACHE_BACKEND``): a shared page is compressed once
    for all who get it, under the tag of its render (``COMPRESS_CACHE_KEY`` is
    :func:`compressed_key`); every other answer is compressed on its own (no key, no entry)."""

    def get(self, key: str) -> bytes | None:
        found = cache.get(key) if not key.endswith(";") else None
        return found if isinstance(found, bytes) else None

    def set(self, key: str, value: bytes) -> None:
        if not key.endswith(";"):
            seconds = request.environ.get(SHARED_SECONDS, current_app.config["PUBLIC_PAGE_SECONDS"])
            cache.set(key, value, timeout=int(seconds) + 1)


def compressed_key(_request: Request) -> str:
    """The render a shared page's answer carries, empty for any other answer."""
    tag = _request.environ.get(SHARED_RENDER)
    return f"public-page-compressed:{tag}" if tag else ""


def _key() -> str:
    """The page's address without a live page's ``stand``, and its current state: the pages
    loaded or behind the current state all get the one page of that state, rendered once, and
    a new state is rendered at once (``tournament.web.live.polled``); a page with no state is
    shared for the moment."""
    asked = sorted((k, v) for k, v in request.args.items(multi=True) if k != live.TOKEN)
    state = request.environ.get(live.STATE, "")
    return f"public-page:{request.path}?{urlencode(asked)}#{state}"


def _personal() -> bool:
    """Whether this request's page is its own: staff signed in, or a message to show."""
    return bool(current_user.is_authenticated or session.get("_flashes"))
