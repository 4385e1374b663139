"""Fixtures of the web-app tests in this folder."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import Cookie

from tests.support import apps
from tests.support.webapp import (
    create_tournament,
    draw_round,
    paste_players,
    player_names,
    round_action,
    sign_in,
)

#: The day of ``running`` on each database, built by the first test that asks for it in this
#: process (this xdist worker), with the signed-in client's cookies and the tournament's id.
_RUNNING: dict[str, tuple[apps.Saved, list[Cookie], int]] = {}


@pytest.fixture
def running(
    request: pytest.FixtureRequest,
    backend: str,
    app: Flask,
    client: FlaskClient,
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, Any]:
    """Nine players: one table of four and one of five; round 1 started; ``client`` signed in
    as the Turnierleitung. Built once per database and worker, then copied for each test (as
    the migrated database is, ``tests/support/apps.py``)."""
    saved = _RUNNING.get(backend)
    if saved is not None:
        day, cookies, tid = saved
        apps.restore(request, app, day)
        for cookie in cookies:
            client.set_cookie(
                cookie.key,
                cookie.value,
                domain=cookie.domain,
                origin_only=cookie.origin_only,
                path=cookie.path,
            )
        return {"tid": tid}
    sign_in(app, client)
    tid = create_tournament(client)
    text = "\n".join(f"{name}; Verein {i % 3}" for i, name in enumerate(player_names(9)))
    paste_players(client, tid, text)
    draw_round(client, tid, seed=5)
    round_action(client, tid, 1, "starten")
    cookies = list((client._cookies or {}).values())
    folder = tmp_path_factory.mktemp("running")
    _RUNNING[backend] = (apps.save(request, app, backend, folder), cookies, tid)
    return {"tid": tid}
