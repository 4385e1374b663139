"""The quick entry's row from one side's points (TSR 7.3): the zero sum, the solo's x3, the
plus-point marks of TSR 7.3.3(3) and the soloist derived from the taps; each derived row is
one the rules engine accepts, and a stored row reads back as the taps that made it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.scorelist import check_list
from tournament.domain import list_entries as entries
from tournament.scorelists.quick import (
    Problem,
    QuickRow,
    QuickRowError,
    Shape,
    derive,
    shape_of,
)

FOUR = ["11", "12", "13", "14"]
A, B, C, D = FOUR
FIVE = ["10", *FOUR]  # "10" deals and sits out


def engine_errors(kind: str, row: QuickRow, table: list[str]) -> list[str]:
    """The engine's errors for ``row`` as the first game of a list (the first player deals).
    A Lustsolo or Vorführung cannot open a list (TSR 4.3.1, 4.2.3): its row is checked as a
    Pflichtsolo's, which has the same shape."""
    if kind in ("lustsolo", "vorfuehrung"):
        kind = "pflichtsolo"
    record = {"dealer": table[0], **entries.quick_game(kind=kind, **row.__dict__)}
    report = check_list({"id": "t", "players": table, "entries": [record]})
    return [str(f["rule"]) for f in report["findings"] if f["level"] == "error"]


@pytest.mark.parametrize(
    ("kind", "plus", "value", "player", "points", "winners", "soloist"),
    [
        # a Normalspiel: the two tapped +v, the other two -v
        ("normal", [A, C], 3, None, [3, -3, 3, -3], [A, C], None),
        ("normal", [D, B], 1, None, [-1, 1, -1, 1], [B, D], None),
        # a Normalspiel names no soloist, whatever was tapped
        ("normal", [A, B], 2, C, [2, 2, -2, -2], [A, B], None),
        # a solo won: the soloist alone has plus points, 3v (TSR 7.2.4)
        ("pflichtsolo", [B], 4, None, [-4, 12, -4, -4], [B], B),
        ("lustsolo", [B], 4, B, [-4, 12, -4, -4], [B], B),
        # a solo lost: the three opponents have plus points, the soloist -3v
        ("vorfuehrung", [A, B, D], 5, None, [5, 5, -15, 5], [A, B, D], C),
        ("stille_hochzeit", [D], 2, None, [-2, -2, -2, 6], [D], D),
        # a Hochzeit with a partner: 2 against 2, the Hochzeiter if named
        ("hochzeit", [A, D], 3, None, [3, -3, -3, 3], [A, D], None),
        ("hochzeit", [A, D], 3, B, [3, -3, -3, 3], [A, D], B),
        # a Hochzeit played alone (TSR 4.4.3): one against three, like a solo
        ("hochzeit", [C], 3, None, [-3, -3, 9, -3], [C], C),
        ("hochzeit", [A, B, C], 2, None, [2, 2, 2, -6], [A, B, C], D),
        # a game worth 0: nobody marked, the taps do not count
        ("normal", [], 0, None, [0, 0, 0, 0], [], None),
        ("normal", [A, B], 0, None, [0, 0, 0, 0], [], None),
        ("pflichtsolo", [], 0, C, [0, 0, 0, 0], [], C),
        ("hochzeit", [], 0, None, [0, 0, 0, 0], [], None),
    ],
)
def test_tsr_7_3_the_row_from_one_sides_points(
    kind: str,
    plus: list[str],
    value: int,
    player: str | None,
    points: list[int],
    winners: list[str],
    soloist: str | None,
) -> None:
    row = derive(kind, FOUR, plus, value, player)
    assert row == QuickRow(dict(zip(FOUR, points, strict=True)), winners, soloist)
    assert sum(row.points.values()) == 0
    assert engine_errors(kind, row, FOUR) == []


def test_tsr_10_1_at_a_table_of_five_the_dealer_who_sits_out_gets_0() -> None:
    row = derive("pflichtsolo", FOUR, [A, B, C], 1, table=FIVE)
    assert row.points == {"10": 0, A: 1, B: 1, C: 1, D: -3}
    assert list(row.points) == FIVE
    assert row.winners == [A, B, C] and row.player == D
    assert engine_errors("pflichtsolo", row, FIVE) == []
    normal = derive("normal", FOUR, [B, D], 2, table=FIVE)
    assert normal.points == {"10": 0, A: -2, B: 2, C: -2, D: 2}
    assert engine_errors("normal", normal, FIVE) == []


