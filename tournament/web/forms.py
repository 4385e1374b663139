"""The base of every form (:class:`Form`), the bases of the forms that change a tournament
(:class:`VersionedForm`, :class:`ActionForm`), and the validators and filters the features'
forms share. Each feature keeps its forms beside its routes (``forms.py``)."""

from __future__ import annotations

import json
from typing import Any

from flask_wtf import FlaskForm
from werkzeug.exceptions import BadRequest
from wtforms import BooleanField, Field, HiddenField, IntegerField, RadioField, SubmitField
from wtforms.fields.choices import SelectChoice
from wtforms.fields.core import UnboundField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, StopValidation

from tournament.models import DrawMethod
from tournament.texts.errors import ErrorPage, error_text
from tournament.web.widgets import faster

NUL_MESSAGE = "Enthält ein unzulässiges Steuerzeichen."

#: The largest whole number the database stores (PostgreSQL's ``integer``).
MAX_INTEGER = 2**31 - 1
#: How deeply a JSON value a page sent back may nest (the app's own: one level).
MAX_JSON_DEPTH = 8


class DamagedForm(BadRequest):
    """A field the page itself filled in (a hidden field) came back unreadable: the form was
    altered or cut short on its way. Shown as a 400 page that asks to reload."""

    description = error_text(ErrorPage.DAMAGED_FORM)


class BoundedIntegerField(IntegerField):
    """A whole number within its ``NumberRange``, or without one within what the database
    stores (PostgreSQL's ``integer``).

    A number out of range is refused next to the field before any other validator sees it
    (WTForms' ``NumberRange`` itself fails on numbers too large for a float).
    """

    data: int | None

    def pre_validate(self, form: Any) -> None:
        super().pre_validate(form)
        low, high, message = self.bounds()
        if isinstance(self.data, int) and not low <= self.data <= high:
            self.data = None
            raise StopValidation(message)

    def bounds(self) -> tuple[int, int, str]:
        """The lowest and highest number allowed, and the message for one beyond them."""
        low, high, message = -MAX_INTEGER, MAX_INTEGER, None
        for validator in self.validators:
            if isinstance(validator, NumberRange):
                low = low if validator.min is None else int(validator.min)
                high = high if validator.max is None else int(validator.max)
                message = validator.message
        return low, high, str(message or f"Eine Zahl von {low} bis {high}.")


class Form(FlaskForm):
    """A CSRF-protected form whose built-in validation messages are German.

    A NUL character is refused in every text field: nobody types it, and PostgreSQL cannot
    store it.
    """

    class Meta:
        locales = ("de_DE", "de")

        def bind_field(self, form: Any, unbound_field: UnboundField, options: Any) -> Field:
            """Every ``IntegerField`` of a form is bounded (:class:`BoundedIntegerField`);
            every input writes its attributes faster (:mod:`tournament.web.widgets`)."""
            if unbound_field.field_class is IntegerField:
                unbound_field = UnboundField(
                    BoundedIntegerField,
                    *unbound_field.args,
                    name=unbound_field.name,
                    **unbound_field.kwargs,
                )
            field: Field = unbound_field.bind(form=form, **options)
            field.widget = faster(field.widget)
            option_widget = getattr(field, "option_widget", None)
            if option_widget is not None:
                field.option_widget = faster(option_widget)
            return field

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


def page_json(text: str | None) -> Any:
    """The JSON value a page put into a hidden field; :class:`DamagedForm` if it is not one.

    The nesting is bounded before parsing (counting brackets, also those within strings: the
    app's own values hold numbers): a deeply nested value would exhaust Python's stack.
    """
    text = text or ""
    depth = 0
    for char in text:
        if char in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise DamagedForm()
        elif char in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise DamagedForm() from error


def strip(value: Any) -> Any:
    """Filter: surrounding spaces are typos, never meant."""
    return value.strip() if isinstance(value, str) else value


def page_version(value: object) -> int:
    """The tournament version a page showed; -1 (never current) if it cannot be read."""
    number = whole_number(value)
    return -1 if number is None else number


class VersionedForm(Form):
    """A form that changes a tournament carries the version its page showed."""

    version = HiddenField(validators=[InputRequired()])

    def version_number(self) -> int:
        return page_version(self.version.data)


class ActionForm(VersionedForm):
    """A button that changes the tournament (withdraw, start a round ...)."""

    submit = SubmitField("Ausführen")


class DrawForm(VersionedForm):
    """The draw of the next round: on the tournament's page, sent to the round's draw."""

    method = RadioField(
        "Verfahren",
        choices=[SelectChoice(m.value, m.label) for m in DrawMethod],
        default=DrawMethod.RANDOM.value,
        validators=[InputRequired("Bitte ein Verfahren wählen.")],
    )
    seed = IntegerField(
        "Startwert (leer: zufällig)",
        validators=[Optional(), NumberRange(0, 10**12, "Ein Startwert von 0 bis 10¹².")],
    )
    separate_clubs = BooleanField("Spieler eines Vereins möglichst trennen")
    submit = SubmitField("Runde auslosen")
