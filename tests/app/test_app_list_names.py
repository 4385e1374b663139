"""The seats' labels of a list (``list_store.names_of``) are made once per request: the value
preview of a game under a set asks for them four times (the players offered, the page's names,
the German messages, the row shown) and gets them made once; a change of the tournament's
labels or of the seats within the request makes them again.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.scorelist_pages import form_on, table_info
from tests.support.webapp import (
    created_tournament_id,
    draw_round,
    paste_players,
    player_names,
    post_new_tournament,
    round_action,
    sign_in,
)
from tournament.domain import list_store, names
from tournament.extensions import db
from tournament.models import RoundTable


class _CountedLabels(dict[int, str]):
    """The tournament's labels, counting how often a registration's label is looked up."""

    looked_up = 0

    def get(self, key: Any, default: Any = None) -> Any:
        _CountedLabels.looked_up += 1
        return super().get(key, default)


def _count_lookups(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand out the tournament's labels (kept for the request, as ``names`` keeps them) as
    :class:`_CountedLabels`, the same object for the same labels."""
    made = names.of_tournament
    counted: dict[int, _CountedLabels] = {}

    def of_tournament(tournament_id: int) -> dict[int, str]:
        labels = made(tournament_id)
        if id(labels) not in counted:
            counted[id(labels)] = _CountedLabels(labels)
        return counted[id(labels)]

    _CountedLabels.looked_up = 0
    monkeypatch.setattr(names, "of_tournament", of_tournament)


def _running(client: FlaskClient) -> int:
    tid = created_tournament_id(
        post_new_tournament(client, "Schweinchenabend", rules_preset="schweinchen")
    )
    paste_players(client, tid, "\n".join(player_names(4)))
    draw_round(client, tid, seed=5)
    round_action(client, tid, 1, "starten")
    return tid


def test_a_value_preview_makes_the_seats_labels_once(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    sign_in(app, client)
    tid = _running(client)
    info = table_info(app, tid, 4)
    page = client.get(info["url"]).get_data(as_text=True)
    fields = dict(form_on(page, info["url"] + "spiel", info["url"]).fields)
    a, b = info["keys"][:2]
    typed = {"kind": "normal", "re": [a, b], "eyes": "130"}
    _count_lookups(monkeypatch)
    preview = client.post(
        info["url"] + "vorschau", data={**fields, **typed}, headers={"HX-Request": "true"}
    )
    assert preview.status_code == 200
    assert info["names"][0] in preview.get_data(as_text=True)
    assert _CountedLabels.looked_up == 4  # one lookup a seat: the labels made once


def test_the_seats_labels_follow_a_change_within_the_request(
    app: Flask, client: FlaskClient
) -> None:
    sign_in(app, client)
    tid = _running(client)
    number = table_info(app, tid, 4)["number"]
    with app.test_request_context("/"):
        table = db.session.execute(
            db.select(RoundTable).where(RoundTable.number == number)
        ).scalar_one()
        before = list_store.names_of(table)
        assert list_store.names_of(table) is before
        first = table.seats[0].registration
        first.player.name = "Zora Zander"
        names.forget(tid)  # as a change of the registrations does
        assert list_store.names_of(table)[str(first.start_number)] == "Zora Zander"
        seats = list(table.seats)
        table.seats[:] = [seats[1], seats[0], *seats[2:]]
        assert list(list_store.names_of(table)) == [
            str(s.registration.start_number) for s in table.seats
        ]
        db.session.rollback()
