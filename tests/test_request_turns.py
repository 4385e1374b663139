"""Requests of one server process take turns (``tournament.request_turns``): one thread serves
them one after another, and a long one (a whole tournament's workbook) lends its server
another thread, so the others are served meanwhile."""

from __future__ import annotations

import http.client
import socket
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, request
from flask.testing import FlaskClient

from tests.serving import in_thread
from tests.webapp import create_tournament, sign_in
from tournament.request_turns import StepAside, step_aside

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import run

WAIT = 30.0  # seconds a request waits for the other one at most


class Pool:
    """Stands in for waitress's threads: notes every thread count asked for."""

    def __init__(self) -> None:
        self.counts: list[int] = []

    def set_thread_count(self, count: int) -> None:
        self.counts.append(count)


def _app(steps: bool, body: Iterable[bytes] = (b"ok",)) -> Callable[..., Iterable[bytes]]:
    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if steps:
            environ["doko.step_aside"]()
            environ["doko.step_aside"]()  # twice lends one thread
        start_response("200 OK", [])
        return body

    return app


def test_a_request_that_steps_aside_lends_a_thread_until_its_body_is_closed() -> None:
    pool = Pool()
    served = StepAside(_app(steps=True), pool, 1)
    body = served({}, lambda status, headers: None)
    assert pool.counts == [2]
    assert b"".join(body) == b"ok"
    body.close()  # type: ignore[attr-defined]
    assert pool.counts == [2, 1]


def test_two_long_requests_lend_two_threads() -> None:
    pool = Pool()
    served = StepAside(_app(steps=True), pool, 1)
    first = served({}, lambda status, headers: None)
    second = served({}, lambda status, headers: None)
    first.close()  # type: ignore[attr-defined]
    second.close()  # type: ignore[attr-defined]
    assert pool.counts == [2, 3, 2, 1]


def test_the_app_s_body_is_closed_and_short_requests_pass_untouched() -> None:
    closed: list[bool] = []

    class Body(list[bytes]):
        def close(self) -> None:
            closed.append(True)

    pool = Pool()
    body = Body([b"ok"])
    assert StepAside(_app(steps=False, body=body), pool, 1)({}, lambda s, h: None) is body
    StepAside(_app(steps=True, body=body), pool, 1)({}, lambda s, h: None).close()
    assert closed == [True]
    assert pool.counts == [2, 1]


def test_a_failing_request_gives_its_thread_back() -> None:
    def failing(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterator[bytes]:
        environ["doko.step_aside"]()
        raise RuntimeError("kaputt")

    pool = Pool()
    with pytest.raises(RuntimeError, match="kaputt"):
        StepAside(failing, pool, 1)({}, lambda status, headers: None)
    assert pool.counts == [2, 1]


# ------------------------------------------------------------------ served as run.py serves


@contextmanager
def _served(app: Flask) -> Iterator[int]:
    """``app`` served by waitress as ``scripts/run.py`` serves it in each process."""
    listener = socket.create_server(("127.0.0.1", 0))
    server = run._server(app, [listener], run.server_options(None))
    with in_thread(server, WAIT):
        yield int(listener.getsockname()[1])


def _waiting_app(wait: float) -> tuple[Flask, threading.Event]:
    """``/lang`` waits up to ``wait`` seconds for ``/kurz`` (stepping aside first with
    ``?beiseite``) and answers whether ``/kurz`` was served meanwhile; the event is set once
    ``/lang`` is being served."""
    app = Flask(__name__)
    started = threading.Event()
    answered = threading.Event()

    @app.get("/lang")
    def long_request() -> str:
        if "beiseite" in request.args:
            step_aside()
        started.set()
        return "meanwhile" if answered.wait(wait) else "after"

    @app.get("/kurz")
    def short_request() -> str:
        answered.set()
        return "kurz"

    return app, started


def _get_both(port: int, long_path: str, started: threading.Event) -> str:
    """Send the long request, and the short one once the long one is being served; the
    long one's answer."""
    results: dict[str, str] = {}

    def get(path: str) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=3 * WAIT)
        try:
            connection.request("GET", path)
            results[path] = connection.getresponse().read().decode()
        finally:
            connection.close()

    long = threading.Thread(target=get, args=(long_path,))
    long.start()
    assert started.wait(WAIT)
    get("/kurz")
    long.join(timeout=3 * WAIT)
    assert results["/kurz"] == "kurz"
    return results[long_path]


def test_requests_of_one_process_are_served_one_after_another() -> None:
    app, started = _waiting_app(wait=0.5)
    with _served(app) as port:
        assert _get_both(port, "/lang", started) == "after"


def test_a_request_that_steps_aside_lets_the_next_one_be_served_meanwhile() -> None:
    app, started = _waiting_app(wait=WAIT)
    with _served(app) as port:
        assert _get_both(port, "/lang?beiseite", started) == "meanwhile"


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
