"""Staff sessions: how long they last, what ends them, and the cookie that carries them.

Flask keeps the session in a signed cookie. Flask-Login's id in it is ``"<id>:<epoch>"``
(:meth:`tournament.models.User.get_id`): raising the account's epoch (sign-out, a new
password, locking) makes every cookie issued before invalid, also a copied one. A staff
session lasts ``STAFF_SESSION_HOURS`` from the login, checked on every request against the
login time kept in the session, and the cookie expires then too.

The cookie is sent again only when a request changed the session (a login, a flash message,
a new CSRF secret), not with every answer (Flask's ``SESSION_REFRESH_EACH_REQUEST`` for a
permanent session): an answer to a request that was sent before a flash message was stored
(a poll, a preview, a stylesheet) would otherwise put the older cookie back, and the message
would be lost before the next page shows it.

List-keepers need no session: their table's code is in the URL.
"""

from __future__ import annotations

import datetime as dt
import time

from flask import Flask, current_app, request, session
from flask.sessions import SecureCookieSessionInterface
from flask_login import login_user

from tournament.accounts import service
from tournament.models import User

LOGIN_AT = "doko_login_at"
#: Flask-WTF's key of the session's CSRF secret.
CSRF_SECRET = "csrf_token"


class HallSessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, whose cookie is ``Secure`` whenever the request came
    over https (``request.is_secure``: directly, or through the trusted proxy)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(request.is_secure or super().get_cookie_secure(app))


def init_app(app: Flask) -> None:
    app.session_interface = HallSessionInterface()
    app.config["SESSION_REFRESH_EACH_REQUEST"] = False
    app.permanent_session_lifetime = dt.timedelta(hours=app.config["STAFF_SESSION_HOURS"])


def start(user: User) -> None:
    """Sign ``user`` in: a new CSRF secret (the old one may have been seen before the login)
    and the login time that ends the session after ``STAFF_SESSION_HOURS``."""
    session.pop(CSRF_SECRET, None)
    session[LOGIN_AT] = int(time.time())
    session.permanent = True
    login_user(user)


def load_user(session_id: str) -> User | None:
    """Flask-Login's loader: the account of a session that has neither ended nor expired."""
    login_at = session.get(LOGIN_AT)
    if not isinstance(login_at, int):
        return None
    if time.time() > login_at + current_app.config["STAFF_SESSION_HOURS"] * 3600:
        return None
    return service.session_user(session_id)
