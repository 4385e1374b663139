"""Forms of the draw of a round and its redraw."""

from __future__ import annotations

from wtforms import BooleanField, IntegerField, RadioField, SubmitField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional

from tournament.models import DrawMethod
from tournament.tournaments.forms import VersionedForm


class DrawForm(VersionedForm):
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


class RedrawForm(VersionedForm):
    seed = IntegerField(
        "Neuer Startwert (leer: zufällig)",
        validators=[Optional(), NumberRange(0, 10**12, "Ein Startwert von 0 bis 10¹².")],
    )
    submit = SubmitField("Neu auslosen")
