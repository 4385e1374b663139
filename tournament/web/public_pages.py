"""Public pages that every phone in the hall reloads, rendered once for all of them.

Hundreds of phones reload the standings every few seconds, and a standings page of 400
players takes about 10 ms to render. :func:`shared_for_a_moment` keeps a rendered page for
``PUBLIC_PAGE_SECONDS`` (Flask-Caching, in each server process's memory), so that all
anonymous requests for the same URL within that moment get the same page. A page is therefore
at most that old. Signed-in staff (whose pages show their name and forms) and a visitor with
a message waiting (a flash) always get a page of their own.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec

from flask import current_app, request, session
from flask_login import current_user

from tournament.extensions import cache

P = ParamSpec("P")


def shared_for_a_moment(view: Callable[P, str]) -> Callable[P, str]:
    """Serve the page rendered for another anonymous visitor within ``PUBLIC_PAGE_SECONDS``."""

    @functools.wraps(view)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> str:
        seconds = int(current_app.config["PUBLIC_PAGE_SECONDS"])
        if seconds <= 0 or _personal():
            return view(*args, **kwargs)
        key = f"public-page:{request.full_path}"
        page = cache.get(key)
        if not isinstance(page, str):
            page = view(*args, **kwargs)
            cache.set(key, page, timeout=seconds)
        return page

    return wrapped


def _personal() -> bool:
    """Whether this request's page is its own: staff signed in, or a message to show."""
    return bool(current_user.is_authenticated or session.get("_flashes"))
