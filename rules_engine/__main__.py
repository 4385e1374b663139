"""``python -m rules_engine score|replay``: see :mod:`rules_engine.cli`."""

from .cli import main

raise SystemExit(main())
