"""Requests of one server process take turns: each runs to its end before the next begins.

Python runs one thread at a time in a process. When waitress's threads serve several short
requests side by side, each one takes turns on the interpreter with all the others, so every
one of them ends late, and a save holding SQLite's write lock (``tournament.writer_queue``)
makes the other processes' saves wait while it waits for its turn here. When all tables save
at once, saves run in the order they came, each as fast as it can, instead: measured on two
cores with 50 tables saving in the same instant, the 95th percentile of a save fell from 540
to 210 ms (``bench/list_entry.py``; before the other savings of that day).

A request that takes seconds (a whole tournament's workbook out or in) calls
:func:`step_aside` first: the next request's turn begins while it goes on, so the tables are
not kept waiting by a download. ``scripts/run.py`` wraps the app in :class:`RequestTurns`;
without it (tests, ``flask run``) requests run side by side as before and ``step_aside`` does
nothing.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from flask import request

_STEP_ASIDE = "doko.step_aside"

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class RequestTurns:
    """WSGI middleware: one request at a time, in the order they arrived."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app
        self._lock = threading.Lock()
        self._busy = False
        self._waiting: deque[threading.Lock] = deque()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        self._wait_for_turn()
        ended = False

        def end_turn() -> None:
            nonlocal ended
            if not ended:
                ended = True
                self._next()

        environ[_STEP_ASIDE] = end_turn
        try:
            body = self.app(environ, start_response)
        except BaseException:
            end_turn()
            raise
        # The turn ends when the server has sent the body and closes it: handed on while
        # this thread still writes the answer, the next request would only wait for the
        # interpreter instead.
        return _Body(body, end_turn)

    def _wait_for_turn(self) -> None:
        with self._lock:
            if not self._busy:
                self._busy = True
                return
            turn = threading.Lock()
            turn.acquire()
            self._waiting.append(turn)
        turn.acquire()  # released by the request before this one, when it ends

    def _next(self) -> None:
        """Hand the turn to the longest waiting request, or leave it free."""
        with self._lock:
            if self._waiting:
                self._waiting.popleft().release()
            else:
                self._busy = False


class _Body:
    """The response body, passed through; closing it (as every WSGI server does once it has
    sent it) closes the app's body and ends the turn."""

    def __init__(self, body: Iterable[bytes], end_turn: Callable[[], None]) -> None:
        self.body = body
        self.end_turn = end_turn

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.body)

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            self.end_turn()


def step_aside() -> None:
    """This request will take long: let the next requests have their turns meanwhile."""
    end_turn = request.environ.get(_STEP_ASIDE)
    if end_turn is not None:
        end_turn()
