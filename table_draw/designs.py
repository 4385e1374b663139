"""Schedules without a repeated meeting to start a plan from: the affine plane of order 4
(16 players), a partial spread (32 players), and the stored schedules of
:mod:`table_draw.stored_schedules` decoded into rounds of tables of points."""

from __future__ import annotations

from table_draw.request import table_sizes
from table_draw.stored_schedules import ALPHABET, STORED_SCHEDULES

__all__ = ["SPREAD_32", "affine_plane_16", "design", "spread_32", "stored_schedule"]


def _gf4_mul(a: int, b: int) -> int:
    """Multiplication in the field with four elements 0, 1, w, w+1 coded 0..3 (add = xor)."""
    result = 0
    for bit in range(2):
        if b >> bit & 1:
            result ^= a << bit
    if result & 4:
        result ^= 0b111  # w*w = w + 1
    return result


def affine_plane_16() -> list[list[list[int]]]:
    """The 5 parallel classes of the affine plane over GF(4): points 4x + y."""
    rounds: list[list[list[int]]] = []
    for slope in range(4):
        rounds.append([[4 * x + (_gf4_mul(slope, x) ^ b) for x in range(4)] for b in range(4)])
    rounds.append([[4 * x + y for y in range(4)] for x in range(4)])
    return rounds


# Nine 2-dimensional subspaces of GF(2)^5 meeting only in 0 (each given by its nonzero vectors).
SPREAD_32 = (
    (1, 2, 3),
    (4, 8, 12),
    (5, 10, 15),
    (6, 16, 22),
    (7, 18, 21),
    (9, 17, 24),
    (11, 20, 31),
    (13, 19, 30),
    (14, 23, 25),
)


def spread_32() -> list[list[list[int]]]:
    """9 rounds for 32 players: the cosets of the subspaces of ``SPREAD_32``."""
    rounds: list[list[list[int]]] = []
    for a, b, c in SPREAD_32:
        seen: set[int] = set()
        groups: list[list[int]] = []
        for x in range(32):
            if x not in seen:
                group = [x, x ^ a, x ^ b, x ^ c]
                seen.update(group)
                groups.append(group)
        rounds.append(groups)
    return rounds


def stored_schedule(count: int) -> list[list[list[int]]] | None:
    """The stored schedule for ``count`` players as rounds of tables of points, if any."""
    rounds = STORED_SCHEDULES.get(count)
    if rounds is None:
        return None
    sizes = table_sizes(count)
    schedule: list[list[list[int]]] = []
    for text in rounds:
        points = [ALPHABET.index(char) for char in text]
        groups: list[list[int]] = []
        start = 0
        for size in sizes:
            groups.append(points[start : start + size])
            start += size
        schedule.append(groups)
    return schedule


def design(count: int, sizes: tuple[int, ...] | None = None) -> list[list[list[int]]] | None:
    """The schedule without repeated meetings that a plan for ``count`` players starts from
    (none for a round with tables of three: the designs are of fours and fives)."""
    if sizes is not None and 3 in sizes:
        return None
    if count == 16:
        return affine_plane_16()
    if count == 32:
        return spread_32()
    return stored_schedule(count)
