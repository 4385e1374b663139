"""Live pages: a page that changes while it is open (a table's list, later the standings,
the projector and the round overview) asks again every few seconds whether its state moved on.

The page carries a *state token* (e.g. the list's version) in a small element that htmx polls
(``templates/_live.html``): the server answers ``204 No Content`` while the token is current,
which costs one cheap query and no rendering, and the page's changed parts otherwise, swapped in
place. Plain polling works through the laptop's one server worker and across any number of
gunicorn workers on one database alike, and holds no connection open between polls (a hall of
phones would otherwise occupy every server thread). Without JavaScript the page is simply reloaded.

An unchanged poll is answered from memory (:class:`FastPolls`, a WSGI layer in front of
Flask): each answer Flask gives to a poll (``204``, or the page of a new state) is remembered
with the address it answered (client, URL without the token, cookies), the state token it
computed and the change generation it was computed under (:mod:`tournament.changes`). A poll
that sends that token again, under the same generation, before the entry expires, from a
client that has made no failed guess, gets its ``204`` there, with no database, session,
login or limiter. Anything else goes through Flask as before, so an address Flask never
answered (an unknown table code, a blocked client) is never answered from memory. After a
write, the state of a page whose state only the database decides is worked out again once
per generation for every client that shows it, and the tables' lists all at once
(``EVERY_AGAIN``: one query for every open list).

A public live page (standings, player page, plan, projector: ``polled`` with the page shared
by ``tournament.web.public_pages``) changes with nearly every save during a round, so its
phones mostly fetch whole pages. Flask's answer with the shared page of a new state is kept
too, and a poll from an anonymous client that shows an older state gets it from memory.
Clients without a cookie (no session: nobody signed in, no message waiting) share one address
per page, whatever their IP address; a client with a cookie is given the shared page only
once Flask has given it one. Such a client's page load (no token: it shows no state yet) is
answered as its poll would be: the kept page of the current state (the hall's phones open the
standings within minutes, and each would otherwise cost Flask a request). A client that
shows the newest state given out is told ``204`` for up to ``LIVE_COALESCE_SECONDS`` after it
was given out, so that a new state goes out at most that often
(:meth:`FastPolls._coalesced`).
"""

from __future__ import annotations

import functools
import hashlib
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, ParamSpec
from urllib.parse import parse_qsl, urlencode

from cachetools import TLRUCache
from flask import Flask, has_request_context, request
from flask.typing import ResponseReturnValue
from flask_login import current_user

from tournament.changes import Signal

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

P = ParamSpec("P")
#: A page's view arguments as a key: their items, sorted.
_Arguments = tuple[tuple[str, Any], ...]

#: How often an open page asks (seconds): a change shows within this plus one round trip.
POLL_SECONDS = 1.5
#: The query parameter that carries the page's state token.
TOKEN = "stand"
#: The request's key (WSGI environ) for the current state, when a page behind it asked.
STATE = "doko.live_state"
#: The request's key for the state token a poll was answered with, and for how long (seconds)
#: that answer may be given from memory (a token that depends on the clock expires).
ANSWERED = "doko.live_answered"
LASTS = "doko.live_lasts"
#: The request's key for how its state token is worked out again without Flask (see
#: :class:`FastPolls`): ``(function, keyword arguments)``.
AGAIN = "doko.live_again"
#: Endpoints whose state is worked out again by a function of their view arguments when an
#: anonymous client asks (``tournament.app`` adds the list's poll by table code).
AGAIN_BY_ENDPOINT: dict[str, Callable[..., str | None]] = {}
#: For such a function, one that works out the states of all its pages at once (one query
#: for every open list): their keyword arguments (sorted items) -> state. A page it leaves
#: out has no state to give from memory (Flask answers).
EVERY_AGAIN: dict[Callable[..., str | None], Callable[[], dict[_Arguments, str]]] = {}
#: How long an answer is given from memory at most, whatever the signal says: a write the
#: signal cannot see (by hand, outside the app) shows within this, and a session's cookie is
#: renewed by Flask at least this often.
MEMORY_SECONDS = 30.0
#: Addresses remembered at most (one per open page and client); beyond, memory starts afresh.
MAX_REMEMBERED = 50_000
#: A public page's new state is given to its anonymous visitors at most this often (seconds,
#: ``LIVE_COALESCE_SECONDS``); see :meth:`FastPolls._coalesced`.
COALESCE_SECONDS = 1.0
#: Shared pages of a state kept at most (a page per tournament, public page and state).
MAX_PAGES = 256
#: The headers of Flask's answer a ``204`` from memory repeats.
_KEPT_HEADERS = frozenset(
    {
        "cache-control",
        "vary",
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
        "content-security-policy",
        "strict-transport-security",
    }
)


