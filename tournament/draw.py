"""The table draw under its first name: ``python -m tournament.draw`` and
``tournament.draw`` are :mod:`table_draw` (the package; how the draw works: ``docs/draw.md``).
"""

from __future__ import annotations

import sys

from table_draw import (
    MESSAGES,
    DrawCode,
    DrawError,
    DrawRequest,
    DrawResult,
    Player,
    count_repeats,
    draw,
    main,
    parse_request,
    run,
    table_sizes,
)

__all__ = [
    "MESSAGES",
    "DrawCode",
    "DrawError",
    "DrawRequest",
    "DrawResult",
    "Player",
    "count_repeats",
    "draw",
    "main",
    "parse_request",
    "run",
    "table_sizes",
]

if __name__ == "__main__":
    sys.exit(main())
