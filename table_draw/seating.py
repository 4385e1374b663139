"""Where the drawn groups sit: the positions within a table (first dealer, list-keeper) and
the table numbers (fixed tables at their numbers, tables of five at the highest)."""

from __future__ import annotations

import random
from collections.abc import Sequence

__all__ = ["number_tables", "seat"]


def seat(
    group: Sequence[int], dealer: list[int], keeper: list[int], rng: random.Random
) -> list[int]:
    """Positions within a table: fewest first deals at 1, fewest lists at the last seat."""
    order = list(group)
    rng.shuffle(order)
    first = min(order, key=lambda p: dealer[p])
    order.remove(first)
    last = min(order, key=lambda p: keeper[p])
    order.remove(last)
    return [first, *order, last]


def number_tables(
    groups: list[list[int]], fixed: dict[int, int], rng: random.Random
) -> list[list[int]]:
    """Table order: fixed tables at their numbers, fives at the highest numbers left."""
    count = len(groups)
    numbered: list[list[int] | None] = [None] * count
    rest: list[list[int]] = []
    for group in groups:
        table = next((fixed[p] for p in group if p in fixed), 0)
        if table:
            numbered[table - 1] = group
        else:
            rest.append(group)
    free = [t for t in range(count) if numbered[t] is None]
    fours = [group for group in rest if len(group) == 4]
    fives = [group for group in rest if len(group) != 4]
    rng.shuffle(fours)
    rng.shuffle(fives)
    for t, group in zip(free, fours + fives, strict=True):
        numbered[t] = group
    return [group for group in numbered if group is not None]
