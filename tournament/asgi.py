"""The app for gunicorn on a Linux server, its public live pages pushed (``docs/server.md``):

    gunicorn --worker-class tournament.asgi.Worker 'tournament.asgi:application(proxies=1)'

``application()`` is ``tournament.wsgi.application()`` (the same settings, the same trust in
``proxies`` reverse proxies) served by ``tournament.web.push.PushedPages``: a phone on a public
live page gets each new state through one stream (Server-Sent Events), and every other request
goes to Flask in a pool of ``threads`` threads per worker, as gunicorn's gthread worker runs it.
Each worker hears the others' writes through PostgreSQL (``tournament.changes``).

``Worker`` is uvicorn's worker for gunicorn (an event loop per worker process, which holds
thousands of open streams), with two things of gunicorn's own workers: the proxies'
``X-Forwarded-*`` headers are left to ``proxies`` alone (uvicorn would believe them from any
client on ``127.0.0.1``), and a worker whose master is gone (killed) stops by itself.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from typing import Any, ClassVar

from uvicorn_worker import UvicornWorker

from tournament import wsgi
from tournament.web.push import PushedPages, steady_collector

#: Flask's threads per worker: as many as the gthread worker's ``--threads 8``.
THREADS = 8


class Worker(UvicornWorker):
    """uvicorn's gunicorn worker; ``tournament.wsgi`` reads the proxies' headers."""

    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {
        **UvicornWorker.CONFIG_KWARGS,
        "proxy_headers": False,
    }

    def run(self) -> None:
        threading.Thread(target=self._stop_without_master, daemon=True, name="doko-master").start()
        super().run()

    def _stop_without_master(self) -> None:
        """Stop as gunicorn's workers do, once a second, when the master is gone: its stop
        signal, so that the open streams end and the requests under way finish."""
        while os.getppid() == self.ppid:
            time.sleep(1)
        self.log.info("Parent changed, shutting down: %s", self)
        os.kill(os.getpid(), signal.SIGTERM)


def application(
    proxies: int = 0, instance_path: str | None = None, threads: int = THREADS
) -> PushedPages:
    """The app as ``tournament.wsgi.application`` builds it, its live pages pushed."""
    if threads < 1:
        raise ValueError(f"threads: {threads} is not a count of threads")
    app = wsgi.application(proxies, instance_path)
    pushed = PushedPages(app, app, threads)
    steady_collector()
    return pushed
