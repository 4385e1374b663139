"""WTForms forms, one module per area; every form derives from :class:`Form`."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm

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


def strip(value: Any) -> Any:
    """Filter: surrounding spaces are typos, never meant."""
    return value.strip() if isinstance(value, str) else value
