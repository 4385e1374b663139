"""How a registered player is named on every page, list and file: the display label.

Two different people may share a name. A name that no other registration of the tournament
shares (compared as :func:`normalise` compares) is shown as it is; a name shared by several
registrations is followed by the start number and, where given, the club or else the DDV
number: "Hans Müller (Nr. 5, SC Bonn)", "Hans Müller (Nr. 12, DDV 4711)", "Hans Müller
(Nr. 13)". Withdrawn registrations count too, so a label does not change when a namesake
withdraws.

:func:`display_names` labels any set of people; :func:`of_tournament` labels a tournament's
registrations with one query, kept for the rest of the request (the registrations service
calls :func:`forget` when it changes them), so that a page naming many players from many
places asks the database once.

:func:`problem` is the one rule for what a player's name and club may be, wherever they are
entered (a pasted list, a player file, the player page; a late entry is a paste): not empty,
not too long, and readable back from the workbook's *Spieler* sheet as a player list
(``excel.player_files``): no ``SEPARATOR`` (it separates name, club and DDV number of a
pasted line, which the sheet's rows become) and not an Excel error value (a cell holding
``#NV`` is read as an error, not as a name).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Collection, Hashable, Mapping
from typing import NamedTuple, TypeVar

from flask import g
from sqlalchemy import bindparam, select

from tournament.extensions import db
from tournament.models import NAME_LENGTH, TEXT_LENGTH, Player, Registration
from tournament.texts import Part, part

K = TypeVar("K", bound=Hashable)

_MEMO = "_display_names"

#: Separates the parts of a pasted line ``Name; Verein; DDV-Nr.``.
SEPARATOR = ";"
#: Excel's error values, English (as stored in a file) and German (as typed), compared in
#: upper case without surrounding spaces: a cell holding one is no name or number.
ERROR_VALUES = frozenset(
    {
        "#NULL!",
        "#DIV/0!",
        "#VALUE!",
        "#REF!",
        "#NAME?",
        "#NUM!",
        "#N/A",
        "#GETTING_DATA",
        "#SPILL!",
        "#CALC!",
        "#NV",
        "#WERT!",
        "#BEZUG!",
        "#ZAHL!",
    }
)


class Person(NamedTuple):
    """What a label is made of: a registration's name, start number, club and DDV number."""

    name: str
    start_number: int
    club: str = ""
    ddv_number: str | None = None


def normalise(name: str) -> str:
    """The form two spellings of one name share: Unicode NFC, single spaces, casefolded."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def is_error_value(text: str) -> bool:
    """Whether ``text`` is one of Excel's error values (``#NV``, ``#BEZUG!`` ...)."""
    return text.strip().upper() in ERROR_VALUES


def problem(name: str, club: str = "") -> tuple[str, str] | None:
    """Why a player cannot be registered under ``name`` and ``club`` (cleaned text), as the
    form field at fault (``"name"`` or ``"club"``) and a German predicate naming it ("hat ein
    Semikolon im Namen ..."); ``None`` if both may be stored."""
    if not name:
        return "name", part(Part.LINE_WITHOUT_NAME)
    if len(name) > NAME_LENGTH:
        return "name", part(Part.NAME_TOO_LONG, limit=NAME_LENGTH)
    if SEPARATOR in name:
        return "name", part(Part.NAME_SEPARATOR, separator=SEPARATOR)
    if is_error_value(name):
        return "name", part(Part.NAME_ERROR_VALUE, value=name)
    if len(club) > TEXT_LENGTH:
        return "club", part(Part.CLUB_TOO_LONG, limit=TEXT_LENGTH)
    if SEPARATOR in club:
        return "club", part(Part.CLUB_SEPARATOR, separator=SEPARATOR)
    if is_error_value(club):
        return "club", part(Part.CLUB_ERROR_VALUE, value=club)
    return None


def distinction(club: str | None, ddv_number: str | None) -> str:
    """What tells a namesake apart besides his start number: the club, else the DDV number
    ("DDV 4711"), else nothing."""
    return club or (f"DDV {ddv_number}" if ddv_number else "")


def label(person: Person, namesake: bool) -> str:
    """The person's name, for a ``namesake`` with the start number and :func:`distinction`."""
    if not namesake:
        return person.name
    extra = distinction(person.club, person.ddv_number)
    suffix = f"Nr. {person.start_number}, {extra}" if extra else f"Nr. {person.start_number}"
    return f"{person.name} ({suffix})"


def display_names(people: Mapping[K, Person]) -> dict[K, str]:
    """Each key's label among ``people`` (all registrations of one tournament)."""
    counts = Counter(normalise(person.name) for person in people.values())
    return {
        key: label(person, counts[normalise(person.name)] > 1) for key, person in people.items()
    }


#: Every registration of one tournament as a :class:`Person`, built once (each list page and
#: value preview asks for it; building the statement cost more than running it).
_PEOPLE_OF = (
    select(
        Registration.id,
        Player.name,
        Registration.start_number,
        Player.club,
        Player.ddv_number,
    )
    .join(Player, Player.id == Registration.player_id)
    .where(Registration.tournament_id == bindparam("tournament"))
)


def people_of(tournament_id: int) -> dict[int, Person]:
    """Registration id to :class:`Person` for every registration of the tournament."""
    return {
        reg_id: Person(name, start, club, ddv)
        for reg_id, name, start, club, ddv in db.session.execute(
            _PEOPLE_OF, {"tournament": tournament_id}
        )
    }


def of_tournament(tournament_id: int) -> dict[int, str]:
    """Registration id to label for the tournament's registrations (one query per request)."""
    memo: dict[int, dict[int, str]] = g.setdefault(_MEMO, {})
    if tournament_id not in memo:
        memo[tournament_id] = display_names(people_of(tournament_id))
    return memo[tournament_id]


def of_tournaments(tournament_ids: Collection[int]) -> dict[int, dict[int, str]]:
    """Tournament id to (start number to label), for several tournaments in one query."""
    query = (
        select(
            Registration.tournament_id,
            Player.name,
            Registration.start_number,
            Player.club,
            Player.ddv_number,
        )
        .join(Player, Player.id == Registration.player_id)
        .where(Registration.tournament_id.in_(tournament_ids))
    )
    people: dict[int, dict[int, Person]] = {}
    for tournament_id, name, start, club, ddv in db.session.execute(query):
        people.setdefault(tournament_id, {})[start] = Person(name, start, club, ddv)
    return {tournament_id: display_names(found) for tournament_id, found in people.items()}


def forget(tournament_id: int) -> None:
    """Drop the labels kept for the tournament: its registrations changed."""
    g.setdefault(_MEMO, {}).pop(tournament_id, None)
