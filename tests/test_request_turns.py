"""Requests of one server process take turns (``tournament.request_turns``): one at a time, in
the order they came, and a long one (a whole tournament's workbook) lets the others go on."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.webapp import create_tournament, sign_in
from tournament.request_turns import RequestTurns

HOLD = 0.05  # seconds each request works


class Recorder:
    """A WSGI app that notes when each request starts and ends."""

    def __init__(self, work: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.events: list[tuple[str, str]] = []
        self.lock = threading.Lock()
        self.work = work

    def __call__(
        self, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> Iterable[bytes]:
        name = environ["name"]
        with self.lock:
            self.events.append(("start", name))
        if self.work is not None:
            self.work(environ)
        time.sleep(HOLD)
        with self.lock:
            self.events.append(("end", name))
        start_response("200 OK", [])
        return [b"ok"]


def _send(app: RequestTurns, names: list[str], gap: float = 0.01) -> list[BaseException]:
    """Each name a request from its own thread, in this order (``gap`` seconds apart)."""
    failed: list[BaseException] = []

    def one(name: str) -> None:
        """As a WSGI server serves a request: call the app, send its body, close it."""
        try:
            body = app({"name": name}, lambda status, headers: None)
            try:
                b"".join(body)
            finally:
                body.close()  # type: ignore[attr-defined]
        except BaseException as error:
            failed.append(error)

    threads = []
    for name in names:
        thread = threading.Thread(target=one, args=(name,))
        thread.start()
        threads.append(thread)
        time.sleep(gap)
    for thread in threads:
        thread.join(timeout=30)
    return failed


def test_requests_run_one_at_a_time_in_the_order_they_came() -> None:
    recorder = Recorder()
    assert _send(RequestTurns(recorder), ["a", "b", "c", "d"]) == []
    assert recorder.events == [
        ("start", "a"),
        ("end", "a"),
        ("start", "b"),
        ("end", "b"),
        ("start", "c"),
        ("end", "c"),
        ("start", "d"),
        ("end", "d"),
    ]


def test_a_request_that_steps_aside_lets_the_next_ones_run_meanwhile() -> None:
    def long_download(environ: dict[str, Any]) -> None:
        if environ["name"] == "export":
            environ["doko.step_aside"]()
            environ["doko.step_aside"]()  # twice changes nothing
            time.sleep(5 * HOLD)

    recorder = Recorder(long_download)
    assert _send(RequestTurns(recorder), ["export", "a", "b"]) == []
    order = recorder.events
    assert order.index(("end", "a")) < order.index(("start", "b"))  # the others took turns
    assert order.index(("end", "b")) < order.index(("end", "export"))  # while it went on


def test_the_turn_lasts_until_the_body_is_sent() -> None:
    """The server sends the answer within the request's turn (the next one would otherwise
    only wait for the interpreter); closing the body ends it, and closes the app's body."""
    closed: list[str] = []

    class Body(list[bytes]):
        def close(self) -> None:
            closed.append("app's body")

    turns = RequestTurns(lambda environ, start_response: Body([b"ok"]))
    first = turns({}, lambda status, headers: None)
    waiting = threading.Thread(target=lambda: turns({}, lambda status, headers: None).close())
    waiting.start()
    waiting.join(timeout=3 * HOLD)
    assert waiting.is_alive()  # the first body is not closed yet: still its turn
    assert b"".join(first) == b"ok"
    first.close()  # type: ignore[attr-defined]
    waiting.join(timeout=30)
    assert not waiting.is_alive()
    assert closed == ["app's body", "app's body"]


def test_a_request_that_fails_still_passes_the_turn_on() -> None:
    def fail(environ: dict[str, Any]) -> None:
        if environ["name"] == "broken":
            raise RuntimeError("kaputt")

    recorder = Recorder(fail)
    failed = _send(RequestTurns(recorder), ["broken", "a"])
    assert [str(error) for error in failed] == ["kaputt"]
    assert ("end", "a") in recorder.events


def test_the_tournament_workbook_steps_aside(app: Flask, client: FlaskClient) -> None:
    sign_in(app, client)
    tournament_id = create_tournament(client)
    stepped: list[bool] = []
    response = client.get(
        f"/turniere/{tournament_id}/turnier.xlsx",
        environ_base={"doko.step_aside": lambda: stepped.append(True)},
    )
    assert response.status_code == 200
    assert stepped == [True]