@pytest.mark.parametrize(
    ("kind", "plus", "value", "player", "problem", "field"),
    [
        ("normal", [], 2, None, Problem.NO_PLUS, "winners"),
        ("pflichtsolo", [], 2, None, Problem.NO_PLUS, "winners"),
        ("normal", FOUR, 2, None, Problem.ALL_PLUS, "winners"),
        ("normal", [A], 2, None, Problem.NORMAL_SHAPE, "winners"),
        ("normal", [A, B, C], 2, None, Problem.NORMAL_SHAPE, "winners"),
        ("lustsolo", [A, B], 2, None, Problem.SOLO_SHAPE, "winners"),
        ("stille_hochzeit", [A, B], 2, None, Problem.SOLO_SHAPE, "winners"),
        ("pflichtsolo", [], 0, None, Problem.NEEDS_PLAYER, "player"),
        ("stille_hochzeit", [A], 0, None, Problem.NEEDS_PLAYER, "player"),
        ("pflichtsolo", [A], 2, B, Problem.PLAYER_MISMATCH, "player"),
        ("hochzeit", [A, B, C], 2, C, Problem.PLAYER_MISMATCH, "player"),
        ("normal", [A, "10"], 2, None, Problem.NOT_PLAYING, "winners"),
        ("pflichtsolo", [A], 2, "10", Problem.NOT_PLAYING, "player"),
        ("normal", [A, B], -2, None, Problem.NEGATIVE, "value"),
    ],
)
def test_taps_that_make_no_row_of_the_kind_are_refused_at_their_field(
    kind: str,
    plus: list[str],
    value: int,
    player: str | None,
    problem: Problem,
    field: str,
) -> None:
    with pytest.raises(QuickRowError) as raised:
        derive(kind, FOUR, plus, value, player, FIVE)
    assert raised.value.problem is problem
    assert raised.value.field == field


@pytest.mark.parametrize(
    ("playing", "table"),
    [(FOUR[:3], None), ([A, A, B, C], None), (FIVE, None), (FOUR, [A, B, C])],
)
def test_a_game_is_four_players_of_its_table(playing: list[str], table: list[str] | None) -> None:
    with pytest.raises(ValueError, match="players"):
        derive("normal", playing, [A, B], 1, table=table)


def test_an_unknown_kind_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="kind"):
        derive("ramsch", FOUR, [A, B], 1)


KINDS_AND_TAPS = st.sampled_from(
    [
        ("normal", 2),
        ("hochzeit", 1),
        ("hochzeit", 2),
        ("hochzeit", 3),
        ("stille_hochzeit", 1),
        ("stille_hochzeit", 3),
        ("pflichtsolo", 1),
        ("pflichtsolo", 3),
    ]
)


@given(KINDS_AND_TAPS, st.permutations(FOUR), st.integers(0, 200), st.booleans())
def test_a_derived_row_reads_back_as_its_taps_and_the_engine_accepts_it(
    kind_taps: tuple[str, int], order: list[str], value: int, five: bool
) -> None:
    kind, count = kind_taps
    plus = order[:count]
    player = order[3] if kind in ("stille_hochzeit", "pflichtsolo") and value == 0 else None
    table = FIVE if five else FOUR
    row = derive(kind, FOUR, plus, value, player, table)
    assert sum(row.points.values()) == 0
    assert set(row.winners) == ({k for k, v in row.points.items() if v > 0})
    shape = shape_of(row.points, FOUR)
    assert shape is not None
    assert derive(kind, FOUR, shape.plus, shape.value, row.player, table) == row
    assert engine_errors(kind, row, table) == []


@pytest.mark.parametrize(
    ("points", "shape"),
    [
        ({A: 2, B: 2, C: -2, D: -2}, Shape([A, B], 2)),
        ({A: -1, B: 3, C: -1, D: -1}, Shape([B], 1)),
        ({A: 1, B: 1, C: -3, D: 1}, Shape([A, B, D], 1)),
        ({A: 0, B: 0, C: 0, D: 0}, Shape([], 0)),
        ({"10": 0, A: 0, B: 3, C: -1, D: -2}, None),  # no game's row
        ({A: 2, B: 1, C: -2, D: -1}, None),
        ({A: 2, B: -2, C: -2, D: -2}, None),
        ({A: 3, B: 3, C: 3, D: -9}, Shape([A, B, C], 3)),
        ({A: 3, B: 2, C: 1, D: -6}, None),
        ({"10": 1, A: 1, B: -1, C: -1, D: 0}, None),  # the dealer who sits out has points
        ({A: "2", B: "2", C: "-2", D: "-2"}, None),  # not numbers
        ({A: 2, B: 2}, None),
    ],
)
def test_a_stored_row_as_taps_and_points(points: dict[str, Any], shape: Shape | None) -> None:
    assert shape_of(points, FOUR) == shape
