"""A quick entry's row ("Schnelleingabe") from the points of one side.

On paper a game is a row of points per player, the players with plus points marked as
winners (TSR 7.3.3(3)). Every row a game can produce has one of few shapes: two players +v
and two -v (Normalspiel, Hochzeit with a partner), or one player alone with 3v against the
three others' v (a solo, a stille Hochzeit, a Hochzeit played alone). So the list-keeper taps
the players with plus points and types v once; :func:`derive` writes the row: the zero sum,
the solo's x3, the marks, and the soloist where the taps name him. :func:`shape_of` reads a
stored row back into taps and v, for correcting it.

Both are pure: they know the table's players by their engine keys and the game kinds of
:data:`tournament.domain.list_entries.KINDS`. What the row breaks is a :class:`Problem` at a
field of the form (:class:`QuickRowError`); the form words it in German.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

from tournament.domain.list_entries import KINDS

#: The kinds whose soloist is alone in every row (the engine's solo shape, TSR 7.3).
SOLO_KINDS = frozenset(kind for kind, (game_type, _) in KINDS.items() if game_type == "solo") | {
    "stille_hochzeit"
}
#: The players of one game: four (at a table of five the dealer sits out, TSR 10.1).
PLAYING = 4

QuickField = Literal["kind", "winners", "value", "player"]


class Problem(Enum):
    """Why taps and points make no row of the kind."""

    NEGATIVE = "negative"  # v below 0: v is what each player with plus points gets
    NO_PLUS = "no_plus"  # points, but nobody tapped
    ALL_PLUS = "all_plus"  # all four tapped: the row cannot sum to 0
    NORMAL_SHAPE = "normal_shape"  # a Normalspiel with one or three tapped
    SOLO_SHAPE = "solo_shape"  # a solo (or stille Hochzeit) with two tapped
    NEEDS_PLAYER = "needs_player"  # a 0-point solo: the taps cannot name the soloist
    PLAYER_MISMATCH = "player_mismatch"  # the soloist named is not the one the taps say
    NOT_PLAYING = "not_playing"  # a tapped or named player does not play this game


#: The field each problem is shown at.
PROBLEM_FIELDS: Mapping[Problem, QuickField] = {
    Problem.NEGATIVE: "value",
    Problem.NO_PLUS: "winners",
    Problem.ALL_PLUS: "winners",
    Problem.NORMAL_SHAPE: "winners",
    Problem.SOLO_SHAPE: "winners",
    Problem.NEEDS_PLAYER: "player",
    Problem.PLAYER_MISMATCH: "player",
    Problem.NOT_PLAYING: "winners",
}


class QuickRowError(ValueError):
    """Taps and points that make no row of the game's kind; ``field``: where to say so."""

    def __init__(self, problem: Problem, field: QuickField | None = None) -> None:
        super().__init__(problem.value)
        self.problem = problem
        self.field: QuickField = field or PROBLEM_FIELDS[problem]


@dataclass(frozen=True)
class QuickRow:
    """A quick entry's ``points`` (every table player), ``winners`` (the players with plus
    points, in seat order) and ``player`` (soloist or Hochzeiter, if known)."""

    points: dict[str, int]
    winners: list[str]
    player: str | None


@dataclass(frozen=True)
class Shape:
    """A stored row as the form asks it: the players with plus points and their points."""

    plus: list[str]
    value: int


