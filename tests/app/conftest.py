"""Fixtures of the web-app tests in this folder."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support import apps
from tests.support.webapp import (
    create_tournament,
    draw_round,
    paste_players,
    player_names,
    round_action,
    sign_in,
)


@pytest.fixture
def copied_day(
    request: pytest.FixtureRequest,
    backend: str,
    app: Flask,
    client: FlaskClient,
    tmp_path_factory: pytest.TempPathFactory,
) -> apps.CopiedDay:
    """A day built once per database, key and worker and copied for each test that asks for
    it (``tests/support/apps.py``)."""
    return apps.CopiedDay(request, backend, app, client, tmp_path_factory)


@pytest.fixture
def running(app: Flask, client: FlaskClient, copied_day: apps.CopiedDay) -> dict[str, Any]:
    """Nine players: one table of four and one of five; round 1 started; ``client`` signed in
    as the Turnierleitung. Built once per database and worker, then copied for each test."""

    def build() -> dict[str, Any]:
        sign_in(app, client)
        tid = create_tournament(client)
        text = "\n".join(f"{name}; Verein {i % 3}" for i, name in enumerate(player_names(9)))
        paste_players(client, tid, text)
        draw_round(client, tid, seed=5)
        round_action(client, tid, 1, "starten")
        return {"tid": tid}

    return dict(copied_day("running", build))
