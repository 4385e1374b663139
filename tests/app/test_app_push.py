"""The public live pages' streams (``tournament.web.push``), driven as the server's event loop
drives the ASGI app: an anonymous phone on a public live page gets a stream, and each new state
of the page once, as the page its poll would get, sent alike to every stream of the page from
one poll; anyone else gets the poll's own answer and no stream. A stream opened behind gets the
newest page first; a phone that leaves is forgotten; the server's stop ends every stream; every
other request goes to Flask."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import re
import threading
import time
import zlib
from collections.abc import AsyncIterator, Coroutine, Iterator, MutableMapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.support.webapp import complete_lists, heard_of_write, live_state
from tournament import changes
from tournament.extensions import db
from tournament.models import RoundTable
from tournament.web import push, security_headers, static_files

T = TypeVar("T")


def _run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: Playwright's sync API (a browser test before
    this one on the same worker) keeps an event loop in the test's thread."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main).result()


@pytest.fixture
def pushed(app: Flask) -> Iterator[push.PushedPages]:
    app.config["LIVE_COALESCE_SECONDS"] = 0.0
    deadline = time.monotonic() + 5
    while changes.of(app).generation() is None and time.monotonic() < deadline:
        time.sleep(0.02)  # PostgreSQL: the listener's first connection (till then, polls)
    yield push.PushedPages(app, app, 4)


@dataclass
class Phone:
    """One request's side of the ASGI conversation."""

    received: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    sent: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    gunzip: Any = field(default_factory=lambda: zlib.decompressobj(16 + zlib.MAX_WBITS))
    text: str = ""

    async def receive(self) -> dict[str, Any]:
        return await self.received.get()

    async def send(self, message: MutableMapping[str, Any]) -> None:
        await self.sent.put(dict(message))

    async def start(self) -> dict[str, Any]:
        return await asyncio.wait_for(self.sent.get(), 15)

    async def event(self) -> dict[str, str]:
        """The next event (not a comment) the stream sends: its fields, ``data`` joined."""
        while "\n\n" not in self.text:
            message = await asyncio.wait_for(self.sent.get(), 15)
            assert message["more_body"], "the stream ended"
            self.text += self.gunzip.decompress(message["body"]).decode()
        block, self.text = self.text.split("\n\n", 1)
        fields: dict[str, str] = {}
        for line in block.split("\n"):
            name, _, value = line.partition(": ")
            if name:
                fields[name] = f"{fields[name]}\n{value}" if name in fields else value
        if not fields:  # a comment
            return await self.event()
        return fields


def _scope(path: str, token: str | None, *, cookie: bool = False) -> dict[str, Any]:
    headers = [(b"accept", b"text/event-stream"), (b"accept-encoding", b"gzip, deflate")]
    if cookie:
        headers.append((b"cookie", b"session=x"))
    return {
        "type": "http",
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "root_path": "",
        "query_string": b"" if token is None else f"stand={token}".encode(),
        "headers": [(b"host", b"turnier.test"), *headers],
        "client": ("10.0.0.7", 50000),
        "server": ("turnier.test", 80),
    }


@asynccontextmanager
async def _stream(
    app: push.PushedPages, path: str, token: str | None, *, cookie: bool = False
) -> AsyncIterator[tuple[Phone, dict[str, Any]]]:
    phone = Phone()
    task = asyncio.ensure_future(app(_scope(path, token, cookie=cookie), phone.receive, phone.send))
    try:
        yield phone, await phone.start()
    finally:
        await phone.received.put({"type": "http.disconnect"})
        await asyncio.wait_for(task, 15)


async def _save(app: Flask, client: FlaskClient, tid: int) -> None:
    """The round's lists written in full (the standings move on)."""
    before = changes.of(app).generation()
    await asyncio.to_thread(complete_lists, app, tid, 1)
    await asyncio.to_thread(heard_of_write, app, before)


def _flask_asked(pushed: push.PushedPages) -> list[dict[str, Any]]:
    """The requests ``pushed`` hands to Flask's pool from now on (their scopes)."""
    to_flask = pushed.http
    asked: list[dict[str, Any]] = []

    async def counted(scope: dict[str, Any], receive: Any, send: Any) -> None:
        asked.append(scope)
        await to_flask(scope, receive, send)

    pushed.http = counted  # type: ignore[assignment]
    return asked


