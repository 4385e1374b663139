"""The app for a WSGI server the host runs (gunicorn on a Linux server, see ``docs/server.md``).

    gunicorn 'tournament.wsgi:application(proxies=1)'

``application()`` builds the app with ``create_app`` (settings from ``instance/config.py`` and
the environment: ``DATABASE_URL``, ``SECRET_KEY``). Behind a reverse proxy, ``proxies`` says
how many proxies stand in front: the client's address, the scheme (https), the host and the
port are then taken from that many ``X-Forwarded-*`` headers (Werkzeug's ``ProxyFix``), so
that links, QR codes and secure cookies are right and each phone keeps its own address.
Without a proxy (``proxies=0``, the default) those headers are ignored: anyone could send them.
"""

from __future__ import annotations

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from tournament.app import create_app


def application(proxies: int = 0, instance_path: str | None = None) -> Flask:
    """The app, trusting the ``X-Forwarded-*`` headers of ``proxies`` proxies in front of it;
    ``instance_path`` as for ``create_app``."""
    if proxies < 0:
        raise ValueError(f"proxies: {proxies} is not a count of proxies")
    app = create_app(instance_path=instance_path)
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_port=proxies
        )
    return app
