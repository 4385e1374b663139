"""Who may open which page: a decorator for the routes of signed-in roles."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec

from flask import abort
from flask.typing import ResponseReturnValue
from flask_login import current_user

from tournament.extensions import login_manager
from tournament.models import Role, User

P = ParamSpec("P")


def roles_required(
    *roles: Role,
) -> Callable[[Callable[P, ResponseReturnValue]], Callable[P, ResponseReturnValue]]:
    """Only these roles: anonymous visitors go to the login, other roles get a 403 page."""

    def decorate(view: Callable[P, ResponseReturnValue]) -> Callable[P, ResponseReturnValue]:
        @functools.wraps(view)
        def wrapped(*args: P.args, **kwargs: P.kwargs) -> ResponseReturnValue:
            if not current_user.is_authenticated:
                response: ResponseReturnValue = login_manager.unauthorized()
                return response
            if current_user.role not in roles:
                abort(403)
            return view(*args, **kwargs)

        return wrapped

    return decorate


def leitung_required(
    view: Callable[P, ResponseReturnValue],
) -> Callable[P, ResponseReturnValue]:
    """The Turnierleitung alone: tournaments, players, rounds, accounts, audit log."""
    return roles_required(Role.TURNIERLEITUNG)(view)


def acting_user() -> User:
    """The signed-in user as a model object, for the audit log."""
    user = current_user._get_current_object()
    assert isinstance(user, User)
    return user


def is_leitung() -> bool:
    return bool(current_user.is_authenticated and current_user.role is Role.TURNIERLEITUNG)