def _standings(running: dict[str, Any]) -> str:
    return f"/turniere/{running['tid']}/stand"


def _shown(app: Flask, path: str) -> str:
    """The state of the page at ``path`` as a phone opens it."""
    return live_state(app.test_client().get(path).get_data(as_text=True))


def test_a_phone_on_a_public_page_gets_each_new_state_through_its_stream(
    app: Flask, client: FlaskClient, running: dict[str, Any], pushed: push.PushedPages
) -> None:
    path = _standings(running)
    shown = _shown(app, path)

    async def run() -> None:
        async with _stream(pushed, path, shown) as (phone, start):
            assert start["status"] == 200
            headers = dict(start["headers"])
            assert headers[b"content-type"] == b"text/event-stream"
            assert headers[b"content-encoding"] == b"gzip"
            assert (await phone.event()) == {"retry": str(push.RETRY_MS)}
            await _save(app, client, running["tid"])
            event = await phone.event()
            assert event["event"] == "page" and event["id"] != shown
            # The page its poll gets now, of the state the event names.
            polled = app.test_client().get(f"{path}?stand={shown}", headers={"HX-Request": "true"})
            assert polled.status_code == 200
            assert live_state(event["data"]) == event["id"] == live_state(polled.text)
            assert event["data"] == polled.text.rstrip("\n")

    _run(run())


def test_every_stream_of_a_page_gets_the_same_event_from_one_render(
    app: Flask, client: FlaskClient, running: dict[str, Any], pushed: push.PushedPages
) -> None:
    path = _standings(running)
    shown = _shown(app, path)
    polls = pushed.polls
    pages: list[str] = []

    def counted(environ: dict[str, Any], start_response: Any) -> Any:
        def started(status: str, headers: Any, *rest: Any) -> Any:
            if status.startswith("200"):
                pages.append(status)
            return start_response(status, headers, *rest)

        return polls(environ, started)

    pushed.polls = counted

    async def run() -> None:
        async with contextlib.AsyncExitStack() as opened:
            phones = [
                (await opened.enter_async_context(_stream(pushed, path, shown)))[0]
                for _ in range(3)
            ]
            assert len(pushed.channels) == 1
            for phone in phones:
                await phone.event()  # retry
            await _save(app, client, running["tid"])
            events = [await phone.event() for phone in phones]
            assert events[0] == events[1] == events[2]
            assert len(pages) == 1  # one poll got the page, for all three
        assert pushed.channels == {}  # the phones left: nothing is polled for them

    _run(run())


def test_a_slow_page_does_not_hold_back_the_other_pages_news(
    app: Flask, client: FlaskClient, running: dict[str, Any], pushed: push.PushedPages
) -> None:
    """After a save, the worker asks for each page that has streams side by side: while the
    round's standings take long, the overall standings' phones already have theirs (one after
    the other, a hall's five tournaments held each other's phones back by 0.7 s)."""
    overall = _standings(running)
    round_ = f"/turniere/{running['tid']}/runden/1/stand"
    shown = {path: _shown(app, path) for path in (overall, round_)}
    polls = pushed.polls
    slow = threading.Event()
    release = threading.Event()

    def held(environ: dict[str, Any], start_response: Any) -> Any:
        if slow.is_set() and environ["PATH_INFO"] == round_:
            release.wait(15)
        return polls(environ, start_response)

    pushed.polls = held

    async def run() -> None:
        async with (
            _stream(pushed, round_, shown[round_]) as (behind, _),
            _stream(pushed, overall, shown[overall]) as (phone, _),
        ):
            for opened in (behind, phone):
                await opened.event()  # retry
            slow.set()
            await _save(app, client, running["tid"])
            assert (await phone.event())["event"] == "page"
            assert behind.sent.empty()
            release.set()
            assert (await behind.event())["event"] == "page"

    try:
        _run(run())
    finally:
        release.set()


