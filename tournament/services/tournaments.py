"""Tournaments: for now only what the home page lists."""

from __future__ import annotations

from sqlalchemy import select

from tournament.extensions import db
from tournament.models import Tournament


def list_tournaments() -> list[Tournament]:
    """All tournaments, the newest first."""
    query = select(Tournament).order_by(Tournament.date.desc(), Tournament.name)
    return list(db.session.execute(query).scalars())