def may_be_in_memory(query: str, cookie: bool) -> bool:
    """Whether :class:`FastPolls` may answer a GET from memory: a live page's question whether
    its state moved on (``stand=`` in the ``query``), or a page loaded without a ``cookie`` (a
    public live page's is the one for everyone)."""
    return TOKEN + "=" in query or not cookie


def is_fragment_request() -> bool:
    """htmx asks for part of a page (its own request, not a boosted page load)."""
    return request.headers.get("HX-Request") == "true" and (
        request.headers.get("HX-Boosted") != "true"
    )


def unchanged(token: str) -> ResponseReturnValue | None:
    """``204`` when the polling page already shows ``token``, else ``None`` (render it)."""
    request.environ[ANSWERED] = token
    again = AGAIN_BY_ENDPOINT.get(request.endpoint or "")
    if again is not None and AGAIN not in request.environ:
        _again(again, request.view_args or {})
    if request.args.get(TOKEN) == token:
        return "", 204
    return None


def polled(
    token_of: Callable[..., str],
) -> Callable[[Callable[P, ResponseReturnValue]], Callable[P, ResponseReturnValue]]:
    """A whole page that polls itself (``templates/_live.html`` with ``select``): ``204``
    while the ``stand`` it sends is ``token_of(**view_args)``, else the page as usual, from
    which the page takes its live parts. The page loaded (without ``stand``) is the page of
    the current state too: one render per state serves the page's loads, its polls and its
    streams (``tournament.web.public_pages``, :class:`FastPolls`)."""

    def decorate(view: Callable[P, ResponseReturnValue]) -> Callable[P, ResponseReturnValue]:
        @functools.wraps(view)
        def wrapped(*args: P.args, **kwargs: P.kwargs) -> ResponseReturnValue:
            if TOKEN not in request.args and current_user.is_authenticated:
                return view(*args, **kwargs)  # staff's own page: no state to share
            _again(token_of, kwargs)
            state = token_of(**kwargs)
            request.environ[STATE] = state
            current = unchanged(state)
            if current is not None:
                return current
            return view(*args, **kwargs)

        return wrapped

    return decorate


def _again(token_of: Callable[..., str | None], arguments: dict[str, Any]) -> None:
    """Let the answer's state be worked out again by ``token_of(**arguments)`` alone, when
    nothing but the database decides it: for an anonymous client (a page for staff only
    lets no anonymous request reach its state; signed-in staff are asked by Flask)."""
    if not current_user.is_authenticated:
        request.environ[AGAIN] = (token_of, tuple(sorted(arguments.items())))


def lasts(seconds: float) -> None:
    """The state token being computed holds for ``seconds`` at most (it follows the clock):
    its answer is given from memory no longer than that."""
    if has_request_context():
        request.environ[LASTS] = min(seconds, request.environ.get(LASTS, MEMORY_SECONDS))


_Again = tuple[Callable[..., str | None], _Arguments]


