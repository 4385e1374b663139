"""The search of "Wo sitze ich?": which seats match what a player typed.

Every row is kept on the page; the ones that do not match are hidden, so that the page's
script can filter again in place as the player types (``static/app.js``) with the same rule:
the name, case and umlauts folded, contains the query, or the query is the start number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournament.rounds.plans import SeatRow

#: Longer queries are cut: no name is this long.
QUERY_LIMIT = 80

_UMLAUTS = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss"})


@dataclass(frozen=True)
class FoundSeat:
    """A seat of the list, its folded name for the script, and whether the query matches."""

    row: SeatRow
    folded: str
    shown: bool


def fold(text: str) -> str:
    """Lower case without umlauts and outer spaces: "Jürgen " and "jurgen" are alike."""
    return text.lower().translate(_UMLAUTS).strip()


def query_of(args: Mapping[str, str]) -> str:
    """The search text of a request's ``q``, stripped and cut to ``QUERY_LIMIT``."""
    return args.get("q", "").strip()[:QUERY_LIMIT]


def search(rows: Sequence[SeatRow], query: str) -> list[FoundSeat]:
    """Every row in order, each marked shown if it matches ``query`` (all for an empty one)."""
    wanted = fold(query)
    found = []
    for row in rows:
        folded = fold(row.name)
        shown = not wanted or wanted in folded or wanted == str(row.start_number)
        found.append(FoundSeat(row, folded, shown))
    return found
