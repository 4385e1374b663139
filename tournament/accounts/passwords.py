"""Passwords: Argon2 hashes, and the check that refuses guessable passwords.

Hashes are Argon2id (``argon2-cffi``), with the parameters of ``ARGON2_PARAMETERS`` (empty:
the library's defaults, RFC 9106's low-memory profile). Hashes of an older kind (werkzeug's
scrypt and PBKDF2) and Argon2 hashes with other parameters still verify; :func:`verify` then
hands back a new hash for the caller to store.

A new password must be at least :data:`PASSWORD_MIN` characters long and not guessable as
``zxcvbn`` estimates it; the refusal names the weakness it found, in German.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from flask import current_app
from werkzeug.security import check_password_hash
from zxcvbn import zxcvbn

from tournament.texts import Refusal

PASSWORD_MIN = 10
PASSWORD_MAX = 128
#: zxcvbn's score (0 to 4) a password needs: 3 means "safely unguessable" online.
SCORE_MIN = 3
#: Words shorter than this are not looked for in a password; fewer letters and digits than
#: MIN_REST besides the names of the account and the club words make a password guessable.
MIN_NAME = 3
MIN_REST = 6
#: Words of this app and of the game that make a password guessable in a Doppelkopf club.
CLUB_WORDS = (
    "doppelkopf",
    "doko",
    "turnier",
    "turnierleitung",
    "leitung",
    "schiedsrichter",
    "passwort",
    "kennwort",
    "geheim",
    "verein",
)

# zxcvbn's patterns, the dictionaries it matched, and what the German explanation says.
_DICTIONARY_REFUSALS = {
    "passwords": Refusal.PASSWORD_COMMON,
    "user_inputs": Refusal.PASSWORD_NAME,
}
_PATTERN_REFUSALS = {
    "spatial": Refusal.PASSWORD_KEYBOARD,
    "repeat": Refusal.PASSWORD_REPEATS,
    "sequence": Refusal.PASSWORD_SEQUENCE,
    "date": Refusal.PASSWORD_DATE,
    "regex": Refusal.PASSWORD_DATE,
    "dictionary": Refusal.PASSWORD_WORDS,
}


def weakness(password: str, names: Iterable[str] = ()) -> Refusal | None:
    """Why this password is refused, or ``None`` if it is good enough.

    ``names`` are words of the account (its username) that must not carry the password.
    """
    if len(password) < PASSWORD_MIN:
        return Refusal.PASSWORD_TOO_SHORT
    words = [name.lower() for name in names if name] + list(CLUB_WORDS)
    if _mostly_names(password, words):
        return Refusal.PASSWORD_NAME
    # zxcvbn's cost grows with the length; the form refuses more than PASSWORD_MAX anyway.
    result = zxcvbn(password[:PASSWORD_MAX], user_inputs=words)
    if result["score"] >= SCORE_MIN:
        return None
    return _explanation(result["sequence"])


def _mostly_names(password: str, words: list[str]) -> bool:
    """Whether little is left of the password without these words (``leitung-leitung``),
    which zxcvbn may still score as strong."""
    rest = password.lower()
    for word in words:
        if len(word) >= MIN_NAME:
            rest = rest.replace(word, "")
    return len([char for char in rest if char.isalnum()]) < MIN_REST


def _explanation(sequence: list[dict[str, Any]]) -> Refusal:
    """The German reason for the first recognised pattern zxcvbn found (the most telling:
    a common password or a name before any other word)."""
    patterns = [match for match in sequence if match["pattern"] != "bruteforce"]
    for match in patterns:
        if match["pattern"] == "dictionary":
            refusal = _DICTIONARY_REFUSALS.get(match.get("dictionary_name", ""))
            if refusal is not None:
                return refusal
    for match in patterns:
        refusal = _PATTERN_REFUSALS.get(match["pattern"])
        if refusal is not None:
            return refusal
    return Refusal.PASSWORD_GUESSABLE


def hasher() -> PasswordHasher:
    return _hasher(tuple(sorted(current_app.config.get("ARGON2_PARAMETERS", {}).items())))


@functools.cache
def _hasher(parameters: tuple[tuple[str, int], ...]) -> PasswordHasher:
    given = dict(parameters)
    default = PasswordHasher()
    return PasswordHasher(
        time_cost=given.get("time_cost", default.time_cost),
        memory_cost=given.get("memory_cost", default.memory_cost),
        parallelism=given.get("parallelism", default.parallelism),
        hash_len=given.get("hash_len", default.hash_len),
        salt_len=given.get("salt_len", default.salt_len),
    )


def hash_password(password: str) -> str:
    return hasher().hash(password)


def verify(stored: str, password: str) -> tuple[bool, str | None]:
    """Whether ``password`` matches the ``stored`` hash, and a new hash to store in its place
    if the stored one is of an older kind or has other parameters (else ``None``)."""
    if not stored.startswith("$argon2"):
        # werkzeug's hashes ("scrypt:...", "pbkdf2:..."); anything else matches nothing.
        try:
            if not check_password_hash(stored, password):
                return False, None
        except ValueError:
            return False, None
        return True, hash_password(password)
    try:
        hasher().verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False, None
    return True, hash_password(password) if hasher().check_needs_rehash(stored) else None


def dummy_hash() -> str:
    """A hash of no one's password, verified when a username is unknown: the response takes
    as long as for a wrong password, so its time does not tell which usernames exist."""
    return _dummy(tuple(sorted(current_app.config.get("ARGON2_PARAMETERS", {}).items())))


@functools.cache
def _dummy(parameters: tuple[tuple[str, int], ...]) -> str:
    return _hasher(parameters).hash("not a password of anyone")
