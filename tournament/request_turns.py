"""Requests of one server process take turns; a long one lends its server another thread.

Python runs one thread at a time in a process. When waitress's threads serve several short
requests side by side, every one of them ends late: they take turns on the interpreter, and so
does a save holding SQLite's write lock (``tournament.writer_queue``) while the other
processes' saves wait for it. ``scripts/run.py`` therefore serves with one thread per process:
each request runs to its end, in the order they came. Measured on two cores with 50 tables
saving in the same instant (``bench/list_entry.py``), the 95th percentile of a save was 540 ms
with eight threads and 112 ms with one (141 ms with three threads taking turns on a lock, as
the other threads' own work got in the way).

A request that takes seconds (a whole tournament's workbook out or in) calls
:func:`step_aside` first: its server gets one more thread until that request has ended, so
the tables are not kept waiting by a download. Without :class:`StepAside` around the app
(tests, ``flask run``), ``step_aside`` does nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from flask import request

_STEP_ASIDE = "doko.step_aside"

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Threads(Protocol):
    """A server's pool of worker threads (waitress's task dispatcher)."""

    def set_thread_count(self, count: int) -> None: ...


class StepAside:
    """WSGI middleware: a request that steps aside adds a worker thread until it has ended."""

    def __init__(self, app: WSGIApp, threads: Threads, count: int) -> None:
        self.app = app
        self.threads = threads
        self.count = count
        self._lent = 0
        self._lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        stepped = False

        def step() -> None:
            nonlocal stepped
            if not stepped:
                stepped = True
                self._lend(1)

        environ[_STEP_ASIDE] = step
        try:
            body = self.app(environ, start_response)
        except BaseException:
            if stepped:
                self._lend(-1)
            raise
        # The thread stays lent until the server has sent the body and closes it.
        return _Body(body, lambda: self._lend(-1)) if stepped else body

    def _lend(self, change: int) -> None:
        with self._lock:
            self._lent += change
            self.threads.set_thread_count(self.count + self._lent)


class _Body:
    """The response body, passed through; closing it (as every WSGI server does once it has
    sent it) closes the app's body, then calls ``ended``."""

    def __init__(self, body: Iterable[bytes], ended: Callable[[], None]) -> None:
        self.body = body
        self.ended = ended

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.body)

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            self.ended()


def step_aside() -> None:
    """This request will take long: let the next requests be served meanwhile."""
    step = request.environ.get(_STEP_ASIDE)
    if step is not None:
        step()
