"""The queue in which writers wait for SQLite's single write lock, across threads and processes.

SQLite lets one connection write at a time. A second writer that asks while the lock is
taken sleeps in SQLite's busy handler, which polls with growing sleeps (up to 100 ms): under
a burst of saves the last of them waits far longer than the writes in front of it take.
So writers queue here first and ask SQLite only when it is their turn: threads of one
process on a lock, server processes on an exclusive ``flock`` of a file beside the database
(``scripts/run.py`` serves with one process per core). Where ``flock`` does not exist
(Windows) or the database is not a file, the thread lock alone remains.
"""

from __future__ import annotations

import os
import threading
import time

try:
    import fcntl
except ImportError:  # Windows: one server process, the thread lock suffices
    fcntl = None  # type: ignore[assignment]

# Between two tries for another process's lock: short, so that the next writer starts
# soon after the lock is free (one thread per process polls; the others wait on its lock).
POLL_SECONDS = 0.0005


class WriterQueue:
    """Acquire before ``BEGIN IMMEDIATE``, release after the commit or rollback."""

    def __init__(self, path: str | None, timeout: float) -> None:
        self.path = path if fcntl is not None else None
        self.timeout = timeout
        self._threads = threading.Lock()
        self._file: int | None = None
        self._file_pid = 0

    def acquire(self) -> bool:
        """Wait for the turn of this writer; ``False`` after ``timeout`` seconds (then SQLite's
        own busy timeout decides)."""
        deadline = time.monotonic() + self.timeout
        if not self._threads.acquire(timeout=self.timeout):
            return False
        if self.path is None or fcntl is None:
            return True
        descriptor = self._descriptor()
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    self._threads.release()
                    return False
                time.sleep(POLL_SECONDS)

    def release(self) -> None:
        if self.path is not None and fcntl is not None:
            fcntl.flock(self._descriptor(), fcntl.LOCK_UN)
        self._threads.release()

    def _descriptor(self) -> int:
        """The lock file, opened by this process: a descriptor inherited through ``fork``
        shares its lock with the parent, so it would not keep the processes apart."""
        pid = os.getpid()
        if self._file is None or self._file_pid != pid:
            assert self.path is not None
            self._file = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            self._file_pid = pid
        return self._file
