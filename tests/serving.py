"""A waitress server run in a thread for the length of a test."""

from __future__ import annotations

import errno
import threading
from collections.abc import Iterator
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
