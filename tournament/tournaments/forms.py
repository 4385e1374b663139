"""The form of the tournament data."""

from __future__ import annotations

from wtforms import (
    DateField,
    HiddenField,
    IntegerField,
    StringField,
    SubmitField,
)
from wtforms.validators import DataRequired, InputRequired, NumberRange

from tournament.models import TEXT_LENGTH
from tournament.web.forms import at_most, page_version, strip
from tournament.web.rule_forms import RulesForm

MAX_ROUNDS = 20


class TournamentForm(RulesForm):
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
