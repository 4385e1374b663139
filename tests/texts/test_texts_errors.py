"""The error pages' German texts (tournament/texts/errors.py): one per code, each shown."""

from __future__ import annotations

import pytest
from flask import Flask

from tournament.texts.errors import GERMAN_ERRORS, HTTP_ERRORS, ErrorPage, error_text
from tournament.web.error_pages import error_page


def test_every_error_page_has_its_german_text() -> None:
    assert set(GERMAN_ERRORS) == set(ErrorPage)
    assert all(text.strip() and text.endswith(".") for text in GERMAN_ERRORS.values())
    assert set(HTTP_ERRORS.values()) <= set(ErrorPage)


@pytest.mark.sqlite_only
@pytest.mark.parametrize("code", list(ErrorPage))
def test_every_error_text_is_shown(app: Flask, code: ErrorPage) -> None:
    with app.test_request_context("/"):
        response = app.make_response(error_page(400, error_text(code)))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Fehler 400" in page
    assert error_text(code) in page
