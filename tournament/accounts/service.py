"""Accounts: the first set-up, signing in and out."""

from __future__ import annotations

from sqlalchemy import select

from tournament.accounts import passwords
from tournament.domain import audit_log as audit
from tournament.domain.errors import ServiceError
from tournament.extensions import db
from tournament.models import MAX_ID, Role, User
from tournament.texts import Refusal


class SetupClosedError(Exception):
    """The first account exists already: the set-up page may never create another."""


def setup_needed() -> bool:
    """True on a fresh installation, until the first account has been created."""
    return db.session.execute(select(User.id).limit(1)).first() is None


def create_first_account(username: str, password: str) -> User:
    """Create the first Turnierleitung account; refused once any account exists."""
    if not setup_needed():
        raise SetupClosedError
    user = User(
        username=username,
        password_hash=passwords.hash_password(password),
        role=Role.TURNIERLEITUNG,
    )
    db.session.add(user)
    db.session.flush()
    audit.record(
        user, "create", "user", user.id, new={"username": user.username, "role": user.role.value}
    )
    return user


def authenticate(username: str, password: str) -> User | None:
    """The active user with these credentials (and a login event), or None.

    A hash of an older kind or with older parameters is replaced by a new Argon2 hash.
    """
    user = db.session.execute(select(User).where(User.username == username)).scalar_one_or_none()
    if user is None:
        # Hash anyway, so the response time does not tell which usernames exist.
        passwords.verify(passwords.dummy_hash(), password)
        return None
    matches, new_hash = passwords.verify(user.password_hash, password)
    if not matches or not user.active:
        return None
    if new_hash is not None:
        user.password_hash = new_hash
    audit.record(user, "login", "user", user.id)
    return user


def record_logout(user: User) -> None:
    """Sign out: every session of the account ends, on every device."""
    user.end_sessions()
    audit.record(user, "logout", "user", user.id)


def session_user(session_id: str) -> User | None:
    """The active user of a session's id (``"<id>:<epoch>"``, :meth:`User.get_id`), or
    ``None`` when the id is malformed or its sessions have been ended since."""
    user_id, _, epoch = session_id.partition(":")
    if not (_is_number(user_id) and _is_number(epoch)) or int(user_id) > MAX_ID:
        return None
    user = db.session.get(User, int(user_id))
    if user is None or not user.active or user.session_epoch != int(epoch):
        return None
    return user


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 18


class AccountError(ServiceError):
    """An account change the rules refuse; ``str(error)`` is the German sentence."""


def list_users() -> list[User]:
    accounts = db.session.execute(select(User).order_by(User.username)).scalars()
    # The Turnierleitung first, as Role lists it.
    order = list(Role)
    return sorted(accounts, key=lambda user: order.index(user.role))


def create_account(actor: User, username: str, password: str, role: Role) -> User:
    """A further account, e.g. for a Schiedsrichter; usernames are unique."""
    taken = db.session.execute(select(User.id).where(User.username == username)).first()
    if taken is not None:
        raise AccountError(Refusal.USERNAME_TAKEN, username=username)
    user = User(username=username, password_hash=passwords.hash_password(password), role=role)
    db.session.add(user)
    db.session.flush()
    audit.record(
        actor, "create", "user", user.id, new={"username": user.username, "role": user.role.value}
    )
    return user


def set_active(actor: User, user: User, active: bool) -> None:
    """Lock or unlock an account; nobody can lock themselves out, or the last Turnierleitung."""
    if user.active == active:
        return
    if not active and user.id == actor.id:
        raise AccountError(Refusal.OWN_ACCOUNT_LOCK)
    if not active and user.role is Role.TURNIERLEITUNG and _active_leitung_count() <= 1:
        raise AccountError(Refusal.LAST_LEITUNG_LOCK)
    user.active = active
    user.end_sessions()
    audit.record(
        actor, "update", "user", user.id, old={"active": not active}, new={"active": active}
    )


def set_password(actor: User, user: User, password: str) -> None:
    user.password_hash = passwords.hash_password(password)
    user.end_sessions()
    # The audit log says that it changed, never what it is.
    audit.record(actor, "password", "user", user.id)


def _active_leitung_count() -> int:
    query = select(User.id).where(User.role == Role.TURNIERLEITUNG, User.active.is_(True))
    return len(db.session.execute(query).all())
