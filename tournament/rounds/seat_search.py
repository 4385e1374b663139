"""The search of "Wo sitze ich?": which seats match what a player typed.

Every row is kept on the page; the ones that do not match are hidden, so that the page's
script can filter again in place as the player types (``static/app.js``) with the same rule:
the query is the start number, or the name contains the query, both folded (:func:`fold`),
or both folded and then contracted (:func:`contract`). So "jorg", "Jörg" and "Joerg" find
"Jörg" and "Joerg"; "Weiss" and "Weiß" find "Weiß" and "Weiss".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournament.domain.round_plans import SeatRow

#: Longer queries are cut: no name is this long.
QUERY_LIMIT = 80

#: The umlauts as a phone without them has them typed.
_SPELT_UMLAUT = re.compile("ae|oe|ue")


@dataclass(frozen=True)
class FoundSeat:
    """A seat of the list, its folded name for the script, and whether the query matches."""

    row: SeatRow
    folded: str
    shown: bool


def fold(text: str) -> str:
    """Lower case without accents, ß as ss, no outer spaces: "Jürgen " is "jurgen", "Weiß"
    is "weiss", "José" is "jose"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    bare = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    return bare.replace("ß", "ss").strip()


def contract(folded: str) -> str:
    """A folded text with "ae", "oe", "ue" as "a", "o", "u": "joerg" (typed for "Jörg") and
    "jorg" (folded from it) are alike."""
    return _SPELT_UMLAUT.sub(lambda found: found[0][0], folded)


def matches(folded_name: str, start_number: int, wanted: str) -> bool:
    """Whether the folded query ``wanted`` finds the player of this folded name and start
    number (an empty one finds everybody)."""
    return (
        not wanted
        or wanted == str(start_number)
        or wanted in folded_name
        or contract(wanted) in contract(folded_name)
    )


def query_of(args: Mapping[str, str]) -> str:
    """The search text of a request's ``q``, stripped and cut to ``QUERY_LIMIT``."""
    return args.get("q", "").strip()[:QUERY_LIMIT]


def search(rows: Sequence[SeatRow], query: str) -> list[FoundSeat]:
    """Every row in order, each marked shown if it matches ``query`` (all for an empty one)."""
    wanted = fold(query)
    found = []
    for row in rows:
        folded = fold(row.name)
        found.append(FoundSeat(row, folded, matches(folded, row.start_number, wanted)))
    return found
