"""The blueprint ``admin`` of the Turnierleitung's own pages: the accounts
(``tournament.accounts.routes``) and the Protokoll (``tournament.audit.routes``)."""

from __future__ import annotations

from flask import Blueprint

admin = Blueprint("admin", __name__)