def test_a_stream_opened_behind_gets_the_newest_page_first(
    app: Flask, client: FlaskClient, running: dict[str, Any], pushed: push.PushedPages
) -> None:
    path = _standings(running)
    old = _shown(app, path)
    _run(_save(app, client, running["tid"]))
    new = _shown(app, path)
    assert new != old

    async def run() -> None:
        async with _stream(pushed, path, old) as (phone, start):
            assert start["status"] == 200
            await phone.event()  # retry
            event = await phone.event()
            assert event["id"] == new == live_state(event["data"])

    _run(run())


@pytest.mark.parametrize("case", ["cookie", "list", "unknown"])
def test_anyone_but_an_anonymous_phone_on_a_public_page_gets_no_stream(
    app: Flask, running: dict[str, Any], pushed: push.PushedPages, case: str
) -> None:
    """A browser with a cookie (a page of its own), a table's list (its keeper's) and a page
    that does not exist get the poll's answer without a page, and poll."""
    with app.app_context():
        code = db.session.execute(select(RoundTable.access_code)).scalars().first()
    path = {
        "cookie": _standings(running),
        "list": f"/tisch/{code}/stand",
        "unknown": "/turniere/999/stand",
    }[case]

    async def run() -> None:
        async with _stream(pushed, path, "x", cookie=case == "cookie") as (phone, start):
            assert start["status"] == (404 if case == "unknown" else 204)
            assert dict(start.get("headers", [])).get(b"content-type") != b"text/event-stream"
            end = await asyncio.wait_for(phone.sent.get(), 15)
            assert end["body"] == b"" and not end.get("more_body")
        assert pushed.channels == {}

    _run(run())


def test_the_servers_stop_ends_every_stream(
    app: Flask, running: dict[str, Any], pushed: push.PushedPages
) -> None:
    path = _standings(running)

    async def run() -> None:
        life = Phone()
        lifespan = asyncio.ensure_future(pushed({"type": "lifespan"}, life.receive, life.send))
        await life.received.put({"type": "lifespan.startup"})
        assert (await life.start())["type"] == "lifespan.startup.complete"
        phone = Phone()
        scope = _scope(path, None)
        task = asyncio.ensure_future(pushed(scope, phone.receive, phone.send))
        assert (await phone.start())["status"] == 200
        await phone.event()
        await life.received.put({"type": "lifespan.shutdown"})
        assert (await life.start())["type"] == "lifespan.shutdown.complete"
        await asyncio.wait_for(task, 15)
        last = None
        while not phone.sent.empty():
            last = phone.sent.get_nowait()
        assert last is not None and last["body"] == b"" and not last.get("more_body")
        await lifespan

    _run(run())


@pytest.mark.postgresql_only
def test_a_worker_serves_once_it_follows_the_databases_changes(app: Flask) -> None:
    """A new server process (a gunicorn worker after its fork) connects its listener at the
    lifespan's start: its first phones get streams, not refusals while it connects."""
    signal = changes.PostgresSignal(changes.of(app)._conninfo)  # type: ignore[attr-defined]
    pushed = push.PushedPages(app, app, 2)
    pushed.signal = signal
    assert signal._pid == 0  # nothing asked yet: no listener

    async def run() -> None:
        life = Phone()
        lifespan = asyncio.ensure_future(pushed({"type": "lifespan"}, life.receive, life.send))
        await life.received.put({"type": "lifespan.startup"})
        assert (await life.start())["type"] == "lifespan.startup.complete"
        assert signal.generation() is not None
        await life.received.put({"type": "lifespan.shutdown"})
        assert (await life.start())["type"] == "lifespan.shutdown.complete"
        await lifespan

    try:
        _run(run())
    finally:
        signal.stop()


