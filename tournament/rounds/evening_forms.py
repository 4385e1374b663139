"""The club evening's quick start form (``domain.club_evenings``)."""

from __future__ import annotations

from wtforms import StringField, SubmitField, TextAreaField
from wtforms.validators import DataRequired

from tournament.models import TEXT_LENGTH
from tournament.texts import club_evening as evening_words
from tournament.web.forms import at_most, strip
from tournament.web.rule_forms import RulesForm

#: The most characters the evening's player lines may have (five names and clubs, spaces).
PLAYER_LINES_LENGTH = 2000


class EveningForm(RulesForm):
    """A club evening's quick start (``domain.club_evenings``): its name, the rule set with the
    day's settings it needs (no time limit), the players one a line in seat order, and a
    Punktwert for the settlement (checked by ``settlement.parse_point_value``)."""

    name = StringField(
        evening_words.NAME_LABEL,
        filters=[strip],
        validators=[DataRequired("Bitte einen Namen eingeben."), at_most(TEXT_LENGTH)],
    )
    players = TextAreaField(
        evening_words.PLAYERS_LABEL,
        description=evening_words.PLAYERS_HINT,
        validators=[
            DataRequired(evening_words.NO_PLAYERS),
            at_most(PLAYER_LINES_LENGTH),
        ],
    )
    point_value = StringField(
        evening_words.POINT_VALUE_LABEL,
        filters=[strip],
        description=evening_words.POINT_VALUE_HINT,
        validators=[at_most(12)],
    )
    submit = SubmitField(evening_words.SUBMIT)
