"""The form of a round's redraw (its draw: :class:`tournament.web.forms.DrawForm`)."""

from __future__ import annotations

from wtforms import IntegerField, SubmitField
from wtforms.validators import NumberRange, Optional

from tournament.web.forms import VersionedForm


class RedrawForm(VersionedForm):
    seed = IntegerField(
        "Neuer Startwert (leer: zufällig)",
        validators=[Optional(), NumberRange(0, 10**12, "Ein Startwert von 0 bis 10¹².")],
    )
    submit = SubmitField("Neu auslosen")
