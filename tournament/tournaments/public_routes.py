"""The home page, the list of tournaments: everyone may see it without an account (blueprint
``public``)."""

from __future__ import annotations

from flask import Blueprint, render_template

from tournament.domain import tournaments

bp = Blueprint("public", __name__)


@bp.get("/")
def home() -> str:
    return render_template("home.html", tournaments=tournaments.list_tournaments())
