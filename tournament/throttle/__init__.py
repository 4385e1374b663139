"""Throttling of guesses: logins, the set-up code and table codes (Flask-Limiter).

Only failed attempts count (a view calls :func:`failed`), so staff who type their password
right and list-keepers with a valid code are never slowed down. Each limit is a list of
windows (``"5 per minute; 20 per hour"``): the more failures, the longer the wait. The limit
is tested before the view runs, so a throttled request costs neither a password hash nor a
database lookup; it gets HTTP 429, a ``Retry-After`` header and the German page saying how
many minutes to wait.

The counts live in ``RATELIMIT_STORAGE_URI``: by default in the process's memory on SQLite
(the laptop serves from one process) and in the app's database otherwise
(:mod:`tournament.throttle.storage`), so that every worker of a server sees the same counts.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, ParamSpec

from flask import Flask, current_app, g, render_template, request
from flask.typing import ResponseReturnValue
from flask_limiter import Limiter, RateLimitExceeded
from sqlalchemy import make_url
from werkzeug.wrappers import Response

from tournament import changes
from tournament.extensions import db
from tournament.models import USERNAME_LENGTH
from tournament.texts import Refusal, refusal_text
from tournament.throttle.storage import SCHEME as DATABASE_SCHEME

P = ParamSpec("P")

#: The defaults of the limits, each a setting of its own (``instance/config.py``). A login
#: from a device that signed in to the account before (:mod:`tournament.accounts.devices`)
#: counts only against that device, so guesses from elsewhere never lock it out.
DEFAULTS: dict[str, Any] = {
    # Failed logins of one username from one client address (devices not known to it).
    "THROTTLE_LOGIN_PER_ACCOUNT_AND_ADDRESS": "5 per minute; 20 per hour; 50 per day",
    # Failed logins from one client address, whatever the username (devices not known to it).
    "THROTTLE_LOGIN_PER_ADDRESS": "10 per minute; 50 per hour; 200 per day",
    # Failed logins of one username from all devices not known to it, from anywhere: the
    # bound on guesses spread over many addresses, far above what one address may try.
    "THROTTLE_LOGIN_PER_ACCOUNT": "100 per hour; 300 per day",
    # Failed logins of a known device (its signed cookie), for the accounts it knows.
    "THROTTLE_LOGIN_PER_DEVICE": "5 per minute; 20 per hour; 50 per day",
    # How long a device stays known after its last good login.
    "THROTTLE_KNOWN_DEVICE_DAYS": 365,
    # Wrong set-up codes from one client address.
    "THROTTLE_SETUP_CODE": "5 per minute; 20 per hour",
    # Unknown table codes from one client address (a mistyped code from the card included).
    "THROTTLE_TABLE_CODE": "10 per minute; 50 per hour",
    # A broken counter store (the database away) lets requests through and logs it.
    "RATELIMIT_SWALLOW_ERRORS": True,
}

_FAILED = "doko_attempt_failed"


def _client_address() -> str:
    """The client's address as the server hands it on (from the trusted proxy only)."""
    return request.remote_addr or "unknown"


limiter = Limiter(_client_address)


def failed() -> None:
    """Count this request as a failed guess against the limits of its view; from now on its
    client's polls are never answered from memory (:mod:`tournament.changes`)."""
    g.setdefault(_FAILED, True)
    changes.failed(_client_address())


def _was_failed(_response: Response) -> bool:
    return bool(g.get(_FAILED, False))


def _username() -> str:
    """The account a login names; one key however the name is padded or cased."""
    name = request.form.get("username", "").strip().lower()[:USERNAME_LENGTH]
    # Only what a username can hold: a NUL (which PostgreSQL cannot store) makes no new key.
    return "account:" + "".join(char for char in name if char.isprintable())


def _username_and_address() -> str:
    return f"{_username()} address:{_client_address()}"


def _setting(name: str) -> Callable[[], str]:
    return lambda: str(current_app.config[name])


def per_address(
    setting: str, unless: Callable[[], bool] | None = None
) -> Callable[[Callable[P, ResponseReturnValue]], Any]:
    """Failed attempts from one client address, limited by the windows of ``setting``; the
    views decorated with the same setting share the count. Requests for which ``unless``
    holds are neither checked nor counted."""
    return limiter.shared_limit(
        _setting(setting),
        scope=setting,
        deduct_when=_was_failed,
        exempt_when=unless,
        override_defaults=False,
    )


def per_key(
    setting: str, key: Callable[[], str], unless: Callable[[], bool] | None = None
) -> Callable[[Callable[P, ResponseReturnValue]], Any]:
    """Failed posts of a form with the same ``key``, limited by the windows of ``setting``."""
    return limiter.limit(
        _setting(setting),
        key_func=key,
        methods=["POST"],
        deduct_when=_was_failed,
        exempt_when=unless,
        override_defaults=False,
    )


def per_account(
    setting: str, unless: Callable[[], bool] | None = None
) -> Callable[[Callable[P, ResponseReturnValue]], Any]:
    """Failed logins of one username, from anywhere."""
    return per_key(setting, _username, unless)


def per_account_and_address(
    setting: str, unless: Callable[[], bool] | None = None
) -> Callable[[Callable[P, ResponseReturnValue]], Any]:
    """Failed logins of one username from one client address."""
    return per_key(setting, _username_and_address, unless)


def init_app(app: Flask) -> None:
    """Bind the limiter to ``app``: the counter store follows the database unless
    ``RATELIMIT_STORAGE_URI`` names one (``memory://``, ``redis://...``, ``doko-database://``)."""
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)
    database = make_url(app.config["SQLALCHEMY_DATABASE_URI"]).get_backend_name()
    app.config.setdefault(
        "RATELIMIT_STORAGE_URI", "memory://" if database == "sqlite" else f"{DATABASE_SCHEME}://"
    )
    if app.config["RATELIMIT_STORAGE_URI"].startswith(f"{DATABASE_SCHEME}://"):
        with app.app_context():
            app.config["RATELIMIT_STORAGE_OPTIONS"] = {"engine": db.engine}
    limiter.init_app(app)
    app.register_error_handler(RateLimitExceeded, _too_many_attempts)


def wait_seconds() -> int:
    """Seconds until the breached limit of this request lets the next attempt through."""
    limit = limiter.current_limit
    if limit is None:
        return 60
    return max(1, math.ceil(limit.window.reset_time - time.time()))


def _too_many_attempts(_error: RateLimitExceeded) -> ResponseReturnValue:
    seconds = wait_seconds()
    # In whole minutes, rounded up: nobody comes back to the second.
    message = refusal_text(Refusal.TOO_MANY_ATTEMPTS, minutes=math.ceil(seconds / 60))
    page = render_template("errors/error.html", code=429, message=message)
    return page, 429, {"Retry-After": str(seconds)}
