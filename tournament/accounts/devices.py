"""Known devices: the signed cookie that a good login leaves on the device (OWASP's "device
cookies", Authentication Cheat Sheet).

A stranger guessing a staff member's password must not lock the staff member out. So a login
from a device that has signed in to the account before, and holds its cookie, is counted
against that device alone (``THROTTLE_LOGIN_PER_DEVICE``), never against the limits that
the guesses from elsewhere fill (:mod:`tournament.throttle`).

The cookie ``doko_device`` is signed with the app's secret key (itsdangerous), so it cannot
be made up or changed; it holds a random id of the device and, for each account that signed
in on it, the account's id, username and a keyed fingerprint of its password hash. A new
password (or a hash renewed at a login) makes the account's entry void. It is sent to the
login only (its path), ``HttpOnly``, ``SameSite=Strict`` and ``Secure`` over https, and lasts
``THROTTLE_KNOWN_DEVICE_DAYS``. It signs nobody in: it only decides which counts a login goes
to.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from flask import current_app, g, request, url_for
from itsdangerous import BadData, URLSafeTimedSerializer
from werkzeug.wrappers import Response

from tournament.extensions import db
from tournament.models import USERNAME_LENGTH, User

COOKIE = "doko_device"
_SALT = "doko-known-device"
#: Accounts remembered on one device (a desk laptop shared by the staff); the oldest goes.
MOST_ACCOUNTS = 8
#: A cookie longer than this is not read (it was not made here).
_MOST_CHARACTERS = 2000
_KNOWN = "doko_known_device"


@dataclass(frozen=True)
class Entry:
    """An account that signed in on the device, as it was then."""

    user_id: int
    username: str
    fingerprint: str


@dataclass(frozen=True)
class DeviceCookie:
    device: str
    entries: tuple[Entry, ...]


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.secret_key or "", salt=_SALT)


def _max_age() -> int:
    return int(current_app.config["THROTTLE_KNOWN_DEVICE_DAYS"]) * 24 * 3600


def _fingerprint(user: User) -> str:
    """Keyed, so the cookie tells nothing about the hash; a new hash gives another one."""
    key = str(current_app.secret_key or "").encode()
    return hmac.new(key, user.password_hash.encode(), hashlib.sha256).hexdigest()[:32]


def _read() -> DeviceCookie | None:
    """This device's cookie, if this app signed it and it has not expired."""
    raw = request.cookies.get(COOKIE, "")
    if not raw or len(raw) > _MOST_CHARACTERS:
        return None
    try:
        data = _serializer().loads(raw, max_age=_max_age())
    except BadData:
        return None
    if not (isinstance(data, dict) and isinstance(data.get("d"), str)):
        return None
    items = data.get("a")
    entries = []
    for item in items if isinstance(items, list) else []:
        if (
            isinstance(item, list)
            and len(item) == 3
            and isinstance(item[0], int)
            and isinstance(item[1], str)
            and isinstance(item[2], str)
        ):
            entries.append(Entry(item[0], item[1], item[2]))
    return DeviceCookie(data["d"], tuple(entries))


def _typed_username() -> str:
    """The username of the login form, as the form reads it."""
    return request.form.get("username", "").strip()[:USERNAME_LENGTH]


def known_device() -> str | None:
    """The device's id when its cookie vouches for the account this login names, with the
    account's present password; else None. Reads the database only for a cookie this app
    signed, so guesses without one cost no lookup."""
    if _KNOWN not in g:
        setattr(g, _KNOWN, _known_device())
    known: str | None = g.get(_KNOWN)
    return known


def _known_device() -> str | None:
    if request.method != "POST":
        return None
    cookie = _read()
    username = _typed_username()
    if cookie is None or not username:
        return None
    for entry in cookie.entries:
        if entry.username != username:
            continue
        user = db.session.get(User, entry.user_id)
        if (
            user is not None
            and user.username == username
            and hmac.compare_digest(entry.fingerprint, _fingerprint(user))
        ):
            return cookie.device
    return None


def is_known() -> bool:
    return known_device() is not None


def is_unknown() -> bool:
    return known_device() is None


def device_key() -> str:
    """The limiter's key of a known device's failed logins."""
    return "device:" + (known_device() or "")


def remember(response: Response, user: User) -> None:
    """After a good login (or a new password of one's own): this device is known for
    ``user`` with the password it has now. Other accounts known on the device stay."""
    cookie = _read()
    device = cookie.device if cookie is not None else secrets.token_urlsafe(16)
    others = [
        [entry.user_id, entry.username, entry.fingerprint]
        for entry in (cookie.entries if cookie is not None else ())
        if entry.user_id != user.id
    ]
    entries = [*others[-(MOST_ACCOUNTS - 1) :], [user.id, user.username, _fingerprint(user)]]
    response.set_cookie(
        COOKIE,
        _serializer().dumps({"d": device, "a": entries}),
        max_age=_max_age(),
        path=url_for("auth.login"),
        secure=request.is_secure,
        httponly=True,
        samesite="Strict",
    )
