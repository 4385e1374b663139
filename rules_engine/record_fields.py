"""The JSON game records' fields read the contract's way (``docs/contracts/game-records.md``),
shared by the DDV records (:mod:`rules_engine.records`) and the other rule sets
(:mod:`rules_engine.rulescore`): strict types, and every error names the field as the contract
spells it, under the TSR section it belongs to.
"""

from __future__ import annotations

from typing import Any

from .errors import RecordError
from .findings import Code, JsonValue
from .gametypes import SoloCategory

Record = dict[str, Any]

#: The TSR section a malformed field belongs to.
_FIELD_SECTION = {
    "players": "3.1",
    "type": "4.1",
    "solo": "2.3",
    "pflicht": "4.2",
    "solo_pflicht": "9.4",
    "re": "4.4.1",
    "re_eyes": "7.1",
    "re_tricks": "7.1",
    "calls": "6",
    "specials": "7.2.3",
    "hands": "2.2",
    "game": "4.1",
    "actions": "5",
}


def field_error(code: Code, field: str, **params: Any) -> RecordError:
    """The error ``code`` about ``field``, under the TSR section of that field."""
    section = _FIELD_SECTION[field.split(".")[0].split("[")[0]]
    return RecordError.of(code, None if section == code.section else section, field=field, **params)


def required(record: Record, field: str) -> Any:
    if field not in record:
        raise field_error(Code.FIELD_MISSING, field)
    return record[field]


def whole_number(value: Any, field: str, low: int, high: int) -> int:
    if type(value) is not int:
        raise field_error(Code.NOT_WHOLE_NUMBER, field, value=JsonValue.of(value))
    if not low <= value <= high:
        raise field_error(Code.OUT_OF_RANGE, field, number=value, low=low, high=high)
    return value


def parse_players(record: Record) -> tuple[str, ...]:
    """The ``players`` list as a tuple of names; how many and whether distinct is checked later."""
    players = required(record, "players")
    if type(players) is not list:
        raise RecordError.of(Code.PLAYERS_NOT_LIST)
    for name in players:
        if type(name) is not str or not name or name.isspace():
            raise RecordError.of(Code.NOT_A_PLAYER_NAME, value=JsonValue.of(name))
    return tuple(players)


def parse_pflicht(value: Any, field: str = "pflicht") -> SoloCategory:
    """A solo's ``pflicht``: ``true``, ``"vorgefuehrt"``, or ``false``/absent for a Lustsolo."""
    if value is None or value is False:
        return SoloCategory.LUSTSOLO
    if value is True:
        return SoloCategory.PFLICHTSOLO
    if value == "vorgefuehrt":
        return SoloCategory.VORFUEHRUNG
    raise field_error(Code.PFLICHT_UNKNOWN, field, value=JsonValue.of(value))
