"""The search rule of "Wo sitze ich?" (tournament/player_pages/seats.py): case, accents and
umlauts folded, and umlauts typed as "ae", "oe", "ue" and ß as "ss", in both directions."""

from __future__ import annotations

import pytest

from tournament.domain.round_plans import SeatRow
from tournament.rounds.seat_search import contract, fold, search


def _found(names: list[str], query: str) -> list[str]:
    rows = [SeatRow(name, number, "", 1, number, 4) for number, name in enumerate(names, 1)]
    return [seat.row.name for seat in search(rows, query) if seat.shown]


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Jörg", "jorg"),
        ("  Jürgen ", "jurgen"),
        ("ÄÖÜ", "aou"),
        ("Weiß", "weiss"),
        ("WEIẞ", "weiss"),
        ("José Núñez", "jose nunez"),
        ("Jo\u0308rg", "jorg"),  # ö decomposed, as some phones send it
    ],
)
def test_fold(text: str, folded: str) -> None:
    assert fold(text) == folded


def test_contract() -> None:
    assert contract("joerg mueller") == "jorg muller"
    assert contract("michael") == "michal"
    assert contract(fold("Jörg Müller")) == contract("joerg mueller")


NAMES = ["Jörg Müller", "Joerg Mueller", "Jorg Muller", "Hans Weiß", "Grete Weiss", "Manuel Ernst"]


@pytest.mark.parametrize(
    ("query", "found"),
    [
        # Umlauts typed as ae/oe/ue, or left out, or typed: every spelling finds every one.
        ("Joerg", NAMES[:3]),
        ("jörg", NAMES[:3]),
        ("jorg", NAMES[:3]),
        ("JOERG", NAMES[:3]),
        ("Mueller", NAMES[:3]),
        ("müller", NAMES[:3]),
        ("muller", NAMES[:3]),
        ("Mue", NAMES[:3]),
        ("g mü", NAMES[:3]),
        # ß and ss, both ways.
        ("Weiss", ["Hans Weiß", "Grete Weiss"]),
        ("weiß", ["Hans Weiß", "Grete Weiss"]),
        ("Weis", ["Hans Weiß", "Grete Weiss"]),
        # A part of a name with "ue" in it still finds it.
        ("el er", ["Manuel Ernst"]),
        ("nue", ["Manuel Ernst"]),
        # The start number, and nothing for a name nobody has.
        ("6", ["Manuel Ernst"]),
        ("Meier", []),
        ("Weisse", []),
    ],
)
def test_search_finds_every_spelling(query: str, found: list[str]) -> None:
    assert _found(NAMES, query) == found


def test_empty_query_shows_everybody() -> None:
    assert _found(NAMES, "  ") == NAMES