class _Remembered(NamedTuple):
    """What Flask answered a poll's address with."""

    token: str
    generation: int
    #: Until when (:attr:`FastPolls.clock`) it may be answered from memory.
    until: float
    #: The headers a ``204`` from memory repeats.
    headers: list[tuple[str, str]]
    #: How the state is worked out again without Flask (an anonymous client), or ``None``.
    again: _Again | None
    #: The shared page's address (:data:`SHARED_PAGE`) when the client may be given the page
    #: shared by all anonymous visitors, else ``None``.
    page: tuple[str, ...] | None


class _Page(NamedTuple):
    """Flask's whole answer with a shared page of one state, as it went out."""

    status: str
    headers: list[tuple[str, str]]
    body: bytes
    until: float


#: The request's key (WSGI environ) that says its answer is the page shared by all anonymous
#: visitors (``tournament.web.public_pages``).
SHARED_PAGE = "doko.shared_render"
#: The request's key :class:`FastPolls` sets when it answered a poll of a public live page for
#: every anonymous visitor (from memory or through Flask), with the page's address: the pushed
#: pages (``tournament.web.push``) follow such a page for all its streams.
PUBLIC = "doko.live_public"
#: The request's key that asks :class:`FastPolls` for an answer from memory alone, without
#: Flask or the database (the server's event loop asks, ``tournament.web.push``): where it
#: has none, it answers nothing and sets the key to ``False``.
MEMORY_ONLY = "doko.live_memory_only"


