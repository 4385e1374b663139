"""Waiting for what a server does in its own time."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    """Whether ``condition`` comes true within ``seconds`` (asked every 0.05 s)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
    return True