def test_the_servers_stop_waits_for_the_requests_under_way(app: Flask) -> None:
    """The phone has the whole answer while the request's thread still hands the answer's
    end to the event loop: the lifespan ends only after that thread, or the worker's end
    waits for it forever."""
    answered = threading.Event()
    finish = threading.Event()

    def slow(environ: dict[str, Any], start_response: Any) -> Any:
        start_response("200 OK", [("Content-Length", "2")])

        def body() -> Iterator[bytes]:
            yield b"ok"
            answered.set()
            finish.wait(15)

        return body()

    pushed = push.PushedPages(slow, app, 2)
    scope = _scope("/", None)
    scope["method"] = "POST"  # a save: the pool's thread answers it
    scope["headers"] = [(b"host", b"turnier.test")]

    async def run() -> None:
        life, phone = Phone(), Phone()
        lifespan = asyncio.ensure_future(pushed({"type": "lifespan"}, life.receive, life.send))
        await life.received.put({"type": "lifespan.startup"})
        assert (await life.start())["type"] == "lifespan.startup.complete"
        await phone.received.put({"type": "http.request", "body": b"", "more_body": False})
        request = asyncio.ensure_future(pushed(scope, phone.receive, phone.send))
        assert (await phone.start())["status"] == 200
        assert (await phone.start())["body"] == b"ok"
        assert await asyncio.to_thread(answered.wait, 15)
        await life.received.put({"type": "lifespan.shutdown"})
        await asyncio.sleep(0.3)
        assert life.sent.empty() and not request.done()
        finish.set()
        assert (await life.start())["type"] == "lifespan.shutdown.complete"
        await asyncio.wait_for(lifespan, 15)
        assert request.done()

    _run(run())


def test_a_poll_known_in_memory_is_answered_in_the_event_loop(
    app: Flask, running: dict[str, Any]
) -> None:
    """A table's phone polls its list every 1.5 s all round: once the live layer knows the
    answer, the poll is answered where the server's event loop took it, with no thread of
    Flask's pool; a poll it cannot answer from memory alone goes to Flask."""
    with app.app_context():
        code = db.session.execute(select(RoundTable.access_code)).scalars().first()
    shown = live_state(app.test_client().get(f"/tisch/{code}/").get_data(as_text=True))
    pushed = push.PushedPages(app, app, 2)
    to_flask = _flask_asked(pushed)

    async def poll(token: str) -> int:
        phone = Phone()
        await phone.received.put({"type": "http.request", "body": b"", "more_body": False})
        scope = _scope(f"/tisch/{code}/stand", token)
        scope["headers"] = [(b"host", b"turnier.test"), (b"hx-request", b"true")]
        await pushed(scope, phone.receive, phone.send)
        status: int = (await phone.start())["status"]
        return status

    async def run() -> list[int]:
        return [await poll(shown), await poll(shown), await poll(shown), await poll("0.x")]

    deadline = time.monotonic() + 5
    while changes.of(app).generation() is None and time.monotonic() < deadline:
        time.sleep(0.02)  # PostgreSQL: the listener's first connection
    assert _run(run()) == [204, 204, 204, 200]
    # The first through Flask (the live layer learns the answer), the two next from memory,
    # the last (another state: the page) through Flask again.
    assert [scope["query_string"] for scope in to_flask] == [
        f"stand={shown}".encode(),
        b"stand=0.x",
    ]


def test_a_public_page_loaded_known_in_memory_is_answered_in_the_event_loop(
    app: Flask, running: dict[str, Any], pushed: push.PushedPages
) -> None:
    """The hall's phones open the standings within a minute: once the live layer has the
    page of the current state, each further load without a cookie is answered where the
    event loop took it, with no thread of Flask's pool; a load with a cookie goes to Flask."""
    app.config["PUBLIC_PAGE_SECONDS"] = 1  # public pages shared, as by default
    path = _standings(running)
    to_flask = _flask_asked(pushed)

    async def load(cookie: bool) -> bytes:
        phone = Phone()
        await phone.received.put({"type": "http.request", "body": b"", "more_body": False})
        scope = _scope(path, None, cookie=cookie)
        scope["headers"] = [h for h in scope["headers"] if h[0] != b"accept"]
        await pushed(scope, phone.receive, phone.send)
        assert (await phone.start())["status"] == 200
        body = b""
        while not phone.sent.empty():
            body += (await phone.sent.get()).get("body", b"")
        return body

    async def run() -> list[bytes]:
        return [await load(False), await load(False), await load(False), await load(True)]

    pages = _run(run())
    assert pages[0] == pages[1] == pages[2]
    assert [dict(scope["headers"]).get(b"cookie") for scope in to_flask] == [None, b"session=x"]


