"""The address the phones in the hall open: links and QR codes on table cards and the round
overview.

``PUBLIC_URL`` (configuration; ``doko-turnier`` sets it to this computer's address on the
network) is that address; without it the request's own host is used, which behind a trusted
proxy is the public one it forwards. A loopback address (``127.0.0.1``, ``::1``,
``localhost``) is one no phone can open: :func:`unreachable_warning` says so.
"""

from __future__ import annotations

import ipaddress
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, url_for

from tournament.texts import Notice, notice


def phone_url(endpoint: str, **values: Any) -> str:
    """The full address of ``endpoint`` as the phones in the hall open it."""
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        return url_for(endpoint, _external=True, **values)
    return str(base).rstrip("/") + url_for(endpoint, **values)


def phone_base() -> str:
    """The address of the app's start page as the phones open it."""
    return phone_url("public.home")


def is_loopback(address: str) -> bool:
    """Whether ``address`` (a URL) names this computer only."""
    try:
        host = urlsplit(address).hostname or ""
    except ValueError:
        return False
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def unreachable_warning() -> str | None:
    """The German warning for cards and overview when their links name this computer only;
    ``None`` when the phones can open them."""
    base = phone_base()
    if not is_loopback(base):
        return None
    return notice(Notice.ADDRESS_UNREACHABLE, address=base)
