"""What every page of a table's score list shares: the blueprint, the two addresses of each
page and who is asking (:class:`ListAccess`), what the list's pages show around it, and
saving a change through the list's one write path (:func:`save`).

Every page exists twice: for the Turnierleitung and the Schiedsrichter under the round
(``/turniere/1/runden/2/tische/3/``), and for the list-keeper under the table's access code
(``/tisch/<code>/``), which opens this one list and nothing else; signed in, the Turnierleitung
and the Schiedsrichter have their own rights there too (:func:`code_actor`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_login import current_user

from tournament import throttle
from tournament.domain import list_sheet, list_store, table_play
from tournament.domain.errors import ScoreListRefused, ServiceError, StaleList
from tournament.domain.score_lists import STAFF, Actor
from tournament.extensions import db
from tournament.models import Role, RoundTable
from tournament.web.access import acting_user, roles_required
from tournament.web.helpers import posts_read_first
from tournament.web.lookups import round_or_404, table_or_404, tournament_or_404

bp = Blueprint("scorelists", __name__)


# Every change of a list is checked by the engine first and takes the write lock only to store.
bp.before_request(posts_read_first)


STAFF_RULE = "/turniere/<int:tournament_id>/runden/<int:number>/tische/<int:table_number>/"
CODE_RULE = "/tisch/<code>/"


@dataclass(frozen=True)
class ListAccess:
    """The table a request is about and who is writing: staff, or the code's list-keeper."""

    table: RoundTable
    actor: Actor
    code: str | None = None

    def url(self, endpoint: str, **values: Any) -> str:
        if self.code is not None:
            return url_for(f"scorelists.{endpoint}_by_code", code=self.code, **values)
        table = self.table
        return url_for(
            f"scorelists.{endpoint}",
            tournament_id=table.round.tournament_id,
            number=table.round.number,
            table_number=table.number,
            **values,
        )


ListView = Callable[..., ResponseReturnValue]


def list_route(rule: str, methods: tuple[str, ...] = ("GET",)) -> Callable[[ListView], ListView]:
    """Register ``view(access, **values)`` for staff and for the list-keeper's code."""

    def decorate(view: ListView) -> ListView:
        name = view.__name__

        @roles_required(Role.TURNIERLEITUNG, Role.SCHIEDSRICHTER)
        def staff(
            tournament_id: int, number: int, table_number: int, **values: Any
        ) -> ResponseReturnValue:
            tournament = tournament_or_404(tournament_id)
            round_ = round_or_404(tournament, number)
            table = table_or_404(round_, table_number)
            return view(ListAccess(table, Actor(acting_user())), **values)

        def by_code(code: str, **values: Any) -> ResponseReturnValue:
            table = table_play.table_by_code(code)
            if table is None:
                throttle.failed()
                return render_template("scorelists/bad_code.html"), 404
            return view(ListAccess(table, code_actor(), table.access_code), **values)

        # Flask-Limiter files a view's limits under its qualified name: each page needs a name
        # of its own, or every page under the code would check the limits of all of them,
        # reading each counter once per page (a database round trip each on PostgreSQL).
        by_code.__name__ = by_code.__qualname__ = f"{name}_by_code"
        limited = throttle.per_address("THROTTLE_TABLE_CODE")(by_code)
        bp.add_url_rule(STAFF_RULE + rule, name, staff, methods=list(methods))
        bp.add_url_rule(CODE_RULE + rule, f"{name}_by_code", limited, methods=list(methods))
        return functools.wraps(view)(view)

    return decorate


def code_actor() -> Actor:
    """Who writes on a list opened by its table's code: a signed-in Schiedsrichter or
    Turnierleitung as themselves, with the corrections and screens they have under the round
    (called to a table, they open its list from the card); anyone else as the list-keeper."""
    if current_user.is_authenticated and current_user.role in STAFF:
        return Actor(acting_user())
    return Actor(None, by_code=True)


def all_players(table: RoundTable) -> list[tuple[str, str]]:
    """All the table's players in seat order (a penalty may concern the one who sits out)."""
    return list(list_store.names_of(table).items())


def shown(access: ListAccess, sheet: list_sheet.Sheet) -> dict[str, Any]:
    """What every list page shows: the list, its table, round and tournament."""
    table = access.table
    return {
        "access": access,
        "sheet": sheet,
        "table": table,
        "round": table.round,
        "tournament": table.round.tournament,
    }


def save(
    access: ListAccess,
    store: Callable[[], object],
    done: str,
    refused: Callable[[ScoreListRefused], ResponseReturnValue],
    at_field: Callable[[ServiceError], ResponseReturnValue | None] | None = None,
) -> ResponseReturnValue:
    """Run one change of the list (``store``, through the list's one write path
    :func:`tournament.domain.score_lists.write`): commit and say ``done``, or roll back and
    say why (the engine's refusal through ``refused``, a field's problem through
    ``at_field``, anything else, e.g. a stale page, as a message over the list)."""
    try:
        store()
    except ScoreListRefused as error:
        db.session.rollback()
        return refused(error)
    except ServiceError as error:
        db.session.rollback()
        answer = at_field(error) if at_field is not None else None
        if answer is not None:
            return answer
        saved = isinstance(error, StaleList) and error.already_saved is not None
        flash(str(error), "info" if saved else "error")
        return redirect(access.url("page"))
    db.session.commit()
    flash(done, "success")
    return redirect(access.url("page") + "#inhalt")
