"""The drawn round as the response gives it (``DrawResult``) and the count of its repeated
meetings (``count_repeats``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["DrawResult", "count_repeats"]


@dataclass(frozen=True)
class DrawResult:
    """The drawn round: tables (table 1 first) with player ids in position order."""

    tables: tuple[tuple[str, ...], ...]
    seed: int
    repeats: int
    five_tables: int

    def to_json(self) -> dict[str, object]:
        """The response object of the contract, keys in contract order."""
        return {
            "tables": [list(table) for table in self.tables],
            "seed": self.seed,
            "repeats": self.repeats,
            "five_tables": self.five_tables,
        }


def count_repeats(
    tables: Sequence[Sequence[str]], history: Sequence[Sequence[Sequence[str]]]
) -> int:
    """Pairs at one table in ``tables`` who already shared a table in ``history`` (once each)."""
    met: set[tuple[str, str]] = set()
    for past_round in history:
        for table in past_round:
            for i, first in enumerate(table):
                for second in table[i + 1 :]:
                    met.add((first, second) if first < second else (second, first))
    repeats = 0
    for table in tables:
        for i, first in enumerate(table):
            for second in table[i + 1 :]:
                if ((first, second) if first < second else (second, first)) in met:
                    repeats += 1
    return repeats
