"""``python -m table_draw``: the command line (:mod:`table_draw.cli`)."""

from __future__ import annotations

import sys

from table_draw.cli import main

if __name__ == "__main__":
    sys.exit(main())