def test_static_files_under_their_hash_are_sent_from_the_event_loop(app: Flask) -> None:
    """After its first page, each phone in the hall asks for the stylesheet, the scripts and
    the icon: under their current hash they are sent where the event loop took the request,
    with Flask's headers (kept for a year); under an old hash or none, Flask answers."""
    pushed = push.PushedPages(app, app, 2)
    to_flask = _flask_asked(pushed)
    with app.app_context():
        current = static_files.version(app, "app.js")
    assert current is not None

    async def get(query: str) -> tuple[dict[str, Any], bytes]:
        phone = Phone()
        await phone.received.put({"type": "http.request", "body": b"", "more_body": False})
        scope = _scope("/static/app.js", None)
        scope["query_string"] = query.encode()
        scope["headers"] = [(b"host", b"turnier.test")]
        await pushed(scope, phone.receive, phone.send)
        start = await phone.start()
        body = b""
        while not phone.sent.empty():
            body += (await phone.sent.get()).get("body", b"")
        return start, body

    async def run() -> list[tuple[dict[str, Any], bytes]]:
        return [await get(f"v={current}"), await get("v=000000000000"), await get("")]

    (kept, sent), (old, _), (plain, _) = _run(run())
    assert app.static_folder is not None
    assert sent == (Path(app.static_folder) / "app.js").read_bytes()
    assert kept["status"] == 200
    headers = {k.decode(): v.decode() for k, v in kept["headers"]}
    by_flask = app.test_client().get(f"/static/app.js?v={current}").headers
    for name in ("Content-Type", "Content-Length", "Last-Modified", "Cache-Control"):
        assert headers[name.lower()] == by_flask[name], name
    for name, value in security_headers.EVERY_ANSWER.items():
        assert headers[name.lower()] == value
    assert [scope["query_string"] for scope in to_flask] == [b"v=000000000000", b""]
    for answer in (old, plain):
        assert answer["status"] == 200
        assert dict(answer["headers"])[b"cache-control"] == b"no-cache"


def test_a_stream_whose_page_is_known_in_memory_opens_without_a_thread(
    app: Flask, running: dict[str, Any], pushed: push.PushedPages
) -> None:
    """A hall's spectators open their standings within a minute: the first stream's poll goes
    to Flask, the next ones are answered from memory in the event loop."""
    path = _standings(running)
    shown = _shown(app, path)
    asked: list[str] = []
    to_pool = pushed._run

    async def counted(function: Any, *args: Any) -> Any:
        asked.append(args[-1]["PATH_INFO"])
        return await to_pool(function, *args)

    pushed._run = counted  # type: ignore[method-assign]

    async def run() -> None:
        async with _stream(pushed, path, shown) as (_first, start):
            assert start["status"] == 200
            assert asked == [path]
            async with _stream(pushed, path, shown) as (_second, start):
                assert start["status"] == 200
            assert asked == [path]

    _run(run())


def test_every_other_request_goes_to_flask(app: Flask, running: dict[str, Any]) -> None:
    pushed = push.PushedPages(app, app, 2)
    phone = Phone()
    scope = _scope(_standings(running), None)
    scope["headers"] = [(b"host", b"turnier.test"), (b"accept", b"text/html")]

    async def run() -> bytes:
        await phone.received.put({"type": "http.request", "body": b"", "more_body": False})
        await pushed(scope, phone.receive, phone.send)
        start = await phone.start()
        assert start["status"] == 200
        body = b""
        while not phone.sent.empty():
            body += (await phone.sent.get()).get("body", b"")
        return body

    page = _run(run()).decode()
    assert re.search(r'id="live-stream"[^>]*sse-connect="/turniere/\d+/stand\?stand=', page)


def test_streams_that_open_with_a_state_not_yet_sent_share_its_event() -> None:
    """A hall's phones open their streams while the standings change: those that come with
    a state the channel has not sent yet get that page's event built once, and the channel
    sends that very event when it follows the page to that state."""
    channel = push.Channel({}, "1")
    event = channel.event_of("2", b"<p>zwei</p>")
    assert b"id: 2" in event.plain and b"zwei" in event.plain
    assert channel.event_of("2", b"<p>zwei</p>") is event
    assert channel.event_of("3", b"<p>drei</p>") is not event
    channel.latest, channel.token = channel.event_of("3", b"<p>drei</p>"), "3"
    assert channel.event_of("3", b"<p>drei</p>") is channel.latest


