"""The club evening's quick start form (``domain.club_evenings``)."""

from __future__ import annotations

from typing import Any

from wtforms import StringField, SubmitField
from wtforms.validators import DataRequired, ValidationError

from tournament.models import TEXT_LENGTH
from tournament.texts import club_evening as evening_words
from tournament.web.forms import at_most, strip
from tournament.web.rule_forms import RulesForm

#: The most characters a seat's line may have (name, club and DDV number).
SEAT_LENGTH = 300


def _one_line(form: Any, field: StringField) -> None:
    """A seat holds one player: no line break (a pasted list would read two)."""
    if field.data and ("\n" in field.data or "\r" in field.data):
        raise ValidationError(evening_words.SEAT_ONE_LINE)


def _seat(number: int) -> StringField:
    return StringField(
        evening_words.SEAT_LABEL.format(number=number),
        filters=[strip],
        validators=[at_most(SEAT_LENGTH), _one_line],
    )


class EveningForm(RulesForm):
    """A club evening's quick start (``domain.club_evenings``): its name, the rule set with the
    day's settings it needs (no time limit), the players one a seat in seat order (each seat
    suggests the known players, ``club_evenings.known_players``), and a Punktwert for the
    settlement (checked by ``settlement.parse_point_value``)."""

    name = StringField(
        evening_words.NAME_LABEL,
        filters=[strip],
        validators=[DataRequired("Bitte einen Namen eingeben."), at_most(TEXT_LENGTH)],
    )
    seat_1 = _seat(1)
    seat_2 = _seat(2)
    seat_3 = _seat(3)
    seat_4 = _seat(4)
    seat_5 = _seat(5)
    point_value = StringField(
        evening_words.POINT_VALUE_LABEL,
        filters=[strip],
        description=evening_words.POINT_VALUE_HINT,
        validators=[at_most(12)],
    )
    submit = SubmitField(evening_words.SUBMIT)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Why the players cannot sit as typed, shown below the seats.
        self.player_errors: list[str] = []

    @property
    def seats(self) -> list[StringField]:
        return [self.seat_1, self.seat_2, self.seat_3, self.seat_4, self.seat_5]

    @property
    def player_lines(self) -> str:
        """The seats in seat order, one line each (an empty seat an empty line), as a pasted
        list has them: a line's number is its seat's."""
        return "\n".join(seat.data or "" for seat in self.seats).rstrip("\n")

    def validate(self, extra_validators: Any = None) -> bool:
        valid = super().validate(extra_validators)
        if not self.player_lines.strip():
            self.player_errors.append(evening_words.NO_PLAYERS)
            return False
        return valid
