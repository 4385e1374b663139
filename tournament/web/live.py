"""Live pages: a page that changes while it is open (a table's list, later the standings,
the projector and the round overview) asks again every few seconds whether its state moved on.

The page carries a *state token* (e.g. the list's version) in a small element that htmx polls
(``templates/_live.html``): the server answers ``204 No Content`` while the token is current,
which costs one cheap query and no rendering, and the page's changed parts otherwise, swapped in
place. Plain polling works through one waitress thread pool and across any number of gunicorn
workers on one database alike, and holds no connection open between polls (a hall of phones
would otherwise occupy every server thread). Without JavaScript the page is simply reloaded.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from typing import ParamSpec

from flask import request
from flask.typing import ResponseReturnValue

P = ParamSpec("P")

#: How often an open page asks (seconds): a change shows within this plus one round trip.
POLL_SECONDS = 1.5
#: The query parameter that carries the page's state token.
TOKEN = "stand"
#: The request's key (WSGI environ) for the current state, when a page behind it asked.
STATE = "doko.live_state"


def is_fragment_request() -> bool:
    """htmx asks for part of a page (its own request, not a boosted page load)."""
    return request.headers.get("HX-Request") == "true" and (
        request.headers.get("HX-Boosted") != "true"
    )


def unchanged(token: str) -> ResponseReturnValue | None:
    """``204`` when the polling page already shows ``token``, else ``None`` (render it)."""
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


def digest(text: str) -> str:
    """A short fingerprint of what a live part shows, for its ``data-state``
    (``templates/_live.html``, ``live_part``): the page's script replaces a part only when
    its fingerprint changed, so an unchanged part keeps an open menu and the focus."""
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
