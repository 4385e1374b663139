"""The base of every form (:class:`Form`), and the validators and filters the features' forms
share. Each feature keeps its forms beside its routes (``forms.py``)."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms.validators import Length

NUL_MESSAGE = "Enthält ein unzulässiges Steuerzeichen."


class Form(FlaskForm):
    """A CSRF-protected form whose built-in validation messages are German.

    A NUL character is refused in every text field: nobody types it, and PostgreSQL cannot
    store it.
    """

    class Meta:
        locales = ("de_DE", "de")

    nul_message = NUL_MESSAGE

    def validate(self, extra_validators: Any = None) -> bool:
        valid: bool = super().validate(extra_validators)
        for field in self:
            if isinstance(field.data, str) and "\x00" in field.data:
                field.errors = [*field.errors, self.nul_message]
                valid = False
        return valid


def at_most(length: int) -> Length:
    """Validator: at most ``length`` characters, said in German."""
    return Length(max=length, message=f"Höchstens {length} Zeichen.")


def whole_number(value: Any, limit: int = 10**9) -> int | None:
    """A plain decimal number below ``limit`` from a form or query value, else None.

    ``str.isdigit`` alone is not enough: it accepts "²" and 5,000-digit numbers."""
    text = str(value) if value is not None else ""
    if text.isascii() and text.isdigit() and len(text) <= len(str(limit)):
        number = int(text)
        return number if number < limit else None
    return None


def strip(value: Any) -> Any:
    """Filter: surrounding spaces are typos, never meant."""
    return value.strip() if isinstance(value, str) else value
