"""How many examples a property test (hypothesis) draws: the number it names in the full run
(``make test``, CI, a plain ``pytest``), a quarter of it in the quick run of ``make check``,
which sets ``DOKO_TEST_QUICK=1`` (docs/development.md). The draw's corpus
(``tests/draw/test_draw_package.py``) and the hostile values each form field gets
(``tests/app/test_hostile_input.py``) are sampled alike. What a test checks stays checked in
both; the full run looks at more examples."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

QUICK_VARIABLE = "DOKO_TEST_QUICK"
#: The share of the examples ``make check`` draws, and the fewest it draws of a test.
QUICK_SHARE = 4
QUICK_LEAST = 10


def quick() -> bool:
    """Whether this is the quick run of ``make check``."""
    return os.environ.get(QUICK_VARIABLE, "") == "1"


def examples(full: int) -> int:
    """``full`` examples, or a quarter of them (at least 10, at most ``full``) in the quick run."""
    if not quick():
        return full
    return min(full, max(QUICK_LEAST, full // QUICK_SHARE))


def in_turn(values: Sequence[T], turn: int) -> Sequence[T]:
    """All of ``values``, or in the quick run every fourth of them, starting at ``turn``: over
    four turns in a row (four fields of a sweep) every value is taken once."""
    if not quick():
        return values
    return values[turn % QUICK_SHARE :: QUICK_SHARE]
