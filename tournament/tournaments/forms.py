"""Forms of the tournament data, and the version every form that changes a tournament carries."""

from __future__ import annotations

from wtforms import DateField, HiddenField, IntegerField, StringField, SubmitField
from wtforms.validators import DataRequired, InputRequired, NumberRange

from tournament.models import TEXT_LENGTH
from tournament.web.forms import Form, at_most, strip, whole_number

MAX_ROUNDS = 20


def page_version(value: object) -> int:
    """The tournament version a page showed; -1 (never current) if it cannot be read."""
    number = whole_number(value)
    return -1 if number is None else number


class VersionedForm(Form):
    """A form that changes a tournament carries the version its page showed."""

    version = HiddenField(validators=[InputRequired()])

    def version_number(self) -> int:
        return page_version(self.version.data)


class TournamentForm(Form):
    name = StringField(
        "Name des Turniers",
        filters=[strip],
        validators=[
            DataRequired("Bitte einen Namen eingeben."),
            at_most(TEXT_LENGTH),
        ],
    )
    date = DateField("Datum", validators=[InputRequired("Bitte ein Datum eingeben.")])
    venue = StringField(
        "Ort",
        filters=[strip],
        validators=[at_most(TEXT_LENGTH)],
    )
    organiser = StringField(
        "Veranstalter",
        filters=[strip],
        validators=[at_most(TEXT_LENGTH)],
    )
    rounds_planned = IntegerField(
        "Geplante Runden",
        default=3,
        validators=[
            InputRequired("Bitte die Zahl der Runden eingeben."),
            NumberRange(1, MAX_ROUNDS, f"Zwischen 1 und {MAX_ROUNDS} Runden."),
        ],
    )
    version = HiddenField()
    submit = SubmitField("Speichern")

    def version_number(self) -> int:
        return page_version(self.version.data)


class ActionForm(VersionedForm):
    """A button that changes the tournament (withdraw, start a round ...)."""

    submit = SubmitField("Ausführen")
