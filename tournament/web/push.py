"""Live pages pushed: a public live page's new state goes out once to every phone that shows it,
over one Server-Sent Events stream each, instead of each phone asking every few seconds.

A public live page (standings, projector, player page, table plan: ``live.polled`` with the
page shared by all anonymous visitors, ``tournament.web.public_pages``) opens a stream to its
own poll address (``templates/_live.html``, htmx's SSE extension; ``static/app.js``). The
stream is asked of the app like a poll, through everything in front of it (the proxy, the
throttle, :class:`tournament.web.live.FastPolls`): only an anonymous client (no cookie) whose
poll :class:`FastPolls` answered with the page for every anonymous visitor gets a stream;
anyone else gets the poll's own answer (a ``404`` of a page that is gone, ``204`` for a page
of its own), and the page goes on polling.

All streams of one page share a *channel*. While a channel has streams, :class:`PushedPages`
polls the page for all of them, as one anonymous phone would: whenever the change signal
(:mod:`tournament.changes`) moved on, and at every tick while a new state may be held back
by the coalescing window of ``LIVE_COALESCE_SECONDS`` (from memory, so that it goes out as
the window ends). A poll answered with a new
page is sent to every stream of the channel as one event, built and compressed once: each
event is a deflate block of its own (compressed from an empty dictionary and flushed), so the
same bytes continue every stream's gzip body, however long the stream has been open. A stream
that cannot take an event as fast as they come gets the newest one only. Every
:data:`HEARTBEAT_SECONDS` a comment keeps the connection and shows the phone that the stream is
alive; a phone whose stream ends (server restart, WLAN gone) polls until it is back. The
worker's stop signal (Ctrl+C) ends every stream at once, so that the worker stops by itself.

The rest of the app is served by :class:`a2wsgi.WSGIMiddleware` in a pool of threads; the
streams wait in the server's event loop (granian's ASGI worker, ``tournament.laptop``;
uvicorn's under gunicorn, ``tournament.asgi``), so a thousand open pages hold no thread. A
poll that :class:`FastPolls` can answer from memory alone (most polls of the tables' lists),
and the load of a public live page it holds, is answered right there in the loop
(``live.MEMORY_ONLY``), without a thread of the pool. While a table's save is answered,
the other requests wait for it before Flask starts on them (``WRITES_FIRST_SECONDS`` at most):
the pool's threads share one interpreter, and the save goes first.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import io
import logging
import signal
import threading
import time
import zlib
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import parse_qsl, urlencode

from a2wsgi import WSGIMiddleware
from a2wsgi.wsgi import build_environ
from flask import Flask

from tournament import changes
from tournament.web import live, static_files

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIApplication, WSGIEnvironment

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

#: The content type a stream is asked for (an ``EventSource`` sends it).
EVENT_STREAM = "text/event-stream"
#: How long a starting worker waits for its change listener before it serves (seconds).
LISTENER_SECONDS = 5.0
#: How often the channels look at the change signal (seconds).
TICK_SECONDS = 0.25
#: A comment on every stream this often (seconds): a dead connection shows, a live one stays.
HEARTBEAT_SECONDS = 20.0
#: How long a phone waits before it opens a stream again that ended (milliseconds).
RETRY_MS = 2000
#: The app's config key that tells the pages their server pushes (``templates/_live.html``).
PUSH = "LIVE_PUSH"

#: How many pages' polls for their streams run at once (after a write, each page that has
#: streams is asked).
FOLLOWING_THREADS = 2
#: How long a request for a page waits at most, before Flask starts on it, while a table's
#: save is answered (a save or a preview: any request but a GET or HEAD; seconds).
WRITES_FIRST_SECONDS = 0.25
#: The garbage collector's thresholds in a server process (Python's: 700, 10, 10).
COLLECTOR_THRESHOLDS = (50_000, 20, 50)

#: A gzip header without a name or time: every stream's body starts with it.
GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"

log = logging.getLogger(__name__)


def steady_collector() -> None:
    """Keep the garbage collector from stopping a server process for long (called where a
    server's worker has built its app). A worker holding a hall's streams has some 500,000
    objects; with Python's thresholds it looked through all of them every 5-9 s, 200-300 ms
    each time, with every request and stream waiting (measured on five halls of 1,000 phones).
    What the worker built at its start (the modules, the app) is set aside for good, and the
    young objects are looked through less often: a whole collection comes about hourly at a
    hall's pace, a young one every few seconds (a few milliseconds)."""
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def compressed(text: bytes) -> bytes:
    """``text`` as deflate blocks that need nothing sent before them: compressed from an
    empty dictionary and flushed, so they continue any gzip body at a flush."""
    deflate = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    return deflate.compress(text) + deflate.flush(zlib.Z_SYNC_FLUSH)


@dataclass(frozen=True)
class Event:
    """One event as every stream sends it: plain and as deflate blocks."""

    plain: bytes
    gzipped: bytes

    @classmethod
    def of(cls, text: str) -> Event:
        data = text.encode()
        return cls(data, compressed(data))


def page_event(token: str, page: bytes) -> Event:
    """A page of state ``token``: the event ``page`` whose id is the state (a phone that opens
    its stream again sends it back as ``Last-Event-ID``)."""
    lines = "".join(f"data: {line}\n" for line in page.decode().splitlines())
    return Event.of(f"id: {token}\nevent: page\n{lines}\n")


#: The first event of every stream: how long to wait before opening it again.
OPENING = Event.of(f"retry: {RETRY_MS}\n\n")
HEARTBEAT = Event.of(": \n\n")


@dataclass(eq=False)
class Stream:
    """One open page's stream: the next event to send (the newest only), ``None`` to end."""

    gzip: bool
    waiting: asyncio.Queue[Event | None] = field(default_factory=lambda: asyncio.Queue(1))
    #: The phone left: nothing more is sent.
    gone: bool = False

    def offer(self, event: Event | None) -> None:
        if self.waiting.full():
            self.waiting.get_nowait()
        self.waiting.put_nowait(event)


@dataclass(eq=False)
class Channel:
    """The streams of one public live page, and the poll that follows the page for them."""

    #: The poll's WSGI environ as the app saw it (the proxy's headers taken), without token.
    environ: dict[str, Any]
    #: The state the streams were last sent (or shown when they opened).
    token: str
    streams: set[Stream] = field(default_factory=set)
    #: The newest page sent, for a stream that opens showing an older state.
    latest: Event | None = None
    #: The change generation of the last poll, and when to poll again regardless.
    checked: int | None = None
    asked_at: float = 0.0
    again_at: float = float("inf")
    #: Until when a new state may be held back by the coalescing window.
    held_until: float = 0.0
    #: The page of the newest state a stream opened with that the channel has not sent yet.
    opened: tuple[str, Event] | None = None

    def event_of(self, token: str, page: bytes) -> Event:
        """The event of ``page`` of state ``token``, built once for all the streams that open
        with it (a hall's phones opening their page while the standings change)."""
        if self.latest is not None and self.token == token:
            return self.latest
        if self.opened is None or self.opened[0] != token:
            self.opened = (token, page_event(token, page))
        return self.opened[1]

    def due(self, generation: int | None, now: float) -> bool:
        if generation is None:
            return now - self.asked_at >= live.POLL_SECONDS
        return generation != self.checked or now >= self.again_at


class _Answer:
    """The status and headers the app answered a request made here with."""

    def __init__(self) -> None:
        self.status = 0
        self.headers: list[tuple[str, str]] = []

    def start_response(self, status: str, headers: list[tuple[str, str]], *_: Any) -> Any:
        self.status = int(status.split(" ", 1)[0])
        self.headers = headers
        return lambda _data: None


def ask(app: WSGIApplication, environ: WSGIEnvironment) -> tuple[int, bytes]:
    """The status and body with which ``app`` answers ``environ``."""
    answer = _Answer()
    body = app(environ, answer.start_response)
    try:
        data = b"".join(body)
    finally:
        close = getattr(body, "close", None)
        if close is not None:
            close()
    return answer.status, data


def with_token(query: str, token: str | None) -> str:
    """``query`` with the state token ``token`` (none: without one)."""
    pairs = [pair for pair in parse_qsl(query, keep_blank_values=True) if pair[0] != live.TOKEN]
    if token is not None:
        pairs.append((live.TOKEN, token))
    return urlencode(pairs)


class PushedPages:
    """The ASGI app of the server: streams of public live pages here, every other request to
    ``wsgi`` (the Flask app ``flask_app``, with whatever stands in front of it) in a pool of
    ``threads`` threads."""

    def __init__(self, wsgi: WSGIApplication, flask_app: Flask, threads: int) -> None:
        self.wsgi = wsgi
        self.http = WSGIMiddleware(cast(Any, wsgi), workers=threads)
        self.static = static_files.KeptFiles(flask_app)
        #: The threads that poll the pages for their streams, beside the pool's: a save never
        #: waits behind them, and they never wait behind the requests.
        self.following = ThreadPoolExecutor(FOLLOWING_THREADS, thread_name_prefix="doko-follow")
        #: The app's own live layer, which the channels poll (the proxy already taken).
        self.polls: WSGIApplication = flask_app.wsgi_app
        self.signal = changes.of(flask_app)
        self.coalesce = float(flask_app.config.get("LIVE_COALESCE_SECONDS", live.COALESCE_SECONDS))
        self.channels: dict[tuple[str, ...], Channel] = {}
        self._watching: asyncio.Task[None] | None = None
        self._closing = False
        #: Requests that Flask answers, under way; set when there are none.
        self._requests = 0
        self._no_requests = asyncio.Event()
        self._no_requests.set()
        #: Writes (requests other than GET and HEAD) that Flask answers, under way; set when
        #: there are none.
        self._writes = 0
        self._no_writes = asyncio.Event()
        self._no_writes.set()
        flask_app.config[PUSH] = True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        elif scope["type"] == "http" and scope["method"] == "GET" and _wants_stream(scope):
            await self._stream(scope, receive, send)
        elif not await self._answered_in_the_loop(scope, send):

            async def received() -> Message:
                # a2wsgi hands the body's reads to the loop as coroutines; granian's
                # ``receive`` gives an awaitable of its own.
                return await receive()

            write = scope["type"] == "http" and scope["method"] not in ("GET", "HEAD")
            if write:
                self._writes += 1
                self._no_writes.clear()
            else:
                await self._after_writes()
            self._requests += 1
            self._no_requests.clear()
            try:
                await self.http(cast(Any, scope), cast(Any, received), cast(Any, send))
            finally:
                self._requests -= 1
                if not self._requests:
                    self._no_requests.set()
                if write:
                    self._writes -= 1
                    if not self._writes:
                        self._no_writes.set()

    async def _after_writes(self) -> None:
        """Wait until the writes under way are answered, ``WRITES_FIRST_SECONDS`` at most: the
        threads share one interpreter, and a save that shares it with a dozen pages' renders
        takes a dozen times as long (a hall's arrival, with every phone opening its page)."""
        if self._writes:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._no_writes.wait(), WRITES_FIRST_SECONDS)

    async def _answered_in_the_loop(self, scope: Scope, send: Send) -> bool:
        """Answer a request here, with no thread of the pool, where no Flask is needed: a
        static file under its current hash, a poll or page load known in memory."""
        if scope["type"] != "http" or scope["method"] != "GET":
            return False
        if await self._static_file(scope, send):
            return True
        # What FastPolls cannot answer from memory gets no environ built for it here.
        query = scope.get("query_string", b"").decode("latin-1")
        cookie = any(name.lower() == b"cookie" for name, _ in scope.get("headers", []))
        return live.may_be_in_memory(query, cookie) and await self._answered_from_memory(
            scope, send
        )

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self._close_on_stop_signals()
                # A stream is only given while the worker follows the database's changes
                # (on PostgreSQL: once its listener's connection is up).
                await asyncio.to_thread(self.signal.start, LISTENER_SECONDS)
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.close()
                # A request's thread hands its answer to this loop until its very end, even
                # after the phone has the whole answer: the loop runs until every thread is
                # done, or the worker's end would wait for one forever (until the server
                # kills it, granian's workers_kill_timeout later).
                await self._no_requests.wait()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def _close_on_stop_signals(self) -> None:
        """End every stream as soon as the worker is told to stop: granian lets the requests
        under way finish before the lifespan's end, and would wait for the streams until it
        kills the worker (30 s after Ctrl+C). Its own handling of the signals stays: on Unix
        the event loop's (which the signal's wakeup byte reaches whatever Python's handler
        is), on Windows the handler that was set, called from this one."""
        if threading.current_thread() is not threading.main_thread():
            return  # signals reach the main thread only (a test's loop runs elsewhere)
        loop = asyncio.get_running_loop()
        for name in ("SIGINT", "SIGTERM", "SIGBREAK"):
            number = getattr(signal, name, None)
            if number is None:
                continue
            previous = signal.getsignal(number)

            def stopping(signum: int, frame: Any, previous: Any = previous) -> None:
                loop.call_soon_threadsafe(self.close)
                if callable(previous):
                    previous(signum, frame)

            signal.signal(number, stopping)

    def _from_memory(self, environ: dict[str, Any]) -> tuple[_Answer, bytes] | None:
        """The app's answer to ``environ`` where the live layer gives it from memory alone
        (``live.MEMORY_ONLY``: no Flask, no database), here in the event loop, with no thread
        to hand it to and back; ``None``: Flask is to answer it (``environ`` is then spent)."""
        environ[live.MEMORY_ONLY] = True
        answer = _Answer()
        try:
            body = b"".join(self.wsgi(environ, answer.start_response))
        except Exception:  # Flask answers it, as any other request
            log.exception("a poll could not be answered from memory")
            return None
        if environ.get(live.MEMORY_ONLY) is not True or not answer.status:
            return None
        return answer, body

    async def _static_file(self, scope: Scope, send: Send) -> bool:
        """Send a static file asked for under its current hash (``static_files.KeptFiles``);
        whether it was one."""
        found = self.static.answer(scope["path"], scope.get("query_string", b""))
        if found is None:
            return False
        headers, content = found
        await _send_whole(send, 200, headers, content)
        return True

    async def _answered_from_memory(self, scope: Scope, send: Send) -> bool:
        """Answer a poll or a page load from memory (most polls of the tables' lists and of
        pages with a cookie, the loads of public live pages); whether it was answered."""
        found = self._from_memory(dict(build_environ(cast(Any, scope), cast(Any, io.BytesIO()))))
        if found is None:
            return False
        answer, body = found
        headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in answer.headers]
        await _send_whole(send, answer.status, headers, body)
        return True

    def close(self) -> None:
        """End every stream (the server stops)."""
        self._closing = True
        for channel in list(self.channels.values()):
            for stream in channel.streams:
                stream.offer(None)
        self.channels.clear()

    async def _run(self, function: Callable[..., Any], *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.http.executor, function, *args)

    async def _stream(self, scope: Scope, receive: Receive, send: Send) -> None:
        environ: dict[str, Any] = dict(build_environ(cast(Any, scope), cast(Any, io.BytesIO())))
        # The state the phone shows: the last event's (a stream opened again by the browser),
        # else the page's; none: any state is news.
        shown = environ.pop("HTTP_LAST_EVENT_ID", "")
        query = str(environ.get("QUERY_STRING", ""))
        if shown:
            query = with_token(query, shown)
        elif live.TOKEN not in dict(parse_qsl(query, keep_blank_values=True)):
            query = with_token(query, "")
        environ["QUERY_STRING"] = query
        gzip = "gzip" in environ.pop("HTTP_ACCEPT_ENCODING", "")
        # The same request as the page's poller makes: the page in full, uncompressed.
        environ["HTTP_HX_REQUEST"] = "true"
        environ["HTTP_ACCEPT"] = "text/html"
        environ.pop("HTTP_HX_BOOSTED", None)
        # From memory where the live layer can (a phone that opens its stream mostly shows
        # the newest state), else by Flask in a thread of the pool.
        inline = dict(environ)
        found = self._from_memory(inline)
        if found is not None:
            environ, status, page = inline, found[0].status, found[1]
        else:
            status, page = await self._run(ask, self.wsgi, environ)
        public = environ.get(live.PUBLIC)
        token = environ.get(live.ANSWERED)
        if (
            self._closing
            or status not in (200, 204)
            or environ.get("HTTP_COOKIE")
            or not isinstance(public, tuple)
            or not isinstance(token, str)
        ):
            # Not a page for everyone: the poll's own answer, without its page (a stream
            # was asked for), and the page polls.
            await send({"type": "http.response.start", "status": 204 if status == 200 else status})
            await send({"type": "http.response.body", "body": b""})
            return
        stream = Stream(gzip=gzip)
        channel = self._join(public, environ, token, stream)
        response = [
            (b"content-type", EVENT_STREAM.encode()),
            (b"cache-control", b"no-store"),
            (b"x-accel-buffering", b"no"),
        ]
        if stream.gzip:
            response.append((b"content-encoding", b"gzip"))
        try:
            await send({"type": "http.response.start", "status": 200, "headers": response})
            first = [OPENING]
            if status == 200:
                first.append(channel.event_of(token, page))
            elif channel.latest is not None and channel.token != token:
                first.append(channel.latest)
            opening = (GZIP_HEADER if stream.gzip else b"") + b"".join(
                event.gzipped if stream.gzip else event.plain for event in first
            )
            await send({"type": "http.response.body", "body": opening, "more_body": True})
            await self._send_until_gone(stream, receive, send)
        except Exception:  # the phone went away while it was sent something
            log.debug("a stream ended while it was sent to", exc_info=True)
        finally:
            channel.streams.discard(stream)
            if not channel.streams and self.channels.get(public) is channel:
                del self.channels[public]

    async def _send_until_gone(self, stream: Stream, receive: Receive, send: Send) -> None:
        """Send what the stream is offered until it is offered ``None``: the server stops,
        the page is gone, or the phone left (then nothing more is sent)."""

        async def watch() -> None:
            await _disconnect(receive)
            stream.gone = True
            stream.offer(None)

        watching = asyncio.ensure_future(watch())
        try:
            while (event := await stream.waiting.get()) is not None:
                body = event.gzipped if stream.gzip else event.plain
                await send({"type": "http.response.body", "body": body, "more_body": True})
            if not stream.gone:
                await send({"type": "http.response.body", "body": b""})
        finally:
            watching.cancel()

    def _join(
        self, public: tuple[str, ...], environ: dict[str, Any], token: str, stream: Stream
    ) -> Channel:
        channel = self.channels.get(public)
        if channel is None:
            # The request's CGI keys (headers, address, path) and WSGI's own, nothing of
            # what Flask or the stream left in it (its request, its scope).
            kept = {k: v for k, v in environ.items() if k.isupper() or k in _WSGI_KEPT}
            kept["QUERY_STRING"] = with_token(str(environ.get("QUERY_STRING", "")), None)
            channel = self.channels[public] = Channel(kept, token)
            channel.asked_at = time.monotonic()
            channel.checked = self.signal.generation()
        channel.streams.add(stream)
        if self._watching is None or self._watching.done():
            self._watching = asyncio.ensure_future(self._watch())
        return channel

    async def _watch(self) -> None:
        """Poll the pages that have streams whenever something may have changed; keep every
        stream that has had nothing to send for a while alive."""
        beat = time.monotonic()
        while self.channels:
            await asyncio.sleep(TICK_SECONDS)
            generation = self.signal.generation()
            now = time.monotonic()
            if now - beat >= HEARTBEAT_SECONDS:
                beat = now
                for channel in list(self.channels.values()):
                    for stream in channel.streams:
                        if stream.waiting.empty():
                            stream.offer(HEARTBEAT)
            due = [c for c in list(self.channels.values()) if c.due(generation, now)]
            # Side by side (FOLLOWING_THREADS at once): one page's render does not hold back
            # the others' news.
            await asyncio.gather(*(self._follow(channel, generation) for channel in due))

    async def _follow(self, channel: Channel, generation: int | None) -> None:
        try:
            await self._poll_for(channel, generation)
        except Exception:  # the page is polled again at the next change
            log.exception("a pushed page could not be polled")

    async def _poll_for(self, channel: Channel, generation: int | None) -> None:
        environ = dict(channel.environ)
        environ["QUERY_STRING"] = with_token(str(environ["QUERY_STRING"]), channel.token)
        environ["wsgi.input"] = io.BytesIO()
        loop = asyncio.get_running_loop()
        status, page = await loop.run_in_executor(self.following, ask, self.polls, environ)
        now = time.monotonic()
        token = environ.get(live.ANSWERED)
        channel.asked_at = now
        if status == 204:
            # Something changed, but the page's new state may be held back for the
            # coalescing window: asked again at each tick until the window is over.
            if generation is not None and generation != channel.checked:
                channel.held_until = now + self.coalesce
            held = now < channel.held_until
            channel.again_at = now + TICK_SECONDS if held else float("inf")
        elif status == 200 and isinstance(token, str) and live.PUBLIC in environ:
            channel.latest = channel.event_of(token, page)
            channel.token = token
            channel.held_until = 0.0
            channel.again_at = float("inf")
            for stream in channel.streams:
                stream.offer(channel.latest)
        else:
            # The page is gone or no longer everyone's: its phones poll and see why.
            for stream in channel.streams:
                stream.offer(None)
            channel.streams.clear()
        channel.checked = generation


#: The WSGI keys a channel's poll takes over from the stream's request.
_WSGI_KEPT = frozenset({"wsgi.url_scheme", "wsgi.version", "wsgi.errors", "wsgi.multithread"})


def _wants_stream(scope: Scope) -> bool:
    for name, value in scope.get("headers", []):
        if name.lower() == b"accept":
            return EVENT_STREAM.encode() in value
    return False


async def _send_whole(
    send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes
) -> None:
    """An answer known in full, sent from the event loop."""
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _disconnect(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
