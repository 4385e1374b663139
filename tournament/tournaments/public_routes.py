"""Pages everyone may see without an account."""

from __future__ import annotations

from flask import Blueprint, render_template

from tournament.tournaments import service as tournaments

bp = Blueprint("public", __name__)


@bp.get("/")
def home() -> str:
    return render_template("home.html", tournaments=tournaments.list_tournaments())
