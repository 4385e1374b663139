"""WTForms forms, one module per area; every form derives from :class:`Form`."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm


class Form(FlaskForm):
    """A CSRF-protected form whose built-in validation messages are German."""

    class Meta:
        locales = ("de_DE", "de")


def strip(value: Any) -> Any:
    """Filter: surrounding spaces are typos, never meant."""
    return value.strip() if isinstance(value, str) else value
