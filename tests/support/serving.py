"""A waitress server run in a thread for the length of a test, and waiting for what a server
does in its own time."""

from __future__ import annotations

import errno
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def in_thread(server: Any, wait: float = 5) -> Iterator[None]:
    """Serve with ``server`` (a waitress server) in a thread until the block ends, then
    close it and wait up to ``wait`` seconds for the thread."""

    def serving() -> None:
        try:
            server.run()
        except OSError as error:
            # close() from the test's thread may catch the loop in select() on the socket it
            # closes: that ends the serving, nothing else.
            if error.errno != errno.EBADF:
                raise

    thread = threading.Thread(target=serving, daemon=True)
    thread.start()
    try:
        yield
    finally:
        server.close()
        thread.join(timeout=wait)


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    """Whether ``condition`` comes true within ``seconds`` (asked every 0.05 s)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
    return True