def _request(method: str, path: str) -> dict[str, Any]:
    """A request for Flask's pool (with a cookie: nothing of it is in memory)."""
    scope = _scope(path, None)
    scope["method"] = method
    scope["headers"] = [(b"host", b"turnier.test"), (b"cookie", b"session=x")]
    return scope


@asynccontextmanager
async def _held_save(pushed: push.PushedPages, under_way: threading.Event) -> AsyncIterator[None]:
    """A table's save that Flask is answering until the block ends."""
    phone = Phone()
    await phone.received.put({"type": "http.request", "body": b"", "more_body": False})
    save = asyncio.ensure_future(pushed(_request("POST", "/liste"), phone.receive, phone.send))
    assert await asyncio.to_thread(under_way.wait, 15)
    try:
        yield
    finally:
        await asyncio.wait_for(save, 15)
        assert (await phone.start())["status"] == 200


def _holding_saves(app: Any, release: threading.Event, under_way: threading.Event) -> Any:
    """``app`` in front of which every POST is held until ``release``."""

    def held(environ: dict[str, Any], start_response: Any) -> Any:
        if environ["REQUEST_METHOD"] == "POST":
            under_way.set()
            release.wait(15)
            start_response("200 OK", [("Content-Length", "2")])
            return [b"ok"]
        return app(environ, start_response)

    return held


def test_a_save_under_way_goes_before_the_pages_asked_meanwhile(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The threads of a worker share one interpreter: a page asked while a table's save is
    answered waits for the save, up to ``WRITES_FIRST_SECONDS``, so that the save is not
    shared out among a hall's renders (in a hall's arrival, saves took a dozen times as
    long)."""
    asked: list[str] = []

    def page(environ: dict[str, Any], start_response: Any) -> Any:
        asked.append(environ["PATH_INFO"])
        start_response("200 OK", [("Content-Length", "4")])
        return [b"page"]

    async def load(pushed: push.PushedPages) -> int:
        phone = Phone()
        await phone.received.put({"type": "http.request", "body": b"", "more_body": False})
        await pushed(_request("GET", "/stand"), phone.receive, phone.send)
        return int((await phone.start())["status"])

    async def run() -> None:
        release, under_way = threading.Event(), threading.Event()
        pushed = push.PushedPages(_holding_saves(page, release, under_way), app, 4)
        monkeypatch.setattr(push, "WRITES_FIRST_SECONDS", 15.0)
        async with _held_save(pushed, under_way):
            loading = asyncio.ensure_future(load(pushed))
            await asyncio.sleep(0.3)
            assert asked == [] and not loading.done()
            release.set()
        assert await asyncio.wait_for(loading, 15) == 200
        assert asked == ["/stand"]
        # A save that takes longer holds a page back this long at most.
        release.clear()
        under_way.clear()
        monkeypatch.setattr(push, "WRITES_FIRST_SECONDS", 0.2)
        async with _held_save(pushed, under_way):
            assert await asyncio.wait_for(load(pushed), 5) == 200
            assert asked == ["/stand", "/stand"]
            release.set()

    _run(run())


def test_the_page_for_everyone_opens_its_stream_whoever_asked_for_it_first(
    app: Flask, running: dict[str, Any]
) -> None:
    """The page of a state is rendered once for everyone: a phone with a cookie (a
    list-keeper's, which polls) that opens the standings first does not leave the hall's
    anonymous phones a page without a stream (they polled, every 1.5 s, until a new state)."""
    app.config["PUBLIC_PAGE_SECONDS"] = 1  # public pages shared, as by default
    push.PushedPages(app, app, 2)
    path = _standings(running)
    keeper = app.test_client()
    keeper.set_cookie("theme", "dark")
    assert keeper.get(path).status_code == 200
    page = app.test_client().get(path).get_data(as_text=True)
    assert 'id="live-stream"' in page
