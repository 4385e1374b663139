"""The score-list page at the table over HTTP: a table's facts, its forms sent as the page holds
them, games previewed and confirmed, the stored list and totals."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.support.webapp import (
    form_on,
)
from tournament.extensions import db
from tournament.models import Round, RoundTable, Seat

Values = dict[str, Any]


def table_info(app: Flask, tid: int, size: int) -> dict[str, Any]:
    with app.app_context():
        round_ = db.session.execute(
            select(Round).where(Round.tournament_id == tid, Round.number == 1)
        ).scalar_one()
        table = next(t for t in round_.tables if t.size == size)
        return {
            "number": table.number,
            "code": table.access_code,
            "keys": [str(s.registration.start_number) for s in table.seats],
            "names": [s.registration.player.name for s in table.seats],
            "url": f"/turniere/{tid}/runden/1/tische/{table.number}/",
            "code_url": f"/tisch/{table.access_code}/",
        }


def post_form(
    client: FlaskClient, page_url: str, action: str, data: Values, *, follow: bool = False
) -> Any:
    """Send the form of the page at ``page_url`` posting to ``action`` with ``data`` (lists
    for checkboxes); hidden fields (CSRF, version, confirmed) as the page holds them."""
    page = client.get(page_url).get_data(as_text=True)
    form = form_on(page, action, page_url)
    values: Values = dict(form.fields)
    values.update(data)
    return client.post(action, data=values, follow_redirects=follow)


def confirm(client: FlaskClient, preview: Any, action: str, page_url: str) -> Any:
    """Press "Speichern" on a preview page: send its form back as it is, with the button's
    ``confirmed=1``."""
    page = preview.get_data(as_text=True)
    form = form_on(page, action, page_url)
    values: Values = {**dict(form.fields), "confirmed": "1"}
    for name in ("re", "winners"):
        chosen = re.findall(rf'name="{name}"[^>]*value="([^"]+)"[^>]*checked', page)
        chosen += re.findall(rf'checked[^>]*name="{name}"[^>]*value="([^"]+)"', page)
        if chosen:
            values[name] = chosen
    return client.post(action, data=values)


def normal_game(
    info: dict[str, Any], re_players: tuple[int, int] = (0, 1), eyes: int = 130
) -> Values:
    return {
        "kind": "normal",
        "re": [info["keys"][re_players[0]], info["keys"][re_players[1]]],
        "eyes_party": "re",
        "eyes": str(eyes),
        "schwarz": "",
        "re_call": "",
        "kontra_call": "",
    }


def entries(app: Flask, number: int) -> list[str]:
    with app.app_context():
        table = (
            db.session.execute(select(RoundTable).where(RoundTable.number == number))
            .scalars()
            .first()
        )
        assert table is not None
        return [e.record for e in table.entries]


def totals(app: Flask, number: int) -> list[int]:
    with app.app_context():
        query = (
            select(Seat.points)
            .join(RoundTable, Seat.table_id == RoundTable.id)
            .where(RoundTable.number == number)
            .order_by(Seat.position)
        )
        return list(db.session.execute(query).scalars())


def enter(client: FlaskClient, info: dict[str, Any], data: Values, base: str = "url") -> Any:
    """Preview a detailed game, then confirm it; returns the response to the confirm."""
    url = info[base]
    preview = post_form(client, url, url + "spiel", data)
    assert preview.status_code == 200, preview.get_data(as_text=True)
    return confirm(client, preview, url + "spiel", url)


def penalty_saved(
    client: FlaskClient, url: str, category: str, offender: str, deduction: int
) -> str:
    """A penalty previewed, then confirmed with the preview's own form; the refusal's text
    if the preview refused it."""
    data = {
        "category": category,
        "offender": offender,
        "phase": "normal",
        "absagen": "0",
        "deduction": str(deduction),
    }
    screen = url + "strafe"
    preview = post_form(client, screen, screen, data)
    text = preview.get_data(as_text=True)
    if preview.status_code == 422:
        return text
    assert preview.status_code == 200, text
    assert "Verteilung prüfen und speichern" in text
    form = form_on(text, screen, screen)
    saved = client.post(screen, data=dict(form.fields))
    assert saved.status_code == 302
    assert saved.headers["Location"].endswith(url + "#inhalt")
    return ""