def derive(
    kind: str,
    playing: Sequence[str],
    plus: Collection[str],
    value: int,
    player: str | None = None,
    table: Sequence[str] | None = None,
) -> QuickRow:
    """The row of a game of ``kind`` among ``playing`` (the four players, in seat order) in
    which each player of ``plus`` got ``value`` points.

    One player with plus points in a solo-like game is the soloist who won (3v, the others -v);
    three are the soloist's opponents (v each, the soloist -3v); two are a party of a
    Normalspiel or of a Hochzeit with a partner (v each, the others -v). ``value`` 0 is a game
    worth nothing: every player 0, nobody marked, the taps do not count. ``player`` (the
    soloist or Hochzeiter as tapped) is needed only where the taps cannot say who it is: a
    0-point solo; a Hochzeit with a partner may name its Hochzeiter. ``table``: every player
    of the table (at five the dealer who sits out gets 0); default ``playing``.

    Raises :class:`QuickRowError` for taps that make no row of the kind.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown game kind {kind!r}")
    if len(playing) != PLAYING or len(set(playing)) != PLAYING:
        raise ValueError(f"a game has {PLAYING} different players, not {list(playing)}")
    keys = list(table) if table is not None else list(playing)
    if not set(playing) <= set(keys):
        raise ValueError("the players of a game sit at its table")
    if value < 0:
        raise QuickRowError(Problem.NEGATIVE)
    if not set(plus) <= set(playing):
        raise QuickRowError(Problem.NOT_PLAYING)
    if player is not None and player not in playing:
        raise QuickRowError(Problem.NOT_PLAYING, "player")
    solo_like = kind in SOLO_KINDS
    takes_player = solo_like or kind == "hochzeit"
    named = player if takes_player else None
    row = dict.fromkeys(keys, 0)
    if value == 0:
        if solo_like and named is None:
            raise QuickRowError(Problem.NEEDS_PLAYER)
        return QuickRow(row, [], named)
    tapped = [key for key in playing if key in plus]
    if not tapped:
        raise QuickRowError(Problem.NO_PLUS)
    if len(tapped) == PLAYING:
        raise QuickRowError(Problem.ALL_PLUS)
    others = [key for key in playing if key not in plus]
    if len(tapped) == 2:
        if solo_like:
            raise QuickRowError(Problem.SOLO_SHAPE)
        row |= dict.fromkeys(tapped, value) | dict.fromkeys(others, -value)
        return QuickRow(row, tapped, named)
    if kind == "normal":
        raise QuickRowError(Problem.NORMAL_SHAPE)
    # One or three tapped: a player alone against three.
    alone = tapped[0] if len(tapped) == 1 else others[0]
    if named is not None and named != alone:
        raise QuickRowError(Problem.PLAYER_MISMATCH)
    if len(tapped) == 1:
        row |= dict.fromkeys(others, -value) | {alone: 3 * value}
    else:
        row |= dict.fromkeys(tapped, value) | {alone: -3 * value}
    return QuickRow(row, tapped, alone)


def shape_of(points: Mapping[str, Any], playing: Sequence[str]) -> Shape | None:
    """The taps and points that give the stored row ``points`` (key: points) back, or None
    if the row has no shape :func:`derive` makes (it then has to be entered anew)."""
    if any(key not in playing and points[key] != 0 for key in points):
        return None
    values = [points.get(key, 0) for key in playing]
    if any(type(v) is not int for v in values):
        return None
    plus = [key for key, v in zip(playing, values, strict=True) if v > 0]
    minus = [v for v in values if v <= 0]
    if not plus:
        return Shape([], 0) if not any(values) else None
    high = {points[key] for key in plus}
    if len(plus) == 2 and len(high) == 1 and set(minus) == {-min(high)}:
        return Shape(plus, min(high))
    if len(plus) == 1 and len(set(minus)) == 1 and minus[0] < 0 and 3 * -minus[0] == min(high):
        return Shape(plus, -minus[0])
    if len(plus) == 3 and len(high) == 1 and minus == [-3 * min(high)]:
        return Shape(plus, min(high))
    return None


def paid_shape_of(points: Mapping[str, Any], playing: Sequence[str]) -> Shape | None:
    """The taps and points of a row that a pot paid (``forms.pot_row``: the players with plus
    points paid, the others 0; a soloist alone three times the value), or None."""
    if any(key not in playing and points[key] != 0 for key in points):
        return None
    values = [points.get(key, 0) for key in playing]
    if any(type(v) is not int or v < 0 for v in values):
        return None
    plus = [key for key, v in zip(playing, values, strict=True) if v > 0]
    if not plus:
        return Shape([], 0)
    high = {points[key] for key in plus}
    if len(high) != 1 or len(plus) == PLAYING:
        return None
    value = high.pop()
    if len(plus) == 1:
        return Shape(plus, value // 3) if value % 3 == 0 else None
    return Shape(plus, value)
