"""The stylesheet and the scripts: kept by the browsers under a hash of their content
(``tournament/web/static_files.py``), asked for again once they change."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask, url_for
from flask.testing import FlaskClient

from tests.support.webapp import set_up
from tournament.web.static_files import version

KEPT = "public, max-age=31536000, immutable"


def _static_urls(page: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


def test_every_page_names_its_stylesheet_scripts_and_icon_with_their_hash(
    client: FlaskClient,
) -> None:
    set_up(client)
    urls = _static_urls(client.get("/anmelden").get_data(as_text=True))
    assert {url.split("?")[0] for url in urls} == {
        "/static/style.css",
        "/static/vendor/htmx/htmx.min.js",
        "/static/icon.svg",
        "/static/app.js",
    }
    for url in urls:
        assert re.fullmatch(r"/static/[\w/.]+\?v=[0-9a-f]{12}", url), url
        response = client.get(url)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == KEPT


def test_a_static_file_without_its_current_hash_is_asked_for_again(
    client: FlaskClient,
) -> None:
    for url in ("/static/style.css", "/static/style.css?v=000000000000"):
        response = client.get(url)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "no-cache"
    assert client.get("/static/fehlt.css?v=000000000000").status_code == 404


def test_a_changed_file_gets_a_new_url(app: Flask, tmp_path: Path) -> None:
    app.static_folder = str(tmp_path)
    sheet = tmp_path / "style.css"
    sheet.write_text("body { color: black; }\n", encoding="utf-8")
    with app.test_request_context():
        before = url_for("static", filename="style.css")
        assert url_for("static", filename="style.css") == before
        sheet.write_text("body { color: navy; }\n", encoding="utf-8")
        after = url_for("static", filename="style.css")
    assert after != before
    (tmp_path.parent / "outside.css").write_text("body {}\n", encoding="utf-8")
    assert version(app, "../outside.css") is None  # nothing outside the folder
    client = app.test_client()
    assert client.get(after).headers["Cache-Control"] == KEPT
    assert client.get(before).headers["Cache-Control"] == "no-cache"
