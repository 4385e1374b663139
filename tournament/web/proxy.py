"""One reverse proxy trusted by its address (``doko-turnier --proxy ADDRESS``).

A request from that address gets the client's address, the scheme (https), the public host and
its port from the proxy's ``X-Forwarded-*`` headers (Werkzeug's ``ProxyFix``, one proxy deep),
so links, QR codes and secure cookies carry the address the phones use. From anyone else those
headers are dropped: they could be forged. The server in front of it plays no part in this, so
it is the same under every server.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import TYPE_CHECKING

from werkzeug.middleware.proxy_fix import ProxyFix

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

#: The headers a trusted proxy sets and anyone else's request loses.
FORWARDED_HEADERS = (
    "HTTP_X_FORWARDED_FOR",
    "HTTP_X_FORWARDED_HOST",
    "HTTP_X_FORWARDED_PROTO",
    "HTTP_X_FORWARDED_PORT",
)


def _address(written: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | str:
    """An address as one value however it is written (``::1`` and ``0::1``; an IPv4 address and
    its IPv6-mapped form, as a dual-stack socket reports it); anything else as written."""
    try:
        address = ipaddress.ip_address(written)
    except ValueError:
        return written
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


class NamedProxy:
    """The WSGI app ``app`` behind the proxy at ``address``."""

    def __init__(self, app: WSGIApplication, address: str) -> None:
        self.app = app
        self.address = _address(address)  # read once, not at every request
        self.through_proxy = ProxyFix(app, x_for=1, x_proto=1, x_host=1, x_port=1)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if _address(str(environ.get("REMOTE_ADDR", ""))) == self.address:
            return self.through_proxy(environ, start_response)
        for header in FORWARDED_HEADERS:
            environ.pop(header, None)
        return self.app(environ, start_response)
