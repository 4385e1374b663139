"""Live pages: a page that changes while it is open (a table's list, later the standings,
the projector and the round overview) asks again every few seconds whether its state moved on.

The page carries a *state token* (e.g. the list's version) in a small element that htmx polls
(``templates/_live.html``): the server answers ``204 No Content`` while the token is current,
which costs one cheap query and no rendering, and the page's changed parts otherwise, swapped in
place. Plain polling works through one waitress thread pool and across any number of gunicorn
workers on one database alike, and holds no connection open between polls (a hall of phones
would otherwise occupy every server thread). Without JavaScript the page is simply reloaded.

An unchanged poll is answered from memory (:class:`FastPolls`, a WSGI layer in front of
Flask): each answer Flask gives to a poll (``204``, or the page of a new state) is remembered
with the address it answered (client, URL without the token, cookies), the state token it
computed and the change generation it was computed under (:mod:`tournament.changes`). A poll
that sends that token again, under the same generation, before the entry expires, from a
client that has made no failed guess, gets its ``204`` there, with no database, session,
login or limiter. Anything else goes through Flask as before, so an address Flask never
answered (an unknown table code, a blocked client) is never answered from memory.
"""

from __future__ import annotations

import functools
import hashlib
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ParamSpec
from urllib.parse import parse_qsl, urlencode

from flask import Flask, has_request_context, request
from flask.typing import ResponseReturnValue
from flask_login import current_user

from tournament.changes import Signal

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

P = ParamSpec("P")

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
#: How long an answer is given from memory at most, whatever the signal says: a write the
#: signal cannot see (by hand, outside the app) shows within this, and a session's cookie is
#: renewed by Flask at least this often.
MEMORY_SECONDS = 30.0
#: Addresses remembered at most (one per open page and client); beyond, memory starts afresh.
MAX_REMEMBERED = 50_000
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
    which the page takes its live parts."""

    def decorate(view: Callable[P, ResponseReturnValue]) -> Callable[P, ResponseReturnValue]:
        @functools.wraps(view)
        def wrapped(*args: P.args, **kwargs: P.kwargs) -> ResponseReturnValue:
            if TOKEN in request.args:
                _again(token_of, kwargs)
                state = token_of(**kwargs)
                current = unchanged(state)
                if current is not None:
                    return current
                # The page of this state serves every page that is behind it
                # (``tournament.web.public_pages``).
                request.environ[STATE] = state
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


_Again = tuple[Callable[..., str | None], tuple[tuple[str, Any], ...]]
_Remembered = tuple[str, int, float, list[tuple[str, str]], _Again | None]


class FastPolls:
    """A WSGI layer in front of Flask that answers unchanged polls from memory (see the
    module's text)."""

    def __init__(self, app: WSGIApplication, signal: Signal, flask_app: Flask) -> None:
        self.app = app
        self.signal = signal
        self.flask_app = flask_app
        # address -> (token, generation, expiry (monotonic), headers, how to work it out again)
        self._remembered: dict[tuple[str, ...], _Remembered] = {}
        # how to work a token out -> (generation, token)
        self._tokens: dict[_Again, tuple[int, str | None]] = {}

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        query = environ.get("QUERY_STRING", "")
        if environ.get("REQUEST_METHOD") != "GET" or TOKEN + "=" not in query:
            return self.app(environ, start_response)
        pairs = parse_qsl(query, keep_blank_values=True)
        sent = next((value for name, value in pairs if name == TOKEN), None)
        address = (
            str(environ.get("REMOTE_ADDR", "")),
            str(environ.get("wsgi.url_scheme", "")),
            str(environ.get("HTTP_HOST", "")),
            str(environ.get("SCRIPT_NAME", "")) + str(environ.get("PATH_INFO", "")),
            urlencode(sorted((name, value) for name, value in pairs if name != TOKEN)),
            str(environ.get("HTTP_COOKIE", "")),
        )
        generation = self.signal.generation()
        if generation is not None:
            known = self._remembered.get(address)
            if (
                known is not None
                and known[0] == sent
                and known[2] > time.monotonic()
                and not self.signal.suspect(address[0])
                and (known[1] == generation or self._still(known, generation))
            ):
                if known[1] != generation:
                    self._remembered[address] = (sent, generation, *known[2:])
                start_response("204 No Content", list(known[3]))
                return []
        answer: dict[str, Any] = {}

        def remembering(status: str, headers: list[tuple[str, str]], *args: Any) -> Any:
            answer["status"] = status
            answer["headers"] = headers
            return start_response(status, headers, *args)

        body = self.app(environ, remembering)
        token = environ.get(ANSWERED)
        if (
            generation is not None
            and isinstance(token, str)
            and str(answer.get("status", "")).startswith(("200", "204"))
            # A new cookie makes the next poll another address.
            and not any(k.lower() == "set-cookie" for k, _ in answer["headers"])
        ):
            if len(self._remembered) >= MAX_REMEMBERED:
                self._remembered.clear()
            kept = [(k, v) for k, v in answer["headers"] if k.lower() in _KEPT_HEADERS]
            lasting = float(environ.get(LASTS, MEMORY_SECONDS))
            again = environ.get(AGAIN)
            expiry = time.monotonic() + lasting
            self._remembered[address] = (token, generation, expiry, kept, again)
        return body

    def _still(self, known: _Remembered, generation: int) -> bool:
        """Whether the remembered token is still the state after something was written:
        worked out again without Flask (once per state and generation, for all the addresses
        that show it), where only the database decides it."""
        again = known[4]
        if again is None:
            return False
        cached = self._tokens.get(again)
        if cached is None or cached[0] != generation:
            token_of, arguments = again
            with self.flask_app.app_context():
                try:
                    token = token_of(**dict(arguments))
                except Exception:  # a 404 (gone), the database away: Flask answers
                    token = None
            if len(self._tokens) >= MAX_REMEMBERED:
                self._tokens.clear()
            cached = self._tokens[again] = (generation, token)
        return cached[1] == known[0]

    def forget(self) -> None:
        """Nothing is answered from memory until Flask has answered again."""
        self._remembered.clear()


def digest(text: str) -> str:
    """A short fingerprint of what a live part shows, for its ``data-state``
    (``templates/_live.html``, ``live_part``): the page's script replaces a part only when
    its fingerprint changed, so an unchanged part keeps an open menu and the focus."""
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
