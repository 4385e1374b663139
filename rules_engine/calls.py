"""Parties and announcements (TSR 6).

An announcement is said by a player for his party. ``re``/``kontra`` is the Erstansage
(Ansage); ``keine90`` .. ``schwarz`` are the Absagen. Each call has a *level* 0..4, and a
party's highest call implies every lower level (TSR 6.3.2, 6.4.3).
"""

from __future__ import annotations

from enum import Enum


class Party(Enum):
    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python

    RE = "re"
    KONTRA = "kontra"

    @property
    def other(self) -> Party:
        return Party.KONTRA if self is Party.RE else Party.RE

    @property
    def german(self) -> str:
        return "Re" if self is Party.RE else "Kontra"


class Call(Enum):
    """What a player can announce; values are the contract tokens."""

    __hash__ = object.__hash__  # members are singletons; Enum's hash is slow Python

    #: 0 for the Ansage (Re/Kontra), 1..4 for keine 90 .. schwarz.
    level: int

    def __new__(cls, token: str, level: int) -> Call:
        member = object.__new__(cls)
        member._value_ = token
        member.level = level
        return member

    RE = "re", 0
    KONTRA = "kontra", 0
    KEINE_90 = "keine90", 1
    KEINE_60 = "keine60", 2
    KEINE_30 = "keine30", 3
    SCHWARZ = "schwarz", 4

    @property
    def german(self) -> str:
        return _CALL_NAMES[self]

    @property
    def is_ansage(self) -> bool:
        return self.level == 0

    def party_call(self, party: Party) -> Call:
        """This call as it is written for ``party``: the Ansage becomes Re or Kontra."""
        if self.level == 0:
            return Call.RE if party is Party.RE else Call.KONTRA
        return self

    @staticmethod
    def of_level(level: int, party: Party) -> Call:
        """The call of ``level`` for ``party``."""
        return _BY_LEVEL[level].party_call(party)


_BY_LEVEL = (Call.RE, Call.KEINE_90, Call.KEINE_60, Call.KEINE_30, Call.SCHWARZ)
_CALL_NAMES = {
    Call.RE: "Re",
    Call.KONTRA: "Kontra",
    Call.KEINE_90: "keine 90",
    Call.KEINE_60: "keine 60",
    Call.KEINE_30: "keine 30",
    Call.SCHWARZ: "schwarz",
}

#: Level -> fewest cards the announcer must still hold (TSR 6.2.2, 6.3.4).
MIN_CARDS = (11, 10, 9, 8, 7)
#: Absage level -> Augen the announcing party needs to win; schwarz needs every trick (7.1).
ABSAGE_TARGET = (None, 151, 181, 211, None)
#: Absage level -> Augen the other party needs to win against it; schwarz: one trick (7.1).
AGAINST_TARGET = (None, 90, 60, 30, None)
#: Absage level -> Augen that earn "... Augen gegen keine ..." (TSR 7.2.2 e, f).
REACHED_AGAINST = (0, 120, 90, 60, 30)
