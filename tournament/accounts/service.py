"""Accounts: the first set-up, signing in and out."""

from __future__ import annotations

import functools

from sqlalchemy import select
from werkzeug.security import check_password_hash, generate_password_hash

from tournament.audit import service as audit
from tournament.extensions import db
from tournament.models import Role, User
from tournament.texts import Refusal
from tournament.web.errors import ServiceError


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
        password_hash=generate_password_hash(password),
        role=Role.TURNIERLEITUNG,
    )
    db.session.add(user)
    db.session.flush()
    audit.record(
        user, "create", "user", user.id, new={"username": user.username, "role": user.role.value}
    )
    return user


def authenticate(username: str, password: str) -> User | None:
    """The active user with these credentials (and a login event), or None."""
    user = db.session.execute(select(User).where(User.username == username)).scalar_one_or_none()
    if user is None:
        # Hash anyway, so the response time does not tell which usernames exist.
        check_password_hash(_dummy_hash(), password)
        return None
    if not check_password_hash(user.password_hash, password) or not user.active:
        return None
    audit.record(user, "login", "user", user.id)
    return user


def record_logout(user: User) -> None:
    audit.record(user, "logout", "user", user.id)


def active_user(user_id: int) -> User | None:
    user = db.session.get(User, user_id)
    return user if user is not None and user.active else None


@functools.cache
def _dummy_hash() -> str:
    return generate_password_hash("not a password of anyone")


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
    user = User(username=username, password_hash=generate_password_hash(password), role=role)
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
    audit.record(
        actor, "update", "user", user.id, old={"active": not active}, new={"active": active}
    )


def set_password(actor: User, user: User, password: str) -> None:
    user.password_hash = generate_password_hash(password)
    # The audit log says that it changed, never what it is.
    audit.record(actor, "password", "user", user.id)


def _active_leitung_count() -> int:
    query = select(User.id).where(User.role == Role.TURNIERLEITUNG, User.active.is_(True))
    return len(db.session.execute(query).all())