class FastPolls:
    """A WSGI layer in front of Flask that answers unchanged polls from memory (see the
    module's text)."""

    def __init__(self, app: WSGIApplication, signal: Signal, flask_app: Flask) -> None:
        self.app = app
        self.signal = signal
        self.flask_app = flask_app
        #: The clock of the answers' expiry and of the coalescing window (tests set their own).
        self.clock: Callable[[], float] = _monotonic
        #: A public page's new state is given to anonymous visitors at most this often
        #: (seconds; ``LIVE_COALESCE_SECONDS``).
        self.coalesce = float(flask_app.config.get("LIVE_COALESCE_SECONDS", COALESCE_SECONDS))
        self._remembered: dict[tuple[str, ...], _Remembered] = {}
        # how to work a token out -> (generation, token)
        self._tokens: dict[_Again, tuple[int, str | None]] = {}
        # how to work every token of a kind out -> (generation, arguments -> token or None)
        self._every: dict[Callable[..., Any], tuple[int, dict[_Arguments, str] | None]] = {}
        self._every_lock = threading.Lock()
        # how to work a public page's token out -> (the state last given out, since when)
        self._shown: dict[_Again, tuple[str, float]] = {}
        # (shared page's address, state) -> Flask's answer with that page
        self._pages: TLRUCache[tuple[tuple[str, ...], str], _Page] = TLRUCache(
            maxsize=MAX_PAGES, ttu=lambda _key, page, _now: page.until, timer=self._now
        )
        self._pages_lock = threading.Lock()  # cachetools' caches are not thread-safe

    def _now(self) -> float:
        return self.clock()

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        query = environ.get("QUERY_STRING", "")
        memory_only = bool(environ.get(MEMORY_ONLY))
        cookie = str(environ.get("HTTP_COOKIE", ""))
        if environ.get("REQUEST_METHOD") != "GET" or not may_be_in_memory(query, bool(cookie)):
            if memory_only:
                environ[MEMORY_ONLY] = False
                return []
            return self.app(environ, start_response)
        pairs = parse_qsl(query, keep_blank_values=True)
        # ``None``: the page is loaded, it shows no state yet.
        sent = next((value for name, value in pairs if name == TOKEN), None)
        client = str(environ.get("REMOTE_ADDR", ""))
        page_address = (
            str(environ.get("wsgi.url_scheme", "")),
            str(environ.get("HTTP_HOST", "")),
            str(environ.get("SCRIPT_NAME", "")) + str(environ.get("PATH_INFO", "")),
            urlencode(sorted((name, value) for name, value in pairs if name != TOKEN)),
            str(environ.get("HTTP_ACCEPT_ENCODING", "")),
            str(environ.get("HTTP_HX_REQUEST", "")),
            str(environ.get("HTTP_HX_BOOSTED", "")),
        )
        address = (client, *page_address, cookie)
        # A public page asked without a cookie (no session: nobody signed in, no message
        # waiting) is the same page for every client: one address for all of them.
        public = ("", *page_address, "")
        # A page load does not make this process follow the database's changes (a poll or
        # the server's start does): before, it goes to Flask and is not remembered.
        generation = self.signal.generation(start=sent is not None)
        now = self.clock()
        if generation is not None:
            known = (None if cookie else self._remembered.get(public)) or self._remembered.get(
                address
            )
            if known is not None and known.until > now and not self.signal.suspect(client):
                found = self._from_memory(known, sent, generation, now, memory_only)
                if found is not None:
                    state, page, seen = found
                    key = public if known.page is not None and not cookie else address
                    if state != known.token or seen != known.generation:
                        until = known.until if page is None else min(known.until, page.until)
                        self._remembered[key] = known._replace(
                            token=state, generation=seen, until=until
                        )
                    environ[ANSWERED] = state
                    if known.page is not None and not cookie:
                        environ[PUBLIC] = public
                    if page is None:
                        start_response("204 No Content", list(known.headers))
                        return []
                    start_response(page.status, list(page.headers))
                    return [page.body]
        if memory_only:
            environ[MEMORY_ONLY] = False
            return []
        answer: dict[str, Any] = {}

        def remembering(status: str, headers: list[tuple[str, str]], *args: Any) -> Any:
            answer["status"] = status
            answer["headers"] = headers
            return start_response(status, headers, *args)

        body = self.app(environ, remembering)
        token = environ.get(ANSWERED)
        status = str(answer.get("status", ""))
        if (
            generation is not None
            and isinstance(token, str)
            and status.startswith(("200", "204"))
            # A new cookie makes the next poll another address.
            and not any(k.lower() == "set-cookie" for k, _ in answer["headers"])
        ):
            kept = [(k, v) for k, v in answer["headers"] if k.lower() in _KEPT_HEADERS]
            lasting = float(environ.get(LASTS, MEMORY_SECONDS))
            again: _Again | None = environ.get(AGAIN)
            expiry = now + lasting
            shared: tuple[str, ...] | None = None
            if again is not None and STATE in environ and (SHARED_PAGE in environ or not cookie):
                # A public live page whose answer is the one for every anonymous visitor.
                shared = page_address
            if sent is None and shared is None:
                return body  # a page load remembered is a public live page's only
            if (
                shared is not None
                and again is not None
                and status[:3] == "200"
                and SHARED_PAGE in environ
                and environ.get(STATE) == token
            ):
                data = b"".join(body)
                if hasattr(body, "close"):
                    body.close()
                body = [data]
                with self._pages_lock:
                    self._pages[(shared, token)] = _Page(
                        status, list(answer["headers"]), data, expiry
                    )
                self._show(again, token, now)
            if len(self._remembered) >= MAX_REMEMBERED:
                self._remembered.clear()
            remembered = _Remembered(token, generation, expiry, kept, again, shared)
            if shared is not None and not cookie:
                environ[PUBLIC] = public
                self._remembered[public] = remembered
            else:
                self._remembered[address] = remembered
        return body

    def _from_memory(
        self,
        known: _Remembered,
        sent: str | None,
        generation: int,
        now: float,
        memory_only: bool = False,
    ) -> tuple[str, _Page | None, int] | None:
        """The answer from memory to a poll that sends ``sent`` where Flask last answered
        ``known``: ``(state, None, g)`` for a ``204``, ``(state, page, g)`` for the shared
        page of a newer state, where ``g`` is the generation the state is known to hold
        under; ``None`` when Flask is to answer."""
        if known.token == sent and (known.generation == generation or self._coalesced(known, now)):
            return sent, None, known.generation
        if known.token != sent and known.page is None:
            return None
        current = self._current(known, generation, memory_only)
        if current is None:
            return None
        if current == sent:
            return sent, None, generation
        if known.page is None or known.again is None:
            return None
        with self._pages_lock:
            page = self._pages.get((known.page, current))
        if page is None:
            return None
        self._show(known.again, current, now)
        return current, page, generation

    def _coalesced(self, known: _Remembered, now: float) -> bool:
        """Whether an anonymous visitor's public page keeps the state it shows a little longer
        because a new state was given out less than :attr:`coalesce` seconds ago: during a
        busy round the standings change with nearly every save, and each change costs every
        open page a whole page."""
        if known.page is None or known.again is None:
            return False
        shown = self._shown.get(known.again)
        return shown is not None and shown[0] == known.token and now - shown[1] < self.coalesce

    def _show(self, again: _Again, token: str, now: float) -> None:
        """A public page's state ``token`` was given out (at ``now``, if it is new)."""
        if self._shown.get(again, ("", 0.0))[0] != token:
            if len(self._shown) >= MAX_REMEMBERED:
                self._shown.clear()
            self._shown[again] = (token, now)

    def _current(
        self, known: _Remembered, generation: int, memory_only: bool = False
    ) -> str | None:
        """The state of the remembered answer's page under ``generation``: after something
        was written, worked out again without Flask (once per state and generation, for all
        the addresses that show it), where only the database decides it; ``None``: Flask is
        to say. ``memory_only``: ``None`` also where the database would have to be asked."""
        if known.generation == generation:
            return known.token
        again = known.again
        if again is None:
            return None
        cached = self._tokens.get(again)
        if cached is None or cached[0] != generation:
            token_of, arguments = again
            every = EVERY_AGAIN.get(token_of)
            if memory_only:
                # Only what the first poll after the write worked out for every page.
                known_all = None if every is None else self._every.get(every)
                if known_all is None or known_all[0] != generation or known_all[1] is None:
                    return None
                token = known_all[1].get(arguments)
            elif every is not None:
                token = self._every_token(every, arguments, generation)
            else:
                with self.flask_app.app_context():
                    try:
                        token = token_of(**dict(arguments))
                    except Exception:  # a 404 (gone), the database away: Flask answers
                        token = None
            if len(self._tokens) >= MAX_REMEMBERED:
                self._tokens.clear()
            cached = self._tokens[again] = (generation, token)
        return cached[1]

    def _every_token(
        self,
        every: Callable[[], dict[_Arguments, str]],
        arguments: _Arguments,
        generation: int,
    ) -> str | None:
        """The state of the page of ``arguments`` from ``every`` page's state under
        ``generation``, worked out once for all of them (the first poll after a write asks;
        the polls that come meanwhile wait for its answer)."""
        with self._every_lock:
            known = self._every.get(every)
            if known is None or known[0] != generation:
                with self.flask_app.app_context():
                    try:
                        tokens: dict[_Arguments, str] | None = every()
                    except Exception:  # the database away: Flask answers
                        tokens = None
                known = self._every[every] = (generation, tokens)
        return None if known[1] is None else known[1].get(arguments)

    def forget(self) -> None:
        """Nothing is answered from memory until Flask has answered again."""
        self._remembered.clear()
        self._shown.clear()
        with self._pages_lock:
            self._pages.clear()


def _monotonic() -> float:
    return time.monotonic()


def digest(text: str) -> str:
    """A short fingerprint of what a live part shows, for its ``data-state``
    (``templates/_live.html``, ``live_part``): the page's script replaces a part only when
    its fingerprint changed, so an unchanged part keeps an open menu and the focus."""
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
